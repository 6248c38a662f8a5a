"""Bodoge Host benchmarks with the five real games: each figure is measured in the same run as its floor, so ratios
hold on a noisy machine.

    .venv/bin/python bench/run.py [--quick] [--json] [--only latency,pools] [--postgres | --database postgresql://...]

Progress goes to stderr; stdout gets the table of figures, or with --json one JSON object (every figure). People
press through the loopback fake Discord (tests/fakediscord) as a person would, boards and images
included, the same way tests/support/drive.py plays whole games.

The games and latency sections run the fake Discord and its people in a process of their own (bench/people.py):
the bot under measure (its loop, storage and render workers) is alone in this process, as it would be beside the
real Discord, and the loop-lag probe, the CPU, the collections and the run-queue waits measured here are the bot's;
press latencies, and the bot's REST calls, are counted where the people are. A listener on the bot's table service
writes each table's version, status and who may act into a map both processes share (`States`); this process
drives the people's over a socket (`bench/link.py`, `bench/host.py`), and they ask it for new tables there.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import io
import json
import logging
import os
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402
from discord.ext import commands  # noqa: E402

import games  # noqa: E402
from bench.host import PeopleApart, World, people_apart  # noqa: E402
from bench.people import run_queue_seconds  # noqa: E402
from bench.person import FLOOR_ID  # noqa: E402
from bench.storage import storage_figures  # noqa: E402
from bot import render_pool  # noqa: E402
from bot.config import Config  # noqa: E402
from cogs.client import BodogeBot, tune_gc  # noqa: E402
from cogs.ui import Board  # noqa: E402

GAMES = os.environ.get("BENCH_GAMES", ",".join(games.built_in())).split(",")  # a few to profile
ROWS: list[tuple] = []
FIGURES: dict[str, float] = {}


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def report(
    key: str,
    name: str,
    figure: float,
    unit: str,
    floor: float | None = None,
    target: str = "-",
    met: bool | None = None,
) -> None:
    FIGURES[key] = round(figure, 3)
    ratio = f"{figure / floor:.2f}" if floor else "-"
    ROWS.append(
        (
            name,
            f"{figure:.1f} {unit}",
            f"{floor:.1f} {unit}" if floor else "-",
            ratio,
            target,
            "-" if met is None else ("yes" if met else "NO"),
        )
    )
    say(f"  {name}: {figure:.2f} {unit}" + (f" (floor {floor:.2f}, ratio {ratio})" if floor else ""))


def config(token: str, api_base: str, database: Path, race_grace: float = 0.0) -> Config:
    # timers run at a fifth of their length (a 10 s call window closes in 2 s); nobody is replaced by an AI
    return Config(
        token=token,
        database=on_database(database),
        dev_guild=None,
        api_base=api_base,
        shard_count=None,
        shard_ids=None,
        race_grace=race_grace,
        ai_delay=0.0,
        edit_delay=0.05,
        log_level="WARNING",
        guild_ready_timeout=0.05,
        afk_limit=10**6,
        timer_scale=0.2,
    )


# --- --postgres / --database: every section on its own fresh PostgreSQL database ------------------------------
POSTGRES: list[str] = []  # the server URL new databases are created on (its database: where CREATE DATABASE runs)
CLEANUP: list = []  # called before the benchmark exits (a throw-away server stops)


def on_database(path: Path) -> str:
    """A section's database: its SQLite file, or with --postgres/--database a new PostgreSQL database."""
    if not POSTGRES:
        return str(path)
    from concurrent.futures import ThreadPoolExecutor

    async def create() -> str:
        import asyncpg

        name = f"bench_{Path(path).stem}_{os.getpid()}_{time.monotonic_ns()}"
        connection = await asyncpg.connect(POSTGRES[0])
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()
        return POSTGRES[0].rsplit("/", 1)[0] + "/" + name

    with ThreadPoolExecutor(1) as pool:  # sections set up inside the running loop; this runs before the clock
        return pool.submit(asyncio.run, create()).result()


def use_postgres(url: str | None) -> None:
    """Run on PostgreSQL: at `url`, or (None) on a throw-away durable server (fsync on) started from the system's
    binaries as the tests do, as the unprivileged `postgres` user when run as root."""
    if url is None:
        from tests.support.postgres import PostgresServer

        server = PostgresServer(durable=True).start()
        CLEANUP.append(server.stop)
        url = server.url()
    POSTGRES.append(url)
    say(f"database: PostgreSQL ({url.split('@')[-1]})")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(len(ordered) * share + 0.5) - 1))] if ordered else 0.0


