"""Storage benchmarks, each against its floor in the same run: persisted Blue Border actions/s through the table
service, one table at a time and 200 tables acting at once (group commit), against raw single-row commits on the
same database (asyncpg on PostgreSQL, aiosqlite on SQLite). The 200-table latency run on PostgreSQL is
`bench/run.py --postgres`.

    .venv/bin/python bench/storage.py [--quick] [--backend postgres|sqlite|both] [--json]

PostgreSQL is started from the system's binaries as the tests do (tests/support/postgres.py), durable: fsync on.
SQLite runs as the bot does (WAL, synchronous=FULL: fsynced at each commit), its floor with the same pragmas; it is
measured again with synchronous=NORMAL (`sqlite_normal`: no fsync at commit, the floor only aiosqlite's thread hop).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import logging
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite  # noqa: E402
import asyncpg  # noqa: E402

from bot.storage import Storage, is_postgres  # noqa: E402
from bot.tables import TableService  # noqa: E402

CHANNELS = itertools.count(10**7)  # a fresh channel for every table of the run
PAYLOAD = '{"type": "take", "source": "deck"}'


class RawCommits:
    """Single-row INSERTs, each its own commit, one after another: the floor. On SQLite with the storage's own
    journal and synchronous pragmas (the same durability), through aiosqlite (one thread hop per commit)."""

    def __init__(self, target: str, synchronous: str = "FULL") -> None:
        self.target, self.synchronous, self.connection = target, synchronous, None

    async def open(self) -> RawCommits:
        if is_postgres(self.target):
            self.connection = await asyncpg.connect(self.target)
            await self.connection.execute("CREATE TABLE IF NOT EXISTS raw (id BIGSERIAL PRIMARY KEY, payload TEXT)")
        else:
            self.connection = await aiosqlite.connect(self.target, isolation_level=None)
            await self.connection.execute("PRAGMA journal_mode=WAL")
            await self.connection.execute(f"PRAGMA synchronous={self.synchronous}")
            await self.connection.execute("CREATE TABLE IF NOT EXISTS raw (id INTEGER PRIMARY KEY, payload TEXT)")
        return self

    async def run(self, count: int) -> float:
        """Seconds for `count` commits."""
        started = time.perf_counter()
        for _ in range(count):
            if is_postgres(self.target):
                await self.connection.execute("INSERT INTO raw (payload) VALUES ($1)", PAYLOAD)
            else:
                await self.connection.execute("INSERT INTO raw (payload) VALUES (?)", (PAYLOAD,))
        return time.perf_counter() - started

    async def close(self) -> None:
        await self.connection.close()


async def blue_border_table(service: TableService):
    table = await service.open("blue_border", guild_id=1, channel_id=next(CHANNELS), host_id=1, host_name="a")
    await service.join(table.id, 2, "b")
    await service.start(table.id, 1)
    return table


async def play(service: TableService, count: int, tables: int) -> tuple[float, float]:
    """Seconds for `count` persisted actions with `tables` Blue Border tables acting at once (each table's actions in
    order, as people make them), and the seconds of those spent opening new tables: the tables are opened before the
    clock starts; a finished one is replaced (three commits of its own: open, join, start)."""
    made, opening = [0], [0.0]
    ready = [await blue_border_table(service) for _ in range(tables)]

    async def one_table(table, rng: random.Random) -> None:
        while made[0] < count:
            if table.status != "running":
                started = time.perf_counter()
                table = await blue_border_table(service)
                opening[0] += time.perf_counter() - started
            acting = [s for s in table.state.to_act() if s >= 0]
            if acting:
                action = rng.choice(table.state.legal_actions(acting[0]))
                await service.play.act(table, acting[0], table.version, action, "user")
            else:
                await service.expire(table.id, table.version)
            made[0] += 1

    started = time.perf_counter()
    await asyncio.gather(*(one_table(table, random.Random(n)) for n, table in enumerate(ready)))
    return time.perf_counter() - started, opening[0]


async def storage_figures(target: str, quick: bool, synchronous: str | None = None) -> dict:
    """Rounds that alternate the floor and each figure, so a disk whose fsync time drifts during the run (a shared
    machine) weighs on both alike. `synchronous`: SQLite's setting for both (default: the storage's own, FULL)."""
    rounds, count = (2, 200) if quick else (5, 400)
    options = {} if is_postgres(target) or synchronous is None else {"synchronous": synchronous}
    storage = await Storage(target, **options).open()
    raw = await RawCommits(target, getattr(storage, "synchronous", "")).open()
    service = TableService(storage, race_grace=0.0, ai_delay=3600)
    floor_seconds = sequential_seconds = opening_seconds = concurrent_seconds = 0.0
    batches = committed = 0
    try:
        for _ in range(rounds):
            floor_seconds += await raw.run(count)
            seconds, opening = await play(service, count, 1)
            sequential_seconds += seconds - opening  # one table at a time: its actions alone
            opening_seconds += opening
            floor_seconds += await raw.run(count)
            before = (storage.group.transactions, storage.group.actions)
            concurrent_seconds += (await play(service, count * 4, 200))[0]  # openings overlap other tables' actions
            batches += storage.group.transactions - before[0]
            committed += storage.group.actions - before[1]
    finally:
        await storage.close()
        await raw.close()
    floor = 2 * rounds * count / floor_seconds
    sequential = rounds * count / sequential_seconds
    with_openings = rounds * count / (sequential_seconds + opening_seconds)
    concurrent = rounds * count * 4 / concurrent_seconds
    return {
        "raw_commits_per_s": floor,
        "sequential_actions_per_s": sequential,
        "sequential_ratio": sequential / floor,
        "sequential_ratio_with_openings": with_openings / floor,
        "concurrent_actions_per_s": concurrent,
        "concurrent_ratio": concurrent / floor,
        "actions_per_transaction_concurrent": committed / max(batches, 1),
    }


async def main(quick: bool, backends: list[str], as_json: bool) -> None:
    results: dict = {}
    server = None
    try:
        for backend in backends:
            if backend == "postgres":
                from tests.support.postgres import PostgresServer

                server = PostgresServer(durable=True).start()
                target = await server.create_database("bench")
                results["postgres"] = await storage_figures(target, quick)
            else:
                with tempfile.TemporaryDirectory() as folder:
                    results["sqlite"] = await storage_figures(str(Path(folder) / "bench.sqlite3"), quick)
                    # SQLite's usual WAL setting, for comparison: no fsync at commit (a power cut may lose the last
                    # commits), so the floor is aiosqlite's thread hop and the engine's own work weighs most
                    results["sqlite_normal"] = await storage_figures(
                        str(Path(folder) / "normal.sqlite3"), quick, "NORMAL"
                    )
    finally:
        if server is not None:
            server.stop()
    if as_json:
        print(json.dumps(results))
        return
    for backend, figures in results.items():
        print(backend)
        for name, value in figures.items():
            print(f"  {name:<38} {value:10.2f}")


if __name__ == "__main__":
    logging.disable(logging.WARNING)  # here, not on import (bench/run.py imports this module; so may a test)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--backend", choices=["postgres", "sqlite", "both"], default="both")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    chosen = ["postgres", "sqlite"] if arguments.backend == "both" else [arguments.backend]
    asyncio.run(main(arguments.quick, chosen, arguments.json))
