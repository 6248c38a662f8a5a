"""Writes of the public table message. The bot's own edits (AI moves, timeouts, lobby changes) are coalesced: a burst
of changes costs one edit; a change shown through an interaction response needs no extra edit.

Every write of one table's message (an edit here, or the answer to a press on it, `TableCog.show`) goes through
`write`, one at a time per table, and draws the table as it is when its turn comes. Requests and answers on
different connections have no order on Discord, and pictures drawn off the loop take their time: were writes of one
message allowed to overlap, an older board could land after a newer one while the bot believed the newer one shown.
One at a time, the message shows the revision of the last write that completed, so `shown` is exact and the latest
state always reaches the message: after every write, a table that moved on is refreshed again.

What a landed write showed is also stored, as a mark (bot.storage.rows.shown_mark: the version, seats and deadline
it was drawn from), batched `mark_delay` apart off every move's commit: after a restart only the running tables whose
stored mark is not their committed one are drawn again (`repair`). A mark not yet written when the process dies only
costs that table a redraw."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.render_pool import ready
from bot.storage.rows import shown_mark
from bot.tables import Table, TableError
from cogs import places
from cogs.ui import TableMessage

if TYPE_CHECKING:
    from cogs.table import TableCog

log = logging.getLogger(__name__)
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0)  # after a write that may not have landed (5xx, network): then wait a change


class DroppedCopy(Exception):
    """The table object to draw was dropped from memory after a failed commit: it may show what was never saved, so it
    is never drawn (the copy reloaded from storage is, at its next change)."""


@dataclass(frozen=True)
class Ahead:
    """A table message made while the change it shows was being committed (`Refresher.make_ahead`), and what it was
    made from: it is sent only if the table is still that object at that version, the change's own `on_change` is
    the only change seen since (its revision one more) and the clock is the same."""

    table: Table
    version: int
    revision: int
    deadline: float | None
    message: TableMessage


class Refresher:
    def __init__(self, cog: TableCog, delay: float) -> None:
        self.cog = cog
        self.delay = delay
        self.shown: dict[int, int] = {}  # table id -> revision the message shows (absent: not known)
        self._tables: dict[int, Table] = {}  # table id -> the object whose revisions `shown` counts
        self._locks: dict[int, asyncio.Lock] = {}  # one write of a table's message at a time
        self._pending: dict[int, asyncio.Task] = {}  # a refresh that has not yet read the table's revision
        self._tasks: set[asyncio.Task] = set()
        self._failures: dict[int, int] = {}  # table id -> writes failed in a row
        self.gone: set[int] = set()  # tables whose channel was deleted or locked: never written again
        self.edits = 0
        self.repair_pause = 0.2  # seconds between the edits that bring tables behind up to date after a restart
        self.mark_delay = 1.0  # seconds the marks of landed writes gather before one transaction stores them
        self._marks: dict[int, str] = {}  # table id -> the mark of what its message now shows, not yet stored
        self._marking: asyncio.Task | None = None
        self.patience = 1.5  # seconds a press waits behind another write of its table's message before it defers
        self._answering: dict[int, int] = {}  # table id -> presses under way whose answer writes its message
        self._wanted: dict[int, float | None] = {}  # table id -> a refresh asked for meanwhile (its delay)
        self._presses: set[asyncio.Future] = set()  # each done when its press is over
        self._ahead: dict[int, Ahead] = {}  # table id -> its message made while its last change was committed
        self.made_ahead = 0  # writes that sent a message made while its change was committed

    def _track(self, table: Table) -> None:
        """Revisions are counted in memory per Table object: a table reloaded from storage starts again at 0, so
        what the old object's message showed says nothing about the new one."""
        if self._tables.get(table.id) is not table:
            self._tables[table.id] = table
            self.shown.pop(table.id, None)

    def request(self, table: Table, delay: float | None = None) -> None:
        """Refresh the table message after `delay` (the coalescing delay by default), unless a refresh that has not
        yet looked at the table is already waiting: that one will see this change (a `delay` of 0 replaces it)."""
        self._track(table)
        if table.message_id is None or table.id in self.gone:
            return
        if table.id in self._answering:  # a press's answer will show it; what it leaves is refreshed after
            if table.id not in self._wanted or delay == 0:
                self._wanted[table.id] = delay
            return
        if table.id in self._pending:
            if delay != 0:
                return
            self._pending.pop(table.id).cancel()  # it had not looked at the table yet: sooner instead
        task = asyncio.get_running_loop().create_task(self._run(table.id, self.delay if delay is None else delay))
        self._pending[table.id] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @contextlib.contextmanager
    def answering(self, table: Table) -> Iterator[None]:
        """A press on the table is under way, and its answer (`write` through the interaction response) shows the
        table as it is then: a refresh asked for meanwhile waits for the press instead of starting an edit the
        answer makes needless; once the last such press is over, the table is refreshed if it is still behind."""
        self._answering[table.id] = self._answering.get(table.id, 0) + 1
        over = asyncio.get_running_loop().create_future()  # what `flush` waits for
        self._presses.add(over)
        try:
            yield
        finally:
            self._presses.discard(over)
            over.set_result(None)
            left = self._answering.pop(table.id) - 1
            if left:
                self._answering[table.id] = left
            elif table.id in self._wanted:
                delay = self._wanted.pop(table.id)
                if table.revision != self.shown.get(table.id) and self._tables.get(table.id) is table:
                    self.request(table, delay)

    def _lock(self, table_id: int) -> asyncio.Lock:
        # kept while the table is in memory (a few hundred bytes), dropped when it leaves (`evicted`) if no write
        # holds it: dropping a lock someone may be about to wait on would let two writes overlap
        return self._locks.setdefault(table_id, asyncio.Lock())

    def holds(self, table: Table) -> bool:
        """A write of this table's message is queued, under way or waiting to be retried."""
        lock = self._locks.get(table.id)
        return (
            table.id in self._pending
            or table.id in self._failures
            or table.id in self._answering
            or (lock is not None and lock.locked())
        )

    def evicted(self, table_id: int) -> None:
        """The table left the service's memory: what is kept of it here goes too (its stored mark stays)."""
        self._forget(table_id)
        self._ahead.pop(table_id, None)
        lock = self._locks.get(table_id)
        if lock is not None and not lock.locked():
            del self._locks[table_id]

    async def write(
        self,
        table: Table,
        send: Callable[[TableMessage], Awaitable[object]],
        waiting: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        """Draw the table as it is and `send` the board (an interaction response or an edit) once no other write of
        this table's message is under way; `send`'s errors are the caller's. If that wait lasts `patience` seconds
        (an edit held up by a rate limit), `waiting` is called first (an interaction defers, before its 3 seconds
        run out). Afterwards, a table that moved on while it was written (or whose write failed) gets a refresh."""
        self._track(table)
        pending = self._pending.pop(table.id, None)
        if pending is not None:  # a refresh that has not yet read the table: this write shows what it would
            pending.cancel()
        lock = self._lock(table.id)
        started: list[bool] = []
        timer = None
        if waiting is not None and lock.locked():
            timer = asyncio.get_running_loop().create_task(self._after_patience(waiting, started))
        try:
            async with lock:
                if timer is not None:
                    if started:  # the wait was long: let `waiting` finish before the board is sent
                        await asyncio.gather(timer, return_exceptions=True)
                    timer.cancel()
                await self._write_locked(table, send)
        except places.PlaceGone:
            pass  # the table is being ended
        finally:
            if timer is not None:
                timer.cancel()
            self._again(table.id)

    async def _after_patience(self, waiting: Callable[[], Awaitable[object]], started: list[bool]) -> None:
        await asyncio.sleep(self.patience)
        started.append(True)
        await waiting()

    def make_ahead(self, table: Table) -> None:
        """Make the table message now, while the change it shows waits on the disk (storage calls
        `TableListener.committing` then): the write that follows the commit then only waits for the picture."""
        if table.retired or table.message_id is None or table.id in self.gone:
            return
        try:
            self.cog.keep_clock(table)
            message = self.cog.public_message(table)
        except Exception:  # only a head start: the write makes the message again
            log.exception("table %s: its message could not be made ahead", table.id)
            return
        deadline = self.cog.deadlines.get(table.id)
        self._ahead[table.id] = Ahead(table, table.version, table.revision, deadline, message)

    def _message(self, table: Table) -> TableMessage:
        """The table message as it is now: the one made ahead while its change was committed, if nothing else
        changed since, else made now."""
        ahead = self._ahead.pop(table.id, None)
        if (
            ahead is not None
            and ahead.table is table
            and ahead.version == table.version
            and ahead.revision + 1 == table.revision
            and ahead.deadline == self.cog.deadlines.get(table.id)
        ):
            self.made_ahead += 1
            return ahead.message
        return self.cog.public_message(table)

    async def _write_locked(self, table: Table, send: Callable[[TableMessage], Awaitable[object]]) -> None:
        if table.lock.locked():  # a change is being committed: draw the table once it is (never its memory ahead)
            async with table.lock:
                pass
        if table.retired:  # its last change never reached storage: this copy is never drawn
            raise DroppedCopy(table.id)
        revision = table.revision
        mark = shown_mark(table.version, table.seats, table.timers)
        self.cog.writing(table)
        board = self._message(table)
        await ready(board)  # drawn in the render pool
        self.shown.pop(table.id, None)  # until the write is answered, the message may show either board
        await places.write(self.cog, table, lambda: send(board))
        self._failures.pop(table.id, None)
        if self._tables.get(table.id) is table:
            self.shown[table.id] = revision
        self._mark(table.id, mark)

    def _mark(self, table_id: int, mark: str) -> None:
        self._marks[table_id] = mark
        if self._marking is None:
            self._marking = asyncio.get_running_loop().create_task(self._store_marks())

    async def _store_marks(self) -> None:
        """One transaction for the marks gathered over `mark_delay`, then the next for those that came meanwhile; a
        failure only means redraws after a restart."""
        await asyncio.sleep(self.mark_delay)
        await self.store_marks()
        self._marking = None
        if self._marks:
            self._marking = asyncio.get_running_loop().create_task(self._store_marks())

    async def store_marks(self) -> None:
        marks, self._marks = self._marks, {}
        try:
            await self.cog.service.storage.record_shown(marks)
        except Exception as error:  # noqa: BLE001 - storage's health reports faults; these tables are redrawn at start
            log.info("the marks of %d table messages were not stored (%r)", len(marks), error)

    def _retry_delay(self, table_id: int) -> float | None:
        failures = self._failures.get(table_id, 0)
        return RETRY_DELAYS[failures - 1] if failures else None

    async def _run(self, table_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self._lock(table_id):
            self._pending.pop(table_id, None)  # from now on a new change needs a new refresh
            table = self._tables.get(table_id)
            if table is None or table.message_id is None or self.shown.get(table_id) == table.revision:
                return
            try:
                await self._write_locked(table, self._edit_sender(table))
                self.edits += 1
            except (DroppedCopy, places.PlaceGone):  # the reloaded copy asks for its own refresh; a gone place, none
                self._forget(table_id)
                return
            except discord.NotFound:
                log.info("table %s: its message is gone", table_id)
                self._forget(table_id)
                return
            except (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError) as error:
                # a 5xx or a broken connection may pass; a refusal (4xx) would only be refused again
                transient = not isinstance(error, discord.HTTPException) or error.status >= 500
                failures = self._failures.get(table_id, 0) + 1
                if not transient or failures > len(RETRY_DELAYS):
                    self._failures.pop(table_id, None)
                    log.warning("table %s: edit failed; retrying on the next change", table_id, exc_info=True)
                    return
                self._failures[table_id] = failures
                log.warning("table %s: edit failed (%s); retrying in %g s", table_id, error, RETRY_DELAYS[failures - 1])
            except Exception:
                log.exception("table %s: the board could not be drawn or sent; retrying on the next change", table_id)
                return
        self._again(table_id)

    def _again(self, table_id: int) -> None:
        """After a write: refresh once more if the table moved on meanwhile, or if the write may not have landed."""
        table = self._tables.get(table_id)
        if table is not None and table.revision != self.shown.get(table_id):
            self.request(table, self._retry_delay(table_id))

    def _edit_sender(self, table: Table) -> Callable[[TableMessage], Awaitable[object]]:
        channel = self.cog.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        message = channel.get_partial_message(table.message_id)
        return lambda board: message.edit(**board.message_kwargs(editing=True))

    def _forget(self, table_id: int) -> None:
        self.shown.pop(table_id, None)
        self._tables.pop(table_id, None)
        self._failures.pop(table_id, None)

    async def repair(self, table_ids: list[int]) -> int:
        """Draw these tables' messages from storage again, in this order, one at a time and `repair_pause` apart
        (after a restart: those whose stored mark is behind, as a crash may have come between a commit and its edit).
        Returns how many were written."""
        written = 0
        for table_id in table_ids:
            try:
                table = await self.cog.service.get(table_id)
            except TableError:  # gone, or storage is down: its next change draws it
                continue
            if table.message_id is None or table.id in self.shown:  # written since the start already
                continue
            try:
                await self.write(table, self._edit_sender(table))
                written += 1
            except discord.NotFound:
                self._forget(table_id)
            except (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError, DroppedCopy) as error:
                log.info("table %s: its message could not be brought up to date (%r)", table_id, error)
            await asyncio.sleep(self.repair_pause)
        return written

    async def flush(self) -> None:
        """Wait until every refresh asked for so far (and any it asks for in turn) is done, those that wait for a
        press under way included."""
        while self._tasks or self._presses:
            await asyncio.gather(*list(self._tasks), *list(self._presses), return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
        self._pending.clear()
        if self._marking is not None:
            self._marking.cancel()
            self._marking = None
        if self._marks:
            await self.store_marks()
