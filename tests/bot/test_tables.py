"""The table service: lifecycle, refusals that change nothing, races, persistence and replay."""
import asyncio

import pytest

from bot.scheduler import Scheduler
from bot.storage import Storage
from bot.tables import TableError, TableService

ALICE, BOB, CAROL = 1001, 1002, 1003


async def running_table(service, *, ai=0, options=None):
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice",
                               options=options)
    await service.join(table.id, BOB, "bob")
    for _ in range(ai):
        await service.add_ai(table.id, ALICE)
    await service.start(table.id, ALICE)
    return table


async def test_a_lobby_fills_and_starts(storage):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    with pytest.raises(TableError) as refused:
        await service.start(table.id, ALICE)
    assert refused.value.code == "bad_player_count"
    await service.join(table.id, BOB, "bob")
    with pytest.raises(TableError) as refused:
        await service.start(table.id, BOB)
    assert refused.value.code == "host_only"
    await service.start(table.id, ALICE)
    assert table.status == "running" and table.state.to_act() == [0]


async def test_one_open_table_per_channel(storage):
    service = TableService(storage)
    await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    with pytest.raises(TableError) as refused:
        await service.open("tiny", guild_id=1, channel_id=10, host_id=BOB, host_name="bob")
    assert refused.value.code == "channel_busy"


async def test_host_leaving_hands_the_lobby_to_the_next_person(storage):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.leave(table.id, ALICE)
    assert table.host_id == BOB and [s.user_id for s in table.seats] == [BOB]
    await service.leave(table.id, BOB)
    assert table.status == "cancelled"


async def test_options_only_take_offered_values(storage):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.set_option(table.id, ALICE, "target", 4)
    for name, value in (("target", 5), ("nonsense", 1)):
        with pytest.raises(TableError) as refused:
            await service.set_option(table.id, ALICE, name, value)
        assert refused.value.code == "bad_option"
    assert table.options == {"target": 4}


@pytest.mark.parametrize("who, version, code", [
    (CAROL, 0, "not_player"),      # not at the table
    (BOB, 0, "not_your_turn"),     # out of turn
    (ALICE, 7, "stale"),           # a version from the future (forged)
])
async def test_bad_presses_change_nothing(storage, who, version, code):
    service = TableService(storage)
    table = await running_table(service)
    before = table.state.to_json()
    with pytest.raises(TableError) as refused:
        await service.submit(table.id, who, version, {"type": "add", "n": 1})
    assert refused.value.code == code
    assert table.state.to_json() == before and table.version == 0


async def test_a_double_press_counts_once(storage):
    service = TableService(storage)
    table = await running_table(service)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    with pytest.raises(TableError) as refused:
        await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    assert refused.value.code in ("stale", "not_your_turn")
    assert table.state.counter == 2 and table.version == 1


async def test_a_press_on_an_old_board_is_stale_but_an_unaffected_seat_is_not(storage):
    service = TableService(storage, race_grace=0.01)
    table = await running_table(service, options={"target": 4})
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    await service.submit(table.id, BOB, 1, {"type": "add", "n": 2})
    # Race phase opened at version 2 for both seats: alice presses with a board at version 2.
    assert table.state.phase == "race"
    with pytest.raises(TableError) as refused:
        await service.submit(table.id, ALICE, 1, {"type": "grab"})
    assert refused.value.code == "stale"
    await service.submit(table.id, ALICE, 2, {"type": "grab"})
    assert table.status == "finished" and table.state.winner == 0


async def test_the_earliest_stamp_wins_a_race_even_when_it_arrives_second(storage):
    service = TableService(storage, race_grace=0.05)
    table = await running_table(service, options={"target": 4})
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    await service.submit(table.id, BOB, 1, {"type": "add", "n": 2})
    late = asyncio.create_task(service.submit(table.id, ALICE, 2, {"type": "grab"}, stamp_ms=5_000))
    await asyncio.sleep(0.01)
    early = asyncio.create_task(service.submit(table.id, BOB, 2, {"type": "grab"}, stamp_ms=4_990))
    outcome = await early
    with pytest.raises(TableError) as refused:
        await late
    assert refused.value.code == "too_slow"
    assert outcome.seat == 1 and table.state.winner == 1 and table.version == 3