class LoopProbe:
    """Measures the event loop's longest stall: a task that asks to wake every 5 ms and notes how late it wakes
    (`worst`, wall time), and how much CPU this thread spent in its longest stall (`worst_cpu`: the loop's own work,
    without the time a busy machine kept the process waiting)."""

    def __init__(self, interval: float = 0.005) -> None:
        self.interval = interval
        self.worst = 0.0
        self.worst_cpu = 0.0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            start, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(self.interval)
            self.worst = max(self.worst, time.perf_counter() - start - self.interval)
            self.worst_cpu = max(self.worst_cpu, time.thread_time() - cpu)

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_started, self._gc_cpu = time.perf_counter(), time.thread_time()
        elif self._gc_started is not None:
            self.worst_gc = max(self.worst_gc, time.perf_counter() - self._gc_started)
            self.worst_gc_cpu = max(self.worst_gc_cpu, time.thread_time() - self._gc_cpu)
            self.full_gcs += info.get("generation") == 2

    async def __aenter__(self) -> LoopProbe:
        self.worst_gc, self._gc_started = 0.0, None  # the longest garbage collection in the window
        self.full_gcs, self.worst_gc_cpu = 0, 0.0
        gc.callbacks.append(self._gc)
        self._task = asyncio.get_running_loop().create_task(self._run())
        await asyncio.sleep(0)  # the probe is waiting before the work starts
        return self

    async def __aexit__(self, *exc) -> None:
        await asyncio.sleep(self.interval * 2)  # and wakes once more after it
        self._task.cancel()
        gc.callbacks.remove(self._gc)


class Floor(discord.ui.DynamicItem[discord.ui.Button], template=r"bf:(?P<rest>.+)"):
    """The do-nothing button: answers each press by editing the message, nothing else. It is added to the bot under
    measure, so its presses cross the same client, gateway session and event loop as the games' presses."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="x"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"ok {interaction.id}")


PICTURES: dict[str, bytes] = {}  # game -> a board's PNG, which the picture floor answers with


class PictureFloor(Floor, template=r"bp:(?P<game>[a-z_]+)"):
    """The do-nothing button that answers as a move does: the message edited with a picture attached, the game's
    first board's PNG (drawn before, never again): what Discord and its client cost a move's answer, nothing of
    the bot's own work."""

    async def callback(self, interaction: discord.Interaction) -> None:
        picture = PICTURES[self.item.custom_id[3:]]
        await interaction.response.edit_message(
            content=f"ok {interaction.id}", attachments=[discord.File(io.BytesIO(picture), filename="board.png")]
        )


ANSWERS: dict[str, Board] = {}  # game -> its board (picture drawn, ids made inert), which the answer floor answers with


class AnswerFloor(Floor, template=r"bq:(?P<game>[a-z_]+):.*"):
    """The do-nothing button on a copy of a game's table message (same embed, components, picture), answering each
    press with that same message: a move's press and answer as Discord and its client carry them (the message in
    the interaction, the answer's embed, components and picture), none of the bot's own work (engine, storage,
    drawing, presenting)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            **ANSWERS[self.item.custom_id.split(":")[1]].message_kwargs(editing=True)
        )


def answer_board(board: Board, game: str) -> Board:
    """`board` (its picture drawn) with its components' ids made inert, their lengths kept: the first button is the
    answer floor's (one is added if the board has none), the others are never pressed."""
    items: list[discord.ui.Item] = []
    floor = None
    for number, item in enumerate(board.items):
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        custom_id = inner.custom_id or ""
        if isinstance(inner, discord.ui.Button) and floor is None:
            copy = floor = AnswerFloor(f"bq:{game}:{custom_id}"[:100])
            copy.item.label, copy.item.emoji, copy.item.style = inner.label, inner.emoji, inner.style
            copy.item.row = inner.row
        elif isinstance(inner, discord.ui.Button):
            copy = discord.ui.Button(
                custom_id=f"bx{number}:{custom_id}"[:100],
                label=inner.label,
                emoji=inner.emoji,
                style=inner.style,
                row=inner.row,
                disabled=inner.disabled,
            )
        else:
            copy = discord.ui.Select(
                custom_id=f"bx{number}:{custom_id}"[:100],
                options=inner.options,
                placeholder=inner.placeholder,
                row=inner.row,
                disabled=inner.disabled,
            )
        items.append(copy)
    if floor is None:  # a board without buttons (a finished game)
        items.append(AnswerFloor(f"bq:{game}:"))
    return Board(board.embed, image=board.image, image_name=board.image_name, items=items, content=board.content)


