"""The AI diver: `choose(view, legal, rng, level) -> action`.

It plays fair: it gets only its seat's view, where a hidden card is a shade. Like a player holding the colour
chart to a card, it reads a shade's number off the chart, but its eye errs by up to k numbers (k by level), so
what it believes about a hidden card is a uniform spread over the numbers within k of what it perceived
(minus the numbers it knows are elsewhere: revealed cards and the discard).

It values a board as "cards placed, less a penalty when the last card leaves little room to reach G legally"
(room = how many legal ways on there are, on a log scale), and picks whichever action has the best expected value:
- turn: take the visible card (deck top or a pile top) whose placement is worth most, or pass when none is worth
  taking, covering the pile whose top would help the next divers most;
- call window: call when the chance the card is illegal, times what a success gains, beats the chance it is
  legal times what a failure costs (always call on G: a failed call there changes nothing);
- reward: take the best of the discard, pile tops and deck top if it is worth it, else nothing.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

from games.blue_border import border
from games.blue_border.cards import LAST, SLOTS, chart_number, highest_card

PERCEPTION_ERROR = {"easy": 3, "normal": 2, "hard": 1}  # how many numbers the eye may be off by
WIN = 12.0  # filling G uncalled, in "cards placed"
DEAD_END = 2.0  # a last card with no legal way on costs this many cards
CALL_RISK = 0.8  # chance an illegal placement is called
CALL_RISK_ON_G = 0.95  # everyone calls a G
TAKE_MARGIN = 0.3  # a take must beat standing still by this much
SKIP_COST = 0.6  # a failed call with no card to lose: one turn skipped
TURN_WEIGHTS = (1.0, 0.6, 0.4)  # how much a pass should hurt the next, second and third diver
IMPATIENCE = 0.15  # chance to take the best card anyway instead of passing: divers waiting for a card that
# no longer comes would otherwise pass forever (seen in self-play), as people do not


@dataclass(frozen=True)
class Style:
    """The rule's constants; the rule levels play the defaults, the strong level its own tuning."""

    win: float = WIN
    dead_end: float = DEAD_END
    call_risk: float = CALL_RISK
    call_risk_on_g: float = CALL_RISK_ON_G
    take_margin: float = TAKE_MARGIN
    skip_cost: float = SKIP_COST
    turn_weights: tuple = TURN_WEIGHTS
    impatience: float = IMPATIENCE
    call_gain: tuple = (0.8, 0.5, 0.1)  # a success's worth: base, per card stripped (at most 2), per slot deep
    call_bias: float = 1.0  # the call's threshold: call when illegal * gain > bias * (1 - illegal) * cost


RULE = Style()


def choose(view: dict, legal: list, rng: random.Random, level: str) -> dict:
    if len(legal) == 1:
        return legal[0]
    return decide(_Mind(view, rng, PERCEPTION_ERROR.get(level, PERCEPTION_ERROR["normal"])), legal)


def decide(mind: _Mind, legal: list) -> dict:
    kinds = {action["type"] for action in legal}
    if "call" in kinds:
        return {"type": "call"} if mind.should_call() else {"type": "no_call"}
    if "reward" in kinds:
        return mind.best_reward(legal)
    return mind.best_turn(legal)


