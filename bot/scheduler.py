"""One scheduler for every table's timed work: deadlines (the engine's timeout at expiry), AI wake-ups and idle
lobbies (closed after a while without a change).
Timers live in storage, so `start()` after a restart re-arms whatever was pending (overdue ones fire at once)."""
from __future__ import annotations

import asyncio
import logging

from bot.storage import TimerRow
from bot.tables import TableService

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._tasks: dict[tuple[int, str], asyncio.Task] = {}
        self.running = False
        service.timer_listeners.append(self._on_timer)

    async def start(self) -> int:
        """Arm every stored timer; returns how many."""
        self.running = True
        await self.service.time_idle_lobbies()
        timers = await self.service.storage.timers()
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

    def _on_timer(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        kinds = ("deadline", "ai", "lobby") if kind == "all" else (kind,)
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
        delay = timer.due_at - self.service.clock()
        if delay > 0:
            await asyncio.sleep(delay)
        key = (timer.table_id, timer.kind)
        if self._tasks.get(key) is asyncio.current_task():
            del self._tasks[key]
        try:
            if timer.kind == "deadline":
                await self.service.expire(timer.table_id, timer.version)
            elif timer.kind == "ai":
                await self.service.ai_move(timer.table_id, timer.version)
            elif timer.kind == "lobby":
                await self.service.close_idle_lobby(timer.table_id, timer.due_at)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: %s timer failed", timer.table_id, timer.kind)
