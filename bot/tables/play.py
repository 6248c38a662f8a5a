"""A running game: the one door through which every action reaches an engine (people's, AI's and deadlines'),
its commit, and what follows every change (timers re-planned, listeners told, the end of the game).

Stale presses: each seat has a mark, the version at which its legal actions last changed. A press carrying an
older version than its seat's mark was made on a board that has moved on (or is a double click) and is refused;
a press whose seat's choices are unchanged (a simultaneous choice, a call window) still counts.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import games
from bot import lessons, practice
from bot.races import TooSlow
from bot.storage import Conflict
from bot.storage.faults import is_fault
from bot.tables.model import TIMER_KINDS, Outcome, StorageDown, Table, TableError
from bot.thinking import think
from games.contract import GameState, IllegalAction, offers

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger(__name__)


class Play:
    def __init__(self, service: TableService) -> None:
        self.service = service

    async def submit(
        self, target: int | Table, user_id: int, version: int, action: dict, stamp_ms: int | None
    ) -> Outcome:
        """A person's action from a button, on the table `target` names (or is: the copy a press looked up, unless
        it was retired since). Race actions (e.g. a border call) go through the first-press race."""
        service = self.service
        if isinstance(target, int) or target.retired:
            table = await service.get(target if isinstance(target, int) else target.id)
        else:
            table = target
        if table.status != "running":
            raise TableError("not_running" if table.status == "lobby" else "table_closed")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_player")
        if table.seats[seat].is_ai:
            raise TableError("seat_is_ai")

        async def attempt() -> Outcome:
            return await self.act(table, seat, version, action, "user")

        if action.get("type") in table.spec.race_actions:
            stamp = stamp_ms if stamp_ms is not None else int(service.clock() * 1000)
            try:
                return await service.races.press(("race", table.id), stamp, attempt)
            except TooSlow:
                raise TableError("too_slow") from None
        return await attempt()

    async def act(
        self, table: Table, seat: int, version: int | None, action: dict, source: str, absent: Sequence[int] = ()
    ) -> Outcome:
        """Apply, then commit (with any change to the seats' absence counters) before anyone is told."""
        service = self.service
        async with table.lock:
            if table.retired:  # queued on a copy whose commit failed: the reloaded table decides
                raise StorageDown() if service.storage.health.down else TableError("stale")
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
            present = seat if source == "user" else None
            seats_changed = service.timers.count_absence(table, present, absent, events)
            self.note(table, events, seat, source)  # before the commit: what shows it is made while it runs
            try:
                await self._commit(table, seat, action, source, seats_changed)
            except BaseException as error:
                table.retired = True
                service.forget(table.id)  # memory ran ahead of storage: reload the committed truth next time
                if isinstance(error, Conflict):  # another process committed this table first (a shard handover)
                    await service.resync(table.id)
                    raise TableError("stale") from None
                if isinstance(error, Exception) and is_fault(error):
                    raise StorageDown() from None
                raise
            await self.after_change(table, events, seat=seat, source=source, timers_saved=True, noted=True)
            return Outcome(table, seat, action, events)

    @staticmethod
    async def _apply_off_loop(table: Table, seat: int, action: dict) -> list[dict]:
        """A deadline's action, applied in a worker thread to a copy that then replaces the state: a game may play an
        absent seat with its own agent (BOSSa), which can take most of a second, and the event loop must not wait.
        Meanwhile every reader sees the state before, and the table's lock keeps every other change out."""
        state = table.started_state
        copy = type(state).from_dict(state.to_dict())
        events = await asyncio.to_thread(copy.apply, seat, action)
        table.state = copy
        return events

    async def _commit(self, table: Table, seat: int, action: dict, source: str, seats_changed: bool) -> None:
        service = self.service
        state = table.started_state
        table.version += 1  # before anything reads the new state: a view is known by its version (`public_view`)
        await service.listeners.prepare(table, source)  # what they start runs beside the work below
        new_choices = table.current_choices()
        for number, (old, new) in enumerate(zip(table.choices, new_choices)):
            if old != new:
                table.marks[number] = table.version
        table.choices = new_choices
        result = state.result() if state.finished else None
        if result is not None:
            table.status = "finished"
        table.timers = service.timers.plan(table, acted=seat) if result is None else {}
        saved = state.to_json()
        await service.storage.record_action(
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
            committing=lambda: service.listeners.committing(table, source),
        )
        table.saved = saved

    async def ai_move(self, table_id: int, version: int) -> Outcome | None:
        """Let the first AI seat that may act choose and play one action."""
        service = self.service
        table = await service.get(table_id)
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
        level = table.seats[seat].ai_level
        assert level is not None  # the loop above stopped at an AI seat
        action = (
            lessons.scripted(table.game, state, table.version, seat) if practice.follows_lesson(table.options) else None
        )
        if action is None:
            action = await think(table.spec.agent, state.view(seat), legal, rng, level)
        if not offers(legal, action):
            log.warning("table %s: the %s AI chose an illegal action; playing a random one", table.id, table.game)
            action = rng.choice(legal)

        async def attempt() -> Outcome:
            return await self.act(table, seat, version, action, "ai")

        if action.get("type") in table.spec.race_actions:
            try:
                return await service.races.press(("race", table.id), int(service.clock() * 1000), attempt)
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

    async def after_change(
        self,
        table: Table,
        events: list[dict],
        seat: int | None = None,
        source: str = "system",
        timers_saved: bool = False,
        noted: bool = False,
    ) -> None:
        """A committed change to a started game: noted in the table's recent events (unless `noted` already), its
        timers re-planned (and stored unless `timers_saved`), and the listeners told; a change that ended the game
        (the only change a finished table ever has) ends it for them."""
        service = self.service
        if not noted:
            self.note(table, events, seat, source)
        if table.status == "running":
            if not timers_saved:
                table.timers = service.timers.plan(table, acted=seat)
                await service.storage.replace_timers(table.id, list(table.timers.values()))
            for kind in TIMER_KINDS:
                service.listeners.timer(table.timers.get(kind), table.id, kind)
        else:
            service.listeners.timer(None, table.id, "all")
        await service.listeners.changed(table, events)
        if table.status == "finished":
            await service.listeners.finished(table)

    @staticmethod
    def note(table: Table, events: list[dict], seat: int | None, source: str) -> None:
        """Who made the table's latest change, and its events among the recent ones the table message tells."""
        table.last_source = source
        if events:
            table.recent.append((seat, events))

    async def rebuild(self, table_id: int) -> GameState:
        """Replay a table's action log from its seed, under the rules it plays: the state it must be in."""
        table = await self.service.get(table_id)
        rules = table.state.rules_version if table.state is not None else None
        state = table.spec.new(len(table.seats), practice.engine_options(table.options), table.seed, rules=rules)
        for entry in await self.service.storage.actions(table_id):
            state.apply(entry["seat"], entry["action"])
        return state
