"""One scheduler for every table's timed work: deadlines (the engine's timeout at expiry), AI wake-ups, the
"your turn" reminders and idle lobbies (closed after a while without a change).
Timers live in storage, so `start()` after a restart re-arms whatever was pending (overdue ones fire at once).
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


class Scheduler(TableListener):
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._tasks: dict[tuple[int, str], asyncio.Task] = {}
        self.running = False
        self.retry_delays = RETRY_DELAYS
        service.listen(self)

    async def start(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Arm every stored timer (with `owns`: of the tables in the guilds this process's shards run); returns how
        many. A process that takes a shard over picks that shard's timers up here."""
        self.running = True
        await self.service.time_idle_lobbies(owns)
        timers = await self.service.storage.timers(owns)
        for timer in timers:
            self._arm(timer)
        return len(timers)

    async def stop(self) -> None:
        self.running = False
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def pending(self) -> int:
        return len(self._tasks)

    def on_timer(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        kinds = ALL_TIMER_KINDS if kind == "all" else (kind,)
        for name in kinds:
            task = self._tasks.pop((table_id, name), None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        if timer is not None and self.running:
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
        for attempt in itertools.count():
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]
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
                await asyncio.sleep(self.retry_delays[min(attempt, len(self.retry_delays) - 1)])
            except Exception:
                log.exception("table %s: %s timer failed", timer.table_id, timer.kind)
                return

    async def _work(self, timer: TimerRow) -> None:
        if timer.kind == "deadline":
            await self.service.expire(timer.table_id, timer.version)
        elif timer.kind == "ai":
            await self.service.ai_move(timer.table_id, timer.version)
        elif timer.kind == "lobby":
            await self.service.close_idle_lobby(timer.table_id, timer.due_at)
        elif timer.kind == "nudge":
            await self.service.nudge(timer.table_id)
