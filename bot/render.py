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
    """A palette image: every colour drawn is kept exactly (up to 256), and it encodes in a third of the time of
    RGB. Text on it is drawn without anti-aliasing, which the 2x drawing size hides once shown at phone size."""
    image = Image.new("P", (int(width), int(height)), colour)
    return image, ImageDraw.Draw(image)


def centred_text(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, size: int,
                 fill: str = INK) -> None:
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font(size), fill=fill, anchor="mm")


def readable_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def png(image: Image.Image, exact: bool = False) -> bytes:
    """Encode as PNG with no text, time or other ancillary chunks. An RGB picture is first reduced to a 256-colour
    palette (fast octree): its flat colours move by a few levels at most and edges by a few more, identical to the
    eye, while the file is about half as large and encoded several times faster than 24-bit RGB. `exact` keeps
    every colour (Blue Border, whose shades are the game)."""
    if image.mode == "RGB" and not exact:
        image = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    elif image.info:
        image = image.copy()
    image.info.clear()  # a fresh or quantized image: nothing to carry but pixels
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=1 if exact else 3)
    return buffer.getvalue()


MAX_BYTES = 100_000


# --- phone-sized pictures ----------------------------------------------------------------------------
# Discord shows an embed image about 360 px wide on a phone. Pictures are drawn PHONE_WIDTH wide (twice that, sharp
# on dense screens) and no text is drawn smaller than MIN_TEXT, so nothing reads smaller than ~12 px on a phone.
PHONE_WIDTH = 720
MIN_TEXT = 24
HIGHLIGHT = "#f6e05e"
PANEL = "#273041"


def seat_disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, seat: int | None,
              label: str | None = None, colour: str | None = None) -> None:
    """A seat's numbered disc in its colour (seat None: a grey disc, e.g. an automaton, with `label`)."""
    fill = colour or (seat_colour(seat) if seat is not None else "#a0aec0")
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline="#0b0f16", width=2)
    text = label if label is not None else str(seat + 1)
    centred_text(draw, (cx - radius, cy - radius, cx + radius, cy + radius), text,
                 max(MIN_TEXT, int(radius * 1.1)), fill=readable_on(fill))


def turn_arrow(draw: ImageDraw.ImageDraw, x: float, cy: float, size: float = 22, fill: str = HIGHLIGHT) -> None:
    """The mark of the seat to act: a solid triangle pointing right, its tip at x + size."""
    draw.polygon([(x, cy - size * 0.7), (x + size, cy), (x, cy + size * 0.7)], fill=fill, outline="#0b0f16")


def crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: str = HIGHLIGHT) -> None:
    """A winner's crown centred on (cx, cy)."""
    w, h = size, size * 0.7
    x0, y0 = cx - w / 2, cy - h / 2
    points = [(x0, y0 + h), (x0, y0 + h * 0.25), (x0 + w * 0.27, y0 + h * 0.6), (cx, y0), (x0 + w * 0.73, y0 + h * 0.6),
              (x0 + w, y0 + h * 0.25), (x0 + w, y0 + h)]
    draw.polygon(points, fill=fill, outline="#0b0f16")


def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


def legend(draw: ImageDraw.ImageDraw, x: float, y: float, width: float,
           items: list[tuple[object, str]], size: int = MIN_TEXT, row_h: int = 40) -> float:
    """Icon-and-word pairs, left to right, wrapping: `items` are (draw_icon(draw, box), word). Returns the bottom."""
    left, cx = x, x
    for icon, word in items:
        need = row_h + 8 + text_width(word, size) + 24
        if cx > left and cx + need > left + width:
            cx, y = left, y + row_h + 6
        icon(draw, (cx, y + 4, cx + row_h - 8, y + row_h - 4))
        draw.text((cx + row_h, y + row_h / 2), word, font=font(size), fill=INK, anchor="lm")
        cx += need
    return y + row_h


def legend_height(items: list[tuple[object, str]], width: float, size: int = MIN_TEXT, row_h: int = 40) -> int:
    rows, cx = 1, 0.0
    for _icon, word in items:
        need = row_h + 8 + text_width(word, size) + 24
        if cx > 0 and cx + need > width:
            rows, cx = rows + 1, 0.0
        cx += need
    return rows * row_h + (rows - 1) * 6


