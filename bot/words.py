"""Engine values in a player's words: COLORSE's signs, colours and cards, Diamond Box's cards and turns, DEEP
DIVE's tiles, BOSSa's tiles, Blue Border's revealed numbers. Every name comes from the catalogues (the games'
glossaries); nothing here passes an engine identifier through. Shared by the Discord presenters (cogs/), the
terminal and the exported move list, so each says the same thing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import t

DIAMOND = {"W": "◇", "B": "◆"}


# --- COLORSE -----------------------------------------------------------------------------------------
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


# --- Diamond Box -------------------------------------------------------------------------------------
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


# --- DEEP DIVE ---------------------------------------------------------------------------------------
def deep_dive_tile(tile: str, locale: str) -> str:
    """A descriptor (`food:pink:2`, `rock`, ...) in words."""
    if tile.startswith("food:"):
        _, colour, points = tile.split(":")
        return t("deep_dive.tile.food", locale, colour=t(f"deep_dive.colour.{colour}", locale), points=points)
    return t(f"deep_dive.tile.{tile}", locale)


def deep_dive_action(action: dict, locale: str) -> str:
    """A DEEP DIVE action as its button label (the Discord cog and the terminal say the same)."""
    kind = action["type"]
    key = f"deep_dive.action.{kind}"
    if kind == "retreat_take" and action.get("depth") is None:
        key += ".none"
    params = {name: value for name, value in action.items() if name != "type"}
    if "tile" in params:
        params["tile"] = deep_dive_tile(params["tile"], locale)
    return t(key, locale, **params)


# --- BOSSa -------------------------------------------------------------------------------------------
def bossa_tile(tile: str, locale: str) -> str:
    from games.bossa.tiles import dots

    counts = dots()[tile]
    return t("bossa_table.tile", locale, white=counts["white"], black=counts["black"])


def bossa_tiles(tiles: list[str], locale: str) -> str:
    return " + ".join(bossa_tile(tile, locale) for tile in tiles)


# --- Blue Border -------------------------------------------------------------------------------------
def blue_border_revealed(revealed: list[dict], locale: str) -> str:
    return t("blue_border.list_sep", locale).join(
        t("blue_border.revealed", locale, slot=item["slot"], number=item["number"]) for item in revealed
    )


def blue_border_rules(event: dict, locale: str) -> str:
    """The placement rules a call judged (broken, or kept), in words with the table's border and bottoms."""
    going_down = event.get("slot") in ("A", "B", "C", "D")
    return t("blue_border.list_sep", locale).join(
        t(
            f"blue_border.rule_short.{code}{'_down' if code == 'order' and going_down else ''}",
            locale,
            border=event.get("border"),
            bottoms=event.get("bottoms"),
        )
        for code in event["rules"]
    )


def _join(names: list[str], locale: str) -> str:
    return t("table.list_sep", locale).join(names)


# --- events ------------------------------------------------------------------------------------------
Word = Callable[[Any, str], str]
EVENT_WORDS: dict[str, dict[str, Word]] = {
    "colorse": {
        "sign": colorse_sign,
        "parent_sign": colorse_sign,
        "child_sign": colorse_sign,
        "card": colorse_card,
        "card0": colorse_card,
        "card1": colorse_card,
        "colour": colorse_colour,
        # `vanished` names its cards space-separated; `round_won_by_count` counts them
        "cards": lambda cards, locale: (
            _join([colorse_card(c, locale) for c in cards.split()], locale) if isinstance(cards, str) else str(cards)
        ),
    },
    "diamond_box": {"card": diamond_card, "rotation": diamond_rotation},
    "deep_dive": {
        "tile": deep_dive_tile,
        "tiles": lambda tiles, locale: _join([deep_dive_tile(x, locale) for x in tiles], locale),
    },
    "bossa": {
        "tile": bossa_tile,
        "discarded": bossa_tile,
        "gave": bossa_tile,
        "took": bossa_tile,
        "tiles": bossa_tiles,
        "covered": bossa_tiles,
    },
    "blue_border": {"revealed_text": None, "discarded_text": None, "rules_text": None, "cards_text": None},
}


def event_fields(game: str, event: dict, locale: str) -> dict:
    """The event's values in words (seat fields are left to the caller)."""
    fields = dict(event)
    words = EVENT_WORDS.get(game, {})
    for key, value in event.items():
        word = words.get(key)
        if word is not None and value is not None and not isinstance(value, bool):
            try:
                fields[key] = word(value, locale)
            except (KeyError, ValueError, TypeError, AttributeError):
                pass  # already words (a presenter converted it)
    if game == "bossa" and isinstance(event.get("owner_seat"), int) and isinstance(event.get("seat"), int):
        fields["whose"] = t("bossa.whose.own" if event["owner_seat"] == event["seat"] else "bossa.whose.enemy", locale)
    if game == "blue_border":
        if isinstance(event.get("revealed"), list):
            fields["revealed_text"] = blue_border_revealed(event["revealed"], locale)
        if isinstance(event.get("discarded"), list):
            fields["discarded_text"] = _join([str(n) for n in event["discarded"]], locale)
        if isinstance(event.get("revealed"), list):
            fields["cards_text"] = t("blue_border.list_sep", locale).join(
                t("blue_border.card_short", locale, slot=item["slot"], number=item["number"])
                for item in event["revealed"]
            )
        if isinstance(event.get("rules"), list):
            fields["rules_text"] = blue_border_rules(event, locale)
    return fields
