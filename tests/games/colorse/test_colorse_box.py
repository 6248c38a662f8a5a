"""The box: fill order (gaps included, no falling) and vanishing (ノロイの消失)."""

import pytest

from games.colorse import cards
from tests.games.colorse.helpers import PAD, arrange, box, new, of_type, place, signs, take


def take_one(start: str, card: str):
    """Seat 0 starts with `start` and wins a one-card take of `card` (face-up slot 0)."""
    state = new([start, "Y", "Y", "Y", card, "Y", "Y"] + PAD)
    signs(state, "doh", "rau")
    take(state, 0)
    return state


def test_a_card_sharing_a_single_colour_vanishes_with_the_placed_card():
    state = take_one("R", "R")
    events = place(state, "R")
    assert of_type(events, "vanished") == [{"type": "vanished", "seat": 0, "count": 2, "cards": "R R"}]
    assert box(state, 0) == [None] * 6 and state.removed == ["R", "R"]


@pytest.mark.parametrize("start, card", [("R", "RG"), ("RG", "R"), ("GB", "BY"), ("RY", "GY")])
def test_two_colour_cards_vanish_on_either_colour(start, card):
    state = take_one(start, card)
    place(state, card)
    assert box(state, 0) == [None] * 6


@pytest.mark.parametrize("start, card", [("RG", "BY"), ("R", "GB"), ("B", "Y")])
def test_cards_without_a_shared_colour_stay(start, card):
    state = take_one(start, card)
    assert of_type(place(state, card), "vanished") == []
    assert box(state, 0)[:2] == [start, card]


@pytest.mark.parametrize("colour, vanishes", [("R", True), ("G", False), ("B", False), ("Y", False)])
def test_a_special_counts_as_the_colour_chosen_on_placement(colour, vanishes):
    state = take_one("R", "S")
    place(state, "S", colour)
    assert box(state, 0)[:2] == ([None, None] if vanishes else ["R", "S:" + colour])


def test_a_placed_special_keeps_its_colour_for_later_cards():
    state = new(["S", "Y", "Y", "Y", "B", "Y", "Y"] + PAD)
    state.apply(0, {"type": "special", "colour": "B"})
    signs(state, "doh", "rau")
    take(state, 0)
    place(state, "B")
    assert box(state, 0) == [None] * 6


def test_a_face_down_card_neither_triggers_nor_vanishes():
    state = take_one("Y", "R")
    arrange(state, 0, ["~R", None, None, None, None, None])
    assert of_type(place(state, "R"), "vanished") == []
    assert box(state, 0)[:2] == ["~R", "R"]


def test_every_neighbour_sharing_a_colour_vanishes_at_once():
    state = take_one("Y", "RB")
    arrange(state, 0, ["R", None, "B", None, "R", "Y"])  # a gap at slot 1, under the top-row cards
    events = place(state, "RB")
    assert of_type(events, "vanished")[0]["count"] == 4
    assert box(state, 0) == [None, None, None, None, None, "Y"]


def test_vanishing_does_not_chain_to_the_neighbours_of_vanished_cards():
    # G beside RG cannot arise in play (the later card would have vanished), so the box is arranged.
    state = take_one("Y", "R")
    arrange(state, 0, ["G", "RG", None, "G", None, None])
    place(state, "R")
    assert box(state, 0) == ["G", None, None, "G", None, None]


def test_cards_fill_bottom_row_left_to_right_then_the_top_row():
    state = new(["Y", "Y", "Y", "Y", "R", "B", "R"] + PAD)
    signs(state, "zorf", "doh")
    take(state, 0, 1)
    place(state, "R")
    place(state, "B")
    assert box(state, 0) == ["Y", "R", "B", None, None, None]
    assert cards.next_slot(state.boxes[0]) == 3


def test_a_gap_left_by_vanishing_is_filled_before_the_top_row_and_cards_do_not_fall():
    state = new(["Y", "Y", "Y", "Y", "G", "B", "R"] + PAD)
    arrange(state, 0, ["R", "G", "B", "Y", None, None])
    signs(state, "zorf", "doh")
    take(state, 0, 1)
    events = place(state, "G")  # slot 4, above the bottom G: both vanish
    assert of_type(events, "placed")[0]["slot"] == 4
    assert box(state, 0) == ["R", None, "B", "Y", None, None]  # the top-row Y stays where it was
    events = place(state, "B")  # the gap at slot 1 comes first; B beside B vanishes too
    assert of_type(events, "placed")[0]["slot"] == 1
    assert box(state, 0) == ["R", None, None, "Y", None, None]


def test_neighbours_and_top_right_follow_the_three_by_two_grid():
    assert sorted(cards.neighbours(0)) == [1, 3]
    assert sorted(cards.neighbours(1)) == [0, 2, 4]
    assert sorted(cards.neighbours(5)) == [2, 4]
    assert cards.top_right_slot([{"card": "R"}, None, {"card": "G"}, None, None, None]) == 2
    assert cards.top_right_slot([{"card": "R"}] * 4 + [None, None]) == 3
    assert cards.top_right_slot([None] * 6) is None
