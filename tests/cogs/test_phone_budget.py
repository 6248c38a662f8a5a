"""Every table message fits one phone screen: its height estimated from what the bot sends (tests/phone/budget.py,
whose figures are phoneview's), for every game, player count and locale, at the start, mid-game and end of an
AI-played game, with the shared bottom row; and the text stays short (a status line, the last events), the controls
in at most three rows of labels that do not wrap."""

import io
from functools import cache
from types import SimpleNamespace

import pytest
from PIL import Image

import games
from cogs import gallery
from cogs.table import TableCog
from tests.phone import budget

GAMES = games.built_in()
ROW_WIDTH = 280  # CSS px of a row of buttons on a phone
BUTTON_PADDING, GAP, EMOJI = 28, 8, 28  # a button's own padding, the gap between two, an emoji and its space
MIN_BUTTON = 56


@cache
def cases(game: str):
    spec = games.get(game)
    return [
        (players, name, state)
        for players in range(spec.min_players, spec.max_players + 1)
        for name, state in gallery.positions(game, players).items()
    ]


def host_row(table, locale):
    """The shared bottom row as the table cog adds it (a deadline running, an AI standing in: the fullest)."""
    cog = SimpleNamespace(deadlines={table.id: 1.0})
    return TableCog.host_items(cog, table, locale)


def button_width(item) -> float:
    inner = item.item
    # bold 14 px text: a CJK character 14 px, a Latin one about 8.4
    text = sum(budget.WIDE if budget.text_width(c) == budget.WIDE else 8.4 for c in inner.label or "")
    return max(MIN_BUTTON, BUTTON_PADDING + text + (EMOJI if inner.emoji else 0))


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_table_message_fits_one_phone_screen(game, locale):
    presenter = gallery.presenter_for(game)
    for players, name, state in cases(game):
        table = gallery.table_for(game, state)
        table.locale = locale
        if name == "mid":
            table.seats[-1].ai_level = "normal"  # an AI standing in: "I'm back" joins the bottom row
        board = presenter.board(table, locale)
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
