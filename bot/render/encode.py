"""The PNG writer: a picture's bytes a function of its pixels alone (never of what else the process drew), with no
metadata chunk, so nothing rides along in the file but pixels; compressed with ISA-L's deflate (three to six times
faster than zlib at the same size)."""

from __future__ import annotations

import io
import struct
import threading
import zlib
from types import ModuleType

from PIL import Image

from bot.render.caches import bounded
from bot.render.inks import INKS

_deflate: ModuleType
try:  # ISA-L deflate (pip: isal); zlib gives the same pictures, three to six times slower
    from isal import isal_zlib as _deflate
except ImportError:  # pragma: no cover - isal is a dependency; this keeps a machine without its wheel working
    _deflate = zlib


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
        palette = _fixed_palette(frozenset(image.inks))
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


@bounded(256)
def _fixed_palette(inks: frozenset[int]) -> bytes:
    """The PLTE of a picture in fixed indices that used `inks`: their colours, unused entries black."""
    return b"".join(bytes(INKS.rgb[index]) if index in inks else b"\0\0\0" for index in range(max(inks) + 1))


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
