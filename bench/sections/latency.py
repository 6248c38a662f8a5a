"""bench/run.py's latency section: 200 tables of the five games, 10 people pressing at once."""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

from bench.figures import FIGURES, GAMES, percentile, report, say
from bench.host import people_apart
from bench.people import run_queue_seconds
from bench.under_measure import LoopProbe, config, start
from bot import render_pool
from cogs.client import BodogeBot


async def bench_latency(quick: bool, folder: Path) -> None:
    """The bot under measure alone in this process; the fake Discord and the people press through it in a process
    of their own (bench/people.py), told each committed change of a table by a listener here."""
    say(
        "200 tables of the five games (40 each), 10 people pressing at once (Discord and the people in a process "
        "of their own)"
    )
    seconds = 8.0 if quick else 20.0
    async with people_apart(folder) as apart:
        link, tell_times = apart.link, apart.tell_times
        bot = BodogeBot(
            config(apart.token, apart.api_base, folder / "latency.sqlite3", race_grace=0.35), settle_memory=True
        )
        apart.watch(bot)
        task = await start(apart.token, bot)
        tables = [await apart.table(game) for game in GAMES for _ in range(40)]
        await link.call("tables", tables)
        await bot.get_cog("TableCog").refresher.flush()

        async def load(people: int, duration: float) -> tuple[list, float, float]:
            async with LoopProbe() as probe:
                start_time, loop_cpu, own_cpu = time.perf_counter(), time.thread_time(), time.process_time()
                queued, told_before = run_queue_seconds(), len(tell_times)
                run = await link.call("load", people, duration)
                elapsed = time.perf_counter() - start_time
                loop_cpu, own_cpu = time.thread_time() - loop_cpu, time.process_time() - own_cpu
                queued = run_queue_seconds() - queued
            accepted = max(run["accepted"], 1)
            # the loop's CPU per accepted action (its thread) and the whole process's, and the people's process's
            # (the fake Discord and the people): on a busy machine these hold where rates and latencies swing
            CPU[people] = (
                loop_cpu * 1000 / accepted,
                own_cpu * 1000 / accepted,
                loop_cpu / elapsed,
                queued / elapsed,
                run["cpu"] * 1000 / accepted,
                run["cpu"] / run["elapsed"],
                run["queued"] / run["elapsed"],
                tell_times[told_before:],
            )
            FIGURES["loop_stall_cpu_max_ms"] = round(
                max(FIGURES.get("loop_stall_cpu_max_ms", 0), probe.worst_cpu * 1000), 1
            )
            FIGURES["gc_pause_max_ms"] = round(max(FIGURES.get("gc_pause_max_ms", 0), probe.worst_gc * 1000), 1)
            FIGURES["gc_full_collections"] = FIGURES.get("gc_full_collections", 0) + probe.full_gcs
            FIGURES["gc_pause_cpu_max_ms"] = round(
                max(FIGURES.get("gc_pause_cpu_max_ms", 0), probe.worst_gc_cpu * 1000), 1
            )
            return run["presses"], run["accepted"] / run["elapsed"], probe.worst * 1000

        await link.call("settle")  # the people's process forgets the setup's history from now on
        async with LoopProbe() as probe:
            await asyncio.sleep(1.0)
        report(
            "loop_stall_idle_ms",
            "longest loop stall with nothing to do (the machine's noise)",
            probe.worst * 1000,
            "ms",
        )
        CPU: dict[int, tuple] = {}
        presses, rate, stall = await load(10, seconds)
        report("latency_loop_cpu_per_action_ms", "the bot's loop's CPU per accepted action", CPU[10][0], "ms")
        report(
            "latency_process_cpu_per_action_ms",
            "the bot's process's CPU per accepted action (all threads)",
            CPU[10][1],
            "ms",
        )
        report("latency_loop_busy_share", "share of the run's wall time the loop was on a CPU", CPU[10][2], "")
        report("latency_loop_cpu_wait_share", "share of it the loop waited, runnable, for a CPU", CPU[10][3], "")
        report(
            "latency_people_cpu_per_action_ms",
            "the people's process's CPU per accepted action (fake Discord)",
            CPU[10][4],
            "ms",
        )
        report(
            "latency_people_busy_share",
            "share of the run's wall time the people's process was on a CPU",
            CPU[10][5],
            "",
        )
        report(
            "latency_people_cpu_wait_share", "share of it the people's loop waited, runnable, for a CPU", CPU[10][6], ""
        )
        report(
            "latency_tell_median_us",
            "telling the people a table's change (bot's loop), median",
            statistics.median(CPU[10][7] or [0]) * 1e6,
            "us",
        )
        report(
            "latency_tell_mean_us",
            "the same, mean (a collection it happened to start included)",
            statistics.fmean(CPU[10][7] or [0]) * 1e6,
            "us",
        )
        report(
            "loop_stall_cpu_max_ms",
            "CPU the loop spent in its longest step (noise removed)",
            FIGURES["loop_stall_cpu_max_ms"],
            "ms",
        )
        report("gc_pause_max_ms", "longest garbage collection in that run", FIGURES["gc_pause_max_ms"], "ms")
        report(
            "gc_pause_cpu_max_ms", "CPU of the longest collection (noise removed)", FIGURES["gc_pause_cpu_max_ms"], "ms"
        )
        plain = [ms for ms, race in presses if not race]
        races = [ms for ms, race in presses if race]
        report("latency_p50_ms", "p50 press latency, 200 tables, 10 people", statistics.median(plain), "ms")
        p99 = percentile(plain, 0.99)
        report("latency_p99_ms", "p99 press latency, 200 tables, 10 people", p99, "ms", None, "< 150 ms", p99 < 150)
        report("latency_presses", "presses timed (first-press races apart)", len(plain), "presses")
        if races:
            report(
                "latency_race_p50_ms",
                "p50 first-press race press (waits the grace window)",
                statistics.median(races),
                "ms",
            )
            report("latency_race_p99_ms", "p99 first-press race press", percentile(races, 0.99), "ms")
        report("latency_actions_per_s", "accepted actions/s in that run", rate, "/s")
        report("loop_stall_max_ms", "longest event-loop stall in that run", stall, "ms", None, "< 50 ms", stall < 50)

        say("  sustained rate: more people at once until p99 passes 250 ms")
        best = 0.0
        for people in [10, 40] if quick else [5, 10, 20, 40, 80]:
            presses, rate, stall = await load(people, seconds / 2)
            p99 = percentile([ms for ms, race in presses if not race], 0.99)
            say(
                f"    {people} people: {rate:.1f} actions/s, p99 {p99:.0f} ms, longest stall {stall:.0f} ms, "
                f"loop CPU {CPU[people][0]:.2f} ms an action ({CPU[people][1]:.2f} all threads), "
                f"loop on a CPU {CPU[people][2]:.0%} of the time, waiting for one {CPU[people][3]:.0%}; "
                f"the people's process {CPU[people][4]:.2f} ms an action, on a CPU {CPU[people][5]:.0%}, "
                f"waiting for one {CPU[people][6]:.0%}"
            )
            FIGURES[f"sustained_{people}_people_loop_cpu_per_action_ms"] = round(CPU[people][0], 3)
            FIGURES[f"sustained_{people}_people_loop_busy_share"] = round(CPU[people][2], 3)
            FIGURES[f"sustained_{people}_people_loop_cpu_wait_share"] = round(CPU[people][3], 3)
            FIGURES[f"sustained_{people}_people_people_process_cpu_per_action_ms"] = round(CPU[people][4], 3)
            FIGURES[f"sustained_{people}_people_people_process_cpu_wait_share"] = round(CPU[people][6], 3)
            FIGURES[f"sustained_{people}_people_actions_per_s"] = round(rate, 1)
            FIGURES[f"sustained_{people}_people_p99_ms"] = round(p99, 1)
            if p99 < 250:
                best = max(best, rate)
        report(
            "sustained_actions_per_s", "sustained actions/s with p99 < 250 ms", best, "/s", None, ">= 200", best >= 200
        )
        FIGURES["render_cache_hits"] = render_pool.shared().hits
        FIGURES["render_pictures_drawn"] = render_pool.shared().drawn
        await bot.close()
        await task
