"""Recurring parts drawn once and pasted after: the cache is keyed on everything a part depends on, bounded (least
recently used goes first, by pixels), and holds pixels that are a pure function of their key, so nothing of one
table or seat can appear in another's picture.
- `cached` / `drawn_once` draw a part (a card, a tile, a disc, a legend, a panel's frame, the chooser's centre) once
  and paste it after;
- `cached_many` (and a `drawn_once` drawing's `.many`) pastes many such parts in one pass (a grid's cells, a hand's
  cards), the same sprites at a third of the cost a part; a large outline (a turn's frame) is pasted as its sides;
- `layer` draws a whole region of a board (a row, a panel, a band, a legend) once per everything it shows and pastes
  it as one opaque block: a move changes one or two of a board's regions, so the others cost one plain copy each
  (a panel's frame is a backdrop layer copied to start it; the turn's frame is drawn over it where it meets nothing).

Sprites and layers are kept apart (`SPRITES`, `LAYERS`): a layer is large and mostly shown once (a hand, a line as
it stands), a sprite small and shown again and again (a tile at a size); in one cache each new layer would push out
hundreds of sprites, to be drawn again at the next move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any

from PIL import Image, ImageDraw

from bot.render.caches import Lru
from bot.render.canvas import Draw, canvas
from bot.render.inks import BACKGROUND, Inks


class Sprite:
    """A small drawing made once: its pixels cropped to what was drawn, where they start (dx, dy), the mask of
    what was drawn (None when that is the whole crop: pasted as a plain copy) and the inks it used."""

    __slots__ = ("image", "mask", "inks", "dx", "dy", "width", "height", "core", "mask_core", "parts")
    image: Image.Image
    mask: Image.Image | None
    inks: frozenset[int]
    dx: int
    dy: int
    width: int
    height: int
    core: Any  # Pillow's ImagingCore: what pasting reads
    mask_core: Any
    parts: list[Sprite] | None

    def __init__(self, image: Image.Image, opaque: bool = False) -> None:
        self.inks = frozenset(image.inks)  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
        self.parts = None
        if opaque:  # a layer (`layer`): every pixel its own, pasted whole
            self.image, self.mask, self.dx, self.dy = image, None, 0, 0
        else:
            box = image.getbbox() or (0, 0, 1, 1)  # of the drawn (non-zero) indices
            self.dx, self.dy = box[0], box[1]
            self.image = image.crop(box)
            # a mask only when something inside the crop was left untouched (index 0)
            # (the core's point: Image.point would first round each of the table's 256 entries in Python)
            self.mask = (
                self.image._new(self.image.im.point(_DRAWN, "1")) if self.image.getextrema()[0] == Inks.CLEAR else None
            )
        # what pasting reads, kept at hand (`stamp` runs for every part of every picture)
        self.width, self.height = self.image.size
        self.core, self.mask_core = self.image.im, None if self.mask is None else self.mask.im
        if self.mask is not None and self.width * self.height >= HOLLOW_AREA:
            self.parts = self._hollow()

    def _hollow(self) -> list[Sprite] | None:
        """A large outline (a turn's frame) as its four sides, when nothing is drawn inside them: pasting them is
        pasting the whole (whose inside the mask leaves untouched), through a third of the mask."""
        width, height = self.width, self.height
        assert self.mask is not None  # only a masked sprite is hollowed
        for side in (8, 12, 16, 24, 32):
            if 4 * side > min(width, height):
                return None
            if self.mask.crop((side, side, width - side, height - side)).getbbox() is None:
                return [
                    self._part((0, 0, width, side)),
                    self._part((0, height - side, width, height)),
                    self._part((0, side, side, height - side)),
                    self._part((width - side, side, width, height - side)),
                ]
        return None

    def _part(self, box: tuple[int, int, int, int]) -> Sprite:
        assert self.mask is not None  # a part of a hollowed sprite
        part = object.__new__(Sprite)
        part.image, part.mask, part.inks, part.parts = self.image.crop(box), self.mask.crop(box), self.inks, None
        part.dx, part.dy = self.dx + box[0], self.dy + box[1]
        part.width, part.height = part.image.size
        part.core, part.mask_core = part.image.im, part.mask.im
        return part


HOLLOW_AREA = 20_000  # a masked sprite this large (pixels) is looked at for an empty inside (`Sprite._hollow`)


_DRAWN = [0] + [255] * 255  # a palette index to its mask value: drawn unless index 0


SPRITES: Lru[Sprite] = Lru(16_000_000, weigh=lambda piece: piece.width * piece.height)  # ~18 MB with its masks
LAYERS: Lru[Sprite] = Lru(12_000_000, weigh=lambda piece: piece.width * piece.height)  # ~12 MB (no masks)


def _new_sprite(width: int, height: int, paint: Callable) -> Sprite:
    image = Image.new("P", (width, height), Inks.CLEAR)
    image.inks = set()  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
    paint(Draw(image))
    return Sprite(image)


def sprite(key: Hashable, width: float, height: float, paint: Callable[[ImageDraw.ImageDraw], None]) -> Sprite:
    """A cached small drawing, `paint(draw)` on a transparent width x height image. `key` must name everything
    `paint` depends on (it is the cache key, with the size): `paint` itself is not part of it."""
    size = (int(math.ceil(width)), int(math.ceil(height)))
    return SPRITES.get((key, size), lambda: _new_sprite(*size, paint))


def stamp(draw: Draw, piece: Sprite, x: int, y: int) -> None:
    """Paste a sprite (its drawn pixels only) with its top-left corner at (x, y), integers."""
    if piece.parts is not None:
        for part in piece.parts:
            stamp(draw, part, x, y)
        return
    x, y = x + piece.dx, y + piece.dy
    if piece.mask_core is None:
        draw.im.paste(piece.core, (x, y, x + piece.width, y + piece.height))  # the core paste clips at the edges
    else:
        draw.im.paste(piece.core, (x, y, x + piece.width, y + piece.height), piece.mask_core)
    draw.inks.update(piece.inks)


def cached(
    draw: ImageDraw.ImageDraw,
    key: Hashable,
    x: float,
    y: float,
    extent: tuple[float, float, float, float],
    paint: Callable[[ImageDraw.ImageDraw, float, float], object],  # what it returns is ignored
) -> None:
    """`paint(d, px, py)` draws something at (px, py) reaching at most `extent` = (left, top, right, bottom) around
    it; drawn once per `key` (everything it depends on but its position) and sub-pixel offset, then pasted, so the
    pixels are those of drawing it in place."""
    if (
        not isinstance(draw, Draw)
        or (type(x) is not int and not float(2 * x).is_integer())
        or (type(y) is not int and not float(2 * y).is_integer())
    ):
        paint(draw, x, y)  # off the half-pixel grid moving it would move its edges (or not ours): in place
        return
    left, top, right, bottom = extent
    # an even shift: Pillow rounds some half-pixel coordinates half to even, which an odd shift would flip
    ix, iy = (math.floor(x + left) - 1) & ~1, (math.floor(y + top) - 1) & ~1
    stamp(draw, _cached_piece(key, x - ix, y - iy, right, bottom, paint), ix, iy)


def _cached_piece(key: Hashable, ox: float, oy: float, right: float, bottom: float, paint: Callable) -> Sprite:
    """`cached`'s sprite of `key` drawn at (ox, oy)."""
    size = (math.ceil(ox + right + 2), math.ceil(oy + bottom + 2))
    full_key = ((key, ox, oy), size)
    piece = SPRITES.find(full_key)  # the common case first: drawn before (the same as `sprite`, one call less)
    if piece is None:
        piece = SPRITES.get(full_key, lambda: _new_sprite(*size, lambda d: paint(d, ox, oy)))
    return piece


def cached_many(
    draw: ImageDraw.ImageDraw,
    parts,
    extent: tuple[float, float, float, float],
    paint: Callable[[ImageDraw.ImageDraw, float, float, Any], None],  # Any: the key as given in `parts`
) -> None:
    """`cached` for many parts of one extent in turn, `parts` = (key, x, y), each drawn by `paint(d, px, py, key)`:
    the same sprites and pixels as `cached` for each, at a third of the cost per part (a grid's cells, a hand's
    cards)."""
    if not isinstance(draw, Draw):
        for key, x, y in parts:
            paint(draw, x, y, key)
        return
    left, top, right, bottom = extent
    floor, paste = math.floor, draw.im.paste
    pieces: dict[tuple[Hashable, int, int], Sprite] = {}
    inks = draw.inks
    for key, x, y in parts:
        if (type(x) is not int and not float(2 * x).is_integer()) or (
            type(y) is not int and not float(2 * y).is_integer()
        ):
            paint(draw, x, y, key)  # in place, as `cached` would
            continue
        ix, iy = (floor(x + left) - 1) & ~1, (floor(y + top) - 1) & ~1
        ox, oy = x - ix, y - iy
        piece = pieces.get((key, ox, oy))
        if piece is None:
            piece = pieces[key, ox, oy] = _cached_piece(
                key, ox, oy, right, bottom, lambda d, px, py, key=key: paint(d, px, py, key)
            )
            inks.update(piece.inks)
        if piece.parts is not None:
            stamp(draw, piece, ix, iy)
            continue
        x0, y0 = ix + piece.dx, iy + piece.dy
        if piece.mask_core is None:
            paste(piece.core, (x0, y0, x0 + piece.width, y0 + piece.height))
        else:
            paste(piece.core, (x0, y0, x0 + piece.width, y0 + piece.height), piece.mask_core)


def layer(
    draw: ImageDraw.ImageDraw,
    key: Hashable,
    box: tuple[int, int, int, int],
    paint: Callable[[ImageDraw.ImageDraw, int, int], object],  # what it returns is ignored
    fill: str = BACKGROUND,
    backdrop: tuple[Hashable, Callable[[ImageDraw.ImageDraw, int, int], object]] | None = None,
) -> None:
    """A whole region of a picture drawn once per `key` and pasted as one opaque block (no mask): `paint(d, x, y)`
    draws what lies inside `box` = (x0, y0, x1, y1) (whole pixels) with the box's top-left corner at (x, y), on a
    picture that is `fill` there (nothing drawn in the box before). `key` names everything `paint` depends on; a
    box at an odd x0 or y0 is drawn in place (see `cached`: moving by an odd shift could move edges).
    `backdrop` = (its key, its paint), what `paint` would draw first (a panel's frame, the same for many keys): a
    layer of its own, copied to start this one (a copy is cheaper than pasting a large shape through its mask)."""
    x0, y0, x1, y1 = box
    if not isinstance(draw, Draw) or x0 & 1 or y0 & 1:
        if backdrop is not None:
            backdrop[1](draw, x0, y0)
        paint(draw, x0, y0)
        return
    piece = LAYERS.find(("layer", key, x1 - x0, y1 - y0, fill))
    if piece is None:
        piece = _layer_piece(key, x1 - x0, y1 - y0, paint, fill, backdrop)
    draw.im.paste(piece.core, box)
    draw.inks.update(piece.inks)


def _layer_piece(key: Hashable, width: int, height: int, paint: Callable, fill: str, backdrop) -> Sprite:
    def make() -> Sprite:
        if backdrop is None:
            image, layer_draw = canvas(width, height, fill, part=True)
        else:
            base = _layer_piece(backdrop[0], width, height, backdrop[1], fill, None)
            image = base.image.copy()
            image.inks = set(base.inks)  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
            layer_draw = Draw(image)
        paint(layer_draw, 0, 0)
        return Sprite(image, opaque=True)

    return LAYERS.get(("layer", key, width, height, fill), make)


def frozen(value: Any) -> Hashable:
    """A view's part (dicts, lists, scalars) as nested tuples: a cheap cache key naming all of it."""
    kind = type(value)
    if kind is dict:  # in its own order: equal dicts in another order only miss the cache, never share an entry
        return tuple([(name, frozen(item)) for name, item in value.items()])
    if kind is list or kind is tuple:
        return tuple([frozen(item) for item in value])
    return value


def drawn_once(extent: Callable[..., tuple[float, float, float, float]]):
    """Decorator for `function(draw, x, y, *args, **kwargs)` whose pixels depend on nothing but its arguments
    (hashable): each distinct call is drawn once, then pasted (`cached`). `extent(*args, **kwargs)` is how far it
    reaches around (x, y): (left, top, right, bottom). The undecorated drawing stays as `.direct`; `.many(draw,
    parts, **kwargs)` draws each (x, y, *args) of `parts` in turn in one pass (`cached_many`), for a drawing whose
    extent depends on its keyword arguments alone."""

    def wrap(function):
        name = f"{function.__module__}.{function.__qualname__}"

        @wraps(function)
        def drawing(draw, x, y, *args, **kwargs):
            if not isinstance(draw, Draw):
                return function(draw, x, y, *args, **kwargs)
            key = (name, args, tuple(sorted(kwargs.items())))
            cached(draw, key, x, y, extent(*args, **kwargs), lambda d, px, py: function(d, px, py, *args, **kwargs))

        def many(draw, parts, **kwargs) -> None:
            parts = list(parts)
            if not parts:
                return
            if not isinstance(draw, Draw):
                for x, y, *args in parts:
                    function(draw, x, y, *args, **kwargs)
                return
            named = tuple(sorted(kwargs.items()))
            cached_many(
                draw,
                [((name, tuple(args), named), x, y) for x, y, *args in parts],
                extent(*parts[0][2:], **kwargs),
                lambda d, px, py, key: function(d, px, py, *key[1], **kwargs),
            )

        drawing.direct, drawing.many = function, many
        return drawing

    return wrap
