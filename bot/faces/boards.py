"""Drawing helpers the games' terminal boards share (each game's board is its face's `terminal.board`, in
`bot/faces/<id>/terminal.py`), drawn with rich from one seat's view, so the seat's private things are part of the
picture. Colours are true colour; rich falls back to 256 or 16 colours when the terminal says it has fewer
(COLORTERM / TERM), and to none with NO_COLOR."""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text

from bot.faces import face
from bot.faces.text import seat_name
from bot.tables import Table

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


def generic(table: Table, view: dict, locale: str) -> RenderableType:
    """A plain board for a game without its own: the seats, the one(s) to act marked."""
    acting = set(table.started_state.to_act())
    return Group(
        *[Text(("▶ " if seat in acting else "  ") + seat_name(table, seat, locale)) for seat in range(len(table.seats))]
    )


def draw(table: Table, view: dict, locale: str) -> RenderableType:
    """The game's own board (its face's `terminal.board`) from one seat's view."""
    return face(table.game).terminal.board(table, view, locale)
