"""A clock the tests move by hand: `advance(hours=…)` wakes, in order, everything that sleeps until a moment now
past, so a game of days is played in milliseconds."""

from __future__ import annotations

import asyncio
import heapq
import itertools

from bot.clock import Clock


class ManualClock(Clock):
    def __init__(self, start: float = 1_800_000_000.0, settle: float = 0.05) -> None:
        self.now = start
        self.settle = settle  # real seconds given to what a wake-up starts (storage threads, loopback HTTP)
        self._sleepers: list[tuple[float, int, asyncio.Future]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self.now

    async def sleep_until(self, moment: float) -> None:
        if moment <= self.now:
            await asyncio.sleep(0)
            return
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (moment, next(self._order), future))
        await future

    def sleepers(self) -> int:
        return sum(1 for *_, future in self._sleepers if not future.done())

    async def advance(self, seconds: float = 0, *, minutes: float = 0, hours: float = 0, days: float = 0) -> None:
        """Move time forward, waking each sleeper due meanwhile at its own moment (earliest first) and letting what
        it starts run before the clock moves on."""
        target = self.now + seconds + minutes * 60 + hours * 3600 + days * 86400
        while self._sleepers and self._sleepers[0][0] <= target:
            moment, _, future = heapq.heappop(self._sleepers)
            self.now = max(self.now, moment)
            if not future.done():
                future.set_result(None)
            await self._settle()
        self.now = target
        await self._settle()

    async def _settle(self) -> None:
        """Let woken tasks run, and what they wait on (a storage thread, a loopback request) answer."""
        for _ in range(20):
            await asyncio.sleep(0)
        await asyncio.sleep(self.settle)
