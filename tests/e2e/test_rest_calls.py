"""REST calls per accepted action for the games whose moves need a choice (Diamond Box, BOSSa, COLORSE): a person
pressing what the table message offers plays one move per press, and the press's own answer edits the table, so a
move costs one REST call (at most 1.1 per accepted action)."""

import random

import pytest

from tests.support.drive import move, open_table
from tests.support.e2e import Harness

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"


@pytest.mark.parametrize("game", ["diamond_box", "bossa", "colorse"])
async def test_one_press_and_one_rest_call_per_move(harness: Harness, game: str):
    h = harness
    others = (h.bob, h.carol) if game == "colorse" else (h.bob,)
    table, board = await open_table(h, game, *others)
    users = dict(enumerate((h.alice, *others)))
    cog = h.bot.get_cog("TableCog")
    refresher = cog.refresher
    await refresher.flush()
    if game == "bossa":  # the high roller's peek DM is the start's, not a move's; it is sent after the answer
        await h.fake.wait_for(lambda: any(c.route == "/users/@me/channels" for c in h.fake.calls), what="the peek DM")
    await h.fake.wait_for(lambda: not cog._background, what="the start's DMs")
    await h.fake.wait_for(lambda: f":{table.id}:{table.version}:" in str(board.components), what="the first board")
    rng = random.Random(game)
    before, moves = len(h.fake.calls), 0
    while moves < 20 and table.status == "running":
        seat = rng.choice(table.state.to_act())
        version = table.version
        await move(h.fake, table, board, users[seat], rng)
        moves += table.version > version
    await refresher.flush()
    calls = [c for c in h.fake.calls[before:] if c.method != "GET"]
    presses = sum(c.key == CALLBACK for c in calls)  # every press is answered once
    assert moves >= 10
    assert len(calls) / moves <= 1.1, sorted(c.key for c in calls)
    assert presses / moves <= 1.1  # the move itself is on the first screen: no chooser to open or page through


async def test_a_slow_answer_is_not_doubled_by_the_bot_s_own_edit(harness: Harness, monkeypatch):
    """The answer to a press on the table edits the table; when drawing and sending it outlasts the refresher's delay
    (0.05 s here), the refresher must not edit the table for the same change meanwhile: still one REST call."""
    import asyncio

    from bot.render_pool import ready

    async def slow_ready(board):
        await asyncio.sleep(0.3)
        return await ready(board)

    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    users = {0: h.alice, 1: h.bob}
    cog = h.bot.get_cog("TableCog")
    refresher = cog.refresher
    await refresher.flush()
    monkeypatch.setitem(type(refresher).write.__globals__, "ready", slow_ready)  # the module the bot loaded
    before, version = len(h.fake.calls), table.version
    select = board.selects()[0]
    answer = await h.fake.select(
        users[table.state.to_act()[0]], board, select["custom_id"], [select["options"][0]["value"]]
    )
    assert answer.type == 7 and table.version == version + 1
    await asyncio.sleep(0.1)
    await refresher.flush()
    assert [c.key for c in h.fake.calls[before:] if c.method != "GET"] == [CALLBACK]
    assert f":{table.id}:{table.version}:" in str(board.components)
