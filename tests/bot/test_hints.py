"""Hints decide from the member's own view: twin states whose hidden parts are permuted (the strong AI's own test,
tests/games/search) give the same hint; on a lesson table still on its script the hint is the script's move, and
off it the strongest AI's; a lone legal move says so. Host-only options never reach an engine."""

import random

import pytest

import games
from bot import hints, lessons, practice
from tests.games.search.test_strong_agents import CASES, _advance

OPTIONS = {"practice": True, "hints": True}


@pytest.mark.parametrize("game", sorted(CASES))
def test_permuting_every_hidden_part_never_changes_the_hint(game):
    spec = games.get(game)
    players, wanted, permute = CASES[game]
    state, seat = _advance(spec, players, 5, 6, wanted)
    found, twins = set(), set()
    for shuffle in range(3):
        twin = spec.state_class.from_dict(state.to_dict())
        if shuffle:
            permuter = random.Random(shuffle)
            permute(twin, permuter, seat) if game == "colorse" else permute(twin, permuter)
        assert twin.view(seat) == state.view(seat)
        twins.add(twin.to_json())
        hint = hints.hint(game, twin, seat, "table/7", OPTIONS, 7)
        assert hint.action in state.legal_actions(seat)
        found.add((repr(hint.action), hint.reason))
    assert len(twins) > 1, "the permutation changed nothing: the test would prove nothing"
    assert len(found) == 1


def test_on_a_lesson_the_hint_is_the_scripts_move_and_off_it_the_strongest_ais():
    game = "bossa"
    plan = lessons.lesson(game)
    state = lessons.start(game, 3)
    options = {**OPTIONS, "lesson": True}
    number = next(n for n, (seat, _) in enumerate(plan.script) if seat == plan.seat and n > 1)
    for seat, action in plan.script[:number]:
        state.apply(seat, action)
    on_script = hints.hint(game, state, plan.seat, "s", options, number)
    assert (on_script.action, on_script.reason) == (plan.script[number][1], "learn.reason.scripted")
    off_script = hints.hint(game, state, plan.seat, "s", options, number + 1)  # the version says: off the script
    assert off_script.reason == "learn.reason.generic" and off_script.action in state.legal_actions(plan.seat)


def test_a_lone_move_is_hinted_as_such():
    state = lessons.start("deep_dive", 1)
    assert hints.hint("deep_dive", state, 0, "s", OPTIONS).reason == "learn.reason.only"


def test_host_options_never_reach_the_engine():
    options = {"stacked": {"x": 1}, "practice": True, "lesson": True, "hints": True}
    assert practice.engine_options(options) == {"stacked": {"x": 1}}
    assert practice.hints_allowed({"practice": True}) and not practice.hints_allowed({})
