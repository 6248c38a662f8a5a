"""bot/render's cheap drawing: the ink registry, cached sprites and glyphs, and the PNG writer. A picture drawn
with warm caches is byte for byte the picture drawn with empty ones (so no cache key misses a dependency and
nothing of one table or seat reaches another's picture), and a PNG depends on its pixels alone."""

from __future__ import annotations

import importlib
import io
import zlib
from functools import cache

import pytest
from PIL import Image

import games
from bot.render import widgets
from bot.render.caches import Lru, clear_caches
from bot.render.canvas import canvas
from bot.render.encode import as_rgb, png
from bot.render.inks import BACKGROUND, HIGHLIGHT, INK, INKS, PANEL, Inks, seat_colour
from bot.render.phone import MIN_TEXT
from bot.render.sprites import LAYERS, SPRITES, cached, cached_many, layer
from bot.render.text import font
from bot.render.widgets import centred_text
from cogs import gallery
from tests.support.leakscan import png_chunks

GAMES = games.built_in()


@cache
def pictures(game: str) -> list[tuple[str, object]]:
    """(label, Picture) for every picture of one game in both locales: start, mid-game and end, public, each seat's,
    chooser; a Japanese picture next to its English one, so they share the caches."""
    spec = games.get(game)
    found = []
    for players in range(spec.min_players, spec.max_players + 1):
        for locale in ("en", "ja"):
            for name, board in gallery.boards(game, players, locale):
                picture = board.pending_picture()
                if picture is not None:
                    found.append((f"{name} {locale}", picture))
    return found


