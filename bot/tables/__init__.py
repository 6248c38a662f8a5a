"""Tables: lobby -> running -> finished/cancelled. `TableService` (service.py) is the door; model.py says what a
table is; lobby.py, play.py and timers.py do the work; listeners.py is how the host hears of it."""

from bot.tables.listeners import TableListener
from bot.tables.model import ALL_TIMER_KINDS, OPEN, TIMER_KINDS, Outcome, Seat, StorageDown, Table, TableError
from bot.tables.service import TableService
from bot.tables.timers import shown_deadline

__all__ = [
    "ALL_TIMER_KINDS",
    "OPEN",
    "TIMER_KINDS",
    "Outcome",
    "Seat",
    "StorageDown",
    "Table",
    "TableError",
    "TableListener",
    "TableService",
    "shown_deadline",
]
