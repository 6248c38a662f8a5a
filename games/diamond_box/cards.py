"""The cards, read from data/diamond_box/cards.json: every frame colour x every diamond pattern.

A pattern is 6 letters W/B, row-major over 2 rows x 3 columns; it is stored in canonical form, the smaller
string of itself and its 180-degree rotation (the reversed string). A card id is "<colour>:<pattern>".
"""

from __future__ import annotations

from functools import cache

from games import data


def canonical(pattern: str) -> str:
    """The smaller of a pattern and its 180-degree rotation: one name for one physical pattern."""
    return min(pattern, pattern[::-1])


@cache
def _catalogue() -> dict:
    raw = data.load("diamond_box/cards.json")
    colours = [entry["id"] for entry in raw["colours"]]
    patterns = list(raw["patterns"])
    for pattern in patterns:
        if len(pattern) != 6 or set(pattern) - {"W", "B"} or canonical(pattern) != pattern:
            raise ValueError(f"diamond_box: pattern {pattern!r} is not a canonical 6-letter W/B string")
    ids = [f"{colour}:{pattern}" for colour in colours for pattern in patterns]
    if len(set(ids)) != len(ids):
        raise ValueError("diamond_box: duplicate cards in cards.json")
    return {"colours": colours, "patterns": patterns, "ids": ids}


def card_ids() -> list[str]:
    """Every card, colour by colour (a fresh list the caller may shuffle)."""
    return list(_catalogue()["ids"])


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in _known()


@cache
def _known() -> frozenset[str]:
    return frozenset(_catalogue()["ids"])


@cache
def colour_bit(colour: str) -> int:
    """A frame colour as one bit (its place in the catalogue): the colours a window sees are these bits or'ed, a plain
    int, which the garbage collector need not walk as it would a set."""
    return 1 << _catalogue()["colours"].index(colour)


def colour_of(card: str) -> str:
    return card.split(":", 1)[0]


def pattern_of(card: str) -> str:
    return card.split(":", 1)[1]
