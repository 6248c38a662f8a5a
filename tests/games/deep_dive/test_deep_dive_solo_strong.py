"""The strong level solo (games/deep_dive/solo.py): an exact search of one dive that values bringing the end nearer
while the hard automaton outscores the diver, and decides from the seat's view alone."""
import random

import pytest

import games
from games.deep_dive import ai, solo

from .helpers import DEEPER, FLIP, KEEP, P1, W, X, act, stacked

# Depth 2 holds one water: flipping it empties a depth and sets the end. Depth 3 only traps.
SHORT_ROUTE = {1: [P1] + [W] * 10, 2: [W], 3: [X] * 3, 4: [X] * 3, 5: [X] * 3}


def test_a_flip_that_brings_the_end_nearer_is_worth_the_turns_it_takes_off():
    view = stacked(1, SHORT_ROUTE, difficulty="hard").view(0)
    diver = solo.SoloDiver(view)
    assert diver.flip_gain(2) == pytest.approx(solo.DRAIN * (diver.turns - 1.0))  # depth 2 runs out: the end
    assert diver.flip_gain(2) > 0
    assert diver.flip_gain(5) == 0  # three tiles left there: not what ends the game first


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
    assert solo.SoloDiver(state.view(0)).flip_gain(2) == 0
    assert games.get("deep_dive").agent(state.view(0), state.legal_actions(0), random.Random(1), "strong") == KEEP


@pytest.mark.parametrize("seed", [3, 11, 19])
def test_permuting_the_face_down_and_removed_tiles_never_changes_a_solo_decision(seed):
    spec = games.get("deep_dive")
    state = spec.new(1, {"difficulty": "hard"}, seed)
    rng = random.Random(seed)
    checked = 0
    while not state.finished and checked < 6:
        legal = state.legal_actions(0)
        if len(legal) > 1 and any(action["type"] == "flip" for action in legal):
            decisions = set()
            for shuffle in range(1, 4):
                twin = spec.state_class.from_dict(state.to_dict())
                permuter = random.Random(shuffle)
                for depth, pile in enumerate(twin.face_down):
                    pool = pile + twin.removed[depth]
                    permuter.shuffle(pool)
                    twin.face_down[depth], twin.removed[depth] = pool[:len(pile)], pool[len(pile):]
                assert twin.view(0) == state.view(0)
                assert twin.to_json() != state.to_json()
                decisions.add(repr(spec.agent(twin.view(0), legal, random.Random(seed), "strong")))
            assert len(decisions) == 1
            checked += 1
        state.apply(0, rng.choice(legal))
    assert checked == 6
