"""Many long tables at once: only timers due within the scheduler's horizon hold a task (the rest wait in storage
until a sweep arms them), a deadline that passed while the bot was down fires once, and tables left unused leave
memory and come back playable. The clock is a ManualClock: days pass in milliseconds."""

import asyncio

from bot.scheduler import Scheduler
from bot.storage import TimerRow
from bot.tables import TableListener, TableService
from tests.support.clock import ManualClock

ALICE, BOB = 1001, 1002
START = 1_800_000_000.0


async def until(predicate, tries=500):
    for _ in range(tries):
        if predicate():
            return True
        await asyncio.sleep(0.01)
    return predicate()


async def running_table(service, channel_id, options=None):
    table = await service.open(
        "tiny", guild_id=1, channel_id=channel_id, host_id=ALICE, host_name="alice", options=options
    )
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    return table


async def sweep_for(clock, scheduler, minutes):
    """Move the clock on in the sweep's steps, each sweep's read of storage done before the clock moves again."""
    step = scheduler.horizon / 2
    for _ in range(round(minutes * 60 / step)):
        for _ in range(5):  # what was started last (the sweep, the timers it armed) goes to sleep on the clock
            await asyncio.sleep(0)
        done = scheduler.sweeps
        await clock.advance(step)
        assert await until(lambda: scheduler.sweeps > done), "the sweep did not finish"


class Recording(Scheduler):
    """Does no timer's work: records each timer that came due (its stored row stays as it is)."""

    def __init__(self, service, **kwargs):
        super().__init__(service, **kwargs)
        self.fired = []

    async def _work(self, timer):
        self.fired.append((timer.table_id, timer.kind, self.service.clock()))


async def test_only_near_timers_hold_a_task_and_the_sweep_arms_far_ones_as_the_clock_comes_near(storage):
    clock = ManualClock(START)
    opening = TableService(storage, clock=clock)
    near, later, far = [await running_table(opening, channel_id=10 + n) for n in range(3)]
    await storage.replace_timers(near.id, [TimerRow(near.id, "deadline", 0, START + 120, "")])
    await storage.replace_timers(later.id, [TimerRow(later.id, "nudge", 0, START + 7200, "")])
    await storage.replace_timers(far.id, [TimerRow(far.id, "deadline", 0, START + 3 * 86400, "")])

    scheduler = Recording(TableService(storage, clock=clock))  # a process starting: nothing in memory
    try:
        assert await scheduler.start() == 1 and scheduler.pending() == 1  # the deadline in 2 minutes only
        await sweep_for(clock, scheduler, minutes=5)
        assert scheduler.fired == [(near.id, "deadline", START + 120)]
        await sweep_for(clock, scheduler, minutes=100)
        assert scheduler.pending() == 0  # the reminder at 2 hours is still only a row in storage
        await sweep_for(clock, scheduler, minutes=20)
        # armed by the sweep at 1 h 55 min, fired on time; the deadline that fired and stayed stored never again
        assert scheduler.fired == [(near.id, "deadline", START + 120), (later.id, "nudge", START + 7200)]
        assert scheduler.pending() == 0  # the deadline 3 days away holds no task

        # a timer the live service sets: armed only if due within the horizon
        scheduler.on_timer(TimerRow(far.id, "deadline", 1, clock() + 86400, ""), far.id, "deadline")
        assert scheduler.pending() == 0
        scheduler.on_timer(TimerRow(far.id, "deadline", 2, clock() + 60, ""), far.id, "deadline")
        assert scheduler.pending() == 1
    finally:
        await scheduler.stop()


async def test_the_shard_filter_holds_for_the_sweep_too(storage):
    clock = ManualClock(START)
    opening = TableService(storage, clock=clock)
    mine = await running_table(opening, channel_id=10)
    theirs = await opening.open("tiny", guild_id=2, channel_id=11, host_id=ALICE, host_name="alice")
    await opening.join(theirs.id, BOB, "bob")
    await opening.start(theirs.id, ALICE)
    for table in (mine, theirs):
        await storage.replace_timers(table.id, [TimerRow(table.id, "deadline", 0, START + 3600, "")])
    scheduler = Recording(TableService(storage, clock=clock))
    try:
        assert await scheduler.start(lambda guild_id: guild_id == 1) == 0
        await sweep_for(clock, scheduler, minutes=65)
        assert [(table_id, kind) for table_id, kind, _ in scheduler.fired] == [(mine.id, "deadline")]
    finally:
        await scheduler.stop()


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_exactly_once(storage):
    clock = ManualClock(START)
    before = TableService(storage, clock=clock)
    table = await running_table(before, channel_id=10, options={"turn_timeout": 3600})  # an hour a turn
    clock.now += 86400  # the bot was down for a day

    restarted = TableService(storage, clock=clock)
    scheduler = Scheduler(restarted)
    try:
        assert await scheduler.start() == 1
        assert await until(lambda: (t := restarted.cached_table(table.id)) is not None and t.version == 1)
        await sweep_for(clock, scheduler, minutes=55)  # the next deadline is an hour after the timeout
        assert [entry["source"] for entry in await storage.actions(table.id)] == ["timeout"]
        await sweep_for(clock, scheduler, minutes=10)
        assert await until(lambda: restarted.cached_table(table.id).version == 2)  # that one fires in its turn
        assert [entry["source"] for entry in await storage.actions(table.id)] == ["timeout", "timeout"]
    finally:
        await scheduler.stop()


async def test_an_idle_table_leaves_memory_and_comes_back_playable(storage):
    clock = ManualClock(START)
    service = TableService(storage, clock=clock)
    evicted = []

    class Watcher(TableListener):
        def on_evicted(self, table_id):
            evicted.append(table_id)

    service.listen(Watcher())
    scheduler = Scheduler(service, idle_after=1800)
    try:
        await scheduler.start()
        quiet = await running_table(service, channel_id=10, options={"turn_timeout": 86400})
        busy = await running_table(service, channel_id=11, options={"turn_timeout": 86400})
        await service.submit(quiet.id, ALICE, 0, {"type": "add", "n": 1})
        await sweep_for(clock, scheduler, minutes=25)
        await service.get(busy.id)  # used again after 25 minutes
        assert service.cached() == 2 and evicted == []
        await sweep_for(clock, scheduler, minutes=10)
        assert service.cached_table(quiet.id) is None and service.cached_table(busy.id) is busy
        assert evicted == [quiet.id]

        again = await service.get(quiet.id)  # reloaded from storage, as it was committed
        assert again is not quiet and again.version == 1 and again.state.counter == 1
        await service.submit(quiet.id, BOB, 1, {"type": "add", "n": 2})
        assert again.version == 2 and again.state.counter == 3
        assert (await storage.load_table(quiet.id)).version == 2

        # a table with a change under way, or that a listener still works on, stays
        async with again.lock:
            assert service.evict_idle(0) == 1 and service.cached_table(again.id) is again  # busy went
        Watcher.holds = lambda self, table: True
        assert service.evict_idle(0) == 0 and service.cached_table(again.id) is again
    finally:
        await scheduler.stop()
