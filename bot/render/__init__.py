"""Shared drawing for board images (Pillow). Images carry graphics and a few words (legends, labels), each a
`picture.*` catalogue message in the picture's locale, drawn with the one shipped font: names and sentences go in the
embed. Drawing is cheap by construction (bench/render.py measures it). Callers import from the module that holds a
name:
- `inks`: the palette registry (`INKS`, `fixed_palette`) and the named colours;
- `canvas`: a picture's `canvas` and `Draw`; `text`: the font, text widths, glyph masks;
- `sprites`: parts drawn once and pasted (`cached`, `cached_many`, `drawn_once`, `layer`, `frozen`);
- `caches`: `bounded`, `Lru` and `clear_caches`; `encode`: the PNG writer (`png`, `as_rgb`);
- `phone`: a phone's picture sizes; `widgets`: the parts many games share (seat discs, crowns, legends, symbols,
  the result banner).
"""

from __future__ import annotations

from bot.i18n import LOCALES, t
from bot.render.inks import INKS
from bot.render.phone import MIN_TEXT
from bot.render.text import font


def warm() -> None:
    """Load what a fresh process's first picture would pay for otherwise: every locale's catalogue and plural rules
    (Babel reads its CLDR data, ~20 ms a locale: a board's counts are plural messages), the font and the fixed
    palette (the games' faces)."""
    for locale in LOCALES:
        t("picture.wins", locale, count=2)
    font(MIN_TEXT)
    INKS.seed_fixed()
