"""Solo: the automaton's takes, its predator priority (with the human's tie-break), its wrap-around,
the last turn, and the three difficulty scorings."""

import pytest

from games.contract import SYSTEM, Deadline

from .helpers import DEEPER, FLIP, G1, G3, G4, KEEP, P1, P2, P3, P5, Y1, R, W, X, act, stacked, types


def bot(state):
    return state.view(0)["automaton"]


def test_the_automaton_takes_whatever_it_flips_and_moves_one_depth_deeper():
    state = stacked(1, {1: [P1, W, G1, Y1, W], 2: [R, W], 3: [G3, W]})
    events = act(state, 0, FLIP, KEEP)
    assert events[2:] == [
        {"type": "automaton_flip", "depth": 1, "tile": W},
        {"type": "automaton_take", "depth": 1, "tile": W},
        {"type": "dive_start", "seat": 0},
    ]
    act(state, 0, FLIP, KEEP)
    act(state, 0, FLIP, KEEP)
    assert bot(state)["water"] == 1 and bot(state)["rocks"] == 1
    assert bot(state)["columns"] == {"pink": [], "green": [3], "yellow": []}
    assert bot(state)["depth"] == 4
    assert state.view(0)["depths"][2]["face_up"] == []  # it keeps what it flips


def test_the_automaton_wraps_from_the_deepest_depth_back_to_depth_1():
    state = stacked(1, {1: [P1, W, P1, P1, P1, P1, P1, W, W], 5: [W, W]})
    for _ in range(5):
        act(state, 0, FLIP, KEEP)
    assert bot(state)["depth"] == 1
    events = act(state, 0, FLIP, KEEP)
    assert {"type": "automaton_flip", "depth": 1, "tile": W} in events
    assert bot(state)["depth"] == 2


def test_after_a_predator_the_automaton_takes_food_of_the_colour_it_holds_fewest():
    state = stacked(1, {1: [W, P3, W, W], 2: [P5, G1, X, W], 3: [X, X, W]})
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)  # human leaves pink 5 at depth 2; the automaton takes pink 3
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)  # human leaves green 1 at depth 2; the automaton meets a predator
    assert bot(state)["columns"]["pink"] == [3] and bot(state)["columns"]["green"] == [1]
    assert [slot["tile"] for slot in state.view(0)["depths"][1]["face_up"]] == [P5, X]


def test_among_its_fewest_colours_the_automaton_takes_the_highest_points():
    state = stacked(1, {1: [W, W, W, W], 2: [P1, G4, X, W], 3: [X, X, W]})
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)  # the automaton takes water at depth 1
    events = act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    assert {"type": "automaton_take", "depth": 2, "tile": G4} in events
    assert bot(state)["columns"]["green"] == [4]


def test_a_remaining_tie_is_broken_by_the_human():
    state = stacked(1, {1: [W, W, W, W], 2: [P3, G3, X, W], 3: [X, X, W]})
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    events = act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    assert events[-1] == {"type": "automaton_tie", "seat": 0, "depth": 2, "tiles": [G3, P3]}
    assert state.to_act() == [0] and state.view(0)["turn"]["phase"] == "automaton_pick"
    assert state.legal_actions(0) == [{"type": "automaton_pick", "tile": G3}, {"type": "automaton_pick", "tile": P3}]
    assert state.deadline() == Deadline("turn", 90, (0,))
    events = act(state, 0, {"type": "automaton_pick", "tile": P3})
    assert events[:2] == [{"type": "automaton_take", "depth": 2, "tile": P3}, {"type": "dive_start", "seat": 0}]
    assert bot(state)["columns"]["pink"] == [3]
    assert [slot["tile"] for slot in state.view(0)["depths"][1]["face_up"]] == [G3, X]


def test_identical_tied_tiles_need_no_choice():
    state = stacked(1, {1: [W, W, W, W], 2: [P3, P3, X, W], 3: [X, X, W]})
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    events = act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    assert {"type": "automaton_take", "depth": 2, "tile": P3} in events and state.to_act() == [0]
    assert state.view(0)["turn"]["phase"] == "dive"


