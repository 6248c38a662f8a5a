"""COLORSE's strong agent: it reads the other duellist.

Signs are simultaneous, so no search may let the rival "see" our sign. The rule level plays the equilibrium of
its own table of what each sign pair is worth, which against a rival who does not play that equilibrium leaves
points on the table. The strong level models the rival duellist as the rule level: it computes, from the rival's
seat (`rival_view`: this seat's view with everything the rival could not see taken out), the mix the rule level
would play there, and answers it with the sign worth most against that mix on its own table (ラウ/ラウ is replayed:
its worth is the answer's own value). Head to head against the rule level, in 150 three-player games on the same
seeds: 61% of the wins against the rule level's own 36% (an equilibrium-leaning blend, 80% answer and 20%
equilibrium, won 51%; regret matching over played-out sign pairs, the level's first design, 30% of 30).
A player who learns the answer can exploit it; the rule level cannot.

Takes, placements and the starting choices are the rule level's (an ISMCTS with short playouts misjudged them more
often than the rule did). What it may know: its view; nothing in the rival's sign or any hidden card changes it."""

from __future__ import annotations

import random

from games.colorse import ai
from games.colorse.signs import SIGNS

ANSWER_WEIGHT = 1.0  # share of the best answer in the mix (the rest: the equilibrium of its own table)
REPLAYS = 3  # rounds of ラウ/ラウ valued


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "strong") -> dict:
    if len(legal) == 1:
        return legal[0]
    if legal[0]["type"] == "sign":
        mix = sign_mix(view)
        return {"type": "sign", "sign": rng.choices(SIGNS, weights=[mix[sign] for sign in SIGNS])[0]}
    return ai.choose(view, legal, rng, "normal")


def sign_mix(view: dict) -> dict[str, float]:
    """The best answer (ties shared) to the rule level's mix from the rival's seat, blended with the equilibrium
    by ANSWER_WEIGHT."""
    me = view["seat"]
    rival = view["child_seat"] if me == view["parent_seat"] else view["parent_seat"]
    theirs = ai._Reader(rival_view(view, rival)).sign_mix(ai.UNIFORM_BLEND["normal"])
    reader = ai._Reader(view)
    table = reader._sign_table()
    value = 0.0
    for _ in range(REPLAYS):
        table[("rau", "rau")] = value
        worth = {mine: sum(theirs[other] * table[(mine, other)] for other in SIGNS) for mine in SIGNS}
        value = max(worth.values())
    answers = [sign for sign in SIGNS if worth[sign] >= value - 1e-9]
    equilibrium = reader.sign_mix(0.0) if ANSWER_WEIGHT < 1 else {sign: 0.0 for sign in SIGNS}
    return {
        sign: ANSWER_WEIGHT * (1 / len(answers) if sign in answers else 0.0) + (1 - ANSWER_WEIGHT) * equilibrium[sign]
        for sign in SIGNS
    }


def rival_view(view: dict, rival: int) -> dict:
    """What the rival's seat shows, as far as this seat can tell: this seat's face-down cards, sign and starting
    card hidden again. (The rival's own face-down cards stay unknown here: the rule level's reading treats a
    face-down card in a box as colourless anyway.)"""
    me = view["seat"]
    boxes = [[_hidden(entry) if seat == me else entry for entry in box] for seat, box in enumerate(view["boxes"])]
    starting = [
        {"stage": start["stage"]} if seat == me and start is not None and start["stage"] != "special" else start
        for seat, start in enumerate(view["starting"])
    ]
    return {**view, "seat": rival, "boxes": boxes, "starting": starting, "sign": None}


def _hidden(entry: dict | None) -> dict | None:
    if entry is None or not entry.get("face_down"):
        return entry
    return {key: value for key, value in entry.items() if key != "card"}
