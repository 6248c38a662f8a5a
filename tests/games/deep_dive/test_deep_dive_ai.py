"""The agent weighs the chance of each flip outcome (from the unseen tiles) against what it could hold now."""

import random

from games.deep_dive import SPEC

from .helpers import DEEPER, FLIP, G3, G4, G5, KEEP, P1, P3, P4, P5, SKIP, Y4, R, W, X, act, stacked, take


def choice(state, seat=None):
    seat = state.to_act()[0] if seat is None else seat
    return SPEC.agent(state.view(seat), state.legal_actions(seat), random.Random(0), "normal")


def test_it_keeps_food_when_only_predators_lie_below():
    state = stacked(2, {1: [P1, W], 2: [X] * 6, 3: [X] * 6, 4: [X] * 6, 5: [X] * 6})
    act(state, 0, FLIP)
    assert choice(state) == KEEP


def test_it_dives_deeper_when_the_next_depth_is_sure_to_hold_richer_food():
    state = stacked(2, {1: [P1, W], 2: [G5] * 6})
    act(state, 0, FLIP)
    assert choice(state) == DEEPER


def test_it_weighs_the_odds_of_a_predator_against_the_prize():
    likely_predator = stacked(2, {1: [P1, W], 2: [X] * 9 + [G5]})
    act(likely_predator, 0, FLIP)
    assert choice(likely_predator) == KEEP
    likely_prize = stacked(2, {1: [P1, W], 2: [G5] * 9 + [X]})
    act(likely_prize, 0, FLIP)
    assert choice(likely_prize) == DEEPER


def test_it_takes_a_good_face_up_tile_rather_than_flipping_into_danger():
    state = stacked(2, {1: [G4, X, X, X, X], 2: [X] * 5, 3: [X] * 5, 4: [X] * 5, 5: [X] * 5})
    act(state, 0, FLIP, DEEPER, FLIP)  # seat 0 leaves green 4 face up and is trapped at depth 2
    assert choice(state) == take(G4)


def test_it_swallows_a_rock_to_skip_a_deadly_depth():
    state = stacked(2, {1: [R, X, X, X, X, X], 2: [G5] * 4})
    act(state, 0, FLIP, KEEP)
    act(state, 1, FLIP)
    assert choice(state) == {"type": "swallow", "depth": 2}


def test_in_a_retreat_it_brings_back_the_most_valuable_tile():
    state = stacked(2, {1: [X, P1, W, W, W, W], 2: [X, X, W], 3: [P5, X, W, W]})
    act(state, 0, FLIP)
    act(state, 1, FLIP, DEEPER, FLIP)
    act(state, 0, FLIP, FLIP)
    act(state, 1, FLIP, SKIP, FLIP, DEEPER, FLIP, FLIP)
    act(state, 0, SKIP, SKIP, FLIP)
    assert choice(state) == {"type": "retreat_take", "depth": 3, "tile": P5}


def test_its_tie_break_for_the_automaton_gives_away_the_tile_it_needs_least():
    state = stacked(1, {1: [P3, W, G3, W, W, W], 2: [W] * 4, 3: [W] * 4, 4: [Y4, P4, X, W], 5: [X, X, W]})
    act(state, 0, FLIP, KEEP)  # human: pink 3
    act(state, 0, FLIP, KEEP)  # human: green 3
    act(state, 0, FLIP, FLIP, FLIP, FLIP, DEEPER, FLIP)  # yellow 4 left at depth 4
    act(state, 0, FLIP, FLIP, FLIP, FLIP, DEEPER, FLIP)  # pink 4 left there; the automaton meets a predator
    assert state.legal_actions(0) == [{"type": "automaton_pick", "tile": P4}, {"type": "automaton_pick", "tile": Y4}]
    assert choice(state) == {"type": "automaton_pick", "tile": P4}  # yellow 4 would complete the human's row
