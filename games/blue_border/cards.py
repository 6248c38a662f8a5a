"""The blue cards and the diver board's slots.

A card is its number 1..32; its front is a shade of blue read from data/blue_border/palette.json
(card n is drawn in shades[n-1], light to deep). The shade is all a hidden card ever shows.
"""

from __future__ import annotations

from functools import cache

from games.data import load

SLOTS = "ABCDEFG"  # filled strictly in this order; A..D go deeper, D..G come back up
DEEPEST = SLOTS.index("D")
LAST = len(SLOTS) - 1  # G: filling it (uncalled) wins
PILES = 4  # field piles


def shades() -> list[str]:
    return load("blue_border/palette.json")["shades"]


def highest_card() -> int:
    """The largest card number the palette can draw."""
    return len(shades())


def shade(number: int) -> str:
    return shades()[number - 1]


@cache
def _numbers_by_shade() -> dict[str, int]:
    return {colour: index + 1 for index, colour in enumerate(shades())}


def chart_number(colour: str) -> int:
    """What the colour chart (色見表) prints next to a shade: the AI's starting point before its eye errs."""
    return _numbers_by_shade()[colour]


def round_shuffle_choices() -> dict:
    """Borders and bottoms a "shuffle" round draws from."""
    data = load("blue_border/round_shuffle.json")
    return {"border": list(data["border"]), "bottoms": list(data["bottoms"])}
