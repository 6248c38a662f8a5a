"""bench/run.py's pools section: the render pool's processes against threads and drawing on the event loop."""

from __future__ import annotations

import asyncio
import time

import games
from bench.figures import GAMES, report, say
from bench.under_measure import LoopProbe


async def bench_pools(quick: bool) -> None:
    """Processes against threads: the same distinct boards drawn through each, with the loop-lag probe running."""
    say("render pool: processes vs threads vs on the event loop (the same distinct boards, drawn again each round)")
    from bench.render import midgame_state
    from bot.render_pool import Picture, RenderPool

    pictures = []
    for game in GAMES:
        draw = __import__(f"bot.faces.{game}.image", fromlist=["draw_board"]).draw_board
        for seed in range(4 if quick else 8):
            pictures.append(
                Picture(
                    draw,
                    (
                        midgame_state(game, min(4, games.get(game).max_players), seed=seed, steps=5 + 7 * seed).view(
                            None
                        ),
                    ),
                )
            )
    for kind in ("inline", "thread", "process"):
        pool = RenderPool(kind=kind, cache_size=0)
        if kind == "process":
            pool.warm([f"bot.faces.{game}.image" for game in GAMES])
            # workers started, modules imported, their sprite caches warm (as the threads' are after the inline pass)
            await asyncio.gather(*(pool.draw(p) for p in pictures))
            pool.drawn = 0
        rounds = 3 if quick else 5  # every round draws every board again (no cache)
        async with LoopProbe() as probe:
            start_time, loop_cpu, own_cpu = time.perf_counter(), time.thread_time(), time.process_time()
            for _ in range(rounds):
                await asyncio.gather(*(pool.draw(p) for p in pictures))
            elapsed, loop_cpu = time.perf_counter() - start_time, time.thread_time() - loop_cpu
            own_cpu = time.process_time() - own_cpu
        pool.shutdown()
        report(
            f"render_pool_{kind}_boards_per_s",
            f"boards/s drawn {kind} ({pool.workers} workers)",
            rounds * len(pictures) / elapsed,
            "/s",
        )
        report(
            f"render_pool_{kind}_loop_cpu_ms",
            f"the loop's CPU per board drawn {kind}",
            loop_cpu * 1000 / (rounds * len(pictures)),
            "ms",
        )
        report(
            f"render_pool_{kind}_process_cpu_ms",
            f"the bot's process's CPU per board drawn {kind} (all threads)",
            own_cpu * 1000 / (rounds * len(pictures)),
            "ms",
        )
        report(f"render_pool_{kind}_stall_ms", f"longest loop stall drawing {kind}", probe.worst * 1000, "ms")
        report(
            f"render_pool_{kind}_stall_cpu_ms",
            f"CPU in the loop's longest step drawing {kind}",
            probe.worst_cpu * 1000,
            "ms",
        )
