"""The solo automaton's choice of food after it meets a predator."""

from __future__ import annotations

from games.deep_dive.tiles import parse_food


def food_candidates(face_up: list[str], columns: dict[str, list[int]]) -> list[str]:
    """The distinct face-up food the automaton may take, after its priorities:
    the colour it holds fewest of, then the highest points. More than one left -> the human chooses."""
    foods = {tile: food for tile in face_up if (food := parse_food(tile))}
    if not foods:
        return []
    fewest = min(len(columns[colour]) for colour, _ in foods.values())
    foods = {tile: food for tile, food in foods.items() if len(columns[food[0]]) == fewest}
    best = max(points for _, points in foods.values())
    return sorted(tile for tile, (_, points) in foods.items() if points == best)
