"""Many turn-based tables at once: 10,000 running tables of the five games over 500 guilds, seeded straight into
storage (mid-game states, each with its log and a deadline hours or days away, every message shown), then

- moves: 1,000 of them receive a move, spread over a simulated hour (a ManualClock; done as fast as they go), each
  timed from `service.get` (a table long unused is loaded from storage) to its durable commit; the same 1,000 moves
  on 200 tables (today's 200-table soak, every table soon in memory) measured in the same run are the floor. A
  listener stores each change's shown mark as the refresher does when its edit lands, in batches of 50; the last 10
  are never stored (the process dies).
- start: a fresh process's path to ready: storage opened, the scheduler started (the timers due within its horizon
  armed), the tables whose message is behind found and loaded (one edit each; before, every running table was
  edited). Its resident memory (VmRSS) after.

Each phase runs in a process of its own, so each memory figure is that phase's alone.

    .venv/bin/python bench/turnbased.py [--tables 10000] [--guilds 500] [--moves 1000] [--backend sqlite|postgres|both]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.scheduler import Scheduler  # noqa: E402
from bot.storage import RELATIONS, SeatRow, Storage, TimerRow  # noqa: E402
from bot.storage.rows import seat_values, shown_mark, timers_json, wake_at  # noqa: E402
from bot.tables import TableListener, TableService  # noqa: E402
from games.contract import snapshot_json  # noqa: E402
from tests.support.clock import ManualClock  # noqa: E402

TURN_SCALE = 240.0  # a game's real-time deadline (60 s a turn) times this: hours a turn
UNSTORED = 10  # the last changes whose marks the dying process never stored


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(len(ordered) * share + 0.5) - 1))] if ordered else 0.0


def playable(spec, state, seat: int) -> list[dict]:
    """A seat's legal actions, first-press races left out (they wait a grace window on purpose)."""
    legal = state.legal_actions(seat)
    return [a for a in legal if a.get("type") not in spec.race_actions] or legal


# --- seeding ------------------------------------------------------------------------------------------------------
def seeded_table(number: int, guilds: int, rng: random.Random, now: float) -> tuple[tuple, list, list]:
    """One running table's row, seats and log: a game of the five, 2-4 people, a few moves in."""
    ids = games.built_in()
    while True:
        game = ids[number % len(ids)]
        spec = games.get(game)
        players = rng.randint(spec.min_players, min(spec.max_players, 4))
        state = spec.new(players, {}, rng.getrandbits(62))
        log = []
        for seq in range(1, rng.randint(2, 12) + 1):
            acting = [s for s in state.to_act() if s >= 0]
            if state.finished or not acting:
                break
            seat = rng.choice(acting)
            action = rng.choice(playable(spec, state, seat))
            state.apply(seat, action)
            log.append((number, seq, seat, snapshot_json(action), "user", now - 3600 * (20 - seq)))
        if not state.finished and any(s >= 0 for s in state.to_act()):
            break
    guild = 10**17 + number % guilds
    seats = [SeatRow(10**17 + 7919 * number + n, f"player{n}") for n in range(players)]
    deadline = state.deadline()
    detail = snapshot_json(
        {"kind": deadline.kind, "seats": list(deadline.seats)}
        if deadline is not None
        else {"kind": "turn", "seats": [s for s in state.to_act() if s >= 0]}
    )
    version = len(log)
    # due from ten minutes ago (the bot was down) to two days on
    timers = [TimerRow(number, "deadline", version, now + rng.uniform(-600, 2 * 86400), detail)]
    row = (
        number,
        game,
        guild,
        2 * 10**17 + number,  # its thread
        3 * 10**17 + number,  # its message
        seats[0].user_id,
        "running",
        "{}",
        rng.getrandbits(62),
        version,
        state.to_json(),
        json.dumps([0] * players),
        "ja" if number % 3 else "en",
        now - 86400,
        now - 3600,
        timers_json(timers),
        wake_at(timers),
        shown_mark(version, seats, timers),  # every message shows its table
    )
    return row, seat_values(number, seats), log


