"""The table service: lifecycle, refusals that change nothing, races, persistence and replay."""

import asyncio
import json

import pytest

from bot.scheduler import Scheduler
from bot.storage import Storage
from bot.tables import TableError, TableListener, TableService
from tests.support.backends import both_backends

pytestmark = both_backends

ALICE, BOB, CAROL = 1001, 1002, 1003


async def running_table(service, *, ai=0, options=None):
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options=options)
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


@pytest.mark.parametrize(
    "who, version, code",
    [
        (CAROL, 0, "not_player"),  # not at the table
        (BOB, 0, "not_your_turn"),  # out of turn
        (ALICE, 7, "stale"),  # a version from the future (forged)
    ],
)
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


async def test_every_acknowledged_move_survives_a_restart(database_target):
    path = database_target
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


async def test_a_deadline_plays_the_timeout_and_survives_a_restart(database_target):
    now = [1000.0]
    path = database_target
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


# --- idle lobbies ---------------------------------------------------------------------------------
async def _settle(predicate, tries=200):
    for _ in range(tries):
        if predicate():
            return True
        await asyncio.sleep(0.01)
    return predicate()


async def test_an_idle_lobby_closes_and_frees_its_channel(storage):
    now = [1000.0]
    service = TableService(storage, clock=lambda: now[0], lobby_idle_minutes=30)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    first = await storage.timer(table.id, "lobby")
    assert first.due_at == 1000.0 + 30 * 60
    now[0] = 1500.0
    await service.join(table.id, BOB, "bob")  # a change pushes the expiry back
    pushed = await storage.timer(table.id, "lobby")
    assert pushed.due_at == 1500.0 + 30 * 60
    # the first timer was superseded: it closes nothing
    assert await service.close_idle_lobby(table.id, first.due_at) is None and table.status == "lobby"
    now[0] = pushed.due_at
    closed = await service.close_idle_lobby(table.id, pushed.due_at)
    assert closed is table and table.status == "cancelled" and table.closed_idle == 30
    assert await storage.timer(table.id, "lobby") is None
    assert (await storage.load_table(table.id)).status == "cancelled"
    assert await storage.open_table_in(10) is None
    again = await service.open("tiny", guild_id=1, channel_id=10, host_id=BOB, host_name="bob")
    assert again.status == "lobby"


async def test_every_lobby_change_pushes_the_idle_timer_back_and_starting_removes_it(storage):
    now = [1000.0]
    service = TableService(storage, clock=lambda: now[0], lobby_idle_minutes=10)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    changes = [
        lambda: service.join(table.id, BOB, "bob"),
        lambda: service.join(table.id, CAROL, "carol"),
        lambda: service.leave(table.id, CAROL),
        lambda: service.set_option(table.id, ALICE, "target", 4),
        lambda: service.add_ai(table.id, ALICE, "hard"),
        lambda: service.remove_ai(table.id, ALICE),
        lambda: service.hand_over(table.id, ALICE, BOB),
        lambda: service.hand_over(table.id, BOB, ALICE),
    ]
    for change in changes:
        now[0] += 100
        await change()
        assert (await storage.timer(table.id, "lobby")).due_at == now[0] + 600
        assert table.timers["lobby"].due_at == now[0] + 600
    # a refused press is no change
    with pytest.raises(TableError):
        await service.join(table.id, BOB, "bob")
    now[0] += 100
    assert (await storage.timer(table.id, "lobby")).due_at == now[0] - 100 + 600
    await service.start(table.id, ALICE)
    assert await storage.timer(table.id, "lobby") is None and "lobby" not in table.timers
    assert await service.close_idle_lobby(table.id, now[0] + 500) is None and table.status == "running"


async def test_the_guild_setting_overrides_the_idle_default(storage):
    now = [1000.0]
    service = TableService(storage, clock=lambda: now[0], lobby_idle_minutes=30)
    await storage.set_guild_settings(1, {"lobby_idle_minutes": 10})
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    assert (await storage.timer(table.id, "lobby")).due_at == 1000.0 + 600
    await storage.set_guild_settings(1, {"lobby_idle_minutes": 0})  # never
    await service.join(table.id, BOB, "bob")
    assert await storage.timer(table.id, "lobby") is None and "lobby" not in table.timers
    other = await service.open("tiny", guild_id=2, channel_id=20, host_id=CAROL, host_name="carol")
    assert (await storage.timer(other.id, "lobby")).due_at == 1000.0 + 1800  # another guild: the default


