"""Diamond Box in `python -m bot play`: its board drawn with rich, its actions' labels and its
hooks (bot.faces.TerminalFace)."""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from bot.faces import TerminalFace
from bot.faces.diamond_box.words import diamond_card, diamond_rotation
from bot.faces.menus import Choice, Menu, Seated
from bot.faces.text import seat_name
from bot.i18n import t
from bot.tables import Table
from games.data import load
from games.diamond_box.rules import DiamondBoxState

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
                    seat=seat_name(table, last["seat"], locale),
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
                f"{marker}{seat_name(table, seat, locale)} · " + t("diamond_box.view.hand", locale, count=len(hand)),
                style="bold",
            )
        )
        parts.append(diamond_hand(hand))
    return Group(*parts)


def diamond_footprint(card: str, rotation: int, x: int, y: int) -> dict[tuple[int, int], tuple[str, str]]:
    from games.diamond_box.geometry import card_cells

    colour = card.split(":")[0]
    return {(cx, cy): (colour, diamond) for cx, cy, diamond in card_cells(card, rotation, x, y)}


def label(action: dict, view: dict, locale: str) -> str:
    return t(
        "diamond_box.action.place",
        locale,
        card=diamond_card(action["card"], locale),
        rotation=diamond_rotation(action["rotation"], locale),
        x=action["x"],
        y=action["y"],
    )


def private_note(view: dict, seat: int, locale: str) -> str:
    return t("terminal.diamond_box.public", locale)


DIAMOND_PAGE = 9


def cards_menu(session: Seated, seat: int, view: dict) -> Menu:
    """A card first (with how many placements it has and the least penalty), then its placements ranked."""
    state = session.table.started_state
    assert isinstance(state, DiamondBoxState)  # Diamond Box's face: its tables play Diamond Box
    penalties = state.placement_penalties()  # one pass; penalty_of per move searches every time
    choices = []
    for card in view["hands"][seat]:
        moves = [(a, penalty) for a, penalty in penalties if a["card"] == card]
        if not moves:
            continue
        best = min(penalty for _, penalty in moves)
        label = f"{diamond_card(card, session.locale)} — " + t(
            "diamond_box_table.card_summary", session.locale, count=len(moves), best=best
        )
        choices.append(Choice(label, open=partial(places_menu, session.locale, view, card, moves)))
    return Menu(t("diamond_box_table.pick_card", session.locale), choices)


def places_menu(locale: str, view: dict, card: str, moves: list[tuple[dict, int]]) -> Menu:
    ranked = sorted(moves, key=lambda entry: (entry[1], entry[0]["rotation"], entry[0]["y"], entry[0]["x"]))
    choices = [
        Choice(
            t(
                "terminal.diamond_box.option",
                locale,
                penalty=penalty,
                rotation=t(f"diamond_box.rotation.{a['rotation']}", locale),
                x=a["x"],
                y=a["y"],
            ),
            a,
            mark=(a["x"], a["y"]),
        )
        for a, penalty in ranked
    ]

    def marked(shown: list[tuple[int, Choice]]) -> Any:
        marks: dict[tuple[int, int], str] = {}
        for number, choice in shown:
            if choice.mark is not None:
                marks.setdefault(choice.mark, str(number))
        return diamond_grid(view, marks=marks)

    def preview(choice: Choice) -> Any:
        a = choice.action
        assert a is not None  # every choice here is a placement
        return diamond_grid(view, footprint=diamond_footprint(a["card"], a["rotation"], a["x"], a["y"]))

    title = t("terminal.diamond_box.pick_place", locale, card=diamond_card(card, locale), count=len(moves))
    return Menu(title, choices, page_size=DIAMOND_PAGE, draw=marked, confirm=preview)


TERMINAL = TerminalFace(board=diamond_box, label=label, private_note=private_note, menu=cards_menu)
