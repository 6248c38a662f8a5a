"""The one registry of palette inks: every picture is a palette ('P') image whose indices come from `INKS`, seeded
with the fixed palette (the seats' colours, the games' palettes in data/, then data/inks.json), so every colour is
exact, a colour is resolved once per process, not once per shape, and a part drawn once can be pasted into any
picture as it is. The named colours every picture shares are here too."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from PIL import ImageColor

from games.data import load

BACKGROUND = "#1e2430"
INK = "#f7fafc"
MUTED = "#718096"
HIGHLIGHT = "#f6e05e"
PANEL = "#273041"


def seat_colour(seat: int) -> str:
    colours = load("seats.json")["colours"]
    return colours[seat % len(colours)]


class Inks:
    """The one registry of palette indices: a colour (any form Pillow reads) gets an index the first time it is
    drawn and keeps it for the life of the process. Index 0 is reserved: a sprite's untouched pixels."""

    CLEAR = 0

    def __init__(self, fixed: Callable[[], list[str]] | None = None) -> None:
        self.rgb: list[tuple[int, ...]] = [(255, 0, 255)]
        self._index: dict[object, int] = {}
        self._by_rgb: dict[tuple[int, ...], int] = {}
        self._lock = threading.Lock()
        self._seeding = threading.Lock()
        self._fixed_source = fixed  # the fixed palette, registered before the first colour is drawn
        self.fixed = 1  # indices below this come from the fixed palette (`seed`), the same in every process

    def seed(self, colours: list[str]) -> None:
        """Register `colours` in this order, before anything is drawn: the fixed palette."""
        for colour in colours:
            self._register(colour)
        self.fixed = len(self.rgb)

    def fix(self, source: Callable[[], list[str]]) -> None:
        """Make `source` the fixed palette. Called once drawing began, its new colours are registered at once."""
        with self._seeding:
            if self._fixed_source is not None:
                self._fixed_source = source
                return
        self.seed([colour for colour in source() if colour not in self._index])

    def seed_fixed(self) -> None:
        """The fixed palette, read by `warm` or when the first colour is drawn."""
        with self._seeding:
            if self._fixed_source is not None:
                self.seed(self._fixed_source())
                self._fixed_source = None

    def __call__(self, colour: str | int | Sequence[int]) -> int:
        if self._fixed_source is not None:
            self.seed_fixed()
        return self._register(colour)

    def _register(self, colour: str | int | Sequence[int]) -> int:
        found = self._index.get(colour)
        if found is not None:
            return found
        if isinstance(colour, int):  # already an index
            return colour
        rgb = ImageColor.getrgb(colour)[:3] if isinstance(colour, str) else tuple(colour)[:3]
        with self._lock:
            index = self._by_rgb.get(rgb)
            if index is None:
                if len(self.rgb) >= 256:
                    raise RuntimeError("more than 255 colours drawn: a palette image cannot hold them")
                index = self._by_rgb[rgb] = len(self.rgb)
                self.rgb.append(rgb)
            self._index[colour] = index
        return index


def fixed_palette(games_colours: Sequence[str] = ()) -> list[str]:
    """The seats' colours, the games' colours (`bot.faces` gives each game's, from data/, in the lobby's order), then
    data/inks.json's interface colours: indices every process agrees on."""
    return [*load("seats.json")["colours"], *games_colours, *load("inks.json")["ui"]]


INKS = Inks(fixed_palette)
