"""DEEP DIVE's strong agent: ISMCTS (games/search.py) whose determinisations deal the face-down piles at random
from the tiles the seat can count as unseen, so averaging over them is an expectimax over every flip.

Everything but the face-down piles and the removed tiles is public; the view gives, per depth, how many tiles are
face down and which tiles are still unseen (the face-down and the removed ones together), which is exactly what
the determiniser deals from. Playouts follow the normal diver for the rest of the round of turns, then the
standings (score, plus half the worth of incomplete rows still open) are turned into win chances.
Solo and with 3-6 players it searches one dive exactly instead (games/deep_dive/expectimax.py)."""
from __future__ import annotations

import random
from collections import Counter

from games.deep_dive import ai, expectimax, scoring, tiles
from games.deep_dive.rules import DeepDiveState
from games.search import budget_of, ismcts, standing_shares

ITERATIONS = 110  # calibrated with bench/ai_strength.py: median decision well under 0.5 s on the 2-core box
HORIZON = 14  # actions after the decision: about one dive of every other player
SCALE = 8.0  # score points that make a seat e times likelier to win
PLAYOUT_LEVEL = "normal"


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    if view["players"] != 2:
        return expectimax.choose(view, legal, rng, level)
    if len(legal) == 1:
        return legal[0]
    return ismcts(view, legal, rng, me=view["seat"], determinise=determinise, evaluate=evaluate,
                  iterations=budget_of(level, ITERATIONS),
                  playout=playout, horizon=HORIZON, tree_depth=6)


def playout(state: DeepDiveState, seat: int, legal: list[dict], rng: random.Random) -> dict:
    return ai.choose(state.view(seat), legal, rng, PLAYOUT_LEVEL)


def _standing(columns: dict, late: bool) -> float:
    score = scoring.row_score(columns)
    open_rows = sum(sum(v for v in row.values() if v is not None) for row in scoring.rows(columns)
                    if None in row.values())
    return score + (0.0 if late else 0.25 * open_rows)


def evaluate(state: DeepDiveState) -> list[float]:
    late = state.last_dive or state.end_triggered
    return standing_shares([_standing(columns, late) for columns in state.columns], SCALE)


def determinise(view: dict, rng: random.Random) -> DeepDiveState:
    """A full state consistent with the view: each depth's face-down pile drawn from its unseen tiles."""
    turn = view["turn"]
    face_down, removed, composition = [], [], []
    for info in view["depths"]:
        unseen = tiles.expand(Counter(info["unseen"]))
        rng.shuffle(unseen)
        face_down.append(unseen[:info["face_down"]])
        removed.append(unseen[info["face_down"]:])
        composition.append(dict(info["unseen"]))
    bot = view["automaton"]
    options = {"difficulty": bot["difficulty"] if bot else "medium", "turn_timeout": 0}
    data = {
        "players": view["players"], "start_seat": view["start_seat"], "current": turn["diver_seat"],
        "phase": turn["phase"], "depth": turn["depth"], "at_start": turn["at_start"], "flipped": turn["flipped"],
        "end_triggered": view["end_triggered"], "last_dive": view["last_dive"], "options": options,
        "face_down": face_down, "removed": removed, "retreat_depths": list(turn["retreat_depths"]),
        "trapped": [list(t["trapped_depths"]) for t in view["tableaux"]],
        "rocks": [t["rocks"] for t in view["tableaux"]],
        "face_up": [[dict(slot) for slot in info["face_up"]] for info in view["depths"]],
        "columns": [{c: list(p) for c, p in t["columns"].items()} for t in view["tableaux"]],
        "automaton": None if bot is None else {
            "depth": bot["depth"], "columns": {c: list(p) for c, p in bot["columns"].items()},
            "rocks": bot["rocks"], "water": bot["water"], "pick_depth": bot["pick_depth"],
            "pick_options": list(bot["pick_options"])},
        "outcome": None, "rng": {"seed": rng.getrandbits(32), "count": 0},
        "composition": composition, "revealed": [{} for _ in view["depths"]],
    }
    return DeepDiveState.from_dict(data)
