"""The parts many games' pictures share: seat discs, the turn's arrow, crowns, legends, symbols that tell colours
apart without hue, the result banner, and a picture stacked over another."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.caches import bounded
from bot.render.canvas import Draw, canvas
from bot.render.inks import HIGHLIGHT, INK, PANEL, seat_colour
from bot.render.phone import MIN_TEXT, PHONE_WIDTH
from bot.render.sprites import cached, layer
from bot.render.text import font, text_width


def centred_text(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: str, size: int, fill: str = INK
) -> None:
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font(size), fill=fill, anchor="mm")


def readable_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def seat_disc(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    radius: float,
    seat: int | None,
    label: str | None = None,
    colour: str | None = None,
) -> None:
    """A seat's numbered disc in its colour (seat None: a grey disc, e.g. an automaton, with `label`)."""
    fill = colour or (seat_colour(seat) if seat is not None else "#a0aec0")
    if label is None:
        assert seat is not None  # a disc without a seat carries a label
        label = str(seat + 1)
    text = label
    size = max(MIN_TEXT, int(radius * 1.1))
    reach = max(radius, size) + 2
    cached(
        draw,
        ("disc", fill, text, radius),
        cx,
        cy,
        (-reach, -reach, reach, reach),
        lambda d, x, y: _seat_disc(d, x, y, radius, fill, text, size),
    )


def _seat_disc(draw, cx: float, cy: float, radius: float, fill: str, text: str, size: int) -> None:
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline="#0b0f16", width=2)
    centred_text(draw, (cx - radius, cy - radius, cx + radius, cy + radius), text, size, fill=readable_on(fill))


def turn_arrow(draw: ImageDraw.ImageDraw, x: float, cy: float, size: float = 22, fill: str = HIGHLIGHT) -> None:
    """The mark of the seat to act: a solid triangle pointing right, its tip at x + size."""
    cached(
        draw,
        ("arrow", size, fill),
        x,
        cy,
        (-1, -size, size + 1, size),
        lambda d, px, py: d.polygon(
            [(px, py - size * 0.7), (px + size, py), (px, py + size * 0.7)], fill=fill, outline="#0b0f16"
        ),
    )


def crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: str = HIGHLIGHT) -> None:
    """A winner's crown centred on (cx, cy)."""
    cached(
        draw, ("crown", size, fill), cx, cy, (-size, -size, size, size), lambda d, px, py: _crown(d, px, py, size, fill)
    )


def _crown(draw, cx: float, cy: float, size: float, fill: str) -> None:
    w, h = size, size * 0.7
    x0, y0 = cx - w / 2, cy - h / 2
    points = [
        (x0, y0 + h),
        (x0, y0 + h * 0.25),
        (x0 + w * 0.27, y0 + h * 0.6),
        (cx, y0),
        (x0 + w * 0.73, y0 + h * 0.6),
        (x0 + w, y0 + h * 0.25),
        (x0 + w, y0 + h),
    ]
    draw.polygon(points, fill=fill, outline="#0b0f16")


def legend(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    width: float,
    items: list[tuple[Callable[[ImageDraw.ImageDraw, tuple[float, float, float, float]], object], str]],
    size: int = MIN_TEXT,
    row_h: int = 40,
    key: Hashable = None,
) -> float:
    """Icon-and-word pairs, left to right, wrapping: `items` are (draw_icon(draw, box), word). Returns the bottom.
    With `key` (naming the items' icons: the words are added to it), it is drawn once and pasted: at whole pixels,
    as a layer of the picture's full rows (and four more above and below), which must hold nothing but the
    background until it is drawn."""
    if key is not None:
        height = legend_height(items, width, size, row_h)
        words = tuple(word for _icon, word in items)
        if isinstance(draw, Draw) and type(x) is int and type(y) is int:
            # as a layer: full width, from an even row a few above (an icon may reach past its row)
            first = y - (y - 4) % 2 - 4
            layer(
                draw,
                ("legend", key, words, x, width, size, row_h, y - first),
                (0, first, draw.im.size[0], y + height + 4),
                lambda d, _x, top: legend(d, x, top + y - first, width, items, size, row_h),
                draw.im.getpixel((0, first)),
            )
            return y + height
        cached(
            draw,
            ("legend", key, words, width, size, row_h),
            x,
            y,
            (-row_h, -row_h, width + row_h, height + row_h),
            lambda d, px, py: legend(d, px, py, width, items, size, row_h),
        )
        return y + height
    left, cx = x, x
    for icon, word in items:
        need = row_h + 8 + text_width(word, size) + 24
        if cx > left and cx + need > left + width:
            cx, y = left, y + row_h + 6
        icon(draw, (cx, y + 4, cx + row_h - 8, y + row_h - 4))
        draw.text((cx + row_h, y + row_h / 2), word, font=font(size), fill=INK, anchor="lm")
        cx += need
    return y + row_h


def legend_height(items: Sequence[tuple[object, str]], width: float, size: int = MIN_TEXT, row_h: int = 40) -> int:
    rows, cx = 1, 0.0
    for _icon, word in items:
        need = row_h + 8 + text_width(word, size) + 24
        if cx > 0 and cx + need > width:
            rows, cx = rows + 1, 0.0
        cx += need
    return rows * row_h + (rows - 1) * 6


def result_banner(
    entries: list[tuple[int | None, str, bool]], locale: str = "en", width: int = PHONE_WIDTH
) -> Image.Image:
    """The end of a game: every seat's disc with its score (or wins), winners crowned and framed in gold, under the
    title in `locale`. `entries` are (seat or None for an automaton, value text, won). Drawn once per result: read
    it, never draw on it."""
    return _result_banner(tuple(tuple(entry) for entry in entries), width, t("picture.game_over", locale))


@bounded(64)
def _result_banner(entries: tuple, width: int, title: str) -> Image.Image:
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
        draw.rounded_rectangle(
            box,
            radius=14,
            fill="#3b3216" if won else PANEL,
            outline=HIGHLIGHT if won else "#3a4558",
            width=4 if won else 2,
        )
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
    """`top` stacked over `bottom` (same width), as one registry palette image (both parts drawn on `canvas`)."""
    image, draw = canvas(max(top.width, bottom.width), top.height + bottom.height)
    for part, y in ((top, 0), (bottom, top.height)):
        image.paste(part, (0, y))
        draw.inks.update(part.inks)  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
    return image


def symbol(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    name: str,
    fill: str = "#ffffff",
    outline: str = "#111111",
) -> None:
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
            radius = w / 2 if k % 2 == 0 else w / 4.6
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle) * h / w))
        draw.polygon(points, fill=fill, outline=outline)
    elif name == "cross":
        t = w * 0.16
        draw.polygon(
            [
                (x0 + t, y0),
                (cx, cy - t),
                (x1 - t, y0),
                (x1, y0 + t),
                (cx + t, cy),
                (x1, y1 - t),
                (x1 - t, y1),
                (cx, cy + t),
                (x0 + t, y1),
                (x0, y1 - t),
                (cx - t, cy),
                (x0, y0 + t),
            ],
            fill=fill,
            outline=outline,
        )
    else:  # bar
        draw.rectangle((x0, cy - h * 0.18, x1, cy + h * 0.18), fill=fill, outline=outline, width=2)
