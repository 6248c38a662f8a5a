"""The one way the host hears from the table service. A listener subclasses `TableListener`, overrides what it
needs and is registered with `TableService.listen`; listeners are told in the order they were registered."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage import TimerRow
    from bot.tables.model import Table

log = logging.getLogger(__name__)


class TableListener:
    """Every callback does nothing unless overridden. None may change a table: they show, send, count and record."""

    def prepare(self, table: Table, source: str) -> None:
        """An action was applied in memory and is about to be committed (`table.version` is already the version it
        commits): start preparing what will show it (drawing its picture), never show or send anything before
        `on_change`. Synchronous and quick: it runs before the commit, under the table's lock."""

    def committing(self, table: Table, source: str) -> None:
        """That action's commit is on its way to storage: the table is as the commit leaves it (its choices, status,
        timers and recent events), so what shows it can be made while the disk works (under the table's lock, not
        sent before `on_change`). Synchronous and quick: start the work, do not do it here."""

    async def on_change(self, table: Table, events: list[dict]) -> None:
        """A committed change anyone could see (lobby changes too), with the events it made ([] for none)."""

    async def on_finished(self, table: Table) -> None:
        """A game ended (told once per game, after the `on_change` that showed its last move); `table.state.result()`
        is stored already."""

    def on_timer(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        """A table's timer of `kind` is now `timer` (None: none; kind "all": every timer of the table is gone)."""

    async def on_your_turn(self, table: Table, seats: list[int], half: bool = False) -> None:
        """These seats' persons have not acted within the delay: tell them it is their turn (once per turn). `half`:
        half the time for this move has passed (a turn-based table's second reminder of the same turn)."""

    def holds(self, table: Table) -> bool:
        """Whether this listener still has work on the table (an edit of its message under way or queued): an idle
        table leaves memory only when no listener holds it."""
        return False

    def on_evicted(self, table_id: int) -> None:
        """The table left memory (idle): drop what is kept of it. It comes back from storage when next used, as a
        new object."""


class Listeners:
    """The registered listeners, told one after another. A listener's failure never undoes or stops a committed
    change: it is logged and the next listener is told."""

    def __init__(self) -> None:
        self._all: list[TableListener] = []
        self._preparers: list[TableListener] = []  # those that override `prepare`
        self._committers: list[TableListener] = []  # those that override `committing`

    def add(self, listener: TableListener) -> None:
        self._all.append(listener)
        if type(listener).prepare is not TableListener.prepare:
            self._preparers.append(listener)
        if type(listener).committing is not TableListener.committing:
            self._committers.append(listener)

    def remove(self, listener: TableListener) -> None:
        self._all = [known for known in self._all if known is not listener]
        self._preparers = [known for known in self._preparers if known is not listener]
        self._committers = [known for known in self._committers if known is not listener]

    def __iter__(self):
        return iter(list(self._all))

    async def prepare(self, table: Table, source: str) -> None:
        """Start every preparation, then yield once so that what they started (a picture drawn in a worker) runs
        beside the commit."""
        if not self._preparers:
            return
        for listener in self._preparers:
            try:
                listener.prepare(table, source)
            except Exception:  # preparing is only a head start: the board is drawn again when shown
                log.exception("table %s: preparing its board failed", table.id)
        await asyncio.sleep(0)

    def committing(self, table: Table, source: str) -> None:
        for listener in self._committers:
            try:
                listener.committing(table, source)
            except Exception:  # only a head start: what shows the change is made again when needed
                log.exception("table %s: preparing its message failed", table.id)

    async def changed(self, table: Table, events: list[dict]) -> None:
        table.revision += 1
        for listener in list(self._all):
            try:
                await listener.on_change(table, events)
            except Exception:  # a display problem must never undo a committed move
                log.exception("table %s: listener failed", table.id)

    async def finished(self, table: Table) -> None:
        for listener in list(self._all):
            try:
                await listener.on_finished(table)
            except Exception:
                log.exception("table %s: end-of-game listener failed", table.id)

    def timer(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        for listener in list(self._all):
            listener.on_timer(timer, table_id, kind)

    def holds(self, table: Table) -> bool:
        return any(listener.holds(table) for listener in self._all)

    def evicted(self, table_id: int) -> None:
        for listener in list(self._all):
            try:
                listener.on_evicted(table_id)
            except Exception:
                log.exception("table %s: a listener failed to let it go", table_id)

    async def your_turn(self, table: Table, seats: list[int], half: bool = False) -> None:
        for listener in list(self._all):
            try:
                if half:
                    await listener.on_your_turn(table, seats, half=True)
                else:  # a listener written before the half-time reminder takes (table, seats) alone
                    await listener.on_your_turn(table, seats)
            except Exception:
                log.exception("table %s: your-turn listener failed", table.id)
