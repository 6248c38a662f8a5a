"""Fitting the Blue Border strong diver's leaf value (data/blue_border/strong_leaf.json) from self-play.

    .venv/bin/python bench/blue_border_leaf.py [--players 4] [--games 3000] [--seed 50000] [--write]

One seat (rotating) plays the strong level's own rule (games.blue_border.strong.STYLES), the others "hard", as the
strong diver's playouts model them. At every turn's start each seat is described by how many cards it has placed
and how much room its last card leaves (games.blue_border.ai._quality, in BUCKETS bands), and whether it is the
strong seat; a conditional logit (the winner among the seats of that moment, softmax of one weight per seat's
description) is fitted to who won the game. The weights are win chances' logits, comparable across the seats of
one moment: the search's leaf is their softmax. A description seen fewer than MIN_SEEN times takes the nearest
better-room band of the same card count (the strong seat's: the hard seats' weight plus its own offset at that
count). Prints the weights; --write stores them for that table size."""
from __future__ import annotations

import argparse
import collections
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.blue_border import ai, strong  # noqa: E402
from games.blue_border.cards import SLOTS  # noqa: E402
from games.contract import SYSTEM  # noqa: E402
from games.data import DATA_DIR  # noqa: E402

MIN_SEEN = 300
ROUNDS = 400  # gradient steps (Adam)


def described(state, strong_seat: int, buckets: int) -> tuple:
    quality = ai._quality(state.border, state.bottoms, state.options["cards"])
    return tuple((seat == strong_seat, len(board), strong.band(quality, board, buckets))
                 for seat, board in enumerate(state.boards))


def moments(players: int, count: int, seed: int, buckets: int) -> dict:
    """{the seats' descriptions at a turn's start: [times seen, wins by seat]} over `count` games."""
    def own_rule(view, legal, rng):
        return ai.decide(ai._Mind(view, rng, ai.PERCEPTION_ERROR[strong.EYE], strong.style_for(players)), legal)

    seen: dict = collections.defaultdict(lambda: [0, [0.0] * players])
    for number in range(count):
        strong_seat = number % players
        state = games.get("blue_border").new(players, None, seed + number)
        rng = random.Random(seed + number)
        descriptions = []
        while not state.finished:
            if state.phase == "turn":
                descriptions.append(described(state, strong_seat, buckets))
            acting = [seat for seat in state.to_act() if seat >= 0]
            if not acting:
                state.apply(SYSTEM, {"type": "timeout"})
                continue
            seat = rng.choice(acting)
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif seat == strong_seat:
                action = own_rule(state.view(seat), legal, rng)
            else:
                action = ai.choose(state.view(seat), legal, rng, "hard")
            state.apply(seat, action)
        winners = state.result()["winners"]
        for description in descriptions if winners else []:
            entry = seen[description]
            entry[0] += 1
            for winner in winners:
                entry[1][winner] += 1 / len(winners)
    return seen


def fit(seen: dict, buckets: int) -> tuple[list, list]:
    def index(own: bool, cards: int, band: int) -> int:
        return (own * len(SLOTS) + cards) * buckets + band

    size = 2 * len(SLOTS) * buckets
    rows = [([index(*seat) for seat in description], times, wins) for description, (times, wins) in seen.items()]
    total = sum(times for _, times, _ in rows)
    weight, first, second = [0.0] * size, [0.0] * size, [0.0] * size
    for step in range(1, ROUNDS + 1):
        gradient = [0.0] * size
        for indices, times, wins in rows:
            exps = [math.exp(weight[i]) for i in indices]
            norm = sum(exps)
            for i, e, won in zip(indices, exps, wins):
                gradient[i] += won - times * e / norm
        for i in range(size):
            g = gradient[i] / total
            first[i] = 0.9 * first[i] + 0.1 * g
            second[i] = 0.999 * second[i] + 0.001 * g * g
            weight[i] += 0.05 * (first[i] / (1 - 0.9 ** step)) / (math.sqrt(second[i] / (1 - 0.999 ** step)) + 1e-8)
    counts = collections.Counter()
    for description, (times, _) in seen.items():
        for seat in description:
            counts[seat] += times
    zero = weight[index(False, 0, 0)]

    def table(own: bool, base: list | None) -> list:
        rows = []
        for cards in range(len(SLOTS)):
            known = [band for band in range(buckets) if counts[(own, cards, band)] >= MIN_SEEN]
            row = []
            for band in range(buckets):
                if band in known:
                    row.append(weight[index(own, cards, band)] - zero)
                elif base is not None:  # the strong seat: the hard seats' weight plus its own offset
                    top = max(known) if known else None
                    offset = weight[index(own, cards, top)] - zero - base[cards][top] if top is not None else 0.0
                    row.append(base[cards][band] + offset)
                else:
                    near = min([k for k in known if k > band] or known, key=lambda k: abs(k - band))
                    row.append(weight[index(own, cards, near)] - zero)
            rows.append([round(value, 3) for value in row])
        return rows

    others = table(False, None)
    return table(True, others), others


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--buckets", type=int, default=5)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    own, others = fit(moments(args.players, args.games, args.seed, args.buckets), args.buckets)
    entry = {"buckets": args.buckets, "own": own, "others": others,
             "fitted": f"bench/blue_border_leaf.py --players {args.players} --games {args.games} --seed {args.seed}"}
    print(json.dumps(entry))
    if args.write:
        path = DATA_DIR / "blue_border" / "strong_leaf.json"
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        data[str(args.players)] = entry
        path.write_text(compact(data), encoding="utf-8")


def compact(data: dict) -> str:
    """JSON with one line per table row."""
    lines = ["{"]
    for number, (size, entry) in enumerate(sorted(data.items())):
        lines.append(f' "{size}": {{"buckets": {entry["buckets"]}, "fitted": {json.dumps(entry["fitted"])},')
        for key in ("own", "others"):
            rows = ",\n".join(f"    {json.dumps(row)}" for row in entry[key])
            lines.append(f'  "{key}": [\n{rows}\n  ]' + ("," if key == "own" else ""))
        lines.append(" }" + ("," if number < len(data) - 1 else ""))
    return "\n".join(lines + ["}"]) + "\n"


if __name__ == "__main__":
    main()
