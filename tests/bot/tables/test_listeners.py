"""What the host hears from the table service (bot/tables/listeners.py): every change, the end of a game once, a
move about to be committed, and nothing lost or undone when a listener fails."""

import types

import pytest

from bot.tables import TableError, TableListener, TableService
from bot.tables.listeners import Listeners

ALICE, BOB = 1001, 1002


class Recorder(TableListener):
    def __init__(self, storage=None) -> None:
        self.storage = storage
        self.heard: list[tuple] = []

    def prepare(self, table, source):
        self.heard.append(("prepare", table.version, source))

    async def on_change(self, table, events):
        self.heard.append(("change", table.version, [event["type"] for event in events]))

    async def on_finished(self, table):
        self.heard.append(("finished", table.status, await self.storage.result(table.id)))


async def tiny_race(service: TableService):
    """A tiny game to 4 between alice and bob, one move from its end: bob may grab."""
    table = await service.open(
        "tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options={"target": 4}
    )
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    await service.submit(table.id, BOB, 1, {"type": "add", "n": 2})
    return table


async def test_the_end_of_a_game_is_heard_once_after_its_last_move_is_stored_and_shown(storage):
    service = TableService(storage, race_grace=0.01)
    recorder = Recorder(storage)
    service.listen(recorder)
    table = await tiny_race(service)
    assert not [entry for entry in recorder.heard if entry[0] == "finished"]
    await service.submit(table.id, BOB, 2, {"type": "grab"})
    assert recorder.heard[-3:] == [
        ("prepare", 3, "user"),  # the version it is about to be committed as
        ("change", 3, ["grabbed"]),
        ("finished", "finished", {"winners": [1], "scores": [0, 1]}),
    ]
    with pytest.raises(TableError):  # too late: the game is over
        await service.submit(table.id, ALICE, 3, {"type": "grab"})
    assert [entry[0] for entry in recorder.heard].count("finished") == 1


async def test_a_game_its_deal_ends_is_heard_finished_at_the_start(storage):
    from games.diamond_box.cards import card_ids

    service = TableService(storage)
    recorder = Recorder(storage)
    service.listen(recorder)
    stacked = {"deck": card_ids()[:12], "start_tiebreak": 0}  # the centre's two cards and two hands of five
    table = await service.open(
        "diamond_box", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options={"stacked": stacked}
    )
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    (change, version, events), (finished, status, result) = recorder.heard[-2:]
    assert (change, version, events) == ("change", 0, ["game_started"])
    assert (finished, status, result["winners"]) == ("finished", "finished", [0, 1])


async def test_a_cancelled_game_is_no_finished_game(storage):
    service = TableService(storage)
    recorder = Recorder(storage)
    service.listen(recorder)
    table = await tiny_race(service)
    await service.cancel(table.id, ALICE)
    assert table.status == "cancelled" and "finished" not in [entry[0] for entry in recorder.heard]


class Broken(TableListener):
    def prepare(self, table, source):
        raise RuntimeError("no picture")

    async def on_change(self, table, events):
        raise RuntimeError("no message")

    async def on_finished(self, table):
        raise RuntimeError("no rating")


async def test_a_failing_listener_neither_undoes_a_move_nor_silences_the_next(storage, caplog):
    service = TableService(storage, race_grace=0.01)
    recorder = Recorder(storage)
    service.listen(Broken())
    service.listen(recorder)
    table = await tiny_race(service)
    await service.submit(table.id, BOB, 2, {"type": "grab"})
    assert table.status == "finished" and [a["seq"] for a in await storage.actions(table.id)] == [1, 2, 3]
    assert [entry[0] for entry in recorder.heard[-3:]] == ["prepare", "change", "finished"]
    failures = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert any("listener failed" in text for text in failures)


async def test_listeners_are_told_in_the_order_they_were_registered(storage):
    service = TableService(storage)
    order: list[str] = []

    class Named(TableListener):
        def __init__(self, name):
            self.name = name

        async def on_change(self, table, events):
            order.append(self.name)

    for name in ("display", "metrics", "terminal"):
        service.listen(Named(name))
    await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    assert order == []  # opening is no change anyone was shown yet
    table = await service.open("tiny", guild_id=1, channel_id=11, host_id=BOB, host_name="bob")
    await service.join(table.id, ALICE, "alice")
    assert order == ["display", "metrics", "terminal"]


async def test_timers_are_heard_as_they_are_planned_and_dropped(storage):
    service = TableService(storage)
    planned: dict = {}

    class Timers(TableListener):
        def on_timer(self, timer, table_id, kind):
            planned[kind] = timer

    service.listen(Timers())
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    assert planned["lobby"] is table.timers["lobby"]
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    assert planned["lobby"] is None and planned["deadline"] is table.timers["deadline"]
    await service.cancel(table.id, ALICE)
    assert "all" in planned and planned["all"] is None and table.timers == {}


async def test_a_half_time_reminder_is_told_as_such_and_a_listener_without_the_flag_still_hears_reminders():
    heard: list[tuple] = []

    class Old(TableListener):
        async def on_your_turn(self, table, seats):
            heard.append(("old", seats))

    class New(TableListener):
        async def on_your_turn(self, table, seats, half=False):
            heard.append(("new", seats, half))

    listeners = Listeners()
    listeners.add(Old())
    listeners.add(New())
    table = types.SimpleNamespace(id=7)
    await listeners.your_turn(table, [0])
    await listeners.your_turn(table, [1], half=True)
    # the old listener's half-time call fails (it takes no flag): logged, and the next listener is told all the same
    assert heard == [("old", [0]), ("new", [0], False), ("new", [1], True)]
