"""Each /rules page as a phone shows it: within one screen (tests/phone/budget.py), its picture the game's own
drawing of the page's position, its controls ◀ ▶ and a select of every page, and the full-text link only when set."""

import io

import pytest
from PIL import Image

import games
from bot import rules_pages
from cogs.rules import page_board
from tests.phone import budget

GAMES = [game for game in games.ids() if rules_pages.available(game)]


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_page_fits_one_phone_screen(game, locale):
    for index, page in enumerate(rules_pages.pages(game)):
        board = page_board(game, index, 42, locale, "https://rules.example/docs")
        size = Image.open(io.BytesIO(board.image)).size
        embed = board.embed.to_dict()
        height = budget.height(embed, budget.rows_of(board.items), size)
        assert height <= budget.SCREEN, (game, locale, page.id, height)
        assert budget.lines(embed["title"]) <= 2, (game, locale, page.id)


@pytest.mark.parametrize("game", GAMES)
def test_a_page_picture_is_the_presenters_drawing_of_its_position(game):
    from cogs.gallery import presenter_for, table_for

    page = rules_pages.pages(game)[-1]
    table = table_for(game, rules_pages.reach(game, page.position))
    drawn = presenter_for(game).public(table, "en").image if page.position.seat is None else None
    if drawn is not None:
        assert page_board(game, len(rules_pages.pages(game)) - 1, 42, "en").image == drawn


def test_the_controls_turn_pages_and_pick_any_page():
    pages = rules_pages.pages("colorse")
    first = page_board("colorse", 0, 42, "en")
    back, forward, learn, pick = first.items
    assert learn.game == "colorse" and learn.item.custom_id == "lr:colorse"  # the guided first game, one press away
    assert back.item.disabled and not forward.item.disabled and forward.page == 1 and forward.user == 42
    assert [option.value for option in pick.item.options] == [str(n) for n in range(len(pages))]
    assert pick.item.options[0].default
    last = page_board("colorse", len(pages) - 1, 42, "en")
    assert last.items[0].page == len(pages) - 2 and last.items[1].item.disabled


def test_the_full_text_link_is_there_only_when_set():
    plain = page_board("bossa", 0, 42, "en")
    assert not [item for item in plain.items if getattr(item, "url", None)]
    linked = page_board("bossa", 0, 42, "en", "https://rules.example/docs/")
    links = [item.url for item in linked.items if getattr(item, "url", None)]
    assert links == ["https://rules.example/docs/bossa.md"]
