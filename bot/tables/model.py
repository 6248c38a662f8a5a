"""What a table is in memory: its seats, its game state and what the service keeps beside them, and the refusals
the service gives. The stored columns are `TableRecord`'s (bot/storage/rows.py): a table extends it."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import games
from bot.storage import SeatRow, TableRecord, TableRow, record_columns
from games.contract import GameSpec, GameState, UnsupportedRules, snapshot_json

OPEN = ("lobby", "running")
TIMER_KINDS = ("deadline", "ai", "nudge")  # the timers a running table may have (bot/scheduler.py fires them)
ALL_TIMER_KINDS = (*TIMER_KINDS, "lobby")  # and a lobby's idle timer


class TableError(Exception):
    """A refusal for the person who asked; `key` names a message in the catalogues."""

    def __init__(self, code: str, key: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.key = key or f"table.error.{code}"
        self.params = params


class StorageDown(TableError):
    """Storage cannot commit right now (bot/storage/faults.py): nothing was changed; the same press may work in a
    moment. Timers that meet it are retried (bot/scheduler.py)."""

    def __init__(self) -> None:
        super().__init__("storage_down")


class TableRetired(Exception):
    """The table object a call waited on was retired meanwhile (its commit failed): the call starts again on the
    copy reloaded from storage."""


@dataclass
class Seat(SeatRow):
    """A seat of a live table: its stored columns, written to storage as they are."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None

    @property
    def is_bot_only(self) -> bool:
        return self.user_id is None


@dataclass
class Table(TableRecord):
    """A live table: its stored columns, its seats and game state, and what only this process keeps."""

    seats: list[Seat]
    state: GameState | None = None
    marks: list[int] = field(default_factory=list)  # per seat: the version at which its legal actions last changed
    choices: list[str] = field(default_factory=list)  # each seat's, as `choice_text` names them
    saved: str | None = None  # the state's JSON as this process last committed it (None: not known or since changed)
    recent: deque = field(default_factory=lambda: deque(maxlen=30))  # (seat, events) of the last actions (the log)
    timers: dict = field(default_factory=dict)  # kind -> TimerRow: the stored timers, mirrored in memory
    last_source: str = ""  # who made the latest change: user, ai, timeout, start, system
    closed_idle: float | None = None  # set when the lobby closed by itself: the minutes it waited without a change
    revision: int = 0  # counts every change anyone could see (lobby changes too); in memory only
    used: float = 0.0  # when the service last handed it out (service.clock): idle tables leave memory
    retired: bool = False  # memory ran ahead of storage (a failed commit): this copy is dropped, never acted on again
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    _public: tuple | None = field(default=None, repr=False, compare=False)  # (state, version, its public view)

    @classmethod
    def from_row(cls, row: TableRow) -> Table:
        """The one conversion from storage: the columns as they are, the seats, timers and game state revived."""
        table = cls(**record_columns(row), seats=[Seat(**vars(seat)) for seat in row.seats])
        table.timers = {timer.kind: timer for timer in row.timers if timer.kind in ALL_TIMER_KINDS}
        if row.state is not None:
            try:
                table.state = table.spec.load(row.state)  # under the rules it was saved with
            except UnsupportedRules as error:
                raise TableError(error.code, error.key, **error.params) from None
            table.marks = list(row.marks) or [0] * table.state.players
            table.choices = table.current_choices()
        return table

    @property
    def spec(self) -> GameSpec:
        return games.get(self.game)

    def seat_of(self, user_id: int) -> int | None:
        for number, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return number
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]

    def can_start(self) -> bool:
        return self.status == "lobby" and self.spec.min_players <= len(self.seats) <= self.spec.max_players

    def seat_rows(self) -> list[SeatRow]:
        """A copy of the seats as storage writes them (a write may still be queued when the seats change again)."""
        return [SeatRow(**vars(seat)) for seat in self.seats]

    @property
    def started_state(self) -> GameState:
        """The game state of a table that has started (a lobby has none)."""
        if self.state is None:
            raise RuntimeError(f"table {self.id} has not started")
        return self.state

    def public_view(self) -> dict:
        """`view(None)` of the game state, made once per version: a move's picture, its message and the message's
        words all read it. Read-only: every reader shares the one dict. A state changes only by an action, which
        moves the version on before anything shows it (bot/tables/play.py), or is replaced by another object."""
        state = self.started_state
        public = self._public
        if public is None or public[0] is not state or public[1] != self.version:
            public = self._public = (state, self.version, state.view(None))
        return public[2]

    def current_choices(self) -> list[str]:
        """Each seat's legal actions named as a text ("" for a seat not to act)."""
        state = self.started_state
        acting = set(state.to_act())
        return [choice_text(state, n) if n in acting else "" for n in range(state.players)]


@dataclass
class Outcome:
    table: Table
    seat: int
    action: dict
    events: list[dict]


def choice_text(state: GameState, seat: int) -> str:
    """A text naming the seat's legal actions ("" for none): it changes exactly when the set does. Kept whole, not
    hashed: compared once an action, and a game's own text is memoised with its position (Diamond Box's)."""
    text = state.choices_text(seat)
    if text is None:
        actions = state.legal_actions(seat)
        text = snapshot_json(actions) if actions else ""
    return text


@contextlib.asynccontextmanager
async def hold(table: Table):
    """A table's lock, for a change: never on a copy retired while the call waited for it."""
    async with table.lock:
        if table.retired:
            raise TableRetired()
        yield
