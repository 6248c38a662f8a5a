"""The strong level solo and with 3-6 players (games/deep_dive/expectimax.py): an exact search of one dive that
values rocks little and, solo, bringing the end nearer while the hard automaton outscores the diver; it decides
from the seat's view alone."""

import random

import pytest

import games
from games.deep_dive import ai, expectimax

from .helpers import DEEPER, FLIP, G2, KEEP, P1, Y1, Y6, R, W, X, act, stacked

# Depth 2 holds one water: flipping it empties a depth and sets the end. Depth 3 only traps.
SHORT_ROUTE = {1: [P1] + [W] * 10, 2: [W], 3: [X] * 3, 4: [X] * 3, 5: [X] * 3}


def test_a_flip_that_brings_the_end_nearer_is_worth_the_turns_it_takes_off():
    view = stacked(1, SHORT_ROUTE, difficulty="hard").view(0)
    diver = expectimax.SoloDiver(view)
    assert diver.flip_gain(2) == pytest.approx(expectimax.DRAIN * (diver.turns - 1.0))  # depth 2 runs out: the end
    assert diver.flip_gain(2) > 0
    assert 0 <= diver.flip_gain(5) < 0.01  # three tiles left there, 15 turns' worth: next to nothing


def test_the_strong_diver_gives_up_a_small_food_to_end_the_game_sooner_where_the_normal_one_keeps_it():
    state = stacked(1, SHORT_ROUTE, difficulty="hard")
    act(state, 0, FLIP)  # pink 1 revealed at depth 1: keep it, or go deeper and flip depth 2's last tile
    legal = state.legal_actions(0)
    assert ai.choose(state.view(0), legal, random.Random(1)) == KEEP
    assert games.get("deep_dive").agent(state.view(0), legal, random.Random(1), "strong") == DEEPER


def test_on_the_last_dive_the_game_length_is_worth_nothing_and_the_food_is_kept():
    state = stacked(1, SHORT_ROUTE, difficulty="hard")
    act(state, 0, FLIP)
    state.end_triggered = state.last_dive = True
    assert expectimax.SoloDiver(state.view(0)).flip_gain(2) == 0
    assert games.get("deep_dive").agent(state.view(0), state.legal_actions(0), random.Random(1), "strong") == KEEP


def test_with_four_players_a_rock_is_worth_less_than_the_food_likely_one_depth_down():
    state = stacked(4, {1: [R] + [W] * 10, 2: [G2, G2, G2, W]})
    act(state, 0, FLIP)  # a rock revealed at depth 1; three of depth 2's four tiles are green 2
    legal = state.legal_actions(0)
    assert ai.choose(state.view(0), legal, random.Random(1)) == KEEP  # the normal diver prices a rock at 1.4
    assert games.get("deep_dive").agent(state.view(0), legal, random.Random(1), "strong") == DEEPER


def _final_dive_behind(last_dive: bool):
    """Three players; seat 1 (the start player) already scores a final 10. Seat 0 holds pink 3 and green 3 and has
    just revealed yellow 1, which completes its row for 7; one in four of depth 2's tiles is a yellow 6 (12)."""
    state = stacked(3, {1: [Y1] + [W] * 10, 2: [Y6, X, X, X]})
    state.columns[0] = {"pink": [3], "green": [3], "yellow": []}
    state.columns[1] = {"pink": [4], "green": [3], "yellow": [3]}
    state.start_seat = 1
    state.end_triggered = state.last_dive = last_dive
    act(state, 0, FLIP)
    return state


def test_on_its_last_dive_the_strong_diver_plays_to_win_rather_than_for_points():
    spec = games.get("deep_dive")
    last = _final_dive_behind(last_dive=True)
    legal = last.legal_actions(0)
    assert ai.choose(last.view(0), legal, random.Random(1)) == KEEP  # 4 sure points, but still 3 behind
    assert spec.agent(last.view(0), legal, random.Random(1), "strong") == DEEPER  # a one-in-four chance to win
    earlier = _final_dive_behind(last_dive=False)
    assert spec.agent(earlier.view(0), earlier.legal_actions(0), random.Random(1), "strong") == KEEP


def _permuted_twins(spec, state):
    """Copies of `state` whose face-down piles and removed tiles are shuffled together, depth by depth."""
    for shuffle in range(1, 4):
        twin = spec.state_class.from_dict(state.to_dict())
        permuter = random.Random(shuffle)
        for depth, pile in enumerate(twin.face_down):
            pool = pile + twin.removed[depth]
            permuter.shuffle(pool)
            twin.face_down[depth], twin.removed[depth] = pool[: len(pile)], pool[len(pile) :]
        yield twin


@pytest.mark.parametrize("players, seed", [(1, 3), (1, 11), (1, 19), (3, 5), (4, 7), (6, 9)])
def test_permuting_the_face_down_and_removed_tiles_never_changes_a_decision(players, seed):
    spec = games.get("deep_dive")
    state = spec.new(players, {"difficulty": "hard"}, seed)
    rng = random.Random(seed)
    checked = 0
    while not state.finished and checked < 6:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and any(action["type"] == "flip" for action in legal):
            decisions = set()
            for twin in _permuted_twins(spec, state):
                assert twin.view(seat) == state.view(seat)
                assert twin.to_json() != state.to_json()
                decisions.add(repr(spec.agent(twin.view(seat), legal, random.Random(seed), "strong")))
            assert len(decisions) == 1
            checked += 1
        state.apply(seat, rng.choice(legal))
    assert checked == 6
