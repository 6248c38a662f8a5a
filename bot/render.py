"""Shared drawing helpers for board images (Pillow). Images carry graphics and a few words (legends, labels), each a
`picture.*` catalogue message in the picture's locale, drawn with the one shipped font (`font`, bot/fonts.py): names
and sentences go in the embed. PNGs are written without any metadata chunk, so nothing rides along in the file but
pixels.

Drawing is cheap by construction (bench/render.py measures it):
- every picture is a palette ('P') image whose indices come from one registry of inks (`INKS`, seeded with the fixed
  palette: the games' palettes in data/, then data/inks.json), so every colour is exact, a colour is resolved once
  per process, not once per shape, and a part drawn once can be pasted into any picture as it is;
- `cached` / `drawn_once` draw a recurring part (a card, a tile, a disc, a legend, a panel's frame, the chooser's
  centre) once and paste it after: the cache is keyed on everything the part depends on, bounded (least recently
  used goes first, by pixels), and holds pixels that are a pure function of their key, so nothing of one table or
  seat can appear in another's picture;
- `cached_many` (and a `drawn_once` drawing's `.many`) pastes many such parts in one pass (a grid's cells, a hand's
  cards), the same sprites at a third of the cost a part; a large outline (a turn's frame) is pasted as its sides;
- `layer` draws a whole region of a board (a row, a panel, a band, a legend) once per everything it shows and pastes
  it as one opaque block: a move changes one or two of a board's regions, so the others cost one plain copy each
  (a panel's frame is a backdrop layer copied to start it; the turn's frame is drawn over it where it meets nothing);
- `Draw.text` reuses the glyph mask of a (font, text, anchor, sub-pixel start) it drew before;
- `png` writes the file itself, its bytes a function of the pixels alone (never of what else the process drew),
  compressed with ISA-L's deflate (three to six times faster than zlib at the same size); a `canvas` is drawn in
  place in the file's rows (each after its filter byte), so nothing is copied to write it.
"""

from __future__ import annotations

import io
import math
import os
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import cache, lru_cache, wraps
from types import ModuleType
from typing import Any, Generic, TypeVar

from PIL import Image, ImageColor, ImageDraw, ImageFont

from bot.fonts import FONT
from bot.i18n import LOCALES, t
from games.data import load

_deflate: ModuleType
try:  # ISA-L deflate (pip: isal); zlib gives the same pictures, three to six times slower
    from isal import isal_zlib as _deflate
except ImportError:  # pragma: no cover - isal is a dependency; this keeps a machine without its wheel working
    _deflate = zlib

if "PILLOW_BLOCKS_MAX" not in os.environ:  # an operator's setting wins
    # Pillow keeps up to 8 freed image blocks for the next image instead of returning them to the system: a new
    # board's canvas then needs no fresh pages (about a third of a big board's time on a busy machine)
    Image.core.set_blocks_max(8)

BACKGROUND = "#1e2430"
INK = "#f7fafc"
MUTED = "#718096"


