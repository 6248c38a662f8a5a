"""DEEP DIVE's strong level: an exact expectimax over the flips of one dive, with any number of players.

A dive is small (at most one flip per depth), so every branch is searched: the chance of each flip outcome comes
from the view's "unseen" tiles, as for the normal diver (games/deep_dive/ai.py), so it decides from the seat's view
alone. What differs is the worth of what a dive ends in, tuned against the normal level and the hard automaton:
- a rock is worth little (a deeper start costs a turn of its own) and a trapped penguin costs little beyond its turn
  (its depth becomes skippable); the normal diver's 1.4 points for a rock was its costliest mistake;
- on its last dive against other players, what counts is winning: a final score is worth its chance to beat the
  scores already final and those of the players still to dive (each expected to gain `LAST_GAIN`);
- solo, the margin over the automaton counts: the hard automaton scores about 2.3 points a turn whatever the diver
  does, more than any diver can, so a flip that brings the end nearer is worth the turns it takes off the game
  (`DRAIN` points each), and an incomplete row counts towards full by the turns left (`TIME_SCALE`).
With two players it plays as with 3-6 (tuned on 4 players): 70.3% of 200 games against normal on seeds 17000-17199,
where the ISMCTS it replaced won 63.5%, and 71.2% of 1000 on seeds 23000-23999 (docs/ai.md).
"""

from __future__ import annotations

import math
import random

from games.deep_dive import ai, scoring, tiles

# With 2-6 players: tuned on 4-player games, seeds 20000-20399, one seat against normal seats (docs/ai.md).
ROCK_WORTH = 0.25  # points per unit of time left (the normal diver: 2.0)
TRAP_COST = 0.25  # a trapped penguin (not the last free one), besides the turn it ends
LAST_GAIN = 1.5  # points a player still to make their last dive is expected to add
LAST_SPREAD = 1.5  # how uncertain that is (points that make a lead e times likelier to hold)

# Solo: tuned on seeds 20000-20399 against the hard automaton; points of final margin.
DRAIN = 2.0  # points a turn the automaton gains on the diver: the worth of one turn less
DEPLETION = (1.15, 0.74, 0.5, 0.28, 0.19)  # face-down tiles flipped per turn (both sides) at each depth
SOFTNESS = 1.0  # turns: how near another depth's end must be to count
TIME_SCALE = 20.0  # turns left at which an incomplete row counts as sure to be completed
SOLO_ROCK_WORTH = 0.5
SOLO_TRAP_COST = 0.0
SOLO_RETREAT_COST = 0.5


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    """The action of greatest expected worth (ties: the first, so the choice needs no randomness)."""
    if len(legal) == 1:
        return legal[0]
    diver = (SoloDiver if view["solo"] else StrongDiver)(view)
    values = [diver.action_value(action) for action in legal]
    return legal[values.index(max(values))]


class StrongDiver(ai._Diver):
    trap_cost = TRAP_COST
    rock_worth = ROCK_WORTH

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.final_dive = view["last_dive"] and not view["solo"]
        if self.final_dive:
            players, start = view["players"], view["start_seat"]
            done = (self.me - start) % players  # seats that made their last dive already
            others = [t for t in view["tableaux"] if t["seat"] != self.me]
            self.final_scores = [t["score"] for t in others if (t["seat"] - start) % players < done]
            self.open_scores = [t["score"] for t in others if (t["seat"] - start) % players > done]
            self.standing_chance = self.win_chance(scoring.row_score(self.columns))
            self.trap_cost = self.retreat_cost = 0.0  # a trap only leaves the final score as it stands

    def rock_value(self) -> float:
        return self.rock_worth * self.time_left

    def win_chance(self, score: int) -> float:
        """The last dive: the chance that `score` is the best final score (a tie counts half)."""
        chance = 1.0
        for other in self.final_scores:
            chance *= 1.0 if score > other else 0.5 if score == other else 0.0
        for other in self.open_scores:
            chance /= 1.0 + math.exp((other + LAST_GAIN - score) / LAST_SPREAD)
        return chance

    def tile_value(self, tile: str) -> float:
        if not self.final_dive:
            return super().tile_value(tile)
        food = tiles.parse_food(tile)
        if food is None:
            return 0.0  # a rock scores nothing, and there is no later turn to swallow it
        return self.win_chance(scoring.row_score(scoring.with_food(self.columns, *food))) - self.standing_chance


def turns_left(face_down: list[int]) -> float:
    """Solo: about how many more turns each side takes, until the first depth runs out, then about a round.
    A soft minimum over the depths: any of them may run out first, so every depth near its end brings it nearer."""
    spans = [count / rate for count, rate in zip(face_down, DEPLETION)]
    low = min(spans)
    return 1.0 + low - SOFTNESS * math.log(sum(math.exp((low - span) / SOFTNESS) for span in spans))


class SoloDiver(StrongDiver):
    trap_cost = SOLO_TRAP_COST
    retreat_cost = SOLO_RETREAT_COST
    rock_worth = SOLO_ROCK_WORTH

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
