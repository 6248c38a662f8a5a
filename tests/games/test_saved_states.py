"""States saved by the code before states carried a rules version (tests/games/saved_states/*.json) load as version
1, write the same JSON with `"rules": 1` added, and play on exactly as they did then."""

import json
from pathlib import Path

import pytest

import games

GAMES = ["blue_border", "diamond_box", "bossa", "deep_dive", "colorse"]
SAVED = Path(__file__).parent / "saved_states"


def with_rules(text: str, rules: int = 1) -> dict:
    return {**json.loads(text), "rules": rules}


@pytest.mark.parametrize("game", GAMES)
def test_a_state_saved_before_rules_versions_loads_as_version_1_and_plays_on_the_same(game):
    spec = games.get(game)
    positions = json.loads((SAVED / f"{game}.json").read_text(encoding="utf-8"))
    assert positions and any(position["action"] for position in positions)
    for position in positions:
        assert "rules" not in json.loads(position["state"])
        state = spec.load(position["state"])
        assert state.rules_version == 1
        assert json.loads(state.to_json()) == with_rules(position["state"])
        assert json.loads(spec.state_class.from_dict(json.loads(position["state"])).to_json()) == json.loads(
            state.to_json()
        )
        if position["action"] is not None:
            state.apply(position["seat"], position["action"])
            assert json.loads(state.to_json()) == with_rules(position["after"])


@pytest.mark.parametrize("game", GAMES)
def test_every_attribute_of_a_live_state_is_declared_or_derived(game):
    """What a state holds beyond its declared FIELDS is rebuilt on load (`_restored`), so nothing is lost."""
    spec = games.get(game)
    positions = json.loads((SAVED / f"{game}.json").read_text(encoding="utf-8"))
    for position in positions[:3]:
        state = spec.load(position["state"])
        fresh = spec.new(position["players"], {}, 1)
        declared = set(spec.state_class.FIELDS) | {"rng", "rules_version"}
        for live in (state, fresh):
            derived = set(live.__dict__) - declared
            assert derived <= {"board", "_legal_memo"}, derived
