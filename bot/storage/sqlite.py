"""SQLite storage (aiosqlite, WAL): the embedded default. Each write is one function run on aiosqlite's thread (one
thread hop, one transaction), so writes of different tables never interleave inside a transaction.

Durability: `synchronous=FULL` by default, so a commit is on the disk (WAL fsynced) before the bot answers: an
acknowledged move survives a power cut, not only a killed process (NORMAL, SQLite's usual WAL setting, may lose the
last commits to an OS crash). The fsync is what group commit shares: a batch of actions pays one."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import Storage
from bot.storage.rows import SEAT_INSERT, ActionWrite, seat_values, timers_json, wake_at
from bot.storage.schema import MIGRATIONS, migration_script
from bot.storage.steps import NEW_ID, Conflict, MustChange


class SQLiteStorage(Storage):
    dialect = "sqlite"
    TIMERS_PUT = "json_set(timers, '$.\"' || ? || '\"', json(?))"
    TIMERS_DROP = "json_remove(timers, '$.\"' || ? || '\"')"
    TIMERS_HAS = "json_type(timers, '$.\"' || ? || '\"') IS NOT NULL"
    WAKE_AT = "(SELECT CAST(MIN(json_extract(value, '$[1]')) / 300 AS INTEGER) * 300.0 FROM json_each(timers))"

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        super().__init__(path)
        self.path = str(path)
        self.synchronous = synchronous  # FULL, or NORMAL: durable across a killed process, not a power cut
        self.db: aiosqlite.Connection | None = None

    async def open(self) -> SQLiteStorage:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: transactions are explicit (BEGIN ... COMMIT in _run), never opened behind our back
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        self.db.row_factory = aiosqlite.Row
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute(f"PRAGMA synchronous={self.synchronous}")
        await self.db.execute("PRAGMA foreign_keys=ON")
        # another connection (a reader, migrate-db) may hold it; past this, a press is told storage is busy, well
        # within Discord's 3 seconds
        await self.db.execute("PRAGMA busy_timeout=2000")
        await self._migrate()
        return self

    async def close(self) -> None:
        if self.db is not None:
            await self.group.wait_idle()
            await self.db.close()
            self.db = None

    @property
    def _db(self) -> aiosqlite.Connection:
        """The open connection (`open` made it)."""
        if self.db is None:
            raise RuntimeError(f"storage {self.path} is not open")
        return self.db

    async def _migrate(self) -> None:
        (current,) = await self._one_row("PRAGMA user_version")
        for number, entry in enumerate(MIGRATIONS[current:], start=current + 1):
            script = migration_script(entry, self.dialect)
            await self._db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    def _probe_steps(self) -> list[tuple[str, Any, bool]]:
        # rewrites the header's application_id with the value it has (0): one page through the WAL and its fsync
        return [("PRAGMA application_id = 0", (), False)]

    async def schema_version(self) -> int:
        (version,) = await self._one_row("PRAGMA user_version")
        return version

    async def _one_row(self, sql: str) -> sqlite3.Row:
        """The row of a query that always returns one (a PRAGMA's value)."""
        row = await (await self._db.execute(sql)).fetchone()
        assert row is not None
        return row

    async def _raw_rows(self, sql: str, params: Sequence) -> list:
        return list(await (await self._db.execute(sql, params)).fetchall())

    async def _run(
        self, work: Callable[[sqlite3.Connection], Any], before_commit: Callable[[], None] | None = None
    ) -> Any:
        """One transaction on aiosqlite's thread, in one trip (its _execute runs a function there): the statements
        one by one would cost a thread hop each, on the path every accepted action takes. `before_commit` runs on
        that thread between the statements and the COMMIT."""

        def transaction(conn: sqlite3.Connection) -> Any:
            conn.execute("BEGIN IMMEDIATE")
            try:
                value = work(conn)
                if before_commit is not None:
                    before_commit()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return value

        db = self._db
        return await db._execute(transaction, db._conn)

    async def _raw_transaction(self, steps: list[tuple[str, Any, bool]]) -> Any:
        def work(conn: sqlite3.Connection) -> Any:
            new_id = None
            for number, (sql, params, many) in enumerate(steps):
                if isinstance(sql, MustChange):
                    for row in params if many else [params]:
                        if conn.execute(sql, row).rowcount != 1:
                            raise Conflict(f"no row changed by {sql[:60]}")
                    continue
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
            if len(writes) == 1:  # alone: a refusal rolls back the whole transaction
                try:
                    return _write_batch(conn, writes)
                except sqlite3.IntegrityError as error:  # the log already has this seq (or the table its result)
                    raise Conflict(f"table {writes[0].table_id}: {error}") from error
            if len({write.table_id for write in writes}) == len(writes):
                conn.execute("SAVEPOINT batch")
                try:
                    return _write_batch(conn, writes)
                except sqlite3.IntegrityError:  # a log row already there: find whose, one by one
                    conn.execute("ROLLBACK TO batch")
                finally:
                    conn.execute("RELEASE batch")
            return [_write_alone(conn, write) for write in writes]

        return await self._run(work, _telling(writes))


def _telling(writes: list[ActionWrite]) -> Callable[[], None] | None:
    """What tells the event loop, from aiosqlite's thread, that the writes' commit now waits on the disk: the loop's
    work then runs while the COMMIT's fsync holds no interpreter lock (before it, the statements need the lock
    between their steps, and a busy loop would hold them up)."""
    told = [write.committing for write in writes if write.committing is not None]
    if not told:
        return None
    loop = asyncio.get_running_loop()

    def tell() -> None:
        for committing in told:
            loop.call_soon_threadsafe(committing)

    return tell


# A running table's status is not set again: SQLite rewrites the entries of every index on a column the UPDATE
# sets (two indexes hold the status), two more pages for each commit to write. The timers ride in the same row
# (NULL: unchanged), so an action's commit writes two pages: its table's row and its log row. Its `wake_at` is set
# by a statement of its own that finds the row only if the value changes: an UPDATE that sets an indexed column
# rewrites its index entry even to the same value, and the earliest timer moves to another WAKE_GRID step only now
# and then (a third page then, the index's).
TABLE_UPDATE = (
    "UPDATE tables SET version = ?, state = ?, marks = ?, updated_at = ?, timers = COALESCE(?, timers)"
    " WHERE id = ? AND version = ?"
)
TABLE_FINISH = (
    "UPDATE tables SET version = ?, state = ?, marks = ?, updated_at = ?, timers = COALESCE(?, timers),"
    " status = ? WHERE id = ? AND version = ?"
)
WAKE_UPDATE = "UPDATE tables SET wake_at = ? WHERE id = ? AND wake_at IS NOT ?"
ACTION_INSERT = "INSERT INTO actions (table_id, seq, seat, action, source, at) VALUES (?, ?, ?, ?, ?, ?)"
RESULT_INSERT = "INSERT INTO results (table_id, winners, scores, finished_at) VALUES (?, ?, ?, ?)"


def _write_batch(conn: sqlite3.Connection, writes: list[ActionWrite]) -> list[BaseException | None]:
    """Actions of distinct tables in one pass: the versions read once (the transaction holds the write lock, so
    they stay), the refused set aside (Conflict), the rest written by one executemany per statement."""
    if len(writes) == 1:  # alone: the update finds its row only at the version before (nothing written if not)
        statement, values = _table_update(writes[0])
        if not conn.execute(statement, values).rowcount:
            return [Conflict(f"table {writes[0].table_id} is not at version {writes[0].seq - 1}")]
        accepted = writes
        errors: list[BaseException | None] = [None]
    else:
        accepted, errors = _accepted(conn, writes)
        updates: dict[str, list] = {TABLE_UPDATE: [], TABLE_FINISH: []}
        for write in accepted:
            statement, values = _table_update(write)
            updates[statement].append(values)
        for statement, rows in updates.items():
            if rows:
                conn.executemany(statement, rows)
    conn.executemany(ACTION_INSERT, [(w.table_id, w.seq, w.seat, w.action, w.source, w.at) for w in accepted])
    woken = [(wake, w.table_id, wake) for w in accepted if w.timers is not None for wake in (wake_at(w.timers),)]
    if woken:
        conn.executemany(WAKE_UPDATE, woken)
    seated = [(w.table_id, w.seats) for w in accepted if w.seats is not None]
    if seated:
        conn.executemany("DELETE FROM seats WHERE table_id = ?", [(table_id,) for table_id, _ in seated])
        conn.executemany(SEAT_INSERT, [row for table_id, seats in seated for row in seat_values(table_id, seats)])
    ended = [(w, w.result) for w in accepted if w.result is not None]
    if ended:
        conn.executemany(
            RESULT_INSERT,
            [
                (w.table_id, json.dumps(result["winners"]), json.dumps(result.get("scores", [])), w.at)
                for w, result in ended
            ],
        )
    return errors


def _table_update(w: ActionWrite) -> tuple[str, tuple]:
    timers = None if w.timers is None else timers_json(w.timers)
    if w.status == "running":
        return TABLE_UPDATE, (w.seq, w.state, w.marks, w.at, timers, w.table_id, w.seq - 1)
    return TABLE_FINISH, (w.seq, w.state, w.marks, w.at, timers, w.status, w.table_id, w.seq - 1)


def _accepted(conn: sqlite3.Connection, writes: list[ActionWrite]) -> tuple[list[ActionWrite], list]:
    """The writes whose table is at the version before theirs, and each write's error (None, or Conflict)."""
    ids = [write.table_id for write in writes]
    versions = dict(conn.execute(f"SELECT id, version FROM tables WHERE id IN ({', '.join('?' * len(ids))})", ids))
    errors: list[BaseException | None] = []
    accepted: list[ActionWrite] = []
    for write in writes:
        if versions.get(write.table_id) == write.seq - 1:
            accepted.append(write)
            errors.append(None)
        else:
            errors.append(Conflict(f"table {write.table_id} is not at version {write.seq - 1}"))
    return accepted, errors


def _write_alone(conn: sqlite3.Connection, write: ActionWrite) -> BaseException | None:
    """One action of a batch in its own savepoint: refused alone, the others stay."""
    conn.execute("SAVEPOINT action")
    try:
        return _write_batch(conn, [write])[0]
    except sqlite3.IntegrityError as error:  # the log already has this seq (or the table its result)
        conn.execute("ROLLBACK TO action")
        return Conflict(f"table {write.table_id}: {error}")
    finally:
        conn.execute("RELEASE action")
