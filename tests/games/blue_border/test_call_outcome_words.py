"""A resolved ボーダー！ call says which two cards were judged and the rule they broke, or every rule they kept."""

from bot.faces.text import format_event
from cogs.gallery import table_for
from tests.games.blue_border.helpers import call, dive


def outcome(cards, locale):
    state = dive(cards)
    events = call(state, 1)
    event = next(e for e in events if e["type"] in ("call_succeeded", "call_failed"))
    return event, format_event(table_for("blue_border", state), event, locale)


def test_a_right_call_names_the_cards_and_the_broken_rule():
    event, line = outcome([5, 12, 22], "en")  # C = 22: 10 deeper than B
    assert event["rules"] == ["difference"]
    assert "B 12, C 22" in line and "gap ≤ 9" in line and "A<B<C<D" not in line
    _, line = outcome([5, 12, 22], "ja")
    assert "B 12、C 22" in line and "差≤9" in line and "違反" in line


def test_a_wrong_call_names_the_cards_and_every_rule_they_kept():
    event, line = outcome([5, 12, 19, 25], "en")  # D = 25: deeper, 6 apart, at the bottoms
    assert event["type"] == "call_failed" and event["rules"] == ["order", "difference", "bottoms"]
    assert "C 19, D 25" in line and "A<B<C<D" in line and "gap ≤ 9" in line and "D ≥ 25" in line
    event, line = outcome([5, 12, 19, 27, 20, 13, 6], "ja")  # G: coming back up, within the limit
    assert "F 13、G 6" in line and "A・G≤9" in line and "D>E>F>G" in line and "守" in line
