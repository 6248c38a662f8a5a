"""What storage reads and writes, as rows: a table's columns (`TableRecord`, listed once), its stored row, seats and
timers, an action as it is committed; and how seats and timers are written in a table's row."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from json.encoder import encode_basestring as quoted
from typing import Any

WAKE_GRID = 300.0  # seconds: `wake_at` is the earliest due time rounded down to this (migration 7 says 300 too)
SEAT_INSERT = (
    "INSERT INTO seats (table_id, seat, user_id, name, ai_level, timeouts, more_time_used, taken_over)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


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
    # told on the event loop once the transaction holding this action is written and its commit waits on the disk
    committing: Callable[[], None] | None = field(default=None, compare=False, repr=False)


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
