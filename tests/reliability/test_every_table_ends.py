"""Every table that can start can end.

For every game and every player count, the lobby's options are swept over every value the lobby offers for them
(GameSpec.choices, defaults included): the defaults; each rule option changed alone to each of its values; and
pairwise combinations of the rule options (every value of every option meets every value of every other option in
at least one table). The clock options (seconds a deadline waits) take each of their values in turn along those
rows. Each table is played once (seed 1) by the game's own agent on every seat (the rule-based AI levels taken in
turn, so every one plays; the searching `strong` level plays whole games in tests/games/search), with
SYSTEM's timeout when nobody else may act, and must finish within the game's action bound below.
A combination that `spec.new` refuses with IllegalAction cannot start: it is skipped and counted; any other error
fails the test.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import games
from games.contract import SYSTEM, IllegalAction
from games.search import STRONG

pytestmark = pytest.mark.slow  # minutes: every option combination played to its end

GAMES = games.built_in()

# Actions one game may take before it ends: each game's `checks.action_bound` (about 3x the longest self-play game
# measured, seed 1 over the whole sweep and seeds 2-13 on every distinct rule setting), per round where rounds vary.


def bound(game: str, options: dict) -> int:
    return games.get(game).checks.bound(options)


SEED = 1
# Options that only set how long a Deadline waits (seconds): no engine reads a clock, so a game played without one
# cannot depend on them (test_clock_options_change_no_move checks it). Each of their values is played at least once
# per player count, taken in turn along the rows; the rule options are swept pairwise.
CLOCK = {"turn_timeout", "call_window", "sign_timeout"}


def pairwise(domains: dict[str, list]) -> list[dict]:
    """Rows (option -> value) in which every pair of values of two options appears at least once; deterministic
    (greedy: each row starts from the first pair not yet covered and fills the rest to cover the most new pairs)."""
    names = list(domains)
    if len(names) < 2:
        return (
            [{name: value for name in names} for value in (domains[names[0]] if names else [None])] if names else [{}]
        )
    index = {name: n for n, name in enumerate(names)}
    uncovered = {
        (a, i, b, j) for a, b in combinations(names, 2) for i in range(len(domains[a])) for j in range(len(domains[b]))
    }

    def pair(x: str, i: int, y: str, j: int) -> tuple:
        return (x, i, y, j) if index[x] < index[y] else (y, j, x, i)

    rows = []
    while uncovered:
        a, i, b, j = min(uncovered, key=lambda p: (index[p[0]], p[1], index[p[2]], p[3]))
        row = {a: i, b: j}
        for name in names:
            if name not in row:
                row[name] = max(
                    range(len(domains[name])),
                    key=lambda v: (sum(pair(name, v, other, w) in uncovered for other, w in row.items()), -v),
                )
        uncovered -= {pair(x, row[x], y, row[y]) for x, y in combinations(names, 2)}
        rows.append({name: domains[name][row[name]] for name in names})
    return rows


def lobby_values(spec) -> dict[str, list]:
    """Every value the lobby offers for each option (its choices; the default alone where it offers none)."""
    values = {}
    for name, default in spec.options.items():
        offered = list(spec.choices.get(name, [default]))
        values[name] = (
            offered if any(v == default and type(v) is type(default) for v in offered) else [default, *offered]
        )
    return values


def tables(game: str) -> list[tuple[int, dict]]:
    """(players, options) of every table the sweep plays: the defaults, each rule option changed alone to each value
    it offers (what a host does most), then pairwise rows over the rule options; the clock options' values are
    taken in turn along those rows (more rows where a clock option offers more values than there are)."""
    spec = games.get(game)
    values = lobby_values(spec)
    rule_values = {name: v for name, v in values.items() if name not in CLOCK}
    defaults = {name: spec.options[name] for name in rule_values}
    rules, seen = [], set()
    for row in [
        defaults,
        *({**defaults, name: v} for name, vs in rule_values.items() for v in vs),
        *pairwise(rule_values),
    ]:
        if repr(row) not in seen:
            seen.add(repr(row))
            rules.append(row)
    clocks = {name: v for name, v in values.items() if name in CLOCK}
    count = max([len(rules), *map(len, clocks.values())])
    rows = [{**rules[n % len(rules)], **{name: v[n % len(v)] for name, v in clocks.items()}} for n in range(count)]
    return [(players, options) for players in range(spec.min_players, spec.max_players + 1) for options in rows]


def play(game: str, players: int, options: dict, seed: int, bound: int) -> tuple[object, int]:
    """Self-play by the game's agent; returns (state, actions applied), stopping after `bound` actions."""
    spec = games.get(game)
    state = spec.new(players, options, seed)
    rng = random.Random(seed)
    rule_levels = [level for level in spec.ai_levels if level != STRONG]  # a search per move: minutes, not seconds
    levels = [rule_levels[(seed + seat) % len(rule_levels)] for seat in range(players)]
    count = 0
    while not state.finished and count < bound:
        acting = [s for s in state.to_act() if s >= 0]
        if acting:
            seat = rng.choice(acting)
            action = spec.agent(state.view(seat), state.legal_actions(seat), rng, levels[seat])
        else:
            seat, action = SYSTEM, {"type": "timeout"}
        state.apply(seat, action)
        count += 1
    return state, count


