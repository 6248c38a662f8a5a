"""The storage interface: `Storage`, its queries (tables.py, timers.py, settings.py, ratings.py) over the one schema
both backends share (schema.py), and the whole relations migrate-db copies.

What is kept: tables and their seats, an append-only action log with the state snapshot after each action, pending
timers (in their table's row), results, and guild settings. Every accepted action (log row, snapshot, seats and
timers when they changed, the result when it ended the game) is one transaction committed before the bot answers.
Actions of many tables that arrive together share one transaction (group commit); each caller returns only after the
commit that holds its action. An action commits only on top of the version its table had when it was loaded: a
second process acting on a stale copy of the same table gets `Conflict`, never a second row for the same move.

Backends implement a few primitives (`_raw_rows`, `_raw_transaction`, `_commit_batch`, migrations: core.py); every
query is written once with `?` placeholders.
"""

from __future__ import annotations

from typing import Any

from bot.storage.ratings import RatingQueries
from bot.storage.schema import RELATIONS
from bot.storage.settings import SettingsQueries
from bot.storage.tables import TableQueries
from bot.storage.timers import TimerQueries


class Storage(TableQueries, TimerQueries, SettingsQueries, RatingQueries):
    """`Storage(target)` opens the backend the target names: a `postgresql://` URL or an SQLite path."""

    def __new__(cls, target: Any = None, *args: Any, **kwargs: Any) -> Storage:
        if cls is Storage:
            if is_postgres(target):
                from bot.storage.postgres import PostgresStorage

                cls = PostgresStorage
            else:
                from bot.storage.sqlite import SQLiteStorage

                cls = SQLiteStorage
        return super().__new__(cls)

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
