"""The one schema both backends share: its history (`MIGRATIONS`, one entry a version) and every kept relation with
its columns and key (`RELATIONS`)."""

from __future__ import annotations

from bot.storage.ratings import RATING_RELATIONS, RATINGS_MIGRATION


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
TABLE_COLUMNS = ", ".join(RELATIONS["tables"][0])
