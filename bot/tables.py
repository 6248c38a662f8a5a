"""The table service: lobby -> running -> finished/cancelled, seats, per-table locks and the one door through which
every action reaches an engine. It never imports discord: cogs translate interactions into these calls.

Stale presses: each seat has a mark, the version at which its legal actions last changed. A press carrying an
older version than its seat's mark was made on a board that has moved on (or is a double click) and is refused;
a press whose seat's choices are unchanged (a simultaneous choice, a call window) still counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

import games
from bot import lessons, practice
from bot.races import FirstPressRaces, TooSlow
from bot.storage import Conflict, SeatRow, Storage, TimerRow
from bot.storage.faults import is_fault
from bot.thinking import think
from games.contract import GameSpec, GameState, IllegalAction, offers, snapshot_json

log = logging.getLogger(__name__)

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


@contextlib.asynccontextmanager
async def _hold(table: Table):
    """A table's lock, for a change: never on a copy retired while the call waited for it."""
    async with table.lock:
        if table.retired:
            raise _Retired()
        yield


class _Retired(Exception):
    """The table object a call waited on was retired meanwhile (its commit failed): the call starts again on the
    copy reloaded from storage."""


def saving(method):
    """A service call that may write: a storage fault becomes `StorageDown`, and the table it touched is dropped from
    memory (what it changed there never reached storage; the next use reloads the committed truth). A call that
    waited on a copy retired meanwhile runs once more, on the reloaded copy."""

    @functools.wraps(method)
    async def guarded(self: TableService, table_id: int, *args: Any, **kwargs: Any) -> Any:
        for attempt in (1, 2):
            try:
                return await method(self, table_id, *args, **kwargs)
            except _Retired:
                if attempt == 2:
                    raise TableError("stale") from None
            except (TableError, Conflict):
                raise
            except Exception as error:
                if not is_fault(error):
                    raise
                self.retire(table_id)
                raise StorageDown() from None

    return guarded


@dataclass
class Seat:
    user_id: int | None  # the person sitting here (kept while an AI stands in for them)
    name: str
    ai_level: str | None = None  # set: an AI plays this seat
    timeouts: int = 0  # consecutive deadlines this seat let pass
    more_time_used: bool = False  # the one "more time" of the game
    taken_over: bool = False  # an AI played for this person at some point (marked in stats)

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None

    @property
    def is_bot_only(self) -> bool:
        return self.user_id is None


@dataclass
class Table:
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
    seats: list[Seat]
    state: GameState | None = None
    marks: list[int] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)  # each seat's, as `_choice_text` names them
    saved: str | None = None  # the state's JSON as this process last committed it (None: not known or since changed)
    recent: deque = field(default_factory=lambda: deque(maxlen=30))  # (seat, events) of the last actions (the log)
    timers: dict = field(default_factory=dict)  # kind -> TimerRow: the stored timers, mirrored in memory
    last_source: str = ""  # who made the latest change: user, ai, timeout, start, system
    closed_idle: float | None = None  # set when the lobby closed by itself: the minutes it waited without a change
    revision: int = 0  # counts every change anyone could see (lobby changes too); in memory only
    retired: bool = False  # memory ran ahead of storage (a failed commit): this copy is dropped, never acted on again
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

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
        return [
            SeatRow(n, s.user_id, s.name, s.ai_level, s.timeouts, s.more_time_used, s.taken_over)
            for n, s in enumerate(self.seats)
        ]


@dataclass
class Outcome:
    table: Table
    seat: int
    action: dict
    events: list[dict]


def _choice_text(state: GameState, seat: int) -> str:
    """A text naming the seat's legal actions ("" for none): it changes exactly when the set does. Kept whole, not
    hashed: compared once an action, and a game's own text is memoised with its position (Diamond Box's)."""
    text = state.choices_text(seat)
    if text is None:
        actions = state.legal_actions(seat)
        text = snapshot_json(actions) if actions else ""
    return text


Listener = Callable[[Table, list[dict]], Awaitable[None]]


