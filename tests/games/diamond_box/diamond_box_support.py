"""Shared helpers for the Diamond Box tests: stacked games and an independent reading of the rules' geometry."""

from __future__ import annotations

from functools import cache

from games.diamond_box import SPEC
from games.diamond_box.cards import card_ids

# Patterns that never cover the test layouts' full windows (BBBWWW, BWBWBW, BBWWWB) in any rotation.
FILLER_PATTERNS = ["BBWBWW", "BWBBWW", "WBBWBW", "BWWBBW", "BBWWBW", "BWBWWB", "WBBBWW"]
FILLERS = [
    f"{colour}:{pattern}" for pattern in FILLER_PATTERNS for colour in ("red", "blue", "green", "yellow", "purple")
]


def stacked_state(
    hands: list[list[str]],
    centre: tuple[str, str] = ("blue:BBBWWW", "red:BBBWWW"),
    rest: list[str] | None = None,
    extra: int | None = None,
    tiebreak: int = 0,
    **options,
):
    """A game whose deck is `centre`, then each seat's five cards, then `rest` (default: unused fillers and
    then every other unused card), cut to `extra` cards after the deal when given."""
    used = [*centre, *(card for hand in hands for card in hand)]
    if rest is None:
        rest = [card for card in FILLERS + card_ids() if card not in used]
        rest = list(dict.fromkeys(rest))
    rest = [card for card in rest if card not in used]
    if extra is not None:
        rest = rest[:extra]
    deck = used + rest
    return SPEC.new(len(hands), {**options, "stacked": {"deck": deck, "start_tiebreak": tiebreak}})


def fillers(count: int, avoid: list[str] = ()) -> list[str]:
    return [card for card in FILLERS if card not in avoid][:count]


# --- the rules file's geometry, restated independently --------------------------------------
@cache
def laid_rows(pattern: str, rotation: int) -> tuple[str, ...]:
    """The diamonds of a card laid at `rotation`, as rows of its footprint (rules: "Engine actions")."""
    width, height = (3, 2) if rotation in (0, 180) else (2, 3)
    rows = [[""] * width for _ in range(height)]
    for r in range(2):
        for c in range(3):
            row, column = {0: (r, c), 90: (c, 1 - r), 180: (1 - r, 2 - c), 270: (2 - c, r)}[rotation]
            rows[row][column] = pattern[r * 3 + c]
    return tuple("".join(row) for row in rows)


def laid_cells(card: str, rotation: int, x: int, y: int) -> dict[tuple[int, int], str]:
    pattern = card.split(":")[1]
    return {
        (x + column, y + row): diamond
        for row, line in enumerate(laid_rows(pattern, rotation))
        for column, diamond in enumerate(line)
    }


def grid_of(state) -> dict[tuple[int, int], tuple[str, str]]:
    return {(cell["x"], cell["y"]): (cell["colour"], cell["diamond"]) for cell in state.view(None)["grid"]}


def oracle_placements(grid: dict, hand: list[str], rotations: tuple[int, ...]) -> set[tuple[str, int, int, int]]:
    """Every legal (card, rotation, x, y), by brute force over a box around the group."""
    xs, ys = [x for x, _ in grid], [y for _, y in grid]
    found = set()
    for card in hand:
        colour = card.split(":")[0]
        covering, touching = set(), set()
        for rotation in rotations:
            for x in range(min(xs) - 3, max(xs) + 2):
                for y in range(min(ys) - 3, max(ys) + 2):
                    cells = laid_cells(card, rotation, x, y)
                    covered = [cell for cell in cells if cell in grid]
                    if covered:
                        if all(grid[cell][1] == cells[cell] and grid[cell][0] != colour for cell in covered):
                            covering.add((card, rotation, x, y))
                    elif any(
                        (cx + dx, cy + dy) in grid for cx, cy in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    ):
                        touching.add((card, rotation, x, y))
        found |= covering or touching
    return found


def placement_keys(actions: list[dict]) -> list[tuple[str, int, int, int]]:
    return [(a["card"], a["rotation"], a["x"], a["y"]) for a in actions]


def place(card: str, rotation: int, x: int, y: int) -> dict:
    return {"type": "place", "card": card, "rotation": rotation, "x": x, "y": y}
