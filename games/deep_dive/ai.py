"""The DEEP DIVE agent: an expected-value diver.

It sees only its seat's view. The chance of each flip outcome at a depth comes from the view's "unseen" tiles
(the sets in play minus everything revealed, which any player can count); it weighs that against the value of
what it could hold now: the gain in its own tableau score, counting incomplete rows at more than half when there
is still time to complete them.
"""

from __future__ import annotations

import random

from games.deep_dive import scoring, tiles
from games.deep_dive.tiles import PREDATOR, ROCK, WATER

TRAP_COST = 0.5  # a trapped penguin ends the dive empty-handed and brings the retreat closer
RANDOM_MOVE_CHANCE = {"easy": 0.3}


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "normal") -> dict:
    if len(legal) == 1:
        return legal[0]
    if rng.random() < RANDOM_MOVE_CHANCE.get(level, 0.0):
        return rng.choice(legal)
    diver = _Diver(view)
    scored = [(diver.action_value(action), index) for index, action in enumerate(legal)]
    best = max(value for value, _ in scored)
    # Near-equal options: pick among them at random, so play does not fall into one fixed line.
    return legal[rng.choice([index for value, index in scored if value >= best - 1e-9])]


class _Diver:
    trap_cost = TRAP_COST  # a penguin trapped, not the last free one
    retreat_cost = TRAP_COST  # the last free penguin trapped: the retreat

    def __init__(self, view: dict) -> None:
        self.view = view
        self.me = view["seat"] if view["seat"] is not None else view["turn"]["diver_seat"]
        self.tableau = view["tableaux"][self.me]
        self.columns = self.tableau["columns"]
        self.deepest = len(view["depths"])
        if view["last_dive"]:
            self.time_left = 0.0
        else:
            self.time_left = 0.3 if view["end_triggered"] else 0.7
        self._continue: dict[int, float] = {}
        self._tile_values: dict[str, float] = {}

    # --- what an action is worth ---------------------------------------------------------
    def action_value(self, action: dict) -> float:
        kind = action["type"]
        depth = self.view["turn"]["depth"]
        if kind == "take":
            return self.tile_value(action["tile"])
        if kind == "flip":
            return self.flip_value(depth)
        if kind == "skip":
            return self.continue_from(depth + 1)
        if kind == "swallow":
            return self.continue_from(action["depth"]) - self.rock_value()
        if kind == "keep":
            return self.tile_value(self.view["turn"]["flipped"])
        if kind == "deeper":
            return self.continue_from(depth + 1)
        if kind == "retreat_take":
            return 0.0 if action["depth"] is None else self.tile_value(action["tile"])
        if kind == "automaton_pick":
            return -self.automaton_gain(action["tile"]) - 0.5 * self.tile_value(action["tile"])
        return 0.0

    def tile_value(self, tile: str) -> float:
        if tile not in self._tile_values:
            food = tiles.parse_food(tile)
            if tile == ROCK:
                value = self.rock_value()
            elif food is None:
                value = 0.0
            else:
                value = self.outlook(scoring.with_food(self.columns, *food)) - self.outlook(self.columns)
            self._tile_values[tile] = value
        return self._tile_values[tile]

    def rock_value(self) -> float:
        """A rock scores nothing; it is worth the deeper start it buys on a later turn."""
        return 2.0 * self.time_left

    def outlook(self, columns: dict[str, list[int]]) -> float:
        """Row score, crediting incomplete rows towards full value by how near completion they are."""
        total = 0.0
        for row in scoring.rows(columns):
            points = [value for value in row.values() if value is not None]
            if len(points) == len(row):
                total += sum(points)
            else:
                chance = self.time_left * len(points) / len(row)
                total += sum(points) * (0.5 + 0.5 * chance)
        return total

    def automaton_gain(self, tile: str) -> float:
        bot = self.view["automaton"]
        rule = tiles.setup_data()["automaton_scoring"][bot["difficulty"]]
        food = tiles.parse_food(tile)
        assert food is not None  # the automaton is given food alone
        colour, points = food
        after = scoring.with_food(bot["columns"], colour, points)
        return scoring.automaton_score(after, bot["rocks"], bot["water"], rule) - scoring.automaton_score(
            bot["columns"], bot["rocks"], bot["water"], rule
        )

    # --- the rest of a dive ---------------------------------------------------------------
    def continue_from(self, depth: int) -> float:
        """Expected value of arriving at `depth` and playing on as well as this model can."""
        if depth > self.deepest:
            return 0.0
        if depth not in self._continue:
            info = self.view["depths"][depth - 1]
            takeable = [slot["tile"] for slot in info["face_up"] if tiles.is_takeable(slot["tile"])]
            if not info["face_down"] and not takeable:
                value = self.continue_from(depth + 1)  # passed through
            else:
                options = [self.tile_value(tile) for tile in takeable]
                if info["face_down"]:
                    options.append(self.flip_value(depth))
                if self.may_skip(depth):
                    options.append(self.continue_from(depth + 1))
                value = max(options)
            self._continue[depth] = value
        return self._continue[depth]

    def flip_value(self, depth: int) -> float:
        unseen = self.view["depths"][depth - 1]["unseen"]
        total = sum(unseen.values())
        if not total:
            return 0.0
        onward = self.continue_from(depth + 1)
        value = 0.0
        for tile, count in unseen.items():
            if tile == WATER:
                outcome = onward
            elif tile == PREDATOR:
                outcome = self.trap_value(depth)
            elif depth == self.deepest:
                outcome = self.tile_value(tile)
            else:
                outcome = max(self.tile_value(tile), onward)
            value += count / total * outcome
        return value

    def trap_value(self, depth: int) -> float:
        trapped = self.tableau["trapped_depths"]
        if len(trapped) + 1 < tiles.penguins_per_player():
            return -self.trap_cost
        # The last free penguin: the retreat brings back the best tile at any trapped depth.
        choices = [
            self.tile_value(slot["tile"])
            for depth_ in set(trapped) | {depth}
            for slot in self.view["depths"][depth_ - 1]["face_up"]
            if tiles.is_takeable(slot["tile"])
        ]
        return max(choices, default=0.0) - self.retreat_cost

    def may_skip(self, depth: int) -> bool:
        info = self.view["depths"][depth - 1]
        return depth in self.tableau["trapped_depths"] or (self.view["end_triggered"] and not info["face_down"])