async def seed(target: str, tables: int, guilds: int) -> None:
    if target.startswith("postgresql://"):
        storage = Storage(target)
    else:
        from bot.storage.sqlite import SQLiteStorage

        storage = SQLiteStorage(target, synchronous="OFF")  # seeding only; the phases open it durable
    await storage.open()
    assert len(RELATIONS["tables"][0]) == 18
    rng = random.Random(tables)
    now = time.time()
    try:
        for start in range(1, tables + 1, 1000):
            rows, seats, log = [], [], []
            for number in range(start, min(tables, start + 999) + 1):
                row, seated, moves = seeded_table(number, guilds, rng, now)
                rows.append(row)
                seats += seated
                log += moves
            await storage.upsert("tables", rows)
            await storage.upsert("seats", seats)
            await storage.upsert("actions", log)
    finally:
        await storage.close()


# --- the phases (each in a process of its own) --------------------------------------------------------------------
class Marks(TableListener):
    """What the refresher stores once an edit lands: the shown mark of each change, in batches."""

    def __init__(self, storage) -> None:
        self.storage = storage
        self.pending: dict[int, str] = {}

    async def on_change(self, table, events) -> None:
        self.pending[table.id] = shown_mark(table.version, table.seats, table.timers)
        if len(self.pending) >= 50:
            marks, self.pending = self.pending, {}
            await self.storage.record_shown(marks)


async def moves_phase(target: str, tables: int, moves: int) -> dict:
    storage = await Storage(target).open()
    clock = ManualClock(time.time())
    service = TableService(storage, clock=clock)
    service.timer_scale = TURN_SCALE
    marks = Marks(storage)
    service.listen(marks)
    scheduler = Scheduler(service)
    await scheduler.start()
    rng = random.Random(moves)
    chosen = [rng.randrange(1, tables + 1) for _ in range(moves)]
    latencies: list[float] = []
    loaded = 0
    step = 3600 / moves
    try:
        for table_id in chosen:
            began = time.perf_counter()
            loaded += service.cached_table(table_id) is None
            table = await service.get(table_id)
            acting = [s for s in table.state.to_act() if s >= 0] if table.status == "running" else []
            if acting:
                seat = rng.choice(acting)
                action = rng.choice(playable(table.spec, table.state, seat))
                await service.submit(table_id, table.seats[seat].user_id, table.version, action)
                latencies.append(time.perf_counter() - began)
            await clock.advance(step)  # the sweep runs every 5 simulated minutes: idle tables leave memory
        # the process dies: all but the last few marks were stored
        kept = dict(list(marks.pending.items())[: max(0, len(marks.pending) - UNSTORED)])
        await storage.record_shown(kept)
        return {
            "moves": len(latencies),
            "loaded": loaded,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * percentile(latencies, 0.99),
            "in_memory": service.cached(),
            "timer_tasks": scheduler.pending(),
            "rss_mb": rss_mb(),
            "clock": clock(),
        }
    finally:
        await scheduler.stop()
        await storage.close()


async def start_phase(target: str, now: float) -> dict:
    """The process starts when the moves' simulated hour ended (`now`)."""
    began = time.perf_counter()
    storage = await Storage(target).open()
    service = TableService(storage, clock=ManualClock(now))
    scheduler = Scheduler(service)
    armed = await scheduler.start()
    opened = time.perf_counter() - began
    behind, running = await storage.running_tables_behind()
    for table_id in behind:  # what the repair loads to draw; each is one edit (one REST call)
        await service.get(table_id)
    ready = time.perf_counter() - began
    figures = {
        "ready_s": ready,
        "storage_and_scheduler_s": opened,
        "timers_armed": armed,
        "running": running,
        "edits": len(behind),
        "in_memory": service.cached(),
        "rss_mb": rss_mb(),
    }
    await scheduler.stop()
    await storage.close()
    return figures


