"""The COLORSE agent: `choose(view, legal, rng, level)`.

It sees only its seat's view (never the other duellist's sign). It reads the boxes: a box is worth 10 per card,
plus 1 per colour a single-colour card could still take in the next slot without vanishing, and a full box (a
round won) is worth far more. A card's value for a seat is the best box reachable by placing it (order and
SPECIAL colour chosen well); the face-down common card is valued by expectation over the cards nobody has seen.

Signs: it fills the 3x3 table of what each sign pair would bring it (its gain, minus the duel opponent's gain, and
less so the gain of the player a ゾーフ/ゾーフ clash would feed), weighting an opponent by how close they are to a
full box and to the game, and plays the equilibrium mix of that zero-sum game (ラウ/ラウ counts as the game's own
value, being replayed), blended with a little uniform chance so it is never fully predictable.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import permutations

from games.colorse import cards
from games.colorse.signs import SIGNS, outcome

CARD_VALUE = 10
FULL_BOX_VALUE = 100
UNIFORM_BLEND = {"easy": 1.0, "normal": 0.15}  # share of uniform chance in the sign mix
RANDOM_MOVE_CHANCE = {"easy": 0.3, "normal": 0.0}
FICTITIOUS_PLAY_ROUNDS = 200


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "normal") -> dict:
    if len(legal) == 1:
        return legal[0]
    kind = legal[0]["type"]
    if kind == "sign":
        mix = _Reader(view).sign_mix(UNIFORM_BLEND.get(level, UNIFORM_BLEND["normal"]))
        sign = rng.choices(SIGNS, weights=[mix[s] for s in SIGNS])[0]
        return {"type": "sign", "sign": sign}
    if rng.random() < RANDOM_MOVE_CHANCE.get(level, 0.0):
        return rng.choice(legal)
    if kind == "bonus":
        return {"type": "bonus", "face_down": True}  # a face-down card can never vanish nor make others vanish
    reader = _Reader(view)
    scored = [(reader.action_value(action), index) for index, action in enumerate(legal)]
    best = max(value for value, _ in scored)
    return legal[rng.choice([index for value, index in scored if value >= best - 1e-9])]


# --- box arithmetic ----------------------------------------------------------------------------------
def box_score(box: list) -> float:
    count = cards.card_count(box)
    if count == cards.BOX_SIZE:
        return FULL_BOX_VALUE
    slot = cards.next_slot(box)
    assert slot is not None  # the box is not full
    safe = sum(not cards.vanishing_slots(box, slot, {"card": colour}) for colour in cards.COLOURS)
    return count * CARD_VALUE + safe


def _entries(card: str) -> list[dict]:
    if card == cards.SPECIAL:
        return [{"card": card, "colour": colour} for colour in cards.COLOURS]
    return [{"card": card}]


def best_placement(box: list, hand: list[str]) -> float:
    """The best box score reachable by placing every card of `hand` (any order, any SPECIAL colour);
    a box that fills up stops there (the round is won)."""
    return _best_placement(_box_key(box), tuple(sorted(hand)))


def _box_key(box: list) -> tuple:
    """A box reduced to what matters for vanishing: each slot's colours ("" for a face-down card)."""
    return tuple(None if entry is None else "".join(sorted(cards.colours_of(entry))) for entry in box)


def _box_from_key(key: tuple) -> list:
    return [
        None if colours is None else ({"face_down": True} if colours == "" else {"card": colours}) for colours in key
    ]


@lru_cache(maxsize=200_000)
def _best_placement(key: tuple, hand: tuple[str, ...]) -> float:
    box = _box_from_key(key)
    if not hand or cards.is_full(box):
        return box_score(box)
    best = float("-inf")
    for index, card in enumerate(hand):
        if card in hand[:index]:
            continue  # the same card twice: one order is enough
        rest = hand[:index] + hand[index + 1 :]
        for entry in _entries(card):
            trial = list(box)
            cards.place(trial, entry)
            best = max(best, _best_placement(_box_key(trial), rest))
    return best


