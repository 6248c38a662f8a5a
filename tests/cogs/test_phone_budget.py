"""Every table message fits one phone screen: its height estimated from what the bot sends (tests/phone/budget.py,
whose figures are phoneview's), for every game, player count and locale, at the start, mid-game and end of an
AI-played game, with the shared bottom row; and the text stays short (a status line, the last events), the controls
in at most three rows of labels that do not wrap."""

import io
from functools import cache

import pytest
from PIL import Image

import games
from cogs import gallery
from tests.phone import budget
from tests.support.phone_rows import GAP, ROW_WIDTH, button_width, host_row

GAMES = games.built_in()


@cache
def cases(game: str):
    spec = games.get(game)
    return [
        (players, name, state)
        for players in range(spec.min_players, spec.max_players + 1)
        for name, state in gallery.positions(game, players).items()
    ]


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_table_message_fits_one_phone_screen(game, locale):
    presenter = gallery.presenter_for(game)
    for players, name, state in cases(game):
        table = gallery.table_for(game, state)
        table.locale = locale
        if name == "mid":
            table.seats[-1].ai_level = "normal"  # an AI standing in: "I'm back" joins the bottom row
        board = presenter.public(table, locale)
        items = [*board.items, *host_row(table, locale)]
        rows = budget.rows_of(items)
        picture = Image.open(io.BytesIO(board.image)).size if board.image else None
        embed = board.embed.to_dict()
        where = (game, locale, players, name)
        assert len(rows) <= 3, where
        assert not embed.get("fields") or state.finished, (where, embed.get("fields"))
        assert budget.lines(embed.get("description")) <= 5, (where, embed.get("description"))
        height = budget.height(embed, rows, picture, board.content)
        assert height <= budget.SCREEN, (where, height)
        widths: dict[int, float] = {}
        for item in items:
            if item.item.type.value == 2:
                widths[item.item.row] = widths.get(item.item.row, -GAP) + GAP + button_width(item)
        assert all(width <= ROW_WIDTH for width in widths.values()), (where, widths)