async def start(token: str, bot) -> asyncio.Task:
    bot._connection.guild_ready_timeout = 0.05
    task = asyncio.create_task(bot.start(token))
    deadline = time.perf_counter() + 90
    while not (bot.is_ready() or task.done()) and time.perf_counter() < deadline:
        await asyncio.sleep(0.02)
    if task.done():
        task.result()  # the bot failed to start: show why
    if not bot.is_ready():
        raise TimeoutError("the bot under measure did not get ready in 90 s")
    return task


# --- 1. each game against the do-nothing bot -------------------------------------------------------------
async def floor_message(world: World, bot, game: str | None = None, answer: bool = False) -> int:
    """The do-nothing button's message, sent by `bot` in a channel of its own: its id. With `game`, the picture
    floor's for that game, its picture attached; with `answer` too, the answer floor's (a copy of its board)."""
    if answer:
        channel = await world.channel(bot, f"answer-{game}")
        return (await channel.send(**ANSWERS[game].message_kwargs(editing=False))).id
    channel = await world.channel(bot, f"floor-{game}" if game else "floor")
    view = discord.ui.View(timeout=None)
    view.add_item(PictureFloor(f"bp:{game}") if game else Floor(FLOOR_ID))
    view.stop()
    files = [discord.File(io.BytesIO(PICTURES[game]), filename="board.png")] if game else []
    return (await channel.send("floor", view=view, files=files)).id


async def pressed(people: PeopleApart, name: str, *arguments, after=None) -> Counter:
    """A slice the one person plays in the people's process (bench/one_person.py: `name` and its arguments) and this
    process's CPU in it (`own_cpu`), `after` (a coroutine function awaited when the slice is over) included."""
    cpu, opening_cpu = time.process_time(), people.opening_cpu
    run = Counter(await people.link.call(name, *arguments))
    if after is not None:
        await after()
    run["own_cpu"] = time.process_time() - cpu
    run["own_opening_cpu"] = people.opening_cpu - opening_cpu  # new tables opened for the person (moves only)
    return run


async def standalone_floor(people: PeopleApart, seconds: float) -> float:
    """The same button on a bot that has nothing else (discord.py alone), pressed before the bot under measure
    starts: how much the bot's own client costs a press, for the ratios' second column."""
    floor_bot = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents(guilds=True))
    floor_bot.add_dynamic_items(Floor)
    discord.http.Route.BASE = people.api_base
    task = await start(people.token, floor_bot)
    message_id = await floor_message(people.world, floor_bot)
    await people.link.call("floor", message_id, 0.5)  # warm up, as the bot under measure is when its floor is
    run = await people.link.call("floor", message_id, seconds)
    await floor_bot.close()
    await task
    return run["presses"] / run["elapsed"]


