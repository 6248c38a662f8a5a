"""`python -m bot migrate-db --from SOURCE --to TARGET`: copy every table, seat, action log, timer, result and guild
setting from one storage to another (SQLite -> PostgreSQL to move a deployment; PostgreSQL -> SQLite for a portable
backup). Idempotent: rows are upserted by their keys, so running it again changes nothing. Afterwards the target must
hold exactly the source's rows (counts, then contents); stop the bot while it runs."""

from __future__ import annotations

from pathlib import Path

from bot.storage import RELATIONS, Storage, is_postgres

CHUNK = 2000


class MigrationError(Exception):
    pass


async def migrate(source: str, target: str) -> dict[str, int]:
    """Copy and verify; returns the rows per relation. Raises MigrationError when the target differs afterwards."""
    if not is_postgres(source) and not Path(source).is_file():
        raise MigrationError(f"no database at {source}")
    if source == target:
        raise MigrationError("the source and the target are the same database")
    origin = await Storage(source).open()
    try:
        destination = await Storage(target).open()
        try:
            expected = {}
            for name in RELATIONS:  # foreign keys: tables first
                rows = await origin.dump(name)
                expected[name] = rows
                for start in range(0, len(rows), CHUNK):
                    await destination.upsert(name, rows[start : start + CHUNK])
                if not rows:
                    await destination.upsert(name, [])
            counts = await destination.counts()
            for name, rows in expected.items():
                if counts[name] != len(rows):
                    raise MigrationError(
                        f"{name}: {len(rows)} rows in the source, {counts[name]} in the target "
                        "(the target must be empty or an earlier copy of this source)"
                    )
                if await destination.dump(name) != rows:
                    raise MigrationError(f"{name}: the target's rows differ from the source's")
            return counts
        finally:
            await destination.close()
    finally:
        await origin.close()
