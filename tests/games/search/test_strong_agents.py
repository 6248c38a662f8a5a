"""The strong level of every game: it decides from its seat's view alone (twin states whose hidden parts are
permuted get the same decision from the same seed), it always answers with a legal action, and the lobby offers
it under a name in both languages. Budgets are tiny ("strong:N"): these tests check behaviour, not strength."""

import random

import pytest

import games
from bot.i18n import t
from games.contract import SYSTEM

SEARCH = "strong:6"  # COLORSE reads it as determinisations per sign pair


def _advance(spec, players, seed, steps, wanted):
    """A game played at random for `steps` actions, then on until a seat faces a choice of kind `wanted`."""
    state = spec.new(players, None, seed)
    rng = random.Random(seed)
    count = 0
    while not state.finished:
        acting = [s for s in state.to_act() if s >= 0]
        if not acting:
            state.apply(SYSTEM, {"type": "timeout"})
            continue
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        if count >= steps and len(legal) > 1 and legal[0]["type"] in wanted:
            return state, seat
        state.apply(seat, rng.choice(legal))
        count += 1
    raise AssertionError("the game ended before a decision came up")


def _permute_blue_border(state, rng):
    """Deck below its top and the cards under each pile top: nothing of them shows, not even a shade."""
    deck = state.deck[1:]
    under = [card for pile in state.piles for card in pile[:-1]]
    pool = deck + under
    rng.shuffle(pool)
    state.deck[1:] = pool[: len(deck)]
    rest = pool[len(deck) :]
    for pile in state.piles:
        count = len(pile) - 1
        if count > 0:
            pile[:-1], rest = rest[:count], rest[count:]


def _permute_bossa(state, rng):
    """The deck order and the removed tile."""
    pool = state.deck + ([state.removed] if state.removed else [])
    rng.shuffle(pool)
    state.deck = pool[: len(state.deck)]
    if state.removed:
        state.removed = pool[-1]


def _permute_deep_dive(state, rng):
    """Every depth's face-down pile and the tiles removed unseen."""
    for depth, pile in enumerate(state.face_down):
        pool = pile + state.removed[depth]
        rng.shuffle(pool)
        state.face_down[depth], state.removed[depth] = pool[: len(pile)], pool[len(pile) :]


def _permute_diamond_box(state, rng):
    rng.shuffle(state.deck)


def _permute_colorse(state, rng, seat):
    """The deck, the face-down common card, other seats' face-down bonus cards, and the other sign."""
    from games.colorse.rules import FACE_DOWN_SLOT

    slots = [("deck", i) for i in range(len(state.deck))]
    if state.common[FACE_DOWN_SLOT] is not None:
        slots.append(("common", FACE_DOWN_SLOT))
    for owner, box in enumerate(state.boxes):
        if owner != seat:
            slots += [("box", (owner, i)) for i, entry in enumerate(box) if entry and entry.get("face_down")]
    cards = [_get(state, slot) for slot in slots]
    rng.shuffle(cards)
    for slot, card in zip(slots, cards):
        _set(state, slot, card)
    if state.phase == "sign":
        other = 1 if seat == state.parent else 0
        state.signs[other] = rng.choice(["doh", "zorf", "rau"])


def _get(state, slot):
    kind, index = slot
    if kind == "deck":
        return state.deck[index]
    if kind == "common":
        return state.common[index]
    return state.boxes[index[0]][index[1]]["card"]


def _set(state, slot, card):
    kind, index = slot
    if kind == "deck":
        state.deck[index] = card
    elif kind == "common":
        state.common[index] = card
    else:
        state.boxes[index[0]][index[1]]["card"] = card


CASES = {
    "blue_border": (2, ("take", "pass", "call", "reward"), _permute_blue_border),
    "bossa": (2, ("place", "stack", "redraw", "exchange"), _permute_bossa),
    "deep_dive": (2, ("take", "flip", "skip", "swallow", "keep"), _permute_deep_dive),
    "diamond_box": (2, ("place",), _permute_diamond_box),
    "colorse": (3, ("sign", "take", "place"), _permute_colorse),
}


@pytest.mark.parametrize("game", sorted(CASES))
@pytest.mark.parametrize("seed", [3, 11])
def test_permuting_every_hidden_part_never_changes_the_strong_decision(game, seed):
    spec = games.get(game)
    players, wanted, permute = CASES[game]
    state, seat = _advance(spec, players, seed, 6, wanted)
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
    state, seat = _advance(spec, 4, 7, 10, wanted)
    legal = state.legal_actions(seat)
    decisions, twins = set(), set()
    for shuffle in range(3):
        twin = spec.state_class.from_dict(state.to_dict())
        if shuffle:
            _permute_blue_border(twin, random.Random(shuffle))
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
    state, seat = _advance(spec, 3, 4, 10, ("sign",))
    rival = state.child if seat == state.parent else state.parent
    state.apply(rival, {"type": "sign", "sign": "zorf"})  # the rival has chosen: hidden from `seat`
    legal = state.legal_actions(seat)
    decisions = set()
    for shuffle, sign in enumerate(("zorf", "doh", "rau")):
        twin = spec.state_class.from_dict(state.to_dict())
        twin.signs[1 if seat == state.parent else 0] = sign
        if shuffle:
            _permute_colorse(twin, random.Random(shuffle), seat)
        assert twin.view(seat) == state.view(seat)
        decisions.add(repr(spec.agent(twin.view(seat), legal, random.Random(9), SEARCH)))
    assert len(decisions) == 1