def phase(name: str, target: str, tables: int, moves: int, now: float = 0.0) -> dict:
    """Run a phase in a fresh process: its memory is its own."""
    run = subprocess.run(
        [
            *(sys.executable, __file__, "--phase", name, "--target", target),
            *("--tables", str(tables), "--moves", str(moves), "--now", repr(now)),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode:
        raise RuntimeError(f"phase {name} failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


async def new_database(server_url: str, name: str) -> str:
    import asyncpg

    connection = await asyncpg.connect(server_url)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return server_url.rsplit("/", 1)[0] + "/" + name


def measure(backend: str, arguments, folder: Path, server_url: str | None) -> dict:
    figures: dict = {}
    for label, count in (("floor", 200), ("many", arguments.tables)):
        if backend == "postgres":
            assert server_url is not None
            target = asyncio.run(new_database(server_url, f"turnbased_{label}_{os.getpid()}"))
        else:
            target = str(folder / f"{label}.sqlite3")
        began = time.perf_counter()
        asyncio.run(seed(target, count, min(arguments.guilds, count)))
        say(f"{backend}: seeded {count} tables in {time.perf_counter() - began:.1f} s")
        figures[label] = {"moves": phase("moves", target, count, arguments.moves)}
        say(f"  moves: {figures[label]['moves']}")
        if label == "many":
            now = figures[label]["moves"]["clock"]
            figures[label]["start"] = phase("start", target, count, arguments.moves, now)
            say(f"  start: {figures[label]['start']}")
    return figures


def table(results: dict, tables: int) -> str:
    lines = [
        f"| figure ({tables} tables) | " + " | ".join(results) + " | target |",
        "| --- | " + " | ".join("---" for _ in results) + " | --- |",
    ]

    def row(name: str, target: str, cell) -> None:
        lines.append(f"| {name} | " + " | ".join(cell(r) for r in results.values()) + f" | {target} |")

    row(
        "start to ready (storage, scheduler, repair loads)",
        "≤ 10 s",
        lambda r: f"{r['many']['start']['ready_s']:.2f} s",
    )
    row(
        "of which storage opened and timers armed",
        "",
        lambda r: f"{r['many']['start']['storage_and_scheduler_s']:.2f} s",
    )
    row("timers armed at start (within 10 minutes)", "", lambda r: str(r["many"]["start"]["timers_armed"]))
    row(
        "edits at start (before: every running table)",
        "≤ 50",
        lambda r: f"{r['many']['start']['edits']} (before: {r['many']['start']['running']})",
    )
    row("resident memory after start", "≤ 300 MB", lambda r: f"{r['many']['start']['rss_mb']:.0f} MB")
    row(
        "resident memory after the moves; tables in memory; timer tasks",
        "≤ 300 MB",
        lambda r: (
            f"{r['many']['moves']['rss_mb']:.0f} MB; {r['many']['moves']['in_memory']}; "
            f"{r['many']['moves']['timer_tasks']}"
        ),
    )
    row(
        "a move p50 / p99 (tables loaded from storage)",
        "",
        lambda r: (
            f"{r['many']['moves']['p50_ms']:.1f} / {r['many']['moves']['p99_ms']:.1f} ms "
            f"({r['many']['moves']['loaded']})"
        ),
    )
    row(
        "the same moves on 200 tables p50 / p99 (floor)",
        "",
        lambda r: f"{r['floor']['moves']['p50_ms']:.1f} / {r['floor']['moves']['p99_ms']:.1f} ms",
    )
    row(
        "p99 ratio, many / 200",
        "",
        lambda r: f"{r['many']['moves']['p99_ms'] / r['floor']['moves']['p99_ms']:.2f}",
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--guilds", type=int, default=500)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--phase", choices=("moves", "start"), help=argparse.SUPPRESS)
    parser.add_argument("--target", help=argparse.SUPPRESS)
    parser.add_argument("--now", type=float, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.phase == "moves":
        print(json.dumps(asyncio.run(moves_phase(arguments.target, arguments.tables, arguments.moves))))
        return
    if arguments.phase == "start":
        print(json.dumps(asyncio.run(start_phase(arguments.target, arguments.now))))
        return
    results: dict = {}
    server = None
    with tempfile.TemporaryDirectory(prefix="bodoge-turnbased-") as folder:
        try:
            for backend in ("sqlite", "postgres") if arguments.backend == "both" else (arguments.backend,):
                url = None
                if backend == "postgres":
                    from tests.support.postgres import PostgresServer

                    server = PostgresServer(durable=True).start()
                    url = server.url()
                    os.chmod(folder, 0o755)
                results[backend] = measure(backend, arguments, Path(folder), url)
        finally:
            if server is not None:
                server.stop()
    print(json.dumps(results, indent=2) if arguments.json else table(results, arguments.tables))


if __name__ == "__main__":
    main()
