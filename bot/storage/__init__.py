"""Storage: `Storage(target)` is SQLite for a path and PostgreSQL for a `postgresql://` URL (BODOGE_DATABASE).
See base.py for what is kept and the promises both backends keep."""

from bot.storage.base import (
    MIGRATIONS,
    RELATIONS,
    ActionWrite,
    Conflict,
    SeatedTable,
    SeatRow,
    Storage,
    TableRecord,
    TableRow,
    TimerRow,
    is_postgres,
    record_columns,
)

__all__ = [
    "MIGRATIONS",
    "RELATIONS",
    "ActionWrite",
    "Conflict",
    "SeatedTable",
    "SeatRow",
    "Storage",
    "TableRecord",
    "TableRow",
    "TimerRow",
    "is_postgres",
    "record_columns",
]