class _Reader:
    """What the agent makes of its view."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.me = view["seat"]
        self.boxes = view["boxes"]
        self.unseen = self._unseen()
        self._memo: dict = {}

    def _unseen(self) -> list[tuple[str, float]]:
        """(card, probability) for a card nobody has seen: the deck or the face-down common card."""
        left = Counter(cards.full_deck())
        seen = list(self.view["removed"])
        for box in self.boxes:
            seen += [entry["card"] for entry in box if entry is not None and "card" in entry]
        seen += [slot["card"] for slot in self.view["common"] if slot is not None and "card" in slot]
        seen += [card for hand in self.view["held"] for card in hand]
        for start in self.view["starting"]:
            if start is not None and "card" in start:
                seen.append(start["card"])
        for card in seen:
            left[card] -= 1
        total = sum(max(n, 0) for n in left.values())
        if total == 0:
            return [(card, 1 / len(cards.DESCRIPTORS)) for card in cards.DESCRIPTORS]
        return [(card, n / total) for card, n in left.items() if n > 0]

    # --- card values -------------------------------------------------------------------------------
    def gain(self, seat: int, taken: tuple[str, ...]) -> float:
        """How much placing `taken` (after the seat's held cards) improves its box; "?" is the unknown card."""
        key = (seat, tuple(sorted(taken)))
        if key in self._memo:
            return self._memo[key]
        box, held = self.boxes[seat], self.view["held"][seat]
        base = best_placement(box, held)
        value = 0.0
        unknown = [i for i, card in enumerate(taken) if card == "?"]
        known = [card for card in taken if card != "?"]
        if unknown:
            for card, chance in self.unseen:
                value += chance * best_placement(box, held + known + [card] * len(unknown))
        else:
            value = best_placement(box, held + known)
        self._memo[key] = value - base
        return value - base

    def _common_cards(self) -> list[tuple[int, str]]:
        return [
            (slot, "?" if entry.get("face_down") else entry["card"])
            for slot, entry in enumerate(self.view["common"])
            if entry is not None
        ]

    def best_take(self, seat: int, count: int, exclude: tuple[int, ...] = ()) -> float:
        """The most `seat` gains taking `count` common cards (fewer if fewer remain)."""
        options = [(slot, card) for slot, card in self._common_cards() if slot not in exclude]
        count = min(count, len(options))
        if count == 0:
            return 0.0
        if count == 1:
            return max(self.gain(seat, (card,)) for _, card in options)
        return max(self.gain(seat, (a[1], b[1])) for a, b in permutations(options, 2))

    def loss(self, seat: int) -> float:
        box = self.boxes[seat]
        slot = cards.top_right_slot(box)
        if slot is None:
            return 0.0
        trial = list(box)
        trial[slot] = None
        return box_score(box) - box_score(trial)

    def threat(self, seat: int) -> float:
        """How much a rival's gains hurt: more when their box is nearly full and when a round would win them
        the game."""
        count = cards.card_count(self.boxes[seat])
        weight = 0.5 + 0.1 * count
        if self.view["round_wins"][seat] + 1 >= self.view["rounds_to_win"]:
            weight *= 1.5
        return weight

    def urgency(self) -> float:
        return 1.5 if self.view["round_wins"][self.me] + 1 >= self.view["rounds_to_win"] else 1.0

    # --- actions -----------------------------------------------------------------------------------
    def action_value(self, action: dict) -> float:
        kind = action["type"]
        if kind == "take":
            return self._take_value(action["slot"])
        if kind == "place":
            return self._place_value(action["card"], action.get("colour"))
        if kind == "special":
            # the box is empty: prefer the colour that the visible common cards hold least
            visible = [card for _, card in self._common_cards() if card != "?"]
            return -sum(action["colour"] in card for card in visible)
        return 0.0

    def _take_value(self, slot: int) -> float:
        commons = dict(self._common_cards())
        mine = self.view["takes"][0]["count"] if self.view["takes"] else 1
        card = commons[slot]
        rest = [(s, c) for s, c in commons.items() if s != slot]
        if mine >= 2 and rest:
            value = max(self.gain(self.me, (card, other)) for _, other in rest)
        else:
            value = self.gain(self.me, (card,))
        # a rival taking after this one gets the best of what is left
        for entry in self.view["takes"][1:]:
            if entry["seat"] != self.me:
                value -= self.threat(entry["seat"]) * self.best_take(entry["seat"], entry["count"], (slot,))
        return value * self.urgency()

    def _place_value(self, card: str, colour: str | None) -> float:
        box = list(self.boxes[self.me])
        cards.place(box, {"card": card, "colour": colour} if card == cards.SPECIAL else {"card": card})
        rest = list(self.view["held"][self.me])
        rest.remove(card)
        return best_placement(box, rest)

    # --- signs -------------------------------------------------------------------------------------
    def sign_mix(self, uniform: float) -> dict[str, float]:
        if uniform >= 1.0:
            return {sign: 1 / len(SIGNS) for sign in SIGNS}
        table = self._sign_table()
        value = 0.0
        for _ in range(3):  # ラウ/ラウ is replayed: its worth is the game's own value
            table[("rau", "rau")] = value
            mix, value = _solve(table)
        return {sign: (1 - uniform) * mix[sign] + uniform / len(SIGNS) for sign in SIGNS}

    def _sign_table(self) -> dict[tuple[str, str], float]:
        """My worth of each (my sign, rival sign) pair."""
        view = self.view
        parent, child = view["parent_seat"], view["child_seat"]
        rival = child if self.me == parent else parent
        third = (child + 1) % view["players"]
        me_role = "parent" if self.me == parent else "child"
        rival_weight = self.threat(rival)
        mine = {n: self.best_take(self.me, n) * self.urgency() for n in (1, 2)}
        theirs = {n: self.best_take(rival, n) * rival_weight for n in (1, 2)}
        table = {}
        for my_sign in SIGNS:
            for their_sign in SIGNS:
                signs = (my_sign, their_sign) if me_role == "parent" else (their_sign, my_sign)
                result, takes = outcome(*signs)
                if result == "zorf_clash":
                    worth = (
                        -self.loss(self.me) * self.urgency()
                        + rival_weight * self.loss(rival)
                        - 0.5 * self.threat(third) * self.best_take(third, 1)
                    )
                else:
                    worth = sum(mine[n] if role == me_role else -theirs[n] for role, n in takes)
                table[(my_sign, their_sign)] = worth
        return table


def _solve(table: dict[tuple[str, str], float]) -> tuple[dict[str, float], float]:
    """The maximiser's equilibrium mix and the value of a 3x3 zero-sum game, by fictitious play
    (each side answers the other's history so far; the empirical mixes converge to the equilibrium)."""
    mine = {sign: 0 for sign in SIGNS}
    row_worth = {sign: 0.0 for sign in SIGNS}  # each of my signs against their history
    column_worth = {sign: 0.0 for sign in SIGNS}  # each of their signs against my history
    row = column = SIGNS[0]
    for _ in range(FICTITIOUS_PLAY_ROUNDS):
        mine[row] += 1
        for sign in SIGNS:
            row_worth[sign] += table[(sign, column)]
            column_worth[sign] += table[(row, sign)]
        row = max(SIGNS, key=row_worth.__getitem__)
        column = min(SIGNS, key=column_worth.__getitem__)
    mix = {sign: mine[sign] / FICTITIOUS_PLAY_ROUNDS for sign in SIGNS}
    value = (max(row_worth.values()) + min(column_worth.values())) / (2 * FICTITIOUS_PLAY_ROUNDS)
    return mix, value
