"""Tableau scoring. A tableau's food is held as columns: colour -> points in acquisition order."""

from __future__ import annotations

from games.deep_dive.tiles import colours


def empty_columns() -> dict[str, list[int]]:
    return {colour: [] for colour in colours()}


def rows(columns: dict[str, list[int]]) -> list[dict[str, int | None]]:
    """Row i holds the i-th tile of each colour (None where that colour has fewer)."""
    height = max((len(column) for column in columns.values()), default=0)
    return [
        {colour: (column[i] if i < len(column) else None) for colour, column in columns.items()} for i in range(height)
    ]


def complete_rows(columns: dict[str, list[int]]) -> int:
    return min((len(column) for column in columns.values()), default=0)


def row_score(columns: dict[str, list[int]]) -> int:
    """Complete rows score their sum; an incomplete row half its sum, rounded down."""
    total = 0
    for row in rows(columns):
        points = [value for value in row.values() if value is not None]
        total += sum(points) if len(points) == len(row) else sum(points) // 2
    return total


def automaton_score(columns: dict[str, list[int]], rocks: int, water: int, rule: dict) -> int:
    """The solo automaton's score under one difficulty's rule (data/deep_dive/setup.json)."""
    if rule["food"] == "full":
        food_points = sum(sum(column) for column in columns.values())
    else:
        food_points = row_score(columns)
    return food_points + rocks * rule["rock"] + water * rule["water"]


def with_food(columns: dict[str, list[int]], colour: str, points: int) -> dict[str, list[int]]:
    """A copy of the columns with one more food."""
    copy = {name: list(column) for name, column in columns.items()}
    copy[colour].append(points)
    return copy
