"""BOSSa's tiles in a player's words (the cog, the terminal and exported logs)."""

from __future__ import annotations

from functools import lru_cache

from bot.faces import Word
from bot.i18n import t


@lru_cache(maxsize=1024)  # a table message names dozens of tiles, of 28
def bossa_tile(tile: str, locale: str) -> str:
    from games.bossa.tiles import dots

    counts = dots()[tile]
    return t("bossa_table.tile", locale, white=counts["white"], black=counts["black"])


def bossa_tiles(tiles: list[str], locale: str) -> str:
    return " + ".join(bossa_tile(tile, locale) for tile in tiles)


def event_extra(event: dict, locale: str) -> dict:
    """`whose`: a line's owner as seen by the seat that acted on it."""
    if isinstance(event.get("owner_seat"), int) and isinstance(event.get("seat"), int):
        return {"whose": t("bossa.whose.own" if event["owner_seat"] == event["seat"] else "bossa.whose.enemy", locale)}
    return {}


WORDS: dict[str, Word] = {
    "tile": bossa_tile,
    "discarded": bossa_tile,
    "gave": bossa_tile,
    "took": bossa_tile,
    "tiles": bossa_tiles,
    "covered": bossa_tiles,
}


tile_text, tiles_text = bossa_tile, bossa_tiles  # the names the table uses
