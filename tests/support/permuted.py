"""Every game advanced at random to a seat's decision of a given kind, and each game's hidden parts permuted
(twin states a seat cannot tell apart): shared by the strong level's tests and the hints' tests."""

import random

from games.contract import SYSTEM


def advance(spec, players, seed, steps, wanted):
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


def permute_blue_border(state, rng):
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


def permute_bossa(state, rng):
    """The deck order and the removed tile."""
    pool = state.deck + ([state.removed] if state.removed else [])
    rng.shuffle(pool)
    state.deck = pool[: len(state.deck)]
    if state.removed:
        state.removed = pool[-1]


def permute_deep_dive(state, rng):
    """Every depth's face-down pile and the tiles removed unseen."""
    for depth, pile in enumerate(state.face_down):
        pool = pile + state.removed[depth]
        rng.shuffle(pool)
        state.face_down[depth], state.removed[depth] = pool[: len(pile)], pool[len(pile) :]


def permute_diamond_box(state, rng):
    rng.shuffle(state.deck)


def permute_colorse(state, rng, seat):
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
    "blue_border": (2, ("take", "pass", "call", "reward"), permute_blue_border),
    "bossa": (2, ("place", "stack", "redraw", "exchange"), permute_bossa),
    "deep_dive": (2, ("take", "flip", "skip", "swallow", "keep"), permute_deep_dive),
    "diamond_box": (2, ("place",), permute_diamond_box),
    "colorse": (3, ("sign", "take", "place"), permute_colorse),
}
