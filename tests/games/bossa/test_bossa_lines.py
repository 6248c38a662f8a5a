"""Placing columns: the value each open end needs and the tile counts allowed, at the die and further out,
on both sides of both lines."""

import pytest

from games.contract import IllegalAction

from .helpers import groups_at, place, play, start, types

# Seat 0 owns white (die 5) and moves first; seat 1 owns black (die 2).
LADDER_HANDS = (["w6b0", "w3b0", "w4b0", "w1b0"], ["w1b1", "w0b2", "w0b4", "w0b1"])
LADDER_DECK = ["w1b2", "w0b3", "w2b0", "w0b5", "w2b2", "w3b1", "w1b3"]
LADDER_MOVES = [
    (0, place("white", "up", "w6b0")),  # 6, one tile beside the die
    (1, place("black", "up", "w0b1", "w0b2")),  # 3, two tiles beside the die
    (0, place("white", "up", "w3b0", "w4b0")),  # 7: two tiles after one
    (1, place("black", "up", "w0b4")),  # 4: one tile after two
    (0, place("white", "down", "w2b0", "w2b2")),  # 4 below the die 5
    (1, place("black", "down", "w1b1")),  # 1 below the die 2: the black descending side is full
    (0, place("white", "down", "w1b0", "w1b2", "w1b3")),  # 3 with three tiles after two: seat 0's last tiles
]


def ladder(turns: int):
    state = start(*LADDER_HANDS, LADDER_DECK, removed="w2b4")
    play(state, *LADDER_MOVES[:turns])
    return state


def ends(state, line):
    return state.view(None)["lines"][line]["ends"]


def test_the_columns_beside_each_die_need_the_next_values_with_one_or_two_tiles():
    state = ladder(0)
    assert ends(state, "white") == {"up": {"value": 6, "sizes": [1, 2]}, "down": {"value": 4, "sizes": [1, 2]}}
    assert ends(state, "black") == {"up": {"value": 3, "sizes": [1, 2]}, "down": {"value": 1, "sizes": [1, 2]}}
    places = [action for action in state.legal_actions(0) if action["type"] == "place"]
    assert places == [
        place("white", "up", "w6b0"),
        place("white", "down", "w4b0"),
        place("white", "down", "w1b0", "w3b0"),
        place("white", "down", "w1b2", "w3b0"),
    ]


def test_a_placed_column_is_reported_with_its_value_and_owner():
    state = ladder(0)
    events = state.apply(0, place("white", "up", "w6b0"))
    assert events[0] == {
        "type": "placed",
        "seat": 0,
        "line": "white",
        "side": "up",
        "owner_seat": 0,
        "value": 6,
        "count": 1,
        "tiles": ["w6b0"],
    }
    assert state.view(None)["lines"]["white"]["columns"]["up"] == [{"index": 1, "value": 6, "tiles": ["w6b0"]}]
    assert "w6b0" not in state.hands[0]


def test_after_a_one_tile_column_the_next_needs_exactly_two_tiles():
    state = ladder(2)
    assert ends(state, "white")["up"] == {"value": 7, "sizes": [2]}
    assert groups_at(state, 0, "white", "up") == [["w3b0", "w4b0"]]
    before = state.to_json()
    with pytest.raises(IllegalAction):  # 1 + 2 + 4 = 7, but three tiles
        state.apply(0, place("white", "up", "w1b0", "w2b0", "w4b0"))
    assert state.to_json() == before


def test_after_a_two_tile_column_the_next_needs_one_or_three_tiles():
    state = ladder(3)
    assert ends(state, "black")["up"] == {"value": 4, "sizes": [1, 3]}
    assert groups_at(state, 1, "black", "up") == [["w0b4"]]
    with pytest.raises(IllegalAction):  # 1 + 3 = 4, but two tiles beside a two-tile column
        state.apply(1, place("black", "up", "w0b3", "w1b1"))


def test_three_tiles_are_refused_beside_the_die_on_the_descending_side():
    state = ladder(4)
    assert state.hands[0] == ["w1b0", "w1b2", "w2b0", "w2b2"]
    assert ends(state, "white")["down"] == {"value": 4, "sizes": [1, 2]}
    assert groups_at(state, 0, "white", "down") == [["w2b0", "w2b2"]]
    with pytest.raises(IllegalAction):  # 1 + 1 + 2 = 4 with three tiles
        state.apply(0, place("white", "down", "w1b0", "w1b2", "w2b0"))


def test_the_descending_side_stops_at_one():
    state = ladder(6)
    assert ends(state, "black")["down"] is None
    assert groups_at(state, 0, "black", "down") == []
    assert ends(state, "white")["down"] == {"value": 3, "sizes": [1, 3]}


def test_a_die_showing_one_has_no_descending_side():
    state = start(["w1b0", "w0b2", "w2b0", "w3b0"], ["w0b3", "w0b4", "w0b5", "w1b1"], dice=(6, 1))
    assert ends(state, "black") == {"up": {"value": 2, "sizes": [1, 2]}, "down": None}


def test_a_column_above_six_is_made_of_several_tiles():
    state = start(
        ["w1b0", "w6b0", "w3b0", "w4b0"], ["w0b2", "w0b4", "w0b5", "w1b1"], ["w2b0", "w0b3", "w5b0"], dice=(6, 1)
    )
    assert ends(state, "white")["up"] == {"value": 7, "sizes": [1, 2]}
    assert groups_at(state, 0, "white", "up") == [["w1b0", "w6b0"], ["w3b0", "w4b0"]]
    play(state, (0, place("white", "up", "w3b0", "w4b0")), (1, place("black", "up", "w0b2")))
    assert ends(state, "white")["up"] == {"value": 8, "sizes": [1, 3]}
    assert state.hands[0] == ["w1b0", "w2b0", "w5b0", "w6b0"]
    assert groups_at(state, 0, "white", "up") == [["w1b0", "w2b0", "w5b0"]]  # not w2b0 + w6b0: two tiles


def test_a_tile_cannot_count_as_zero():
    state = start(["w6b0", "w0b1", "w2b2", "w0b5"], ["w0b3", "w0b4", "w3b3", "w1b1"], ["w5b1"])
    assert groups_at(state, 0, "white", "up") == [["w6b0"]]  # not w0b1 + w6b0, nor w0b5 + w6b0
    with pytest.raises(IllegalAction):
        state.apply(0, place("white", "up", "w0b1", "w6b0"))
    assert ["w0b1"] in groups_at(state, 0, "black", "down")  # it counts where it shows dots


def test_emptying_the_hand_by_placing_wins():
    state = ladder(6)
    events = state.apply(0, LADDER_MOVES[6][1])
    assert types(events) == ["placed", "hand_emptied"]
    assert state.finished and state.result() == {"winners": [0], "scores": [1, 0]}
    assert state.end_reason == "empty_hand"
