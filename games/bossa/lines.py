"""A line: its die and the columns on both sides, and what each open end or column needs.

A line is a dict {"die": value, "up": [columns], "down": [columns]}; each side lists its columns from the die
outwards, a column being the list of tile ids lying on top there (covered tiles have left play)."""

from __future__ import annotations

SIDES = ("up", "down")


def new_line(die: int | None) -> dict:
    return {"die": die, "up": [], "down": []}


def column_value(line: dict, side: str, index: int) -> int:
    """The value the column at `index` (1 = next to the die) of `side` must show."""
    return line["die"] + index if side == "up" else line["die"] - index


def open_value(line: dict, side: str) -> int | None:
    """The value the next column of `side` needs; None once the descending side has reached 1."""
    value = column_value(line, side, len(line[side]) + 1)
    return value if value >= 1 else None


def open_sizes(line: dict, side: str) -> tuple[int, ...]:
    """Tile counts allowed for the next column: 1 or 2 beside the die, else one more or one fewer than the last."""
    if not line[side]:
        return (1, 2)
    last = len(line[side][-1])
    return tuple(size for size in (last - 1, last + 1) if size >= 1)


def column_total(line: dict) -> int:
    """Columns on both sides together (the die does not count)."""
    return len(line["up"]) + len(line["down"])


def tiles_on(line: dict) -> list[str]:
    return [tile for side in SIDES for column in line[side] for tile in column]
