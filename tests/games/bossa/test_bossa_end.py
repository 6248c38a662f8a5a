"""How a game ends, checked in the rules' order: the actor's empty hand, six columns in a line (for its owner),
a stuck player, the empty deck."""

from .helpers import SIXTH_COLUMN, exchange, place, play, redraw, six_columns_game, start, types


def test_six_columns_in_a_line_make_its_owner_win_whoever_lays_the_sixth():
    state = six_columns_game()
    events = state.apply(1, SIXTH_COLUMN)
    assert types(events) == ["placed", "line_completed"]
    assert events[1] == {"type": "line_completed", "seat": 0, "line": "white"}
    assert state.hands[1] == ["w0b3"]
    assert state.result() == {"winners": [0], "scores": [1, 0]} and state.end_reason == "six_columns"


def test_six_columns_end_the_game_before_the_empty_deck_is_looked_at():
    state = six_columns_game(pad=False)
    state.apply(1, SIXTH_COLUMN)
    assert state.view(None)["deck_count"] == 0
    # by hand counts seat 0 (3 tiles) would lose to seat 1 (1 tile)
    assert state.end_reason == "six_columns" and state.result()["winners"] == [0]


def test_an_empty_hand_is_checked_before_six_columns():
    """Seat 1 lays its last three tiles as the sixth column of seat 0's white line (die 1): seat 1 wins."""
    state = start(
        ["w1b0", "w1b1", "w2b0", "w2b1"],
        ["w1b2", "w1b3", "w1b4", "w5b0"],
        ["w3b0", "w2b2", "w3b1", "w2b3", "w0b6", "w3b2"],
        dice=(1, 4),
        removed="w6b0",
    )
    play(
        state,
        (0, place("white", "up", "w1b0", "w1b1")),
        (1, place("white", "up", "w1b2", "w1b3", "w1b4")),
        (0, place("white", "up", "w2b0", "w2b1")),
        (1, place("white", "up", "w5b0")),
        (0, place("white", "up", "w3b0", "w3b1")),
    )
    events = state.apply(1, place("white", "up", "w2b2", "w2b3", "w3b2"))
    assert state.view(None)["lines"]["white"]["column_count"] == 6
    assert types(events) == ["placed", "hand_emptied"]
    assert state.result()["winners"] == [1] and state.end_reason == "empty_hand"


def stuck_game(pad=True):
    """Seat 0 (white, die 5) spends Exchange and Redraw; then nothing of its hand fits anywhere."""
    state = start(
        ["w0b6", "w0b5", "w0b4", "w2b4"],
        ["w5b0", "w1b1", "w1b3", "w4b2"],
        ["w1b5", "w2b3", "w1b4", "w0b2", "w3b3"] + (["w3b0"] if pad else []),
        pad=pad,
    )
    play(state, (0, exchange("w1b5", "w5b0")), (1, place("black", "down", "w1b1")), (0, redraw("w1b4")))
    return state


def test_a_player_who_can_do_nothing_after_the_draw_is_stuck_and_loses():
    state = stuck_game()
    events = state.apply(1, place("black", "up", "w1b3"))
    assert types(events) == ["placed", "drew", "stuck"]
    assert events[-1] == {"type": "stuck", "seat": 0, "winner_seat": 1}
    assert state.result()["winners"] == [1] and state.end_reason == "stuck"
    assert state.legal_actions(0) == []


def test_the_empty_deck_is_judged_before_the_stuck_check():
    """Seat 1 faces an empty deck, holding 4 tiles against 5, with nothing playable: the deck ran out first, so
    seat 0 (more tiles) loses; judged as stuck, seat 1 would have lost."""
    state = start(
        ["w2b2", "w5b1", "w0b3", "w0b4"],
        ["w1b5", "w4b2", "w3b0", "w5b0"],
        ["w6b0", "w0b5", "w0b6", "w4b0", "w1b1"],
        dice=(1, 6),
        first=1,
        pad=False,
    )
    play(
        state, (1, place("black", "up", "w1b5", "w4b2")), (0, redraw("w0b3")), (1, exchange("w6b0", "w5b1"))
    )  # seat 1 now holds w3b0 w4b0 w5b0 w5b1: nothing of it fits anywhere
    events = state.apply(0, place("white", "up", "w2b2"))  # seat 0 drew the deck's last tile this turn
    assert state.view(None)["deck_count"] == 0 and state.view(None)["hand_counts"] == [5, 4]
    assert not state._can_act(1)  # seat 1 would be stuck
    assert types(events) == ["placed", "deck_out"]
    assert events[-1] == {"type": "deck_out", "winner_seat": 1, "loser_seat": 0, "winner_count": 4, "loser_count": 5}
    assert state.end_reason == "deck_empty" and state.result()["winners"] == [1]


def test_a_player_facing_an_empty_deck_is_never_judged_stuck():
    state = stuck_game(pad=False)  # seat 0 would be stuck, but the deck is empty at its turn
    events = state.apply(1, place("black", "up", "w1b3"))
    assert state.view(None)["deck_count"] == 0 and state.view(None)["hand_counts"] == [6, 4]
    assert types(events) == ["placed", "deck_out"] and state.end_reason == "deck_empty"
    assert state.result()["winners"] == [1]


def short_deck_game():
    """Only two tiles in the deck: one draw each."""
    state = start(["w6b0", "w0b5", "w0b6", "w1b5"], ["w0b1", "w0b4", "w2b4", "w4b2"], ["w3b3", "w0b2"], pad=False)
    play(state, (0, place("white", "up", "w6b0")))
    return state


def test_redraw_is_not_offered_when_the_deck_is_empty():
    state = short_deck_game()
    assert state.view(None)["deck_count"] == 0 and "redraw" in state.unused[1]
    assert not any(action["type"] == "redraw" for action in state.legal_actions(1))


def test_an_empty_deck_at_the_start_of_a_turn_ends_the_game_and_the_larger_hand_loses():
    state = short_deck_game()
    events = state.apply(1, place("black", "up", "w0b1", "w0b2"))
    assert types(events) == ["placed", "deck_out"]
    assert events[-1] == {"type": "deck_out", "winner_seat": 1, "loser_seat": 0, "winner_count": 3, "loser_count": 4}
    assert state.result() == {"winners": [1], "scores": [0, 1]} and state.end_reason == "deck_empty"
    assert state.ranks() == [1, 0]  # the final order: the winner first, the loser second


def test_an_empty_deck_with_equal_hands_is_a_draw():
    state = short_deck_game()
    events = state.apply(1, place("black", "down", "w0b1"))
    assert events[-1] == {"type": "deck_out_draw", "count": 4}
    assert state.finished and state.result() == {"winners": [], "scores": [0, 0]}
    assert state.ranks() == [0, 0]  # a draw ties both
    assert state.deadline() is None and state.to_act() == []