class _Mind:
    def __init__(self, view: dict, rng: random.Random, error: int, style: Style = RULE) -> None:
        self.view, self.rng, self.error, self.style = view, rng, error, style
        self.me = view["seat"]
        rules = view["settings"]
        self.border, self.bottoms, self.cards = rules["border"], rules["bottoms"], rules["cards"]
        self.known = set(view["discard"]) | {
            card["number"] for diver in view["divers"] for card in diver["slots"] if card and "number" in card
        }
        self.perceived: dict[str, dict[int, float]] = {}

    # --- perception ----------------------------------------------------------------------
    def belief(self, card: dict) -> dict[int, float]:
        """Probability of each number for a card as the AI sees it (exact when revealed)."""
        if "number" in card:
            return {card["number"]: 1.0}
        shade = card["shade"]
        if shade not in self.perceived:
            seen = chart_number(shade) + self.rng.randint(-self.error, self.error)
            support = [
                n
                for n in range(seen - self.error, seen + self.error + 1)
                if 1 <= n <= self.cards and n not in self.known
            ] or [min(max(seen, 1), highest_card())]
            self.perceived[shade] = {n: 1 / len(support) for n in support}
        return self.perceived[shade]

    def board(self, seat: int) -> list[dict]:
        return [card for card in self.view["divers"][seat]["slots"] if card is not None]

    # --- valuing a board -----------------------------------------------------------------
    def room(self, slot: int, belief: dict[int, float]) -> float:
        quality = _quality(self.border, self.bottoms, self.cards)
        return sum(p * quality[slot][n] for n, p in belief.items() if n <= self.cards)

    def worth(self, board: list[dict]) -> float:
        """A board's value now, in cards."""
        if len(board) == len(SLOTS):
            return self.style.win
        if not board:
            return 0.0
        return len(board) - self.style.dead_end * (1 - self.room(len(board) - 1, self.belief(board[-1])))

    def take_value(self, seat: int, card: dict) -> float:
        """Expected worth of `seat`'s board after placing `card` in its next slot (and maybe being called)."""
        board = self.board(seat)
        slot = len(board)
        previous = self.belief(board[-1]) if board else {None: 1.0}
        called = self.worth(board[:-1]) if board else 0.0  # a success strips the card and its predecessor
        risk = self.style.call_risk_on_g if slot == LAST else self.style.call_risk
        value = 0.0
        for number, p_card in self.belief(card).items():
            if slot == LAST:
                placed = self.style.win
            else:
                placed = slot + 1 - self.style.dead_end * (1 - self.room(slot, {number: 1.0}))
            for before, p_before in previous.items():
                legal = border.is_legal(slot, number, before, self.border, self.bottoms)
                outcome = placed if legal else (1 - risk) * placed + risk * called
                value += p_card * p_before * outcome
        return value

    def gain(self, seat: int, card: dict) -> float:
        return self.take_value(seat, card) - self.worth(self.board(seat))

    # --- decisions -----------------------------------------------------------------------
    def visible(self, action: dict) -> dict:
        """The card a take/reward action would get."""
        if action["source"] == "deck":
            return self.view["deck"]["top"]
        if action["source"] == "pile":
            return self.view["piles"][action["pile"]]["top"]
        if action["source"] == "discard":
            return {"shade": "", "number": action["card"]}
        raise ValueError(f"no card comes from {action['source']!r}")

    def best_turn(self, legal: list) -> dict:
        takes = [action for action in legal if action["type"] == "take"]
        passes = [action for action in legal if action["type"] == "pass"]
        if takes:
            best = max(takes, key=lambda action: self.gain(self.me, self.visible(action)))
            if (
                not passes
                or self.gain(self.me, self.visible(best)) > self.style.take_margin
                or (self.rng.random() < self.style.impatience)
            ):
                return best
        return self.best_pass(passes)

    def best_pass(self, passes: list) -> dict:
        """Cover the pile whose top card would help the divers after me most."""
        players = self.view["players"]
        followers = [(self.me + step) % players for step in range(1, players)]

        def harm(action: dict) -> float:
            top = self.view["piles"][action["pile"]]["top"]
            if top is None:
                return -1.0
            return sum(
                weight * max(0.0, self.gain(seat, top)) for seat, weight in zip(followers, self.style.turn_weights)
            )

        return max(passes, key=harm)

    def best_reward(self, legal: list) -> dict:
        options = [action for action in legal if action["source"] != "none"]
        if options:
            best = max(options, key=lambda action: self.gain(self.me, self.visible(action)))
            if self.gain(self.me, self.visible(best)) > self.style.take_margin:
                return best
        return {"type": "reward", "source": "none"}

    def should_call(self) -> bool:
        placement = self.view["placement"]
        seat, slot = placement["seat"], placement["slot_index"]
        if slot == LAST:
            return True
        board = self.board(seat)
        card = self.belief(board[slot])
        previous = self.belief(board[slot - 1]) if slot else {None: 1.0}
        illegal = sum(
            p_card * p_before
            for number, p_card in card.items()
            for before, p_before in previous.items()
            if not border.is_legal(slot, number, before, self.border, self.bottoms)
        )
        # Success strips one or two cards from the placer (more urgent the deeper they are) and earns a reward.
        base, per_card, per_slot = self.style.call_gain
        gain = base + per_card * min(slot + 1, 2) + per_slot * slot
        mine = self.board(self.me)
        cost = self.worth(mine) - self.worth(mine[:-1]) if mine else self.style.skip_cost
        return illegal * gain > self.style.call_bias * (1 - illegal) * max(cost, 0.1)


@cache
def _quality(border_line: int, bottoms: int, cards: int) -> tuple[tuple[float, ...], ...]:
    """quality[slot][v] in 0..1: how much room a card v in `slot` leaves to reach G legally from there
    (log of the number of legal ways on, against the best card for that slot). Index 0 is unused."""
    numbers = range(1, cards + 1)
    ways = [[0] * (cards + 1) for _ in SLOTS]
    ways[LAST] = [1] * (cards + 1)
    for slot in range(LAST - 1, -1, -1):
        for v in numbers:
            ways[slot][v] = sum(
                ways[slot + 1][w] for w in numbers if border.is_legal(slot + 1, w, v, border_line, bottoms)
            )
    quality = []
    for slot in range(len(SLOTS)):
        best = max(math.log1p(ways[slot][v]) for v in numbers) or 1.0
        quality.append(tuple(math.log1p(ways[slot][v]) / best for v in range(cards + 1)))
    return tuple(quality)
