"""The table service: the one object the host talks to about tables. It owns the tables in memory (loaded on
first use, one copy each) and their locks, and hands each call to the part that does it: `Lobby` (bot/tables/
lobby.py), `Play` (play.py) and `Timers` (timers.py). It never imports discord: cogs translate interactions into
these calls, and hear back through `TableListener`s (listeners.py)."""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections.abc import Callable
from typing import Any

import games
from bot.clock import Clock
from bot.races import FirstPressRaces
from bot.storage import Conflict, Storage
from bot.storage.faults import is_fault
from bot.tables.listeners import Listeners, TableListener
from bot.tables.lobby import Lobby
from bot.tables.model import Outcome, StorageDown, Table, TableError, TableRetired
from bot.tables.play import Play
from bot.tables.timers import Timers
from games.contract import GameState


def saving(method):
    """A service call that may write: a storage fault becomes `StorageDown`, and the table it touched is dropped from
    memory (what it changed there never reached storage; the next use reloads the committed truth). A call that
    waited on a copy retired meanwhile runs once more, on the reloaded copy. A call may name its table by id, or hand
    over the table it holds (a press that looked it up already)."""

    @functools.wraps(method)
    async def guarded(self: TableService, table: Any, *args: Any, **kwargs: Any) -> Any:
        table_id = table.id if isinstance(table, Table) else table
        for attempt in (1, 2):
            try:
                return await method(self, table if attempt == 1 else table_id, *args, **kwargs)
            except TableRetired:
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


class _Reading(Clock):
    """A clock from a function that tells the time; waiting is real."""

    def __init__(self, read: Callable[[], float]) -> None:
        self.read = read

    def __call__(self) -> float:
        return self.read()


