"""Ocean tiles: descriptors and the component data (data/deep_dive/*.json).

A tile is a descriptor string: "water", "rock", "predator" or "food:<colour>:<points>".
"""

from __future__ import annotations

from collections import Counter

from games import data

WATER, ROCK, PREDATOR = "water", "rock", "predator"


def tile_data() -> dict:
    return data.load("deep_dive/tiles.json")


def setup_data() -> dict:
    return data.load("deep_dive/setup.json")


def colours() -> list[str]:
    return list(tile_data()["colours"])


def depth_count() -> int:
    return setup_data()["depths"]


def penguins_per_player() -> int:
    return setup_data()["penguins_per_player"]


def difficulties() -> list[str]:
    return list(setup_data()["automaton_scoring"])


def food(colour: str, points: int) -> str:
    return f"food:{colour}:{points}"


def parse_food(tile: str) -> tuple[str, int] | None:
    """(colour, points) of a food descriptor, None for any other tile."""
    if not tile.startswith("food:"):
        return None
    _, colour, points = tile.split(":")
    return colour, int(points)


def is_food(tile: str) -> bool:
    return tile.startswith("food:")


def is_takeable(tile: str) -> bool:
    """Food and rocks are what a diver can bring back."""
    return tile == ROCK or is_food(tile)


def is_valid(tile: object) -> bool:
    if tile in (WATER, ROCK, PREDATOR):
        return True
    if not isinstance(tile, str) or tile.count(":") != 2 or not is_food(tile):
        return False
    _, colour, points = tile.split(":")
    return colour in colours() and points.isdigit()


def composition(players: int) -> list[Counter]:
    """Per depth (index depth-1), the tiles of the sets used at this player count."""
    sets = setup_data()["players"][str(players)]["sets"]
    depths = tile_data()["depths"]
    result = []
    for depth in range(1, depth_count() + 1):
        counts: Counter = Counter()
        for name in sets:
            counts.update(depths[str(depth)].get(name, {}))
        result.append(+counts)
    return result


def removals(players: int) -> int:
    """How many tiles leave each depth unseen at setup."""
    return setup_data()["players"][str(players)]["remove_per_depth"]


def expand(counts: Counter) -> list[str]:
    """The tiles of a composition as a list, in a fixed order (shuffled by the caller)."""
    return [tile for tile in sorted(counts) for _ in range(counts[tile])]
