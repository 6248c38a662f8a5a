"""A live table and its stored row (bot/tables/model.py, bot/storage/rows.py): the columns are listed once, and
a table read back from storage is the table that was left."""

import dataclasses

from bot.storage import SeatRow, TableRecord, TableRow, TimerRow, record_columns
from bot.tables import Seat, Table, TableService, shown_deadline
from tests.support.backends import both_backends

ALICE, BOB = 1001, 1002


def test_a_table_and_its_row_share_one_list_of_columns():
    columns = [column.name for column in dataclasses.fields(TableRecord)]
    assert issubclass(Table, TableRecord) and issubclass(TableRow, TableRecord)
    assert [column.name for column in dataclasses.fields(Table)][: len(columns)] == columns
    assert [column.name for column in dataclasses.fields(TableRow)][: len(columns)] == columns
    assert issubclass(Seat, SeatRow) and dataclasses.fields(Seat) == dataclasses.fields(SeatRow)


@both_backends
async def test_a_table_read_back_from_storage_is_the_table_that_was_left(database_target):
    from bot.storage import Storage

    first = await Storage(database_target).open()
    service = TableService(first)
    table = await service.open(
        "tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options={"target": 9}
    )
    await service.join(table.id, BOB, "bob")
    await service.add_ai(table.id, ALICE, "easy")
    await service.start(table.id, ALICE)
    await service.set_message(table, 11, 12)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    await service.leave(table.id, BOB)  # an AI plays bob's seat from now on
    second = await Storage(database_target).open()
    again = await TableService(second).get(table.id)
    assert again is not table and record_columns(again) == record_columns(table)
    assert again.seats == table.seats and again.seats[1].is_ai and again.seats[1].taken_over
    assert again.state.to_json() == table.state.to_json() and again.marks == table.marks
    assert again.choices == table.choices and again.timers == table.timers
    await first.close()
    await second.close()


def test_the_seats_handed_to_storage_are_a_copy():
    table = Table(
        id=1, game="tiny", guild_id=1, channel_id=1, message_id=None, host_id=ALICE, status="lobby",
        options={}, seed=1, version=0, locale="en", seats=[Seat(ALICE, "alice")],
    )  # fmt: skip
    rows = table.seat_rows()
    table.seats[0].timeouts = 2  # a queued write must still write the seats as they were
    assert rows == [SeatRow(ALICE, "alice")] and type(rows[0]) is SeatRow


def test_the_deadline_shown_is_the_timers_own_unless_its_detail_names_the_moves():
    assert shown_deadline(None) is None
    assert shown_deadline(TimerRow(1, "deadline", 3, 100.5, '{"kind": "turn", "seats": [0]}')) == 100.5
    assert shown_deadline(TimerRow(1, "deadline", 3, 100.5, "")) == 100.5
    # a turn-based table's timer may fire before the move's deadline (half-time): players are shown the deadline
    assert shown_deadline(TimerRow(1, "deadline", 3, 100.5, '{"kind": "turn", "seats": [0], "due": 7200}')) == 7200


async def test_the_public_view_is_made_once_per_version_and_anew_after_each_move(storage):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice", options={})
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    first = table.public_view()
    assert table.public_view() is first and first == table.state.view(None)
    await service.submit(table, ALICE, 0, {"type": "add", "n": 2})  # the table this caller holds, not its id
    assert table.public_view() is not first and table.public_view() == table.state.view(None) != first
    table.state = table.state.copy()  # a state replaced (a deadline's action applied to a copy)
    assert table.public_view() is not first and table.public_view() == table.state.view(None)
