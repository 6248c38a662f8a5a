"""Bodoge Host benchmarks: each figure is measured in the same run as its floor, so ratios hold on a noisy machine.

    .venv/bin/python bench/run.py [--quick]
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite  # noqa: E402
import discord  # noqa: E402
from discord.ext import commands  # noqa: E402

import games  # noqa: E402
from bot.client import BodogeBot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.storage import Storage  # noqa: E402
from bot.tables import TableService  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.support.tinygame import SPEC as TINY  # noqa: E402

games.register(TINY)
logging.disable(logging.WARNING)
ROWS: list[tuple] = []


def report(name: str, figure: float, floor: float | None, unit: str, target: str, met: bool | None) -> None:
    ratio = f"{figure / floor:.2f}" if floor else "-"
    ROWS.append((name, f"{figure:.1f} {unit}", f"{floor:.1f} {unit}" if floor else "-", ratio, target,
                 "-" if met is None else ("yes" if met else "NO")))
    print(f"  {name}: {figure:.2f} {unit}" + (f" (floor {floor:.2f}, ratio {ratio})" if floor else ""), flush=True)


def config(fake: FakeDiscord, database: Path) -> Config:
    return Config(token=fake.bot_token, database=str(database), dev_guild=None, api_base=fake.api_base,
                  shard_count=None, shard_ids=None, race_grace=0.0, ai_delay=0.0, edit_delay=0.05,
                  log_level="WARNING", guild_ready_timeout=0.05)


class Floor(discord.ui.DynamicItem[discord.ui.Button], template=r"bg:(?P<rest>.+)"):
    """The do-nothing bot's button: answers each press by editing the message, nothing else."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="x"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"ok {interaction.id}")


async def start(fake: FakeDiscord, bot) -> asyncio.Task:
    bot._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(bot.start(fake.bot_token))
    await fake.wait_for(lambda: bot.is_ready(), timeout=20)
    return task


async def tiny_tables(fake, bot, guild, users, count: int):
    """`count` running tiny tables (two people each, target high enough never to end), with their boards."""
    cog = bot.get_cog("TableCog")
    boards = []
    for number in range(count):
        channel = fake.add_channel(guild, f"t{number}")
        await fake.wait_for(lambda: bot.get_channel(channel.id) is not None)
        table = await bot.service.open("tiny", guild_id=guild.id, channel_id=channel.id, host_id=users[0].id,
                                       host_name="a", options={"target": 10**9})  # a game that never ends
        await bot.service.join(table.id, users[1].id, "b")
        await bot.service.start(table.id, users[0].id)
        message = await bot.get_channel(channel.id).send(**cog.public_board(table).message_kwargs(editing=False))
        await bot.service.set_message(table, channel.id, message.id)
        boards.append((table, fake.message(message.id)))
    return boards


async def press_add(fake, table, board, users):
    seat = table.state.to_act()[0]
    custom_id = next(b["custom_id"] for b in board.buttons() if b["custom_id"].endswith("a.add,n=1"))
    start = time.perf_counter()
    outcome = await fake.press(users[seat], board, custom_id=custom_id)
    return outcome, time.perf_counter() - start


