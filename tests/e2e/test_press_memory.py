"""A handled press leaves no reference cycle behind: the interaction, the view discord.py rebuilt from the message,
and the board's own view are freed by reference counting when the press ends, not by a garbage collection that
walks the whole heap (the event loop's longest pauses under load)."""

import gc
import random

import discord

from cogs.ui import TableButton, TableSelect
from tests.support.drive import move, open_table
from tests.support.e2e import Harness

PRESS_TYPES = (discord.Interaction, discord.ui.View, TableButton, TableSelect, discord.Message)


def cyclic_garbage() -> list[str]:
    """Names of the press's objects that only the cycle collector would free."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return sorted({type(thing).__name__ for thing in gc.garbage if isinstance(thing, PRESS_TYPES)})
    finally:
        gc.garbage.clear()
        gc.set_debug(0)


async def test_moves_on_the_table_message_leave_no_cycles(harness: Harness):
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)  # a select (placements) and buttons
    users = {0: h.alice, 1: h.bob}
    rng = random.Random(3)
    await h.bot.get_cog("TableCog").refresher.flush()
    gc.collect()
    gc.disable()
    try:
        version = table.version
        for _ in range(4):
            assert await move(h.fake, table, board, users[table.state.to_act()[0]], rng)
        await h.bot.get_cog("TableCog").refresher.flush()
        assert table.version >= version + 4
        assert cyclic_garbage() == []
    finally:
        gc.enable()


async def test_messages_the_bot_sends_and_edits_are_not_kept(harness: Harness):
    """discord.py's message cache stays empty: the table message's every edit (and its components) would otherwise
    stay alive for the collector to walk, and be copied and parsed again at the next edit."""
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    users = {0: h.alice, 1: h.bob}
    rng = random.Random(5)
    for _ in range(3):
        assert await move(h.fake, table, board, users[table.state.to_act()[0]], rng)
    await h.bot.get_cog("TableCog").refresher.flush()
    gc.collect()
    alive = [m for m in gc.get_objects() if isinstance(m, discord.Message) and m.id == table.message_id]
    assert list(h.bot.cached_messages) == [] and alive == []
