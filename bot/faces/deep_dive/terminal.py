"""DEEP DIVE in `python -m bot play`: its board drawn with rich, its actions' labels and its
hooks (bot.faces.TerminalFace)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table as Grid
from rich.text import Text

from bot.faces import TerminalFace
from bot.faces.boards import words
from bot.faces.deep_dive.words import deep_dive_action, deep_dive_tile
from bot.faces.menus import Seated
from bot.faces.text import seat_name
from bot.i18n import t
from bot.tables import Table

FOOD_STYLE = {
    "pink": "bold #000000 on #f5a0c8",
    "green": "bold #000000 on #8fd694",
    "yellow": "bold #000000 on #f6e05e",
}
TILE_STYLE = {"water": "#ffffff on #2a6fb0", "rock": "#ffffff on #6b6b6b", "predator": "bold #ffffff on #b02a2a"}


def _dive_tile(tile: str, locale: str) -> Text:
    style = FOOD_STYLE[tile.split(":")[1]] if tile.startswith("food:") else TILE_STYLE.get(tile, "")
    return Text(f" {deep_dive_tile(tile, locale)} ", style=style)


def deep_dive(table: Table, view: dict, locale: str) -> RenderableType:
    turn, bot = view["turn"], view["automaton"]
    trapped: dict[int, list[int]] = {}
    for tableau in view["tableaux"]:
        for depth in tableau["trapped_depths"]:
            trapped.setdefault(depth, []).append(tableau["seat"])
    grid = Grid.grid(padding=(0, 1))
    for _ in range(4):
        grid.add_column()
    for depth in view["depths"]:
        number = depth["depth"]
        face_up = Text()
        counted: dict[tuple[str, int | None], int] = {}
        for entry in depth["face_up"]:  # the same tiles together: "open water ×4"
            key = (entry["tile"], entry["penguin_seat"])
            counted[key] = counted.get(key, 0) + 1
        for (tile, penguin), count in counted.items():
            face_up.append_text(_dive_tile(tile, locale))
            if count > 1:
                face_up.append(f"×{count}")
            if penguin is not None:
                face_up.append("🐧")
            face_up.append(" ")
        here = Text()
        if turn and turn["depth"] == number and not view["finished"]:
            here.append(f"🐧 {seat_name(table, turn['diver_seat'], locale)} ", style="bold")
        if bot and bot["depth"] == number:
            here.append(f"🤖 {t('deep_dive.label.automaton', locale)} ", style="bold")
        for seat in trapped.get(number, []):
            here.append(f"⛓{seat_name(table, seat, locale)} ", style="dim")
        grid.add_row(
            Text(t("deep_dive.label.depth", locale, depth=number), style="bold #9ecbff on #0b2a4a"),
            Text("▒" * min(depth["face_down"], 20) + f" {depth['face_down']}", style="#5b8cc0"),
            face_up,
            here,
        )
    parts: list[RenderableType] = [grid]
    for tableau in view["tableaux"]:
        seat = tableau["seat"]
        head = t(
            "deep_dive.seat_line",
            locale,
            name=seat_name(table, seat, locale),
            score=tableau["score"],
            rows=tableau["complete_rows"],
            rocks=tableau["rocks"],
            free=tableau["free_penguins"],
            total=tableau["free_penguins"] + len(tableau["trapped_depths"]),
        )
        parts.append(words(head))
        parts.append(_rows(tableau["rows"], view["colours"]))
    if bot is not None:
        parts.append(
            words(
                t(
                    "deep_dive.automaton_line",
                    locale,
                    name=t("deep_dive.label.automaton", locale),
                    score=bot["score"],
                    rows=bot["complete_rows"],
                    rocks=bot["rocks"],
                    water=bot["water"],
                    depth=bot["depth"],
                )
            )
        )
        parts.append(_rows(bot["rows"], view["colours"]))
    if view["last_dive"]:
        parts.append(Text(t("deep_dive.label.last_dive", locale), style="bold red"))
    return Group(*parts)


def _rows(rows: list[dict], colours: list[str]) -> Text:
    out = Text("   ")
    for row in rows:
        for colour in colours:
            points = row.get(colour)
            out.append(f"{points if points is not None else '·':^3}", style=FOOD_STYLE[colour] if points else "dim")
        out.append("  ")
    return out


def label(action: dict, view: dict, locale: str) -> str:
    return deep_dive_action(action, locale)


def private_note(view: dict, seat: int, locale: str) -> str:
    return t("deep_dive.private_note", locale)


def automaton(locale: str) -> str:
    return "🤖 " + t("deep_dive.label.automaton", locale)


def scores(session: Seated, result: dict) -> list[tuple[str, Any]]:
    rows = [(session.name(seat), score) for seat, score in enumerate(result.get("scores", []))]
    if isinstance(result.get("automaton"), dict):
        rows.append((automaton(session.locale), result["automaton"]["score"]))
    return rows


def nobody_won(result: dict, locale: str) -> str | None:
    """A solo game the automaton won names it."""
    return automaton(locale) if isinstance(result.get("automaton"), dict) else None


def event_fields(table: Table, event: dict, locale: str) -> dict:
    """The end's line lists every score, the automaton's too, and names it when it won alone."""
    if event["type"] != "game_end":
        return {}
    listed = [f"{seat_name(table, seat, locale)} {score}" for seat, score in enumerate(event["scores"])]
    if "automaton_score" in event:
        listed.append(f"{automaton(locale)} {event['automaton_score']}")
    fields = {"scores": " · ".join(listed)}
    if not event["winner_seats"]:
        solo = "automaton_score" in event
        fields["winner_seats"] = t("deep_dive.label.automaton" if solo else "table.nobody", locale)
    return fields


TERMINAL = TerminalFace(
    board=deep_dive,
    label=label,
    private_note=private_note,
    scores=scores,
    nobody_won=nobody_won,
    event_fields=event_fields,
)
