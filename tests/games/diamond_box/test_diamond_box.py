"""Diamond Box through the fake Discord: a 2-player game to the end, moves made through the chooser."""

from tests.support.drive import button, open_table, play_out
from tests.support.e2e import Harness


async def test_a_two_player_game_to_the_end(harness: Harness):
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    await play_out(h, table, board, {0: h.alice, 1: h.bob}, seed=8)
    assert table.status == "finished"
    log = await h.bot.storage.actions(table.id)
    assert {entry["source"] for entry in log} == {"user"} and all(e["action"]["type"] == "place" for e in log)
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
    await h.fake.wait_for(lambda: "u.rematch" in str(board.components), what="the finished board")


async def test_the_picture_chooser_numbers_as_the_table_and_plays_from_any_page(harness: Harness):
    """ "See placements" opens, privately, every card's placements ranked as on the table's select (#1 is the
    table's first option), drawn; the card filter and the pages are edits of that message; a pick from it plays the
    move (the table is then edited by the bot), and a pick from the same, now stale, chooser is refused privately."""
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    users = {0: h.alice, 1: h.bob}
    mover = users[table.state.to_act()[0]]
    first_on_table = board.selects()[0]["options"][0]
    chooser = await h.fake.press(mover, board, custom_id=button(board, "u.move")["custom_id"])
    assert chooser.ephemeral and chooser.message.attachments and chooser.message.selects()
    picks = chooser.message.selects()[0]
    assert picks["options"][0]["value"] == first_on_table["value"] and picks["options"][0]["label"].startswith("#1 ")
    cards = chooser.message.select_menu(prefix=f"bs:{table.id}:{table.version}:u.card")
    filtered = await h.fake.select(mover, chooser.message, cards["custom_id"], [cards["options"][1]["value"]])
    assert filtered.type == 7 and filtered.message.id == chooser.message.id
    version = table.version
    option = filtered.message.selects()[0]["options"][-1]
    played = await h.fake.select(mover, filtered.message, filtered.message.selects()[0]["custom_id"], [option["value"]])
    assert played.ephemeral and table.version == version + 1
    await h.fake.wait_for(
        lambda: f":{table.id}:{table.version}:" in str(board.components), what="the table edited by the bot"
    )
    assert not played.message.components  # the chooser says "done" and offers nothing stale


async def test_a_move_played_from_the_chooser_shows_on_the_table_at_once(harness: Harness):
    """The table message shows a person's move made in a private chooser as soon as the press is answered, not
    after the delay that coalesces the bot's own edits (AI moves, timers)."""
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    h.bot.get_cog("TableCog").refresher.delay = 60.0  # the bot's own edits would wait a minute
    mover = {0: h.alice, 1: h.bob}[table.state.to_act()[0]]
    chooser = await h.fake.press(mover, board, custom_id=button(board, "u.move")["custom_id"])
    picks = chooser.message.selects()[0]
    played = await h.fake.select(mover, chooser.message, picks["custom_id"], [picks["options"][0]["value"]])
    assert played.ephemeral
    shows = f":{table.id}:{table.version}:"
    await h.fake.wait_for(lambda: shows in str(board.components), timeout=5, what="the table edited at once")
