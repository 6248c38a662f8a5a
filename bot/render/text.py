"""The pictures' one font, the width of a text in it and the glyph masks `Draw.text` reuses."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from bot.fonts import FONT
from bot.render.caches import bounded


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' one font at `size`: data/fonts' subset of Noto Sans CJK JP (bot/fonts.py), Latin and Japanese,
    for every word in both locales. Basic layout (no shaping library): the same pixels on every machine."""
    return ImageFont.truetype(str(FONT), size, layout_engine=ImageFont.Layout.BASIC)


@bounded(4096)
def glyph_mask(font: ImageFont.FreeTypeFont, text: str, anchor: str | None, fx: float, fy: float):
    """The one-bit mask and offset Pillow draws `text` with at sub-pixel start (fx, fy) (as ImageDraw.text does)."""
    return font.getmask2(text, "1", None, None, None, 0, anchor, 0, (fx, fy), stroke_filled=True)


def text_width(text: str, size: int) -> float:
    return _text_width(font(size), text)


@bounded(4096)
def _text_width(face: ImageFont.FreeTypeFont, text: str) -> float:
    return face.getlength(text)
