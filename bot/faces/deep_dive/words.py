"""DEEP DIVE's tiles and actions in a player's words (the cog, the terminal and exported logs)."""

from __future__ import annotations

from bot.faces import Word
from bot.faces.words import join_names
from bot.i18n import t


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


WORDS: dict[str, Word] = {
    "tile": deep_dive_tile,
    "tiles": lambda tiles, locale: join_names([deep_dive_tile(x, locale) for x in tiles], locale),
}
