"""Median time to render each game's public board (4 players where the game allows), with the time to build its
public view as the floor measured in the same run, so the ratio holds on a noisy machine.

"picture ms" is drawing the board's picture (PNG bytes), what the render pool does; "presenter ms" is building the
message (embed, buttons) around it, which the event loop does; "cold ms" is the picture drawn once right after the
drawing caches were emptied (a fresh worker's first board); "successive ms" is the median over every board of two
new games played at random, each board drawn once, after three others warmed the caches (a worker's steady state:
each board new, its parts mostly drawn before); "message ms" the median over the same positions of building the
whole table message once (its select of moves and its board in words: what the loop does while a move commits);
"bytes" is the PNG's size.

    .venv/bin/python bench/render.py [--rounds 50]
    .venv/bin/python bench/render.py --compare BEFORE AFTER   (two `python -m cogs.gallery` folders, pixel by pixel)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from cogs.gallery import presenter_for, table_for  # noqa: E402


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


def successive_ms(
    game: str, presenter, players: int, warm_games: int = 3, measured_games: int = 2
) -> tuple[float, float]:
    """Median ms to draw each successive public board of `measured_games` random games, and to build each one's
    table message (see the module doc)."""
    spec = games.get(game)
    samples, messages = [], []
    for seed in range(1, warm_games + measured_games + 1):
        state, rng, pictures = spec.new(players, {}, seed), random.Random(seed), []
        for _ in range(60):
            acting = [s for s in state.to_act() if s >= 0]
            if state.finished or not acting:
                break
            seat = rng.choice(acting)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            table = table_for(game, state)
            start = time.perf_counter()
            board = presenter.described(presenter.public(table, "en"), table, None, "en")
            if seed > warm_games:
                messages.append((time.perf_counter() - start) * 1000)
            pictures.append(board.pending_picture())
        for picture in pictures:
            start = time.perf_counter()
            picture()
            if seed > warm_games:
                samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), statistics.median(messages)


def render_details(rounds: int) -> list[dict]:
    """Per game: players, and the medians (ms) of building the public view, the message, and drawing its picture."""
    from bot.render.caches import clear_caches

    rows = []
    for game in games.ids():
        presenter = presenter_for(game)
        players = min(4, games.get(game).max_players)
        state = midgame_state(game, players)
        table = table_for(game, state)
        picture = presenter.public(table, "en").pending_picture()
        clear_caches()
        start = time.perf_counter()
        drawn = picture()
        cold_ms = (time.perf_counter() - start) * 1000
        successive, message = successive_ms(game, presenter, players)
        rows.append(
            {
                "game": game,
                "players": players,
                "view_ms": median_ms(lambda: state.view(None), rounds),
                "presenter_ms": median_ms(lambda: presenter.public(table, "en"), rounds),
                "picture_ms": median_ms(picture, rounds),
                "cold_ms": cold_ms,
                "bytes": len(drawn),
                "successive_ms": successive,
                "message_ms": message,
            }
        )
    return rows


def render_medians(rounds: int) -> list[tuple[str, int, float, float]]:
    """(game, players, median ms to build the public view, median ms to draw the public board's picture)."""
    return [(row["game"], row["players"], row["view_ms"], row["picture_ms"]) for row in render_details(rounds)]


def compare(before: Path, after: Path) -> int:
    """Print every picture of two gallery folders that differs (size, or pixels and the largest channel difference);
    the number that differ."""
    from PIL import Image, ImageChops

    differ = 0
    pictures = sorted(path for path in before.rglob("*.png") if not path.stem.endswith("_252"))
    for path in pictures:
        name = path.relative_to(before)
        other = after / name
        if not other.exists():
            print(f"missing {name}")
            differ += 1
            continue
        old, new = Image.open(path).convert("RGB"), Image.open(other).convert("RGB")
        if old.size != new.size:
            print(f"size    {name}: {old.size} -> {new.size}")
            differ += 1
            continue
        difference = ImageChops.difference(old, new)
        if difference.getbbox():
            pixels = difference.convert("L").point(lambda value: 255 if value else 0).histogram()[255]
            largest = max(high for _low, high in difference.getextrema())
            print(f"pixels  {name}: {pixels} differ, by up to {largest} of 255, within {difference.getbbox()}")
            differ += 1
    print(f"{len(pictures)} pictures compared, {differ} differ")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    rounds = args.rounds
    print(
        f"{'game':<12} {'players':>7} {'view ms':>9} {'presenter ms':>13} {'picture ms':>11} {'ratio':>7} "
        f"{'cold ms':>8} {'successive ms':>14} {'message ms':>11} {'bytes':>7}"
    )
    for row in render_details(rounds):
        print(
            f"{row['game']:<12} {row['players']:>7} {row['view_ms']:>9.3f} {row['presenter_ms']:>13.2f} "
            f"{row['picture_ms']:>11.2f} {row['picture_ms'] / row['view_ms']:>7.0f}x {row['cold_ms']:>8.1f} "
            f"{row['successive_ms']:>14.2f} {row['message_ms']:>11.2f} {row['bytes']:>7}"
        )


if __name__ == "__main__":
    main()
