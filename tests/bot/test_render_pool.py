"""The render pool: pictures are drawn in worker processes (not on the event loop), an unchanged picture is not drawn
again, and a worker that dies loses nothing."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from pathlib import Path

import discord
import pytest

import games
from bot.faces.blue_border.image import draw_board
from bot.render_pool import Picture, RenderPool, ready
from cogs.ui import TableMessage


def where_drawn(marker: str) -> bytes:
    """A 'drawing' that reports the process and thread it ran in."""
    return f"{os.getpid()}:{threading.get_ident()}:{marker}".encode()


def scheduling_policy() -> bytes:
    return str(os.sched_getscheduler(0)).encode()


def die_always() -> bytes:
    os._exit(9)


def fail(message: str) -> bytes:
    raise ValueError(message)


def big(size: int, blob: bytes = b"") -> bytes:
    """A picture larger than a socket's buffer, drawn from a request larger than one."""
    return (len(blob).to_bytes(8, "big") + bytes(range(256))) * (size // 264)


def die_once(flag: str) -> bytes:
    """Kills its worker the first time (as an out-of-memory kill would), draws the second time."""
    path = Path(flag)
    if not path.exists():
        path.write_text("died")
        os._exit(9)
    return b"drawn after a worker died"


@pytest.fixture
def pool():
    pool = RenderPool(workers=1, kind="process")
    yield pool
    pool.shutdown()


async def test_a_picture_is_drawn_in_a_worker_process_not_on_the_loop(pool):
    drawn = (await pool.draw(Picture(where_drawn, ("a",)))).decode()
    assert int(drawn.split(":")[0]) != os.getpid()


async def test_a_worker_takes_only_a_core_the_bots_threads_leave_free(pool):
    """SCHED_IDLE: the event loop or the storage thread, woken while a worker draws, runs at once instead of waiting
    for the worker's time slice (measured: 1.3-1.5 ms a commit with SCHED_BATCH)."""
    assert int(await pool.draw(Picture(scheduling_policy, ()))) == os.SCHED_IDLE
    assert os.sched_getscheduler(0) != os.SCHED_IDLE  # the bot itself keeps its normal policy


async def test_a_thread_pool_draws_off_the_loop_thread():
    pool = RenderPool(workers=1, kind="thread")
    try:
        drawn = (await pool.draw(Picture(where_drawn, ("a",)))).decode()
    finally:
        pool.shutdown()
    pid, thread, _ = drawn.split(":")
    assert int(pid) == os.getpid() and int(thread) != threading.get_ident()


async def test_the_same_input_is_drawn_once_and_a_change_is_drawn_again(pool):
    first = await pool.draw(Picture(where_drawn, ("a",)))
    again = await pool.draw(Picture(where_drawn, ("a",)))
    assert again == first and pool.drawn == 1 and pool.hits == 1
    await pool.draw(Picture(where_drawn, ("b",)))
    assert pool.drawn == 2


async def test_concurrent_requests_for_one_picture_share_one_drawing(pool):
    results = await asyncio.gather(*(pool.draw(Picture(where_drawn, ("same",))) for _ in range(5)))
    assert len(set(results)) == 1 and pool.drawn == 1 and pool.hits == 4


async def test_a_picture_started_ahead_is_drawn_once_and_shared_by_the_next_draw(pool):
    pool.start(Picture(where_drawn, ("ahead",)))
    drawn = await pool.draw(Picture(where_drawn, ("ahead",)))  # while the start's drawing is under way
    assert pool.drawn == 1 and pool.hits == 1
    assert await pool.draw(Picture(where_drawn, ("ahead",))) == drawn and pool.drawn == 1


async def test_a_picture_started_ahead_that_fails_is_only_logged(pool, caplog):
    with caplog.at_level(logging.INFO, logger="bot.render_pool"):
        pool.start(Picture(fail, ("ahead",)))
        for _ in range(300):  # until its drawing ends (a worker process may still be starting on a busy machine)
            if not pool._started:
                break
            await asyncio.sleep(0.05)
    assert "ahead failed" in caplog.text and not pool._started


async def test_a_dead_worker_is_replaced_and_the_picture_still_drawn(pool, tmp_path):
    image = await pool.draw(Picture(die_once, (str(tmp_path / "flag"),)))
    assert image == b"drawn after a worker died"
    assert pool.restarts == 1
    # the new pool works for the next picture too
    assert int((await pool.draw(Picture(where_drawn, ("next",)))).decode().split(":")[0]) != os.getpid()


def render_threads() -> set[str]:
    return {thread.name for thread in threading.enumerate()}


async def test_the_bots_process_runs_no_helper_thread_for_the_workers(pool):
    """The event loop writes requests and reads answers itself: no manager or queue-feeder thread competes with it
    for the interpreter lock."""
    before = render_threads()
    await asyncio.gather(*(pool.draw(Picture(where_drawn, (str(n),))) for n in range(6)))
    assert render_threads() == before


async def test_every_picture_waiting_on_a_dying_worker_is_drawn_again(tmp_path):
    """Pictures queued behind one that kills the worker (and the one in its socket) are all drawn, by its successor."""
    pool = RenderPool(workers=1, kind="process", depth=3)
    try:
        flag = str(tmp_path / "flag")
        images = await asyncio.gather(
            pool.draw(Picture(where_drawn, ("before",))),
            pool.draw(Picture(die_once, (flag,))),
            *(pool.draw(Picture(where_drawn, (str(n),))) for n in range(5)),
        )
    finally:
        pool.shutdown()
    assert images[1] == b"drawn after a worker died" and pool.restarts == 1
    assert [image.decode().split(":")[2] for image in images[2:]] == [str(n) for n in range(5)]


async def test_a_worker_killed_while_idle_is_replaced(pool):
    first = int((await pool.draw(Picture(where_drawn, ("a",)))).decode().split(":")[0])
    os.kill(first, 9)
    second = int((await pool.draw(Picture(where_drawn, ("b",)))).decode().split(":")[0])
    assert second not in (first, os.getpid()) and pool.restarts == 1


async def test_a_picture_that_kills_every_worker_is_drawn_in_a_thread_at_last(pool, monkeypatch):
    monkeypatch.setattr(os, "_exit", lambda code: (_ for _ in ()).throw(SystemExit(code)))  # here: no real exit
    with pytest.raises(SystemExit):  # drawn in a thread of this process, where it "exits" as it did in the workers
        await pool.draw(Picture(die_always))
    assert pool.restarts == 2
    assert int((await pool.draw(Picture(where_drawn, ("next",)))).decode().split(":")[0]) != os.getpid()


async def test_workers_that_cannot_start_are_not_restarted_forever(tmp_path, monkeypatch):
    """A worker that dies as it starts (a broken install) is replaced a few times, then pictures are drawn in threads;
    a dead worker with nothing to draw is not replaced until there is."""
    (tmp_path / "dies_on_import.py").write_text("import os\nos._exit(3)\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # spawned workers get this process's path
    pool = RenderPool(workers=1, kind="process")
    try:
        pool.warm(["dies_on_import"])
        await asyncio.sleep(1.5)  # the first worker is dead by now and nothing waits to be drawn
        assert pool.restarts <= 1
        images = await asyncio.gather(*(pool.draw(Picture(where_drawn, (str(n),))) for n in range(4)))
        assert {int(image.split(b":")[0]) for image in images} == {os.getpid()}
        assert pool.restarts <= 3 and pool.kind == "thread"
    finally:
        pool.shutdown()


async def test_a_drawing_that_raises_raises_to_its_caller_and_the_worker_stays(pool):
    with pytest.raises(ValueError, match="no such board"):
        await pool.draw(Picture(fail, ("no such board",)))
    assert (await pool.draw(Picture(where_drawn, ("after",)))).endswith(b"after") and pool.restarts == 0


async def test_pictures_and_requests_larger_than_a_socket_buffer_cross_whole(pool):
    images = await asyncio.gather(*(pool.draw(Picture(big, (3_000_000 + n, bytes(700_000)))) for n in range(3)))
    assert [image for image in images] == [big(3_000_000 + n, bytes(700_000)) for n in range(3)]


def test_one_pool_serves_one_event_loop_after_another():
    """Tests (and a restarted bot) run a new event loop; the workers answer it too."""
    pool = RenderPool(workers=1, kind="process")
    try:
        first = asyncio.run(pool.draw(Picture(where_drawn, ("one",))))
        second = asyncio.run(pool.draw(Picture(where_drawn, ("two",))))
    finally:
        pool.shutdown()
    assert first.split(b":")[0] == second.split(b":")[0] != str(os.getpid()).encode()


async def test_an_unchanged_board_is_not_drawn_again_and_matches_the_inline_drawing(pool):
    state = games.get("blue_border").new(3, {}, 7)
    view = state.view(None)
    board = TableMessage(discord.Embed(), image=Picture(draw_board, (view,)))
    assert board.pending_picture() is not None
    await ready(board, pool)
    assert board.pending_picture() is None and board.image == draw_board(view)
    again = await ready(TableMessage(discord.Embed(), image=Picture(draw_board, (state.view(None),))), pool)
    assert again.image == board.image and pool.drawn == 1 and pool.hits == 1


def test_reading_a_pending_image_draws_it_in_place():
    state = games.get("blue_border").new(3, {}, 7)
    board = TableMessage(discord.Embed(), image=Picture(draw_board, (state.view(None),)))
    assert board.image[:8] == b"\x89PNG\r\n\x1a\n" and board.pending_picture() is None


async def test_a_drawing_a_worker_cannot_import_is_drawn_in_a_thread(pool):
    def local(marker):  # not importable by name: it cannot be sent to a worker process
        return where_drawn(marker)

    drawn = (await pool.draw(Picture(local, ("x",)))).decode()
    assert int(drawn.split(":")[0]) == os.getpid()


def test_workers_leave_when_the_bots_process_is_killed(tmp_path):
    """A SIGKILLed bot leaves no render worker behind."""
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "host.py"
    script.write_text(
        "import asyncio, os, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})\n"
        "from bot.render_pool import Picture, RenderPool\n"
        "from tests.bot.test_render_pool import where_drawn\n"
        "async def main():\n"
        "    pool = RenderPool(workers=1)\n"
        "    print((await pool.draw(Picture(where_drawn, ('x',)))).decode().split(':')[0], flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    bot = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    worker = int(bot.stdout.readline())
    os.kill(bot.pid, signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and Path(f"/proc/{worker}").exists():
        time.sleep(0.2)
    assert not Path(f"/proc/{worker}").exists() or "Z" in Path(f"/proc/{worker}/stat").read_text().split()[2]


def test_workers_leave_when_the_pool_shuts_down():
    async def draw_and_stop() -> int:
        pool = RenderPool(workers=1, kind="process")
        worker = int((await pool.draw(Picture(where_drawn, ("x",)))).decode().split(":")[0])
        pool.shutdown()
        return worker

    import time

    worker = asyncio.run(draw_and_stop())
    deadline = time.monotonic() + 10
    while (
        time.monotonic() < deadline
        and Path(f"/proc/{worker}").exists()
        and "Z" not in Path(f"/proc/{worker}/stat").read_text().split()[2]
    ):
        time.sleep(0.1)
    assert not Path(f"/proc/{worker}").exists() or "Z" in Path(f"/proc/{worker}/stat").read_text().split()[2]
