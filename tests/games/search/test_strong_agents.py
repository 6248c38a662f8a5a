"""The strong level of every game: it decides from its seat's view alone (twin states whose hidden parts are
permuted get the same decision from the same seed), it always answers with a legal action, and the lobby offers
it under a name in both languages. Budgets are tiny ("strong:N"): these tests check behaviour, not strength."""

import random

import pytest

import games
from bot.i18n import t
from games.contract import SYSTEM
from tests.support.permuted import CASES, advance, permute_blue_border, permute_colorse

SEARCH = "strong:6"  # COLORSE reads it as determinisations per sign pair


@pytest.mark.parametrize("game", sorted(CASES))
@pytest.mark.parametrize("seed", [3, 11])
def test_permuting_every_hidden_part_never_changes_the_strong_decision(game, seed):
    spec = games.get(game)
    players, wanted, permute = CASES[game]
    state, seat = advance(spec, players, seed, 6, wanted)
    legal = state.legal_actions(seat)
    decisions, twins = set(), set()
    for shuffle in range(3):
        twin = spec.state_class.from_dict(state.to_dict())
        if shuffle:
            permuter = random.Random(shuffle)
            if game == "colorse":
                permute(twin, permuter, seat)
            else:
                permute(twin, permuter)
        assert twin.view(seat) == state.view(seat)
        twins.add(twin.to_json())
        decisions.add(repr(spec.agent(twin.view(seat), legal, random.Random(seed), SEARCH)))
    assert len(twins) > 1, "the permutation changed nothing: the test would prove nothing"
    assert len(decisions) == 1


@pytest.mark.parametrize("wanted", [("call",), ("take", "pass")])
def test_blue_border_strong_at_four_divers_decides_from_its_view_alone(wanted):
    """Its own rule changes with the number of divers (calls left to the others at 3-4): permute there too."""
    spec = games.get("blue_border")
    state, seat = advance(spec, 4, 7, 10, wanted)
    legal = state.legal_actions(seat)
    decisions, twins = set(), set()
    for shuffle in range(3):
        twin = spec.state_class.from_dict(state.to_dict())
        if shuffle:
            permute_blue_border(twin, random.Random(shuffle))
        assert twin.view(seat) == state.view(seat)
        twins.add(twin.to_json())
        decisions.add(repr(spec.agent(twin.view(seat), legal, random.Random(7), SEARCH)))
    assert len(twins) > 1
    assert len(decisions) == 1


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_strong_level_plays_legal_actions_to_the_end(game):
    spec = games.get(game)
    players = CASES[game][0]
    state = spec.new(players, None, 5)
    rng = random.Random(5)
    while not state.finished:
        acting = [s for s in state.to_act() if s >= 0]
        if not acting:
            state.apply(SYSTEM, {"type": "timeout"})
            continue
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        level = "strong:2" if seat == 0 else "easy" if "easy" in spec.ai_levels else "normal"
        action = spec.agent(state.view(seat), legal, rng, level)
        assert action in legal
        state.apply(seat, action)


def test_deep_dive_solo_strong_plays_against_the_automaton():
    spec = games.get("deep_dive")
    state = spec.new(1, {"difficulty": "hard"}, 2)
    rng = random.Random(2)
    while not state.finished:
        legal = state.legal_actions(0)
        state.apply(0, spec.agent(state.view(0), legal, rng, "strong:2"))
    assert "automaton" in state.result()


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_game_offers_a_strong_level_named_in_both_languages_and_keeps_normal_the_default(game):
    spec = games.get(game)
    assert "strong" in spec.ai_levels
    assert spec.default_ai_level == "normal"
    names = {t("ai.level.strong", locale) for locale in ("en", "ja")}
    assert len(names) == 2 and not any("ai.level" in name for name in names)


def test_colorse_strong_sign_ignores_the_rivals_sign_and_every_hidden_card():
    spec = games.get("colorse")
    state, seat = advance(spec, 3, 4, 10, ("sign",))
    rival = state.child if seat == state.parent else state.parent
    state.apply(rival, {"type": "sign", "sign": "zorf"})  # the rival has chosen: hidden from `seat`
    legal = state.legal_actions(seat)
    decisions = set()
    for shuffle, sign in enumerate(("zorf", "doh", "rau")):
        twin = spec.state_class.from_dict(state.to_dict())
        twin.signs[1 if seat == state.parent else 0] = sign
        if shuffle:
            permute_colorse(twin, random.Random(shuffle), seat)
        assert twin.view(seat) == state.view(seat)
        decisions.add(repr(spec.agent(twin.view(seat), legal, random.Random(9), SEARCH)))
    assert len(decisions) == 1
