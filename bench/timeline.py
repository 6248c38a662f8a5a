"""Where one person's move spends its time: the median time from the press to each stage of the move, per game,
one person pressing at a time through the loopback fake Discord (as `bench/run.py`'s games section does, though
here the fake runs in this process), beside the do-nothing button's whole round trip. It shows what bounds
`bench/run.py`'s one-person ratios.

    .venv/bin/python bench/timeline.py [--seconds 3] [--games blue_border,diamond_box]

Each stage is the first moment the move reaches it (ms after the press): the stages of one move overlap (the
picture is drawn in a worker while the commit runs), so read the chain as a timeline, not as parts of a sum. "loop
CPU" is the event loop thread's CPU per move, the fake Discord's work included (it runs in the same process).
The stages are found by wrapping the methods named below, in this process only.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402

from bench.figures import GAMES  # noqa: E402
from bench.floors import Floor, floor_message  # noqa: E402
from bench.host import World  # noqa: E402
from bench.people import populate  # noqa: E402
from bench.person import acting_ids, acting_user, move, press_floor, showing  # noqa: E402
from bench.under_measure import config, start  # noqa: E402
from bot import render_pool, tables  # noqa: E402
from bot.storage import sqlite as sqlite_storage  # noqa: E402
from bot.storage.base import Storage  # noqa: E402
from cogs.client import BodogeBot  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord import rest as fake_rest
from tests.fakediscord import server as fake_server

STAGES = [  # (label, class or module, attribute, at the call's start or its end)
    ("the interaction reaches the bot", discord.state.ConnectionState, "parse_interaction_create", "start"),
    ("the action is submitted", tables.TableService, "submit", "start"),
    ("its picture goes to a worker", render_pool.RenderPool, "draw", "start"),
    ("the seats' choices are listed", tables.Table, "current_choices", "end"),
    ("the commit goes to storage", Storage, "record_action", "start"),
    ("storage's thread starts the transaction", sqlite_storage, "_write_batch", "start"),
    ("the commit is done", Storage, "record_action", "end"),
    ("the picture is ready", render_pool.RenderPool, "draw", "end"),
    ("the answer leaves the bot", discord.InteractionResponse, "edit_message", "start"),
    ("Discord (the fake) has the answer", fake_rest.RestMixin, "_callback", "start"),
]
marks: dict[str, float] = {}  # the move under way: stage -> perf_counter


def mark(label: str) -> None:
    marks.setdefault(label, time.perf_counter())


def wrap(owner, attribute: str, label: str, when: str) -> None:
    original = getattr(owner, attribute)
    if asyncio.iscoroutinefunction(original):

        async def wrapped(*args, **kwargs):
            if when == "start":
                mark(label)
            try:
                return await original(*args, **kwargs)
            finally:
                if when == "end":
                    mark(label)
    else:

        def wrapped(*args, **kwargs):
            if when == "start":
                mark(label)
            try:
                return original(*args, **kwargs)
            finally:
                if when == "end":
                    mark(label)

    setattr(owner, attribute, functools.wraps(original)(wrapped))


def timed_presses(moves: list[dict]) -> None:
    """The fake's press and select note each move's start and end (and the loop's CPU in between) in `moves`."""
    for name in ("press", "select"):
        original = getattr(fake_server.FakeDiscord, name)

        async def timed(self, *args, _original=original, **kwargs):
            marks.clear()
            started, cpu = time.perf_counter(), time.thread_time()
            marks["start"] = started
            try:
                return await _original(self, *args, **kwargs)
            finally:
                marks["the person sees the answer"] = time.perf_counter()
                marks["loop CPU"] = started + time.thread_time() - cpu
                moves.append(dict(marks))

        setattr(fake_server.FakeDiscord, name, timed)


def local_world(fake: FakeDiscord) -> tuple[World, dict]:
    """A World in a fake Discord in this process (the stages are timed here), and its people (id -> FakeUser)."""
    guild, users = populate(fake)

    async def add_channel(name: str) -> int:
        return fake.add_channel(guild, name).id

    return World(guild.id, [(user.id, user.name) for user in users], add_channel), {user.id: user for user in users}


async def local_table(fake: FakeDiscord, world: World, bot, game: str):
    """A table of `game` and its board message in a fake Discord in this process."""
    table, message_id = await world.table(bot, game)
    return table, fake.message(message_id)


async def one_game(game: str, seconds: float, folder: Path, moves: list[dict]) -> list[dict]:
    async with FakeDiscord(timeout=90) as fake:
        world, people = local_world(fake)
        someone = people[world.users[0][0]]
        bot = BodogeBot(config(fake.bot_token, fake.api_base, folder / f"{game}.sqlite3"))
        bot.add_dynamic_items(Floor)
        task = await start(fake.bot_token, bot)
        table, board = await local_table(fake, world, bot, game)
        refresher = bot.get_cog("TableCog").refresher
        floor = fake.message(await floor_message(world, bot))
        rng = random.Random(game)
        await refresher.flush()
        await press_floor(fake, someone, floor, 0.5)  # warm up
        moves.clear()
        await press_floor(fake, someone, floor, seconds / 3)
        floor_moves = list(moves)
        moves.clear()
        stop_at = time.perf_counter() + seconds
        while time.perf_counter() < stop_at:
            if table.status != "running":
                table, board = await local_table(fake, world, bot, game)
            user = acting_user(people, acting_ids(table), rng)
            if user is None:
                await asyncio.sleep(0.01)
                continue
            await showing(fake, table, board)
            version, first = table.version, len(moves)
            await move(fake, table, board, user, rng)
            if table.version == version:  # a chooser's press, or refused: only accepted moves are timed
                del moves[first:]
            else:
                del moves[first:-1]
        await refresher.flush()
        await bot.close()
        await task
        return [floor_moves, list(moves)]


def summary(game: str, floor_moves: list[dict], game_moves: list[dict]) -> None:
    def median_after_start(entries: list[dict], label: str) -> float | None:
        values = [(entry[label] - entry["start"]) * 1000 for entry in entries if label in entry]
        return statistics.median(values) if len(values) >= len(entries) / 2 else None

    floor = median_after_start(floor_moves, "the person sees the answer")
    print(
        f"{game}: {len(game_moves)} moves; the do-nothing button's round trip {floor:.2f} ms "
        f"(loop CPU {median_after_start(floor_moves, 'loop CPU'):.2f} ms)"
    )
    labels = [label for label, *_ in STAGES] + ["the person sees the answer", "loop CPU"]
    for label in labels:
        value = median_after_start(game_moves, label)
        if value is not None:
            print(f"  {value:7.2f} ms  {label}")


async def main(games: list[str], seconds: float) -> None:
    for label, owner, attribute, when in STAGES:
        wrap(owner, attribute, label, when)
    moves: list[dict] = []
    timed_presses(moves)
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            floor_moves, game_moves = await one_game(game, seconds, Path(folder), moves)
            summary(game, floor_moves, game_moves)
    render_pool.shared().shutdown()


if __name__ == "__main__":
    logging.disable(logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time each game is played (default 3)")
    parser.add_argument("--games", default=",".join(GAMES))
    arguments = parser.parse_args()
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    asyncio.run(main([name.strip() for name in arguments.games.split(",") if name.strip()], arguments.seconds))