class TableService:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] | None = None,
        race_grace: float = 0.35,
        ai_delay: float = 1.0,
        afk_limit: int = 3,
        lobby_idle_minutes: float = 30,
    ) -> None:
        self.storage = storage
        # what time it is, and waiting for a moment (bot/clock.py); a bare callable is read as the time alone
        self.clock: Clock = clock if isinstance(clock, Clock) else Clock() if clock is None else _Reading(clock)
        self.races = FirstPressRaces(race_grace)
        self.ai_delay = ai_delay  # seconds before an AI seat moves
        self.afk_limit = afk_limit  # consecutive expiries after which an AI keeps an absent person's seat
        self.lobby_idle_minutes = lobby_idle_minutes  # an unchanged lobby closes after this (0: never)
        self.timer_scale = 1.0  # tests shrink every deadline (and the idle-lobby time)
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)  # a new table's deal (tests fix it)
        # "your turn": a person still to act after this many seconds is told once (0: never), per guild if set
        self.nudge_delay = 0.0
        self.nudge_delays: dict[int, float] = {}
        self.listeners = Listeners()
        self.lobby = Lobby(self)
        self.play = Play(self)
        self.timers = Timers(self)
        self._tables: dict[int, Table] = {}
        self._loading: dict[int, asyncio.Lock] = {}

    def listen(self, listener: TableListener) -> None:
        """Tell `listener` of every committed change from now on (after those registered before it)."""
        self.listeners.add(listener)

    # --- the tables in memory -----------------------------------------------------------------
    async def get(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is not None:
            table.used = self.clock()
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
        table.used = self.clock()
        return table

    async def peek(self, table_id: int) -> Table | None:
        """A table to look at, never to change: the copy in memory, else one read from storage that is not kept (the
        table may be another process's to play, and a kept copy would go stale). None: no such table."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        try:
            return await self._load(table_id)
        except TableError:
            return None

    async def _load(self, table_id: int) -> Table:
        row = await self.storage.load_table(table_id)
        if row is None:
            raise TableError("no_table")
        try:
            games.get(row.game)
        except KeyError:
            raise TableError("no_table") from None
        return Table.from_row(row)

    def cache(self, table: Table) -> None:
        """Keep a table just created."""
        table.used = self.clock()
        self._tables[table.id] = table

    def cached_table(self, table_id: int) -> Table | None:
        """The table if it is in memory (never loads it, never counts as a use)."""
        return self._tables.get(table_id)

    def evict_idle(self, idle_after: float) -> int:
        """Let tables unused for `idle_after` seconds leave memory: those with no change under way (lock free, no
        first-press race collecting) and no listener still working on them (`TableListener.holds`). Nothing is lost:
        what they hold is committed, and `get` reloads them on demand. Listeners are told (`on_evicted`) so that what
        they keep per table goes too. Returns how many left."""
        cutoff = self.clock() - idle_after
        gone = []
        for table_id, table in list(self._tables.items()):
            if (
                table.used > cutoff
                or table.lock.locked()
                or self.races.open(("race", table_id))
                or self.listeners.holds(table)
            ):
                continue
            del self._tables[table_id]
            loading = self._loading.get(table_id)
            if loading is not None and not loading.locked():
                del self._loading[table_id]
            gone.append(table_id)
        for table_id in gone:
            self.listeners.evicted(table_id)
        return len(gone)

    async def resync(self, table_id: int) -> None:
        """Reload a table another process moved on, and arm the timers it stored (so the table goes on here)."""
        try:
            table = await self.get(table_id)
        except TableError:
            return
        if table.status == "running":
            for kind in ("deadline", "ai"):
                self.listeners.timer(table.timers.get(kind), table.id, kind)

    def retire(self, table_id: int) -> None:
        """Memory may have run ahead of storage (a write failed): drop this copy for good (nothing acts on it or
        draws it again) and reload the committed truth on next use."""
        table = self._tables.pop(table_id, None)
        if table is not None:
            table.retired = True

    def retire_where(self, guild_in: Callable[[int | None], bool]) -> list[int]:
        """Retire every table in memory of a guild `guild_in` accepts (a shard group that changed owner: a copy
        kept across the change may be stale); returns their ids."""
        gone = [table_id for table_id, table in self._tables.items() if guild_in(table.guild_id)]
        for table_id in gone:
            self.retire(table_id)
        return gone

    def forget(self, table_id: int) -> None:
        """Drop a table from memory (it is reloaded from storage on next use)."""
        self._tables.pop(table_id, None)
        loading = self._loading.get(table_id)
        if loading is not None and not loading.locked():
            del self._loading[table_id]

    def cached(self) -> int:
        return len(self._tables)

    # --- lobby (bot/tables/lobby.py) ----------------------------------------------------------
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
        return await self.lobby.open(
            game,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            locale=locale,
            options=options,
        )

    async def set_message(self, table: Table, channel_id: int, message_id: int) -> None:
        await self.lobby.set_message(table, channel_id, message_id)

    @saving
    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        return await self.lobby.join(table_id, user_id, name)

    @saving
    async def leave(self, table_id: int, user_id: int) -> Table:
        return await self.lobby.leave(table_id, user_id)

    @saving
    async def add_ai(self, table_id: int, user_id: int, level: str | None = None) -> Table:
        return await self.lobby.add_ai(table_id, user_id, level)

    @saving
    async def remove_ai(self, table_id: int, user_id: int) -> Table:
        return await self.lobby.remove_ai(table_id, user_id)

    @saving
    async def set_option(self, table_id: int, user_id: int, name: str, value: Any) -> Table:
        return await self.lobby.set_option(table_id, user_id, name, value)

    @saving
    async def cancel(self, table_id: int, user_id: int, moderator: bool = False) -> Table:
        return await self.lobby.cancel(table_id, user_id, moderator)

    @saving
    async def kick(self, table_id: int, user_id: int, target_id: int, moderator: bool = False) -> Table:
        return await self.lobby.kick(table_id, user_id, target_id, moderator)

    @saving
    async def hand_over(self, table_id: int, user_id: int, new_host: int, moderator: bool = False) -> Table:
        return await self.lobby.hand_over(table_id, user_id, new_host, moderator)

    @saving
    async def start(self, table_id: int, user_id: int) -> Table:
        return await self.lobby.start(table_id, user_id)

    @saving
    async def rematch(self, table_id: int, user_id: int, channel_id: int | None = None) -> Table:
        return await self.lobby.rematch(table_id, user_id, channel_id)

    # --- play (bot/tables/play.py) ------------------------------------------------------------
    @saving
    async def submit(
        self, table: int | Table, user_id: int, version: int, action: dict, *, stamp_ms: int | None = None
    ) -> Outcome:
        return await self.play.submit(table, user_id, version, action, stamp_ms)

    @saving
    async def ai_move(self, table_id: int, version: int) -> Outcome | None:
        return await self.play.ai_move(table_id, version)

    async def rebuild(self, table_id: int) -> GameState:
        return await self.play.rebuild(table_id)

    # --- timers (bot/tables/timers.py) --------------------------------------------------------
    @saving
    async def expire(self, table_id: int, version: int) -> Outcome | None:
        return await self.timers.expire(table_id, version)

    @saving
    async def nudge(self, table_id: int) -> list[int]:
        return await self.timers.nudge(table_id)

    @saving
    async def more_time(self, table_id: int, user_id: int) -> float:
        return await self.timers.more_time(table_id, user_id)

    @saving
    async def let_ai_move(self, table_id: int, user_id: int, version: int) -> Outcome:
        return await self.timers.let_ai_move(table_id, user_id, version)

    @saving
    async def pause(self, table_id: int, user_id: int, paused: bool, moderator: bool = False) -> Table:
        return await self.timers.pause(table_id, user_id, paused, moderator)

    @saving
    async def reclaim(self, table_id: int, user_id: int) -> Table:
        return await self.timers.reclaim(table_id, user_id)

    @saving
    async def close_idle_lobby(self, table_id: int, due_at: float) -> Table | None:
        return await self.timers.close_idle_lobby(table_id, due_at)

    async def time_idle_lobbies(self, owns: Callable[[int | None], bool] | None = None) -> int:
        return await self.timers.time_idle_lobbies(owns)
