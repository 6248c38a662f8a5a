"""bench/run.py's storage section: persisted actions through the storage layer against raw single-row commits."""

from __future__ import annotations

from pathlib import Path

from bench.figures import FIGURES, report, say
from bench.storage import storage_figures
from bench.under_measure import on_database


async def bench_storage(quick: bool, folder: Path) -> None:
    say("persisted actions through the storage layer vs raw single-row commits")
    figures = await storage_figures(on_database(folder / "store.sqlite3"), quick)
    raw = figures["raw_commits_per_s"]
    report("storage_raw_commits_per_s", "raw single-row commits/s", raw, "/s")
    report(
        "storage_sequential_actions_per_s",
        "persisted actions/s, one table at a time",
        figures["sequential_actions_per_s"],
        "/s",
        raw,
        ">= 0.5 x raw",
        figures["sequential_ratio"] >= 0.5,
    )
    report(
        "storage_concurrent_actions_per_s",
        "persisted actions/s, 200 tables at once",
        figures["concurrent_actions_per_s"],
        "/s",
        raw,
        ">= 1.0 x raw",
        figures["concurrent_ratio"] >= 1.0,
    )
    FIGURES["storage_sequential_ratio"] = round(figures["sequential_ratio"], 3)
    report(
        "storage_sequential_ratio_with_openings",
        "the same, tables' replacements timed too: ratio to raw",
        figures["sequential_ratio_with_openings"],
        "x",
    )
    FIGURES["storage_concurrent_ratio"] = round(figures["concurrent_ratio"], 3)
