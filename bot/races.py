"""First-press races: when several seats may press in a window (Blue Border's 「ボーダー！」), the press with the
earliest Discord timestamp wins, even when it arrives second.

The first press of a race opens a short grace period; every press arriving during it joins; then the presses are
carried out in timestamp order. The first to succeed wins; a later press that then fails was simply slower.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000


def snowflake_time_ms(snowflake: int) -> int:
    """Milliseconds since the Unix epoch at which Discord stamped a snowflake."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


class TooSlow(Exception):
    """Another press in the same race was earlier and won."""


@dataclass(order=True)
class _Press:
    stamp: int
    order: int
    attempt: Callable[[], Awaitable[Any]] = field(compare=False)
    future: asyncio.Future = field(compare=False)


class FirstPressRaces:
    def __init__(self, grace_seconds: float = 0.35) -> None:
        self.grace_seconds = grace_seconds
        self._open: dict[Any, list[_Press]] = {}
        self._count = 0

    def open(self, key: Any) -> bool:
        """Whether the race `key` is still collecting presses."""
        return key in self._open

    async def press(self, key: Any, stamp_ms: int, attempt: Callable[[], Awaitable[Any]]) -> Any:
        """Join the race `key` with a press stamped `stamp_ms`; returns `attempt()`'s result or raises TooSlow."""
        loop = asyncio.get_running_loop()
        self._count += 1
        entry = _Press(stamp_ms, self._count, attempt, loop.create_future())
        if key in self._open:
            self._open[key].append(entry)
        else:
            self._open[key] = [entry]
            loop.create_task(self._settle(key))
        return await entry.future

    async def _settle(self, key: Any) -> None:
        await asyncio.sleep(self.grace_seconds)
        entries = sorted(self._open.pop(key))
        won = False
        for entry in entries:
            try:
                result = await entry.attempt()
            except Exception as error:  # noqa: BLE001 - handed to the presser
                entry.future.set_exception(TooSlow() if won else error)
            else:
                won = True
                entry.future.set_result(result)
