"""Writes of a table message overlap now that pictures are drawn off the loop: an older board that lands after a
newer one must not be taken for what the message shows."""
from types import SimpleNamespace

from cogs.refresher import Refresher


def refresher_with_requests():
    refresher = Refresher(SimpleNamespace(), 0.0)
    requested = []
    refresher.request = lambda table: requested.append(table.revision)
    return refresher, requested


def test_an_older_board_landing_after_a_newer_one_is_refreshed():
    refresher, requested = refresher_with_requests()
    table = SimpleNamespace(id=1, revision=6, message_id=1)
    refresher.shown_now(table, 6)  # a press's response showing revision 6 lands...
    assert requested == []
    refresher.shown_now(table, 5)  # ...then a write of revision 5 (drawn, sent, done later): the message shows 5
    assert refresher.shown[1] == 5 and requested == [6]


def test_writes_in_order_need_no_refresh():
    refresher, requested = refresher_with_requests()
    table = SimpleNamespace(id=1, revision=6, message_id=1)
    refresher.shown_now(table, 5)
    refresher.shown_now(table, 6)
    assert refresher.shown[1] == 6 and requested == [6]  # the first write was behind the table: one refresh
    refresher.shown_now(table, 6)
    assert requested == [6]
