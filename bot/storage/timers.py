"""The queries of timers, kept in their table's row (tables.timers, see rows.timers_json): set, replaced, cleared,
read (all of them, or those due soon through the index on `wake_at`), and the marks of what tables' messages show."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage.core import StorageCore
from bot.storage.rows import SeatRow, TimerRow, shown_mark, timer_json, timer_rows, timers_json, wake_at


class TimerQueries(StorageCore):
    """Timers' queries (mixed into Storage)."""

    async def set_timer(self, timer: TimerRow) -> None:
        await self._transaction(
            [
                (
                    f"UPDATE tables SET timers = {self.TIMERS_PUT} WHERE id = ?",
                    (timer.kind, timer_json(timer), timer.table_id),
                    False,
                ),
                *self._wake_steps(timer.table_id),
            ]
        )

    async def replace_timers(self, table_id: int, timers: list[TimerRow]) -> None:
        await self._transaction(
            [
                (
                    "UPDATE tables SET timers = ?, wake_at = ? WHERE id = ?",
                    (timers_json(timers), wake_at(timers), table_id),
                    False,
                )
            ]
        )

    async def clear_timer(self, table_id: int, kind: str | None = None) -> None:
        if kind is None:
            await self._transaction(
                [("UPDATE tables SET timers = '{}', wake_at = NULL WHERE id = ?", (table_id,), False)]
            )
        else:
            await self._transaction(
                [
                    (f"UPDATE tables SET timers = {self.TIMERS_DROP} WHERE id = ?", (kind, table_id), False),
                    *self._wake_steps(table_id),
                ]
            )

    async def timers(self, owns: Callable[[int | None], bool] | None = None) -> list[TimerRow]:
        """Every pending timer of an open table (lobby or running: an ended table's would do nothing); with `owns`,
        only those of tables whose guild it accepts (a shard's tables)."""
        rows = await self._rows(
            "SELECT id, guild_id, timers FROM tables WHERE status IN ('lobby', 'running')"
            " AND timers <> '{}' ORDER BY id"
        )
        return [timer for row in rows if owns is None or owns(row[1]) for timer in timer_rows(row[0], row[2])]

    async def timers_due_before(
        self, moment: float, owns: Callable[[int | None], bool] | None = None
    ) -> list[TimerRow]:
        """The pending timers of open tables due before `moment` (overdue ones included), read through the index on
        `wake_at`: a table whose every timer is later is not read at all. `owns` as for `timers`."""
        rows = await self._rows(
            "SELECT id, guild_id, timers FROM tables WHERE wake_at < ? AND status IN ('lobby', 'running') ORDER BY id",
            (moment,),
        )
        return [
            timer
            for row in rows
            if owns is None or owns(row[1])
            for timer in timer_rows(row[0], row[2])
            if timer.due_at < moment
        ]

    async def running_tables_behind(self, owns: Callable[[int | None], bool] | None = None) -> tuple[list[int], int]:
        """Running tables with a message whose stored `shown` mark is not the mark of what storage holds (their
        message may be behind), the most recently changed first; and how many running tables with a message there
        are. With `owns`, of those guilds only."""
        rows = await self._rows(
            "SELECT id, guild_id, version, timers, shown FROM tables WHERE status = 'running'"
            " AND message_id IS NOT NULL ORDER BY updated_at DESC, id DESC"
        )
        rows = [row for row in rows if owns is None or owns(row[1])]
        seats: dict[int, list[SeatRow]] = {}
        for r in await self._rows(
            "SELECT s.table_id, s.user_id, s.name, s.ai_level, s.timeouts, s.more_time_used, s.taken_over"
            " FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE t.status = 'running' AND t.message_id IS NOT NULL ORDER BY s.table_id, s.seat"
        ):
            seats.setdefault(r[0], []).append(SeatRow(r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6])))
        behind = [
            row[0] for row in rows if row[4] != shown_mark(row[2], seats.get(row[0], []), timer_rows(row[0], row[3]))
        ]
        return behind, len(rows)

    async def record_shown(self, marks: dict[int, str]) -> None:
        """The marks of what these tables' messages now show (batched by the refresher, off every move's commit)."""
        if marks:
            await self._transaction(
                [
                    (
                        "UPDATE tables SET shown = ? WHERE id = ?",
                        [(mark, table_id) for table_id, mark in marks.items()],
                        True,
                    )
                ]
            )

    async def lobbies_without_idle_timer(self) -> list[tuple[int, int | None, float]]:
        """Open lobbies with no idle-lobby timer: (table id, guild id, time of the last change)."""
        rows = await self._rows(
            f"SELECT id, guild_id, updated_at FROM tables WHERE status = 'lobby' AND NOT {self.TIMERS_HAS}", ("lobby",)
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def timer(self, table_id: int, kind: str) -> TimerRow | None:
        text = await self._value("SELECT timers FROM tables WHERE id = ?", (table_id,))
        return next((timer for timer in timer_rows(table_id, text) if timer.kind == kind), None)
