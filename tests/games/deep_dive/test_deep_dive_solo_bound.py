"""The omniscient diver of bench/deep_dive_solo_bound.py (a bench-only upper bound, never a level): its model of
the solo game must agree with the engine, and with the order known it must find the best plan."""

from __future__ import annotations

from bench.deep_dive_solo_bound import plan_game, play
from tests.games.deep_dive.helpers import DEEPER, FLIP, KEEP, P2, X, act, stacked

EMPTY = {2: [], 3: [], 4: [], 5: []}


def test_it_keeps_the_food_the_automaton_would_take_after_the_predator_behind_it():
    order = [[P2, X], [], [], [], []]
    actions, mine, automaton = plan_game(order, width=5)
    assert (actions, mine, automaton) == ([FLIP, KEEP], 1, 0)
    state = stacked(1, {1: [P2, X], **EMPTY}, difficulty="hard")
    act(state, 0, *actions)
    assert state.finished and state.result()["scores"] == [1] and state.result()["automaton"]["score"] == 0
    # Leaving the food face up would hand it to the automaton when it meets the predator.
    state = stacked(1, {1: [P2, X], **EMPTY}, difficulty="hard")
    act(state, 0, FLIP, DEEPER)
    assert state.result()["automaton"]["score"] == 2


def test_its_plans_replay_in_the_engine_to_the_scores_it_predicted():
    for seed in (22000, 22001):
        mine, automaton, turns = play(seed, width=3)  # play() asserts the engine's scores equal the model's
        assert mine > 0 and turns > 1