async def test_every_acknowledged_move_survives_a_restart(tmp_path):
    path = tmp_path / "db.sqlite3"
    first = await Storage(path).open()
    service = TableService(first)
    table = await running_table(service, options={"target": 10})
    for version, (user, n) in enumerate([(ALICE, 2), (BOB, 1), (ALICE, 1)]):
        await service.submit(table.id, user, version, {"type": "add", "n": n})
    expected = table.state.to_json()
    # no close(): the process dies; a new one opens the same file
    second = await Storage(path).open()
    restarted = TableService(second)
    again = await restarted.get(table.id)
    assert again.state.to_json() == expected and again.version == 3
    assert (await restarted.rebuild(table.id)).to_json() == expected
    await restarted.submit(table.id, BOB, 3, {"type": "add", "n": 1})
    assert again.state.counter == 5
    await first.close()
    await second.close()


async def test_a_deadline_plays_the_timeout_and_survives_a_restart(tmp_path):
    now = [1000.0]
    path = tmp_path / "db.sqlite3"
    first = await Storage(path).open()
    service = TableService(first, clock=lambda: now[0])
    table = await running_table(service, options={"turn_timeout": 30})
    timer = await first.timer(table.id, "deadline")
    assert timer.due_at == 1030.0 and timer.version == 0
    await first.close()

    now[0] = 1031.0
    second = await Storage(path).open()
    restarted = TableService(second, clock=lambda: now[0])
    scheduler = Scheduler(restarted)
    assert await scheduler.start() == 1
    for _ in range(100):
        table = await restarted.get(table.id)
        if table.version == 1:
            break
        await asyncio.sleep(0.01)
    assert table.version == 1 and table.state.counter == 1 and table.state.active == 1
    actions = await second.actions(table.id)
    assert actions[0]["source"] == "timeout" and actions[0]["seat"] == -1
    await scheduler.stop()
    await second.close()


async def test_ai_seats_play_by_themselves(storage):
    service = TableService(storage, ai_delay=0, race_grace=0.01)
    scheduler = Scheduler(service)
    await scheduler.start()
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.add_ai(table.id, ALICE, "hard")
    await service.start(table.id, ALICE)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 1})
    for _ in range(200):
        if table.version >= 2:
            break
        await asyncio.sleep(0.01)
    actions = await storage.actions(table.id)
    assert actions[1] == {**actions[1], "seat": 1, "source": "ai", "action": {"type": "add", "n": 2}}
    await scheduler.stop()


async def test_the_ai_thinks_off_the_event_loop(storage, monkeypatch):
    """A searching AI may think for most of a second: it runs in a worker thread, so the loop keeps serving."""
    import dataclasses
    import threading

    import games

    tiny = games.get("tiny")
    loop_thread = threading.get_ident()
    release = threading.Event()
    seen = {}

    def slow_agent(view, legal, rng, level):
        seen["thread"] = threading.get_ident()
        seen["released"] = release.wait(5)  # on the loop this would block the very coroutine that releases it
        return tiny.agent(view, legal, rng, level)

    monkeypatch.setitem(games._registry, "tiny", dataclasses.replace(tiny, agent=slow_agent))
    service = TableService(storage, ai_delay=0, race_grace=0.01)
    table = await running_table(service, ai=1)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 1})
    await service.submit(table.id, BOB, 1, {"type": "add", "n": 1})
    assert table.state.to_act() == [2]

    async def release_soon():
        await asyncio.sleep(0.05)
        release.set()

    outcome, _ = await asyncio.gather(service.ai_move(table.id, table.version), release_soon())
    assert seen["released"] and seen["thread"] != loop_thread
    assert outcome is not None and table.version == 3
