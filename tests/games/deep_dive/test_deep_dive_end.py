"""The end of the game (trigger, last-dive token, emptied depths) and scoring with its tie-breaks."""

from games.deep_dive import scoring

from .helpers import (
    DEEPER,
    FLIP,
    G1,
    G2,
    G3,
    G4,
    G6,
    KEEP,
    P1,
    P2,
    P4,
    P5,
    P6,
    SKIP,
    Y1,
    Y2,
    X,
    act,
    stacked,
    take,
    three_divers_by_points,
    types,
)

PREDATORS = [X] * 12


def dive_into_predator(state, seat):
    """The seat's dive: depth 1 is spent, so it passes through and meets a predator at depth 2."""
    return act(state, seat, FLIP)


def test_the_end_triggered_by_a_later_player_lets_the_round_finish_then_everyone_dives_once_more():
    state = stacked(3, {1: [P1, G1], 2: PREDATORS})
    act(state, 0, FLIP, KEEP)
    events = act(state, 1, FLIP)
    assert {"type": "end_triggered", "seat": 1, "depth": 1} in events
    events = act(state, 1, KEEP)
    assert "last_dive" not in types(events) and state.to_act() == [2]
    assert {"type": "pass", "seat": 2, "depth": 1} in events  # nothing left at depth 1
    events = dive_into_predator(state, 2)  # seat 2 finishes the round
    assert {"type": "last_dive", "seat": 0} in events and state.view(None)["last_dive"]
    for seat in (0, 1):
        dive_into_predator(state, seat)
        assert not state.finished
    events = dive_into_predator(state, 2)
    assert state.finished and events[-1]["type"] == "game_end"


def test_the_end_triggered_by_the_last_seat_of_the_round_flips_the_token_at_once():
    state = stacked(3, {1: [P1, G1, Y1], 2: PREDATORS})
    act(state, 0, FLIP, KEEP)
    act(state, 1, FLIP, KEEP)
    events = act(state, 2, FLIP, KEEP)
    assert types(events)[:4] == ["flip", "end_triggered", "take", "last_dive"]
    for seat in (0, 1):
        dive_into_predator(state, seat)
    assert not state.finished
    dive_into_predator(state, 2)
    assert state.finished


def test_the_end_triggered_by_the_start_player_plays_two_rounds():
    state = stacked(3, {1: [P1], 2: PREDATORS})
    events = act(state, 0, FLIP, KEEP)
    assert "end_triggered" in types(events) and "last_dive" not in types(events)
    dive_into_predator(state, 1)
    events = dive_into_predator(state, 2)
    assert {"type": "last_dive", "seat": 0} in events
    for seat in (0, 1):
        dive_into_predator(state, seat)
        assert not state.finished
    dive_into_predator(state, 2)
    assert state.finished


def test_after_the_trigger_anyone_may_skip_a_depth_with_no_face_down_tile_or_must_take_there():
    state = stacked(2, {1: [P1, G2], 2: PREDATORS})
    act(state, 0, FLIP, DEEPER, FLIP)  # seat 0 leaves pink 1 at depth 1, trapped at depth 2
    act(state, 1, FLIP, DEEPER)  # seat 1 flips the last tile of depth 1 and leaves it too
    act(state, 1, FLIP)  # trapped at depth 2
    assert state.view(None)["end_triggered"]
    assert state.legal_actions(0) == [take(G2), take(P1), SKIP]  # no flip: nothing face down here
    act(state, 0, SKIP)
    assert state.view(None)["turn"]["depth"] == 2
    act(state, 0, FLIP)
    assert state.legal_actions(1) == [take(G2), take(P1), SKIP]  # seat 1 has no penguin trapped there
    act(state, 1, take(P1))
    assert state.finished
    assert state.result()["scores"] == [0, 0]


def test_before_the_trigger_a_depth_cannot_be_skipped_without_a_trapped_penguin():
    state = stacked(2, {1: [P1, G2, G2], 2: PREDATORS})
    act(state, 0, FLIP, DEEPER, FLIP)
    assert SKIP not in state.legal_actions(1)


def test_rows_follow_acquisition_order():
    columns = {"pink": [1, 5], "green": [3], "yellow": [2]}
    assert scoring.rows(columns) == [{"pink": 1, "green": 3, "yellow": 2}, {"pink": 5, "green": None, "yellow": None}]


def test_complete_rows_score_in_full_and_incomplete_rows_half_rounded_down():
    assert scoring.row_score({"pink": [1, 5], "green": [3], "yellow": [2]}) == 6 + 5 // 2
    assert scoring.row_score({"pink": [6, 3], "green": [5, 2], "yellow": [4]}) == 15 + 5 // 2
    assert scoring.complete_rows({"pink": [6, 3], "green": [5, 2], "yellow": [4]}) == 1


def test_final_scores_count_rows_in_the_order_food_was_taken():
    # Seat 0 takes pink 1, then pink 5, green 3 and yellow 2: the complete row is 1+3+2, pink 5 is alone.
    state = stacked(2, {1: [P1, X, P5, X, G3, X, Y2, X], 2: PREDATORS})
    for _ in range(4):
        act(state, 0, FLIP, KEEP)
        act(state, 1, FLIP)  # seat 1 meets the predators (its third brings an empty retreat)
    dive_into_predator(state, 0)  # the last dives
    dive_into_predator(state, 1)
    assert state.result()["scores"] == [6 + 2, 0]
    assert state.result()["winners"] == [0]


def test_a_score_tie_goes_to_more_complete_rows():
    # Seat 0: pink 2, green 2, yellow 2 (one complete row, 6). Seat 1: pink 6, green 6 (incomplete, 12 // 2 = 6).
    state = stacked(2, {1: [P2, P6, G2, G6, Y2, X], 2: PREDATORS})
    for _ in range(2):
        act(state, 0, FLIP, KEEP)
        act(state, 1, FLIP, KEEP)
    act(state, 0, FLIP, KEEP)
    act(state, 1, FLIP)  # the last tile of depth 1 is a predator: the end is triggered
    act(state, 0, FLIP)
    act(state, 1, FLIP)
    result = state.result()
    assert result["scores"] == [6, 6] and result["complete_rows"] == [1, 0]
    assert result["winners"] == [0]
    assert state.ranks() == [0, 1]  # the final order breaks the tie as the win does


def test_a_tie_in_score_and_complete_rows_is_shared():
    state = stacked(2, {1: [P4, G4, X], 2: PREDATORS})
    act(state, 0, FLIP, KEEP)
    act(state, 1, FLIP, KEEP)
    act(state, 0, FLIP)  # the start player triggers the end
    for seat in (1, 0, 1):
        dive_into_predator(state, seat)
    result = state.result()
    assert result["scores"] == [2, 2] and result["complete_rows"] == [0, 0]
    assert result["winners"] == [0, 1]
    assert state.ranks() == [0, 0]
    assert state.to_act() == [] and state.legal_actions(0) == []


def test_the_final_order_ranks_every_diver_by_points():
    state = three_divers_by_points()
    assert state.finished and state.result()["scores"] == [3, 2, 1] and state.result()["winners"] == [0]
    assert state.ranks() == [0, 1, 2]
