"""Property tests for every engine in games.ids(), for any seed and player count (hypothesis).

- Legal play (random legal choices; SYSTEM's timeout when no seat acts) always ends within a bound; the state
  round-trips through to_json/load at every step, and play goes on from the reloaded copy; replaying the same
  actions from the same seed gives the same JSON at every step.
- Illegal actions raise IllegalAction and leave to_json() exactly as it was, whatever they are: a legal action of
  another seat, or of SYSTEM; an action of another phase of the game; a legal action with a field changed, removed
  or added, or a number out of range; a number given as a truth value or as a float; no dict at all, or a dict
  without a usable type. Afterwards the game goes on exactly as if they had never been tried.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.contract import SYSTEM, IllegalAction, offers

GAMES = games.built_in()

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(-3, 40), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
NOT_AN_ACTION = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=10),
    st.lists(st.text(max_size=3), max_size=3),
    st.fixed_dictionaries({}, optional={"n": st.integers()}),  # no type
    st.fixed_dictionaries({"type": st.one_of(st.none(), st.integers(), st.lists(st.text()), st.booleans())}),
    st.dictionaries(st.text(max_size=6), JUNK, max_size=4),
)
OUT_OF_RANGE = [-1, -(10**18), 10**9, 2**63, 10**30]
# derandomize=True draws the same examples on every run of one Hypothesis version, but another version (a clean
# clone installs the newest) draws others: every property below holds for any example, and health checks (how
# Hypothesis rates its own generation, which changes between versions) must not fail the suite.
EVERY_HEALTH_CHECK = list(HealthCheck)


def offered(state, seat: int, action) -> bool:
    return offers(state.legal_actions(seat), action)


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=12).digest()


def random_step(state, rng: random.Random) -> tuple[int, dict]:
    acting = [s for s in state.to_act() if s >= 0]
    if acting:
        seat = rng.choice(acting)
        return seat, rng.choice(state.legal_actions(seat))
    return SYSTEM, {"type": "timeout"}


@cache
def catalogue(game: str, players: int) -> tuple[str, ...]:
    """Legal actions met in a few random games (JSON): most belong to other phases than a given moment's."""
    spec = games.get(game)
    seen: dict[str, None] = {}
    for seed in range(3):
        state, rng = spec.new(players, {}, seed), random.Random(seed)
        for _ in range(3000):
            if state.finished:
                break
            for seat in state.to_act():
                for action in state.legal_actions(seat)[:40]:
                    seen.setdefault(json.dumps(action, sort_keys=True))
            state.apply(*random_step(state, rng))
    return tuple(seen)


# --- legal play --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=EVERY_HEALTH_CHECK)
@given(seed=st.integers(0, 2**62), data=st.data())
def test_legal_play_ends_round_trips_and_repeats(game, seed, data):
    spec = games.get(game)
    players = data.draw(st.integers(spec.min_players, spec.max_players), label="players")
    state = spec.new(players, {}, seed)
    rng = random.Random(seed)
    moves, trail = [], [digest(state.to_json())]
    for _ in range(games.get(game).checks.random_play_bound):
        if state.finished:
            break
        seat, action = random_step(state, rng)
        events = state.apply(seat, action)
        assert all(isinstance(e.get("type"), str) for e in events) and json.dumps(events)
        moves.append((seat, action))
        text = state.to_json()
        reloaded = spec.load(text)
        assert reloaded.to_json() == text
        state = reloaded  # play on from the copy: nothing the JSON does not hold may matter
        trail.append(digest(text))
    assert state.finished, f"{game} ({players} players, seed {seed}) did not end in {len(moves)} actions"
    result = state.result()
    assert set(result["winners"]) <= set(range(players)) and len(result["scores"]) == players
    assert state.to_act() == [] or all(state.legal_actions(s) == [] for s in state.to_act() if s >= 0)

    again = spec.new(players, {}, seed)
    assert digest(again.to_json()) == trail[0]
    for number, (seat, action) in enumerate(moves, 1):
        again.apply(seat, action)
        assert digest(again.to_json()) == trail[number], f"step {number} differs on replay"


