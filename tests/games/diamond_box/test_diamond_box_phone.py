"""Diamond Box's table is one phone screen: in positions of AI-played games at every player count, in English and
Japanese, the public message is a picture that carries the state (at most PHONE_WIDTH x PHONE_HEIGHT while playing,
PHONE_END_HEIGHT with the result) under a few short lines of text with no fields, its controls take rows 0-1 (the
chooser's emoji-only 🔍 joins the shared bottom row), and a seat's own view is a line and a compact picture.

The line limits come from measuring the phone view (python -m tests.phone): at 360 CSS px an embed line holds about
40 Latin characters or 20 Japanese ones, so a line of at most 60 Latin characters (44 columns of Japanese, a wide
character counting two) wraps at most once."""

import io
import random
from functools import cache
from types import SimpleNamespace

import pytest
from PIL import Image

import games
from bot import codec
from bot.faces.diamond_box.image import board_area, coordinate
from bot.i18n import t
from bot.render.phone import PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from bot.tables import Seat
from cogs import gallery
from cogs.diamond_box import DiamondBoxPresenter
from cogs.presenter import columns

GAME = "diamond_box"
LINE_LIMIT = {"en": 60, "ja": 44}  # columns: a Japanese (wide) character counts two
SHARED_ROW = 2  # the shared bottom row (cogs/table.py host_items), where 🔍 joins it


@cache
def cases() -> list[tuple[int, str, object]]:
    """(players, name, state): start, mid-game and end of the gallery's games, and every 3rd position of another
    AI-played game per player count."""
    spec = games.get(GAME)
    found = []
    for players in range(spec.min_players, spec.max_players + 1):
        found += [(players, name, state) for name, state in gallery.positions(GAME, players).items()]
        state, rng, moves = spec.new(players, {}, 100 + players), random.Random(players), 0
        while not state.finished and gallery.step(state, rng, spec):
            moves += 1
            if moves % 3 == 0 or state.finished:
                found.append((players, f"move {moves}", type(state).from_dict(state.to_dict())))
    return found


def table_of(state, ai_seat: bool = True):
    """A table of the state, with a deadline running (its line is shown too) and an AI in the last seat (the
    longest names: "🟢 AI 3 (normal)")."""
    table = gallery.table_for(GAME, state)
    if ai_seat:
        table.seats[-1] = Seat(None, "", ai_level="normal")
    return table


def presenter(table) -> DiamondBoxPresenter:
    return DiamondBoxPresenter(SimpleNamespace(deadlines={table.id: 1e10}))


def lines_of(embed) -> list[str]:
    return (embed.description or "").split("\n")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_public_message_is_a_few_short_lines_with_no_fields_while_running(locale):
    checked = 0
    for players, name, state in cases():
        table = table_of(state)
        board = presenter(table).public(table, locale)
        embed = board.embed.to_dict()
        lines = lines_of(board.embed)
        assert len(lines) <= 4, (players, name, lines)
        for line in lines:
            assert 0 < columns(line) <= LINE_LIMIT[locale], (players, name, line)
        if state.finished:
            # the result once: the shared winners field, and no "game over" of ours in the text
            assert len(embed.get("fields", [])) <= 1, (players, name)
            assert t("table.finished", locale) not in (board.embed.description or "")
            continue
        assert not embed.get("fields"), (players, name, embed.get("fields"))
        seat = state.to_act()[0]
        who = table.seats[seat].name if table.seats[seat].name else None
        turn = lines[0]
        if who:
            assert (f"{who}'s turn" if locale == "en" else f"{who}の番") in turn, (players, name, turn)
        checked += 1
    assert checked >= 20


def rows(board) -> dict[int, list]:
    found: dict[int, list] = {}
    for item in board.items:
        inner = getattr(item, "item", item)
        found.setdefault(inner.row, []).append(inner.to_component_dict())
    return found


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_controls_fit_rows_0_and_1_and_the_shared_row_gets_one_emoji_button(locale):
    for players, name, state in cases():
        table = table_of(state)
        board = presenter(table).public(table, locale)
        used = rows(board)
        if state.finished:
            assert used == {}, (players, name)
            continue
        assert set(used) - {SHARED_ROW} <= {0, 1}, (players, name, sorted(used))
        for row, components in used.items():
            selects = [c for c in components if c["type"] == 3]
            assert not selects or len(components) == 1, (players, name, row)  # a select takes its whole row
            assert len(components) <= 5
            for component in components:
                if component["type"] == 2:
                    assert len(component.get("label") or "") <= (0 if row == SHARED_ROW else 12), component
        shared = used.get(SHARED_ROW, [])
        assert [c["custom_id"].rsplit(".", 1)[-1] for c in shared] == ["move"]  # the chooser, emoji only
        assert all(not c["custom_id"].endswith("u.view") for cs in used.values() for c in cs)  # nothing private


def picture_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_pictures_fit_a_phone_and_the_private_view_is_one_line_and_a_hand():
    checked = 0
    for players, name, state in cases():
        table = table_of(state, ai_seat=False)
        for locale in ("en", "ja"):
            board = presenter(table).public(table, locale)
            width, height = picture_size(board.image)
            assert width == PHONE_WIDTH, (players, name)
            assert height <= (PHONE_END_HEIGHT if state.finished else PHONE_HEIGHT), (players, name, height)
            for seat in range(players):
                own = presenter(table).private(table, seat, locale)
                assert not own.embed.to_dict().get("fields"), (players, name, seat)
                assert len(lines_of(own.embed)) <= 2
                assert all(columns(line) <= LINE_LIMIT[locale] for line in lines_of(own.embed))
                width, height = picture_size(own.image)
                assert width == PHONE_WIDTH and height <= PHONE_HEIGHT, (players, name, seat, height)
            checked += 1
    assert checked >= 40


def test_the_move_list_names_cells_by_the_picture_s_letters_and_numbers():
    """Each offered placement says where its top-left cell is as the board labels it (B3: column B, row 3), or
    that it lies past the picture's edge; never the engine's own (x, y)."""
    named = beyond = 0
    for _players, _name, state in cases():
        if state.finished:
            continue
        table = table_of(state)
        area = board_area(state.view(None))
        board = presenter(table).public(table, "en")
        select = next(i.item for i in board.items if hasattr(i.item, "options"))
        for option in select.options:
            assert "(" not in option.description, option.description
            action = codec.decode(option.value)
            x0, x1, y0, y1 = area
            if x0 <= action["x"] <= x1 and y0 <= action["y"] <= y1:
                assert option.description.endswith(f" {coordinate(area, action['x'], action['y'])}"), option
                named += 1
            else:
                assert "edge" in option.description
                beyond += 1
    assert named > 100 and named > beyond
    assert coordinate((-1, 5, -1, 3), -1, -1) == "A1" and coordinate((-1, 5, -1, 3), 2, 1) == "D3"