async def bench_end_to_end(quick: bool) -> None:
    print("end-to-end actions through the fake Discord", flush=True)
    presses = 60 if quick else 300
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(timeout=20) as fake:
            guild = fake.add_guild("bench")
            users = [fake.add_user("a"), fake.add_user("b")]
            for user in users:
                fake.add_member(guild, user)
            # floor: a do-nothing bot answering the same presses
            floor_bot = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents(guilds=True))
            floor_bot.add_dynamic_items(Floor)
            discord.http.Route.BASE = fake.api_base
            task = await start(fake, floor_bot)
            channel = fake.add_channel(guild, "floor")
            await fake.wait_for(lambda: floor_bot.get_channel(channel.id) is not None)
            view = discord.ui.View(timeout=None)
            view.add_item(Floor("bg:1:0:a.add,n=1"))
            view.stop()
            sent = await floor_bot.get_channel(channel.id).send("floor", view=view)
            board = fake.message(sent.id)
            start_time = time.perf_counter()
            for _ in range(presses):
                await fake.press(users[0], board, custom_id="bg:1:0:a.add,n=1")
            floor_rate = presses / (time.perf_counter() - start_time)
            await floor_bot.close()
            await task
            discord.http.Route.BASE = fake.api_base

            bot = BodogeBot(config(fake, Path(folder) / "e2e.sqlite3"))
            task = await start(fake, bot)
            calls_before = len(fake.calls)
            (table, board), = await tiny_tables(fake, bot, guild, users, 1)
            calls_before = len(fake.calls)
            accepted = 0
            start_time = time.perf_counter()
            for _ in range(presses):
                if table.status != "running":
                    (table, board), = await tiny_tables(fake, bot, guild, users, 1)
                outcome, _ = await press_add(fake, table, board, users)
                accepted += outcome.type == 7
            rate = accepted / (time.perf_counter() - start_time)
            await bot.get_cog("TableCog").refresher.flush()
            rest = [c for c in fake.calls[calls_before:] if not c.route.startswith("GET")]
            report("e2e actions/s (real bot vs do-nothing bot)", rate, floor_rate, "act/s", ">= 0.5 x floor",
                   rate >= floor_rate / 2)
            report("REST calls per accepted action (people only)", len(rest) / max(accepted, 1), None, "calls",
                   "<= 1.2", len(rest) / max(accepted, 1) <= 1.2)
            await bot.close()
            await task


async def bench_storage(quick: bool) -> None:
    print("persisted actions through the storage layer", flush=True)
    count = 300 if quick else 1500
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "store.sqlite3"
        storage = await Storage(path).open()
        db: aiosqlite.Connection = storage.db
        await db.execute("CREATE TABLE raw (id INTEGER PRIMARY KEY, payload TEXT)")
        await db.commit()
        start_time = time.perf_counter()
        for number in range(count):
            await db.execute("INSERT INTO raw (payload) VALUES (?)", (f'{{"type": "add", "n": {number}}}',))
            await db.commit()
        floor = count / (time.perf_counter() - start_time)
        service = TableService(storage, race_grace=0.0, ai_delay=3600)
        done, start_time = 0, time.perf_counter()
        while done < count:
            table = await service.open("blue_border", guild_id=1, channel_id=done, host_id=1, host_name="a")
            await service.join(table.id, 2, "b")
            await service.start(table.id, 1)
            rng = random.Random(done)
            while table.status == "running" and done < count:
                seat = next(s for s in table.state.to_act() if s >= 0) if any(s >= 0 for s in table.state.to_act()) else None
                if seat is None:
                    await service.expire(table.id, table.version)
                else:
                    action = rng.choice(table.state.legal_actions(seat))
                    await service._act(table, seat, table.version, action, "user")
                done += 1
        rate = count / (time.perf_counter() - start_time)
        report("persisted Blue Border actions/s vs raw single-row commits", rate, floor, "act/s", ">= 0.5 x floor",
               rate >= floor / 2)
        await storage.close()


