"""The state's JSON text (what every action writes) and the restore after an action that fails half-way."""

import json
import random

import pytest

import games
from games.contract import _snapshot_json, snapshot_json

GAMES = ["blue_border", "diamond_box", "bossa", "deep_dive", "colorse"]


def played(game: str, steps: int, seed: int = 3):
    spec = games.get(game)
    state, rng = spec.new(spec.max_players, {}, seed), random.Random(seed)
    for _ in range(steps):
        acting = [s for s in state.to_act() if s >= 0]
        if state.finished or not acting:
            break
        state.apply(acting[0], rng.choice(state.legal_actions(acting[0])))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_to_json_writes_what_to_dict_holds_as_the_json_module_would(game):
    for steps in (0, 5, 30):
        state = played(game, steps)
        text = state.to_json()
        assert text == _snapshot_json(state.to_dict())  # byte for byte: sorted keys, compact, UTF-8 as is
        assert games.get(game).load(text).to_json() == text


def test_snapshot_json_falls_back_for_integers_orjson_refuses():
    value = {"b": 2**70, "a": "ノロイ"}
    assert snapshot_json(value) == '{"a":"ノロイ","b":1180591620717411303424}'
    assert json.loads(snapshot_json(value)) == value


class Breaks(Exception):
    pass


@pytest.mark.parametrize("game", GAMES)
def test_an_action_that_fails_half_way_leaves_the_state_as_it_was(game, monkeypatch):
    state = played(game, 6)
    before = state.to_json()
    seat = [s for s in state.to_act() if s >= 0][0]
    action = state.legal_actions(seat)[0]
    real_apply = type(state)._apply

    def half_way(self, seat, action):
        real_apply(self, seat, action)  # the whole change is made, then something breaks
        raise Breaks()

    monkeypatch.setattr(type(state), "_apply", half_way)
    with pytest.raises(Breaks):
        state.apply(seat, action)
    assert state.to_json() == before
    monkeypatch.undo()
    state.apply(seat, action)  # and it still plays
    assert state.to_json() != before


@pytest.mark.parametrize("game", GAMES)
def test_a_failed_action_rolls_back_to_the_saved_text_the_caller_hands_over(game, monkeypatch):
    """`apply(..., saved=...)` restores the caller's text (the table service's last commit) instead of making the
    copy again: what it hands over is what comes back after a failure, and a success ignores it."""
    state = played(game, 6)
    saved = state.to_json()
    elsewhere = played(game, 7).to_json()  # a different position: proves which text the rollback used
    seat = [s for s in state.to_act() if s >= 0][0]
    action = state.legal_actions(seat)[0]
    real_apply = type(state)._apply

    def half_way(self, seat, action):
        real_apply(self, seat, action)
        raise Breaks()

    monkeypatch.setattr(type(state), "_apply", half_way)
    with pytest.raises(Breaks):
        state.apply(seat, action, saved=saved)
    assert state.to_json() == saved
    with pytest.raises(Breaks):
        state.apply(seat, action, saved=elsewhere)
    assert state.to_json() == elsewhere
    monkeypatch.undo()
    fresh = played(game, 6)
    fresh.apply(seat, action)
    state = played(game, 6)
    state.apply(seat, action, saved=saved)
    assert state.to_json() == fresh.to_json()
