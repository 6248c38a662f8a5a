"""The figures of bench/run.py: each reported once (`report`) into the table printed at the end (`ROWS`) and the
JSON object (`FIGURES`); progress goes to stderr (`say`)."""

from __future__ import annotations

import os
import sys

import games

GAMES = os.environ.get("BENCH_GAMES", ",".join(games.built_in())).split(",")  # a few to profile
ROWS: list[tuple] = []
FIGURES: dict[str, float] = {}


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def report(
    key: str,
    name: str,
    figure: float,
    unit: str,
    floor: float | None = None,
    target: str = "-",
    met: bool | None = None,
) -> None:
    FIGURES[key] = round(figure, 3)
    ratio = f"{figure / floor:.2f}" if floor else "-"
    ROWS.append(
        (
            name,
            f"{figure:.1f} {unit}",
            f"{floor:.1f} {unit}" if floor else "-",
            ratio,
            target,
            "-" if met is None else ("yes" if met else "NO"),
        )
    )
    say(f"  {name}: {figure:.2f} {unit}" + (f" (floor {floor:.2f}, ratio {ratio})" if floor else ""))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(len(ordered) * share + 0.5) - 1))] if ordered else 0.0