async def bench_games(quick: bool, folder: Path) -> None:
    """Each game's rate against the do-nothing button's, measured in alternating slices on the same bot (a third as
    long as the game's), so a load that comes and goes on a shared machine weighs on both alike. The bot under
    measure is alone in this process; the fake Discord and the one person pressing are in the people's process
    (bench/one_person.py), which counts the bot's REST calls."""
    say(
        "each real game through the fake Discord vs the do-nothing bot (one person pressing at a time; Discord and "
        "the person in a process of their own)"
    )
    seconds, rounds = (3.0, 3) if quick else (8.0, 4)
    async with people_apart(folder) as people:
        standalone = await standalone_floor(people, seconds / 2)
        bot = BodogeBot(config(people.token, people.api_base, folder / "games.sqlite3"))
        bot.add_dynamic_items(Floor, PictureFloor, AnswerFloor)
        people.watch(bot)
        task = await start(people.token, bot)
        floor_id = await floor_message(people.world, bot)
        refresher = bot.get_cog("TableCog").refresher
        figures, all_floor, all_moves = [], Counter(), Counter()
        for game in GAMES:
            # its picture drawn: the render workers are up
            table_id, _, message_id = await people.table(game)
            await people.link.call("play", table_id, game, message_id)
            await refresher.flush()
            table = await bot.service.get(table_id)
            presenter = bot.get_cog("TableCog").presenter(game)
            PICTURES[game] = await render_pool.shared().draw(presenter.board_picture(table))
            picture_floor_id = await floor_message(people.world, bot, game)
            ANSWERS[game] = answer_board(await render_pool.ready(presenter.board(table, table.locale)), game)
            answer_floor_id = await floor_message(people.world, bot, game, answer=True)
            answer_button = next(i.custom_id for i in ANSWERS[game].items if isinstance(i, AnswerFloor))
            floor, picture_floor, answer_floor, moves = Counter(), Counter(), Counter(), Counter()
            for _ in range(rounds):
                floor.update(await pressed(people, "floor", floor_id, seconds / rounds / 3))
                picture_floor.update(
                    await pressed(people, "floor", picture_floor_id, seconds / rounds / 3, f"bp:{game}")
                )
                answer_floor.update(
                    await pressed(people, "floor", answer_floor_id, seconds / rounds / 3, answer_button)
                )
                run = await pressed(people, "moves", seconds / rounds, after=refresher.flush)
                run["calls"] = await people.link.call("calls_since", run.pop("mark"))  # the edits flushed included
                moves.update(run)
            all_floor.update(floor)
            all_moves.update(moves)
            figures.append((game, floor, picture_floor, answer_floor, moves))
        floor = all_floor["presses"] / all_floor["elapsed"]
        report("e2e_floor_actions_per_s", "do-nothing bot: presses answered/s", floor, "/s")
        report(
            "e2e_standalone_floor_actions_per_s",
            "a bot with nothing but that button, before: presses/s",
            standalone,
            "/s",
        )
        report(
            "e2e_floor_bot_cpu_per_press_ms",
            "do-nothing bot: the bot's process's CPU per press",
            all_floor["own_cpu"] * 1000 / all_floor["presses"],
            "ms",
        )
        report(
            "e2e_floor_people_cpu_per_press_ms",
            "do-nothing bot: the people's process's CPU per press",
            all_floor["cpu"] * 1000 / all_floor["presses"],
            "ms",
        )
        for game, floor, picture_floor, answer_floor, moves in figures:
            # a finished game's replacement (opening, joining and starting a table) is not a move: timed apart
            rate = moves["actions"] / (moves["elapsed"] - moves["opening"])
            game_floor = floor["presses"] / floor["elapsed"]
            picture_rate = picture_floor["presses"] / picture_floor["elapsed"]
            actions = max(moves["actions"], 1)
            report(
                f"e2e_{game}_actions_per_s",
                f"{game}: accepted actions/s",
                rate,
                "/s",
                game_floor,
                ">= 0.33 x floor",
                rate >= game_floor / 3,
            )
            FIGURES[f"e2e_{game}_ratio"] = round(rate / game_floor, 3)
            with_openings = moves["actions"] / moves["elapsed"]
            report(
                f"e2e_{game}_ratio_with_openings",
                f"{game}: the same ratio, new tables' openings timed too",
                with_openings / game_floor,
                "x",
            )
            report(
                f"e2e_{game}_opening_share",
                f"{game}: the share of its slices spent opening new tables",
                moves["opening"] / moves["elapsed"],
                "",
            )
            FIGURES[f"e2e_{game}_floor_per_s"] = round(game_floor, 1)
            FIGURES[f"e2e_{game}_ratio_standalone"] = round(rate / standalone, 3)
            report(
                f"e2e_{game}_picture_floor_per_s",
                f"{game}: the do-nothing button answering with its picture ({len(PICTURES[game]) // 1024} KB)",
                picture_rate,
                "/s",
            )
            FIGURES[f"e2e_{game}_ratio_picture_floor"] = round(rate / picture_rate, 3)
            answer_rate = answer_floor["presses"] / answer_floor["elapsed"]
            report(
                f"e2e_{game}_answer_floor_per_s",
                f"{game}: the do-nothing button on a copy of its table message, answering with that message",
                answer_rate,
                "/s",
                game_floor,
            )
            FIGURES[f"e2e_{game}_ratio_answer_floor"] = round(rate / answer_rate, 3)
            report(
                f"e2e_{game}_answer_floor_bot_cpu_per_press_ms",
                f"{game}: that button's bot's process's CPU per press",
                answer_floor["own_cpu"] * 1000 / max(answer_floor["presses"], 1),
                "ms",
            )
            report(
                f"e2e_{game}_presses_per_action",
                f"{game}: presses per action (choosers)",
                moves["presses"] / actions,
                "presses",
            )
            report(
                f"rest_calls_per_action_{game}",
                f"{game}: REST calls per accepted action",
                moves["calls"] / actions,
                "calls",
            )
            report(
                f"e2e_{game}_bot_cpu_per_action_ms",
                f"{game}: the bot's process's CPU per action",
                (moves["own_cpu"] - moves["own_opening_cpu"]) * 1000 / actions,
                "ms",
            )
            report(
                f"e2e_{game}_people_cpu_per_action_ms",
                f"{game}: the people's process's CPU per action",
                (moves["cpu"] - moves["opening_cpu"]) * 1000 / actions,
                "ms",
            )
        calls = all_moves["calls"] / max(all_moves["actions"], 1)
        report(
            "rest_calls_per_action",
            "REST calls per accepted action, five games",
            calls,
            "calls",
            None,
            "<= 1.1",
            calls <= 1.1,
        )
        await bot.close()
        await task


