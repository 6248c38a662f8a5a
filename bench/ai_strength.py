"""How clearly each game's AI beats random play: one AI seat (rotating through the seats) against random seats.

    .venv/bin/python bench/ai_strength.py [--games 400] [--game blue_border] [--players 4]
Prints the AI's win share next to the fair share (1 / players); ties count as a fraction."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.simulate import simulate  # noqa: E402

DEFAULT_PLAYERS = {"blue_border": 4, "diamond_box": 4, "bossa": 2, "deep_dive": 4, "colorse": 4}


def ai_share(game: str, players: int, count: int) -> tuple[float, int]:
    wins, errors = 0.0, 0
    per_seat = max(1, count // players)
    for seat in range(players):
        report = simulate(game, players, per_seat, seed=seat * 100_000, ai_seats=[seat])
        wins += report.wins_by_seat[seat]
        errors += report.errors
    return wins / (per_seat * players), errors


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--game", action="append")
    parser.add_argument("--players", type=int)
    args = parser.parse_args()
    print(f"{'game':<12} {'players':>7} {'games':>6} {'AI wins':>8} {'fair':>6} {'ratio':>6} {'errors':>6} {'s':>6}")
    for game in args.game or games.ids():
        players = args.players or DEFAULT_PLAYERS.get(game, games.get(game).min_players)
        start = time.perf_counter()
        share, errors = ai_share(game, players, args.games)
        fair = 1 / players
        print(f"{game:<12} {players:>7} {args.games:>6} {share:>8.3f} {fair:>6.3f} {share / fair:>6.2f} {errors:>6} "
              f"{time.perf_counter() - start:>6.1f}")


if __name__ == "__main__":
    main()