def test_a_predator_with_no_food_face_up_gives_the_automaton_nothing():
    state = stacked(1, {1: [P1, X, W, W]})
    events = act(state, 0, FLIP, KEEP)
    assert {"type": "automaton_nothing", "depth": 1} in events
    assert bot(state)["columns"] == {"pink": [], "green": [], "yellow": []} and bot(state)["depth"] == 2
    assert state.view(0)["depths"][0]["face_up"] == [{"tile": X, "penguin_seat": None}]


def test_the_automaton_moves_past_a_depth_with_nothing_face_down_and_takes_the_last_turn():
    state = stacked(1, {1: [W, P2, P1, W, W], 2: [W], 3: [G3, G4, W]})
    events = act(state, 0, FLIP, FLIP)  # the human empties depth 2: the end is triggered
    assert {"type": "end_triggered", "seat": 0, "depth": 2} in events
    events = act(state, 0, FLIP, KEEP)  # the human keeps green 3; the automaton takes pink 2 at depth 1
    assert {"type": "automaton_take", "depth": 1, "tile": P2} in events
    assert {"type": "last_dive", "seat": 0} in events
    events = act(state, 0, FLIP, KEEP)  # the human's last dive; then the automaton's, which ends the game
    assert types(events)[2:] == ["automaton_move", "automaton_flip", "automaton_take", "game_end"]
    assert events[2] == {"type": "automaton_move", "depth": 3}
    assert state.finished


def test_the_automaton_can_trigger_the_end_and_still_dives_last():
    state = stacked(1, {1: [P1, W, P1, P1, W], 2: [R]})
    act(state, 0, FLIP, KEEP)
    events = act(state, 0, FLIP, KEEP)  # the automaton flips the last rock of depth 2
    assert {"type": "automaton_end_triggered", "depth": 2} in events
    assert {"type": "last_dive", "seat": 0} in events
    events = act(state, 0, FLIP, KEEP)
    assert events[-1]["type"] == "game_end" and "automaton_flip" in types(events)


# The automaton ends with water 2, a rock, pink 3 and green 4; the human with five lone yellow 1s.
SCORING_OCEAN = {1: [Y1, W, Y1, Y1, Y1, Y1, W, W], 2: [R, W], 3: [P3, W], 4: [G4], 5: [W, W]}


@pytest.mark.parametrize("difficulty,score", [("easy", 7 // 2 + 1), ("medium", 7 // 2 + 3), ("hard", 7 + 5 + 2 * 3)])
def test_the_automaton_scores_by_difficulty(difficulty, score):
    state = stacked(1, SCORING_OCEAN, difficulty=difficulty)
    for _ in range(5):
        act(state, 0, FLIP, KEEP)
    assert state.finished
    result = state.result()
    assert result["automaton"] == {"score": score, "complete_rows": 0}
    assert result["scores"] == [0] and result["winners"] == []


def play_out(state):
    while not state.finished:
        act(state, 0, state.legal_actions(0)[0])
    return state.result()


def test_the_human_wins_solo_with_a_higher_score():
    state = stacked(1, {1: [P5, W, W, P1, W], 2: [W]})
    act(state, 0, FLIP, KEEP)  # human pink 5; the automaton open water (no points at medium)
    act(state, 0, FLIP, FLIP)  # the human empties depth 2: the end is triggered
    result = play_out(state)
    assert result["scores"] == [5 // 2 + 1 // 2] and result["automaton"]["score"] == 0
    assert result["winners"] == [0]


def test_a_solo_tie_in_score_and_complete_rows_is_shared():
    state = stacked(1, {1: [X, W], 2: [W, W]})
    act(state, 0, FLIP)  # trapped; the automaton takes the last tile of depth 1: the end is triggered
    result = play_out(state)
    assert result["scores"] == [0] and result["automaton"] == {"score": 0, "complete_rows": 0}
    assert result["winners"] == [0]


def test_a_system_timeout_breaks_the_automaton_tie_for_an_absent_human():
    state = stacked(1, {1: [W, W, W, W], 2: [P3, G3, X, W], 3: [X, X, W]})
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    act(state, 0, FLIP, FLIP, DEEPER, FLIP)
    assert state.legal_actions(SYSTEM) == [{"type": "timeout"}]
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert events[0] == {"type": "timeout", "seat": 0} and events[1]["type"] == "automaton_take"
    assert events[1]["tile"] in (G3, P3)
