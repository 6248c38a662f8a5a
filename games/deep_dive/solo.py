"""DEEP DIVE solo, strong level: an exact expectimax over the flips of one dive, valued as the margin over the
hard automaton at the end of the game.

A dive is small (at most one flip per depth), so every branch is searched: the chance of each flip outcome comes
from the view's "unseen" tiles (the normal diver's model, games/deep_dive/ai.py). What differs is the value:
- game length: the hard automaton scores about 2.3 points a turn whatever the diver does, more than any diver
  can (a fresh dive is worth about 1.6 points at best, and over 40% of dives end trapped), so a flip that brings
  the end nearer is worth the turns it takes off the game, `DRAIN` points each;
- an incomplete row counts towards full by the turns left (`TIME_SCALE`), a trapped penguin costs nothing beyond
  the turn (its depth becomes skippable), and a rock is worth little (a deeper start costs a turn of its own).
"""
from __future__ import annotations

import random

from games.deep_dive import ai

# Tuned on seeds 20000-20199 (README, strong-AI section): points of final margin.
DRAIN = 2.0  # points a turn the automaton gains on the diver: the worth of one turn less
DEPLETION = (1.15, 0.74, 0.5, 0.28, 0.19)  # face-down tiles flipped per turn (both sides) at each depth
TIME_SCALE = 20.0  # turns left at which an incomplete row counts as sure to be completed
TRAP_COST = 0.0  # a trapped penguin (not the third), besides the turn it ends
ROCK_WORTH = 0.5


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    """The action of greatest expected margin (ties: the first, so the choice needs no randomness)."""
    if len(legal) == 1:
        return legal[0]
    diver = SoloDiver(view)
    values = [diver.action_value(action) for action in legal]
    return legal[values.index(max(values))]


def turns_left(face_down: list[int]) -> float:
    """About how many more turns each side takes: until the first depth runs out, then about a round."""
    return 1.0 + min(count / rate for count, rate in zip(face_down, DEPLETION))


class SoloDiver(ai._Diver):
    trap_cost = TRAP_COST
    retreat_cost = 0.5

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.piles = [info["face_down"] for info in view["depths"]]
        if view["last_dive"]:
            self.turns = 0.0
        elif view["end_triggered"]:
            self.turns = 1.0
        else:
            self.turns = turns_left(self.piles)
        self.time_left = min(1.0, self.turns / TIME_SCALE)
        self._flip_gains: dict[int, float] = {}

    def rock_value(self) -> float:
        return ROCK_WORTH * self.time_left

    def flip_value(self, depth: int) -> float:
        return super().flip_value(depth) + self.flip_gain(depth)

    def flip_gain(self, depth: int) -> float:
        """The worth of the turns one more flip at `depth` takes off the game (nothing once the end is set)."""
        if self.turns <= 1.0:
            return 0.0
        if depth not in self._flip_gains:
            after = list(self.piles)
            after[depth - 1] -= 1
            shortened = 1.0 if after[depth - 1] <= 0 else max(turns_left(after), 1.0)
            self._flip_gains[depth] = DRAIN * (self.turns - shortened)
        return self._flip_gains[depth]
