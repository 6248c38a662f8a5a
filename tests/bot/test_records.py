"""A table's game record (bot/records.py): its seats in order, and a replay reaching the stored state."""

from bot.records import export, replay
from bot.tables import TableService

ALICE, BOB = 1001, 1002


async def test_a_record_lists_the_seats_in_order_and_replays_to_the_stored_state(storage):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.add_ai(table.id, ALICE, "easy")
    await service.start(table.id, ALICE)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 2})
    record = await export(storage, table.id)
    assert record["seats"] == [
        {"seat": 0, "name": "alice", "ai": False, "ai_level": None},
        {"seat": 1, "name": "bob", "ai": False, "ai_level": None},
        {"seat": 2, "name": "", "ai": True, "ai_level": "easy"},
    ]
    assert replay(record).to_json() == table.state.to_json()
