"""How long a replay takes to draw: per game, a finished game of at least 200 moves where the game has them (else
its longest of a few seeds), drawn as the bot draws it (`bot.faces.replay.draw_replay` in a render worker
process), beside the floor of replaying its moves through the engine and building the frames' sources in the same run.

"moves" are the record's actions, "frames" the moves that changed the public view (the start included), "shown"
those the GIF keeps (a longer game: a faster pace, then fewer frames); "worker s" is the wall time from asking the
render pool to having the GIF (a fresh worker's imports included), "inline s" the same drawing in this process,
"sources s" the floor; "KiB" the GIF's size (Discord's limit: 10240).

    .venv/bin/python bench/replay.py [--moves 200] [--seeds 12] [--locale ja]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.faces import replay  # noqa: E402
from bot.records import played_by_ai  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402


def played(game: str, players: int, seed: int) -> dict:
    return played_by_ai(game, players, seed)


def long_record(game: str, moves: int, seeds: int) -> dict:
    spec = games.get(game)
    best = None
    for seed in range(1, seeds + 1):
        record = played(game, spec.max_players, seed)
        if best is None or len(record["actions"]) > len(best["actions"]):
            best = record
        if len(best["actions"]) >= moves:
            break
    return best


async def in_worker(record: dict, locale: str) -> tuple[bytes, float]:
    pool = RenderPool(workers=1, kind="process")
    try:
        started = time.perf_counter()
        gif = await pool.draw(replay.replay_picture(record, locale))
        return gif, time.perf_counter() - started
    finally:
        pool.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seeds", type=int, default=12)
    parser.add_argument("--locale", default="ja")
    args = parser.parse_args(argv)
    heads = ("moves", 5), ("frames", 6), ("shown", 5), ("worker s", 8), ("inline s", 8), ("sources s", 9), ("KiB", 6)
    print(f"{'game':<12} " + " ".join(f"{name:>{width}}" for name, width in heads))
    for game in games.ids():
        record = long_record(game, args.moves, args.seeds)
        started = time.perf_counter()
        sources, _ = replay.frame_sources(record)
        floor = time.perf_counter() - started
        gif, worker = asyncio.run(in_worker(record, args.locale))
        started = time.perf_counter()
        replay.draw_replay(record, args.locale)
        inline = time.perf_counter() - started
        shown = Image.open(io.BytesIO(gif)).n_frames
        print(
            f"{game:<12} {len(record['actions']):>5} {len(sources):>6} {shown:>5} {worker:>8.2f} {inline:>8.2f}"
            f" {floor:>9.3f} {len(gif) / 1024:>6.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
