"""A practice table's message (the board, the coach line, the practice mark and Hint beside the bottom row) fits one
phone screen, for every game and locale, at every coach moment of its lesson (tests/phone/budget.py's figures), and
Hint's row fits a phone's width."""

import io

import discord
import pytest
from PIL import Image

import games
from bot import lessons
from bot.faces import coach
from cogs import gallery, learn
from tests.phone import budget
from tests.support.phone_rows import ROW_WIDTH, button_width, host_row


def moments(game: str):
    """(script position, state) at each coach moment of the lesson, the state its script reaches there."""
    plan = lessons.lesson(game)
    state, done = lessons.start(game, 1), 0
    for at, _ in plan.moments:
        for seat, action in plan.script[done:at]:
            state.apply(seat, action)
        done = max(done, at)
        yield at, games.get(game).state_class.from_dict(state.to_dict())


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", games.built_in())
def test_a_practice_tables_message_fits_one_phone_screen(game, locale):
    presenter = gallery.presenter_for(game)
    measured = []
    for at, state in moments(game):
        table = gallery.table_for(game, state)
        table.options, table.version, table.locale = coach.table_options(game), at, locale
        board = presenter.public(table, locale)
        board.items.extend(host_row(table, locale))  # as the table cog does, before the lesson's decoration
        learn.decorate(board, table, locale)
        embed = board.embed.to_dict()
        where = (game, locale, at)
        assert coach.coach_line(table, locale) in embed["description"], where  # on the script: its line shows
        items = board.items
        rows = budget.rows_of(items)
        picture = Image.open(io.BytesIO(board.image)).size if board.image else None
        height = budget.height(embed, rows, picture, board.content)
        measured.append(height)
        assert len(rows) <= 3 and height <= budget.SCREEN, (where, height, embed["description"])
        assert any(item.item.custom_id.endswith(".hint") for item in items), where
        for number in {item.item.row for item in items if isinstance(item.item, discord.ui.Button)}:
            row = [item for item in items if item.item.row == number]
            width = sum(button_width(item) for item in row) + 8 * (len(row) - 1)
            assert width <= ROW_WIDTH, (where, [item.item.label or item.item.emoji for item in row], width)
    assert len(measured) == len(lessons.lesson(game).moments)
