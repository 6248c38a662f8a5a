"""What every query runs on, whichever the backend: reads and transactions of (sql, params, many) steps with `?`
placeholders, each reported to the storage's health, and the few statements a table's timers and seats are written
with. The queries (tables.py, timers.py, settings.py, ratings.py) extend it; each backend provides the raw
primitives (`_raw_rows`, `_raw_transaction`, `_commit_batch`)."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from bot.storage.faults import StorageHealth, is_fault
from bot.storage.group_commit import GroupCommit
from bot.storage.rows import SEAT_INSERT, ActionWrite, SeatRow, seat_values

T = TypeVar("T")


class StorageCore:
    """The primitives the queries run on (see the module doc)."""

    dialect = ""
    # A table row's timers edited in place, in the backend's dialect (? placeholders): one kind set (params: the kind,
    # its timer_json), one kind removed (the kind), whether a kind is there (the kind); WAKE_AT: `wake_at` computed
    # from the row's timers (rows.wake_at in SQL), set by a statement after the one that edits them
    TIMERS_PUT = TIMERS_DROP = TIMERS_HAS = WAKE_AT = ""

    def __init__(self, target: Any) -> None:
        self.target = str(target)
        self.health = StorageHealth()
        self.group = GroupCommit(self._commit_batch, self.health)

    async def _watched(self, operation: Awaitable[T], *, commits: bool) -> T:
        """Every read and write reports to `health`: a fault sets it down, a committed write brings it up."""
        try:
            value = await operation
        except Exception as error:
            if is_fault(error):
                self.health.failed(error)
            raise
        if commits:
            self.health.succeeded()
        return value

    # --- what each backend provides -------------------------------------------------------------
    async def _raw_rows(self, sql: str, params: Sequence) -> list:
        raise NotImplementedError

    async def _raw_transaction(self, steps: list[tuple[str, Any, bool]]) -> Any:
        raise NotImplementedError

    async def _commit_batch(self, writes: list[ActionWrite]) -> list[BaseException | None]:
        """Commit these actions in one transaction: None for each committed one, the error for each refused."""
        raise NotImplementedError

    # --- what the queries run on ----------------------------------------------------------------
    async def _rows(self, sql: str, params: Sequence = ()) -> list:
        return await self._watched(self._raw_rows(sql, params), commits=False)

    async def _row(self, sql: str, params: Sequence = ()):
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def _transaction(self, steps: list[tuple[str, Any, bool]]) -> Any:
        """Run (sql, params, many) steps in one transaction; returns the first row's first value of a first step
        that has RETURNING (and passes it to later steps for NEW_ID)."""
        return await self._watched(self._raw_transaction(steps), commits=True)

    async def _value(self, sql: str, params: Sequence) -> Any:
        row = await self._row(sql, params)
        return row[0] if row else None

    def _wake_steps(self, table_id: int) -> list[tuple[str, Any, bool]]:
        """After a statement that edited a table's timers in SQL: its `wake_at` from them."""
        return [(f"UPDATE tables SET wake_at = {self.WAKE_AT} WHERE id = ?", (table_id,), False)]

    @staticmethod
    def _seat_steps(table_id: int, seats: list[SeatRow]) -> list[tuple[str, Any, bool]]:
        return [
            ("DELETE FROM seats WHERE table_id = ?", (table_id,), False),
            (SEAT_INSERT, seat_values(table_id, seats), True),
        ]
