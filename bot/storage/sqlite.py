"""SQLite storage (aiosqlite, WAL): the embedded default. Each write is one function run on aiosqlite's thread (one
thread hop, one transaction), so writes of different tables never interleave inside a transaction."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Callable, Sequence

import aiosqlite

from bot.storage.base import (MIGRATIONS, NEW_ID, SEAT_INSERT, TIMER_INSERT, ActionWrite, Conflict, Storage,
                              seat_values, timer_values)


class SQLiteStorage(Storage):
    dialect = "sqlite"

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)
        self.path = str(path)
        self.db: aiosqlite.Connection | None = None

    async def open(self) -> "SQLiteStorage":
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: transactions are explicit (BEGIN ... COMMIT in _run), never opened behind our back
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        self.db.row_factory = aiosqlite.Row
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across process crashes
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA busy_timeout=5000")  # another connection (a reader, migrate-db) may hold it
        await self._migrate()
        return self

    async def close(self) -> None:
        if self.db is not None:
            await self.group.wait_idle()
            await self.db.close()
            self.db = None

    async def _migrate(self) -> None:
        (current,) = await (await self.db.execute("PRAGMA user_version")).fetchone()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def schema_version(self) -> int:
        (version,) = await (await self.db.execute("PRAGMA user_version")).fetchone()
        return version

    async def _rows(self, sql: str, params: Sequence = ()) -> list:
        return list(await (await self.db.execute(sql, params)).fetchall())

    async def _run(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """One transaction on aiosqlite's thread, in one trip (its _execute runs a function there): the statements
        one by one would cost a thread hop each, on the path every accepted action takes."""
        def transaction(conn: sqlite3.Connection) -> Any:
            conn.execute("BEGIN IMMEDIATE")
            try:
                value = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return value

        return await self.db._execute(transaction, self.db._conn)

    async def _transaction(self, steps: list[tuple[str, Any, bool]]) -> Any:
        def work(conn: sqlite3.Connection) -> Any:
            new_id = None
            for number, (sql, params, many) in enumerate(steps):
                if many:
                    conn.executemany(sql, [[new_id if p is NEW_ID else p for p in row] for row in params])
                    continue
                cursor = conn.execute(sql, params)
                if number == 0 and "RETURNING" in sql:
                    new_id = cursor.fetchone()[0]
                    cursor.fetchall()
            return new_id

        return await self._run(work)

    async def _commit_batch(self, writes: list[ActionWrite]) -> list[BaseException | None]:
        def work(conn: sqlite3.Connection) -> list[BaseException | None]:
            if len(writes) == 1:
                _write_action(conn, writes[0])  # a refusal rolls the whole (one-action) transaction back
                return [None]
            errors: list[BaseException | None] = []
            for write in writes:
                conn.execute("SAVEPOINT action")
                try:
                    _write_action(conn, write)
                except Conflict as error:
                    conn.execute("ROLLBACK TO action")
                    errors.append(error)
                else:
                    errors.append(None)
                conn.execute("RELEASE action")
            return errors

        return await self._run(work)


def _write_action(conn: sqlite3.Connection, write: ActionWrite) -> None:
    try:
        _write_action_rows(conn, write)
    except sqlite3.IntegrityError as error:  # the log already has this seq (or the table its result)
        raise Conflict(f"table {write.table_id}: {error}") from error


def _write_action_rows(conn: sqlite3.Connection, write: ActionWrite) -> None:
    cursor = conn.execute("UPDATE tables SET version = ?, state = ?, marks = ?, status = ?, updated_at = ?"
                          " WHERE id = ? AND version = ?", (write.seq, write.state, write.marks, write.status,
                                                            write.at, write.table_id, write.seq - 1))
    if cursor.rowcount != 1:
        raise Conflict(f"table {write.table_id} is not at version {write.seq - 1}")
    conn.execute("INSERT INTO actions (table_id, seq, seat, action, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                 (write.table_id, write.seq, write.seat, write.action, write.source, write.at))
    if write.seats is not None:
        conn.execute("DELETE FROM seats WHERE table_id = ?", (write.table_id,))
        conn.executemany(SEAT_INSERT, seat_values(write.table_id, write.seats))
    if write.timers is not None:
        conn.execute("DELETE FROM timers WHERE table_id = ?", (write.table_id,))
        conn.executemany(TIMER_INSERT, timer_values(write.timers))
    if write.result is not None:
        conn.execute("INSERT INTO results (table_id, winners, scores, finished_at) VALUES (?, ?, ?, ?)",
                     (write.table_id, json.dumps(write.result["winners"]),
                      json.dumps(write.result.get("scores", [])), write.at))
