"""Each game's board for the terminal, drawn with rich from one seat's view (so the seat's private things are
part of the picture): Blue Border's shades, Diamond Box's grid and hands, BOSSa's lines and hands, DEEP DIVE's
ocean and tableaux, COLORSE's boxes and commons. Colours are true colour; rich falls back to 256 or 16 colours
when the terminal says it has fewer (COLORTERM / TERM), and to none with NO_COLOR."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table as Grid
from rich.text import Text

from bot.i18n import t
from bot.tables import Table
from bot.terminal.labels import ARROWS
from bot.text import seat_name
from bot.words import bossa_tile, colorse_card, deep_dive_tile
from games.data import load

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def words(text: str) -> Text:
    """Catalogue text as rich Text: markup characters kept literally, **bold** made bold."""
    return Text.from_markup(_BOLD.sub(r"[bold]\1[/bold]", escape(text)))


def ink_for(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"


def swatch(hex_colour: str, label: str = "", width: int = 4) -> Text:
    return Text(label.center(width), style=f"bold {ink_for(hex_colour)} on {hex_colour}")


def hidden(hex_colour: str, width: int = 4) -> Text:
    """A card seen only as its shade: solid blocks, so the shade shows even where backgrounds do not."""
    return Text("█" * width, style=f"{hex_colour} on {hex_colour}")


def _name(table: Table, seat: int, locale: str) -> str:
    return seat_name(table, seat, locale)


# --- Blue Border -----------------------------------------------------------------------------------------------------


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
        grid.add_row(Text(marker + _name(table, seat, locale)), *cells, Text(" · ".join(notes)))
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


# --- Diamond Box -----------------------------------------------------------------------------------------------------

_DIAMONDS = load("diamond_box/cards.json")
FRAMES: dict[str, str] = {entry["id"]: entry["rgb"] for entry in _DIAMONDS["colours"]}
SHOWN: dict[str, str] = dict(_DIAMONDS["diamonds"])


GLYPH = {"W": "◇", "B": "◆"}  # readable without colour too


def _cell(colour: str, diamond: str, text: str = "") -> Text:
    return Text(f" {text or GLYPH[diamond]} ", style=f"bold {SHOWN[diamond]} on {FRAMES[colour]}")


def diamond_grid(
    view: dict,
    marks: dict[tuple[int, int], str] | None = None,
    footprint: dict[tuple[int, int], tuple[str, str]] | None = None,
) -> Text:
    """The centre: frame colour behind a white or black diamond per cell; `marks` label cells (the options' top-left
    corners), `footprint` lays a card over the grid ((x, y) -> (colour, diamond)), cells over empty table marked."""
    cells = {(c["x"], c["y"]): c for c in view["grid"]}
    xs = [x for x, _ in cells] + [x for x, _ in (marks or {})] + [x for x, _ in (footprint or {})]
    ys = [y for _, y in cells] + [y for _, y in (marks or {})] + [y for _, y in (footprint or {})]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    out = Text("    ")
    for x in range(x0, x1 + 1):
        out.append(f"{x:^3}", style="dim")
    out.append("\n")
    for y in range(y0, y1 + 1):
        out.append(f"{y:>3} ", style="dim")
        for x in range(x0, x1 + 1):
            cell = cells.get((x, y))
            if footprint and (x, y) in footprint:
                colour, diamond = footprint[(x, y)]
                laid = _cell(colour, diamond, "" if cell else "×")
                laid.stylize("underline reverse" if not cell else "underline")
                out.append_text(laid)
            elif marks and (x, y) in marks:
                out.append(f"{marks[(x, y)]:>3}", style="bold #000000 on #f6e05e")
            elif cell:
                out.append_text(_cell(cell["colour"], cell["diamond"]))
            else:
                out.append(" · ", style="#444444")
        out.append("\n")
    return out


def diamond_hand(hand: list[str]) -> Text:
    out = Text()
    out.append("".join(f"{n:<8}" for n in range(1, len(hand) + 1)) + "\n", style="dim")
    for row in range(2):
        for card in hand:
            colour, pattern = card.split(":")
            for diamond in pattern[row * 3 : row * 3 + 3]:
                out.append(GLYPH[diamond] + " ", style=f"bold {SHOWN[diamond]} on {FRAMES[colour]}")
            out.append("  ")
        out.append("\n")
    return out


def diamond_box(table: Table, view: dict, locale: str) -> RenderableType:
    parts: list[RenderableType] = [Text(t("diamond_box.view.deck", locale, count=view["deck_count"]))]
    last = view["last_move"]
    if last:
        parts.append(
            Text(
                t(
                    "diamond_box_table.last_move",
                    locale,
                    seat=_name(table, last["seat"], locale),
                    penalty=last["penalty"],
                    drawn=last.get("drawn", 0),
                )
            )
        )
    parts.append(diamond_grid(view))
    for seat, hand in enumerate(view["hands"]):
        marker = "▶ " if seat == view["turn_seat"] else "  "
        parts.append(
            Text(
                f"{marker}{_name(table, seat, locale)} · " + t("diamond_box.view.hand", locale, count=len(hand)),
                style="bold",
            )
        )
        parts.append(diamond_hand(hand))
    return Group(*parts)


def diamond_footprint(card: str, rotation: int, x: int, y: int) -> dict[tuple[int, int], tuple[str, str]]:
    from games.diamond_box.geometry import card_cells

    colour = card.split(":")[0]
    return {(cx, cy): (colour, diamond) for cx, cy, diamond in card_cells(card, rotation, x, y)}


# --- BOSSa -----------------------------------------------------------------------------------------------------------

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
            Text(f"{marker}{_name(table, seat, locale)} · 🎲 {die} · {line} · {unused}".replace(" ·  · ", " · "))
        )
    for colour in ("white", "black"):
        line = view["lines"][colour]
        if line["die"] is None:
            continue
        parts.append(Text(""))
        parts.append(
            Text(
                f"{t(f'bossa.line.{colour}', locale)} · {_name(table, line['owner_seat'], locale)} · "
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
        row = Text(f"{_name(table, seat, locale)}: ")
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


# --- DEEP DIVE -------------------------------------------------------------------------------------------------------

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
            here.append(f"🐧 {_name(table, turn['diver_seat'], locale)} ", style="bold")
        if bot and bot["depth"] == number:
            here.append(f"🤖 {t('deep_dive.label.automaton', locale)} ", style="bold")
        for seat in trapped.get(number, []):
            here.append(f"⛓{_name(table, seat, locale)} ", style="dim")
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
            name=_name(table, seat, locale),
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


# --- COLORSE ---------------------------------------------------------------------------------------------------------

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
        heads.append(Text(_name(table, seat, locale) + "\n" + " · ".join(notes), style="bold"))
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
    seat = view.get("seat")
    if seat is not None:
        mine = []
        if view["sign"]:
            mine.append(f"{t('colorse_table.your_sign', locale)}: {t('colorse.sign.' + view['sign'], locale)}")
        start = view["starting"][seat] if view["starting"] else None
        if start and "card" in start:
            mine.append(f"{t('colorse_table.your_start', locale)}: {colorse_card(start['card'], locale)}")
        bonus = [entry["card"] for entry in view["boxes"][seat] if entry and entry.get("face_down") and "card" in entry]
        if bonus:
            mine.append(
                f"{t('colorse_table.your_bonus', locale)}: " + ", ".join(colorse_card(c, locale) for c in bonus)
            )
        if mine:
            parts.append(Text(" · ".join(mine), style="bold"))
    return Group(*parts)


def generic(table: Table, view: dict, locale: str) -> RenderableType:
    acting = set(table.state.to_act())
    return Group(
        *[Text(("▶ " if seat in acting else "  ") + _name(table, seat, locale)) for seat in range(len(table.seats))]
    )


BOARDS: dict[str, Callable[[Table, dict, str], RenderableType]] = {
    "blue_border": blue_border,
    "diamond_box": diamond_box,
    "bossa": bossa,
    "deep_dive": deep_dive,
    "colorse": colorse,
}


def draw(table: Table, view: dict, locale: str) -> RenderableType:
    return BOARDS.get(table.game, generic)(table, view, locale)
