"""The illustrated rules (/rules): each game's pages, and the engine position each page's picture shows.

The pages live in `data/<game>/rules_pages.json` (order, and per page a named position: a stacked deal, the scripted
actions that reach it, the seat whose view is drawn); their words in `data/<game>/i18n/*.json` as
`rules_page.<game>.<page>.title` and `.body`. A position is replayed through the engine contract, so a script an
engine change makes illegal fails here (IllegalAction) and in the tests, never silently."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache

import games
from games.contract import GameState
from games.data import DATA_DIR, load


@dataclass(frozen=True)
class Position:
    players: int
    stacked: dict
    actions: tuple[tuple[int, dict], ...]
    seat: int | None  # whose view the picture shows; None: the table's public view


@dataclass(frozen=True)
class Page:
    game: str
    id: str
    position: Position

    def key(self, part: str) -> str:
        return f"rules_page.{self.game}.{self.id}.{part}"


def available(game: str) -> bool:
    """Whether `game` has rule pages (every shipped game has)."""
    return game in games.ids() and (DATA_DIR / game / "rules_pages.json").is_file()


@cache
def pages(game: str) -> tuple[Page, ...]:
    document = load(f"{game}/rules_pages.json")
    positions = {
        name: Position(
            players=entry["players"],
            stacked=entry["stacked"],
            actions=tuple((seat, action) for seat, action in entry["actions"]),
            seat=entry.get("seat"),
        )
        for name, entry in document["positions"].items()
    }
    return tuple(Page(game, entry["id"], positions[entry["position"]]) for entry in document["pages"])


@cache
def digest(game: str) -> str:
    """Six hex digits that change when the game's pages change: a pager press from an older set is told so."""
    document = json.dumps(load(f"{game}/rules_pages.json"), sort_keys=True)
    return hashlib.blake2s(document.encode(), digest_size=3).hexdigest()


def reach(game: str, position: Position) -> GameState:
    """The position's state: the stacked deal, then every scripted action through the engine contract."""
    state = games.get(game).new(position.players, {"stacked": position.stacked}, seed=1)
    for seat, action in position.actions:
        state.apply(seat, action)
    return state
