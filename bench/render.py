"""Median time to render each game's public board (4 players where the game allows), with the time to build its
public view as the floor measured in the same run, so the ratio holds on a noisy machine.

    .venv/bin/python bench/render.py [--rounds 50]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.tables import Seat, Table  # noqa: E402
from cogs.gallery import PRESENTERS  # noqa: E402  (one list of the games' presenters)



def midgame_state(game: str, players: int, seed: int = 1, steps: int = 40):
    spec = games.get(game)
    state = spec.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        acting = [s for s in state.to_act() if s >= 0]
        if state.finished or not acting:
            break
        seat = rng.choice(acting)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def median_ms(work, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def render_medians(rounds: int) -> list[tuple[str, int, float, float]]:
    """(game, players, median ms to build the public view, median ms to render the public board) per game.
    Reading `.image` draws the board's picture here (a bot draws it in its render pool)."""
    rows = []
    for game, target in PRESENTERS.items():
        module, name = target.split(":")
        presenter = getattr(__import__(module, fromlist=[name]), name)(SimpleNamespace(deadlines={}))
        players = min(4, games.get(game).max_players)
        state = midgame_state(game, players)
        table = Table(id=1, game=game, guild_id=1, channel_id=1, message_id=1, host_id=1, status="running",
                      options={}, seed=1, version=1, locale="en", state=state,
                      seats=[Seat(n + 1, f"p{n}") for n in range(players)])
        rows.append((game, players, median_ms(lambda: state.view(None), rounds),
                     median_ms(lambda: presenter.board(table, "en").image, rounds)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    print(f"{'game':<12} {'players':>7} {'view ms':>9} {'board ms':>9} {'ratio':>7}")
    for game, players, view_ms, board_ms in render_medians(rounds):
        print(f"{game:<12} {players:>7} {view_ms:>9.3f} {board_ms:>9.2f} {board_ms / view_ms:>7.0f}x")


if __name__ == "__main__":
    main()
