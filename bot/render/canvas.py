"""A picture's canvas and `Draw`, which draws on it: colours go straight to their registry index (`INKS`), text
reuses glyph masks, rounded rectangles are drawn once and pasted. A `canvas` is drawn in place in its PNG file's
rows (each after its filter byte), so nothing is copied to write it (`bot.render.encode`)."""

from __future__ import annotations

import math
import os
import threading

from PIL import Image, ImageDraw, ImageFont

from bot.render.inks import BACKGROUND, INKS
from bot.render.text import glyph_mask

if "PILLOW_BLOCKS_MAX" not in os.environ:  # an operator's setting wins
    # Pillow keeps up to 8 freed image blocks for the next image instead of returning them to the system: a new
    # board's canvas then needs no fresh pages (about a third of a big board's time on a busy machine)
    Image.core.set_blocks_max(8)


class Draw(ImageDraw.ImageDraw):
    """ImageDraw on a registry palette image: colours go straight to their index (no per-shape palette search),
    every ink used is noted on the image (`image.inks`, for `png`), and text reuses glyph masks."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        if not hasattr(image, "inks"):
            image.inks = set()  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
        self.inks: set[int] = image.inks  # type: ignore[attr-defined]

    def _getink(self, ink, fill=None):
        if ink is None and fill is None:
            return super()._getink(ink, fill)
        # an int is an index already: Pillow's own mask inks (an outlined polygon's), not a colour drawn here
        if ink is not None and not isinstance(ink, int):
            ink = INKS(ink)
            self.inks.add(ink)
        if fill is not None and not isinstance(fill, int):
            fill = INKS(fill)
            self.inks.add(fill)
        return ink, fill

    def rounded_rectangle(self, xy, radius=0, fill=None, outline=None, width=1, *, corners=None) -> None:
        """Drawn once per shape (size, radius, inks, width, corners, sub-pixel offset), then pasted: Pillow draws
        its corners in Python, the slowest shape it has. Only on half-pixel coordinates, where moving the box by
        whole pixels moves its pixels exactly."""
        x0, y0, x1, y1 = xy if len(xy) == 4 else (*xy[0], *xy[1])
        if not all(float(2 * v).is_integer() for v in (x0, y0, x1, y1)) or x1 < x0 or y1 < y0:
            return super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        from bot.render.sprites import cached  # sprites are drawn with Draw: imported once both are defined

        key = ("rrect", x1 - x0, y1 - y0, radius, fill, outline, width, corners and tuple(corners))
        base = ImageDraw.ImageDraw.rounded_rectangle
        cached(
            self,
            key,
            x0,
            y0,
            (0, 0, x1 - x0, y1 - y0),
            lambda d, px, py: base(
                d, (px, py, px + x1 - x0, py + y1 - y0), radius, fill, outline, width, corners=corners
            ),
        )

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs) -> None:
        if (
            args
            or kwargs
            or fill is None
            or not isinstance(text, str)
            or "\n" in text
            or not isinstance(font, ImageFont.FreeTypeFont)
        ):
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        ink = INKS(fill)
        self.inks.add(ink)
        x, y = xy
        fx, fy = math.modf(x)[0], math.modf(y)[0]
        mask, (dx, dy) = glyph_mask(font, text, anchor, fx, fy)
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)


def canvas(width: int, height: int, colour: str = BACKGROUND, *, part: bool = False) -> tuple[Image.Image, Draw]:
    """A registry palette image filled with `colour`: every colour drawn on it is kept exactly (up to 255 over the
    whole process). Text on it is drawn without anti-aliasing, which the 2x drawing size hides at phone size.
    A `part` (a layer, kept to be pasted) lives in Pillow's own memory: only a picture to encode is drawn in its
    file's rows."""
    index = INKS(colour)
    width, height = int(width), int(height)
    if width < 1 or height < 1 or part:
        image = Image.new("P", (width, height), index)
    else:
        # its pixels live in the rows `png` compresses: each row after its PNG filter byte (0), so writing the file
        # copies nothing (`png_rows`)
        stride = width + 1
        rows, core = _mapped_rows(width, height)
        rows[0 : stride * height : stride] = bytes(height)
        image = Image.Image()._new(core)
        image.im.paste(index, (0, 0, width, height))
        image.png_rows = (rows, image.im)  # type: ignore[attr-defined]  # read by `png`, as the inks
    image.inks = {index}  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
    return image, Draw(image)


_SPARE_ROWS: list[bytearray] = []  # canvases' memory, reused once no image maps it: fresh pages cost more
_SPARE_LOCK = threading.Lock()
SPARE_FROM = 1 << 18  # bytes: a board's canvas; a smaller one takes fresh memory
SPARE_SIZE, SPARE_STEP, SPARES = 1 << 19, 1 << 16, 4  # a spare's least size and its steps (bytes); how many are kept


def _mapped_rows(width: int, height: int):
    """Memory for a canvas's rows (`canvas`), each after a byte for its PNG filter, and the image core mapped on it:
    a canvas reuses a spare no image maps any more (taken and mapped at once, so no other thread takes it)."""
    size = (width + 1) * height + 1

    def mapped(rows: bytearray):
        return rows, Image.core.map_buffer(rows, (width, height), "raw", 1, ("P", width + 1, 1))

    if size < SPARE_FROM:
        return mapped(bytearray(size))
    with _SPARE_LOCK:
        for rows in _SPARE_ROWS:
            if len(rows) >= size and _unmapped(rows):
                return mapped(rows)
        # room for most boards (a board grows as its game goes on), and the smallest spare goes first
        rows = bytearray(max(SPARE_SIZE, -(-size // SPARE_STEP) * SPARE_STEP))
        _SPARE_ROWS.append(rows)
        if len(_SPARE_ROWS) > SPARES:
            _SPARE_ROWS.remove(min(_SPARE_ROWS, key=len))
        return mapped(rows)


def _unmapped(rows: bytearray) -> bool:
    """Whether no image maps `rows` (`canvas`): a bytearray whose memory is lent out cannot change its size."""
    try:
        rows.append(0)
    except BufferError:
        return False
    rows.pop()
    return True
