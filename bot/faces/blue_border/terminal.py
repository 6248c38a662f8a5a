"""Blue Border in `python -m bot play`: its board drawn with rich, its actions' labels and its
hooks (bot.faces.TerminalFace)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table as Grid
from rich.text import Text

from bot.faces import TerminalCommand, TerminalFace
from bot.faces.boards import hidden, swatch, words
from bot.faces.text import seat_name
from bot.i18n import t
from bot.tables import Table


def blue_border(table: Table, view: dict, locale: str) -> RenderableType:
    settings = view["settings"]
    parts: list[RenderableType] = [
        words(
            t(
                "blue_border.settings_line",
                locale,
                border=settings["border"],
                bottoms=settings["bottoms"],
                round=view["round"],
                rounds=view["rounds"],
            )
        )
    ]
    rules = " · ".join(
        [
            t("blue_border.rule.limit", locale, border=settings["border"]),
            t("blue_border.rule.order", locale),
            t("blue_border.rule.difference", locale, border=settings["border"]),
            t("blue_border.rule.bottoms", locale, bottoms=settings["bottoms"]),
        ]
    )
    parts.append(Text(rules, style="dim"))
    field = Grid.grid(padding=(0, 1))
    heads, tops, counts = [t("blue_border.label.deck", locale)], [], []
    heads += [t("blue_border.label.pile", locale, pile_number=n + 1) for n in range(len(view["piles"]))]
    for card, count in [(view["deck"]["top"], view["deck"]["count"])] + [
        (p["top"], p["height"]) for p in view["piles"]
    ]:
        tops.append(hidden(card["shade"]) if card else Text(" -- ", style="dim"))
        counts.append(Text(f"×{count}", style="dim"))
    for _ in heads:
        field.add_column(justify="center")
    field.add_row(*heads)
    field.add_row(*tops)
    field.add_row(*counts)
    parts.append(field)
    discard = ", ".join(str(n) for n in view["discard"]) or "-"
    parts.append(Text(f"{t('blue_border.label.discard', locale)}: {discard}"))
    grid = Grid.grid(padding=(0, 1))
    grid.add_column()
    for _ in view["slots"]:
        grid.add_column(justify="center")
    grid.add_column()
    grid.add_row("", *[Text(slot, style="bold") for slot in view["slots"]], "")
    for diver in view["divers"]:
        seat = diver["seat"]
        cells = []
        for card in diver["slots"]:
            if card is None:
                cells.append(Text(" ·  ", style="dim"))
            else:
                cells.append(swatch(card["shade"], str(card["number"])) if "number" in card else hidden(card["shade"]))
        notes = [f"{diver['filled']}/7"]
        if view["rounds"] > 1:
            notes.append(f"🏆{view['round_scores'][seat]}")
        if diver["skip"]:
            notes.append(t("blue_border.label.skip", locale))
        marker = "▶ " if seat in view["to_act"] else "  "
        grid.add_row(Text(marker + seat_name(table, seat, locale)), *cells, Text(" · ".join(notes)))
    parts.append(grid)
    return Group(*parts)


def blue_border_chart(view: dict) -> RenderableType:
    rows = []
    chart = view["chart"] or []
    for start in range(0, len(chart), 16):
        line = Text()
        for entry in chart[start : start + 16]:
            line.append_text(swatch(entry["shade"], str(entry["number"])))
        rows.append(line)
    return Group(*rows)


def label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind in ("take", "reward"):
        key = f"blue_border.action.{kind}.{action['source']}"
    elif kind == "pass":
        key = "blue_border.action.pass.pile"
    else:
        key = f"blue_border.action.{kind}"
    pile = action.get("pile")
    return t(key, locale, pile_number=pile + 1 if pile is not None else "", card=action.get("card", ""))


def private_note(view: dict, seat: int, locale: str) -> str:
    return t("blue_border.private_note", locale)


def show_chart(view: dict, locale: str) -> RenderableType | str:
    """The `c` key: the colour chart, where the table's settings show it."""
    if not view["chart"]:
        return "blue_border.error.no_chart"
    return Group(Text(t("blue_border.action.chart", locale), style="bold"), blue_border_chart(view))


TERMINAL = TerminalFace(
    board=blue_border,
    label=label,
    private_note=private_note,
    commands={"c": TerminalCommand("terminal.key.chart", show_chart)},
)
