"""BOSSa's strong agent: ISMCTS (games/search.py) over determinised deals.

What it may know: both hands (public once the territories are chosen), the lines, the markers and the tiles out of
play; the deck order and the removed tile are dealt at random from the tiles it cannot see (`ai.determinise`).
Playouts place tiles greedily-at-random for a few plies, then the normal agent's evaluation is squashed to a win
chance. The territory peek and the colour choice come before any search can help: they are the normal agent's."""
from __future__ import annotations

import math
import random

from games.bossa import ai
from games.search import budget_of, ismcts

CANDIDATES = 5  # root moves searched, chosen by the normal agent's look-ahead
PRUNING_SAMPLES = 1
MARGIN = 0.03  # win chance the search must gain to overrule the look-ahead's favourite
HORIZON = 6
TREE_DEPTH = 4
ITERATIONS = 100  # calibrated with bench/ai_strength.py: median decision well under 0.5 s on the 2-core box
STANDING_SCALE = 40.0  # evaluation points that make a ~73% favourite


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    if len(legal) == 1 or view["phase"] != "play":
        return ai.choose(view, legal, rng, "normal")
    searched = candidates(view, legal, rng)
    return ismcts(view, searched, rng, me=view["seat"], determinise=ai.determinise, evaluate=evaluate,
                  iterations=budget_of(level, ITERATIONS), playout=playout, horizon=HORIZON, tree_depth=TREE_DEPTH,
                  default=searched[0], margin=MARGIN)


def candidates(view: dict, legal: list[dict], rng: random.Random) -> list[dict]:
    """The moves worth searching: the best few by the normal agent's look-ahead (its move against the
    opponent's best reply) on a determinisation, plain placements first and the markers only when no placement
    holds, as the normal agent weighs them; an immediate sure win alone."""
    me = view["seat"]
    samples = [ai.determinise(view, rng) for _ in range(PRUNING_SAMPLES)]
    order = list(range(len(legal)))
    rng.shuffle(order)
    for index in order:
        after = samples[0].copy()
        after._apply(me, legal[index])
        if after.winners == [me] and after.end_reason in ai.SURE_WINS:
            return [legal[index]]

    def best_of(indices: list[int]) -> list[tuple[float, int]]:
        return sorted(((sum(ai._look_ahead(state, me, legal[i]) for state in samples) / len(samples), i)
                       for i in indices), reverse=True)

    scored = best_of([index for index in order if legal[index]["type"] == "place"])
    if not scored or scored[0][0] <= ai.RISKY:
        scored = best_of(order)
    return [legal[index] for _, index in scored[:CANDIDATES]]


def evaluate(state) -> list[float]:
    chance = 1 / (1 + math.exp(-ai.evaluate(state, 0) / STANDING_SCALE))
    return [chance, 1 - chance]


def playout(state, seat: int, legal: list[dict], rng: random.Random) -> dict:
    placements = [action for action in legal if action["type"] == "place"]
    if placements:
        most = max(len(action["tiles"]) for action in placements)
        return rng.choice([action for action in placements if len(action["tiles"]) == most])
    return rng.choice(legal)
