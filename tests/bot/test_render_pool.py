"""The render pool: pictures are drawn in worker processes (not on the event loop), an unchanged picture is not drawn
again, and a worker that dies loses nothing."""
from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import discord
import pytest

from bot.render_pool import Picture, RenderPool, ready
from bot.ui import Board
from cogs.blue_border.image import draw_board
import games


def where_drawn(marker: str) -> bytes:
    """A 'drawing' that reports the process and thread it ran in."""
    return f"{os.getpid()}:{threading.get_ident()}:{marker}".encode()


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


async def test_a_dead_worker_is_replaced_and_the_picture_still_drawn(pool, tmp_path):
    image = await pool.draw(Picture(die_once, (str(tmp_path / "flag"),)))
    assert image == b"drawn after a worker died"
    assert pool.restarts == 1
    # the new pool works for the next picture too
    assert int((await pool.draw(Picture(where_drawn, ("next",)))).decode().split(":")[0]) != os.getpid()


async def test_an_unchanged_board_is_not_drawn_again_and_matches_the_inline_drawing(pool):
    state = games.get("blue_border").new(3, {}, 7)
    view = state.view(None)
    board = Board(discord.Embed(), image=Picture(draw_board, (view,)))
    assert board.pending_picture() is not None
    await ready(board, pool)
    assert board.pending_picture() is None and board.image == draw_board(view)
    again = await ready(Board(discord.Embed(), image=Picture(draw_board, (state.view(None),))), pool)
    assert again.image == board.image and pool.drawn == 1 and pool.hits == 1


def test_reading_a_pending_image_draws_it_in_place():
    state = games.get("blue_border").new(3, {}, 7)
    board = Board(discord.Embed(), image=Picture(draw_board, (state.view(None),)))
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
        "    asyncio.run(main())\n")
    bot = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    worker = int(bot.stdout.readline())
    os.kill(bot.pid, signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and Path(f"/proc/{worker}").exists():
        time.sleep(0.2)
    assert not Path(f"/proc/{worker}").exists() or "Z" in Path(f"/proc/{worker}/stat").read_text().split()[2]
