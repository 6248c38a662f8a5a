"""COLORSE through the fake Discord: a 3-player game to the end; no public message shows a sign before the reveal."""
from tests.e2e.conftest import Harness
from tests.e2e.drive import play_out
from tests.e2e.test_deep_dive import button, open_table

SIGN_WORDS = ["ドー", "ゾーフ", "ラウ", "Doh", "Zorf", "Rau", "sign=doh", "sign=zorf", "sign=rau"]


def public_text(h: Harness, thread) -> str:
    return "\n".join(m.text() + str(m.components) for m in h.fake.channel_messages(thread))


async def test_a_three_player_game_and_secret_signs(harness: Harness):
    h = harness
    table, board = await open_table(h, "colorse", h.bob, h.carol)
    thread = board.channel
    users = {0: h.alice, 1: h.bob, 2: h.carol}
    # play the starting decisions until the first duel
    from tests.e2e.drive import move
    import random
    rng = random.Random(4)
    while table.state.phase != "sign":
        seat = table.state.to_act()[0]
        await h.fake.wait_for(lambda: f":{table.version}:" in str(board.components))
        await move(h.fake, table, board, users[seat], rng)
    parent, child = table.state.parent, table.state.child
    dms = await h.fake.wait_for(lambda: h.fake.dms(users[parent]) and h.fake.dms(users[child]), what="duel DMs")
    assert not h.fake.dms(users[parent])[-1].components
    # a bystander cannot open the sign prompt; the parent chooses in an ephemeral message
    bystander = next(s for s in users if s not in (parent, child))
    refused = await h.fake.press(users[bystander], board, custom_id=button(board, "u.sign")["custom_id"])
    assert refused.ephemeral and not refused.message.components
    prompt = await h.fake.press(users[parent], board, custom_id=button(board, "u.sign")["custom_id"])
    assert prompt.ephemeral and len(prompt.message.buttons()) == 3
    chosen = await h.fake.press(users[parent], prompt.message, custom_id=prompt.message.buttons()[1]["custom_id"])
    assert chosen.ephemeral and table.state.signs[0] == "zorf"
    await h.fake.wait_for(lambda: "✅" in board.text(), what="the table showing that the parent has chosen")
    # every public message, in every version sent so far, holds no sign
    for message in h.fake.channel_messages(thread):
        for version in message.versions:
            text = str(version)
            assert not any(word in text for word in SIGN_WORDS), "a sign leaked before the reveal"
    await play_out(h, table, board, users, seed=6)
    assert table.status == "finished" and table.state.result()["winners"]
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
