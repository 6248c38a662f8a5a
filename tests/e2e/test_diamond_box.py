"""Diamond Box through the fake Discord: a 2-player game to the end, moves made through the chooser."""
from tests.e2e.conftest import Harness
from tests.e2e.drive import play_out
from tests.e2e.test_deep_dive import open_table


async def test_a_two_player_game_to_the_end(harness: Harness):
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    await play_out(h, table, board, {0: h.alice, 1: h.bob}, seed=8)
    assert table.status == "finished"
    log = await h.bot.storage.actions(table.id)
    assert {entry["source"] for entry in log} == {"user"} and all(e["action"]["type"] == "place" for e in log)
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
    await h.fake.wait_for(lambda: "u.rematch" in str(board.components), what="the finished board")
