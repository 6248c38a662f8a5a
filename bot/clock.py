"""The host's time: what time it is and how to wait for a moment. Every timer, deadline and playing-hours
computation asks one `Clock`; tests hand the service and the fake Discord one `ManualClock`
(tests/support/clock.py) and move days forward without waiting."""

from __future__ import annotations

import asyncio
import time


class Clock:
    """Wall-clock time (epoch seconds) and a sleep until a moment of it."""

    def __call__(self) -> float:
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        delay = moment - self()
        if delay > 0:
            await asyncio.sleep(delay)
