"""A table before its game: opening, seats (people and AI), settings, host, cancelling and starting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import games
from bot import pace, practice
from bot.storage import TimerRow
from bot.tables.model import OPEN, Seat, Table, TableError, hold
from games.contract import IllegalAction, offers

if TYPE_CHECKING:
    from bot.tables.service import TableService


class Lobby:
    def __init__(self, service: TableService) -> None:
        self.service = service

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
        service = self.service
        spec = games.get(game)
        if await service.storage.open_table_in(channel_id) is not None:
            raise TableError("channel_busy")
        options = await self.paced(guild_id, locale, dict(options or {}))
        table = Table(
            id=0,
            game=spec.id,
            guild_id=guild_id,
            channel_id=channel_id,
            message_id=None,
            host_id=host_id,
            status="lobby",
            options=options,
            seed=service.new_seed(),
            version=0,
            locale=locale,
            seats=[Seat(host_id, host_name)],
        )
        idle = await service.timers.idle_timer(guild_id, 0)
        table.id = await service.storage.create_table(
            game,
            guild_id,
            channel_id,
            host_id,
            dict(table.options),
            table.seed,
            locale,
            table.seat_rows(),
            idle_timer=idle,
        )
        service.cache(table)
        if idle is not None:
            table.timers["lobby"] = TimerRow(table.id, idle.kind, idle.version, idle.due_at, idle.detail)
            service.listeners.timer(table.timers["lobby"], table.id, "lobby")
        return table

    async def paced(self, guild_id: int | None, locale: str, options: dict) -> dict:
        """The lobby's pace from the server's defaults (/settings) where the opener named none (bot/pace.py)."""
        settings = await self.service.storage.guild_settings(guild_id) if guild_id is not None else {}
        for name in ("pace", "hours"):
            if name not in options and settings.get(name):
                options[name] = settings[name]
        return options

    async def zone(self, table: Table) -> None:
        """A turn-based table keeps its server's time zone from its start (its playing hours are in it)."""
        if not pace.is_turn_based(table.options) or "zone" in table.options:
            return
        settings = await self.service.storage.guild_settings(table.guild_id) if table.guild_id is not None else {}
        table.options["zone"] = settings.get("zone") or pace.default_zone(table.locale)

    async def set_message(self, table: Table, channel_id: int, message_id: int) -> None:
        table.channel_id, table.message_id = channel_id, message_id
        await self.service.storage.set_message(table.id, channel_id, message_id)

    async def _save(self, table: Table) -> None:
        """Write a lobby change; any change pushes the idle-lobby timer back (in the same transaction)."""
        service = self.service
        idle = await service.timers.idle_timer(table.guild_id, table.id) if table.status == "lobby" else None
        await service.storage.save_lobby(
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
            service.listeners.timer(idle, table.id, "lobby")
        await service.listeners.changed(table, [])

    @staticmethod
    def _require_lobby(table: Table) -> None:
        if table.status != "lobby":
            raise TableError("not_in_lobby")

    @staticmethod
    def _require_host(table: Table, user_id: int, moderator: bool = False) -> None:
        if user_id != table.host_id and not moderator:
            raise TableError("host_only")

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = await self.service.get(table_id)
        async with hold(table):
            self._require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError("already_seated")
            if len(table.seats) >= table.spec.max_players:
                raise TableError("table_full")
            table.seats.append(Seat(user_id, name))
            await self._save(table)
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby (the host's role passes to the next person; an empty lobby closes), or hand a running
        game's seat to the AI."""
        table = await self.service.get(table_id)
        async with hold(table):
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if table.status == "running":
                await self.service.timers.hand_to_ai(table, seat)
                return table
            self._require_lobby(table)
            del table.seats[seat]
            self._pass_host(table, user_id)
            await self._save(table)
        return table

    @staticmethod
    def _pass_host(table: Table, leaving: int) -> None:
        if table.host_id != leaving:
            return
        humans = [s.user_id for s in table.seats if s.user_id is not None and not s.is_ai]
        if humans:
            table.host_id = humans[0]
        else:
            table.status = "cancelled"

    async def add_ai(self, table_id: int, user_id: int, level: str | None = None) -> Table:
        table = await self.service.get(table_id)
        async with hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            if len(table.seats) >= table.spec.max_players:
                raise TableError("table_full")
            level = level or table.spec.default_ai_level
            if level not in table.spec.ai_levels:
                raise TableError("bad_option")
            table.seats.append(Seat(None, "", level))
            await self._save(table)
        return table

    async def remove_ai(self, table_id: int, user_id: int) -> Table:
        table = await self.service.get(table_id)
        async with hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            for number in range(len(table.seats) - 1, -1, -1):
                if table.seats[number].is_bot_only:
                    del table.seats[number]
                    break
            else:
                raise TableError("no_ai_seat")
            await self._save(table)
        return table

    async def set_option(self, table_id: int, user_id: int, name: str, value: Any) -> Table:
        table = await self.service.get(table_id)
        async with hold(table):
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
            await self._save(table)
        return table

    @staticmethod
    def _check_settings(table: Table, options: dict) -> None:
        """The game's own rules judge the settings as a whole (e.g. a table that could never be won), now rather
        than at the start, with the seats taken so far (at least the fewest the game allows)."""
        try:
            table.spec.new(max(len(table.seats), table.spec.min_players), practice.engine_options(options), table.seed)
        except IllegalAction as error:
            raise TableError(error.code, error.key, **error.params) from None

    async def cancel(self, table_id: int, user_id: int, moderator: bool = False) -> Table:
        service = self.service
        table = await service.get(table_id)
        async with hold(table):
            if table.status not in OPEN:
                raise TableError("table_closed")
            self._require_host(table, user_id, moderator)
            table.status = "cancelled"
            await service.storage.set_status(table.id, "cancelled")
            await service.storage.clear_timer(table.id)
            table.timers = {}
            service.listeners.timer(None, table.id, "all")
            await service.listeners.changed(table, [])
        return table

    async def kick(self, table_id: int, user_id: int, target_id: int, moderator: bool = False) -> Table:
        table = await self.service.get(table_id)
        async with hold(table):
            self._require_host(table, user_id, moderator)
            seat = table.seat_of(target_id)
            if seat is None:
                raise TableError("not_seated_other")
            if target_id == user_id:
                raise TableError("kick_self")
            if table.status == "running":
                await self.service.timers.hand_to_ai(table, seat)
                return table
            self._require_lobby(table)
            del table.seats[seat]
            await self._save(table)
        return table

    async def hand_over(self, table_id: int, user_id: int, new_host: int, moderator: bool = False) -> Table:
        table = await self.service.get(table_id)
        async with hold(table):
            self._require_host(table, user_id, moderator)
            if table.seat_of(new_host) is None:
                raise TableError("not_seated_other")
            table.host_id = new_host
            await self._save(table)
        return table

    async def start(self, table_id: int, user_id: int) -> Table:
        service = self.service
        table = await service.get(table_id)
        async with hold(table):
            self._require_lobby(table)
            self._require_host(table, user_id)
            if not table.can_start():
                raise TableError("bad_player_count")
            await self.zone(table)
            try:
                state = table.spec.new(len(table.seats), practice.engine_options(table.options), table.seed)
            except IllegalAction as error:
                raise TableError(error.code, error.key, **error.params) from None
            result = state.result() if state.finished else None  # a deal may end the game (an empty deck)
            table.state, table.status, table.version = state, "running" if result is None else "finished", 0
            table.marks = [0] * state.players
            table.choices = table.current_choices()
            table.saved = state.to_json()
            await service.storage.start_game(
                table.id, table.seat_rows(), table.options, table.saved, table.marks, result=result
            )
            table.timers.pop("lobby", None)
            service.listeners.timer(None, table.id, "lobby")
            await service.play.after_change(table, [{"type": "game_started"}], source="start")
        return table

    async def rematch(self, table_id: int, user_id: int, channel_id: int | None = None) -> Table:
        """A new table with the same seats and settings, started at once (by any person who played)."""
        service = self.service
        old = await service.get(table_id)
        if old.status != "finished":
            raise TableError("not_finished")
        if old.seat_of(user_id) is None:
            raise TableError("not_player")
        options = {k: v for k, v in old.options.items() if k != "stacked"}
        first = next(s for s in old.seats if s.user_id == user_id)
        table = await service.open(
            old.game,
            guild_id=old.guild_id,
            channel_id=channel_id or old.channel_id,
            host_id=user_id,
            host_name=first.name,
            locale=old.locale,
            options=options,
        )
        async with hold(table):
            table.seats = [Seat(s.user_id, s.name, None if s.user_id is not None else s.ai_level) for s in old.seats]
            await service.storage.save_lobby(table.id, host_id=user_id, options=options, seats=table.seat_rows())
        return await service.start(table.id, user_id)
