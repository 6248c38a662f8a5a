"""The storage interface, the one schema both backends share, and group commit.

What is kept: tables and their seats, an append-only action log with the state snapshot after each action, pending
timers (in their table's row), results, and guild settings. Every accepted action (log row, snapshot, seats and
timers when they changed, the result when it ended the game) is one transaction committed before the bot answers.
Actions of many tables that arrive together share one transaction (group commit); each caller returns only after the
commit that holds its action. An action commits only on top of the version its table had when it was loaded: a
second process acting on a stale copy of the same table gets `Conflict`, never a second row for the same move.

Backends implement a few primitives (`_raw_rows`, `_raw_transaction`, `_commit_batch`, migrations); every query
below is written once with `?` placeholders.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, fields
from json.encoder import encode_basestring as quoted
from typing import Any, TypeVar

from bot.practice import is_practice
from bot.storage.faults import StorageHealth, is_fault
from bot.storage.ratings import RATING_RELATIONS, RATINGS_MIGRATION, RatingQueries
from bot.storage.steps import MustChange as MustChange
from games.contract import snapshot_json

T = TypeVar("T")


class SQLiteOnly(str):
    """A migration of SQLite's storage layout alone: PostgreSQL counts its version and runs nothing."""


class ByDialect(dict):
    """A migration written once per dialect (`ByDialect(sqlite=..., postgresql=...)`): each backend runs its own."""


def migration_script(entry: str | ByDialect, dialect: str) -> str | None:
    """What a backend of this dialect runs for a migration entry (None: nothing, only the version counts)."""
    if isinstance(entry, ByDialect):
        return entry[dialect]
    if isinstance(entry, SQLiteOnly) and dialect != "sqlite":
        return None
    return entry


