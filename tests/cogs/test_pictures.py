"""The five games' pictures and private views, in positions of AI-played games (start, mid-game, end; every player
count): private views are designed (never the JSON fallback), every picture is drawn for a phone, and the end of a
game shows its result with the winners marked."""

import importlib
import io
import json
from functools import cache

import pytest
from PIL import Image

import games
from bot.render.caches import clear_caches
from bot.render.canvas import canvas
from bot.render.phone import PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH, SHOWN_WIDTH
from bot.render.text import font
from bot.render.widgets import symbol
from cogs import gallery
from cogs.presenter import Presenter

GAMES = games.built_in()
IMAGE_MODULES = [f"bot.faces.{game}.image" for game in GAMES]


@cache
def cases(game: str) -> list[tuple[int, str, object]]:
    spec = games.get(game)
    return [
        (players, name, state)
        for players in range(spec.min_players, spec.max_players + 1)
        for name, state in gallery.positions(game, players).items()
    ]


def texts(board) -> str:
    return json.dumps([board.embed.to_dict(), board.content], ensure_ascii=False)


@pytest.mark.parametrize("game", GAMES)
def test_every_private_view_is_designed_never_json(game, monkeypatch):
    def fallback(*args, **kwargs):
        raise AssertionError("the generic JSON private view was reached")

    monkeypatch.setattr(Presenter, "private", fallback)
    presenter = gallery.presenter_for(game)
    checked = 0
    for players, name, state in cases(game):
        table = gallery.table_for(game, state)
        for seat in range(players):
            for locale in ("en", "ja"):
                board = presenter.private(table, seat, locale)
                text = texts(board)
                assert "```" not in text and "json" not in text.lower(), (game, players, name, seat)
                embed = board.embed.to_dict()
                # a picture or fields, or (nothing private to show) a line saying so
                assert board.image is not None or embed.get("fields") or embed.get("description"), (
                    game,
                    players,
                    name,
                    seat,
                )
                checked += 1
    assert checked >= 6


class FontLog:
    """Wraps the pictures' font wherever the drawing modules reach it, recording every size asked for."""

    def __init__(self, monkeypatch):
        self.sizes: list[int] = []
        real = font
        clear_caches()  # text inside cached sprites is drawn (and its font asked for) only when not cached

        def logged(size):
            self.sizes.append(size)
            return real(size)

        for name in ["bot.render.text", "bot.render.widgets", *IMAGE_MODULES]:
            module = importlib.import_module(name)
            if hasattr(module, "font"):
                monkeypatch.setattr(module, "font", logged)


def pictures(game: str, locale: str = "en"):
    presenter = gallery.presenter_for(game)
    for players, name, state in cases(game):
        table = gallery.table_for(game, state)
        yield f"{players}p {name} public", presenter.public(table, locale).image
        for seat in range(players):
            yield f"{players}p {name} seat {seat + 1}", presenter.private(table, seat, locale).image
        if hasattr(presenter, "placement_chooser") and not state.finished:
            seat = state.to_act()[0]
            card = presenter.best_card(table, seat)
            yield f"{players}p {name} chooser", presenter.placement_chooser(table, seat, card, 0, locale).image


@pytest.mark.parametrize("game", GAMES)
def test_pictures_are_drawn_for_a_phone(game, monkeypatch):
    """PHONE_WIDTH wide (shown 252 CSS px wide in an embed on a phone), no taller than a phone screen leaves for it
    (PHONE_HEIGHT while playing, PHONE_END_HEIGHT with the result), no text under 12 CSS px where it is shown, at
    most 100 KB."""
    log = FontLog(monkeypatch)
    count = 0
    for label, png in pictures(game):
        if png is None:
            continue
        image = Image.open(io.BytesIO(png))
        assert image.width == PHONE_WIDTH, label
        limit = PHONE_END_HEIGHT if label.split()[1] == "end" else PHONE_HEIGHT
        assert image.height <= limit, (label, image.height, limit)
        assert len(png) <= 100_000, (label, len(png))
        count += 1
    assert count >= 6 and log.sizes
    smallest = min(log.sizes) * SHOWN_WIDTH / PHONE_WIDTH
    assert smallest >= 12, f"{game}: text of {min(log.sizes)} px drawn, {smallest:.1f} CSS px on a phone"


