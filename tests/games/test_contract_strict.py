"""Actions compare strictly, in every game, decided once by the contract (games/contract.py): True, 1 and 1.0 are
three different values, as in JSON, however deep they sit in an action."""

from __future__ import annotations

import random

import pytest

import games
from games.contract import SYSTEM, IllegalAction, offers, same_json

GAMES = games.built_in()


@pytest.mark.parametrize(
    "a, b",
    [
        (1, 1),
        ("x", "x"),
        (None, None),
        (1.5, 1.5),
        (True, True),
        ({"type": "t", "n": [1, {"k": False}]}, {"n": [1, {"k": False}], "type": "t"}),
    ],
)
def test_same_json_holds_for_the_same_value(a, b):
    assert same_json(a, b) and same_json(b, a)


@pytest.mark.parametrize(
    "a, b",
    [
        (1, True),
        (0, False),
        (1, 1.0),
        (True, 1.0),
        (0, 0.0),
        (None, 0),
        ("1", 1),
        ({"n": 1}, {"n": True}),
        ({"n": [0, 1]}, {"n": [0, 1.0]}),
        ({"n": [{"k": 1}]}, {"n": [{"k": True}]}),
        ([1, 2], (1, 2)),
        ({"n": 1}, {"n": 1, "m": 1}),
        ([1], [1, 1]),
    ],
)
def test_same_json_tells_kinds_apart_where_python_does_not(a, b):
    assert not same_json(a, b) and not same_json(b, a)
    assert not offers([a], b) and not offers([b], a)


def confused(value):
    """Every spelling of `value` with one number or truth value written as another kind (True for 1, 1.0 for 1,
    1 for True), at any depth."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        return [float(value)] + ([bool(value)] if value in (0, 1) else [])
    if isinstance(value, dict):
        return [{**value, key: other} for key, item in value.items() for other in confused(item)]
    if isinstance(value, list):
        return [[*value[:i], other, *value[i + 1 :]] for i, item in enumerate(value) for other in confused(item)]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_a_number_of_another_kind(game):
    """Through the game's whole course (its own AI playing): no legal action spelt with True for 1, 1.0 for 1 or
    1 for True is legal, and applying it raises IllegalAction and changes nothing."""
    spec = games.get(game)
    state = spec.new(spec.min_players if game != "deep_dive" else 2, {}, 5)
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        if state.finished:
            break
        for seat in [s for s in state.to_act() if s >= 0]:
            for action in state.legal_actions(seat)[:30]:
                for variant in confused(action):
                    assert variant == action  # Python would take it...
                    assert not state.is_legal(seat, variant), (action, variant)  # ...the contract does not
                    before = state.to_json()
                    with pytest.raises(IllegalAction):
                        state.apply(seat, variant)
                    assert state.to_json() == before
                    checked += 1
        acting = [s for s in state.to_act() if s >= 0]
        if acting:
            seat = acting[0]
            state.apply(seat, spec.agent(state.view(seat), state.legal_actions(seat), rng, spec.ai_levels[0]))
        else:
            state.apply(SYSTEM, {"type": "timeout"})
    assert checked >= 5, checked
