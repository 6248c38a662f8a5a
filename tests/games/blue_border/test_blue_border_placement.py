"""The four placement rules, at every slot, judged by a real border call on a stacked dive.
Seat 0 places BASELINE[:slot] (a legal dive) and then the card under test; seat 1 calls it."""

import pytest

from games.blue_border.border import broken_rules

from .helpers import BASELINE, call, dive, of_type

SLOT = {letter: index for index, letter in enumerate("ABCDEFG")}

# (slot, card, expected broken rules) with border 9, bottoms 25; the card before is BASELINE[slot - 1].
BORDER_9 = [
    ("A", 1, []),
    ("A", 9, []),
    ("A", 10, ["limit"]),
    ("A", 32, ["limit"]),
    ("B", 12, []),
    ("B", 14, []),
    ("B", 15, ["difference"]),
    ("B", 4, ["order"]),
    ("C", 21, []),
    ("C", 22, ["difference"]),
    ("C", 11, ["order"]),
    ("D", 27, []),
    ("D", 25, []),
    ("D", 28, []),
    ("D", 24, ["bottoms"]),
    ("D", 29, ["difference"]),
    ("D", 18, ["order", "bottoms"]),
    ("E", 20, []),
    ("E", 18, []),
    ("E", 17, ["difference"]),
    ("E", 28, ["order"]),
    ("F", 13, []),
    ("F", 11, []),
    ("F", 10, ["difference"]),
    ("F", 21, ["order"]),
    ("G", 6, []),
    ("G", 4, []),
    ("G", 9, []),
    ("G", 3, ["difference"]),
    ("G", 10, ["limit"]),
    ("G", 14, ["limit", "order"]),
]
BORDER_8 = [
    ("A", 8, []),
    ("A", 9, ["limit"]),
    ("B", 13, []),
    ("B", 14, ["difference"]),
    ("D", 27, []),
    ("D", 28, ["difference"]),
    ("G", 8, []),
    ("G", 9, ["limit"]),
    ("G", 4, ["difference"]),
]


def judged(slot: str, card: int, **options) -> list[str] | None:
    """Place `card` in `slot` after the baseline, have seat 1 call it; the broken rules, or None if it failed."""
    state = dive(BASELINE[: SLOT[slot]] + [card], **options)
    events = call(state, 1)
    succeeded = of_type(events, "call_succeeded")
    if succeeded:
        return succeeded[0]["rules"]
    assert of_type(events, "call_failed")
    return None


@pytest.mark.parametrize("slot,card,broken", BORDER_9)
def test_each_rule_at_each_slot_with_border_9(slot, card, broken):
    assert judged(slot, card, border=9, bottoms=25) == (broken or None)


@pytest.mark.parametrize("slot,card,broken", BORDER_8)
def test_strict_border_8_narrows_the_limits_and_the_difference(slot, card, broken):
    assert judged(slot, card, border=8, bottoms=25) == (broken or None)


def test_d_must_reach_the_bottoms_setting():
    assert judged("D", 24, bottoms=24) is None
    assert judged("D", 25, bottoms=26) == ["bottoms"]


def test_a_placement_breaking_a_rule_stands_until_called():
    state = dive(BASELINE[:1] + [4])  # B = 4 < A: illegal, but nobody calls
    state.apply(1, {"type": "no_call"})
    assert [card["number"] for card in state.boards[0]] == [5, 4]
    assert state.phase == "turn" and state.active == 1


def test_broken_rules_is_the_pure_rule_check():
    assert broken_rules(0, 9, None, 9, 25) == []
    assert broken_rules(3, 24, 30, 9, 25) == ["order", "bottoms"]
    assert broken_rules(6, 12, 30, 9, 25) == ["limit", "difference"]


@pytest.mark.parametrize("border_line", [8, 9])
def test_a_difference_of_exactly_the_border_stands_against_the_seeds_example(border_line):
    """The seed's example (A = 1, "B up to 9") contradicts its rule text (差がボーダーライン以内); the rules
    file follows the text: A = 1, B = 1 + border stands, one more is called off."""
    state = dive([1, 1 + border_line], border=border_line)
    assert of_type(call(state, 1), "call_failed")
    state = dive([1, 2 + border_line], border=border_line)
    assert of_type(call(state, 1), "call_succeeded")[0]["rules"] == ["difference"]
