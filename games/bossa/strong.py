"""BOSSa's strong agent: ISMCTS (games/search.py) over determinised deals.

What it may know: both hands (public once the territories are chosen), the lines, the markers and the tiles out of
play; the deck order and the removed tile are dealt at random from the tiles it cannot see (`ai.determinise`).
Playouts play to the end of the game: the largest column, on the player's own line 4 times in 5 when it can, never
the rival's sixth column (the normal agent's evaluation, squashed to a win chance, only scores a playout cut short).
The territory peek always takes a colour (see `choose_territory`); the other player's colour choice, made before
any hand is seen, is the normal agent's."""

from __future__ import annotations

import math
import random

from games.bossa import ai
from games.bossa.lines import column_total
from games.bossa.tiles import COLOURS
from games.search import budget_of, ismcts

CANDIDATES = 8  # root moves searched: the normal look-ahead's best (5: 8 points fewer in 300 games, 300 iterations)
PRUNING_SAMPLES = 1
MARGIN = 0.0  # win chance the search must gain to overrule the look-ahead's favourite (playouts to the end: trust them)
HORIZON = 30  # play out to the end (a game is ~12 turns): true win shares beat the hand-tuned evaluation
TREE_DEPTH = 4
ITERATIONS = 700  # playouts per decision; its time per decision: docs/ai.md
OWN_LINE = 0.8  # playouts: chance of growing its own line when a largest placement there exists
STANDING_SCALE = 40.0  # evaluation points that make a ~73% favourite


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "choose":
        return choose_territory(view, rng)
    if view["phase"] != "play":
        return ai.choose(view, legal, rng, "normal")
    searched = candidates(view, legal, rng)
    return ismcts(
        view,
        searched,
        rng,
        me=view["seat"],
        determinise=ai.determinise,
        evaluate=evaluate,
        iterations=budget_of(level, ITERATIONS),
        playout=playout,
        horizon=HORIZON,
        tree_depth=TREE_DEPTH,
        default=searched[0],
        margin=MARGIN,
    )


def choose_territory(view: dict, rng: random.Random) -> dict:
    """The peek: always a colour, never the first move (the second player wins ~55% of the rule level's
    self-play: it draws first onto a line already started); the colour this hand fits better."""
    fits = {colour: ai._fitting_tiles(ai._hypothetical_start(view, colour), view["seat"]) for colour in COLOURS}
    best = max(fits.values())
    return {"type": "choose", "choice": rng.choice([colour for colour in COLOURS if fits[colour] == best])}


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
        return sorted(
            ((sum(ai._look_ahead(state, me, legal[i]) for state in samples) / len(samples), i) for i in indices),
            reverse=True,
        )

    scored = best_of([index for index in order if legal[index]["type"] == "place"])
    if not scored or scored[0][0] <= ai.RISKY:
        scored = best_of(order)
    return [legal[index] for _, index in scored[:CANDIDATES]]


def evaluate(state) -> list[float]:
    chance = 1 / (1 + math.exp(-ai.evaluate(state, 0) / STANDING_SCALE))
    return [chance, 1 - chance]


def playout(state, seat: int, legal: list[dict], rng: random.Random) -> dict:
    placements = [action for action in legal if action["type"] == "place"]
    rival_line = state.colours[1 - seat]
    if column_total(state.lines[rival_line]) >= 5:  # its sixth column would win the game for the rival
        placements = [
            action
            for action in placements
            if action["line"] != rival_line or len(action["tiles"]) == len(state.hands[seat])
        ] or placements
    if placements:
        most = max(len(action["tiles"]) for action in placements)
        largest = [action for action in placements if len(action["tiles"]) == most]
        own = [action for action in largest if action["line"] == state.colours[seat]]
        return rng.choice(own if own and rng.random() < OWN_LINE else largest)
    return rng.choice(legal)
