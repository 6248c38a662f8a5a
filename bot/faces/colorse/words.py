"""COLORSE's signs, colours, cards and actions in a player's words (the cog, the terminal and exported logs)."""

from __future__ import annotations

from bot.faces import Word
from bot.faces.words import join_names
from bot.i18n import t


def colorse_colour(letter: str, locale: str) -> str:
    return t(f"colorse.colour.{letter}", locale)


def colorse_card(card: str, locale: str) -> str:
    """A Noroi card ("RG", "S") as its colours ("赤/緑") or as the SPECIAL card."""
    if card == "S":
        return t("colorse.card.S", locale)
    return "/".join(colorse_colour(letter, locale) for letter in card)


def colorse_sign(sign: str, locale: str) -> str:
    return t(f"colorse.sign.{sign}", locale)


def colorse_action(action: dict, locale: str) -> str | None:
    """A COLORSE action as its button label (the Discord cog and the terminal say the same); None for a kind no
    player chooses (the timer's), which each caller names its own way."""
    kind = action["type"]
    if kind == "take":
        return t(f"colorse.action.take.{action['slot']}", locale)
    if kind == "place":
        if action["card"] == "S":
            return t("colorse.action.place.special", locale, colour=colorse_colour(action["colour"], locale))
        return t("colorse.action.place.card", locale, card=colorse_card(action["card"], locale))
    if kind == "bonus":
        return t(f"colorse.action.bonus.{'face_down' if action['face_down'] else 'face_up'}", locale)
    if kind == "special":
        return t("colorse.action.special", locale, colour=colorse_colour(action["colour"], locale))
    if kind == "sign":
        return t(f"colorse.action.sign.{action['sign']}", locale)
    return None


def _cards(cards, locale: str) -> str:
    """`vanished` names its cards space-separated; `round_won_by_count` counts them."""
    return (
        join_names([colorse_card(c, locale) for c in cards.split()], locale) if isinstance(cards, str) else str(cards)
    )


WORDS: dict[str, Word] = {
    "sign": colorse_sign,
    "parent_sign": colorse_sign,
    "child_sign": colorse_sign,
    "card": colorse_card,
    "card0": colorse_card,
    "card1": colorse_card,
    "colour": colorse_colour,
    "cards": _cards,
}
