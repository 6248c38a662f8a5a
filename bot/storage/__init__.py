"""Storage: `Storage(target)` is SQLite for a path and PostgreSQL for a `postgresql://` URL (BODOGE_DATABASE).
See base.py for what is kept and the promises both backends keep."""

from bot.storage.base import Storage, is_postgres
from bot.storage.rows import ActionWrite, SeatedTable, SeatRow, TableRecord, TableRow, TimerRow, record_columns
from bot.storage.schema import MIGRATIONS, RELATIONS
from bot.storage.steps import Conflict

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