def decoded(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("game", GAMES)
def test_a_picture_drawn_with_warm_caches_is_the_picture_drawn_fresh(game):
    """Every picture of a game is drawn in turn (public boards and private views of different tables and seats
    share the caches), then each again with the caches emptied: the bytes are the same."""
    clear_caches()
    warm = [(label, picture()) for label, picture in pictures(game)]
    assert len(SPRITES) > 0
    for label, picture in pictures(game)[::-1]:  # the other order too: what was cached last is drawn first
        assert picture() == dict(warm)[label], label
    for label, data in warm:
        clear_caches()
        assert dict(pictures(game))[label]() == data, label


@pytest.mark.parametrize("game", GAMES)
def test_a_japanese_table_s_picture_has_its_own_words(game):
    """The same board drawn for a Japanese table differs from the English one (its words), and neither takes
    anything from the other through the caches: each is the picture drawn fresh."""
    presenter = gallery.presenter_for(game)
    state = gallery.positions(game, games.get(game).min_players)["mid"]
    table = gallery.table_for(game, state)
    english = presenter.public(table, "en").image
    japanese = presenter.public(table, "ja").image
    assert japanese != english
    assert presenter.public(table, "en").pending_picture().args[1:] == ("en",)
    assert presenter.public(table, "ja").pending_picture().args[1:] == ("ja",)
    clear_caches()
    assert presenter.public(table, "ja").image == japanese
    clear_caches()
    assert presenter.public(table, "en").image == english


def in_place_layer(draw, key, box, paint, fill=BACKGROUND, backdrop=None):
    """`layer` without its cache: the region painted straight onto the picture."""
    if backdrop is not None:
        backdrop[1](draw, box[0], box[1])
    paint(draw, box[0], box[1])


@pytest.mark.parametrize("game", GAMES)
def test_a_board_drawn_in_layers_is_the_board_drawn_in_place(game, monkeypatch):
    """Layers (rows, panels, bands, legends pasted whole, the turn's frame drawn over them) change no pixel: every
    picture of a game is the one drawn with each layer's region painted in place, where nothing is clipped to its
    box or moved."""
    clear_caches()
    layered = [(label, picture()) for label, picture in pictures(game)]
    for module in (widgets, importlib.import_module(f"bot.faces.{game}.image")):  # `legend` draws a layer
        monkeypatch.setattr(module, "layer", in_place_layer)
    clear_caches()
    for label, data in layered:
        in_place = dict(pictures(game))[label]()
        assert decoded(in_place).tobytes() == decoded(data).tobytes(), label


@pytest.mark.parametrize("odd", [False, True])
def test_a_layer_is_pasted_whole_and_drawn_once_per_key(odd):
    """A layer's region is painted once per key (then pasted as it is, over whatever was there) and its pixels are
    those painted in place; at an odd row it is painted in place every time."""
    calls = []

    def paint(d, x, y):
        calls.append((x, y))
        d.rounded_rectangle((x + 4, y + 2, x + 60, y + 20), radius=6, fill=PANEL, outline=HIGHLIGHT)
        centred_text(d, (x + 4, y + 2, x + 60, y + 20), "5", MIN_TEXT)

    top = 11 if odd else 10
    direct, direct_draw = canvas(80, 70)
    paint(direct_draw, 0, top)
    paint(direct_draw, 0, top + 30)
    clear_caches()
    layered, layered_draw = canvas(80, 70)
    layer(layered_draw, ("test.layer",), (0, top, 80, top + 24), paint)
    layer(layered_draw, ("test.layer",), (0, top + 30, 80, top + 54), paint)
    assert layered.tobytes() == direct.tobytes()
    assert len(calls) == (2 + 2 if odd else 2 + 1)  # the direct drawing's two, then the layer's


def test_layers_shown_once_never_push_out_the_sprites_drawn_again(monkeypatch):
    """A board's layers are large and mostly new at each move, its sprites small and used again: the layers fill
    their own cache, and a sprite stays cached however many layers come after it."""
    monkeypatch.setattr(SPRITES, "max_weight", 10_000)
    monkeypatch.setattr(LAYERS, "max_weight", 10_000)
    clear_caches()
    painted = []

    def dot(d, x, y):
        painted.append("dot")
        d.ellipse((x, y, x + 9, y + 9), fill=HIGHLIGHT)

    image, draw = canvas(80, 400)
    cached(draw, ("test.dot",), 10, 10, (0, 0, 10, 10), dot)
    for number in range(8):  # 8 x 3,200 pixels of layers, each shown once
        layer(draw, ("test.panel", number), (0, 40 + 40 * number, 80, 80 + 40 * number), lambda d, x, y: None)
    assert LAYERS.weight <= 10_000 < 8 * 80 * 40  # the oldest layers went
    cached(draw, ("test.dot",), 20, 10, (0, 0, 10, 10), dot)
    assert painted == ["dot"]  # still cached: drawn once


def test_one_key_one_sprite_and_different_keys_never_share():
    image, draw = canvas(200, 100)

    def square(colour):
        return lambda d, x, y: d.rectangle((x, y, x + 19, y + 19), fill=colour)

    cached(draw, ("test.square", "red"), 10, 10, (0, 0, 20, 20), square("#ff0000"))
    cached(draw, ("test.square", "blue"), 50, 10, (0, 0, 20, 20), square("#0000ff"))
    cached(draw, ("test.square", "red"), 90, 10, (0, 0, 20, 20), square("#00ff00"))  # same key: cached
    rgb = as_rgb(image)
    assert decoded(png(image)).tobytes() == rgb.tobytes()
    assert rgb.getpixel((15, 15)) == (255, 0, 0)
    assert rgb.getpixel((55, 15)) == (0, 0, 255)
    assert rgb.getpixel((95, 15)) == (255, 0, 0)  # the key names what is drawn; its painter is not asked again
    background = Image.new("RGB", (1, 1), BACKGROUND).getpixel((0, 0))
    assert rgb.getpixel((9, 15)) == rgb.getpixel((31, 15)) == background


@pytest.mark.parametrize("x, y", [(10, 10), (11, 13), (10.5, 7.5), (13.25, 9.75)])
def test_a_pasted_shape_is_the_shape_drawn_in_place(x, y):
    """Sprites keep their sub-pixel offset and move by even whole pixels; off the half-pixel grid they are drawn in
    place: either way the pixels are those of drawing directly."""

    def shape(d, px, py):
        d.rounded_rectangle((px, py, px + 40, py + 24), radius=8, fill="#f6e05e", outline="#0b0f16", width=2)
        d.ellipse((px + 4, py + 4, px + 18, py + 18), fill="#e53e3e")
        centred_text(d, (px, py, px + 40, py + 24), "7", MIN_TEXT, fill="#111111")

    direct, direct_draw = canvas(80, 60)
    shape(direct_draw, x, y)
    pasted, pasted_draw = canvas(80, 60)
    clear_caches()
    for _ in range(2):  # drawn into the cache, then pasted from it
        cached(pasted_draw, ("test.shape",), x, y, (-2, -2, 42, 26), shape)
    assert pasted.tobytes() == direct.tobytes()
    assert decoded(png(pasted)).tobytes() == as_rgb(direct).tobytes()


def test_a_png_depends_on_its_pixels_alone_not_on_what_was_drawn_before():
    def picture():
        image, draw = canvas(60, 40)
        draw.rectangle((5, 5, 30, 30), fill=HIGHLIGHT)
        draw.text((40, 20), "3", font=font(MIN_TEXT), fill=INK, anchor="mm")
        return png(image)

    before = picture()
    other, other_draw = canvas(10, 10)
    other_draw.point((1, 1), fill="#123457")  # a colour outside the fixed palette, registered now
    assert picture() == before


def test_a_colour_outside_the_fixed_palette_is_written_exactly():
    image, draw = canvas(30, 20, "#010203")
    draw.rectangle((0, 0, 9, 19), fill="#fedcba")
    draw.rectangle((10, 0, 19, 19), fill=HIGHLIGHT)
    rgb = decoded(png(image))
    assert rgb.getpixel((5, 5)) == (0xFE, 0xDC, 0xBA)
    assert rgb.getpixel((15, 5)) == (0xF6, 0xE0, 0x5E)
    assert rgb.getpixel((25, 5)) == (1, 2, 3)


def test_the_png_has_only_its_critical_chunks_and_decodes_to_the_drawn_pixels():
    image, draw = canvas(50, 30)
    draw.ellipse((5, 5, 25, 25), fill=seat_colour(0))
    data = png(image)
    chunks, trailing = png_chunks(data)
    assert [kind for kind, _ in chunks] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"] and trailing == b""
    assert decoded(data).tobytes() == as_rgb(image).tobytes()
    assert zlib.decompress(dict(chunks)[b"IDAT"])[0] == 0  # rows unfiltered


def test_every_colour_the_games_draw_is_in_the_fixed_palette(monkeypatch):
    """So every picture is written with its indices as drawn (data/inks.json lists the interface colours)."""
    drawn = set()
    real = Inks.__call__

    def noted(self, colour):
        index = real(self, colour)
        drawn.add((colour, index))
        return index

    monkeypatch.setattr(Inks, "__call__", noted)
    clear_caches()
    for game in GAMES:
        for _label, picture in pictures(game):
            picture()
    outside = sorted(str(colour) for colour, index in drawn if index >= INKS.fixed)
    assert drawn and not outside, f"add to data/inks.json: {outside}"


def test_the_sprite_cache_is_bounded_by_pixels():
    cache_ = Lru(1000, weigh=lambda item: item)
    for key in range(30):
        cache_.get(key, lambda: 100)
    assert cache_.weight <= 1000 and len(cache_) == 10
    assert cache_.get(29, lambda: 1) == 100  # the most recent are kept
    assert cache_.get(0, lambda: 1) == 1  # the oldest went first


def test_a_canvas_written_in_place_is_the_png_of_its_pixels():
    """A canvas is drawn in its PNG's rows: its file is the one written from a copy of its pixels (the general
    path), and its filter bytes stay 0 whatever is drawn up to its edges."""
    image, draw = canvas(41, 23)
    draw.rectangle((0, 0, 40, 22), outline=HIGHLIGHT, width=3)
    draw.line((0, 11, 40, 11), fill=seat_colour(1))
    copy = image.copy()
    copy.inks = set(image.inks)
    assert not hasattr(copy, "png_rows")
    assert png(image) == png(copy)
    assert decoded(png(image)).tobytes() == as_rgb(image).tobytes()


def test_a_large_canvas_reuses_memory_only_no_image_holds(monkeypatch):
    """Boards reuse their memory, never while a picture drawn in it is alive, and each starts all background."""
    monkeypatch.setattr("bot.render.canvas._SPARE_ROWS", [])
    first, first_draw = canvas(720, 800)
    first_draw.rectangle((0, 0, 719, 799), fill=HIGHLIGHT)
    second, _ = canvas(720, 800)
    assert second.png_rows[0] is not first.png_rows[0]
    assert second.getextrema() == (INKS(BACKGROUND),) * 2
    memory = first.png_rows[0]
    del first, first_draw
    third, _ = canvas(720, 700)
    assert third.png_rows[0] is memory  # free again: reused, and filled anew
    assert third.getextrema() == (INKS(BACKGROUND),) * 2
    assert png(third) == png(canvas(720, 700)[0])


def test_a_layer_keeps_pillows_memory_and_never_a_boards(monkeypatch):
    """A layer (a part kept in the cache to be pasted) lives in Pillow's memory: it never holds a board's spare rows,
    which the next board takes."""
    monkeypatch.setattr("bot.render.canvas._SPARE_ROWS", [])
    board, board_draw = canvas(720, 800)
    memory = board.png_rows[0]
    del board, board_draw
    part, part_draw = canvas(720, 800, part=True)
    part_draw.rectangle((0, 0, 719, 9), fill=HIGHLIGHT)
    assert not hasattr(part, "png_rows") and part.getextrema() == (INKS(BACKGROUND), INKS(HIGHLIGHT))
    again, _ = canvas(720, 780)
    assert again.png_rows[0] is memory and again.getextrema() == (INKS(BACKGROUND),) * 2
    assert png(again) == png(canvas(720, 780, part=True)[0])


@pytest.mark.parametrize("x, y", [(6, 10), (7, 11), (6.5, 9.5)])
def test_a_large_frame_pasted_as_its_sides_is_the_frame_drawn_in_place(x, y):
    """A turn's frame (an outline with nothing inside) is pasted as its four sides: the pixels of drawing it whole,
    over whatever is inside it."""

    def frame(d, px, py):
        d.rounded_rectangle((px, py, px + 600, py + 150), radius=12, outline=HIGHLIGHT, width=4)

    direct, direct_draw = canvas(640, 180)
    direct_draw.rectangle((20, 30, 500, 120), fill=PANEL)
    frame(direct_draw, x, y)
    pasted, pasted_draw = canvas(640, 180)
    pasted_draw.rectangle((20, 30, 500, 120), fill=PANEL)
    clear_caches()
    for _ in range(2):  # drawn into the cache, then pasted from it
        cached(pasted_draw, ("test.frame",), x, y, (-2, -2, 602, 152), frame)
    assert pasted.tobytes() == direct.tobytes()
    (piece,) = [item for key, item in SPRITES._items.items() if key[0][0] == ("test.frame",)]
    assert piece.parts is not None and len(piece.parts) == 4


def test_many_parts_pasted_in_one_pass_are_each_pasted_in_turn():
    """`cached_many` pastes the sprites `cached` would, where it would: at even and odd whole pixels, on half pixels,
    and off the half-pixel grid (drawn in place)."""

    def cell(d, px, py, key):
        d.rectangle((px, py, px + 20, py + 14), fill=key[1], outline="#0b0f16")
        d.polygon([(px + 4.3, py + 7), (px + 10.4, py + 2.2), (px + 16.1, py + 7)], fill="#ffffff")

    parts = [
        (("test.cell", colour), x, y)
        for colour in ("#e53e3e", HIGHLIGHT)
        for x, y in ((3, 4), (30, 5), (57.5, 20.5), (84.25, 33))
    ]
    one_by_one, one_draw = canvas(120, 60)
    clear_caches()
    for key, x, y in parts:
        cached(one_draw, key, x, y, (0, 0, 21, 15), lambda d, px, py, key=key: cell(d, px, py, key))
    in_one_pass, many_draw = canvas(120, 60)
    clear_caches()
    cached_many(many_draw, parts, (0, 0, 21, 15), cell)
    assert in_one_pass.tobytes() == one_by_one.tobytes() and many_draw.inks == one_draw.inks
    again, again_draw = canvas(120, 60)
    cached_many(again_draw, parts, (0, 0, 21, 15), cell)  # from the cache this time
    assert again.tobytes() == one_by_one.tobytes()
