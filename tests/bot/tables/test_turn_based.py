"""Turn-based tables in the table service: deadlines in a move's time, overdue moves, half-time reminders, pause."""

import json

import pytest

from bot.scheduler import Scheduler
from bot.tables import TableError, TableListener, TableService
from tests.support.backends import both_backends
from tests.support.clock import ManualClock

pytestmark = both_backends

ALICE, BOB, CAROL = 1001, 1002, 1003
HOUR = 3600


class Told(TableListener):
    def __init__(self) -> None:
        self.turns: list[tuple[list[int], bool]] = []
        self.events: list[str] = []

    async def on_your_turn(self, table, seats, half=False):
        self.turns.append((list(seats), half))

    async def on_change(self, table, events):
        self.events += [event["type"] for event in events]


async def paced_table(storage, clock, *, options=None, people=(ALICE, BOB)):
    service = TableService(storage, clock=clock, ai_delay=0)
    service.nudge_delay = 60
    told = Told()
    service.listen(told)
    scheduler = Scheduler(service)
    await scheduler.start()
    table = await service.open(
        "tiny",
        guild_id=1,
        channel_id=10,
        host_id=ALICE,
        host_name="alice",
        options={"pace": 4 * HOUR, **(options or {})},
    )
    for person in people[1:]:
        await service.join(table.id, person, str(person))
    await service.start(table.id, ALICE)
    return service, scheduler, told, table


def deadline(table) -> dict:
    return json.loads(table.timers["deadline"].detail)


async def test_a_move_falls_due_then_overdue_then_the_ai_makes_it(storage):
    clock = ManualClock()
    service, scheduler, told, table = await paced_table(storage, clock)
    start = clock()
    assert deadline(table)["due"] == start + 4 * HOUR and deadline(table)["stage"] == "due"
    await clock.advance(minutes=2)
    table = await service.get(table.id)
    assert told.turns == [([0], False)]  # the your-turn reminder, once
    await clock.advance(hours=2)
    table = await service.get(table.id)
    assert told.turns == [([0], False), ([0], True)]  # and at half time
    with pytest.raises(TableError) as refused:
        await service.let_ai_move(table.id, BOB, table.version)
    assert refused.value.code == "not_overdue"
    await clock.advance(hours=2)
    table = await service.get(table.id)
    assert deadline(table)["stage"] == "overdue" and "overdue" in told.events
    assert table.version == 0 and table.timers["deadline"].due_at == start + 8 * HOUR
    await clock.advance(hours=4)
    table = await service.get(table.id)
    assert table.version == 1 and table.state.active == 1  # the AI moved for alice: her absence counted
    assert table.seats[0].timeouts == 1
    assert (await storage.actions(table.id))[0]["source"] == "timeout"
    await scheduler.stop()


async def test_anyone_seated_may_let_the_ai_make_an_overdue_move(storage):
    clock = ManualClock()
    service, scheduler, told, table = await paced_table(storage, clock, people=(ALICE, BOB, CAROL))
    await clock.advance(hours=4)
    table = await service.get(table.id)
    with pytest.raises(TableError) as refused:
        await service.let_ai_move(table.id, 999, table.version)
    assert refused.value.code == "not_player"
    with pytest.raises(TableError) as refused:
        await service.let_ai_move(table.id, CAROL, table.version - 1)
    assert refused.value.code == "stale"
    await service.let_ai_move(table.id, CAROL, table.version)
    assert table.version == 1 and table.state.active == 1 and table.seats[0].timeouts == 1
    assert deadline(table)["stage"] == "due" and deadline(table)["due"] == clock() + 4 * HOUR
    with pytest.raises(TableError):  # a double press changes nothing
        await service.let_ai_move(table.id, CAROL, 0)
    assert table.version == 1
    await scheduler.stop()


async def test_playing_hours_stop_the_clock(storage):
    clock = ManualClock(start=1_800_000_000.0)  # 2027-01-15 08:00 UTC
    service, scheduler, told, table = await paced_table(storage, clock, options={"hours": "10-22"})
    assert table.options["zone"] == "UTC"  # the server's zone, kept by the table
    # 4 h of playing time from 08:00 run from 10:00 to 14:00
    assert deadline(table)["due"] == clock() + 6 * HOUR
    await scheduler.stop()


async def test_pause_stops_the_clock_and_resume_gives_a_whole_move(storage):
    clock = ManualClock()
    service, scheduler, told, table = await paced_table(storage, clock)
    with pytest.raises(TableError) as refused:
        await service.pause(table.id, BOB, True)
    assert refused.value.code == "host_only"
    await service.pause(table.id, ALICE, True)
    assert "deadline" not in table.timers and "nudge" not in table.timers
    assert await storage.timer(table.id, "deadline") is None
    with pytest.raises(TableError) as refused:
        await service.pause(table.id, ALICE, True)
    assert refused.value.code == "already_paused"
    await clock.advance(days=3)
    table = await service.get(table.id)
    assert table.version == 0 and told.turns == []  # nothing ran out, nobody was reminded
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 1})  # moves still count while paused
    await service.pause(table.id, ALICE, False)
    assert deadline(table)["due"] == clock() + 4 * HOUR
    assert "paused" in told.events and "resumed" in told.events
    reloaded = await storage.load_table(table.id)
    assert "paused" not in reloaded.options
    await scheduler.stop()


async def test_one_person_alone_has_no_deadline(storage):
    clock = ManualClock()
    service = TableService(storage, clock=clock)
    table = await service.open(
        "tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options={"pace": HOUR}
    )
    await service.add_ai(table.id, ALICE)
    await service.start(table.id, ALICE)
    assert "deadline" not in table.timers


async def test_more_time_adds_a_whole_move(storage):
    clock = ManualClock()
    service, scheduler, told, table = await paced_table(storage, clock)
    due = await service.more_time(table.id, ALICE)
    assert due == clock() + 8 * HOUR == deadline(table)["due"]
    await scheduler.stop()


async def test_a_deadline_that_passed_while_down_fires_once(database_target):
    from bot.storage import Storage

    clock = ManualClock()
    first = await Storage(database_target).open()
    service, scheduler, told, table = await paced_table(first, clock)
    await scheduler.stop()
    await first.close()
    clock.now += 9 * HOUR  # down past the due time and past the AI's
    second = await Storage(database_target).open()
    restarted = TableService(second, clock=clock, ai_delay=0)
    scheduler = Scheduler(restarted)
    await scheduler.start()
    for _ in range(3):
        await clock.advance(1)
    again = await restarted.get(table.id)
    # overdue at once, and the AI's time (counted from the due time) is past too: one move, made once
    assert again.version == 1
    assert [a["source"] for a in await second.actions(table.id)] == ["timeout"]
    await scheduler.stop()
    await second.close()


async def test_a_turn_based_game_ends_and_is_kept_as_a_live_one_is(storage):
    clock = ManualClock()
    service, scheduler, told, table = await paced_table(storage, clock, options={"target": 4})
    for _ in range(4):
        table = await service.get(table.id)  # an idle table leaves memory: the one the service has now
        seat = table.state.to_act()[0]
        await service.submit(table.id, (ALICE, BOB)[seat], table.version, {"type": "add", "n": 1})
        await clock.advance(hours=3)
    table = await service.get(table.id)
    await service.submit(table.id, BOB, table.version, {"type": "grab"})  # the race that ends a Tiny game
    assert table.status == "finished" and table.timers == {}
    assert (await storage.result(table.id)) == table.state.result()
    await scheduler.stop()