def seat_colour(seat: int) -> str:
    colours = load("seats.json")["colours"]
    return colours[seat % len(colours)]


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' one font at `size`: data/fonts' subset of Noto Sans CJK JP (bot/fonts.py), Latin and Japanese,
    for every word in both locales. Basic layout (no shaping library): the same pixels on every machine."""
    return ImageFont.truetype(str(FONT), size, layout_engine=ImageFont.Layout.BASIC)


def warm() -> None:
    """Load what a fresh process's first picture would pay for otherwise: every locale's catalogue and plural rules
    (Babel reads its CLDR data, ~20 ms a locale: a board's counts are plural messages), the font and the fixed
    palette (the games' faces)."""
    for locale in LOCALES:
        t("picture.wins", locale, count=2)
    font(MIN_TEXT)
    INKS.seed_fixed()


class Inks:
    """The one registry of palette indices: a colour (any form Pillow reads) gets an index the first time it is
    drawn and keeps it for the life of the process. Index 0 is reserved: a sprite's untouched pixels."""

    CLEAR = 0

    def __init__(self, fixed: Callable[[], list[str]] | None = None) -> None:
        self.rgb: list[tuple[int, ...]] = [(255, 0, 255)]
        self._index: dict[object, int] = {}
        self._by_rgb: dict[tuple[int, ...], int] = {}
        self._lock = threading.Lock()
        self._seeding = threading.Lock()
        self._fixed_source = fixed  # the fixed palette, registered before the first colour is drawn
        self.fixed = 1  # indices below this come from the fixed palette (`seed`), the same in every process

    def seed(self, colours: list[str]) -> None:
        """Register `colours` in this order, before anything is drawn: the fixed palette."""
        for colour in colours:
            self._register(colour)
        self.fixed = len(self.rgb)

    def fix(self, source: Callable[[], list[str]]) -> None:
        """Make `source` the fixed palette. Called once drawing began, its new colours are registered at once."""
        with self._seeding:
            if self._fixed_source is not None:
                self._fixed_source = source
                return
        self.seed([colour for colour in source() if colour not in self._index])

    def seed_fixed(self) -> None:
        """The fixed palette, read by `warm` or when the first colour is drawn."""
        with self._seeding:
            if self._fixed_source is not None:
                self.seed(self._fixed_source())
                self._fixed_source = None

    def __call__(self, colour: str | int | Sequence[int]) -> int:
        if self._fixed_source is not None:
            self.seed_fixed()
        return self._register(colour)

    def _register(self, colour: str | int | Sequence[int]) -> int:
        found = self._index.get(colour)
        if found is not None:
            return found
        if isinstance(colour, int):  # already an index
            return colour
        rgb = ImageColor.getrgb(colour)[:3] if isinstance(colour, str) else tuple(colour)[:3]
        with self._lock:
            index = self._by_rgb.get(rgb)
            if index is None:
                if len(self.rgb) >= 256:
                    raise RuntimeError("more than 255 colours drawn: a palette image cannot hold them")
                index = self._by_rgb[rgb] = len(self.rgb)
                self.rgb.append(rgb)
            self._index[colour] = index
        return index


def fixed_palette(games_colours: Sequence[str] = ()) -> list[str]:
    """The seats' colours, the games' colours (`bot.faces` gives each game's, from data/, in the lobby's order), then
    data/inks.json's interface colours: indices every process agrees on."""
    return [*load("seats.json")["colours"], *games_colours, *load("inks.json")["ui"]]


INKS = Inks(fixed_palette)


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


@lru_cache(maxsize=4096)
def glyph_mask(font: ImageFont.FreeTypeFont, text: str, anchor: str | None, fx: float, fy: float):
    """The one-bit mask and offset Pillow draws `text` with at sub-pixel start (fx, fy) (as ImageDraw.text does)."""
    return font.getmask2(text, "1", None, None, None, 0, anchor, 0, (fx, fy), stroke_filled=True)


def canvas(width: int, height: int, colour: str = BACKGROUND) -> tuple[Image.Image, Draw]:
    """A registry palette image filled with `colour`: every colour drawn on it is kept exactly (up to 255 over the
    whole process). Text on it is drawn without anti-aliasing, which the 2x drawing size hides at phone size."""
    index = INKS(colour)
    width, height = int(width), int(height)
    if width < 1 or height < 1:
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


_SPARE_ROWS: list[bytearray] = []  # large canvases' memory, reused once no image maps it: fresh pages cost more
_SPARE_LOCK = threading.Lock()
SPARE_FROM = 1 << 18  # bytes: a board's canvas, not a panel's layer (which a cache keeps)


def _mapped_rows(width: int, height: int):
    """Memory for a canvas's rows (`canvas`), each after a byte for its PNG filter, and the image core mapped on it:
    a large canvas reuses a spare no image maps any more (taken and mapped at once, so no other thread takes it)."""
    size = (width + 1) * height + 1

    def mapped(rows: bytearray):
        return rows, Image.core.map_buffer(rows, (width, height), "raw", 1, ("P", width + 1, 1))

    if size < SPARE_FROM:
        return mapped(bytearray(size))
    with _SPARE_LOCK:
        for rows in _SPARE_ROWS:
            if len(rows) >= size and _unmapped(rows):
                return mapped(rows)
        rows = bytearray(size)
        _SPARE_ROWS.append(rows)
        if len(_SPARE_ROWS) > 4:
            _SPARE_ROWS.pop(0)
        return mapped(rows)


def _unmapped(rows: bytearray) -> bool:
    """Whether no image maps `rows` (`canvas`): a bytearray whose memory is lent out cannot change its size."""
    try:
        rows.append(0)
    except BufferError:
        return False
    rows.pop()
    return True


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

_caches: list = [glyph_mask]


def bounded(maxsize: int):
    """`lru_cache(maxsize)` that `clear_caches` also clears: for pure drawing functions of their arguments."""

    def wrap(function):
        cached = lru_cache(maxsize=maxsize)(function)
        _caches.append(cached)
        return cached

    return wrap


def clear_caches() -> None:
    for cached in _caches:
        cached.cache_clear()


T = TypeVar("T")


class Lru(Generic[T]):
    """A bounded map, least recently used first out, holding at most `max_weight` (a count, or pixels when each
    item is weighed by `weigh`); `clear_caches` empties it."""

    def __init__(self, max_weight: int, weigh: Callable[[T], int] = lambda item: 1) -> None:
        self.max_weight, self.weigh, self.weight = max_weight, weigh, 0
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()
        _caches.append(self)

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        made = make()
        with self._lock:
            if key not in self._items:
                self._items[key] = made
                self.weight += self.weigh(made)
            while self.weight > self.max_weight and len(self._items) > 1:
                _key, dropped = self._items.popitem(last=False)
                self.weight -= self.weigh(dropped)
        return made

    def find(self, key: Hashable) -> T | None:
        """The item at `key` (now the most recently used), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self._items)


SPRITES: Lru[Sprite] = Lru(24_000_000, weigh=lambda piece: piece.width * piece.height)  # ~27 MB


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
    piece = SPRITES.find(("layer", key, x1 - x0, y1 - y0, fill))
    if piece is None:
        piece = _layer_piece(key, x1 - x0, y1 - y0, paint, fill, backdrop)
    draw.im.paste(piece.core, box)
    draw.inks.update(piece.inks)


def _layer_piece(key: Hashable, width: int, height: int, paint: Callable, fill: str, backdrop) -> Sprite:
    def make() -> Sprite:
        if backdrop is None:
            image, layer_draw = canvas(width, height, fill)
        else:
            base = _layer_piece(backdrop[0], width, height, backdrop[1], fill, None)
            image = base.image.copy()
            image.inks = set(base.inks)  # type: ignore[attr-defined]  # the inks drawn ride on Pillow's Image as an attribute of ours
            layer_draw = Draw(image)
        paint(layer_draw, 0, 0)
        return Sprite(image, opaque=True)

    return SPRITES.get(("layer", key, width, height, fill), make)


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


def centred_text(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: str, size: int, fill: str = INK
) -> None:
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font(size), fill=fill, anchor="mm")


def readable_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def png(image: Image.Image, exact: bool = False) -> bytes:
    """Encode as PNG with no text, time or other ancillary chunks (IHDR, PLTE, IDAT, IEND only), every colour exact.
    A registry palette image (from `canvas`) is written with its indices when all its inks are in the fixed palette
    (the PLTE lists the inks it used; unused entries black), else with the inks it used ordered by colour value: the
    file is a function of its pixels alone, never of what else this process drew. Any other image goes through
    Pillow: an RGB picture is reduced to 256 colours (fast octree), or kept 24-bit when `exact`."""
    if image.mode != "P" or not hasattr(image, "inks"):
        return _pillow_png(image, exact)
    width, height = image.size
    size = (width + 1) * height  # each row: its filter byte (0: none), then its pixels
    mapped = getattr(image, "png_rows", None)
    if max(image.inks) < INKS.fixed:  # fixed indices: written as they are, unused entries black
        pixels = image
        palette = b"".join(
            bytes(INKS.rgb[index]) if index in image.inks else b"\0\0\0" for index in range(max(image.inks) + 1)
        )
        if mapped is not None and mapped[1] is image.im:  # drawn in place in its file's rows (`canvas`)
            return _png_file(width, height, palette, memoryview(mapped[0])[:size])
    else:  # a colour registered while drawing (its index depends on what came before): the used inks in order
        used = sorted(image.inks, key=INKS.rgb.__getitem__)
        remap = [0] * 256
        for new, old in enumerate(used):
            remap[old] = new
        pixels = image._new(image.im.point(remap, None))  # as image.point(remap), without rounding it in Python
        palette = b"".join(bytes(INKS.rgb[index]) for index in used)
    buffer = getattr(_rows, "buffer", None)
    if buffer is None or len(buffer) < size:
        buffer = _rows.buffer = bytearray(max(size, 1 << 20))
    buffer[0 : size : width + 1] = bytes(height)
    data = memoryview(buffer)[:size]
    # shares the buffer's memory (Pillow reads any buffer; its annotation leaves memoryview out)
    rows = Image.frombuffer("P", (width + 1, height), data, "raw", "P", 0, 1)  # type: ignore[arg-type]
    rows.im.paste(pixels.im, (1, 0, width + 1, height))  # the core paste writes straight into the buffer
    return _png_file(width, height, palette, data)


def _png_file(width: int, height: int, palette: bytes, data: memoryview) -> bytes:
    """The PNG of `data`, its rows each after its filter byte."""
    compressed = _deflate.compress(data, 1)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", compressed),
            _chunk(b"IEND", b""),
        ]
    )


_rows = threading.local()  # each thread's buffer for the rows being compressed, reused


def as_rgb(image: Image.Image) -> Image.Image:
    """A registry palette image (from `canvas`) in RGB, as its PNG will show it."""
    copy = image.copy()
    copy.putpalette([channel for rgb in INKS.rgb for channel in rgb])
    return copy.convert("RGB")


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))


def _pillow_png(image: Image.Image, exact: bool) -> bytes:
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
# Discord's phone client shows an embed image 252 CSS px wide (at most 400 tall). Pictures are drawn PHONE_WIDTH wide
# (twice that, sharp on dense screens) and no text is drawn smaller than MIN_TEXT, so nothing reads smaller than
# 12 CSS px there. A board during play is at most PHONE_HEIGHT tall (300 CSS px: the rest of one phone screen is the
# message's title, status and controls); a finished board, with its result banner and fewer controls, at most
# PHONE_END_HEIGHT.
PHONE_WIDTH = 504
PHONE_HEIGHT = 600
PHONE_END_HEIGHT = 720
SHOWN_WIDTH = 252
MIN_TEXT = 24
HIGHLIGHT = "#f6e05e"
PANEL = "#273041"


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


def text_width(text: str, size: int) -> float:
    return _text_width(font(size), text)


@bounded(4096)
def _text_width(face: ImageFont.FreeTypeFont, text: str) -> float:
    return face.getlength(text)


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
