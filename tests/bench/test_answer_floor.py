"""The answer floor's message (bench/floors.py): a game's table message with every component made inert but one, the
do-nothing button, the ids as long as the table's."""

import random
import re

import discord
import pytest

import games
from bench.floors import ANSWERS, AnswerFloor, Samples, answer_board, answering
from bot.tables import Table
from cogs.gallery import presenter_for
from cogs.ui import BUTTON_TEMPLATE, SELECT_TEMPLATE
from tests.support.tables import running_table


def a_table(game: str, moves: int) -> Table:
    spec = games.get(game)
    players = min(4, spec.max_players)
    state, rng = spec.new(players, {}, 5), random.Random(5)
    for _ in range(moves):
        acting = [s for s in state.to_act() if s >= 0]
        if state.finished or not acting:
            break
        state.apply(acting[0], rng.choice(state.legal_actions(acting[0])))
    return running_table(game, state, table_id=123456789, version=42)


@pytest.mark.parametrize("game", games.built_in())
def test_the_copy_keeps_the_message_and_makes_every_id_inert_but_the_floors(game):
    presenter = presenter_for(game)
    table = a_table(game, 3)
    assert table.state.to_act()  # a game under way: its move's components are on the message
    board = presenter.public(table, "en")
    copy = answer_board(board, game)
    assert copy.embed is board.embed and copy.image_name == board.image_name
    buttons = any(isinstance(getattr(item, "item", item), discord.ui.Button) for item in board.items)
    assert len(copy.items) == len(board.items) + (0 if buttons else 1)  # a board of selects alone gets its floor
    floors = [item for item in copy.items if isinstance(item, AnswerFloor)]
    assert len(floors) == 1 and floors[0].template.fullmatch(floors[0].custom_id)
    for original, item in zip(board.items, copy.items):
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        was = original.item if isinstance(original, discord.ui.DynamicItem) else original
        assert type(inner) is type(was) and inner.row == was.row
        assert not re.fullmatch(BUTTON_TEMPLATE, inner.custom_id) and not re.fullmatch(SELECT_TEMPLATE, inner.custom_id)
        assert len(was.custom_id) <= len(inner.custom_id) <= 100  # as long as the table's (a press carries them all)
        if isinstance(inner, discord.ui.Select):
            assert inner.options == was.options


def test_a_board_without_buttons_gets_the_floors():
    table = a_table("diamond_box", 400)
    assert table.state.finished
    board = presenter_for("diamond_box").public(table, "en")
    assert not any(isinstance(getattr(i, "item", i), discord.ui.Button) for i in board.items)
    copy = answer_board(board, "diamond_box")
    assert [type(item) for item in copy.items].count(AnswerFloor) == 1


def test_every_copy_a_floor_answers_with_has_the_same_button():
    presenter = presenter_for("bossa")
    boards = [presenter.public(a_table("bossa", moves), "en") for moves in (0, 3, 6)]
    floor_id = "bq:bossa:" + "x" * 40
    copies = [answer_board(board, "bossa", floor_id) for board in boards]
    assert [[item.custom_id for item in copy.items if isinstance(item, AnswerFloor)] for copy in copies] == [
        [floor_id]
    ] * 3


def test_the_floor_answers_with_its_messages_in_turn():
    ANSWERS["test@turns"] = ["a", "b", "c"]
    try:
        answered = [answering(ANSWERS, "test@turns") for _ in range(7)]
    finally:
        del ANSWERS["test@turns"]
    assert sorted(answered[:3]) == ["a", "b", "c"] and answered[3:6] == answered[:3]


def test_samples_are_drawn_from_every_message_not_only_the_first():
    samples = Samples("bossa", size=10)
    for number in range(5):
        samples.record(number)
    assert samples.boards == [0, 1, 2, 3, 4]  # fewer than it keeps: all of them, in order
    for number in range(5, 1000):
        samples.record(number)
    assert len(samples.boards) == 10 and len(set(samples.boards)) == 10
    assert max(samples.boards) >= 500  # a uniform sample of 1,000 reaches the later half
    again = Samples("bossa", size=10)
    for number in range(1000):
        again.record(number)
    assert again.boards == samples.boards  # seeded: the same moves, the same sample
