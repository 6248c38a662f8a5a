"""COLORSE through the fake Discord: a 3-player game to the end; signs are picked secretly in a select on the table,
and no public message shows a sign before the reveal."""

import json

from bot.faces.text import seat_name
from bot.i18n import t
from tests.fakediscord.models import walk_components
from tests.support.drive import open_table, play_out
from tests.support.e2e import Harness

SIGN_WORDS = ["ドー", "ゾーフ", "ラウ", "Doh", "Zorf", "Rau", "sign=doh", "sign=zorf", "sign=rau"]


async def test_a_three_player_game_and_secret_signs(harness: Harness):
    h = harness
    table, board = await open_table(h, "colorse", h.bob, h.carol)
    thread = board.channel
    users = {0: h.alice, 1: h.bob, 2: h.carol}
    # play the starting decisions until the first duel
    import random

    from tests.support.drive import move

    rng = random.Random(4)
    while table.state.phase != "sign":
        seat = table.state.to_act()[0]
        await h.fake.wait_for(lambda: f":{table.id}:{table.version}:" in str(board.components))
        await move(h.fake, table, board, users[seat], rng)
    parent, child = table.state.parent, table.state.child
    # a bystander's pick is refused privately; the parent's pick is secret and edits the table (one REST call)
    bystander = next(s for s in users if s not in (parent, child))
    select = board.selects()[0]
    assert [o["value"] for o in select["options"]] == ["sign,sign=doh", "sign,sign=zorf", "sign,sign=rau"]
    refused = await h.fake.select(users[bystander], board, select["custom_id"], ["sign,sign=doh"])
    assert refused.ephemeral and not refused.message.components and table.state.signs == [None, None]
    before = len(h.fake.calls)
    chosen = await h.fake.select(users[parent], board, select["custom_id"], ["sign,sign=zorf"])
    assert not chosen.ephemeral and chosen.type == 7 and table.state.signs[0] == "zorf"
    # the table shows that only the child is still choosing (the picture marks who has chosen), not what
    assert t("colorse_table.line.sign_one", table.locale, seat=seat_name(table, child, table.locale)) in board.text()
    await h.bot.get_cog("TableCog").refresher.flush()
    assert len([c for c in h.fake.calls[before:] if c.method != "GET"]) == 1
    again = await h.fake.select(users[parent], board, board.selects()[0]["custom_id"], ["sign,sign=rau"])
    assert again.ephemeral and table.state.signs[0] == "zorf"  # a second pick is refused, privately
    # every public message, in every version sent so far, says no sign in its text, and every sign select offers
    # the same three options with none marked: what was picked shows nowhere
    for message in h.fake.channel_messages(thread):
        for version in message.versions:
            text = json.dumps([version["content"], version["embeds"], version["attachments"]], ensure_ascii=False)
            for locale in ("en", "ja"):  # the line saying which sign beats which names them all, whatever was picked
                text = text.replace(t("colorse_table.line.signs_legend", locale), "")
            assert not any(word in text for word in SIGN_WORDS), "a sign leaked before the reveal"
            for component in walk_components(version["components"]):
                assert not any(word in component.get("custom_id", "") for word in SIGN_WORDS)
                if component.get("type") == 3 and component["options"][0]["value"].startswith("sign,"):
                    assert [o["value"] for o in component["options"]] == [o["value"] for o in select["options"]]
                    assert not any(o.get("default") for o in component["options"])
    await play_out(h, table, board, users, seed=6)
    assert table.status == "finished" and table.state.result()["winners"]
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
