"""DEEP DIVE through the fake Discord: a solo game against the automaton and a 3-player game, to the end."""

from tests.e2e.conftest import Harness
from tests.e2e.drive import play_out


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def open_table(h: Harness, game, *humans, ai=0, options=None):
    await h.fake.slash(h.alice, h.channel, "play", {"game": game})
    thread = h.fake.threads(h.channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    for user in humans:
        await h.fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
    for _ in range(ai):
        chooser = await h.fake.press(h.alice, board, custom_id=button(board, "u.ai_add")["custom_id"])
        if chooser.ephemeral:
            select = chooser.message.selects()[0]
            values = [option["value"] for option in select["options"]]
            level = "normal" if "normal" in values else values[-1]  # the searching level is tested on its own
            await h.fake.select(h.alice, chooser.message, select["custom_id"], [level])
    await h.fake.wait_for(lambda: len(h.service._tables) and True)
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    await h.fake.wait_for(lambda: len(table.seats) == 1 + len(humans) + ai, what="the seats")
    table.options.update(options or {})
    started = await h.fake.press(h.alice, board, custom_id=button(board, "u.start")["custom_id"])
    assert started.type == 7 and table.status == "running"
    return table, board


async def test_a_solo_dive_against_the_automaton(harness: Harness):
    h = harness
    table, board = await open_table(h, "deep_dive", options={"difficulty": "easy"})
    await play_out(h, table, board, {0: h.alice}, seed=1)
    assert table.status == "finished"
    events = [e["type"] for _seat, batch in table.recent for e in batch]
    log = await h.bot.storage.actions(table.id)
    kinds = {entry["action"]["type"] for entry in log}
    assert "flip" in kinds and kinds & {"keep", "deeper", "take"}
    assert events  # the automaton's and the diver's moves were shown
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
    await h.fake.wait_for(lambda: "u.rematch" in str(board.components), what="the finished board")


async def test_a_three_player_game_with_an_ai_seat(harness: Harness):
    h = harness
    table, board = await open_table(h, "deep_dive", h.bob, ai=1)
    await play_out(h, table, board, {0: h.alice, 1: h.bob}, seed=2)
    assert table.status == "finished"
    assert any(entry["source"] == "ai" for entry in await h.bot.storage.actions(table.id))
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
