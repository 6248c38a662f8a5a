"""The queries of tables: a lobby, its seats and settings, a game's start, every action and its snapshot, loading a
table, finding a person's or a channel's tables, stats, a game's log and result."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from bot.practice import is_practice
from bot.storage.core import StorageCore
from bot.storage.rows import (
    SEAT_INSERT,
    ActionWrite,
    SeatedTable,
    SeatRow,
    TableRow,
    TimerRow,
    seat_values,
    timer_json,
    timer_rows,
    timers_json,
    wake_at,
)
from bot.storage.schema import TABLE_COLUMNS
from bot.storage.steps import NEW_ID
from games.contract import snapshot_json


class TableQueries(StorageCore):
    """A table's own queries (mixed into Storage)."""

    async def create_table(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        options: dict,
        seed: int,
        locale: str,
        seats: list[SeatRow],
        idle_timer: TimerRow | None = None,
    ) -> int:
        """A new lobby, with its idle-lobby timer (whose table_id is filled in here), in one transaction."""
        now = time.time()
        kept = [] if idle_timer is None else [idle_timer]
        table_id = await self._transaction(
            [
                (
                    "INSERT INTO tables (game, guild_id, channel_id, host_id, status, options, seed, locale,"
                    " created_at,"
                    " updated_at, timers, wake_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        game,
                        guild_id,
                        channel_id,
                        host_id,
                        json.dumps(options),
                        seed,
                        locale,
                        now,
                        now,
                        timers_json(kept),
                        wake_at(kept),
                    ),
                    False,
                ),
                (SEAT_INSERT, seat_values(NEW_ID, seats), True),
            ]
        )
        if idle_timer is not None:
            idle_timer.table_id = table_id
        return table_id

    async def save_lobby(
        self,
        table_id: int,
        *,
        host_id: int,
        options: dict,
        seats: list[SeatRow],
        status: str = "lobby",
        idle_timer: TimerRow | None | bool = True,
    ) -> None:
        """Write a lobby's seats and settings (or its cancellation) in one transaction, with its idle-lobby timer
        replaced by `idle_timer` (None: removed; True, the default: left as it is)."""
        timers = ""
        timer_params: tuple[str, ...] = ()
        if idle_timer is None:
            timers, timer_params = f", timers = {self.TIMERS_DROP}", ("lobby",)
        elif isinstance(idle_timer, TimerRow):
            if idle_timer.kind != "lobby":
                raise ValueError(f"an idle-lobby timer of kind {idle_timer.kind!r}")
            timers, timer_params = f", timers = {self.TIMERS_PUT}", ("lobby", timer_json(idle_timer))
        await self._transaction(
            [
                (
                    f"UPDATE tables SET host_id = ?, options = ?, status = ?, updated_at = ?{timers} WHERE id = ?",
                    (host_id, json.dumps(options), status, time.time(), *timer_params, table_id),
                    False,
                ),
                *(self._wake_steps(table_id) if timers else []),
                *self._seat_steps(table_id, seats),
            ]
        )

    async def set_message(self, table_id: int, channel_id: int, message_id: int) -> None:
        await self._transaction(
            [
                (
                    "UPDATE tables SET channel_id = ?, message_id = ? WHERE id = ?",
                    (channel_id, message_id, table_id),
                    False,
                )
            ]
        )

    async def set_status(self, table_id: int, status: str) -> None:
        await self._transaction(
            [("UPDATE tables SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), table_id), False)]
        )

    async def save_options(self, table_id: int, options: dict) -> None:
        """A running table's host options changed (its pace paused or resumed)."""
        await self._transaction(
            [
                (
                    "UPDATE tables SET options = ?, updated_at = ? WHERE id = ?",
                    (json.dumps(options), time.time(), table_id),
                    False,
                )
            ]
        )

    async def start_game(
        self, table_id: int, seats: list[SeatRow], options: dict, state: str, marks: list, result: dict | None = None
    ) -> None:
        """Start a lobby's game; with `result`, a game its deal already ended (finished in the same transaction)."""
        now = time.time()
        result_steps = (
            []
            if result is None
            else [
                (
                    "INSERT INTO results (table_id, winners, scores, finished_at) VALUES (?, ?, ?, ?)",
                    (table_id, json.dumps(result["winners"]), json.dumps(result.get("scores", [])), now),
                    False,
                )
            ]
        )
        await self._transaction(
            [
                (
                    "UPDATE tables SET status = ?, version = 0, options = ?, state = ?, marks = ?, updated_at = ?,"
                    f" timers = {self.TIMERS_DROP} WHERE id = ?",
                    (
                        "running" if result is None else "finished",
                        json.dumps(options),
                        state,
                        json.dumps(marks),
                        now,
                        "lobby",
                        table_id,
                    ),
                    False,
                ),
                *self._wake_steps(table_id),
                *self._seat_steps(table_id, seats),
                *result_steps,
            ]
        )

    async def record_action(
        self,
        table_id: int,
        seq: int,
        seat: int,
        action: dict,
        source: str,
        state: str,
        marks: list,
        *,
        result: dict | None = None,
        seats: list[SeatRow] | None = None,
        timers: list[TimerRow] | None = None,
        committing: Callable[[], None] | None = None,
    ) -> None:
        """Append one accepted action and the state after it, atomically: with the seats and the table's timers
        when they changed, and the result if it ended the game. Returns once committed (group commit); raises
        Conflict if the table is no longer at version seq - 1. `committing` is called on the event loop while the
        commit waits on the disk (its statements done): what the loop does then runs beside the disk's wait. It may
        be called for a write then refused (PostgreSQL checks and commits in one round trip), so what it makes is
        shown only once this returns."""
        if result is not None:
            timers = []
        await self.group.submit(
            ActionWrite(
                table_id,
                seq,
                seat,
                snapshot_json(action),
                source,
                time.time(),
                state,
                snapshot_json(marks),
                "finished" if result is not None else "running",
                seats,
                timers,
                result,
                committing,
            )
        )

    async def save_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self._transaction(self._seat_steps(table_id, seats))

    async def load_table(self, table_id: int) -> TableRow | None:
        row = await self._row(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        if row is None:
            return None
        seats = [
            SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5]))
            for r in await self._rows(
                "SELECT user_id, name, ai_level, timeouts, more_time_used, taken_over"
                " FROM seats WHERE table_id = ?"
                " ORDER BY seat",
                (table_id,),
            )
        ]
        return TableRow(
            id=row[0],
            game=row[1],
            guild_id=row[2],
            channel_id=row[3],
            message_id=row[4],
            host_id=row[5],
            status=row[6],
            options=json.loads(row[7]),
            seed=row[8],
            version=row[9],
            state=row[10],
            marks=json.loads(row[11]),
            locale=row[12],
            seats=seats,
            timers=timer_rows(row[0], row[15]),
        )

    async def open_table_in(self, channel_id: int) -> int | None:
        return await self._value(
            "SELECT id FROM tables WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,)
        )

    async def tables_of(self, user_id: int) -> list[SeatedTable]:
        """Every open table (lobby or running) where this person has a seat (an AI standing in for them included),
        the most recently changed first."""
        rows = await self._rows(
            "SELECT id, game, guild_id, channel_id, message_id, status, timers FROM tables"
            " WHERE status IN ('lobby', 'running') AND id IN (SELECT table_id FROM seats WHERE user_id = ?)"
            " ORDER BY updated_at DESC, id DESC",
            (user_id,),
        )
        return [
            SeatedTable(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                next((timer for timer in timer_rows(r[0], r[6]) if timer.kind == "deadline"), None),
            )
            for r in rows
        ]

    async def latest_table_in(self, channel_id: int) -> int | None:
        return await self._value("SELECT id FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))

    async def stats(self, guild_id: int, game: str | None = None) -> list[dict]:
        """One row per finished seat of a person in this guild: game, user, won, whether an AI took over a seat.
        Practice tables (option `practice`, bot/practice.py) never count."""
        query = (
            "SELECT t.id, t.game, s.seat, s.user_id, s.name, s.taken_over, r.winners,"
            " (SELECT MAX(taken_over) FROM seats WHERE table_id = t.id) AS any_takeover, t.options"
            " FROM tables t JOIN results r ON r.table_id = t.id JOIN seats s ON s.table_id = t.id"
            " WHERE t.guild_id = ? AND t.status = 'finished' AND s.user_id IS NOT NULL"
        )
        params: list = [guild_id]
        if game:
            query += " AND t.game = ?"
            params.append(game)
        rows = await self._rows(query, params)
        return [
            {
                "table": r[0],
                "game": r[1],
                "seat": r[2],
                "user_id": r[3],
                "name": r[4],
                "taken_over": bool(r[5]),
                "won": r[2] in json.loads(r[6]),
                "marked": bool(r[7]),
            }
            for r in rows
            if not is_practice(json.loads(r[8]) if isinstance(r[8], str) else r[8] or {})
        ]

    async def table_by_message(self, message_id: int) -> int | None:
        return await self._value("SELECT id FROM tables WHERE message_id = ?", (message_id,))

    async def actions(self, table_id: int) -> list[dict]:
        rows = await self._rows(
            "SELECT seq, seat, action, source, at FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        return [{"seq": r[0], "seat": r[1], "action": json.loads(r[2]), "source": r[3], "at": r[4]} for r in rows]

    async def result(self, table_id: int) -> dict | None:
        row = await self._row("SELECT winners, scores FROM results WHERE table_id = ?", (table_id,))
        return {"winners": json.loads(row[0]), "scores": json.loads(row[1])} if row else None
