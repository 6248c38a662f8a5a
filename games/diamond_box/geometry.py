"""Card geometry on the unbounded grid, and which placements the rules allow.

x grows to the right, y downwards; a placement's (x, y) is the top-left cell of its footprint. Rotation is
clockwise: cell (row r, column c) of the unrotated 2 x 3 card lands, as (row, column) inside the footprint, at
0 -> (r, c) in 2 x 3; 90 -> (c, 1 - r) in 3 x 2; 180 -> (1 - r, 2 - c) in 2 x 3; 270 -> (2 - c, r) in 3 x 2.

A "window" is a footprint-sized rectangle of the grid, read row-major as a string: the visible diamond of each
cell, or "." where the cell is empty. A card fits a window when every non-empty cell matches its diamond, so all
placements of every card are found from the grid's windows and their strings. A board keeps its windows up to date as
cards are placed: a card changes only the windows meeting its footprint.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from itertools import product

from games.diamond_box.cards import colour_bit, colour_of, pattern_of

ROTATIONS = {"all": (0, 90, 180, 270), "half": (0, 180)}
CARD_CELLS = 6
EMPTY = "."
DIAMONDS = "BW"

Size = tuple[int, int]  # (width, height) of a footprint
Cell = tuple[int, int]
Rect = tuple[int, int, int, int]  # x, y, width, height
Window = tuple[int, int, int, int]  # x, y, visible frame colours of covered cells (`colour_bit`s), covered count

_PLACE = {
    0: lambda r, c: (r, c),
    90: lambda r, c: (c, 1 - r),
    180: lambda r, c: (1 - r, 2 - c),
    270: lambda r, c: (2 - c, r),
}


_OFFSETS = {
    (width, height): [(dx, dy) for dy in range(height) for dx in range(width)] for width, height in ((3, 2), (2, 3))
}  # each footprint's cells, row-major


def size(rotation: int) -> Size:
    return (3, 2) if rotation in (0, 180) else (2, 3)


@cache
def oriented(pattern: str, rotation: int) -> str:
    """The pattern's diamonds as laid at `rotation`, row-major over the footprint."""
    width, _ = size(rotation)
    laid = [""] * CARD_CELLS
    for r in range(2):
        for c in range(3):
            row, column = _PLACE[rotation](r, c)
            laid[row * width + column] = pattern[r * 3 + c]
    return "".join(laid)


@cache
def distinct_rotations(pattern: str, allowed: tuple[int, ...]) -> tuple[int, ...]:
    """The allowed rotations, dropping any that lays exactly the same diamonds as an earlier one.

    Only a pattern equal to its 180-degree rotation loses rotations here (180 and 270 repeat 0 and 90);
    the rules treat such a pair as one move, so it is listed once, under the smaller rotation.
    """
    kept: list[int] = []
    for rotation in allowed:
        if not any(size(k) == size(rotation) and oriented(pattern, k) == oriented(pattern, rotation) for k in kept):
            kept.append(rotation)
    return tuple(kept)


def same_move_rotation(pattern: str, rotation: int, allowed: tuple[int, ...]) -> int:
    """The listed rotation that lays the same diamonds as `rotation` (itself unless the pattern is symmetric)."""
    for kept in distinct_rotations(pattern, allowed):
        if size(kept) == size(rotation) and oriented(pattern, kept) == oriented(pattern, rotation):
            return kept
    return rotation


def footprint(rotation: int, x: int, y: int) -> list[Cell]:
    """The footprint's cells, row-major (the order `oriented` uses)."""
    width, height = size(rotation)
    return [(x + dx, y + dy) for dy in range(height) for dx in range(width)]


@lru_cache(maxsize=4096)  # a placed card's cells are asked for at every view of the centre it lies in
def card_cells(card: str, rotation: int, x: int, y: int) -> tuple[tuple[int, int, str], ...]:
    """(x, y, diamond) of each cell the placed card lays down."""
    return tuple(
        (cx, cy, diamond) for (cx, cy), diamond in zip(footprint(rotation, x, y), oriented(pattern_of(card), rotation))
    )


