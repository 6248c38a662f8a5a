"""SQLite storage (aiosqlite, WAL) with versioned migrations.

What is kept: tables and their seats, an append-only action log with the state snapshot after each action,
pending timers, results, and guild settings. An accepted action is one transaction (log row + snapshot).
"""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

# Each entry upgrades the schema by one version; never edit a released entry, append a new one.
MIGRATIONS: list[str] = [
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
]


SEAT_INSERT = ("INSERT INTO seats (table_id, seat, user_id, name, ai_level, timeouts, more_time_used, taken_over)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
TIMER_INSERT = "INSERT INTO timers (table_id, kind, version, due_at, detail) VALUES (?, ?, ?, ?, ?)"


def _seat_values(table_id: int, seats: list) -> list[tuple]:
    return [(table_id, s.seat, s.user_id, s.name, s.ai_level, s.timeouts, int(s.more_time_used), int(s.taken_over))
            for s in seats]


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    ai_level: str | None
    timeouts: int = 0
    more_time_used: bool = False
    taken_over: bool = False


@dataclass
class TableRow:
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
    state: str | None
    marks: list
    locale: str
    seats: list[SeatRow]


@dataclass
class TimerRow:
    table_id: int
    kind: str
    version: int
    due_at: float
    detail: str


class Storage:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db: aiosqlite.Connection | None = None

    async def open(self) -> "Storage":
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = await aiosqlite.connect(self.path)
        self.db.row_factory = aiosqlite.Row
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across process crashes
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self._migrate()
        return self

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None

    async def _migrate(self) -> None:
        assert self.db is not None
        (current,) = await (await self.db.execute("PRAGMA user_version")).fetchone()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    async def schema_version(self) -> int:
        (version,) = await (await self.db.execute("PRAGMA user_version")).fetchone()
        return version

    # --- tables ---------------------------------------------------------------------------
    async def create_table(self, game: str, guild_id: int | None, channel_id: int, host_id: int,
                           options: dict, seed: int, locale: str, seats: list[SeatRow],
                           idle_timer: "TimerRow | None" = None) -> int:
        """A new lobby, with its idle-lobby timer (whose table_id is filled in here), in one transaction."""
        now = time.time()
        try:
            cursor = await self.db.execute(
                "INSERT INTO tables (game, guild_id, channel_id, host_id, status, options, seed, locale, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (game, guild_id, channel_id, host_id, json.dumps(options), seed, locale, now, now))
            table_id = cursor.lastrowid
            await self._write_seats(table_id, seats)
            if idle_timer is not None:
                idle_timer.table_id = table_id
                await self.db.execute(TIMER_INSERT, (table_id, idle_timer.kind, idle_timer.version, idle_timer.due_at,
                                                     idle_timer.detail))
            await self.db.commit()
        except BaseException:
            await self.db.rollback()
            raise
        return table_id

    async def _write_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self.db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await self.db.executemany(SEAT_INSERT, _seat_values(table_id, seats))

    async def save_lobby(self, table_id: int, *, host_id: int, options: dict, seats: list[SeatRow],
                         status: str = "lobby", idle_timer: "TimerRow | None | bool" = True) -> None:
        """Write a lobby's seats and settings (or its cancellation) in one transaction, with its idle-lobby timer
        replaced by `idle_timer` (None: removed; True, the default: left as it is)."""
        await self.db.execute(
            "UPDATE tables SET host_id = ?, options = ?, status = ?, updated_at = ? WHERE id = ?",
            (host_id, json.dumps(options), status, time.time(), table_id))
        await self._write_seats(table_id, seats)
        if idle_timer is not True:
            await self.db.execute("DELETE FROM timers WHERE table_id = ? AND kind = 'lobby'", (table_id,))
        if isinstance(idle_timer, TimerRow):
            await self.db.execute(TIMER_INSERT, (table_id, idle_timer.kind, idle_timer.version, idle_timer.due_at,
                                                 idle_timer.detail))
        await self.db.commit()

    async def set_message(self, table_id: int, channel_id: int, message_id: int) -> None:
        await self.db.execute("UPDATE tables SET channel_id = ?, message_id = ? WHERE id = ?",
                              (channel_id, message_id, table_id))
        await self.db.commit()

    async def set_status(self, table_id: int, status: str) -> None:
        await self.db.execute("UPDATE tables SET status = ?, updated_at = ? WHERE id = ?",
                              (status, time.time(), table_id))
        await self.db.commit()

    async def start_game(self, table_id: int, seats: list[SeatRow], options: dict, state: str, marks: list) -> None:
        await self.db.execute(
            "UPDATE tables SET status = 'running', version = 0, options = ?, state = ?, marks = ?, updated_at = ?"
            " WHERE id = ?", (json.dumps(options), state, json.dumps(marks), time.time(), table_id))
        await self._write_seats(table_id, seats)
        await self.db.execute("DELETE FROM timers WHERE table_id = ? AND kind = 'lobby'", (table_id,))
        await self.db.commit()

    async def record_action(self, table_id: int, seq: int, seat: int, action: dict, source: str, state: str,
                            marks: list, *, result: dict | None = None, seats: list[SeatRow] | None = None,
                            timers: list[TimerRow] | None = None) -> None:
        """Append one accepted action and the state after it, atomically: with the seats and the table's timers
        when they changed, and the result if it ended the game. One commit."""
        now = time.time()
        status = "finished" if result is not None else "running"

        def write(conn: sqlite3.Connection) -> None:
            try:
                conn.execute("INSERT INTO actions (table_id, seq, seat, action, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                             (table_id, seq, seat, json.dumps(action, ensure_ascii=False), source, now))
                conn.execute("UPDATE tables SET version = ?, state = ?, marks = ?, status = ?, updated_at = ?"
                             " WHERE id = ?", (seq, state, json.dumps(marks), status, now, table_id))
                if seats is not None:
                    conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
                    conn.executemany(SEAT_INSERT, _seat_values(table_id, seats))
                if timers is not None or result is not None:
                    conn.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
                if timers and result is None:
                    conn.executemany(TIMER_INSERT, [(t.table_id, t.kind, t.version, t.due_at, t.detail) for t in timers])
                if result is not None:
                    conn.execute("INSERT INTO results (table_id, winners, scores, finished_at) VALUES (?, ?, ?, ?)",
                                 (table_id, json.dumps(result["winners"]), json.dumps(result.get("scores", [])), now))
                conn.commit()
            except BaseException:
                conn.rollback()
                raise

        # One trip to aiosqlite's thread for the whole transaction (its _execute runs a function there): the
        # statements one by one would cost a thread hop each, on the path every accepted action takes.
        await self.db._execute(write, self.db._conn)

    async def save_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self._write_seats(table_id, seats)
        await self.db.commit()

    async def load_table(self, table_id: int) -> TableRow | None:
        row = await (await self.db.execute("SELECT * FROM tables WHERE id = ?", (table_id,))).fetchone()
        if row is None:
            return None
        seats = [SeatRow(r["seat"], r["user_id"], r["name"], r["ai_level"], r["timeouts"], bool(r["more_time_used"]),
                         bool(r["taken_over"])) for r in await (await self.db.execute(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))).fetchall()]
        return TableRow(
            id=row["id"], game=row["game"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            message_id=row["message_id"], host_id=row["host_id"], status=row["status"],
            options=json.loads(row["options"]), seed=row["seed"], version=row["version"], state=row["state"],
            marks=json.loads(row["marks"]), locale=row["locale"], seats=seats)

    async def open_table_in(self, channel_id: int) -> int | None:
        row = await (await self.db.execute(
            "SELECT id FROM tables WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,))).fetchone()
        return row[0] if row else None

    async def latest_table_in(self, channel_id: int) -> int | None:
        row = await (await self.db.execute("SELECT id FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                                           (channel_id,))).fetchone()
        return row[0] if row else None

    async def stats(self, guild_id: int, game: str | None = None) -> list[dict]:
        """One row per finished seat of a person in this guild: game, user, won, whether an AI took over a seat."""
        query = (
            "SELECT t.id, t.game, s.seat, s.user_id, s.name, s.taken_over, r.winners,"
            " (SELECT MAX(taken_over) FROM seats WHERE table_id = t.id) AS any_takeover"
            " FROM tables t JOIN results r ON r.table_id = t.id JOIN seats s ON s.table_id = t.id"
            " WHERE t.guild_id = ? AND t.status = 'finished' AND s.user_id IS NOT NULL")
        params: list = [guild_id]
        if game:
            query += " AND t.game = ?"
            params.append(game)
        rows = await (await self.db.execute(query, params)).fetchall()
        return [{"table": r[0], "game": r[1], "seat": r[2], "user_id": r[3], "name": r[4], "taken_over": bool(r[5]),
                 "won": r[2] in json.loads(r[6]), "marked": bool(r[7])} for r in rows]

    async def table_by_message(self, message_id: int) -> int | None:
        row = await (await self.db.execute("SELECT id FROM tables WHERE message_id = ?", (message_id,))).fetchone()
        return row[0] if row else None

    async def actions(self, table_id: int) -> list[dict]:
        rows = await (await self.db.execute(
            "SELECT seq, seat, action, source, at FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))).fetchall()
        return [{"seq": r[0], "seat": r[1], "action": json.loads(r[2]), "source": r[3], "at": r[4]} for r in rows]

    async def result(self, table_id: int) -> dict | None:
        row = await (await self.db.execute("SELECT winners, scores FROM results WHERE table_id = ?",
                                           (table_id,))).fetchone()
        return {"winners": json.loads(row[0]), "scores": json.loads(row[1])} if row else None

    # --- timers -----------------------------------------------------------------------------
    async def set_timer(self, timer: TimerRow) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO timers (table_id, kind, version, due_at, detail) VALUES (?, ?, ?, ?, ?)",
            (timer.table_id, timer.kind, timer.version, timer.due_at, timer.detail))
        await self.db.commit()

    async def _write_timers(self, table_id: int, timers: list[TimerRow]) -> None:
        await self.db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
        await self.db.executemany(TIMER_INSERT, [(t.table_id, t.kind, t.version, t.due_at, t.detail) for t in timers])

    async def replace_timers(self, table_id: int, timers: list[TimerRow]) -> None:
        await self._write_timers(table_id, timers)
        await self.db.commit()

    async def clear_timer(self, table_id: int, kind: str | None = None) -> None:
        if kind is None:
            await self.db.execute("DELETE FROM timers WHERE table_id = ?", (table_id,))
        else:
            await self.db.execute("DELETE FROM timers WHERE table_id = ? AND kind = ?", (table_id, kind))
        await self.db.commit()

    async def timers(self) -> list[TimerRow]:
        rows = await (await self.db.execute("SELECT table_id, kind, version, due_at, detail FROM timers")).fetchall()
        return [TimerRow(*row) for row in rows]

    async def lobbies_without_idle_timer(self) -> list[tuple[int, int | None, float]]:
        """Open lobbies with no idle-lobby timer: (table id, guild id, time of the last change)."""
        rows = await (await self.db.execute(
            "SELECT id, guild_id, updated_at FROM tables WHERE status = 'lobby' AND NOT EXISTS"
            " (SELECT 1 FROM timers WHERE timers.table_id = tables.id AND timers.kind = 'lobby')")).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    async def timer(self, table_id: int, kind: str) -> TimerRow | None:
        row = await (await self.db.execute(
            "SELECT table_id, kind, version, due_at, detail FROM timers WHERE table_id = ? AND kind = ?",
            (table_id, kind))).fetchone()
        return TimerRow(*row) if row else None

    # --- guild settings ---------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict:
        row = await (await self.db.execute("SELECT settings FROM guild_settings WHERE guild_id = ?",
                                           (guild_id,))).fetchone()
        return json.loads(row[0]) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict) -> None:
        await self.db.execute("INSERT OR REPLACE INTO guild_settings (guild_id, settings) VALUES (?, ?)",
                              (guild_id, json.dumps(settings)))
        await self.db.commit()
