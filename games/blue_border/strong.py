"""Blue Border's strong diver: a search over determinised decks with common random numbers, with the same
human-like eye.

It never reads a number it could not see: a hidden card's number comes from what the diver perceives of its shade
(the chart number, off by up to one, as the "hard" eye; the same perception for the whole decision), restricted to
the numbers not already known; cards whose shade is not even visible (under the pile tops, deeper in the deck) are
dealt from the rest. Its strength is in what it decides: its own rule (the hard rule's evaluation with constants
tuned in self-play against the hard level, STYLES) is its default. Each sample deals one full state consistent
with what it perceives and plays every candidate (a take, a pass onto a pile, a call or not, a reward) from that
same deal with the same dice: the candidate, the answers to it (the call window that follows, the next turn),
then every board valued by how far it has got and how much room its last card leaves to reach G. Comparing the
candidates on common deals measures their difference with far less noise than separate samples (ISMCTS over
the same budget, games/search.py, did no better than its own rule); it overrules the rule only by a margin."""

from __future__ import annotations

import random

from games.blue_border import ai
from games.blue_border.cards import SLOTS
from games.blue_border.rules import BlueBorderState
from games.contract import SYSTEM
from games.search import budget_of, standing_shares, win_shares

ITERATIONS = 100  # playouts per decision (shared among the candidates); its time per decision: docs/ai.md
MIN_SAMPLES = 3  # deals per candidate at the least
EYE = "hard"  # the perception the strong diver shares with the hard level
SCALE = 3.0  # board worth (in cards) that makes a diver e times likelier to win
HORIZON = 6  # the decision, its call window and about one more turn
MARGIN = 0.02  # mean win chance the search must gain to overrule its own rule's choice
PLAYOUT_LEVEL = "hard"  # the other divers in a playout play as the best rule-based level
# The strong diver's own rule (its default and its moves in playouts), tuned in self-play against the hard level:
# never impatient (it waits for a card worth taking), a dead end costs more, and with more divers it leaves the
# calls to the others unless sure (a failed call costs the caller alone, a success sets the placer back for all).
STYLES = {
    2: ai.Style(impatience=0.0, dead_end=4.5),
    3: ai.Style(impatience=0.0, dead_end=4.5, call_bias=3.0),
    4: ai.Style(impatience=0.0, dead_end=4.5, call_bias=8.0),
}
EVAL_DEAD_END = STYLES[2].dead_end  # a leaf values a dead end as the strong diver's own rule does


