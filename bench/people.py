"""The people of bench/run.py and the loopback fake Discord with them, in a process of their own: Discord and its
users never run in the bot's process, and there they would share its event loop and its garbage collections.

    .venv/bin/python -m bench.people FD     (started by `started()`: FD is its end of a socket pair)

The people press as a person would (`move`, bench/person.py), through the fake's REST and gateway like any client:
many at once for the latency section (`People.load`), one at a time for the games section (`OnePerson`,
bench/one_person.py). What a person knows of a table beyond its message (its version, whether it still runs, who
may act) the bench's process writes, for each change the bot's table service commits, into `States`, a memory map
both processes share; people read it through a `Mirror`, which has the fields of the bot's `Table` that `move` reads
(bench/states.py). The bench's process makes every table (the bot's service opens, starts and posts it) and drives
this one by calls on a `Link` (bench/link.py); a person who finds a table finished asks it for a new one of the same
game, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.link import Link  # noqa: E402
from bench.one_person import OnePerson  # noqa: E402
from bench.person import acting_user, move  # noqa: E402
from bench.states import Mirror, States  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def populate(fake: FakeDiscord):
    """A guild and four people in it: (guild, users)."""
    guild = fake.add_guild("bench")
    users = [fake.add_user(name) for name in "abcd"]
    for user in users:
        fake.add_member(guild, user)
    return guild, users


def run_queue_seconds() -> float:
    """Seconds this thread has waited, runnable, for a CPU (Linux schedstat; 0 elsewhere): time a busy machine took
    from the event loop, as against time the loop had nothing to do."""
    try:
        with open("/proc/thread-self/schedstat") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class People:
    """The fake Discord, the guild's four people and the tables they play, in the people's process; the bench's
    process drives it by calls on the link."""

    def __init__(self, fake: FakeDiscord, states_path: str) -> None:
        self.fake = fake
        self.guild, users = populate(fake)
        self.users = {user.id: user for user in users}
        self.states = States(states_path, list(self.users), create=True)
        self.tables: list[Mirror] = []
        self.rng = random.Random(1)
        self.link: Link | None = None
        self.done = asyncio.get_running_loop().create_future()

    def handlers(self) -> dict:
        return {
            "close": lambda: self.done.done() or self.done.set_result(None),
            "world": self.world,
            "channel": self.channel,
            "tables": self.watch,
            "settle": self.settle,
            "load": self.load,
        }

    async def world(self) -> dict:
        return {
            "bot_token": self.fake.bot_token,
            "api_base": self.fake.api_base,
            "guild_id": self.guild.id,
            "users": [(user.id, user.name) for user in self.users.values()],
            "pid": os.getpid(),
        }

    async def channel(self, name: str) -> int:
        return self.fake.add_channel(self.guild, name).id

    async def watch(self, tables: list[tuple]) -> None:
        """Tables for the people to play: (table id, game, message id) each, its word already in `states`."""
        self.tables = [self.mirror(*table) for table in tables]

    def mirror(self, table_id: int, game: str, message_id: int) -> Mirror:
        return Mirror(self.states, table_id, game, self.fake.message(message_id))

    async def replace(self, game: str) -> Mirror:
        """A new table of `game`, made by the bench's process, for one found finished."""
        return self.mirror(*await self.link.call("replace", game))

    async def settle(self) -> None:
        """The setup is done: forget its history, keep the last 3 s from now on, and freeze what it made out of
        the garbage collector's walks (as the bot does with what its startup loaded)."""
        self.fake.forget(older_than=0.0)
        asyncio.get_running_loop().create_task(self.forgetting())
        gc.collect()
        gc.freeze()

    async def forgetting(self) -> None:
        """A real Discord carries no history in anybody's heap: keep the last 3 s of the fake's (a press is answered
        in well under a second)."""
        while True:
            await asyncio.sleep(1.0)
            self.fake.forget(older_than=3.0)

    async def load(self, people: int, duration: float) -> dict:
        """`people` persons pressing at once for `duration` seconds: every press's (ms, race?), the actions
        accepted, and what the run cost this process."""
        presses: list = []
        accepted = [0]
        busy: set[int] = set()
        start_time, cpu, queued = time.perf_counter(), time.process_time(), run_queue_seconds()
        stop_at = start_time + duration
        await asyncio.gather(*(self.person(presses, accepted, busy, stop_at) for _ in range(people)))
        return {
            "presses": presses,
            "accepted": accepted[0],
            "elapsed": time.perf_counter() - start_time,
            "cpu": time.process_time() - cpu,
            "queued": run_queue_seconds() - queued,
        }

    async def person(self, presses: list, accepted: list, busy: set, stop_at: float) -> None:
        tables, rng = self.tables, self.rng
        while time.perf_counter() < stop_at:
            index = rng.randrange(len(tables))
            table = tables[index]
            if index in busy:
                await asyncio.sleep(0)
                continue
            if table.status != "running":
                busy.add(index)
                tables[index] = await self.replace(table.game)
                busy.discard(index)
                continue
            user = acting_user(self.users, table.acting, rng)
            if user is None:
                await asyncio.sleep(0.001)
                continue
            busy.add(index)
            try:
                version = table.version
                await move(self.fake, table, table.board, user, rng, presses)
                accepted[0] += table.version > version
            finally:
                busy.discard(index)


async def serve(fd: int, states_path: str) -> None:
    # Discord and its users run elsewhere: here they take their fair share of the CPUs (the bot's weight, its nice
    # value inherited), but as SCHED_BATCH their wakeups never preempt the bot's loop in its step (they still preempt
    # the bot's SCHED_IDLE render workers, as the bot's own threads do)
    os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    from cogs.client import tune_gc

    tune_gc()  # the collector as the bot's process has it
    async with FakeDiscord(timeout=60) as fake:
        people = People(fake, states_path)
        handlers = people.handlers() | OnePerson(people).handlers()
        people.link = await Link.over(socket.socket(fileno=fd), handlers)
        await asyncio.wait([people.done, people.link.closed], return_when=asyncio.FIRST_COMPLETED)


@contextlib.asynccontextmanager
async def started(handlers: dict, states_path: str | Path) -> AsyncIterator[tuple[Link, subprocess.Popen]]:
    """This module in a process of its own, and the link to it; `handlers` answer its calls. It makes its States
    at `states_path`."""
    ours, theirs = socket.socketpair()
    process = subprocess.Popen(
        [sys.executable, "-m", "bench.people", str(theirs.fileno()), str(states_path)],
        pass_fds=[theirs.fileno()],
        cwd=ROOT,
    )
    theirs.close()
    link = await Link.over(ours, handlers)
    try:
        yield link, process
    finally:
        link.note("close")
        for _ in range(100):
            if process.poll() is not None:
                break
            await asyncio.sleep(0.05)
        else:
            process.kill()
        link.close()


if __name__ == "__main__":
    import logging

    logging.disable(logging.WARNING)
    asyncio.run(serve(int(sys.argv[1]), sys.argv[2]))
