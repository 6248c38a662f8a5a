"""What time does to a table: deadlines (and the one "more time" each), AI wake-ups, "your turn" reminders,
absence (an AI takes a seat over, and gives it back) and idle lobbies closing by themselves. Timers are stored
with the table and fired by bot/scheduler.py."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import orjson

import games
from bot import pace
from bot.storage import TimerRow
from bot.tables.model import Outcome, StorageDown, Table, TableError, TableRetired, hold
from games.contract import snapshot_json

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger(__name__)


def shown_deadline(timer: TimerRow | None) -> float | None:
    """The deadline players are shown (epoch seconds) for a "deadline" timer: a turn-based table's timer names it in
    its detail ("due": the move's deadline, while the timer itself may fire at another moment), any other's is its
    own due time."""
    if timer is None:
        return None
    try:
        detail = orjson.loads(timer.detail) if timer.detail else {}
    except ValueError:
        detail = {}
    due = detail.get("due") if isinstance(detail, dict) else None
    return float(timer.due_at if due is None else due)


class Timers:
    def __init__(self, service: TableService) -> None:
        self.service = service

    # --- planning -----------------------------------------------------------------------------
    def plan(self, table: Table, acted: int | None = None) -> dict:
        """The table's next deadline (kept while the same window stays open), AI wake-up and reminder, as rows."""
        service = self.service
        now = service.clock()
        plan: dict = {}
        state = table.started_state
        deadline = state.deadline()
        if deadline is not None and self.clock_runs(table):
            previous = table.timers.get("deadline")
            if previous is not None and not self._same_window(previous.detail, deadline):
                previous = None
            plan["deadline"] = self._deadline_row(table, deadline, now, previous)
        if any(s >= 0 and table.seats[s].is_ai for s in state.to_act()):
            plan["ai"] = TimerRow(table.id, "ai", table.version, now + service.ai_delay, "")
        nudge = None if pace.is_paused(table.options) else self.plan_nudge(table, now, acted, plan.get("deadline"))
        if nudge is not None:
            plan["nudge"] = nudge
        return plan

    @staticmethod
    def clock_runs(table: Table) -> bool:
        """Whether deadlines run: always live; turn-based, unless paused or only one person plays (nobody waits)."""
        if not pace.is_turn_based(table.options):
            return True
        return not pace.is_paused(table.options) and len(table.humans()) > 1

    def _deadline_row(self, table: Table, deadline: games.Deadline, now: float, previous: TimerRow | None) -> TimerRow:
        """Live: the engine's seconds from now. Turn-based: the move's time in playing hours; a seat's move is
        "due" at that moment (then "overdue" until as long again), a window closes then (bot/pace.py)."""
        service = self.service
        seats = list(deadline.seats)
        if not pace.is_turn_based(table.options):
            due = previous.due_at if previous is not None else now + deadline.seconds * service.timer_scale
            detail = snapshot_json({"kind": deadline.kind, "seats": seats})
            return TimerRow(table.id, "deadline", table.version, due, detail)
        if previous is not None:
            kept = orjson.loads(previous.detail)
            kept["seats"] = seats
            return TimerRow(table.id, "deadline", table.version, previous.due_at, snapshot_json(kept))
        due = self.paced_after(table, now)
        stage = "window" if deadline.window else "due"
        detail = snapshot_json({"kind": deadline.kind, "seats": seats, "due": due, "stage": stage})
        return TimerRow(table.id, "deadline", table.version, due, detail)

    def paced_after(self, table: Table, start: float, moves: float = 1.0) -> float:
        """`moves` of the table's time per move after `start`, counted in its playing hours."""
        seconds = pace.move_seconds(table.options) * moves * self.service.timer_scale
        return pace.add_playing_time(start, seconds, pace.playing_hours(table.options), table.options.get("zone"))

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

    def plan_nudge(
        self, table: Table, now: float, acted: int | None = None, deadline: TimerRow | None = None
    ) -> TimerRow | None:
        """A "your turn" timer for the persons to act: not AI seats, not a first-press race (a call window) of a
        live table. A turn lasts while a seat's mark (the version its choices last changed at) stays and the seat
        has not acted (`acted`): each person is told at most once per turn, and on a turn-based table once more
        at half its time (`half`, from the deadline)."""
        service = self.service
        delay = service.nudge_delays.get(table.guild_id, service.nudge_delay) if table.guild_id else service.nudge_delay
        if not delay:
            return None
        state = table.started_state
        races = () if pace.is_turn_based(table.options) else table.spec.race_actions
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
        kept = [s for s in old.get("told", []) if old["seats"].get(s) == seats.get(s) and s != str(acted)]
        halved = [s for s in old.get("halved", []) if old["seats"].get(s) == seats.get(s) and s != str(acted)]
        same = (
            previous is not None
            and str(acted) not in seats
            and all(old["seats"].get(s) == mark for s, mark in seats.items())
        )
        detail: dict = {"seats": seats, "told": kept}
        half = self._half_time(table, now, deadline, old if same else None)
        if half is not None:
            detail.update(half=half, halved=halved)
        due = previous.due_at if same and previous is not None else now + delay * service.timer_scale
        if len(kept) == len(seats) and half is not None:
            due = half  # everyone was told: what is left is the half-time reminder
        return TimerRow(table.id, "nudge", table.version, due, snapshot_json(detail))

    def _half_time(self, table: Table, now: float, deadline: TimerRow | None, old: dict | None) -> float | None:
        """When a turn-based move is half over (None: live, or no move is due)."""
        if deadline is None or not pace.is_turn_based(table.options):
            return None
        if old is not None and "half" in old:
            return old["half"]
        detail = orjson.loads(deadline.detail)
        if detail.get("stage") not in ("due", "window") or deadline.due_at <= now:
            return None
        return self.paced_after(table, now, 0.5)

    # --- timers running out -------------------------------------------------------------------
    async def expire(self, table_id: int, version: int) -> Outcome | None:
        """A timed window ran out: apply the engine's timeout if the board is still where the timer was set. A
        turn-based move that falls due is first only overdue (`overdue`)."""
        service = self.service
        table = await service.get(table_id)
        if table.status != "running" or table.version != version:
            return None
        timer = table.timers.get("deadline")
        detail = orjson.loads(timer.detail) if timer else {}
        if detail.get("stage") == "due":
            await self.overdue(table, version)
            return None
        return await self._time_out(table, version, detail.get("seats", []), "timeout")

    async def _time_out(self, table: Table, version: int, waited: list[int], source: str) -> Outcome | None:
        service = self.service
        try:
            return await service.play.act(table, games.SYSTEM, version, {"type": "timeout"}, source, absent=waited)
        except (StorageDown, TableRetired):
            raise
        except TableError as error:
            log.info("table %s: timeout at version %s not applied (%s)", table.id, version, error.code)
            return None

    async def overdue(self, table: Table, version: int) -> None:
        """A turn-based move is due and not made: any seated person may now let the AI move for the late seats
        (`let_ai_move`), and after as long again the AI moves by itself."""
        service = self.service
        async with hold(table):
            timer = table.timers.get("deadline")
            if table.status != "running" or table.version != version or timer is None:
                return
            detail = orjson.loads(timer.detail)
            if detail.get("stage") != "due":
                return
            detail["stage"] = "overdue"
            timer.due_at = self.paced_after(table, detail["due"])
            timer.detail = snapshot_json(detail)
            await service.storage.set_timer(timer)
            service.listeners.timer(timer, table.id, "deadline")
            events = [{"type": "overdue", "seat": seat} for seat in detail["seats"]]
            table.recent.append((None, events))
            table.last_source = "timeout"
            await service.listeners.changed(table, events)

    async def let_ai_move(self, table_id: int, user_id: int, version: int) -> Outcome:
        """⏭️ on a turn-based table: a seated person lets the AI make an overdue move for the late seats (which
        counts as a missed deadline for them, as the automatic one does)."""
        service = self.service
        table = await service.get(table_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_player")
        if table.status != "running":
            raise TableError("table_closed")
        timer = table.timers.get("deadline")
        detail = orjson.loads(timer.detail) if timer else {}
        if detail.get("stage") != "overdue":
            raise TableError("not_overdue")
        if table.version != version:
            raise TableError("stale")
        outcome = await self._time_out(table, version, detail.get("seats", []), "timeout")
        if outcome is None:
            raise TableError("stale")
        return outcome

    async def pause(self, table_id: int, user_id: int, paused: bool, moderator: bool = False) -> Table:
        """The host stops a table's clock (no deadline, no reminder) or starts it again: resuming gives the seats
        to act a whole move's time."""
        service = self.service
        table = await service.get(table_id)
        async with hold(table):
            if table.status != "running":
                raise TableError("table_closed")
            if user_id != table.host_id and not moderator:
                raise TableError("host_only")
            if pace.is_paused(table.options) == paused:
                raise TableError("already_paused" if paused else "not_paused")
            if paused:
                table.options["paused"] = service.clock()
            else:
                table.options.pop("paused", None)
            await service.storage.save_options(table.id, table.options)
            table.timers.pop("deadline", None)
            table.timers.pop("nudge", None)
            await service.play.after_change(table, [{"type": "paused" if paused else "resumed"}])
        return table

    async def nudge(self, table_id: int) -> list[int]:
        """The "your turn" timer ran out: the persons still on the same turn, not yet told, are told now (once); on a
        turn-based table, at half the move's time, once more."""
        service = self.service
        table = await service.get(table_id)
        timer = table.timers.get("nudge")
        if table.status != "running" or table.state is None or timer is None:
            return []
        detail = json.loads(timer.detail)
        acting = set(table.state.to_act())
        waiting = [
            int(s)
            for s, mark in detail["seats"].items()
            if int(s) in acting and table.marks[int(s)] == mark and not table.seats[int(s)].is_ai
        ]
        now = service.clock()
        half = detail.get("half")
        if half is not None and now >= half:
            seats = [s for s in waiting if str(s) not in detail["halved"]]
            detail["halved"] += [str(s) for s in seats]
            detail["told"] = sorted(set(detail["told"]) | {str(s) for s in seats})
        else:
            seats = [s for s in waiting if str(s) not in detail["told"]]
            detail["told"] += [str(s) for s in seats]
        if half is not None and now < half:
            timer.due_at = half  # the half-time reminder is next
        timer.detail = json.dumps(detail)
        await service.storage.set_timer(timer)  # told survives a restart: nobody is told twice
        if half is not None and now < half:
            service.listeners.timer(timer, table.id, "nudge")
        if seats:
            await service.listeners.your_turn(table, seats, half=half is not None and now >= half)
        return seats

    async def more_time(self, table_id: int, user_id: int) -> float:
        """The once-per-game extension of a deadline the person is being waited for; returns the new due time."""
        service = self.service
        table = await service.get(table_id)
        async with hold(table):
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
            paced = pace.is_turn_based(table.options)
            detail = orjson.loads(timer.detail)
            if paced and detail.get("stage") == "overdue":
                raise TableError("no_deadline_for_you")
            entry.more_time_used = True
            if paced:  # a whole move's time more, from the move's due time
                detail["due"] = timer.due_at = self.paced_after(table, detail.get("due", timer.due_at))
                timer.detail = snapshot_json(detail)
            else:
                deadline = table.started_state.deadline()
                timer.due_at += (deadline.seconds if deadline else 60) * service.timer_scale
            await service.storage.save_seats(table.id, table.seat_rows())
            await service.storage.set_timer(timer)
            service.listeners.timer(timer, table.id, "deadline")
            await service.listeners.changed(table, [{"type": "more_time", "seat": seat}])
            table.recent.append((seat, [{"type": "more_time", "seat": seat}]))
            return timer.due_at

    # --- absence ------------------------------------------------------------------------------
    def count_absence(self, table: Table, present: int | None, absent: Sequence[int], events: list[dict]) -> bool:
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
            if entry.timeouts >= self.service.afk_limit and not table.started_state.finished:
                entry.ai_level = table.spec.default_ai_level
                entry.taken_over = True
                events.append({"type": "seat_to_ai", "seat": number, "reason": "absent"})
        return changed

    async def hand_to_ai(self, table: Table, seat: int, reason: str = "left") -> None:
        """The AI plays this seat from now on (its person left, or was removed); the table's lock is held."""
        entry = table.seats[seat]
        entry.ai_level = table.spec.default_ai_level
        entry.taken_over = entry.user_id is not None
        await self.service.storage.save_seats(table.id, table.seat_rows())
        await self.service.play.after_change(table, [{"type": "seat_to_ai", "seat": seat, "reason": reason}])

    async def reclaim(self, table_id: int, user_id: int) -> Table:
        """ "I'm back": a person takes their seat back from the AI."""
        service = self.service
        table = await service.get(table_id)
        async with hold(table):
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_player")
            if table.status != "running":
                raise TableError("table_closed")
            entry = table.seats[seat]
            if not entry.is_ai:
                raise TableError("not_away")
            entry.ai_level, entry.timeouts = None, 0
            await service.storage.save_seats(table.id, table.seat_rows())
            await service.play.after_change(table, [{"type": "seat_back", "seat": seat}], source="system")
        return table

    # --- idle lobbies -------------------------------------------------------------------------
    async def idle_minutes(self, guild_id: int | None) -> float:
        """How long a lobby may stay unchanged in this guild before it closes (0: never)."""
        service = self.service
        settings = await service.storage.guild_settings(guild_id) if guild_id is not None else {}
        minutes = settings.get("lobby_idle_minutes")
        return service.lobby_idle_minutes if minutes is None else minutes

    async def idle_timer(self, guild_id: int | None, table_id: int, since: float | None = None) -> TimerRow | None:
        minutes = await self.idle_minutes(guild_id)
        if not minutes or minutes <= 0:
            return None
        service = self.service
        due = (service.clock() if since is None else since) + minutes * 60 * service.timer_scale
        return TimerRow(table_id, "lobby", 0, due, json.dumps({"minutes": minutes}))

    async def close_idle_lobby(self, table_id: int, due_at: float) -> Table | None:
        """The idle-lobby timer ran out: close the lobby unless a change pushed the timer back meanwhile."""
        service = self.service
        table = await service.get(table_id)
        async with hold(table):
            timer = table.timers.get("lobby")
            if table.status != "lobby" or timer is None or timer.due_at != due_at:
                return None
            table.status = "cancelled"
            table.closed_idle = json.loads(timer.detail or "{}").get("minutes", 0)
            table.timers.pop("lobby", None)
            await service.storage.save_lobby(
                table.id,
                host_id=table.host_id,
                options=table.options,
                seats=table.seat_rows(),
                status="cancelled",
                idle_timer=None,
            )
            service.listeners.timer(None, table.id, "lobby")
            await service.listeners.changed(
                table, [{"type": "lobby_closed", "reason": "idle", "minutes": table.closed_idle}]
            )
        log.info("table %s: the lobby closed after %s idle minutes", table.id, table.closed_idle)
        return table

    async def time_idle_lobbies(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """Give every open lobby without an idle timer one, counted from its last change (lobbies opened before
        the timer existed, or while the setting was "never"); with `owns`, only in this process's guilds. Returns
        how many."""
        armed = 0
        for table_id, guild_id, updated_at in await self.service.storage.lobbies_without_idle_timer():
            if owns is not None and not owns(guild_id):
                continue
            timer = await self.idle_timer(guild_id, table_id, since=updated_at)
            if timer is not None:
                await self.service.storage.set_timer(timer)
                armed += 1
        return armed
