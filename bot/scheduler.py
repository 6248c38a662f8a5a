"""One scheduler for every table's timed work: deadlines (the engine's timeout at expiry), AI wake-ups, the
"your turn" reminders and idle lobbies (closed after a while without a change).
Timers live in storage, so `start()` after a restart re-arms whatever was pending (overdue ones fire at once).
Only timers due within `horizon` hold a task: a deadline days away is a row in storage, and a sweep every horizon/2
(on the service's clock) arms those coming due, read through storage's index (`timers_due_before`); each is armed at
least horizon/2 before it is due. The same sweep lets tables idle for `idle_after` seconds leave memory
(`TableService.evict_idle`).
A timer whose work meets a storage fault (StorageDown) is not lost: it fires again after a back-off (RETRY_DELAYS,
then the last of them) until storage commits, unless a newer timer of its table and kind replaced it meanwhile."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Callable

from bot.storage import TimerRow
from bot.tables import ALL_TIMER_KINDS, StorageDown, TableListener, TableService

log = logging.getLogger(__name__)
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0)  # seconds before a timer that met a storage fault fires again
HORIZON = 600.0  # seconds: timers due sooner hold a task; later ones wait in storage for a sweep
IDLE_AFTER = 1800.0  # seconds a table stays in memory unused (0: forever)


def _same(a: TimerRow, b: TimerRow) -> bool:
    return (a.version, a.due_at, a.detail) == (b.version, b.due_at, b.detail)


class Scheduler(TableListener):
    def __init__(self, service: TableService, *, horizon: float = HORIZON, idle_after: float = IDLE_AFTER) -> None:
        self.service = service
        self.horizon = horizon
        self.idle_after = idle_after
        self._tasks: dict[tuple[int, str], asyncio.Task] = {}
        # each timer that fired while its row may stay in storage unchanged (a reminder that told everyone, a timeout
        # the engine refused): a sweep never fires a stored timer twice. An entry goes when its table's timer of that
        # kind changes or the table ends: at most one per open table and kind
        self._fired: dict[tuple[int, str], TimerRow] = {}
        self._owns: Callable[[int | None], bool] | None = None
        self._shards_move = False
        self._sweeper: asyncio.Task | None = None
        self.running = False
        self.retry_delays = RETRY_DELAYS
        self.sweeps = 0
        service.listen(self)

    async def start(self, owns: Callable[[int | None], bool] | None = None, *, shards_move: bool = False) -> int:
        """Arm the stored timers due within the horizon, overdue ones included (with `owns`: of the tables in the
        guilds this process's shards run), and start the sweep that arms the later ones as they come near; returns
        how many were armed. A process that takes a shard over picks that shard's timers up here. `shards_move`:
        `owns` changes while the process runs (a shard cluster's leases), so each timer asks it again when due."""
        self.running = True
        self._owns = owns
        self._shards_move = shards_move
        await self.service.time_idle_lobbies(owns)
        armed = await self._arm_due()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return armed

    async def adopt(self) -> int:
        """Arm the timers of tables this process has just come to own (a shard group taken over), overdue ones
        included; returns how many were armed."""
        await self.service.time_idle_lobbies(self._owns)
        return await self._arm_due()

    async def stop(self) -> None:
        self.running = False
        tasks = list(self._tasks.values())
        if self._sweeper is not None:
            tasks.append(self._sweeper)
            self._sweeper = None
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def pending(self) -> int:
        return len(self._tasks)

    async def _arm_due(self) -> int:
        """Arm every stored timer due before now + horizon that is neither armed nor fired already. A table in memory
        is read there (its timers are what this process last committed: a move may have landed during the read)."""
        until = self.service.clock() + self.horizon
        timers = await self.service.storage.timers_due_before(until, self._owns)
        armed = 0
        for stored in timers:
            key = (stored.table_id, stored.kind)
            table = self.service.cached_table(stored.table_id)
            timer = table.timers.get(stored.kind) if table is not None else stored
            if timer is None or timer.due_at >= until or key in self._tasks:
                continue
            fired = self._fired.get(key)
            if fired is not None and _same(fired, timer):
                continue
            self._arm(timer)
            armed += 1
        return armed

    async def _sweep(self) -> None:
        """Every horizon/2: arm the timers coming due, and let idle tables leave memory."""
        clock = self.service.clock
        while self.running:
            await clock.sleep_until(clock() + self.horizon / 2)
            try:
                await self._arm_due()
            except asyncio.CancelledError:
                raise
            except Exception:  # storage down: storage's health has said so; the next sweep tries again
                log.info("the timer sweep could not read storage", exc_info=True)
            if self.idle_after:
                self.service.evict_idle(self.idle_after)
            self.sweeps += 1  # counted once done: a test on a ManualClock waits for it

    def on_timer(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        kinds = ALL_TIMER_KINDS if kind == "all" else (kind,)
        for name in kinds:
            key = (table_id, name)
            self._fired.pop(key, None)
            task = self._tasks.pop(key, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        if timer is not None and self.running and timer.due_at < self.service.clock() + self.horizon:
            self._arm(timer)

    def _arm(self, timer: TimerRow) -> None:
        key = (timer.table_id, timer.kind)
        old = self._tasks.pop(key, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self._tasks[key] = asyncio.get_running_loop().create_task(self._fire(timer))

    async def _fire(self, timer: TimerRow) -> None:
        await self.service.clock.sleep_until(timer.due_at)
        key = (timer.table_id, timer.kind)
        if not await self._ours(timer):  # its shard went to another process while it waited
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]
            return
        for attempt in itertools.count():
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]
                # a copy: the service may edit its timer in place (a reminder's "told")
                self._fired[key] = TimerRow(timer.table_id, timer.kind, timer.version, timer.due_at, timer.detail)
            try:
                await self._work(timer)
                return
            except asyncio.CancelledError:
                raise
            except StorageDown:  # logged once by storage's health; this timer waits for storage to come back
                if key in self._tasks or not self.running:  # a newer timer of this kind took over, or stopping
                    return
                task = asyncio.current_task()
                assert task is not None  # a timer runs as a task of its own
                self._tasks[key] = task
                self._fired.pop(key, None)
                await asyncio.sleep(self.retry_delays[min(attempt, len(self.retry_delays) - 1)])
            except Exception:
                log.exception("table %s: %s timer failed", timer.table_id, timer.kind)
                return

    async def _ours(self, timer: TimerRow) -> bool:
        """Whether this process still runs the shard of the timer's table (always, unless shards move)."""
        if self._owns is None or not self._shards_move:
            return True
        try:
            table = await self.service.get(timer.table_id)
        except Exception:  # no such table, storage down: the work meets it and says so
            return True
        if self._owns(table.guild_id):
            return True
        self.service.forget(timer.table_id)
        return False

    async def _work(self, timer: TimerRow) -> None:
        if timer.kind == "deadline":
            await self.service.expire(timer.table_id, timer.version)
        elif timer.kind == "ai":
            await self.service.ai_move(timer.table_id, timer.version)
        elif timer.kind == "lobby":
            await self.service.close_idle_lobby(timer.table_id, timer.due_at)
        elif timer.kind == "nudge":
            await self.service.nudge(timer.table_id)
