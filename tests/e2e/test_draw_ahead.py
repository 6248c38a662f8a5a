"""A person's move is drawn while its commit waits on the disk, and shown only once the commit is done: the board's
picture is ready when the commit is, and nothing about the move reaches Discord before it is durable."""

import asyncio

from bot import render_pool
from tests.support.drive import open_table
from tests.support.e2e import Harness

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"


async def test_the_answer_s_picture_is_drawn_during_the_commit_and_sent_after_it(harness: Harness, monkeypatch):
    h = harness
    table, board = await open_table(h, "diamond_box", h.bob)
    users = {0: h.alice, 1: h.bob}
    cog = h.bot.get_cog("TableCog")
    await cog.refresher.flush()
    pool = render_pool.shared()
    drawn: list[str] = []
    real_draw = pool.draw

    async def watched_draw(picture):
        image = await real_draw(picture)
        drawn.append(picture.digest())
        return image

    monkeypatch.setattr(pool, "draw", watched_draw)
    storage = h.bot.storage
    real_record = storage.record_action
    committing, disk = asyncio.Event(), asyncio.Event()

    async def slow_record(*args, **kwargs):  # a disk that takes its time
        committing.set()
        await disk.wait()
        return await real_record(*args, **kwargs)

    monkeypatch.setattr(storage, "record_action", slow_record)
    version, before = table.version, len(h.fake.calls)
    select = board.selects()[0]
    press = asyncio.create_task(
        h.fake.select(users[table.state.to_act()[0]], board, select["custom_id"], [select["options"][0]["value"]])
    )
    await asyncio.wait_for(committing.wait(), 5)
    expected = cog.presenter("diamond_box").board_picture(table).digest()  # the state the commit records
    await h.fake.wait_for(lambda: expected in drawn, timeout=5, what="the new board drawn during the commit")
    await asyncio.sleep(0.1)
    assert not press.done()
    assert [c.key for c in h.fake.calls[before:] if c.method != "GET"] == []  # nothing sent before the commit
    assert f":{version}:" in str(board.components)
    disk.set()
    answer = await asyncio.wait_for(press, 5)
    assert answer.type == 7 and table.version == version + 1
    assert f":{table.id}:{table.version}:" in str(board.components)
    assert drawn.count(expected) == 2  # drawn ahead, then taken from the pool's cache by the answer
    assert board.attachments[0].data == await real_draw(cog.public_message(table).pending_picture())


async def pressed_with_made(h: Harness, game: str, between=None) -> tuple:
    """A move pressed on a new table of `game`, every public message made then noted (True: after its commit
    returned), and `between` (if given) called when storage tells that the commit waits on the disk; (made, the
    table, its cog, its message in the fake)."""
    table, board = await open_table(h, game, h.bob)
    cog = h.bot.get_cog("TableCog")
    await cog.refresher.flush()
    committed, made = [False], []
    real_public, real_record, real_committing = cog.public_message, h.bot.storage.record_action, cog.committing

    def public_message(t, locale=None):
        made.append(committed[0])
        return real_public(t, locale)

    async def record_action(*args, **kwargs):
        await real_record(*args, **kwargs)
        committed[0] = True

    def committing(t, source):
        real_committing(t, source)
        if between is not None:
            between(t)

    cog.public_message, h.bot.storage.record_action, cog.committing = public_message, record_action, committing
    try:
        users = {0: h.alice, 1: h.bob}
        select = board.selects()[0]
        await h.fake.select(users[table.state.to_act()[0]], board, select["custom_id"], [select["options"][0]["value"]])
        return made, table, cog, board
    finally:
        del cog.public_message, h.bot.storage.record_action, cog.committing


async def test_the_answer_s_message_is_made_while_its_commit_waits_on_the_disk(harness: Harness):
    """Storage tells the table cog when the commit waits on the disk; the answer's message is made then, once, and
    is the message the table would get after the commit."""
    cog = harness.bot.get_cog("TableCog")
    ahead = cog.refresher.made_ahead
    made, table, cog, board = await pressed_with_made(harness, "diamond_box")
    assert made == [False]  # made once, before the commit returned
    assert cog.refresher.made_ahead == ahead + 1
    assert f":{table.id}:{table.version}:" in str(board.components)
    now = cog.public_message(table)
    assert (board.embeds[0]["title"], board.embeds[0]["description"]) == (now.embed.title, now.embed.description)
    assert {c["custom_id"] for c in board.all_components() if "custom_id" in c} == {i.custom_id for i in now.items}
    assert board.attachments[0].data == await render_pool.shared().draw(now.pending_picture())


async def test_a_message_made_ahead_is_made_again_when_something_else_changed_the_table(harness: Harness):
    """A change of the table's message besides the move (a notice, a closed DM noted) while the commit waits: the
    message made ahead is not sent, the table is drawn again after the commit."""
    cog = harness.bot.get_cog("TableCog")
    ahead = cog.refresher.made_ahead

    def a_notice(table):
        table.revision += 1  # what cogs/notices.py does when the board notes something new

    made, table, cog, board = await pressed_with_made(harness, "diamond_box", between=a_notice)
    assert made[:2] == [False, True]  # made ahead, then made again after the commit
    assert cog.refresher.made_ahead == ahead
    assert f":{table.id}:{table.version}:" in str(board.components)
