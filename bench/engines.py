"""Per-action engine costs, each game at its most players: `apply`, `to_json` (written on every accepted action),
`GameSpec.load` (a table restored from its saved text), `to_dict` and `from_dict` (a copy of a live state).

    .venv/bin/python bench/engines.py [--games 20] [--seed 0] [--json]

Random play, the same seeds every run: each figure is the median over the run's positions of one call's time (µs),
its cost read from the fastest of `--repeat` timings of that call on that position.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402

GAMES = ("blue_border", "diamond_box", "bossa", "deep_dive", "colorse")
FIGURES = ("apply", "to_json", "load", "to_dict", "from_dict")


def best(call, repeat: int) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1e6


def measure(game: str, count: int, seed: int, repeat: int) -> dict[str, float]:
    spec = games.get(game)
    times: dict[str, list[float]] = {name: [] for name in FIGURES}
    for number in range(count):
        state, rng = spec.new(spec.max_players, {}, seed + number), random.Random(seed + number)
        while not state.finished:
            acting = [seat for seat in state.to_act() if seat >= 0] or ([games.SYSTEM] if state.deadline() else [])
            if not acting:
                break
            seat = acting[0]
            action = rng.choice(state.legal_actions(seat))
            text = state.to_json()
            data = state.to_dict()
            times["to_json"].append(best(state.to_json, repeat))
            times["load"].append(best(lambda: spec.load(text), repeat))
            times["to_dict"].append(best(state.to_dict, repeat))
            times["from_dict"].append(best(lambda: spec.state_class.from_dict(data), repeat))
            twins = [spec.load(text) for _ in range(repeat)]
            times["apply"].append(
                min(best(lambda twin=twin: twin.apply(seat, action, saved=text), 1) for twin in twins)
            )
            state.apply(seat, action, saved=text)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5, help="timings of each call per position (default 5)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    arguments = parser.parse_args()
    figures = {game: measure(game, arguments.games, arguments.seed, arguments.repeat) for game in GAMES}
    if arguments.json:
        print(json.dumps({game: {k: round(v, 2) for k, v in row.items()} for game, row in figures.items()}))
        return
    print(f"{'median µs per call':<20}" + "".join(f"{name:>11}" for name in FIGURES))
    for game, row in figures.items():
        print(f"{game:<20}" + "".join(f"{row[name]:11.1f}" for name in FIGURES))


if __name__ == "__main__":
    main()
