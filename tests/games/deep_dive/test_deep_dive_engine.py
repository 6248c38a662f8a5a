"""Contract behaviour: random games finish, serialisation, determinism, refused actions, deadlines and timeouts,
and hidden information (views never depend on the order or identity of face-down or removed tiles)."""

import json
import random

import pytest

from games.contract import SYSTEM, Deadline, IllegalAction
from games.deep_dive import SPEC

from .helpers import FLIP, P2, W, act, stacked


def random_game(players, seed, agent_seats=(), options=None, on_state=None):
    """Play one game: agent_seats use the AI, the others random legal actions. Returns (state, actions)."""
    state = SPEC.new(players, options or {}, seed=seed)
    chooser = random.Random(seed)
    actions = []
    while not state.finished:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert legal and len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal)
        if seat in agent_seats:
            action = SPEC.agent(state.view(seat), legal, chooser, "normal")
            assert action in legal
        else:
            action = chooser.choice(legal)
        if on_state:
            on_state(state)
        state.apply(seat, action)
        actions.append((seat, action))
        assert len(actions) < 3000
    return state, actions


@pytest.mark.parametrize("players", [6, 1, 2, 3, 4, 5])
def test_random_games_finish_with_a_result(players):
    for seed in range(12):
        state, _ = random_game(players, seed, agent_seats={seed % players})
        result = state.result()
        assert len(result["scores"]) == players and set(result["winners"]) <= set(range(players))
        assert state.to_act() == [] and state.deadline() is None
        if players > 1:
            assert result["winners"]


def test_the_json_round_trip_is_exact_at_every_step():
    def check(state):
        assert SPEC.load(state.to_json()).to_json() == state.to_json()

    for players in (1, 4):
        random_game(players, 11, agent_seats={0}, on_state=check)


def test_the_same_seed_and_actions_give_the_same_game():
    first, actions = random_game(5, 3, agent_seats={1, 2})
    second = SPEC.new(5, {}, seed=3)
    for seat, action in actions:
        second.apply(seat, action)
    assert second.to_json() == first.to_json()
    assert SPEC.new(5, {}, seed=4).to_json() != SPEC.new(5, {}, seed=3).to_json()


BOGUS = [
    {"type": "take", "tile": "food:pink:9"},
    {"type": "flip"},
    {"type": "keep"},
    {"type": "deeper"},
    {"type": "skip"},
    {"type": "swallow", "depth": 3},
    {"type": "retreat_take", "depth": 1, "tile": "rock"},
    {"type": "automaton_pick", "tile": P2},
    {"type": "dance"},
    {"type": 3},
    "flip",
    {"type": "timeout"},
]


def test_refused_actions_leave_the_state_unchanged():
    def check(state):
        before = state.to_json()
        for seat in (0, 1, SYSTEM):
            for action in BOGUS:
                if isinstance(action, dict) and action in state.legal_actions(seat):
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
                assert state.to_json() == before

    random_game(2, 5, options={"turn_timeout": 0}, on_state=check)
    random_game(1, 5, on_state=check)


def test_each_decision_has_a_turn_deadline_for_the_diver():
    state = stacked(3, {}, start=2, turn_timeout=60)
    assert state.deadline() == Deadline("turn", 60, (2,))
    assert state.legal_actions(SYSTEM) == [{"type": "timeout"}]
    act(state, 2, FLIP)
    assert state.deadline() == Deadline("turn", 60, (2,))
    assert stacked(3, {}).deadline() == Deadline("turn", 90, (0,))
    untimed = stacked(3, {}, turn_timeout=0)
    assert untimed.deadline() is None and untimed.legal_actions(SYSTEM) == []


def test_a_timeout_lets_the_ai_make_the_absent_divers_decision():
    state = stacked(2, {1: [P2, W], 2: ["predator"] * 5, 3: ["predator"] * 5})
    act(state, 0, FLIP)
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert events[0] == {"type": "timeout", "seat": 0}
    assert events[1] == {"type": "take", "seat": 0, "depth": 1, "tile": P2}  # keeping beats the predators below
    again = stacked(2, {1: [P2, W], 2: ["predator"] * 5, 3: ["predator"] * 5})
    act(again, 0, FLIP)
    again.apply(SYSTEM, {"type": "timeout"})
    assert again.to_json() == state.to_json()


def perturbed(state, shuffler):
    """The same game with the face-down tiles reordered and exchanged with the removed ones."""
    copy = SPEC.load(state.to_json())
    for depth in range(5):
        pool = copy.face_down[depth] + copy.removed[depth]
        shuffler.shuffle(pool)
        cut = len(copy.face_down[depth])
        copy.face_down[depth], copy.removed[depth] = pool[:cut], pool[cut:]
    return copy


@pytest.mark.parametrize("players", [1, 2, 6])
def test_views_never_depend_on_hidden_tiles(players):
    shuffler = random.Random(0)
    seen_difference = []

    def check(state):
        other = perturbed(state, shuffler)
        seen_difference.append(other.face_down != state.face_down)
        for seat in [None, *range(players)]:
            assert other.view(seat) == state.view(seat)
            json.dumps(state.view(seat))

    for seed in range(1 if players == 6 else 2):
        random_game(players, seed, agent_seats={0}, on_state=check)
    assert any(seen_difference)  # the check really moved hidden tiles


def test_views_give_face_down_counts_only():
    state = SPEC.new(4, {}, seed=2)
    for info in state.view(None)["depths"]:
        assert isinstance(info["face_down"], int)
        assert set(info) == {"depth", "face_down", "face_up", "unseen", "removed"}
        # unseen = the sets in play minus what was revealed: it includes the removed tiles
        assert sum(info["unseen"].values()) == info["face_down"] + info["removed"]
