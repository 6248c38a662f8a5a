"""Every state plays one version of its game's rules, for its whole life: a new game the current one, a saved state
the one it was saved with; a version this code does not play is refused, never judged by other rules."""

import dataclasses
import json

import pytest

import games
from bot.i18n import t
from games.contract import UnsupportedRules
from tests.support.tworules import SPEC

REAL_GAMES = ["blue_border", "diamond_box", "bossa", "deep_dive", "colorse"]


def added(spec, rules=None) -> games.GameState:
    state = spec.new(2, {}, 7, rules=rules)
    state.apply(0, {"type": "add", "n": 1})
    return state


def test_a_new_game_plays_the_current_rules_and_an_older_version_on_request():
    assert added(SPEC).rules_version == 2 and added(SPEC).counter == 2
    assert added(SPEC, rules=1).rules_version == 1 and added(SPEC, rules=1).counter == 1


@pytest.mark.parametrize("rules", [1, 2])
def test_a_state_keeps_its_version_through_save_restore_copy_and_rollback(rules):
    state = added(SPEC, rules)
    assert json.loads(state.to_json())["rules"] == rules
    for again in (SPEC.load(state.to_json()), SPEC.state_class.from_dict(state.to_dict()), state.copy()):
        assert again.rules_version == rules and again.to_json() == state.to_json()
        again.apply(1, {"type": "add", "n": 1})
        assert again.counter == state.counter + rules  # judged by its own version's rule
    before = state.to_json()

    def breaks(seat, action):
        raise RuntimeError("half way")

    state._apply = breaks
    with pytest.raises(RuntimeError):
        state.apply(1, {"type": "add", "n": 1})
    assert state.rules_version == rules and state.to_json() == before


def test_a_state_saved_without_a_version_plays_version_1():
    data = json.loads(added(SPEC, 1).to_json())
    del data["rules"]
    state = SPEC.load(json.dumps(data))
    assert state.rules_version == 1
    state.apply(1, {"type": "add", "n": 2})
    assert state.counter == 3


@pytest.mark.parametrize("rules", [3, 0, "2", True, None])
def test_a_version_this_code_does_not_play_is_refused_with_its_message(rules):
    data = {**json.loads(added(SPEC).to_json()), "rules": rules}
    with pytest.raises(UnsupportedRules) as refused:
        SPEC.load(json.dumps(data))
    if rules is not None:  # new(rules=None): the current rules
        with pytest.raises(UnsupportedRules):
            SPEC.new(2, {}, 7, rules=rules)
    error = refused.value
    assert error.key == "error.unsupported_rules"
    assert error.params == {"game": "two_rules", "rules": rules, "oldest": 1, "current": 2}
    for locale in ("en", "ja"):
        message = t(error.key, locale, **error.params)
        assert str(rules) in message and "1" in message and "2" in message and "{" not in message


def test_a_version_older_than_the_oldest_played_is_refused():
    newer_code = dataclasses.replace(SPEC, rules_version=3, oldest_rules=2)
    with pytest.raises(UnsupportedRules) as refused:
        newer_code.load(added(SPEC, 1).to_json())
    assert refused.value.params == {"game": "two_rules", "rules": 1, "oldest": 2, "current": 3}
    assert newer_code.load(added(SPEC, 2).to_json()).rules_version == 2


@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_game_saves_its_rules_version(game):
    spec = games.get(game)
    state = spec.new(spec.min_players, {}, 1)
    assert spec.oldest_rules <= spec.rules_version
    assert state.rules_version == spec.rules_version == json.loads(state.to_json())["rules"]
    assert spec.load(state.to_json()).rules_version == spec.rules_version