# --- illegal actions ---------------------------------------------------------------------------------------------
def near_misses(action: dict, draw) -> dict:
    """A legal action with one field changed to anything, removed, or added, or its type changed."""
    kind = draw(st.sampled_from(["change", "drop", "add", "type", "range"]))
    broken = dict(action)
    keys = [k for k in broken if k != "type"]
    if kind == "change" and keys:
        broken[draw(st.sampled_from(keys))] = draw(JUNK)
    elif kind == "range" and keys:
        broken[draw(st.sampled_from(keys))] = draw(st.sampled_from(OUT_OF_RANGE))
    elif kind == "drop" and keys:
        del broken[draw(st.sampled_from(keys))]
    elif kind == "add" or not keys:
        broken[draw(st.text(min_size=1, max_size=6))] = draw(JUNK)
    else:
        broken["type"] = draw(st.text(max_size=8))
    return broken


def candidate(state, game: str, draw) -> tuple[int, object, str]:
    """(seat, something that seat may not do now, what kind of wrong it is)."""
    players = state.players
    acting = [s for s in state.to_act() if s >= 0]
    pool = [(s, a) for s in acting for a in state.legal_actions(s)]
    kinds = ["not an action", "another phase", "near miss"] + (["another seat", "system"] if pool else [])
    kind = draw(st.sampled_from(kinds))
    seat = draw(st.sampled_from([SYSTEM, *range(players)]))
    if kind == "not an action":
        return seat, draw(NOT_AN_ACTION), kind
    if kind == "another phase":
        return seat, json.loads(draw(st.sampled_from(catalogue(game, players)))), kind
    if kind == "another seat":
        owner, action = draw(st.sampled_from(pool))
        return draw(st.sampled_from([s for s in range(players) if s != owner] or [SYSTEM])), action, kind
    if kind == "system":
        return SYSTEM, draw(st.sampled_from(pool))[1], kind
    source = draw(st.sampled_from(pool))[1] if pool else json.loads(draw(st.sampled_from(catalogue(game, players))))
    return seat, near_misses(source, draw), kind


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=EVERY_HEALTH_CHECK)
@given(seed=st.integers(0, 2**62), data=st.data())
def test_illegal_actions_raise_and_change_nothing(game, seed, data):
    spec = games.get(game)
    players = data.draw(st.integers(spec.min_players, spec.max_players), label="players")
    state, twin = spec.new(players, {}, seed), spec.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 300), label="steps first")):  # any moment of a game, its end too
        if state.finished:
            break
        move = random_step(state, rng)
        state.apply(*move)
        twin.apply(*move)
    tried = 0
    for _ in range(12):
        seat, action, kind = candidate(state, game, data.draw)
        if isinstance(action, dict) and offered(state, seat, state.listed_form(action)):
            continue  # by chance something this seat may do
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before, kind
        tried += 1
    assert tried > 0
    # the refused attempts left no trace: the game goes on exactly like its twin that never saw them
    for _ in range(20):
        if state.finished:
            break
        move = random_step(state, rng)
        assert state.apply(*move) == twin.apply(*move)
        assert state.to_json() == twin.to_json()


def type_confused(action: dict) -> list[dict]:
    out = []
    for key, value in action.items():
        if isinstance(value, bool):
            out.append({**action, key: int(value)})
        elif isinstance(value, int):
            out.append({**action, key: float(value)})
            if value in (0, 1):
                out.append({**action, key: bool(value)})
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    report_multiple_bugs=False,
    suppress_health_check=EVERY_HEALTH_CHECK,
)
@given(seed=st.integers(0, 2**62), data=st.data())
def test_a_number_given_as_a_truth_value_or_a_float_is_refused(game, seed, data):
    spec = games.get(game)
    players = data.draw(st.integers(spec.min_players, spec.max_players), label="players")
    state = spec.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(120):
        if state.finished:
            break
        variants = [
            (seat, action, variant)
            for seat in state.to_act()
            if seat >= 0
            for action in state.legal_actions(seat)
            for variant in type_confused(action)
        ]
        for seat, action, variant in rng.sample(variants, min(6, len(variants))):
            if not offered(state, seat, variant):
                before = state.to_json()
                try:
                    state.apply(seat, variant)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{game} took {variant} for {action}")
                assert state.to_json() == before
        state.apply(*random_step(state, rng))