async def test_an_idle_lobby_expires_after_a_restart(database_target):
    now = [1000.0]
    path = database_target
    first = await Storage(path).open()
    service = TableService(first, clock=lambda: now[0], lobby_idle_minutes=30)
    scheduler = Scheduler(service)
    await scheduler.start()
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    # 30 minutes is past the scheduler's horizon: the timer waits in storage, holding no task
    assert scheduler.pending() == 0 and await first.timers_due_before(now[0] + 1801) == [table.timers["lobby"]]
    await scheduler.stop()
    await first.close()

    now[0] = 1000.0 + 30 * 60 + 1  # the process was down when the lobby ran out of time
    second = await Storage(path).open()
    restarted = TableService(second, clock=lambda: now[0], lobby_idle_minutes=30)
    told = []

    class Listener(TableListener):
        async def on_change(self, changed, events):
            told.append(events)

    restarted.listen(Listener())
    scheduler = Scheduler(restarted)
    assert await scheduler.start() == 1
    again = await restarted.get(table.id)
    # the status changes before the lobby is saved and its listeners told: wait for what the test reads
    assert await _settle(lambda: again.status == "cancelled" and told)
    assert told == [[{"type": "lobby_closed", "reason": "idle", "minutes": 30}]]
    assert (await second.load_table(table.id)).status == "cancelled" and await second.timers() == []
    await scheduler.stop()
    await second.close()


async def test_a_lobby_without_an_idle_timer_gets_one_at_start(database_target):
    """Lobbies opened before the timer existed (or while the setting was "never") are timed from their last change."""
    path = database_target
    first = await Storage(path).open()
    service = TableService(first, lobby_idle_minutes=0)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    assert await first.timers() == []
    await first.close()

    second = await Storage(path).open()
    restarted = TableService(second, lobby_idle_minutes=0.001)  # 60 ms
    scheduler = Scheduler(restarted)
    assert await scheduler.start() == 1
    assert await _settle(
        lambda: restarted._tables.get(table.id) is not None and restarted._tables[table.id].status == "cancelled"
    )
    await scheduler.stop()
    await second.close()


# --- "your turn" reminders ---------------------------------------------------------------------------
async def test_a_turn_reminder_is_planned_for_the_person_to_act_only_and_told_once(storage):
    service = TableService(storage)
    service.nudge_delay = 30
    told: list[list[int]] = []

    class Listener(TableListener):
        async def on_your_turn(self, table, seats):
            told.append(seats)

    service.listen(Listener())
    table = await running_table(service, ai=1)  # alice, bob, an AI
    timer = table.timers["nudge"]
    assert list(json.loads(timer.detail)["seats"]) == [str(s) for s in table.state.to_act() if s < 2]
    assert await service.nudge(table.id) == [0] and told == [[0]]
    assert await service.nudge(table.id) == [] and told == [[0]]  # once per turn, even if the timer fires again
    assert json.loads((await storage.timer(table.id, "nudge")).detail)["told"] == ["0"]  # survives a restart
    service.nudge_delays[1] = 0  # the server turned reminders off
    await service.submit(table.id, ALICE, table.version, table.state.legal_actions(0)[0])
    assert "nudge" not in table.timers