class TableService:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        race_grace: float = 0.35,
        ai_delay: float = 1.0,
        afk_limit: int = 3,
        lobby_idle_minutes: float = 30,
    ) -> None:
        self.afk_limit = afk_limit  # consecutive expiries after which an AI keeps an absent person's seat
        self.lobby_idle_minutes = lobby_idle_minutes  # an unchanged lobby closes after this (0: never)
        self.timer_scale = 1.0  # tests shrink every deadline (and the idle-lobby time)
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)  # a new table's deal (tests fix it)
        self.storage = storage
        self.clock = clock
        self.races = FirstPressRaces(race_grace)
        self.ai_delay = ai_delay
        self._tables: dict[int, Table] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self.listeners: list[Listener] = []  # told after every committed change
        # told (synchronously) of an action applied in memory, before its commit: they may prepare what will show
        # it (start drawing its picture), never show or send anything before `listeners` are told
        self.prepare_listeners: list[Callable[[Table, str], None]] = []
        self.timer_listeners: list[Callable[[TimerRow | None, int, str], None]] = []
        # "your turn": a person still to act after this many seconds is told once (0: never), per guild if set
        self.nudge_delay = 0.0
        self.nudge_delays: dict[int, float] = {}
        self.nudge_listeners: list[Callable[[Table, list[int]], Awaitable[None]]] = []

    # --- loading ------------------------------------------------------------------------------
    async def get(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if not 0 < table_id < 2**63:  # a forged id no table has (SQLite would refuse it as too large)
            raise TableError("no_table")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self._tables.get(table_id)
            if table is None:
                try:
                    table = await self._load(table_id)
                except TableError:
                    raise
                except Exception as error:
                    if is_fault(error):
                        raise StorageDown() from None
                    raise
                self._tables[table_id] = table
        return table

    async def _load(self, table_id: int) -> Table:
        row = await self.storage.load_table(table_id)
        if row is None:
            raise TableError("no_table")
        try:
            games.get(row.game)
        except KeyError:
            raise TableError("no_table") from None
        table = Table(
            id=row.id,
            game=row.game,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            message_id=row.message_id,
            host_id=row.host_id,
            status=row.status,
            options=row.options,
            seed=row.seed,
            version=row.version,
            locale=row.locale,
            seats=[Seat(s.user_id, s.name, s.ai_level, s.timeouts, s.more_time_used, s.taken_over) for s in row.seats],
        )
        table.timers = {timer.kind: timer for timer in row.timers if timer.kind in ALL_TIMER_KINDS}
        if row.state is not None:
            table.state = table.spec.load(row.state)
            table.marks = list(row.marks) or [0] * table.state.players
            table.choices = self._choices(table)
        return table

    async def _resync(self, table_id: int) -> None:
        """Reload a table another process moved on, and arm the timers it stored (so the table goes on here)."""
        try:
            table = await self.get(table_id)
        except TableError:
            return
        if table.status == "running":
            for kind in ("deadline", "ai"):
                self._tell_timers(table.timers.get(kind), table.id, kind)

    def retire(self, table_id: int) -> None:
        """Memory may have run ahead of storage (a write failed): drop this copy for good (nothing acts on it or
        draws it again) and reload the committed truth on next use."""
        table = self._tables.pop(table_id, None)
        if table is not None:
            table.retired = True

    def forget(self, table_id: int) -> None:
        """Drop a table from memory (it is reloaded from storage on next use)."""
        self._tables.pop(table_id, None)

    def cached(self) -> int:
        return len(self._tables)

    # --- lobby --------------------------------------------------------------------------------
    @saving  # (its first argument is no table: nothing to retire)
    async def open(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        locale: str = "en",
        options: dict | None = None,
    ) -> Table:
        spec = games.get(game)
        if await self.storage.open_table_in(channel_id) is not None:
            raise TableError("channel_busy")
        seats = [Seat(host_id, host_name)]
        seed = self.new_seed()
        idle = await self._idle_timer(guild_id, 0)
        table_id = await self.storage.create_table(
            game,
            guild_id,
            channel_id,
            host_id,
            dict(options or {}),
            seed,
            locale,
            [SeatRow(0, host_id, host_name, None)],
            idle_timer=idle,
        )
        table = Table(
            id=table_id,
            game=spec.id,
            guild_id=guild_id,
            channel_id=channel_id,
            message_id=None,
            host_id=host_id,
            status="lobby",
            options=dict(options or {}),
            seed=seed,
            version=0,
            locale=locale,
            seats=seats,
        )
        self._tables[table_id] = table
        if idle is not None:
            table.timers["lobby"] = TimerRow(table_id, idle.kind, idle.version, idle.due_at, idle.detail)
            self._tell_timers(table.timers["lobby"], table_id, "lobby")
        return table

    # --- idle lobbies ---------------------------------------------------------------------------
    async def idle_minutes(self, guild_id: int | None) -> float:
        """How long a lobby may stay unchanged in this guild before it closes (0: never)."""
        settings = await self.storage.guild_settings(guild_id) if guild_id is not None else {}
        minutes = settings.get("lobby_idle_minutes")
        return self.lobby_idle_minutes if minutes is None else minutes

    async def _idle_timer(self, guild_id: int | None, table_id: int, since: float | None = None) -> TimerRow | None:
        minutes = await self.idle_minutes(guild_id)
        if not minutes or minutes <= 0:
            return None
        due = (self.clock() if since is None else since) + minutes * 60 * self.timer_scale
        return TimerRow(table_id, "lobby", 0, due, json.dumps({"minutes": minutes}))

    @saving
    async def close_idle_lobby(self, table_id: int, due_at: float) -> Table | None:
        """The idle-lobby timer ran out: close the lobby unless a change pushed the timer back meanwhile."""
        table = await self.get(table_id)
        async with _hold(table):
            timer = table.timers.get("lobby")
            if table.status != "lobby" or timer is None or timer.due_at != due_at:
                return None
            table.status = "cancelled"
            table.closed_idle = json.loads(timer.detail or "{}").get("minutes", 0)
            table.timers.pop("lobby", None)
            await self.storage.save_lobby(
                table.id,
                host_id=table.host_id,
                options=table.options,
                seats=table.seat_rows(),
                status="cancelled",
                idle_timer=None,
            )
            self._tell_timers(None, table.id, "lobby")
            await self._notify(table, [{"type": "lobby_closed", "reason": "idle", "minutes": table.closed_idle}])
        log.info("table %s: the lobby closed after %s idle minutes", table.id, table.closed_idle)
        return table

    async def time_idle_lobbies(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Give every open lobby without an idle timer one, counted from its last change (lobbies opened before
        the timer existed, or while the setting was "never"); with `owns`, only in this process's guilds. Returns
        how many."""
        armed = 0
        for table_id, guild_id, updated_at in await self.storage.lobbies_without_idle_timer():
            if owns is not None and not owns(guild_id):
                continue
            timer = await self._idle_timer(guild_id, table_id, since=updated_at)
            if timer is not None:
                await self.storage.set_timer(timer)
                armed += 1
        return armed

    async def set_message(self, table: Table, channel_id: int, message_id: int) -> None:
        table.channel_id, table.message_id = channel_id, message_id
        await self.storage.set_message(table.id, channel_id, message_id)

    async def _save_lobby(self, table: Table) -> None:
        """Write a lobby change; any change pushes the idle-lobby timer back (in the same transaction)."""
        idle = await self._idle_timer(table.guild_id, table.id) if table.status == "lobby" else None
        await self.storage.save_lobby(
            table.id,
            host_id=table.host_id,
            options=table.options,
            seats=table.seat_rows(),
            status=table.status,
            idle_timer=idle,
        )
        if table.status in ("lobby", "cancelled"):
            if idle is None:
                table.timers.pop("lobby", None)
            else:
                table.timers["lobby"] = idle
            self._tell_timers(idle, table.id, "lobby")
        await self._notify(table, [])

    def _require_lobby(self, table: Table) -> None:
        if table.status != "lobby":
            raise TableError("not_in_lobby")

    def _require_host(self, table: Table, user_id: int, moderator: bool = False) -> None:
        if user_id != table.host_id and not moderator:
            raise TableError("host_only")

    @saving
    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError("already_seated")
            if len(table.seats) >= table.spec.max_players:
                raise TableError("table_full")
            table.seats.append(Seat(user_id, name))
            await self._save_lobby(table)
        return table

    @saving
    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby (the host's role passes to the next person; an empty lobby closes), or hand a running
        game's seat to the AI."""
        table = await self.get(table_id)
        async with _hold(table):
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if table.status == "running":
                await self._hand_to_ai(table, seat)
                return table
            self._require_lobby(table)
            del table.seats[seat]
            self._pass_host(table, user_id)
            await self._save_lobby(table)
        return table

    def _pass_host(self, table: Table, leaving: int) -> None:
        if table.host_id != leaving:
            return
        humans = [s.user_id for s in table.seats if s.user_id is not None and not s.is_ai]
        if humans:
            table.host_id = humans[0]
        else:
            table.status = "cancelled"

    @saving
    async def add_ai(self, table_id: int, user_id: int, level: str | None = None) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            if len(table.seats) >= table.spec.max_players:
                raise TableError("table_full")
            level = level or table.spec.default_ai_level
            if level not in table.spec.ai_levels:
                raise TableError("bad_option")
            table.seats.append(Seat(None, "", level))
            await self._save_lobby(table)
        return table

    @saving
    async def remove_ai(self, table_id: int, user_id: int) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            for number in range(len(table.seats) - 1, -1, -1):
                if table.seats[number].is_bot_only:
                    del table.seats[number]
                    break
            else:
                raise TableError("no_ai_seat")
            await self._save_lobby(table)
        return table

    @saving
    async def set_option(self, table_id: int, user_id: int, name: str, value: Any) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            spec = table.spec
            allowed = spec.choices.get(name) if name in spec.options else practice.LOBBY_CHOICES.get(name)
            if name not in spec.options and (allowed is None or not offers(allowed, value)):  # the host's own
                raise TableError("bad_option")
            if allowed is not None and value not in allowed:
                raise TableError("bad_option")
            self._check_settings(table, {**table.options, name: value})
            table.options[name] = value
            await self._save_lobby(table)
        return table

    @staticmethod
    def _check_settings(table: Table, options: dict) -> None:
        """The game's own rules judge the settings as a whole (e.g. a table that could never be won), now rather
        than at the start, with the seats taken so far (at least the fewest the game allows)."""
        try:
            table.spec.new(max(len(table.seats), table.spec.min_players), practice.engine_options(options), table.seed)
        except IllegalAction as error:
            raise TableError(error.code, error.key, **error.params) from None

    @saving
    async def cancel(self, table_id: int, user_id: int, moderator: bool = False) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            if table.status not in OPEN:
                raise TableError("table_closed")
            self._require_host(table, user_id, moderator)
            table.status = "cancelled"
            await self.storage.set_status(table.id, "cancelled")
            await self.storage.clear_timer(table.id)
            table.timers = {}
            self._tell_timers(None, table.id, "all")
            await self._notify(table, [])
        return table

    @saving
    async def kick(self, table_id: int, user_id: int, target_id: int, moderator: bool = False) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_host(table, user_id, moderator)
            seat = table.seat_of(target_id)
            if seat is None:
                raise TableError("not_seated_other")
            if target_id == user_id:
                raise TableError("kick_self")
            if table.status == "running":
                await self._hand_to_ai(table, seat)
                return table
            self._require_lobby(table)
            del table.seats[seat]
            await self._save_lobby(table)
        return table

    @saving
    async def hand_over(self, table_id: int, user_id: int, new_host: int, moderator: bool = False) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_host(table, user_id, moderator)
            if table.seat_of(new_host) is None:
                raise TableError("not_seated_other")
            table.host_id = new_host
            await self._save_lobby(table)
        return table

    async def _hand_to_ai(self, table: Table, seat: int, reason: str = "left") -> None:
        entry = table.seats[seat]
        entry.ai_level = table.spec.default_ai_level
        entry.taken_over = entry.user_id is not None
        await self.storage.save_seats(table.id, table.seat_rows())
        await self._after_change(table, [{"type": "seat_to_ai", "seat": seat, "reason": reason}], source="system")

    @saving
    async def reclaim(self, table_id: int, user_id: int) -> Table:
        """ "I'm back": a person takes their seat back from the AI."""
        table = await self.get(table_id)
        async with _hold(table):
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_player")
            if table.status != "running":
                raise TableError("table_closed")
            entry = table.seats[seat]
            if not entry.is_ai:
                raise TableError("not_away")
            entry.ai_level, entry.timeouts = None, 0
            await self.storage.save_seats(table.id, table.seat_rows())
            await self._after_change(table, [{"type": "seat_back", "seat": seat}], source="system")
        return table

    @saving
    async def more_time(self, table_id: int, user_id: int) -> float:
        """The once-per-game extension of a deadline the person is being waited for; returns the new due time."""
        table = await self.get(table_id)
        async with _hold(table):
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_player")
            timer = table.timers.get("deadline")
            waited = json.loads(timer.detail).get("seats", []) if timer else []
            if table.status != "running" or timer is None or seat not in waited:
                raise TableError("no_deadline_for_you")
            entry = table.seats[seat]
            if entry.more_time_used:
                raise TableError("more_time_used")
            entry.more_time_used = True
            deadline = table.state.deadline()
            timer.due_at += (deadline.seconds if deadline else 60) * self.timer_scale
            await self.storage.save_seats(table.id, table.seat_rows())
            await self.storage.set_timer(timer)
            self._tell_timers(timer, table.id, "deadline")
            await self._notify(table, [{"type": "more_time", "seat": seat}])
            table.recent.append((seat, [{"type": "more_time", "seat": seat}]))
            return timer.due_at

    @saving
    async def start(self, table_id: int, user_id: int) -> Table:
        table = await self.get(table_id)
        async with _hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            if not table.can_start():
                raise TableError("bad_player_count")
            try:
                state = table.spec.new(len(table.seats), practice.engine_options(table.options), table.seed)
            except IllegalAction as error:
                raise TableError(error.code, error.key, **error.params) from None
            result = state.result() if state.finished else None  # a deal may end the game (an empty deck)
            table.state, table.status, table.version = state, "running" if result is None else "finished", 0
            table.marks = [0] * state.players
            table.choices = self._choices(table)
            table.saved = state.to_json()
            await self.storage.start_game(
                table.id, table.seat_rows(), table.options, table.saved, table.marks, result=result
            )
            table.timers.pop("lobby", None)
            self._tell_timers(None, table.id, "lobby")
            await self._after_change(table, [{"type": "game_started"}], source="start")
        return table

    @saving
    async def rematch(self, table_id: int, user_id: int, channel_id: int | None = None) -> Table:
        """A new table with the same seats and settings, started at once (by any person who played)."""
        old = await self.get(table_id)
        if old.status != "finished":
            raise TableError("not_finished")
        if old.seat_of(user_id) is None:
            raise TableError("not_player")
        options = {k: v for k, v in old.options.items() if k != "stacked"}
        first = next(s for s in old.seats if s.user_id == user_id)
        table = await self.open(
            old.game,
            guild_id=old.guild_id,
            channel_id=channel_id or old.channel_id,
            host_id=user_id,
            host_name=first.name,
            locale=old.locale,
            options=options,
        )
        async with _hold(table):
            table.seats = [Seat(s.user_id, s.name, None if s.user_id is not None else s.ai_level) for s in old.seats]
            await self.storage.save_lobby(table.id, host_id=user_id, options=options, seats=table.seat_rows())
        return await self.start(table.id, user_id)

    # --- play ---------------------------------------------------------------------------------
    @saving
    async def submit(
        self, table_id: int, user_id: int, version: int, action: dict, *, stamp_ms: int | None = None
    ) -> Outcome:
        """A person's action from a button. Race actions (e.g. a border call) go through the first-press race."""
        table = await self.get(table_id)
        if table.status != "running":
            raise TableError("not_running" if table.status == "lobby" else "table_closed")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_player")
        if table.seats[seat].is_ai:
            raise TableError("seat_is_ai")

        async def attempt() -> Outcome:
            return await self._act(table, seat, version, action, "user")

        if action.get("type") in table.spec.race_actions:
            stamp = stamp_ms if stamp_ms is not None else int(self.clock() * 1000)
            try:
                return await self.races.press(("race", table.id), stamp, attempt)
            except TooSlow:
                raise TableError("too_slow") from None
        return await attempt()

    async def _act(
        self, table: Table, seat: int, version: int | None, action: dict, source: str, absent: list[int] = ()
    ) -> Outcome:
        """Apply, then commit (with any change to the seats' absence counters) before anyone is told."""
        async with table.lock:
            if table.retired:  # queued on a copy whose commit failed: the reloaded table decides
                raise StorageDown() if self.storage.health.down else TableError("stale")
            if table.status != "running" or table.state is None:
                raise TableError("table_closed")
            if version is not None:
                current = (table.marks[seat] <= version <= table.version) if seat >= 0 else version == table.version
                if not current:
                    raise TableError("stale")
            try:
                events = (
                    await self._apply_off_loop(table, seat, action)
                    if seat == games.SYSTEM
                    else table.state.apply(seat, action, saved=table.saved)
                )
            except IllegalAction as error:
                raise TableError(error.code, error.key, **error.params) from None
            table.saved = None  # the state changed: known again once committed
            seats_changed = self._count_absence(table, seat if source == "user" else None, absent, events)
            try:
                await self._commit(table, seat, action, source, seats_changed)
            except BaseException as error:
                table.retired = True
                self.forget(table.id)  # memory ran ahead of storage: reload the committed truth next time
                if isinstance(error, Conflict):  # another process committed this table first (a shard handover)
                    await self._resync(table.id)
                    raise TableError("stale") from None
                if isinstance(error, Exception) and is_fault(error):
                    raise StorageDown() from None
                raise
            await self._after_change(table, events, seat=seat, source=source, timers_saved=True)
            return Outcome(table, seat, action, events)

    @staticmethod
    async def _apply_off_loop(table: Table, seat: int, action: dict) -> list[dict]:
        """A deadline's action, applied in a worker thread to a copy that then replaces the state: a game may play an
        absent seat with its own agent (BOSSa), which can take most of a second, and the event loop must not wait.
        Meanwhile every reader sees the state before, and the table's lock keeps every other change out."""
        copy = type(table.state).from_dict(table.state.to_dict())
        events = await asyncio.to_thread(copy.apply, seat, action)
        table.state = copy
        return events

    def _count_absence(self, table: Table, present: int | None, absent: list[int], events: list[dict]) -> bool:
        """A person who acts is present again; a person a deadline waited for in vain counts one more absence, and
        after `afk_limit` in a row the AI keeps their seat. Returns whether any seat changed."""
        changed = False
        if present is not None and table.seats[present].timeouts:
            table.seats[present].timeouts = 0
            changed = True
        for number in absent:
            entry = table.seats[number] if 0 <= number < len(table.seats) else None
            if entry is None or entry.is_ai or entry.user_id is None:
                continue
            entry.timeouts += 1
            changed = True
            if entry.timeouts >= self.afk_limit and not table.state.finished:
                entry.ai_level = table.spec.default_ai_level
                entry.taken_over = True
                events.append({"type": "seat_to_ai", "seat": number, "reason": "absent"})
        return changed

    async def _commit(self, table: Table, seat: int, action: dict, source: str, seats_changed: bool = False) -> None:
        if self.prepare_listeners:  # what they start (a picture drawn in a worker) runs beside the work below
            for prepare in self.prepare_listeners:
                try:
                    prepare(table, source)
                except Exception:  # preparing is only a head start: the board is drawn again when shown
                    log.exception("table %s: preparing its board failed", table.id)
            await asyncio.sleep(0)  # it starts now, before the choices and the disk's write
        state = table.state
        table.version += 1
        new_choices = self._choices(table)
        for number, (old, new) in enumerate(zip(table.choices, new_choices)):
            if old != new:
                table.marks[number] = table.version
        table.choices = new_choices
        result = state.result() if state.finished else None
        if result is not None:
            table.status = "finished"
        table.timers = self._plan_timers(table, acted=seat) if result is None else {}
        saved = state.to_json()
        await self.storage.record_action(
            table.id,
            table.version,
            seat,
            action,
            source,
            saved,
            table.marks,
            result=result,
            seats=table.seat_rows() if seats_changed else None,
            timers=list(table.timers.values()),
        )
        table.saved = saved

    def _choices(self, table: Table) -> list[str]:
        acting = set(table.state.to_act())
        return [_choice_text(table.state, n) if n in acting else "" for n in range(table.state.players)]

    @saving
    async def expire(self, table_id: int, version: int) -> Outcome | None:
        """A timed window ran out: apply the engine's timeout if the board is still where the timer was set."""
        table = await self.get(table_id)
        if table.status != "running" or table.version != version:
            return None
        timer = table.timers.get("deadline")
        waited = orjson.loads(timer.detail).get("seats", []) if timer else []
        try:
            return await self._act(table, games.SYSTEM, version, {"type": "timeout"}, "timeout", absent=waited)
        except (StorageDown, _Retired):
            raise
        except TableError as error:
            log.info("table %s: timeout at version %s not applied (%s)", table_id, version, error.code)
            return None

    @saving
    async def ai_move(self, table_id: int, version: int) -> Outcome | None:
        """Let the first AI seat that may act choose and play one action."""
        table = await self.get(table_id)
        if table.status != "running" or table.version != version or table.state is None:
            return None
        for seat in table.state.to_act():
            if seat >= 0 and table.seats[seat].is_ai:
                break
        else:
            return None
        state = table.state
        legal = state.legal_actions(seat)
        rng = random.Random(f"{table.seed}/ai/{table.version}/{seat}")
        action = (
            lessons.scripted(table.game, state, table.version, seat) if practice.follows_lesson(table.options) else None
        )
        if action is None:
            action = await think(table.spec.agent, state.view(seat), legal, rng, table.seats[seat].ai_level)
        if not offers(legal, action):
            log.warning("table %s: the %s AI chose an illegal action; playing a random one", table.id, table.game)
            action = rng.choice(legal)

        async def attempt() -> Outcome:
            return await self._act(table, seat, version, action, "ai")

        if action.get("type") in table.spec.race_actions:
            try:
                return await self.races.press(("race", table.id), int(self.clock() * 1000), attempt)
            except StorageDown:
                raise
            except (TooSlow, TableError):
                return None
        try:
            return await attempt()
        except StorageDown:
            raise
        except TableError:
            return None

    # --- after every change ---------------------------------------------------------------------
    async def _after_change(
        self,
        table: Table,
        events: list[dict],
        seat: int | None = None,
        source: str = "system",
        timers_saved: bool = False,
    ) -> None:
        table.last_source = source
        if events:
            table.recent.append((seat, events))
        if table.status == "running":
            if not timers_saved:
                table.timers = self._plan_timers(table, acted=seat)
                await self.storage.replace_timers(table.id, list(table.timers.values()))
            for kind in TIMER_KINDS:
                self._tell_timers(table.timers.get(kind), table.id, kind)
        else:
            self._tell_timers(None, table.id, "all")
        await self._notify(table, events)

    async def _notify(self, table: Table, events: list[dict]) -> None:
        table.revision += 1
        for listener in self.listeners:
            try:
                await listener(table, events)
            except Exception:  # a display problem must never undo a committed move
                log.exception("table %s: listener failed", table.id)

    def _plan_timers(self, table: Table, acted: int | None = None) -> dict:
        """The table's next deadline (kept while the same window stays open) and AI wake-up, as timer rows."""
        now = self.clock()
        plan: dict = {}
        deadline = table.state.deadline()
        if deadline is not None:
            previous = table.timers.get("deadline")
            detail = snapshot_json({"kind": deadline.kind, "seats": list(deadline.seats)})
            due = now + deadline.seconds * self.timer_scale
            if previous is not None and self._same_window(previous.detail, deadline):
                due = previous.due_at
            plan["deadline"] = TimerRow(table.id, "deadline", table.version, due, detail)
        if any(s >= 0 and table.seats[s].is_ai for s in table.state.to_act()):
            plan["ai"] = TimerRow(table.id, "ai", table.version, now + self.ai_delay, "")
        nudge = self._plan_nudge(table, now, acted)
        if nudge is not None:
            plan["nudge"] = nudge
        return plan

    def _plan_nudge(self, table: Table, now: float, acted: int | None = None) -> TimerRow | None:
        """A "your turn" timer for the persons to act: not AI seats, not a first-press race (a call window).
        A turn lasts while a seat's mark (the version its choices last changed at) stays and the seat has not acted
        (`acted`): each person is told at most once per turn."""
        delay = self.nudge_delays.get(table.guild_id, self.nudge_delay) if table.guild_id else self.nudge_delay
        if not delay:
            return None
        state = table.state
        races = table.spec.race_actions
        seats: dict[str, int] = {}
        for seat in state.to_act():
            entry = table.seats[seat] if 0 <= seat < len(table.seats) else None
            if entry is None or entry.is_ai or entry.user_id is None:
                continue
            if races and any(a.get("type") in races for a in state.legal_actions(seat)):
                continue
            seats[str(seat)] = table.marks[seat]
        if not seats:
            return None
        previous = table.timers.get("nudge")
        old = orjson.loads(previous.detail) if previous is not None else {"seats": {}, "told": []}
        told = [s for s in old.get("told", []) if old["seats"].get(s) == seats.get(s) and s != str(acted)]
        if (
            previous is not None
            and str(acted) not in seats
            and all(old["seats"].get(s) == mark for s, mark in seats.items())
        ):
            due = previous.due_at  # the same turns, still waited for
        else:
            due = now + delay * self.timer_scale
        return TimerRow(table.id, "nudge", table.version, due, snapshot_json({"seats": seats, "told": told}))

    @saving
    async def nudge(self, table_id: int) -> list[int]:
        """The "your turn" timer ran out: the persons still on the same turn, not yet told, are told now (once)."""
        table = await self.get(table_id)
        timer = table.timers.get("nudge")
        if table.status != "running" or table.state is None or timer is None:
            return []
        detail = json.loads(timer.detail)
        acting = set(table.state.to_act())
        seats = [
            int(s)
            for s, mark in detail["seats"].items()
            if s not in detail["told"]
            and int(s) in acting
            and table.marks[int(s)] == mark
            and not table.seats[int(s)].is_ai
        ]
        if not seats:
            return []
        detail["told"] += [str(s) for s in seats]
        timer.detail = json.dumps(detail)
        await self.storage.set_timer(timer)  # told survives a restart: nobody is told twice
        for listener in self.nudge_listeners:
            try:
                await listener(table, seats)
            except Exception:
                log.exception("table %s: your-turn listener failed", table.id)
        return seats

    @staticmethod
    def _same_window(previous_detail: str, deadline: games.Deadline) -> bool:
        """A window stays the same while its kind is unchanged and only seats that were waited for remain
        (others have answered). A turn is always a new window."""
        if deadline.kind == "turn":
            return False
        try:
            previous = orjson.loads(previous_detail)  # every action re-plans: 4-5x faster than the json module
        except ValueError:
            return False
        return previous.get("kind") == deadline.kind and set(deadline.seats) <= set(previous.get("seats", []))

    def _tell_timers(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        for listener in self.timer_listeners:
            listener(timer, table_id, kind)

    async def deadline_of(self, table: Table) -> TimerRow | None:
        return table.timers.get("deadline")

    # --- records --------------------------------------------------------------------------------
    async def rebuild(self, table_id: int) -> GameState:
        """Replay a table's action log from its seed: the state it must be in."""
        table = await self.get(table_id)
        state = table.spec.new(len(table.seats), practice.engine_options(table.options), table.seed)
        for entry in await self.storage.actions(table_id):
            state.apply(entry["seat"], entry["action"])
        return state
