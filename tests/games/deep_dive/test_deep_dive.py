"""DEEP DIVE through the fake Discord: a solo game against the automaton and a 3-player game, to the end."""

from tests.support.drive import open_table, play_out
from tests.support.e2e import Harness


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
