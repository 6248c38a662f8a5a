"""Tuning Blue Border's rule constants (games.blue_border.ai.Style) in self-play against the hard level.

    .venv/bin/python bench/blue_border_style.py [--players 2] [--games 1000] [--seed 110000]
        [--style '{"impatience": 0.0}'] [--vary '{"dead_end": 5.0}' ...]

One seat (rotating: seat n mod players in game n) plays the rule with the strong level's constants
(games.blue_border.strong.STYLES), changed by --style and then by each --vary in turn; the others play "hard",
with the hard eye everywhere. Prints each variant's share of the wins next to the hard level's own share in those
seats on the same seeds. Rule against rule is fast (about 100 two-player games a second), so thousands of games
per variant are cheap; the search on top is measured by bench/ai_strength.py."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.simulate import play_one  # noqa: E402
from games.blue_border import ai, strong  # noqa: E402


def styled(style: ai.Style):
    def agent(view: dict, legal: list, rng: random.Random, _level: str) -> dict:
        if len(legal) == 1:
            return legal[0]
        return ai.decide(ai._Mind(view, rng, ai.PERCEPTION_ERROR[strong.EYE], style), legal)

    return agent


def hard(view: dict, legal: list, rng: random.Random, _level: str) -> dict:
    return ai.choose(view, legal, rng, "hard")


def share(agent, players: int, count: int, seed: int) -> float:
    wins = 0.0
    for number in range(count):
        seat = number % players
        agents = [hard] * players
        agents[seat] = agent
        state, _ = play_one("blue_border", players, seed + number, agents)
        winners = state.result()["winners"]
        wins += 1 / len(winners) if seat in winners else 0.0
    return wins / count


def changes(text: str) -> dict:
    return {key: tuple(value) if isinstance(value, list) else value for key, value in json.loads(text).items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=110_000)
    parser.add_argument("--style", default="{}", help="JSON changes to the strong level's constants")
    parser.add_argument("--vary", action="append", default=[], help="JSON changes tried one at a time")
    args = parser.parse_args()
    base = dataclasses.replace(strong.style_for(args.players), **changes(args.style))
    print(f"hard in those seats (self-play): {share(hard, args.players, args.games, args.seed):.3f}", flush=True)
    for variant in ["{}", *args.vary]:
        style = dataclasses.replace(base, **changes(variant))
        print(f"{variant}: {share(styled(style), args.players, args.games, args.seed):.3f}", flush=True)


if __name__ == "__main__":
    main()