def style_for(players: int) -> ai.Style:
    return STYLES.get(players, STYLES[4])


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    if len(legal) == 1:
        return legal[0]
    me, style = view["seat"], style_for(view["players"])
    mind = ai._Mind(view, rng, ai.PERCEPTION_ERROR[EYE], style)

    def playout(state: BlueBorderState, seat: int, options: list[dict], generator: random.Random) -> dict:
        if seat != me:
            return ai.choose(state.view(seat), options, generator, PLAYOUT_LEVEL)
        return ai.decide(ai._Mind(state.view(seat), generator, ai.PERCEPTION_ERROR[EYE], style), options)

    default = ai.decide(mind, legal)
    samples = max(MIN_SAMPLES, budget_of(level, ITERATIONS) // len(legal))
    totals = [0.0] * len(legal)
    for _ in range(samples):
        deal_seed, dice = rng.getrandbits(32), rng.getrandbits(32)
        for index, action in enumerate(legal):  # the same deal and the same dice for every candidate
            state = deal(view, mind, random.Random(deal_seed))
            state._apply(me, action)
            totals[index] += play_on(state, playout, random.Random(dice))[me]
    best = max(range(len(legal)), key=totals.__getitem__)
    if default in legal and totals[best] - totals[legal.index(default)] <= MARGIN * samples:
        return default
    return legal[best]


def play_on(state: BlueBorderState, playout, dice: random.Random) -> list[float]:
    """Play `HORIZON - 1` more actions (call windows answered in a random order, as at a table), then value."""
    for _ in range(HORIZON - 1):
        if state.finished:
            return win_shares(state)
        acting = [seat for seat in state.to_act() if seat >= 0]
        if not acting:
            state._apply(SYSTEM, {"type": "timeout"})
            continue
        seat = acting[0] if len(acting) == 1 else dice.choice(acting)
        options = state.legal_actions(seat)
        state._apply(seat, options[0] if len(options) == 1 else playout(state, seat, options, dice))
    return win_shares(state) if state.finished else evaluate(state)


def evaluate(state: BlueBorderState) -> list[float]:
    quality = ai._quality(state.border, state.bottoms, state.options["cards"])
    standings = []
    for seat, board in enumerate(state.boards):
        if not board:
            worth = 0.0
        elif len(board) == len(SLOTS):
            worth = ai.WIN
        else:
            worth = len(board) - EVAL_DEAD_END * (1 - quality[len(board) - 1][board[-1]["number"]])
        standings.append(worth + ai.WIN * state.round_scores[seat])
    return standing_shares(standings, SCALE)


def deal(view: dict, mind: ai._Mind, rng: random.Random) -> BlueBorderState:
    """A full state consistent with the view as this diver perceives it."""
    settings = view["settings"]
    numbers = (
        set(range(1, settings["cards"] + 1))
        - set(view["discard"])
        - {card["number"] for diver in view["divers"] for card in diver["slots"] if card and "number" in card}
    )
    shaded: list[dict] = []  # hidden cards whose shade is visible, in a fixed order
    for diver in view["divers"]:
        shaded += [card for card in diver["slots"] if card and "number" not in card]
    shaded += [pile["top"] for pile in view["piles"] if pile["top"] is not None]
    if view["deck"]["top"] is not None:
        shaded.append(view["deck"]["top"])
    chosen: dict[int, int] = {}
    for index in rng.sample(range(len(shaded)), len(shaded)):
        belief = [(number, p) for number, p in mind.belief(shaded[index]).items() if number in numbers]
        if belief:
            number = rng.choices([n for n, _ in belief], weights=[p for _, p in belief])[0]
        else:
            number = rng.choice(sorted(numbers))
        numbers.discard(number)
        chosen[index] = number
    rest = sorted(numbers)
    rng.shuffle(rest)
    picks = iter(chosen[index] for index in range(len(shaded)))
    boards = [
        [
            {"number": card["number"], "revealed": True}
            if "number" in card
            else {"number": next(picks), "revealed": False}
            for card in diver["slots"]
            if card
        ]
        for diver in view["divers"]
    ]
    piles = []
    for pile in view["piles"]:
        under = [rest.pop() for _ in range(max(pile["height"] - 1, 0))]
        piles.append(under + [next(picks)] if pile["top"] is not None else [])
    deck = ([next(picks)] if view["deck"]["top"] is not None else []) + [
        rest.pop() for _ in range(max(view["deck"]["count"] - 1, 0))
    ]
    placement = view["placement"]
    options = {
        **BlueBorderState.spec.options,
        "border": settings["border"],
        "bottoms": settings["bottoms"],
        "cards": settings["cards"],
        "chart": settings["chart"],
        "call_window": settings["call_window"],
        "turn_timeout": settings["turn_timeout"],
        "rounds": view["rounds"],
    }
    data = {
        "players": view["players"],
        "options": options,
        "round": view["round"],
        "round_scores": list(view["round_scores"]),
        "round_winners": list(view["round_winner_seats"]),
        "border": settings["border"],
        "bottoms": settings["bottoms"],
        "round_start": 0,
        "deck": deck,
        "piles": piles,
        "discard": list(view["discard"]),
        "boards": boards,
        "skip": [seat in view["skip_seats"] for seat in range(view["players"])],
        "phase": view["phase"],
        "active": view["active_seat"],
        "placement": None if placement is None else {"seat": placement["seat"], "slot": placement["slot_index"]},
        "may_call": list(view["may_call_seats"]),
        "caller": view["caller_seat"],
        "last_called": view["last_called_seat"],
        "winner_seats": view["winner_seats"],
        "rng": {"seed": rng.getrandbits(32), "count": 0},
    }
    return BlueBorderState.from_dict(data)
