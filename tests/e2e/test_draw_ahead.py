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
    assert f":{table.version}:" in str(board.components)
    assert drawn.count(expected) == 2  # drawn ahead, then taken from the pool's cache by the answer
    assert board.attachments[0].data == await real_draw(cog.public_message(table).pending_picture())
