"""A game's face: everything the host shows of one game, beside its rules (games/<id>/). Each game's Discord
package defines it as `FACE` in `cogs/<id>/face.py`; `face(game_id)` imports that module by name, as discord.py's
`load_extension("cogs.<id>")` loads the cog, so bot/ never imports cogs/ itself.

A face holds functions, never state: the presenter (Discord), the colours its pictures draw from `data/`, the words
of its events and pieces (shared by Discord, the terminal and exported logs), and its terminal board, labels and
hooks (`TerminalFace`). docs/adding-a-game.md walks through every piece."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType

    from bot.describe import Scene
    from bot.tables import Table
    from bot.terminal import Menu, Session

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
    menu: Callable[[Session, int, dict], Menu] | None = None  # (session, seat, view): its own choices menu
    commands: Mapping[str, TerminalCommand] = field(default_factory=lambda: MappingProxyType({}))
    scores: Callable[[Session, dict], list[tuple[str, Any]]] | None = None  # the end's scores: default per seat
    nobody_won: Callable[[dict, str], str | None] | None = None  # (result, locale): who won when no seat did
    event_fields: Callable[[Table, dict, str], dict] | None = None  # fields the terminal words its own way


@dataclass(frozen=True)
class GameFace:
    """Everything the host shows of one game (see the module's docstring)."""

    presenter: Callable[[Any], Any]  # presenter(table_cog): the cogs.presenter.Presenter of its tables
    terminal: TerminalFace
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
    """The game's face: `FACE` of `cogs/<game_id>/face.py`, imported by name. Asked for again, the import is a look-up
    in sys.modules, and never a stale copy: discord.py unloading the cog (as `Bot.close` does) drops its modules, and
    the next import loads the package afresh, face and presenter together."""
    found = _faces.get(game_id)
    if found is not None:
        return found
    return importlib.import_module(f"cogs.{game_id}.face").FACE
