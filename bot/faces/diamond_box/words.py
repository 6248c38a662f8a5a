"""Diamond Box's cards and turns in a player's words (the cog, the terminal and exported logs)."""

from __future__ import annotations

import functools

from bot.faces import Word
from bot.i18n import t

DIAMOND = {"W": "◇", "B": "◆"}


def diamond_pattern(pattern: str) -> str:
    """Six W/B diamonds, two rows of three, drawn as ◇ (white) and ◆ (black)."""
    return "".join(DIAMOND[c] for c in pattern[:3]) + " " + "".join(DIAMOND[c] for c in pattern[3:])


def diamond_card(card: str, locale: str) -> str:
    colour, pattern = card.split(":")
    return t(
        "diamond_box.card", locale, colour=t(f"diamond_box.colour.{colour}", locale), pattern=diamond_pattern(pattern)
    )


def diamond_rotation(rotation: int, locale: str) -> str:
    return t(f"diamond_box.rotation.{rotation}", locale)


WORDS: dict[str, Word] = {"card": diamond_card, "rotation": diamond_rotation}


card_name = functools.lru_cache(maxsize=4096)(diamond_card)  # drawn for every option of every board