def rect_of(rotation: int, x: int, y: int) -> Rect:
    return (x, y, *size(rotation))


def rects_meet(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@cache
def fits(window: str, diamonds: str) -> bool:
    return all(seen == EMPTY or seen == diamond for seen, diamond in zip(window, diamonds))


@cache
def fitted_by(window: str) -> frozenset[str]:
    """Every diamond string that fits `window` (each empty cell either diamond)."""
    return frozenset(map("".join, product(*(DIAMONDS if seen == EMPTY else seen for seen in window))))


def covering_in(
    card: str, rotations: tuple[int, ...], fitting: Callable[[Size, str], Iterable[Window]]
) -> list[tuple[int, int, int, int]]:
    """(rotation, x, y, covered) of the card's allowed placements among the windows `fitting(size, diamonds)` gives
    (those the laid diamonds fit).

    The order follows the windows' dicts (it depends on the board's history): callers sort or count."""
    bit, pattern = colour_bit(colour_of(card)), pattern_of(card)
    found = []
    for rotation in distinct_rotations(pattern, rotations):
        found += [
            (rotation, x, y, covered)
            for x, y, colours, covered in fitting(size(rotation), oriented(pattern, rotation))
            if not colours & bit
        ]
    return found


def fitting_among(windows: dict[Size, list[tuple[str, Window]]]) -> Callable[[Size, str], list[Window]]:
    """`covering_in`'s source for a few windows read apart, (diamond string, window) by shape."""
    return lambda shape, diamonds: [window for letters, window in windows[shape] if fits(letters, diamonds)]


class Board:
    """The visible top of the centre: cell -> (frame colour, diamond) of the topmost card there.

    Once a shape's windows are asked for, the board keeps them, and which of them each diamond string asked for
    fits, up to date as cards are placed."""

    def __init__(self, grid: dict[Cell, tuple[str, str]] | None = None) -> None:
        self.grid: dict[Cell, tuple[str, str]] = dict(grid or {})
        self._windows: dict[Size, dict[Cell, tuple[str, Window]]] = {}  # origin -> (diamond string, window)
        self._fitting: dict[Size, dict[str, dict[Cell, Window]]] = {}  # laid diamonds -> origin -> window fitted
        self._touching: dict[Size, list[Cell]] = {}

    def copy(self) -> Board:
        """An independent board (nothing mutable shared), its windows copied: cheaper than finding them again."""
        twin = Board(self.grid)
        twin._windows = {shape: dict(windows) for shape, windows in self._windows.items()}
        twin._fitting = {
            shape: {diamonds: dict(fitted) for diamonds, fitted in fitting.items()}
            for shape, fitting in self._fitting.items()
        }
        return twin

    def place(self, card: str, rotation: int, x: int, y: int) -> None:
        colour = colour_of(card)
        for cx, cy, diamond in card_cells(card, rotation, x, y):
            self.grid[(cx, cy)] = (colour, diamond)
        rect = rect_of(rotation, x, y)
        for shape, windows in self._windows.items():  # only the windows meeting the card change (or appear)
            fitting = self._fitting[shape]
            for letters, window in self.windows_near(shape, rect):
                origin = window[:2]
                before = windows.get(origin)
                windows[origin] = (letters, window)
                now = fitted_by(letters)
                if before is not None and before[0] != letters:
                    for diamonds in fitting.keys() & (fitted_by(before[0]) - now):
                        del fitting[diamonds][origin]
                for diamonds in fitting.keys() & now:
                    fitting[diamonds][origin] = window
        self._touching.clear()

    # --- windows ------------------------------------------------------------------------
    def window(self, shape: Size, x: int, y: int) -> tuple[str, int, int]:
        """(diamond string, frame colours seen (`colour_bit`s or'ed), covered count) of the footprint at (x, y)."""
        get = self.grid.get
        tops = [get((x + dx, y + dy)) for dx, dy in _OFFSETS[shape]]
        letters = "".join([EMPTY if top is None else top[1] for top in tops])
        colours = 0
        for top in tops:
            if top is not None:
                colours |= colour_bit(top[0])
        return letters, colours, CARD_CELLS - letters.count(EMPTY)

    def windows_near(self, shape: Size, rect: Rect) -> list[tuple[str, Window]]:
        """(diamond string, window) of the windows covering a cell that meet `rect` (the AI's look-ahead)."""
        width, height = shape
        nx, ny, nw, nh = rect
        found = []
        for y in range(ny - height + 1, ny + nh):
            for x in range(nx - width + 1, nx + nw):
                letters, colours, covered = self.window(shape, x, y)
                if covered:
                    found.append((letters, (x, y, colours, covered)))
        return found

    def covering_windows(self, shape: Size) -> dict[Cell, tuple[str, Window]]:
        """Windows covering at least one occupied cell: origin -> (diamond string, window)."""
        if shape not in self._windows:
            width, height = shape
            origins = {(cx - dx, cy - dy) for cx, cy in self.grid for dx in range(width) for dy in range(height)}
            windows = {}
            for x, y in origins:
                letters, colours, covered = self.window(shape, x, y)
                windows[(x, y)] = (letters, (x, y, colours, covered))  # each origin covers a cell of the grid
            self._windows[shape], self._fitting[shape] = windows, {}
        return self._windows[shape]

    def fitting_windows(self, shape: Size, diamonds: str) -> Iterable[Window]:
        """The covering windows that `diamonds` (laid in `shape`) fit."""
        windows = self.covering_windows(shape)
        fitting = self._fitting[shape]
        fitted = fitting.get(diamonds)
        if fitted is None:
            fitted = fitting[diamonds] = {
                origin: window for origin, (letters, window) in windows.items() if fits(letters, diamonds)
            }
        return fitted.values()

    def touching_windows(self, shape: Size) -> list[Cell]:
        """Origins of all-empty footprints sharing an edge with an occupied cell."""
        if shape not in self._touching:
            width, height = shape
            frontier = {
                (cx + dx, cy + dy) for cx, cy in self.grid for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            } - self.grid.keys()
            origins = {(fx - dx, fy - dy) for fx, fy in frontier for dx in range(width) for dy in range(height)}
            self._touching[shape] = sorted((x, y) for x, y in origins if self.window(shape, x, y)[2] == 0)
        return self._touching[shape]

    # --- placements ---------------------------------------------------------------------
    def covering_placements(self, card: str, rotations: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
        """(rotation, x, y, covered) of every placement covering >= 1 cell that the diamond and frame rules allow."""
        return covering_in(card, rotations, self.fitting_windows)

    def touching_placements(self, card: str, rotations: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
        """(rotation, x, y, 0) of every placement covering nothing but touching the group edge to edge."""
        return [
            (rotation, x, y, 0)
            for rotation in distinct_rotations(pattern_of(card), rotations)
            for x, y in self.touching_windows(size(rotation))
        ]

    def placements(self, card: str, rotations: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
        """Every legal placement of `card`: the covering ones, or, only if there are none, the touching ones."""
        return self.covering_placements(card, rotations) or self.touching_placements(card, rotations)

    def judge(self, card: str, rotation: int, x: int, y: int, rotations: tuple[int, ...]) -> str | None:
        """Why the rules refuse this placement (an error code), or None if they allow it."""
        letters, colours, covered = self.window(size(rotation), x, y)
        if covered:
            if not fits(letters, oriented(pattern_of(card), rotation)):
                return "diamond_mismatch"
            return "frame_clash" if colours & colour_bit(colour_of(card)) else None
        if (x, y) not in self.touching_windows(size(rotation)):
            return "not_touching"
        return "must_cover" if self.covering_placements(card, rotations) else None
