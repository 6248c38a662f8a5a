"""The rules each lesson meets, derived by playing its script through the engine: for each kind of event, the script
move that first produces it, who plays that move and the coach line standing then. docs/learn.md carries the tables
between its markers (tests/bot/test_learn_doc.py keeps them true); `python -m tests.support.lesson_rules` rewrites
them after a lesson changes."""

from __future__ import annotations

from pathlib import Path

import games
from bot import lessons

DOC = Path(__file__).resolve().parents[2] / "docs" / "learn.md"
START, END = "<!-- lesson tables: python -m tests.support.lesson_rules -->", "<!-- end of lesson tables -->"


def first_events(game: str) -> list[tuple[str, int, int, str | None]]:
    """(event type, script move from 1, its seat, the coach line id after it) for each event type, first seen first."""
    plan, state = lessons.lesson(game), lessons.start(game)
    seen: dict[str, tuple[str, int, int, str | None]] = {}
    for number, (seat, action) in enumerate(plan.script, start=1):
        for event in state.apply(seat, action):
            seen.setdefault(event["type"], (event["type"], number, seat, lessons.moment(game, number)))
    return list(seen.values())


def table(game: str) -> str:
    plan = lessons.lesson(game)
    spec = games.get(game)
    who = {plan.seat: "you", -1: "host (timeout)"}
    rows = [
        f"### {spec.name('en')} ({spec.name('ja')}): {len(plan.script)} scripted moves, you at seat {plan.seat}",
        "",
        "| event (rule met) | move | played by | coach line after it |",
        "| --- | --- | --- | --- |",
    ]
    for kind, number, seat, moment in first_events(game):
        line = f"`{plan.line_key(moment)}`" if moment else ""
        rows.append(f"| `{kind}` | {number} | {who.get(seat, f'AI (seat {seat})')} | {line} |")
    return "\n".join(rows)


def tables() -> str:
    return "\n\n".join(table(game) for game in games.built_in() if lessons.available(game))


def block() -> str:
    return f"{START}\n\n{tables()}\n\n{END}"


def rewrite(text: str) -> str:
    head, rest = text.split(START, 1)
    return head + block() + rest.split(END, 1)[1]


if __name__ == "__main__":
    DOC.write_text(rewrite(DOC.read_text(encoding="utf-8")), encoding="utf-8")
