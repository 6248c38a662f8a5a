"""The Diamond Box AI: least penalty first, then a hand that stays easy to play and opponents who are stuck.

Levels: "easy" plays a random least-penalty placement. "normal" values each placement by its expected share of
the win: emptying its hand wins; a penalty that exhausts the deck decides the game by hand counts; otherwise a
smaller hand than the others' is worth more, so the least penalty comes first. Among the equally good
placements it looks one card ahead: it prefers the one after which the opponents' cheapest placements cost
most (the next player's above all) and its own remaining cards keep cheap placements.
It reads only its seat's view (everything but the deck order is public).
"""

from __future__ import annotations

import math
import random

from games.diamond_box.geometry import CARD_CELLS, Board, covering_in, fitting_among, rect_of, rects_meet, size

STANDING_TEMPERATURE = 2.0  # how fast a lead in hand size turns into a likely win
LOOKAHEAD_LIMIT = 48  # least-penalty candidates examined in full; more are sampled
# Weights of the look-ahead score (measured against "easy": blocking the opponents matters most).
NEXT_WEIGHT = 1.5  # the next player's cheapest placement after our move (their likely penalty)
NEXT_OPTIONS_WEIGHT = 0.3  # fewer ways for the next player to play that cheaply
LATER_WEIGHT = 0.75  # every other opponent's cheapest placement
OWN_BEST_WEIGHT = 0.5  # our own cheapest placement after the move
OWN_CARDS_WEIGHT = 0.4  # per own card that still has a placement costing at most CHEAP
OWN_OPTIONS_WEIGHT = 0.3  # more cheap placements for our remaining cards
CHEAP = 1


def board_of(view: dict) -> Board:
    return Board({(cell["x"], cell["y"]): (cell["colour"], cell["diamond"]) for cell in view["grid"]})


def penalty_on(board: Board, action: dict) -> int:
    """Cells of a placement that would protrude (= penalty cards) on `board`."""
    *_, covered = board.window(size(action["rotation"]), action["x"], action["y"])
    return CARD_CELLS - covered


def penalty_of(view: dict, action: dict) -> int:
    """The penalty of a placement, from a view alone (for a UI or agent without the state)."""
    return penalty_on(board_of(view), action)


def choose(view: dict, legal: list, rng: random.Random, level: str = "normal") -> dict:
    places = [action for action in legal if action.get("type") == "place"]
    if len(places) <= 1:
        return places[0] if places else legal[0]
    board = board_of(view)
    penalties = [penalty_on(board, action) for action in places]
    if level == "easy":
        least = min(penalties)
        return rng.choice([a for a, p in zip(places, penalties) if p == least])
    return _normal(view, board, places, penalties, rng)


def _normal(view: dict, board: Board, places: list[dict], penalties: list[int], rng: random.Random) -> dict:
    seat = view["seat"]
    counts = [len(hand) for hand in view["hands"]]
    deck = view["deck_count"]

    def worth(penalty: int) -> tuple[float, bool]:
        """(expected share of the win, whether the game ends with this move)."""
        after = list(counts)
        after[seat] += min(penalty, deck) - 1
        if after[seat] == 0:
            return 100.0, True  # the hand empties: an immediate win
        if penalty and penalty >= deck:  # the deck runs out now: fewest cards wins
            winners = [other for other, count in enumerate(after) if count == min(after)]
            return (100.0 / len(winners) if seat in winners else 0.0), True
        # Going on, a smaller hand than the others' is worth more (fewer cards also win at the deck's end).
        weights = [math.exp(-count / STANDING_TEMPERATURE) for count in after]
        return 100.0 * weights[seat] / sum(weights), False

    values = [worth(p) for p in penalties]
    best = max(value for value, _ in values)
    candidates = [a for a, (value, _) in zip(places, values) if value == best]
    ends = [a for a, (value, final) in zip(places, values) if value == best and final]
    if ends or len(candidates) == 1:
        return rng.choice(ends or candidates)
    if len(candidates) > LOOKAHEAD_LIMIT:
        candidates = rng.sample(candidates, LOOKAHEAD_LIMIT)
    return _most_flexible(view, board, candidates, rng)


def _most_flexible(view: dict, board: Board, candidates: list[dict], rng: random.Random) -> dict:
    """The candidate scoring best on own flexibility and opponents' cheapest next placement."""
    seat, players = view["seat"], view["players"]
    rotations = tuple(view["rotations"])
    hands = view["hands"]
    watched = {card for hand in hands for card in hand}
    before = {
        card: [(rect_of(r, x, y), covered) for r, x, y, covered in board.covering_placements(card, rotations)]
        for card in watched
    }
    opponents = [(seat + step) % players for step in range(1, players)]
    scored = []
    for action in candidates:
        rect = rect_of(action["rotation"], action["x"], action["y"])
        after = Board(board.grid)  # the grid alone: only the windows near the move are read, and not kept
        after.place(action["card"], action["rotation"], action["x"], action["y"])
        near = fitting_among({shape: after.windows_near(shape, rect) for shape in ((3, 2), (2, 3))})

        def penalties(card: str) -> list[int]:
            """The card's covering placements' penalties after this move."""
            kept = [covered for placed, covered in before[card] if not rects_meet(placed, rect)]
            fresh = [covered for *_, covered in covering_in(card, rotations, near)]
            return [CARD_CELLS - covered for covered in kept + fresh]

        own = [penalties(card) for card in hands[seat] if card != action["card"]]
        own_best = [min(options, default=CARD_CELLS) for options in own]
        score = (
            OWN_CARDS_WEIGHT * sum(p <= CHEAP for p in own_best)
            - OWN_BEST_WEIGHT * min(own_best, default=0)
            + OWN_OPTIONS_WEIGHT * math.log1p(sum(p <= CHEAP for options in own for p in options))
        )
        for rank, other in enumerate(opponents):
            theirs = [p for card in hands[other] for p in penalties(card)]
            least = min(theirs, default=CARD_CELLS)
            if rank == 0:
                score += NEXT_WEIGHT * least - NEXT_OPTIONS_WEIGHT * math.log1p(theirs.count(least))
            else:
                score += LATER_WEIGHT * least
        scored.append((score, rng.random(), action))
    return max(scored, key=lambda entry: entry[:2])[2]
