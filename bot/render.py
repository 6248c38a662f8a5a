"""Shared drawing helpers for board images (Pillow). Images carry graphics only: names and sentences go in the
embed. PNGs are written without any metadata chunk, so nothing rides along in the file but pixels."""
from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.data import load

BACKGROUND = "#1e2430"
INK = "#f7fafc"
MUTED = "#718096"


def seat_colour(seat: int) -> str:
    colours = load("seats.json")["colours"]
    return colours[seat % len(colours)]


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font at `size` (Latin digits and letters; no Japanese, which stays in embeds)."""
    return ImageFont.load_default(size=size)


def canvas(width: int, height: int, colour: str = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def centred_text(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, size: int,
                 fill: str = INK) -> None:
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font(size), fill=fill, anchor="mm")


def readable_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def png(image: Image.Image) -> bytes:
    """Encode as PNG with no text, time or other ancillary chunks."""
    buffer = io.BytesIO()
    clean = Image.new(image.mode, image.size)
    clean.paste(image)
    clean.save(buffer, format="PNG", optimize=False, compress_level=1)
    return buffer.getvalue()