def result_banner(entries: list[tuple[int | None, str, bool]], width: int = PHONE_WIDTH,
                  title: str = "GAME OVER") -> Image.Image:
    """The end of a game: every seat's disc with its score (or wins), winners crowned and framed in gold.
    `entries` are (seat or None for an automaton, value text, won)."""
    count = max(1, len(entries))
    per_row = min(count, 4)
    rows = -(-count // per_row)
    cell_w = (width - 24) / per_row
    height = 56 + rows * 112
    image, draw = canvas(width, height, "#14202e")
    draw.text((width / 2, 30), title, font=font(34), fill=HIGHLIGHT, anchor="mm")
    for index, (seat, value, won) in enumerate(entries):
        row, column = divmod(index, per_row)
        x0, y0 = 12 + column * cell_w, 56 + row * 112
        box = (x0 + 6, y0 + 4, x0 + cell_w - 6, y0 + 104)
        draw.rounded_rectangle(box, radius=14, fill="#3b3216" if won else PANEL,
                               outline=HIGHLIGHT if won else "#3a4558", width=4 if won else 2)
        middle = (box[0] + box[2]) / 2
        seat_disc(draw, middle, y0 + 34, 22, seat, label=None if seat is not None else "A")
        if won:
            crown(draw, middle - 48, y0 + 34, 34)
            crown(draw, middle + 48, y0 + 34, 34)
        size = 34
        while size > MIN_TEXT and text_width(value, size) > box[2] - box[0] - 12:
            size -= 2
        draw.text((middle, y0 + 80), value, font=font(size), fill=HIGHLIGHT if won else INK, anchor="mm")
    return image


def above(top: Image.Image, bottom: Image.Image) -> Image.Image:
    """`top` stacked over `bottom` (same width), as one palette image: each part's colours are re-indexed into the
    new image's palette (pasting a palette image copies indices, not colours)."""
    image, draw = canvas(max(top.width, bottom.width), top.height + bottom.height)
    for part, y in ((top, 0), (bottom, top.height)):
        part = part if part.mode == "P" else part.convert("P", palette=Image.Palette.ADAPTIVE)
        palette = part.getpalette() or []
        lut = list(range(256))
        for _count, index in part.getcolors(256) or []:
            rgb = tuple(palette[3 * index:3 * index + 3])
            lut[index] = draw.palette.getcolor(rgb, image)
        image.paste(part.point(lut), (0, y))
    return image


def symbol(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], name: str, fill: str = "#ffffff",
           outline: str = "#111111") -> None:
    """A shape that tells colours apart without hue (colour-blind players): circle, triangle, square, diamond,
    star, cross or bar, filling `box`."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if name == "circle":
        draw.ellipse(box, fill=fill, outline=outline, width=2)
    elif name == "triangle":
        draw.polygon([(cx, y0), (x1, y1), (x0, y1)], fill=fill, outline=outline)
    elif name == "square":
        draw.rectangle((x0 + w * 0.1, y0 + h * 0.1, x1 - w * 0.1, y1 - h * 0.1), fill=fill, outline=outline, width=2)
    elif name == "diamond":
        draw.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], fill=fill, outline=outline)
    elif name == "star":
        import math
        points = []
        for k in range(10):
            radius = (w / 2 if k % 2 == 0 else w / 4.6)
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle) * h / w))
        draw.polygon(points, fill=fill, outline=outline)
    elif name == "cross":
        t = w * 0.16
        draw.polygon([(x0 + t, y0), (cx, cy - t), (x1 - t, y0), (x1, y0 + t), (cx + t, cy), (x1, y1 - t), (x1 - t, y1),
                      (cx, cy + t), (x0 + t, y1), (x0, y1 - t), (cx - t, cy), (x0, y0 + t)], fill=fill, outline=outline)
    else:  # bar
        draw.rectangle((x0, cy - h * 0.18, x1, cy + h * 0.18), fill=fill, outline=outline, width=2)
