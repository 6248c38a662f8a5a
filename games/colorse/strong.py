"""COLORSE's strong agent.

Signs are simultaneous, so a tree that lets the rival "see" our sign would be wrong: for a sign it fills the 3x3
table of what each (my sign, rival sign) pair is worth, by playing the duel out on determinised states (normal
agents for everyone afterwards, then the standings), and plays the mixed strategy that regret matching finds for
that table (zero-sum: my value less the rival's). Takes, placements and the starting choices are the normal
agent's: in head-to-head runs an ISMCTS over the same determinisations (games/search.py) with short playouts
misjudged them more often than the rule did, so the level spends its whole budget on the signs.

What it may know: its view. The deck order, the face-down common card, other seats' face-down bonus cards and
starting cards, and the rival's sign are dealt from the 48 cards minus every card it can see (`determinise`)."""
from __future__ import annotations

import random
from collections import Counter

from games.colorse import ai, cards
from games.colorse.rules import ColorseState
from games.colorse.signs import SIGNS
from games.search import budget_of, regret_matching, standing_shares

SIGN_SAMPLES = 4  # determinisations per sign pair (9 pairs): the budget "strong:N" sets this count
HORIZON = 8  # actions played out after a decision: the rest of a duel and the next one's signs
SCALE = 12.0  # box points (10 per card, 100 per full box) that make a seat e times likelier to win


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    if len(legal) == 1:
        return legal[0]
    if legal[0]["type"] == "sign":
        mix = sign_mix(view, rng, budget_of(level, SIGN_SAMPLES))
        return {"type": "sign", "sign": rng.choices(SIGNS, weights=mix)[0]}
    return ai.choose(view, legal, rng, "normal")


def sign_mix(view: dict, rng: random.Random, samples: int) -> list[float]:
    """Regret matching on the sign pairs' worth (my value less the rival's) averaged over determinisations."""
    me = view["seat"]
    rival = view["child_seat"] if me == view["parent_seat"] else view["parent_seat"]
    payoff = [[0.0] * len(SIGNS) for _ in SIGNS]
    for _ in range(samples):
        state = determinise(view, rng)
        state.signs = [None, None]
        for row, mine in enumerate(SIGNS):
            for column, theirs in enumerate(SIGNS):
                trial = ColorseState.from_dict(state.to_dict())
                trial._apply(me, {"type": "sign", "sign": mine})
                trial._apply(rival, {"type": "sign", "sign": theirs})
                values = _play_out(trial, rng)
                payoff[row][column] += (values[me] - values[rival]) / samples
    return regret_matching(payoff)


def _play_out(state: ColorseState, rng: random.Random) -> list[float]:
    for _ in range(HORIZON):
        if state.finished:
            return [1.0 if seat == state.winner else 0.0 for seat in range(state.players)]
        acting = state.to_act()
        if not acting:
            break
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        state._apply(seat, legal[0] if len(legal) == 1 else playout(state, seat, legal, rng))
    return evaluate(state)


def playout(state: ColorseState, seat: int, legal: list[dict], rng: random.Random) -> dict:
    return ai.choose(state.view(seat), legal, rng, "normal")


def evaluate(state: ColorseState) -> list[float]:
    if state.finished:
        return [1.0 if seat == state.winner else 0.0 for seat in range(state.players)]
    return standing_shares([ai.FULL_BOX_VALUE * 1.5 * wins + ai.box_score(box)
                            for wins, box in zip(state.round_wins, state.boxes)], SCALE)


def determinise(view: dict, rng: random.Random) -> ColorseState:
    """A full state consistent with the view: every card it cannot see dealt from those not yet seen."""
    me = view["seat"]
    left = Counter(cards.full_deck())
    seen = list(view["removed"]) + [card for hand in view["held"] for card in hand]
    seen += [entry["card"] for box in view["boxes"] for entry in box if entry is not None and "card" in entry]
    seen += [slot["card"] for slot in view["common"] if slot is not None and "card" in slot]
    seen += [start["card"] for start in view["starting"] if start is not None and "card" in start]
    left.subtract(seen)
    unseen = [card for card, count in left.items() for _ in range(max(count, 0))]
    unseen.sort()
    rng.shuffle(unseen)

    def deal() -> str:
        return unseen.pop() if unseen else cards.DESCRIPTORS[0]

    boxes = [[None if entry is None else
              ({"card": deal(), "face_down": True} if "card" not in entry else dict(entry)) for entry in box]
             for box in view["boxes"]]
    starting = [None if start is None else
                (dict(start) if "card" in start else {"card": deal(), "stage": start["stage"]})
                for start in view["starting"]]
    common = [None if slot is None else (deal() if slot.get("face_down") else slot["card"])
              for slot in view["common"]]
    deck = [deal() for _ in range(view["deck_count"])]
    phase = view["phase"]
    signs = [None, None]
    if phase == "sign" and view["sign"] is not None:
        signs[0 if me == view["parent_seat"] else 1] = view["sign"]
    data = {
        "players": view["players"], "options": {"sign_timeout": 30, "turn_timeout": 90}, "phase": phase,
        "round_no": view["round"], "round_wins": list(view["round_wins"]), "first_parent": view["first_parent_seat"],
        "parent": view["parent_seat"], "child": view["child_seat"], "boxes": boxes, "common": common, "deck": deck,
        "removed": list(view["removed"]), "signs": signs,
        "takes": [[entry["seat"], entry["count"]] for entry in view["takes"]],
        "held": [list(hand) for hand in view["held"]], "placers": _placers(view), "starting": starting,
        "last_duel": view["last_duel"], "winner": view["winner_seat"], "history": [],
        "rng": {"seed": rng.getrandbits(32), "count": 0},
    }
    return ColorseState.from_dict(data)


def _placers(view: dict) -> list[int]:
    """Seats still to place, in taking order: the takers yet to take, after those holding cards now."""
    if view["phase"] == "place":
        order = [view["placing_seat"]] + [seat for seat in range(view["players"])
                                          if view["held"][seat] and seat != view["placing_seat"]]
        return order
    if view["phase"] == "take":
        holding = [seat for seat in range(view["players"]) if view["held"][seat]]
        return holding + [entry["seat"] for entry in view["takes"] if entry["seat"] not in holding]
    return []