# --- 2. 200 tables of the real games, people pressing at once ------------------------------------------------
async def bench_latency(quick: bool, folder: Path) -> None:
    """The bot under measure alone in this process; the fake Discord and the people press through it in a process
    of their own (bench/people.py), told each committed change of a table by a listener here."""
    say(
        "200 tables of the five games (40 each), 10 people pressing at once (Discord and the people in a process "
        "of their own)"
    )
    seconds = 8.0 if quick else 20.0
    async with people_apart(folder) as apart:
        link, tell_times = apart.link, apart.tell_times
        bot = BodogeBot(
            config(apart.token, apart.api_base, folder / "latency.sqlite3", race_grace=0.35), settle_memory=True
        )
        apart.watch(bot)
        task = await start(apart.token, bot)
        tables = [await apart.table(game) for game in GAMES for _ in range(40)]
        await link.call("tables", tables)
        await bot.get_cog("TableCog").refresher.flush()

        async def load(people: int, duration: float) -> tuple[list, float, float]:
            async with LoopProbe() as probe:
                start_time, loop_cpu, own_cpu = time.perf_counter(), time.thread_time(), time.process_time()
                queued, told_before = run_queue_seconds(), len(tell_times)
                run = await link.call("load", people, duration)
                elapsed = time.perf_counter() - start_time
                loop_cpu, own_cpu = time.thread_time() - loop_cpu, time.process_time() - own_cpu
                queued = run_queue_seconds() - queued
            accepted = max(run["accepted"], 1)
            # the loop's CPU per accepted action (its thread) and the whole process's, and the people's process's
            # (the fake Discord and the people): on a busy machine these hold where rates and latencies swing
            CPU[people] = (
                loop_cpu * 1000 / accepted,
                own_cpu * 1000 / accepted,
                loop_cpu / elapsed,
                queued / elapsed,
                run["cpu"] * 1000 / accepted,
                run["cpu"] / run["elapsed"],
                run["queued"] / run["elapsed"],
                tell_times[told_before:],
            )
            FIGURES["loop_stall_cpu_max_ms"] = round(
                max(FIGURES.get("loop_stall_cpu_max_ms", 0), probe.worst_cpu * 1000), 1
            )
            FIGURES["gc_pause_max_ms"] = round(max(FIGURES.get("gc_pause_max_ms", 0), probe.worst_gc * 1000), 1)
            FIGURES["gc_full_collections"] = FIGURES.get("gc_full_collections", 0) + probe.full_gcs
            FIGURES["gc_pause_cpu_max_ms"] = round(
                max(FIGURES.get("gc_pause_cpu_max_ms", 0), probe.worst_gc_cpu * 1000), 1
            )
            return run["presses"], run["accepted"] / run["elapsed"], probe.worst * 1000

        await link.call("settle")  # the people's process forgets the setup's history from now on
        async with LoopProbe() as probe:
            await asyncio.sleep(1.0)
        report(
            "loop_stall_idle_ms",
            "longest loop stall with nothing to do (the machine's noise)",
            probe.worst * 1000,
            "ms",
        )
        CPU: dict[int, tuple] = {}
        presses, rate, stall = await load(10, seconds)
        report("latency_loop_cpu_per_action_ms", "the bot's loop's CPU per accepted action", CPU[10][0], "ms")
        report(
            "latency_process_cpu_per_action_ms",
            "the bot's process's CPU per accepted action (all threads)",
            CPU[10][1],
            "ms",
        )
        report("latency_loop_busy_share", "share of the run's wall time the loop was on a CPU", CPU[10][2], "")
        report("latency_loop_cpu_wait_share", "share of it the loop waited, runnable, for a CPU", CPU[10][3], "")
        report(
            "latency_people_cpu_per_action_ms",
            "the people's process's CPU per accepted action (fake Discord)",
            CPU[10][4],
            "ms",
        )
        report(
            "latency_people_busy_share",
            "share of the run's wall time the people's process was on a CPU",
            CPU[10][5],
            "",
        )
        report(
            "latency_people_cpu_wait_share", "share of it the people's loop waited, runnable, for a CPU", CPU[10][6], ""
        )
        report(
            "latency_tell_median_us",
            "telling the people a table's change (bot's loop), median",
            statistics.median(CPU[10][7] or [0]) * 1e6,
            "us",
        )
        report(
            "latency_tell_mean_us",
            "the same, mean (a collection it happened to start included)",
            statistics.fmean(CPU[10][7] or [0]) * 1e6,
            "us",
        )
        report(
            "loop_stall_cpu_max_ms",
            "CPU the loop spent in its longest step (noise removed)",
            FIGURES["loop_stall_cpu_max_ms"],
            "ms",
        )
        report("gc_pause_max_ms", "longest garbage collection in that run", FIGURES["gc_pause_max_ms"], "ms")
        report(
            "gc_pause_cpu_max_ms", "CPU of the longest collection (noise removed)", FIGURES["gc_pause_cpu_max_ms"], "ms"
        )
        plain = [ms for ms, race in presses if not race]
        races = [ms for ms, race in presses if race]
        report("latency_p50_ms", "p50 press latency, 200 tables, 10 people", statistics.median(plain), "ms")
        p99 = percentile(plain, 0.99)
        report("latency_p99_ms", "p99 press latency, 200 tables, 10 people", p99, "ms", None, "< 150 ms", p99 < 150)
        report("latency_presses", "presses timed (first-press races apart)", len(plain), "presses")
        if races:
            report(
                "latency_race_p50_ms",
                "p50 first-press race press (waits the grace window)",
                statistics.median(races),
                "ms",
            )
            report("latency_race_p99_ms", "p99 first-press race press", percentile(races, 0.99), "ms")
        report("latency_actions_per_s", "accepted actions/s in that run", rate, "/s")
        report("loop_stall_max_ms", "longest event-loop stall in that run", stall, "ms", None, "< 50 ms", stall < 50)

        say("  sustained rate: more people at once until p99 passes 250 ms")
        best = 0.0
        for people in [10, 40] if quick else [5, 10, 20, 40, 80]:
            presses, rate, stall = await load(people, seconds / 2)
            p99 = percentile([ms for ms, race in presses if not race], 0.99)
            say(
                f"    {people} people: {rate:.1f} actions/s, p99 {p99:.0f} ms, longest stall {stall:.0f} ms, "
                f"loop CPU {CPU[people][0]:.2f} ms an action ({CPU[people][1]:.2f} all threads), "
                f"loop on a CPU {CPU[people][2]:.0%} of the time, waiting for one {CPU[people][3]:.0%}; "
                f"the people's process {CPU[people][4]:.2f} ms an action, on a CPU {CPU[people][5]:.0%}, "
                f"waiting for one {CPU[people][6]:.0%}"
            )
            FIGURES[f"sustained_{people}_people_loop_cpu_per_action_ms"] = round(CPU[people][0], 3)
            FIGURES[f"sustained_{people}_people_loop_busy_share"] = round(CPU[people][2], 3)
            FIGURES[f"sustained_{people}_people_loop_cpu_wait_share"] = round(CPU[people][3], 3)
            FIGURES[f"sustained_{people}_people_people_process_cpu_per_action_ms"] = round(CPU[people][4], 3)
            FIGURES[f"sustained_{people}_people_people_process_cpu_wait_share"] = round(CPU[people][6], 3)
            FIGURES[f"sustained_{people}_people_actions_per_s"] = round(rate, 1)
            FIGURES[f"sustained_{people}_people_p99_ms"] = round(p99, 1)
            if p99 < 250:
                best = max(best, rate)
        report(
            "sustained_actions_per_s", "sustained actions/s with p99 < 250 ms", best, "/s", None, ">= 200", best >= 200
        )
        FIGURES["render_cache_hits"] = render_pool.shared().hits
        FIGURES["render_pictures_drawn"] = render_pool.shared().drawn
        await bot.close()
        await task