@pytest.mark.parametrize("game", GAMES)
def test_the_end_shows_the_result_with_the_winners_marked(game, monkeypatch):
    module = importlib.import_module(f"bot.faces.{game}.image")
    banners = []
    real = module.result_banner
    monkeypatch.setattr(module, "result_banner", lambda entries, **kw: banners.append(entries) or real(entries, **kw))
    presenter = gallery.presenter_for(game)
    ends = 0
    for players, name, state in cases(game):
        banners.clear()
        presenter.public(gallery.table_for(game, state), "en").image  # reading it draws the picture  # noqa: B018
        if not state.finished:
            assert banners == [], (players, name)
            continue
        ends += 1
        assert len(banners) == 1
        entries = banners[0]
        winners = state.result().get("winners", [])
        assert [seat for seat, _, won in entries if won and seat is not None] == sorted(winners)
        assert {seat for seat, _, _ in entries if seat is not None} == set(range(players))
        assert all(value for _, value, _ in entries)
    assert ends >= 1


def test_colour_blind_symbols_are_data_and_tell_every_colour_apart():
    from games.data import load

    for name, colours in (
        ("colorse/symbols.json", ["R", "G", "B", "Y"]),
        ("diamond_box/symbols.json", [c["id"] for c in load("diamond_box/cards.json")["colours"]]),
    ):
        symbols = load(name)
        shapes = [symbols[colour] for colour in colours]
        assert len(set(shapes)) == len(colours), name
        for shape in shapes:  # each is a shape `symbol` draws (an unknown name would fall back to a bar)
            image, draw = canvas(40, 40)
            symbol(draw, (4, 4, 36, 36), shape)
            bar, bar_draw = canvas(40, 40)
            symbol(bar_draw, (4, 4, 36, 36), "bar")
            assert shape == "bar" or image.tobytes() != bar.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_drawn_ahead_is_the_board_s_own(game):
    """What the refresher draws while a move commits (`board_picture`) is the picture the board then attaches: the
    answer finds it in the pool's cache instead of drawing it again. It is drawn in the table's locale."""
    presenter = gallery.presenter_for(game)
    for players, name, state in cases(game):
        table = gallery.table_for(game, state)
        for locale, other in (("en", "ja"), ("ja", "en")):
            table.locale = locale
            ahead = presenter.board_picture(table)
            assert ahead is not None, (game, players, name)
            assert presenter.public(table, locale).pending_picture().digest() == ahead.digest(), (game, players, name)
            assert presenter.public(table, other).pending_picture().digest() != ahead.digest(), (game, players, name)


@pytest.mark.parametrize("game", GAMES)
def test_a_private_picture_speaks_its_viewer_s_language(game):
    """A player's own picture is drawn in the language of the one who opened it, whatever the table's: a Japanese
    player at an English table reads Japanese words (Diamond Box's hand picture has none: digits and cards only)."""
    presenter = gallery.presenter_for(game)
    state = gallery.positions(game, games.get(game).min_players)["mid"]
    table = gallery.table_for(game, state)
    table.locale = "en"
    for seat in range(len(table.seats)):
        english, japanese = (presenter.private(table, seat, locale).pending_picture() for locale in ("en", "ja"))
        if english is None:  # nothing private to draw (COLORSE: one line says so)
            assert japanese is None
            continue
        if english.args[-1] in ("en", "ja"):  # a picture with words
            assert english.args[-1] == "en" and japanese.args[-1] == "ja"
            assert english() != japanese(), seat
        else:
            assert english.digest() == japanese.digest(), seat