async def bench_latency(quick: bool) -> None:
    print("latency with 200 tables active", flush=True)
    tables_count = 200
    presses = 200 if quick else 1000
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(timeout=30) as fake:
            guild = fake.add_guild("bench")
            users = [fake.add_user("a"), fake.add_user("b")]
            for user in users:
                fake.add_member(guild, user)
            bot = BodogeBot(config(fake, Path(folder) / "lat.sqlite3"))
            task = await start(fake, bot)
            boards = await tiny_tables(fake, bot, guild, users, tables_count)
            latencies: list[float] = []
            rng = random.Random(1)

            async def player(index: int) -> None:
                for _ in range(presses // 10):
                    table, board = boards[rng.randrange(len(boards))]
                    if table.status != "running" or table.state.phase != "turn":
                        continue
                    try:
                        outcome, elapsed = await press_add(fake, table, board, users)
                    except Exception:  # noqa: BLE001 - a press racing another on the same table
                        continue
                    latencies.append(elapsed * 1000)

            await asyncio.gather(*(player(n) for n in range(10)))  # ten people pressing at once
            latencies.sort()
            p50 = statistics.median(latencies)
            p99 = latencies[int(len(latencies) * 0.99) - 1]
            report("p50 latency, 200 tables, 10 concurrent people", p50, None, "ms", "-", None)
            report("p99 latency, 200 tables, 10 concurrent people", p99, None, "ms", "< 250 ms", p99 < 250)
            await bot.close()
            await task


def bench_render_and_memory(quick: bool) -> None:
    print("render time and memory", flush=True)
    from bench.render import midgame_state, render_medians

    for game, players, view_ms, board_ms in render_medians(10 if quick else 30):
        report(f"render {game} ({players} players), vs building its view", board_ms, view_ms, "ms", "-", None)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = [midgame_state("blue_border", 4, seed=n, steps=30) for n in range(200)]
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    report("memory per active Blue Border table (engine state)", used / len(states) / 1024, None, "KiB", "-", None)


async def bench_restart(quick: bool) -> None:
    print("first interaction after a restart with many stored tables", flush=True)
    count = 2000 if quick else 10_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "many.sqlite3"
        async with FakeDiscord(timeout=30) as fake:
            guild = fake.add_guild("bench")
            users = [fake.add_user("a"), fake.add_user("b")]
            for user in users:
                fake.add_member(guild, user)
            bot = BodogeBot(config(fake, path))
            task = await start(fake, bot)
            (table, board), = await tiny_tables(fake, bot, guild, users, 1)
            state = games.get("blue_border").new(2, {}, 1).to_json()
            db = bot.storage.db
            now = time.time()
            await db.executemany(
                "INSERT INTO tables (game, guild_id, channel_id, host_id, status, options, seed, version, state, marks,"
                " locale, created_at, updated_at) VALUES ('blue_border', 1, ?, 1, 'running', '{}', 1, 0, ?, '[0,0]',"
                " 'en', ?, ?)", [(10**9 + n, state, now, now) for n in range(count)])
            await db.commit()
            await bot.close()
            await task
            bot = BodogeBot(config(fake, path))
            start_time = time.perf_counter()
            task = await start(fake, bot)
            ready = time.perf_counter() - start_time
            outcome, first = await press_add(fake, table, board, users)
            assert outcome.type == 7
            outcome, second = await press_add(fake, table, board, users)
            report(f"startup to ready with {count} stored tables", ready * 1000, None, "ms", "-", None)
            report(f"first press after restart ({count} tables) vs the next press", first * 1000, second * 1000, "ms",
                   "lazy loading", None)
            report("tables loaded into memory after the first press", bot.service.cached(), None, "tables",
                   "lazy", bot.service.cached() <= 2)
            await bot.close()
            await task


async def main(quick: bool) -> None:
    try:
        await run_all(quick)
    finally:
        sys.stdout.flush()
        os._exit(0)  # do not wait on a half-closed benchmark bot after an error


async def run_all(quick: bool) -> None:
    await bench_end_to_end(quick)
    await bench_storage(quick)
    await bench_latency(quick)
    bench_render_and_memory(quick)
    await bench_restart(quick)
    print()
    print(f"{'figure':<62} {'value':>14} {'floor':>14} {'ratio':>6}  {'target':<16} met")
    for row in ROWS:
        print(f"{row[0]:<62} {row[1]:>14} {row[2]:>14} {row[3]:>6}  {row[4]:<16} {row[5]}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller sizes (about a minute)")
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    asyncio.run(main(parser.parse_args().quick))
