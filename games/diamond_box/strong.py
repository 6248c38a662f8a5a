"""Diamond Box's strong agent: Monte Carlo search (games/search.py) over the deck's hidden order.

Hands and the centre are public; only the deck's order is hidden, and it decides which penalty cards a move
draws. Each iteration deals the deck at random from the cards not in a hand or the centre, plays one of the
candidate moves, lets every seat answer with a least-penalty playout for two rounds (and our next move), and
values the hands then (fewer cards, likelier winner). Candidates are the moves within one penalty card of the
cheapest: a dearer move is never better by enough to pay for the search."""

from __future__ import annotations

import random

from games.diamond_box import cards
from games.diamond_box.ai import STANDING_TEMPERATURE
from games.diamond_box.geometry import ROTATIONS
from games.diamond_box.rules import DiamondBoxState
from games.search import budget_of, ismcts, standing_shares

ITERATIONS = 160  # scaled by 4 / (2 x players + 1) (longer playouts with more seats); time per decision: docs/ai.md
CANDIDATE_MARGIN = 1  # penalty cards above the cheapest move still searched
MAX_CANDIDATES = 24


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    places = [action for action in legal if action.get("type") == "place"]
    if len(places) <= 1:
        return places[0] if places else legal[0]
    base = _base_state(view)
    for card in cards.card_ids():  # the board finds which windows every pattern fits once; its copies keep that
        base.board.covering_placements(card, base.rotations)
    penalties = {_key(action): penalty for action, penalty in zip(*base._placements())}
    scored = [(penalties.get(_key(action), 6), action) for action in places]
    least = min(penalty for penalty, _ in scored)
    candidates = [action for penalty, action in scored if penalty <= least + CANDIDATE_MARGIN]
    if len(candidates) > MAX_CANDIDATES:
        cheapest = [action for penalty, action in scored if penalty == least]
        rest = [action for action in candidates if action not in cheapest]
        candidates = rng.sample(cheapest, min(len(cheapest), MAX_CANDIDATES)) + rng.sample(
            rest, max(0, MAX_CANDIDATES - len(cheapest))
        )
    unseen = _unseen(view)

    def determinise(_view: dict, generator: random.Random) -> DiamondBoxState:
        deck = list(unseen)
        generator.shuffle(deck)
        state = DiamondBoxState(base.rules_version, base.players, base.options, base.rng)
        state.deck = deck[: view["deck_count"]]
        state.hands = [list(hand) for hand in base.hands]
        state.centre = list(base.centre)
        state.turn_seat, state.setup, state.last_move = base.turn_seat, base.setup, base.last_move
        state.winner_seats, state.over = [], False
        state.board = base.board.copy()
        return state

    players = view["players"]
    return ismcts(
        view,
        candidates,
        rng,
        me=view["seat"],
        determinise=determinise,
        evaluate=evaluate,
        iterations=budget_of(level, ITERATIONS * 4 // (2 * players + 1)),
        playout=playout,
        horizon=2 * players + 1,
        tree_depth=1,
    )


def playout(state: DiamondBoxState, seat: int, legal: list[dict], rng: random.Random) -> dict:
    actions, penalties = state._placements()
    least = min(penalties)
    return dict(rng.choice([action for action, penalty in zip(actions, penalties) if penalty == least]))


def evaluate(state: DiamondBoxState) -> list[float]:
    return standing_shares([-len(hand) for hand in state.hands], STANDING_TEMPERATURE)


def _key(action: dict) -> tuple:
    return action["card"], action["rotation"], action["x"], action["y"]


def _rotation_option(allowed: list[int]) -> str:
    return next(name for name, rotations in ROTATIONS.items() if list(rotations) == list(allowed))


def _unseen(view: dict) -> list[str]:
    seen = {card for hand in view["hands"] for card in hand} | {placed["card"] for placed in view["centre"]}
    return [card for card in cards.card_ids() if card not in seen]


def _base_state(view: dict) -> DiamondBoxState:
    """The public position as a state (its deck left empty; each determinisation deals one)."""
    return DiamondBoxState.from_dict(
        {
            "players": view["players"],
            "options": {"rotations": _rotation_option(view["rotations"]), "turn_timeout": 0},
            "rng": {"seed": 0, "count": 0},
            "deck": [],
            "hands": view["hands"],
            "centre": [{key: placed[key] for key in ("card", "rotation", "x", "y")} for placed in view["centre"]],
            "turn_seat": view["seat"],
            "setup": view["setup"],
            "last_move": view["last_move"],
            "winner_seats": [],
            "over": False,
        }
    )
