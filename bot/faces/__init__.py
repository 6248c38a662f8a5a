"""Each game's face: everything shown of one game beside its rules (games/<id>/), free of Discord. The third floor
(docs/architecture.md): it uses the engines and the host services, and the front-ends (the Discord cogs, the
terminal, the command line) use it.

A game's face is `FACE` in `bot/faces/<id>/face.py`; `face(game_id)` imports it from this package by its game's
id, as `games.get` finds an engine. A face holds functions, never state: its public board's picture, the colours
its pictures draw from `data/`, the words of its events and pieces (shared by Discord, the terminal and exported
logs), its board in sentences, and its terminal board, labels and hooks (`TerminalFace`).
docs/adding-a-game.md walks through every piece."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import games
from bot.render import inks

if TYPE_CHECKING:
    from rich.console import RenderableType

    from bot.describe import Scene
    from bot.faces.menus import Menu, Seated
    from bot.tables import Table

Word = Callable[[Any, str], str]
"""An engine value (a card, a tile, a sign) in a locale's words."""


@dataclass(frozen=True)
class TerminalCommand:
    """A key of `python -m bot play` beyond the shared ones: `hint` (a catalogue key) is listed with the keys;
    `show(view, locale)` returns what to print, or a str: the catalogue key of why it cannot be shown now."""

    hint: str
    show: Callable[[dict, str], RenderableType | str]


@dataclass(frozen=True)
class TerminalFace:
    """The game in `python -m bot play` (bot/terminal). Only `board` is required; every hook has a plain default."""

    board: Callable[[Table, dict, str], RenderableType]  # the board drawn from one seat's view (rich)
    label: Callable[[dict, dict, str], str] | None = None  # (action, view, locale): default `<id>.action.<type>`
    private_note: Callable[[dict, int, str], str] | None = None  # (view, seat, locale): a line under the board
    menu: Callable[[Seated, int, dict], Menu] | None = None  # (session, seat, view): its own choices menu
    commands: Mapping[str, TerminalCommand] = field(default_factory=lambda: MappingProxyType({}))
    scores: Callable[[Seated, dict], list[tuple[str, Any]]] | None = None  # the end's scores: default per seat
    nobody_won: Callable[[dict, str], str | None] | None = None  # (result, locale): who won when no seat did
    event_fields: Callable[[Table, dict, str], dict] | None = None  # fields the terminal words its own way


@dataclass(frozen=True)
class GameFace:
    """Everything the host shows of one game (see the module's docstring)."""

    terminal: TerminalFace
    draw_board: Callable[[dict, str], bytes] | None = None  # the public board's picture from view(None) and a locale
    palette: Callable[[], list[str]] = list  # colours its pictures draw from data/: indices every process agrees on
    words: Mapping[str, Word] = field(default_factory=lambda: MappingProxyType({}))  # event field -> its words
    event_extra: Callable[[dict, str], dict] | None = None  # (event, locale): fields worded from several values
    piece_name: Word | None = None  # a hidden piece (`games.checks.Hidden.piece`) in words, for the leak scanner
    image_names: tuple[str, ...] = ()  # the file names its pictures are sent under (nothing secret in them)
    describe: Callable[[Scene], list[str]] | None = None  # a board in sentences (bot/describe.py)


_faces: dict[str, GameFace] = {}


def register(game_id: str, found: GameFace) -> GameFace:
    """Give a game registered outside `games/` (a test's) its face."""
    _faces[game_id] = found
    return found


def face(game_id: str) -> GameFace:
    """The game's face: `FACE` of `bot/faces/<game_id>/face.py` (one of this package's own modules)."""
    found = _faces.get(game_id)
    if found is not None:
        return found
    return importlib.import_module(f"{__name__}.{game_id}.face").FACE


def fixed_palette() -> list[str]:
    """The pictures' fixed palette with every game's colours, in the lobby's order (bot.render.inks)."""
    return inks.fixed_palette([colour for game in games.ids() for colour in face(game).palette()])


inks.INKS.fix(fixed_palette)  # every process that draws a game's picture has imported this package first
