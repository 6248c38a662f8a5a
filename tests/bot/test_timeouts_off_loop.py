"""A deadline's action is applied off the event loop: a game may play an absent seat with its own agent (BOSSa), which
can take most of a second, while other tables, presses and the gateway heartbeat wait on the loop."""

import threading

from bot.tables import TableService
from games import SYSTEM

ALICE, BOB = 1001, 1002


async def test_a_timeout_is_applied_in_a_worker_thread_and_its_result_kept(storage, monkeypatch):
    service = TableService(storage)
    table = await service.open("tiny", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    state_class = type(table.state)
    applied_in = []
    original = state_class._apply

    def recording(state, seat, action):
        applied_in.append(threading.get_ident())
        return original(state, seat, action)

    monkeypatch.setattr(state_class, "_apply", recording)
    before = table.state
    expected = state_class.from_dict(before.to_dict())
    expected_events = original(expected, SYSTEM, {"type": "timeout"})
    outcome = await service.expire(table.id, table.version)
    assert outcome is not None and applied_in and threading.get_ident() not in applied_in
    assert outcome.events == expected_events and table.state.to_json() == expected.to_json()
    assert table.version == 1 and (await service.rebuild(table.id)).to_json() == table.state.to_json()
