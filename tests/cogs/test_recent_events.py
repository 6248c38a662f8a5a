"""Boards format only the recent events they show: the same lines, in the same order, as formatting them all."""

from collections import deque
from types import SimpleNamespace

from cogs.presenter import last_events


def _every_event(table, limit, skip=()):
    flat = [event for _seat, events in table.recent for event in events if event["type"] not in skip]
    return flat[-limit:]


def test_last_events_are_the_tail_of_every_event_in_order():
    recent = deque(maxlen=8)
    for n in range(11):
        recent.append((n % 3, [{"type": "dive_start" if n % 4 == 0 else "move", "n": n, "k": k} for k in range(n % 3)]))
    table = SimpleNamespace(recent=recent)
    for limit in (1, 2, 6, 8, 50):
        assert last_events(table, limit) == _every_event(table, limit)
        assert last_events(table, limit, {"dive_start"}) == _every_event(table, limit, {"dive_start"})


def test_no_recent_events():
    assert last_events(SimpleNamespace(recent=deque()), 6) == []
