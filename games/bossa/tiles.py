"""The dot tiles and dice (data/bossa/components.json) and the arithmetic of columns made from tiles."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from games.data import load

COLOURS = ("white", "black")


def tile_id(white: int, black: int) -> str:
    return f"w{white}b{black}"


@cache
def dots() -> dict[str, dict[str, int]]:
    """Tile id -> {"white": dots, "black": dots}, for every tile of the set."""
    return {
        tile_id(t["white"], t["black"]): {"white": t["white"], "black": t["black"]}
        for t in load("bossa/components.json")["tiles"]
    }


def all_tiles() -> list[str]:
    return sorted(dots())


def die_faces() -> list[int]:
    return list(load("bossa/components.json")["die_faces"])


def counts_for(tile: str, colour: str) -> bool:
    """A tile counts in a line only with at least one dot of the line's colour (never as 0)."""
    return dots()[tile][colour] > 0


def groups(hand: list[str], colour: str, value: int, sizes) -> list[list[str]]:
    """Every sorted group of `sizes` tiles from `hand` whose `colour` dots sum to `value`, each tile counting."""
    table = dots()
    usable = sorted(tile for tile in hand if table[tile][colour] > 0)
    found = []
    for size in sorted(sizes):
        for group in combinations(usable, size):
            if sum(table[tile][colour] for tile in group) == value:
                found.append(list(group))
    return found