# --- 3. rendering --------------------------------------------------------------------------------------------
def bench_render(quick: bool) -> None:
    say("render time and bytes per public board (drawn on this thread: the cost of one picture)")
    from bench.render import midgame_state, render_details
    from cogs.gallery import presenter_for

    for row in render_details(10 if quick else 30):
        game, board_ms = row["game"], row["picture_ms"]
        report(
            f"render_{game}_median_ms",
            f"render {game} ({row['players']} players)",
            board_ms,
            "ms",
            None,
            "<= 4 ms",
            board_ms <= 4,
        )
        report(
            f"render_{game}_successive_ms", f"render {game}, successive boards of new games", row["successive_ms"], "ms"
        )
        report(f"render_{game}_cold_ms", f"render {game}, first board after the caches emptied", row["cold_ms"], "ms")

    from bot.tables import Seat, Table

    for game in games.ids():
        presenter = presenter_for(game)
        players = min(4, games.get(game).max_players)
        sizes = []
        for seed in range(5):
            state = midgame_state(game, players, seed=seed, steps=10 + 15 * seed)
            table = Table(
                id=1,
                game=game,
                guild_id=1,
                channel_id=1,
                message_id=1,
                host_id=1,
                status="running",
                options={},
                seed=1,
                version=1,
                locale="en",
                state=state,
                seats=[Seat(n + 1, f"p{n}") for n in range(players)],
            )
            sizes.append(len(presenter.board(table, "en").image))
        report(
            f"image_{game}_bytes",
            f"image {game}, largest of 5 boards",
            max(sizes),
            "B",
            None,
            "<= 100 KB",
            max(sizes) <= 100_000,
        )


