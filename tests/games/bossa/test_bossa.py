"""BOSSa through the fake Discord: the dice, the high roller's private look (My view), the choice on the table,
then a game to the end."""

import re

from cogs.bossa import tile_text
from tests.support.drive import button, open_table, play_out
from tests.support.e2e import Harness

TILE = re.compile(r"w\d+b\d+")


async def test_a_two_player_game_with_the_private_peek(harness: Harness):
    h = harness
    table, board = await open_table(h, "bossa", h.bob)
    users = {0: h.alice, 1: h.bob}
    view = table.state.view(None)
    high = view["high_seat"]
    low = 1 - high
    assert view["dice"][high] > view["dice"][low] and all(hand is None for hand in view["hands"])
    hand = table.state.view(high)["hands"][high]
    assert hand and table.state.view(low)["hands"] == [None, None]

    # the high roller gets the hand by DM (no buttons) and can look at it privately from the table
    dm = await h.fake.wait_for(lambda: h.fake.dms(users[high]), what="the high roller's DM")
    assert not dm[-1].components
    peek = await h.fake.press(users[high], board, custom_id=button(board, "u.view")["custom_id"])
    assert peek.ephemeral and not peek.message.components  # a look: the choice is made on the table
    assert any(tile_text(hand[0], locale) in peek.message.text() for locale in ("ja", "en"))
    # the low roller sees no hand, and neither does the public message
    mine = await h.fake.press(users[low], board, custom_id=button(board, "u.view")["custom_id"])
    public_text = board.text() + str(board.components)
    assert not TILE.search(str(mine.message.components)) and not TILE.search(public_text)
    for tile in hand:
        for locale in ("ja", "en"):
            shown = tile_text(tile, locale)
            assert shown not in public_text and shown not in mine.message.text()
    assert table.state.view(None)["phase"] in ("choose", "choose_colour")
    # the choice is a button on the table: one press, answered by editing the table (one REST call)
    before = len(h.fake.calls)
    version = table.version
    chosen = await h.fake.press(users[high], board, custom_id=button(board, "a.choose,choice=first")["custom_id"])
    assert not chosen.ephemeral and chosen.type == 7 and table.version == version + 1
    await h.bot.get_cog("TableCog").refresher.flush()
    assert [c.key for c in h.fake.calls[before:] if c.method != "GET"] == [
        "POST /interactions/{webhook_id}/{webhook_token}/callback"
    ]

    await play_out(h, table, board, users, seed=3)
    assert table.status == "finished"
    assert all(hand is not None for hand in table.state.view(None)["hands"])  # revealed after the choice
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()
