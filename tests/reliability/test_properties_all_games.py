"""Property tests for every engine: random legal and illegal actions, for any seed.

- an illegal action raises IllegalAction and leaves to_json() exactly as it was;
- legal play (random choices; SYSTEM timeouts when nobody else acts) always ends;
- to_json/load round-trips at every step, and the same seed and actions give the same JSON."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.contract import SYSTEM, IllegalAction

GAMES = [g for g in games.ids() if g != "tiny"]
JUNK = st.one_of(
    st.none(), st.integers(-10**12, 10**12), st.text(max_size=8), st.booleans(), st.floats(allow_nan=False),
    st.lists(st.integers(-3, 40), max_size=4))


def corrupt(action: dict, draw) -> dict:
    """A near-miss of a legal action: a field changed, removed or added, or the type changed."""
    kind = draw(st.sampled_from(["change", "drop", "add", "type"]))
    broken = dict(action)
    keys = [k for k in broken if k != "type"]
    if kind == "change" and keys:
        broken[draw(st.sampled_from(keys))] = draw(JUNK)
    elif kind == "drop" and keys:
        del broken[draw(st.sampled_from(keys))]
    elif kind == "add":
        broken[draw(st.text(min_size=1, max_size=6))] = draw(JUNK)
    else:
        broken["type"] = draw(st.text(max_size=8))
    return broken


def step(state, rng: random.Random):
    acting = [s for s in state.to_act() if s >= 0]
    if acting:
        seat = rng.choice(acting)
        return seat, rng.choice(state.legal_actions(seat))
    return SYSTEM, {"type": "timeout"}


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), data=st.data())
def test_illegal_actions_change_nothing_and_legal_play_ends(game, seed, data):
    spec = games.get(game)
    players = data.draw(st.integers(spec.min_players, spec.max_players))
    state = spec.new(players, {}, seed)
    twin = spec.new(players, {}, seed)
    rng = random.Random(seed)
    for number in range(100_000):
        if state.finished:
            break
        if number % 7 == 0:  # throw something illegal at it first
            before = state.to_json()
            seat = data.draw(st.sampled_from(list(range(-1, players))))
            legal = state.legal_actions(seat) if seat >= 0 else []
            pool = [a for s in range(players) for a in state.legal_actions(s)] or [{"type": "timeout"}]
            candidate = corrupt(rng.choice(pool), data.draw)
            if candidate not in legal and not (seat == SYSTEM and candidate in state.legal_actions(SYSTEM)):
                with pytest.raises(IllegalAction):
                    state.apply(seat, candidate)
                assert state.to_json() == before
        seat, action = step(state, rng)
        state.apply(seat, action)
        twin.apply(seat, action)
        if number % 25 == 0:
            assert spec.load(state.to_json()).to_json() == state.to_json()
        assert twin.to_json() == state.to_json()
    assert state.finished, f"{game} with seed {seed} did not end"
    result = state.result()
    assert set(result["winners"]) <= set(range(players)) and len(result["scores"]) == players


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31), action=st.dictionaries(st.text(max_size=6), JUNK, max_size=4))
def test_malformed_actions_are_refused_for_every_seat(game, seed, action):
    spec = games.get(game)
    state = spec.new(spec.min_players, {}, seed)
    before = state.to_json()
    for seat in range(-1, spec.min_players):
        if seat == SYSTEM and action in state.legal_actions(SYSTEM):
            continue
        if action in state.legal_actions(seat):
            continue
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before
