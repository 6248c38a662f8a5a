"""The three action markers: Redraw, Exchange and Stack, each once per game per player."""

import pytest

from games.contract import IllegalAction

from .helpers import exchange, place, play, redraw, stack, stack_win_game, start, types


def kinds(state, seat):
    return {action["type"] for action in state.legal_actions(seat)}


def redraw_game():
    return start(["w0b6", "w0b5", "w2b4", "w1b5"], ["w1b1", "w0b2", "w0b3", "w2b0"], ["w3b3", "w4b0", "w0b1"])


def test_redraw_discards_a_tile_draws_the_next_and_ends_the_turn_without_placing():
    state = redraw_game()
    events = state.apply(0, redraw("w0b6"))
    assert types(events) == ["redrew", "drew"]
    assert events[0] == {"type": "redrew", "seat": 0, "discarded": "w0b6", "tile": "w4b0"}
    assert state.hands[0] == ["w0b5", "w1b5", "w2b4", "w3b3", "w4b0"]
    assert state.view(None)["out_of_play"] == ["w0b6"]
    assert state.active == 1 and "w0b1" in state.hands[1]
    assert all(state.view(None)["lines"][line]["column_count"] == 0 for line in ("white", "black"))
    assert state.view(None)["unused_actions"][0] == ["exchange", "stack"]


def test_redraw_is_usable_once_per_game():
    state = redraw_game()
    play(state, (0, redraw("w0b6")), (1, place("black", "down", "w0b1")))
    assert "redraw" not in kinds(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, redraw("w0b5"))


def test_exchange_swaps_one_tile_each_and_ends_the_turn_without_placing():
    state = redraw_game()
    events = state.apply(0, exchange("w0b6", "w2b0"))
    assert types(events) == ["exchanged", "drew"]
    assert events[0] == {"type": "exchanged", "seat": 0, "other_seat": 1, "gave": "w0b6", "took": "w2b0"}
    assert state.hands[0] == ["w0b5", "w1b5", "w2b0", "w2b4", "w3b3"]
    assert state.hands[1] == ["w0b2", "w0b3", "w0b6", "w1b1", "w4b0"]  # and seat 1 has drawn w4b0
    assert state.active == 1
    assert state.view(None)["lines"]["white"]["column_count"] == 0
    assert state.view(None)["unused_actions"] == [["redraw", "stack"], ["redraw", "exchange", "stack"]]


def test_exchange_is_usable_once_per_game_and_each_player_has_their_own():
    state = redraw_game()
    play(state, (0, exchange("w0b6", "w2b0")))
    assert "exchange" in kinds(state, 1)
    play(state, (1, place("black", "down", "w1b1")))
    assert "exchange" not in kinds(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, exchange("w0b5", "w0b6"))


# Seat 0 owns white (die 5) and moves first. Seat 0 lays white 4 below the die with one tile.
def stack_game():
    state = start(
        ["w4b0", "w4b2", "w2b1", "w0b6"], ["w4b1", "w1b0", "w3b0", "w1b1"], ["w0b5", "w0b4", "w0b3", "w3b3", "w5b1"]
    )
    play(state, (0, place("white", "down", "w4b0")))
    return state


def test_a_stack_needs_the_same_value_and_the_same_tile_count():
    state = stack_game()
    stacks = [action for action in state.legal_actions(1) if action["type"] == "stack"]
    assert stacks == [stack("white", "down", 1, "w4b1")]
    with pytest.raises(IllegalAction):  # 1 + 3 = 4, but two tiles on a one-tile column
        state.apply(1, stack("white", "down", 1, "w1b0", "w3b0"))


def test_a_stack_covers_the_column_and_the_covered_tiles_leave_play():
    state = stack_game()
    events = state.apply(1, stack("white", "down", 1, "w4b1"))
    assert events[0] == {
        "type": "stacked",
        "seat": 1,
        "line": "white",
        "side": "down",
        "index": 1,
        "owner_seat": 0,
        "value": 4,
        "count": 1,
        "tiles": ["w4b1"],
        "covered": ["w4b0"],
    }
    line = state.view(None)["lines"]["white"]
    assert line["columns"]["down"] == [{"index": 1, "value": 4, "tiles": ["w4b1"]}]
    assert line["column_count"] == 1 and line["ends"]["down"] == {"value": 3, "sizes": [2]}
    assert state.view(None)["out_of_play"] == ["w4b0"]
    assert "stack" not in state.view(None)["unused_actions"][1] and state.active == 0


def test_a_stacked_column_may_be_stacked_again_by_the_other_player():
    state = stack_game()
    play(state, (1, stack("white", "down", 1, "w4b1")), (0, stack("white", "down", 1, "w4b2")))
    assert state.view(None)["lines"]["white"]["columns"]["down"][0]["tiles"] == ["w4b2"]
    assert state.view(None)["out_of_play"] == ["w4b0", "w4b1"]


def test_stack_is_usable_once_per_game():
    state = stack_game()
    play(
        state,
        (1, stack("white", "down", 1, "w4b1")),
        (0, stack("white", "down", 1, "w4b2")),
        (1, place("black", "down", "w1b1")),
    )
    assert "w5b1" in state.hands[0] and "w2b1" in state.hands[0]  # either would cover the black 1
    assert "stack" not in kinds(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, stack("black", "down", 1, "w2b1"))


def test_emptying_the_hand_by_a_stack_wins():
    state = stack_win_game()
    assert state.hands[0] == ["w2b1", "w4b1"]
    events = state.apply(0, stack("white", "up", 1, "w2b1", "w4b1"))
    assert types(events) == ["stacked", "hand_emptied"]
    assert state.result()["winners"] == [0] and state.end_reason == "empty_hand"