async def test_a_reminder_in_a_game_without_races_does_not_list_the_moves(storage, monkeypatch):
    """Only a game with first-press races has a window to leave out: Diamond Box's hundreds of placements are listed
    once per move (for the seat's choices), not again for its reminder."""
    service = TableService(storage)
    service.nudge_delay = 30
    table = await service.open("diamond_box", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    state_type, planning, listed = type(table.state), [], []
    real_legal, real_plan = state_type.legal_actions, service.timers.plan_nudge

    def legal_actions(state, seat):
        if planning:
            listed.append(seat)
        return real_legal(state, seat)

    def plan_nudge(*args, **kwargs):
        planning.append(True)
        try:
            return real_plan(*args, **kwargs)
        finally:
            planning.clear()

    monkeypatch.setattr(state_type, "legal_actions", legal_actions)
    monkeypatch.setattr(service.timers, "plan_nudge", plan_nudge)
    mover = table.state.to_act()[0]
    await service.submit(table.id, (ALICE, BOB)[mover], table.version, real_legal(table.state, mover)[0])
    assert listed == []
    assert list(json.loads(table.timers["nudge"].detail)["seats"]) == [str(s) for s in table.state.to_act()]


async def test_no_reminder_in_a_first_press_window(storage):
    service = TableService(storage)
    service.nudge_delay = 30
    table = await service.open("blue_border", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    mover = table.state.to_act()[0]
    assert "nudge" in table.timers  # a turn: the diver is reminded
    take = next(a for a in table.state.legal_actions(mover) if a["type"] == "take")
    await service.submit(table.id, (ALICE, BOB)[mover], table.version, take)
    assert table.state.view(None)["phase"] == "call_window" and table.state.to_act()
    assert "nudge" not in table.timers  # everyone may call 「ボーダー！」: nobody is pinged for a race


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


async def test_a_game_its_deal_ends_is_finished_at_start(storage):
    """Diamond Box: a deal that leaves the deck empty ends the game at once; the table is finished, not running."""
    from games.diamond_box.cards import card_ids

    service = TableService(storage)
    stacked = {"deck": card_ids()[:12], "start_tiebreak": 0}  # the centre's two cards and two hands of five
    table = await service.open(
        "diamond_box", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options={"stacked": stacked}
    )
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    assert table.status == "finished" and table.state.finished and not table.timers
    assert (await storage.result(table.id))["winners"] == [0, 1]
    assert (await storage.load_table(table.id)).status == "finished"
    assert await storage.open_table_in(10) is None  # the channel is free again


@pytest.mark.parametrize("game", ["blue_border", "deep_dive", "bossa"])
async def test_the_text_handed_to_the_engine_for_a_rollback_is_always_the_state_as_committed(storage, game):
    """The service hands the engine the state's JSON it last committed (the copy to roll back to): after every
    action and timeout it is the state's own text, never an older position's."""
    service = TableService(storage, race_grace=0.0, ai_delay=3600)
    table = await service.open(game, guild_id=1, channel_id=11, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    assert table.saved == table.state.to_json()
    rng = __import__("random").Random(5)
    for _ in range(60):
        if table.status != "running":
            break
        acting = [s for s in table.state.to_act() if s >= 0]
        if acting:
            action = rng.choice(table.state.legal_actions(acting[0]))
            await service.play.act(table, acting[0], table.version, action, "user")
        else:
            await service.expire(table.id, table.version)
        assert table.saved == table.state.to_json()


async def _finish(service, table):
    while table.status == "running":
        seat = table.state.to_act()[0]
        await service.submit(table.id, [ALICE, BOB][seat], table.version, table.state.legal_actions(seat)[-1])


async def test_practice_tables_never_count_in_stats_and_host_options_never_reach_the_engine(storage):
    service = TableService(storage)
    counted = await running_table(service)
    await _finish(service, counted)
    practice = await service.open(
        "tiny", guild_id=1, channel_id=11, host_id=ALICE, host_name="alice", options={"practice": True, "hints": True}
    )
    await service.join(practice.id, BOB, "bob")
    await service.start(practice.id, ALICE)  # the engine refuses unknown options: these never reach it
    await _finish(service, practice)
    assert {row["table"] for row in await storage.stats(1)} == {counted.id}
    assert (await service.rebuild(practice.id)).to_json() == practice.state.to_json()


async def test_a_lobby_may_allow_hints_and_nothing_else_of_the_hosts(storage):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.set_option(table.id, ALICE, "hints", True)
    assert table.options["hints"] is True
    for name, value in (("hints", 1), ("practice", True), ("lesson", True)):
        with pytest.raises(TableError) as refused:
            await service.set_option(table.id, ALICE, name, value)
        assert refused.value.code == "bad_option"
    assert "practice" not in table.options
