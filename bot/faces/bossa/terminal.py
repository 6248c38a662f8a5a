"""BOSSa in `python -m bot play`: its board drawn with rich, its actions' labels and its
hooks (bot.faces.TerminalFace)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table as Grid
from rich.text import Text

from bot.faces import TerminalFace
from bot.faces.boards import words
from bot.faces.bossa.words import bossa_tile, bossa_tiles
from bot.faces.menus import Seated
from bot.faces.text import seat_name
from bot.i18n import t
from bot.tables import Table

ARROWS = {"down": "◀", "up": "▶"}
LINE_STYLE = {"white": "bold #000000 on #f0f0f0", "black": "bold #ffffff on #303030"}


def _tile(tile: str, locale: str, colour: str | None = None) -> Text:
    return Text(f" {bossa_tile(tile, locale)} ", style=LINE_STYLE[colour] if colour else "bold #5a3a1a on #e8d3b0")


def bossa(table: Table, view: dict, locale: str) -> RenderableType:
    parts: list[RenderableType] = [
        Text(t("bossa_table.deck_line", locale, deck=view["deck_count"], out=len(view["out_of_play"])))
    ]
    for seat, die in enumerate(view["dice"]):
        colour = view["colours"][seat]
        line = t(f"bossa.line.{colour}", locale) if colour else ""
        unused = " · ".join(t(f"bossa.action.{name}", locale) for name in view["unused_actions"][seat]) or t(
            "bossa_table.seat.no_actions", locale
        )
        marker = "▶ " if seat == view["active_seat"] else "  "
        parts.append(
            Text(f"{marker}{seat_name(table, seat, locale)} · 🎲 {die} · {line} · {unused}".replace(" ·  · ", " · "))
        )
    for colour in ("white", "black"):
        line = view["lines"][colour]
        if line["die"] is None:
            continue
        parts.append(Text(""))
        parts.append(
            Text(
                f"{t(f'bossa.line.{colour}', locale)} · {seat_name(table, line['owner_seat'], locale)} · "
                f"{line['column_count']}/6",
                style="bold",
            )
        )
        grid = Grid.grid(padding=(0, 1))
        cells: list[RenderableType] = []
        ends = line["ends"]
        columns = list(reversed(line["columns"]["down"])) + [None] + line["columns"]["up"]
        for side in ("down",):
            cells.append(_end(ends[side], side, locale))
        for column in columns:
            if column is None:
                cells.append(Text(f"🎲{line['die']}", style="bold"))
                continue
            stack = Text(f"{column['value']}", style="bold")
            for tile in column["tiles"]:
                stack.append("\n")
                stack.append_text(_tile(tile, locale, colour))
            cells.append(stack)
        cells.append(_end(ends["up"], "up", locale))
        for _ in cells:
            grid.add_column(justify="center", vertical="top")
        grid.add_row(*cells)
        parts.append(grid)
    parts.append(Text(""))
    for seat, hand in enumerate(view["hands"]):
        row = Text(f"{seat_name(table, seat, locale)}: ")
        if hand is None:
            row.append(
                t("bossa_table.hand_hidden", locale, name="", count=view["hand_counts"][seat]).lstrip(": "), style="dim"
            )
        else:
            for tile in hand:
                row.append_text(_tile(tile, locale))
                row.append(" ")
        parts.append(row)
    return Group(*parts)


def _end(end: dict | None, side: str, locale: str) -> Text:
    if end is None:
        return Text(t("bossa_table.end_closed", locale, arrow=ARROWS[side]), style="dim")
    sizes = t("bossa_table.or", locale).join(str(size) for size in end["sizes"])
    return words(t("bossa_table.end_needs", locale, arrow=ARROWS[side], value=end["value"], sizes=sizes))


def label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind == "choose":
        return t(f"bossa.action.choose.{action['choice']}", locale)
    if kind == "place":
        end = view["lines"][action["line"]]["ends"][action["side"]] or {"value": "-"}
        head = t(
            "bossa_table.button.end",
            locale,
            line=t(f"bossa_table.line_short.{action['line']}", locale),
            arrow=ARROWS[action["side"]],
            value=end["value"],
        )
        return f"{head}: {bossa_tiles(action['tiles'], locale)}"
    if kind == "stack":
        column = view["lines"][action["line"]]["columns"][action["side"]][action["index"] - 1]
        text = t(
            "bossa_table.option.stack",
            locale,
            line=t(f"bossa_table.line_short.{action['line']}", locale),
            arrow=ARROWS[action["side"]],
            index=action["index"],
            value=column["value"],
            tiles=bossa_tiles(action["tiles"], locale),
        )
        return f"{t('bossa.action.stack', locale)}: {text}"
    if kind == "redraw":
        return f"{t('bossa.action.redraw', locale)}: " + t(
            "bossa_table.option.redraw", locale, tile=bossa_tile(action["tile"], locale)
        )
    if kind == "exchange":
        return f"{t('bossa.action.exchange', locale)}: " + t(
            "bossa_table.option.exchange",
            locale,
            give=bossa_tile(action["give"], locale),
            take=bossa_tile(action["take"], locale),
        )
    return t(f"bossa.action.{kind}", locale)


def private_note(view: dict, seat: int, locale: str) -> str:
    if view["phase"] in ("choose", "choose_colour"):
        return t(
            "bossa_table.private.peek" if view["hands"][seat] is not None else "bossa_table.private.hidden", locale
        )
    return t("bossa_table.private.open", locale)


def scores(session: Seated, result: dict) -> list[tuple[str, Any]]:
    """The tiles each player still holds (what decides a game whose deck ran out)."""
    counts = session.table.started_state.view(None)["hand_counts"]
    return [(session.name(seat), count) for seat, count in enumerate(counts)]


TERMINAL = TerminalFace(board=bossa, label=label, private_note=private_note, scores=scores)
