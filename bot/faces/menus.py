"""The choices of `python -m bot play` as a game's face builds them (Diamond Box's card -> placements menus) and
what a face's terminal hooks read of the session (`Seated`): types of the face floor, so a face never imports the
terminal that shows it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.tables import Table

PAGE = 12


class Seated(Protocol):
    """What a terminal hook reads of the session playing: its table, its language and the seats' names."""

    table: Table
    locale: str

    def name(self, seat: int) -> str: ...


@dataclass
class Choice:
    label: str
    action: dict | None = None
    open: Callable[[], Menu] | None = None  # a sub-menu instead of an action (Diamond Box: card -> placements)
    mark: tuple[int, int] | None = None  # a grid cell to label with the choice's number


@dataclass
class Menu:
    title: str
    choices: list[Choice]
    page_size: int = PAGE
    draw: Callable[[list[tuple[int, Choice]]], Any] | None = None  # drawn above a page (e.g. the marked grid)
    confirm: Callable[[Choice], Any] | None = None  # a preview; Enter confirms
    back: Menu | None = None
    page: int = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.choices) // self.page_size))

    def shown(self) -> list[tuple[int, Choice]]:
        start = self.page * self.page_size
        return list(enumerate(self.choices[start : start + self.page_size], start + 1))
