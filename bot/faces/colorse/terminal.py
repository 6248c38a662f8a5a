"""COLORSE in `python -m bot play`: its board drawn with rich, its actions' labels and its
hooks (bot.faces.TerminalFace)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table as Grid
from rich.text import Text

from bot.faces import TerminalFace
from bot.faces.boards import ink_for
from bot.faces.colorse.words import colorse_action, colorse_card
from bot.faces.text import seat_name
from bot.i18n import t
from bot.tables import Table
from games.data import load

PALETTE = load("colorse/palette.json")


def _colorse_entry(entry: dict | None, locale: str) -> Text:
    if entry is None:
        return Text("  ··  ", style="dim")
    if entry.get("face_down"):
        return Text(" ▒▒▒▒ ", style=f"{PALETTE['back_pattern']} on {PALETTE['back']}")
    card = entry["card"]
    if card == "S":
        colour = entry.get("colour")
        label = t("colorse.card.S", locale)[:1] + (t(f"terminal.colorse.short.{colour}", locale) if colour else "")
        return Text(_centred(label, 6), style=f"bold #000000 on {PALETTE[colour] if colour else PALETTE['special']}")
    out = Text()
    width = 6 // len(card)
    for letter in card:
        short = t(f"terminal.colorse.short.{letter}", locale)
        out.append(_centred(short, width), style=f"bold {ink_for(PALETTE[letter])} on {PALETTE[letter]}")
    return out


def _centred(text: str, width: int) -> str:
    spare = max(0, width - cell_len(text))
    return " " * (spare // 2) + text + " " * (spare - spare // 2)


def colorse(table: Table, view: dict, locale: str) -> RenderableType:
    parts: list[RenderableType] = []
    commons = Text()
    for slot, card in enumerate(view["common"]):
        commons.append(f"{slot + 1}:")
        commons.append_text(_colorse_entry(card, locale))
        commons.append("  ")
    commons.append(t("terminal.colorse.deck", locale, count=view["deck_count"]))
    parts.append(commons)
    grid = Grid.grid(padding=(0, 2))
    for _ in range(view["players"]):
        grid.add_column(vertical="top")
    heads, boxes = [], []
    for seat in range(view["players"]):
        notes = ["🏆" * view["round_wins"][seat]] if view["round_wins"][seat] else []
        if seat == view["parent_seat"]:
            notes.append(t("colorse_table.parent", locale))
        if seat == view["child_seat"]:
            notes.append(t("colorse_table.child", locale))
        if view["phase"] == "sign" and seat in (view["parent_seat"], view["child_seat"]):
            notes.append(
                t("colorse_table.chosen", locale)
                if seat in view["chosen_seats"]
                else t("colorse_table.choosing", locale)
            )
        heads.append(Text(seat_name(table, seat, locale) + "\n" + " · ".join(notes), style="bold"))
        box = view["boxes"][seat]
        drawn = Text()
        for row in (1, 0):
            for column in range(3):
                drawn.append_text(_colorse_entry(box[row * 3 + column], locale))
                drawn.append(" ")
            drawn.append("\n")
        held = view["held"][seat]
        if held:
            drawn.append("✋ " + ", ".join(colorse_card(card, locale) for card in held))
        boxes.append(drawn)
    grid.add_row(*heads)
    grid.add_row(*boxes)
    parts.append(grid)
    own = view.get("seat")
    if own is not None:
        mine = []
        if view["sign"]:
            mine.append(f"{t('colorse_table.your_sign', locale)}: {t('colorse.sign.' + view['sign'], locale)}")
        start = view["starting"][own] if view["starting"] else None
        if start and "card" in start:
            mine.append(f"{t('colorse_table.your_start', locale)}: {colorse_card(start['card'], locale)}")
        bonus = [entry["card"] for entry in view["boxes"][own] if entry and entry.get("face_down") and "card" in entry]
        if bonus:
            mine.append(
                f"{t('colorse_table.your_bonus', locale)}: " + ", ".join(colorse_card(c, locale) for c in bonus)
            )
        if mine:
            parts.append(Text(" · ".join(mine), style="bold"))
    return Group(*parts)


def label(action: dict, view: dict, locale: str) -> str:
    return colorse_action(action, locale) or t("terminal.action", locale, kind=action["type"])


TERMINAL = TerminalFace(board=colorse, label=label)