# Each entry upgrades the schema by one version; never edit a released entry, append a new one. Written in SQLite's
# dialect; the PostgreSQL backend translates the types (postgres.py: INTEGER -> BIGINT, REAL -> DOUBLE PRECISION).
MIGRATIONS: list[str | ByDialect] = [
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        message_id INTEGER,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        marks TEXT NOT NULL DEFAULT '[]',
        locale TEXT NOT NULL DEFAULT 'en',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables(channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX tables_by_guild ON tables(guild_id, game, status);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        ai_level TEXT,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        source TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE timers (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        version INTEGER NOT NULL,
        due_at REAL NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (table_id, kind)
    );
    CREATE TABLE results (
        table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
        winners TEXT NOT NULL,
        scores TEXT NOT NULL,
        finished_at REAL NOT NULL
    );
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    """,
    # 2: absent players (consecutive timeouts, the one "more time", an AI that took a person's seat)
    """
    ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN more_time_used INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX tables_by_channel ON tables(channel_id, id);
    """,
    # 3: each person's own settings (how they are told it is their turn)
    """
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    """,
    # 4: the action log and the timers kept in their primary key's order alone (WITHOUT ROWID): each action's commit
    # writes one b-tree page of each, not two (the rowid table and its key's index), so its fsync has less to write
    SQLiteOnly("""
    CREATE TABLE actions_by_key (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        source TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    INSERT INTO actions_by_key SELECT table_id, seq, seat, action, source, at FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_by_key RENAME TO actions;
    CREATE TABLE timers_by_key (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        version INTEGER NOT NULL,
        due_at REAL NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (table_id, kind)
    ) WITHOUT ROWID;
    INSERT INTO timers_by_key SELECT table_id, kind, version, due_at, detail FROM timers;
    DROP TABLE timers;
    ALTER TABLE timers_by_key RENAME TO timers;
    """),
    # 5: a table's pending timers in its own row, a JSON object {kind: [version, due_at, detail]} written by the
    # UPDATE that writes each action's state: no statements of their own, no b-tree page of their own in each commit
    # (due_at as 17 significant digits: SQLite's JSON functions would round a REAL to 15)
    ByDialect(
        sqlite="""
    ALTER TABLE tables ADD COLUMN timers TEXT NOT NULL DEFAULT '{}';
    UPDATE tables SET timers = (
        SELECT json_group_object(kind, json('[' || version || ',' || printf('%!.17g', due_at) || ','
                                            || json_quote(detail) || ']'))
        FROM timers WHERE timers.table_id = tables.id)
    WHERE id IN (SELECT table_id FROM timers);
    DROP TABLE timers;
    """,
        postgresql="""
    ALTER TABLE tables ADD COLUMN timers TEXT NOT NULL DEFAULT '{}';
    UPDATE tables SET timers = moved.timers
    FROM (SELECT table_id, json_object_agg(kind, json_build_array(version, due_at, detail))::text AS timers
          FROM timers GROUP BY table_id) AS moved
    WHERE tables.id = moved.table_id;
    DROP TABLE timers;
    """,
    ),
    # 6: skill ratings (bot/storage/ratings.py)
    RATINGS_MIGRATION,
    # 7: many long tables. `wake_at`: a moment at or before the table's earliest timer (its due time rounded down to
    # WAKE_GRID), indexed, so the scheduler reads only the timers due soon; rounded so that an action whose deadline
    # moves within the same grid step leaves the index untouched. `shown`: the mark (shown_mark) of what the table's
    # message last showed, so a restart redraws only the messages that are behind.
    ByDialect(
        sqlite="""
    ALTER TABLE tables ADD COLUMN wake_at REAL;
    ALTER TABLE tables ADD COLUMN shown TEXT;
    UPDATE tables SET wake_at = (SELECT CAST(MIN(json_extract(value, '$[1]')) / 300 AS INTEGER) * 300.0
                                 FROM json_each(tables.timers))
    WHERE timers <> '{}';
    CREATE INDEX tables_by_wake ON tables(wake_at) WHERE wake_at IS NOT NULL;
    """,
        postgresql="""
    ALTER TABLE tables ADD COLUMN wake_at DOUBLE PRECISION;
    ALTER TABLE tables ADD COLUMN shown TEXT;
    UPDATE tables SET wake_at = (SELECT floor(MIN((value->>1)::double precision) / 300) * 300
                                 FROM json_each(tables.timers::json))
    WHERE timers <> '{}';
    CREATE INDEX tables_by_wake ON tables(wake_at) WHERE wake_at IS NOT NULL;
    """,
    ),
    # 8: a person's open tables found by their seats (/tables), not by reading every seat ever kept
    """
    CREATE INDEX seats_by_user ON seats(user_id, table_id);
    """,
]
WAKE_GRID = 300.0  # seconds: `wake_at` is the earliest due time rounded down to this (migration 7 says 300 too)

# Every kept relation, its columns and primary key, in an order that respects the foreign keys (migrate-db, dumps).
RELATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "tables": (
        (
            "id",
            "game",
            "guild_id",
            "channel_id",
            "message_id",
            "host_id",
            "status",
            "options",
            "seed",
            "version",
            "state",
            "marks",
            "locale",
            "created_at",
            "updated_at",
            "timers",
            "wake_at",
            "shown",
        ),
        ("id",),
    ),
    "seats": (
        ("table_id", "seat", "user_id", "name", "ai_level", "timeouts", "more_time_used", "taken_over"),
        ("table_id", "seat"),
    ),
    "actions": (("table_id", "seq", "seat", "action", "source", "at"), ("table_id", "seq")),
    "results": (("table_id", "winners", "scores", "finished_at"), ("table_id",)),
    "guild_settings": (("guild_id", "settings"), ("guild_id",)),
    "user_settings": (("user_id", "settings"), ("user_id",)),
    **RATING_RELATIONS,
}

SEAT_INSERT = (
    "INSERT INTO seats (table_id, seat, user_id, name, ai_level, timeouts, more_time_used, taken_over)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
TABLE_COLUMNS = ", ".join(RELATIONS["tables"][0])
NEW_ID = object()  # a parameter standing for the id the transaction's first statement returned


class Conflict(Exception):
    """Another process (or a stale copy) already committed this table past the version this action was built on."""


@dataclass
class SeatRow:
    """A seat's stored columns; its number is its place in the table's list of seats. The live seat
    (bot.tables.Seat) extends it with a few properties, so both list the columns once."""

    user_id: int | None  # the person sitting here (kept while an AI stands in for them)
    name: str
    ai_level: str | None = None  # set: an AI plays this seat
    timeouts: int = 0  # consecutive deadlines this seat let pass
    more_time_used: bool = False  # the one "more time" of the game
    taken_over: bool = False  # an AI played for this person at some point (marked in stats)


@dataclass
class TableRecord:
    """A table's own stored columns, listed once: the stored row (TableRow) and the live table (bot.tables.Table)
    both extend it, and `record_columns` copies them from one to the other."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    message_id: int | None
    host_id: int
    status: str
    options: dict
    seed: int
    version: int
    locale: str


def record_columns(record: TableRecord) -> dict[str, Any]:
    """The TableRecord columns of a row or a table, by name."""
    return {column.name: getattr(record, column.name) for column in fields(TableRecord)}


@dataclass
class TableRow(TableRecord):
    """A table as storage loads it: its columns, its game state as stored (JSON), its seats and pending timers."""

    state: str | None
    marks: list
    seats: list[SeatRow]
    timers: list[TimerRow] = field(default_factory=list)  # those its row keeps


@dataclass
class TimerRow:
    table_id: int
    kind: str
    version: int
    due_at: float
    detail: str


@dataclass
class SeatedTable:
    """An open table (lobby or running) a person has a seat at: where it is, and its deadline timer if one runs."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    message_id: int | None
    status: str
    deadline: TimerRow | None


@dataclass
class ActionWrite:
    """One accepted action as it is committed. seats/timers None: unchanged; timers []: none pending."""

    table_id: int
    seq: int
    seat: int
    action: str  # JSON
    source: str
    at: float
    state: str
    marks: str  # JSON
    status: str
    seats: list[SeatRow] | None
    timers: list[TimerRow] | None
    result: dict | None


def seat_values(table_id: Any, seats: Sequence[SeatRow]) -> list[tuple]:
    return [
        (table_id, n, s.user_id, s.name, s.ai_level, s.timeouts, int(s.more_time_used), int(s.taken_over))
        for n, s in enumerate(seats)
    ]


def timer_json(timer: TimerRow) -> str:
    """[version, due_at, detail] (due_at as repr: the float to its last digit)."""
    return f"[{int(timer.version)},{float(timer.due_at)!r},{quoted(timer.detail)}]"


def timers_json(timers: Sequence[TimerRow]) -> str:
    """A table's timers as its row keeps them: {kind: [version, due_at, detail]}, one timer of each kind (the last).
    Formatted by hand: json.dumps of the dict costs twice as much, on the path of every action."""
    by_kind = {timer.kind: timer for timer in timers}
    return "{" + ",".join(f"{quoted(kind)}:{timer_json(timer)}" for kind, timer in by_kind.items()) + "}"


def wake_at(timers: Sequence[TimerRow]) -> float | None:
    """The moment a table's row is woken at: its earliest timer's due time rounded down to WAKE_GRID (None: none)."""
    if not timers:
        return None
    return (min(timer.due_at for timer in timers) // WAKE_GRID) * WAKE_GRID


def shown_mark(version: int, seats: Sequence[SeatRow], timers: Sequence[TimerRow] | dict) -> str:
    """What a running table's message shows, as far as storage knows it: its version (every move), its seats (an AI
    standing in, "I'm back") and its deadline (the clock, "more time"). Written when an edit of the message lands,
    computed again from storage at a restart: equal marks, nothing to redraw."""
    deadline = next(
        (t for t in (timers.values() if isinstance(timers, dict) else timers) if t.kind == "deadline"), None
    )
    people = ",".join(f"{s.user_id or ''}/{s.ai_level or ''}/{int(s.more_time_used)}{int(s.taken_over)}" for s in seats)
    return f"{int(version)}|{people}|{'' if deadline is None else repr(float(deadline.due_at))}"


def timer_rows(table_id: int, text: str | None) -> list[TimerRow]:
    """The timers a table's row keeps, in the order of their kinds."""
    kept = json.loads(text) if text else {}
    return [
        TimerRow(table_id, kind, int(version), float(due_at), detail)
        for kind, (version, due_at, detail) in sorted(kept.items())
    ]


class GroupCommit:
    """Group commit, leader and followers. An action that arrives while no commit is under way is committed at once by
    its own caller (no task to wait for: on a busy event loop every extra wake-up is a loop turn of latency). Actions
    that arrive during a commit queue up; when it ends, one task commits everything queued in one transaction, then
    the next batch, and so on: under concurrency the batches grow by themselves. Every caller returns only after the
    commit that holds its action."""

    MAX_BATCH = 256

    def __init__(self, commit_batch: Callable[[list[ActionWrite]], Any], health: StorageHealth | None = None) -> None:
        self._commit_batch = commit_batch
        self.health = health or StorageHealth()
        self._pending: list[tuple[ActionWrite, asyncio.Future]] = []
        self._committing = 0  # commits under way (a caller's own, or the batch task's)
        self._idle: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        self.transactions = 0  # committed batches
        self.actions = 0  # committed actions

    async def submit(self, write: ActionWrite) -> None:
        if not self._committing:
            self._begin()
            try:
                error = (await self._commit([write]))[0]
            finally:
                self._end()
            if error is not None:
                raise error
            return
        future = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        await future

    def _begin(self) -> None:
        self._committing += 1
        if self._idle is None:
            self._idle = asyncio.Event()
        self._idle.clear()

    def _end(self) -> None:
        self._committing -= 1
        if self._pending and not self._committing:  # what queued meanwhile: the next batch, in a task of its own
            self._begin()
            self._task = asyncio.get_running_loop().create_task(self._drain())
        elif not self._committing:
            assert self._idle is not None  # made by the _begin this ends
            self._idle.set()

    async def _commit(self, writes: list[ActionWrite]) -> list[BaseException | None]:
        try:
            errors = await self._commit_batch(writes)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the transaction failed: nothing in it is acknowledged
            if is_fault(error):
                self.health.failed(error)
            return [error] * len(writes)
        self.health.succeeded()
        self.transactions += 1
        self.actions += sum(error is None for error in errors)
        return errors

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending[: self.MAX_BATCH], self._pending[self.MAX_BATCH :]
                try:
                    errors = await self._commit([write for write, _ in batch])
                except asyncio.CancelledError:
                    self._fail(batch + self._pending, ConnectionError("storage closed before the commit"))
                    self._pending = []
                    raise
                for (_, future), error in zip(batch, errors):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            self._end()

    @staticmethod
    def _fail(batch, error: BaseException) -> None:
        for _, future in batch:
            if not future.done():
                future.set_exception(error)

    async def wait_idle(self) -> None:
        while self._committing:
            assert self._idle is not None  # made by the _begin of the commit under way
            await self._idle.wait()


class Storage(RatingQueries):
    """`Storage(target)` opens the backend the target names: a `postgresql://` URL or an SQLite path."""

    dialect = ""
    # A table row's timers edited in place, in the backend's dialect (? placeholders): one kind set (params: the kind,
    # its timer_json), one kind removed (the kind), whether a kind is there (the kind); WAKE_AT: `wake_at` computed
    # from the row's timers (base.wake_at in SQL), set by a statement after the one that edits them
    TIMERS_PUT = TIMERS_DROP = TIMERS_HAS = WAKE_AT = ""

    def __new__(cls, target: Any = None, *args: Any, **kwargs: Any) -> Storage:
        if cls is Storage:
            if is_postgres(target):
                from bot.storage.postgres import PostgresStorage

                cls = PostgresStorage
            else:
                from bot.storage.sqlite import SQLiteStorage

                cls = SQLiteStorage
        return super().__new__(cls)

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

    async def probe(self) -> None:
        """A real, tiny committed write (it raises what a commit would raise): the health check's proof that
        storage can commit, not merely answer."""
        await self._transaction(self._probe_steps())

    def _probe_steps(self) -> list[tuple[str, Any, bool]]:
        raise NotImplementedError

    # --- what each backend provides -------------------------------------------------------------
    async def open(self) -> Storage:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    async def _raw_rows(self, sql: str, params: Sequence) -> list:
        raise NotImplementedError

    async def _raw_transaction(self, steps: list[tuple[str, Any, bool]]) -> Any:
        raise NotImplementedError

    async def _rows(self, sql: str, params: Sequence = ()) -> list:
        return await self._watched(self._raw_rows(sql, params), commits=False)

    async def _row(self, sql: str, params: Sequence = ()):
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def _transaction(self, steps: list[tuple[str, Any, bool]]) -> Any:
        """Run (sql, params, many) steps in one transaction; returns the first row's first value of a first step
        that has RETURNING (and passes it to later steps for NEW_ID)."""
        return await self._watched(self._raw_transaction(steps), commits=True)

    async def _commit_batch(self, writes: list[ActionWrite]) -> list[BaseException | None]:
        """Commit these actions in one transaction: None for each committed one, the error for each refused."""
        raise NotImplementedError

    # --- tables ---------------------------------------------------------------------------
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

    def _wake_steps(self, table_id: int) -> list[tuple[str, Any, bool]]:
        """After a statement that edited a table's timers in SQL: its `wake_at` from them."""
        return [(f"UPDATE tables SET wake_at = {self.WAKE_AT} WHERE id = ?", (table_id,), False)]

    @staticmethod
    def _seat_steps(table_id: int, seats: list[SeatRow]) -> list[tuple[str, Any, bool]]:
        return [
            ("DELETE FROM seats WHERE table_id = ?", (table_id,), False),
            (SEAT_INSERT, seat_values(table_id, seats), True),
        ]

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
    ) -> None:
        """Append one accepted action and the state after it, atomically: with the seats and the table's timers
        when they changed, and the result if it ended the game. Returns once committed (group commit); raises
        Conflict if the table is no longer at version seq - 1."""
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

    async def _value(self, sql: str, params: Sequence) -> Any:
        row = await self._row(sql, params)
        return row[0] if row else None

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

    # --- timers: kept in their table's row (tables.timers, see timers_json) ----------------------------------------
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

    # --- guild settings ---------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict:
        settings = await self._value("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return json.loads(settings) if settings else {}

    async def set_guild_settings(self, guild_id: int, settings: dict) -> None:
        await self._transaction(
            [
                (
                    "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) ON CONFLICT"
                    " (guild_id) DO UPDATE SET settings = excluded.settings",
                    (guild_id, json.dumps(settings)),
                    False,
                )
            ]
        )

    async def all_guild_settings(self) -> dict[int, dict]:
        return {
            guild_id: json.loads(settings)
            for guild_id, settings in await self._rows("SELECT guild_id, settings FROM guild_settings")
        }

    # --- user settings ----------------------------------------------------------------------
    async def user_settings(self, user_id: int) -> dict:
        settings = await self._value("SELECT settings FROM user_settings WHERE user_id = ?", (user_id,))
        return json.loads(settings) if settings else {}

    async def set_user_settings(self, user_id: int, settings: dict) -> None:
        await self._transaction(
            [
                (
                    "INSERT INTO user_settings (user_id, settings) VALUES (?, ?) ON CONFLICT"
                    " (user_id) DO UPDATE SET settings = excluded.settings",
                    (user_id, json.dumps(settings)),
                    False,
                )
            ]
        )

    # --- whole relations (migrate-db, checks) ------------------------------------------------
    async def counts(self) -> dict[str, int]:
        return {name: (await self._row(f"SELECT COUNT(*) FROM {name}"))[0] for name in RELATIONS}

    async def dump(self, name: str) -> list[tuple]:
        columns, key = RELATIONS[name]
        return [
            tuple(row) for row in await self._rows(f"SELECT {', '.join(columns)} FROM {name} ORDER BY {', '.join(key)}")
        ]

    async def upsert(self, name: str, rows: list[tuple]) -> None:
        """Insert rows of a relation, replacing any with the same key (so copying twice changes nothing)."""
        columns, key = RELATIONS[name]
        others = [c for c in columns if c not in key]
        sql = (
            f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in others)
        )
        if rows:
            await self._transaction([(sql, rows, True)])
        await self._after_upsert(name)

    async def _after_upsert(self, name: str) -> None:
        """A backend hook (PostgreSQL moves the table id sequence past copied ids)."""


def is_postgres(target: Any) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