async def bench_pools(quick: bool) -> None:
    """Processes against threads: the same distinct boards drawn through each, with the loop-lag probe running."""
    say("render pool: processes vs threads vs on the event loop (the same distinct boards, drawn again each round)")
    from bench.render import midgame_state
    from bot.render_pool import Picture, RenderPool

    pictures = []
    for game in GAMES:
        draw = __import__(f"bot.faces.{game}.image", fromlist=["draw_board"]).draw_board
        for seed in range(4 if quick else 8):
            pictures.append(
                Picture(
                    draw,
                    (
                        midgame_state(game, min(4, games.get(game).max_players), seed=seed, steps=5 + 7 * seed).view(
                            None
                        ),
                    ),
                )
            )
    for kind in ("inline", "thread", "process"):
        pool = RenderPool(kind=kind, cache_size=0)
        if kind == "process":
            pool.warm([f"bot.faces.{game}.image" for game in GAMES])
            # workers started, modules imported, their sprite caches warm (as the threads' are after the inline pass)
            await asyncio.gather(*(pool.draw(p) for p in pictures))
            pool.drawn = 0
        rounds = 3 if quick else 5  # every round draws every board again (no cache)
        async with LoopProbe() as probe:
            start_time, loop_cpu, own_cpu = time.perf_counter(), time.thread_time(), time.process_time()
            for _ in range(rounds):
                await asyncio.gather(*(pool.draw(p) for p in pictures))
            elapsed, loop_cpu = time.perf_counter() - start_time, time.thread_time() - loop_cpu
            own_cpu = time.process_time() - own_cpu
        pool.shutdown()
        report(
            f"render_pool_{kind}_boards_per_s",
            f"boards/s drawn {kind} ({pool.workers} workers)",
            rounds * len(pictures) / elapsed,
            "/s",
        )
        report(
            f"render_pool_{kind}_loop_cpu_ms",
            f"the loop's CPU per board drawn {kind}",
            loop_cpu * 1000 / (rounds * len(pictures)),
            "ms",
        )
        report(
            f"render_pool_{kind}_process_cpu_ms",
            f"the bot's process's CPU per board drawn {kind} (all threads)",
            own_cpu * 1000 / (rounds * len(pictures)),
            "ms",
        )
        report(f"render_pool_{kind}_stall_ms", f"longest loop stall drawing {kind}", probe.worst * 1000, "ms")
        report(
            f"render_pool_{kind}_stall_cpu_ms",
            f"CPU in the loop's longest step drawing {kind}",
            probe.worst_cpu * 1000,
            "ms",
        )


