"""The bot under measure in bench/run.py: its configuration, its database (an SQLite file, or with --postgres /
--database a fresh PostgreSQL database per section), its start, and the probe of its event loop's stalls."""

from __future__ import annotations

import asyncio
import gc
import os
import time
from pathlib import Path

from bench.figures import say
from bot.config import Config


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
