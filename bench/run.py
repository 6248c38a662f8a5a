"""Bodoge Host benchmarks with the five real games: each figure is measured in the same run as its floor, so ratios
hold on a noisy machine.

    .venv/bin/python bench/run.py [--quick] [--json] [--only latency,pools] [--postgres | --database postgresql://...]

Progress goes to stderr; stdout gets the table of figures, or with --json one JSON object (every figure). People
press through the loopback fake Discord (tests/fakediscord) as a person would, boards and images
included, the same way tests/support/drive.py plays whole games.

The games and latency sections run the fake Discord and its people in a process of their own (bench/people.py):
the bot under measure (its loop, storage and render workers) is alone in this process, as it would be beside the
real Discord, and the loop-lag probe, the CPU, the collections and the run-queue waits measured here are the bot's;
press latencies, and the bot's REST calls, are counted where the people are. A listener on the bot's table service
writes each table's version, status and who may act into a map both processes share (`States`); this process
drives the people's over a socket (`bench/link.py`, `bench/host.py`), and they ask it for new tables there.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.figures import FIGURES, GAMES, ROWS  # noqa: E402
from bench.sections.games import bench_games  # noqa: E402
from bench.sections.latency import bench_latency  # noqa: E402
from bench.sections.pools import bench_pools  # noqa: E402
from bench.sections.render import bench_render  # noqa: E402
from bench.sections.storage import bench_storage  # noqa: E402
from bench.under_measure import CLEANUP, use_postgres  # noqa: E402
from bot import render_pool  # noqa: E402
from cogs.client import tune_gc  # noqa: E402

SECTIONS = ("games", "latency", "storage", "render", "pools")


async def run_all(quick: bool, only: tuple[str, ...] = SECTIONS) -> None:
    tune_gc()  # as `python -m bot run` does
    render_pool.shared().warm([f"bot.faces.{game}.image" for game in GAMES])
    with tempfile.TemporaryDirectory() as folder:
        if "games" in only:
            await bench_games(quick, Path(folder))
        if "latency" in only:
            await bench_latency(quick, Path(folder))
        if "storage" in only:
            await bench_storage(quick, Path(folder))
    if "render" in only:
        bench_render(quick)
    if "pools" in only:
        await bench_pools(quick)


async def main(quick: bool, as_json: bool, only: tuple[str, ...] = SECTIONS) -> None:
    started = time.perf_counter()
    try:
        await run_all(quick, only)
        FIGURES["bench_seconds"] = round(time.perf_counter() - started, 1)
        if as_json:
            print(json.dumps(FIGURES))
        else:
            print(f"{'figure':<58} {'value':>14} {'floor':>14} {'ratio':>6}  {'target':<16} met")
            for row in ROWS:
                print(f"{row[0]:<58} {row[1]:>14} {row[2]:>14} {row[3]:>6}  {row[4]:<16} {row[5]}")
    except BaseException:
        traceback.print_exc()
    finally:
        for stop in CLEANUP:
            stop()
        render_pool.shared().shutdown()
        sys.stdout.flush()
        os._exit(0)  # do not wait on a half-closed benchmark bot after an error


if __name__ == "__main__":
    logging.disable(logging.WARNING)  # here, not on import: a test importing this module keeps its logging
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller sizes (about a minute)")
    parser.add_argument("--json", action="store_true", help="print one JSON object of figures")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="run on a throw-away PostgreSQL server (durable) instead of SQLite files",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="run on this PostgreSQL server (postgresql://...; a fresh database per section)",
    )
    parser.add_argument(
        "--only",
        metavar="SECTIONS",
        default=",".join(SECTIONS),
        help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)",
    )
    arguments = parser.parse_args()
    only = tuple(name.strip() for name in arguments.only.split(",") if name.strip())
    if unknown := set(only) - set(SECTIONS):
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    if arguments.postgres or arguments.database:
        use_postgres(arguments.database)
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    asyncio.run(main(arguments.quick, arguments.json, only))