# --- 4. persistence ------------------------------------------------------------------------------------------
async def bench_storage(quick: bool, folder: Path) -> None:
    say("persisted actions through the storage layer vs raw single-row commits")
    figures = await storage_figures(on_database(folder / "store.sqlite3"), quick)
    raw = figures["raw_commits_per_s"]
    report("storage_raw_commits_per_s", "raw single-row commits/s", raw, "/s")
    report(
        "storage_sequential_actions_per_s",
        "persisted actions/s, one table at a time",
        figures["sequential_actions_per_s"],
        "/s",
        raw,
        ">= 0.5 x raw",
        figures["sequential_ratio"] >= 0.5,
    )
    report(
        "storage_concurrent_actions_per_s",
        "persisted actions/s, 200 tables at once",
        figures["concurrent_actions_per_s"],
        "/s",
        raw,
        ">= 1.0 x raw",
        figures["concurrent_ratio"] >= 1.0,
    )
    FIGURES["storage_sequential_ratio"] = round(figures["sequential_ratio"], 3)
    report(
        "storage_sequential_ratio_with_openings",
        "the same, tables' replacements timed too: ratio to raw",
        figures["sequential_ratio_with_openings"],
        "x",
    )
    FIGURES["storage_concurrent_ratio"] = round(figures["concurrent_ratio"], 3)


SECTIONS = ("games", "latency", "storage", "render", "pools")


async def run_all(quick: bool, only: tuple[str, ...] = SECTIONS) -> None:
    tune_gc()  # as `python -m bot run` does
    render_pool.shared().warm([f"bot.faces.{game}.image" for game in GAMES])
    with tempfile.TemporaryDirectory() as folder:
        if "games" in only:
            await bench_games(quick, Path(folder))
        if "latency" in only:
            await bench_latency(quick, Path(folder))
        if "storage" in only:
            await bench_storage(quick, Path(folder))
    if "render" in only:
        bench_render(quick)
    if "pools" in only:
        await bench_pools(quick)


async def main(quick: bool, as_json: bool, only: tuple[str, ...] = SECTIONS) -> None:
    started = time.perf_counter()
    try:
        await run_all(quick, only)
        FIGURES["bench_seconds"] = round(time.perf_counter() - started, 1)
        if as_json:
            print(json.dumps(FIGURES))
        else:
            print(f"{'figure':<58} {'value':>14} {'floor':>14} {'ratio':>6}  {'target':<16} met")
            for row in ROWS:
                print(f"{row[0]:<58} {row[1]:>14} {row[2]:>14} {row[3]:>6}  {row[4]:<16} {row[5]}")
    except BaseException:
        traceback.print_exc()
    finally:
        for stop in CLEANUP:
            stop()
        render_pool.shared().shutdown()
        sys.stdout.flush()
        os._exit(0)  # do not wait on a half-closed benchmark bot after an error


if __name__ == "__main__":
    logging.disable(logging.WARNING)  # here, not on import: a test importing this module keeps its logging
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller sizes (about a minute)")
    parser.add_argument("--json", action="store_true", help="print one JSON object of figures")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="run on a throw-away PostgreSQL server (durable) instead of SQLite files",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="run on this PostgreSQL server (postgresql://...; a fresh database per section)",
    )
    parser.add_argument(
        "--only",
        metavar="SECTIONS",
        default=",".join(SECTIONS),
        help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)",
    )
    arguments = parser.parse_args()
    only = tuple(name.strip() for name in arguments.only.split(",") if name.strip())
    if unknown := set(only) - set(SECTIONS):
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    if arguments.postgres or arguments.database:
        use_postgres(arguments.database)
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    asyncio.run(main(arguments.quick, arguments.json, only))