def test_the_sweep_plays_every_offered_value_and_every_pair_of_rule_values_at_every_player_count():
    for game in GAMES:
        spec = games.get(game)
        values = lobby_values(spec)
        assert set(values) == set(spec.options)
        for players in range(spec.min_players, spec.max_players + 1):
            rows = [options for p, options in tables(game) if p == players]
            for name in values:
                assert sorted(map(repr, values[name])) == sorted({repr(r[name]) for r in rows}), (game, name)
            for a, b in combinations([name for name in values if name not in CLOCK], 2):
                assert {(repr(r[a]), repr(r[b])) for r in rows} == {
                    (repr(v), repr(w)) for v in values[a] for w in values[b]
                }, (game, players, a, b)


def test_pairwise_covers_every_pair_with_far_fewer_rows_than_the_product():
    domains = {"a": [1, 2, 3], "b": ["x", "y"], "c": [True, False], "d": [None, 0, 1, 2]}
    rows = pairwise(domains)
    for x, y in combinations(domains, 2):
        assert {(r[x], r[y]) for r in rows} == {(v, w) for v in domains[x] for w in domains[y]}
    assert len(rows) < 3 * 2 * 2 * 4 and rows == pairwise(domains)
    assert pairwise({"only": [5, 6, 7]}) == [{"only": 5}, {"only": 6}, {"only": 7}]


@pytest.mark.parametrize("game", GAMES)
def test_clock_options_change_no_move(game):
    spec = games.get(game)
    clocks = [name for name in spec.options if name in CLOCK]
    assert clocks, f"{game} offers no deadline to set?"
    played = []
    for pick in (min, max):
        options = {name: pick(lobby_values(spec)[name]) for name in clocks}
        state = spec.new(spec.max_players, options, SEED)
        rng, moves = random.Random(SEED), []
        while not state.finished and len(moves) < 80:
            acting = [s for s in state.to_act() if s >= 0]
            seat = rng.choice(acting) if acting else SYSTEM
            action = (
                spec.agent(state.view(seat), state.legal_actions(seat), rng, spec.ai_levels[0])
                if acting
                else {"type": "timeout"}
            )
            state.apply(seat, action)
            moves.append((seat, action))
        played.append(moves)
    assert played[0] == played[1]


@pytest.mark.parametrize("game", GAMES)
def test_every_table_that_can_start_ends_within_its_bound(game):
    spec = games.get(game)
    unfinished, refused, played, longest = [], [], 0, 0
    for players, options in tables(game):
        try:
            spec.new(players, options, SEED)
        except IllegalAction as error:
            refused.append((players, options, error.code))
            continue
        state, count = play(game, players, options, SEED, bound(game, options))
        played += 1
        longest = max(longest, count)
        if not state.finished:
            unfinished.append((players, {k: v for k, v in options.items() if k not in CLOCK}))
        else:
            result = state.result()
            assert set(result["winners"]) <= set(range(players)) and len(result["scores"]) == players
    print(f"{game}: {played} tables played, {len(refused)} refused by the lobby, longest {longest} actions")
    assert played > 0
    report = f"{game}: {len(unfinished)} of {played} tables never ended within the bound: " + "; ".join(
        f"{players} players {options}" for players, options in unfinished
    )
    assert unfinished == [], report
