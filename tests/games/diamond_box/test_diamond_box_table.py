"""Diamond Box's table without Discord: the deck order never shows, the table offers the best moves, and the
chooser every legal move."""

import io
import random
from types import SimpleNamespace

from PIL import Image

import games
from bot import codec
from bot.faces.diamond_box.describe import row_sentence
from bot.faces.diamond_box.image import board_area
from bot.render.phone import PHONE_HEIGHT, PHONE_WIDTH
from bot.tables import Table
from cogs.diamond_box import PER_PAGE, DiamondBoxPresenter, encoded_placement, ranked_label, where
from tests.support.tables import running_table, text_of

SPEC = games.get("diamond_box")


def make_table(state) -> Table:
    return running_table("diamond_box", state, table_id=5, version=2)


def states(count=5, steps=60):
    for seed in range(count):
        state = SPEC.new(2 + seed % 3, {}, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.finished:
                break
            yield type(state).from_dict(state.to_dict())
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def public(board):
    embed = board.embed.to_dict()
    embed.pop("image", None)
    return [embed, board.image, board.image_name, [i.item.to_component_dict() for i in board.items]]


def test_the_public_board_does_not_depend_on_the_deck_order():
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    rng = random.Random(3)
    checked = 0
    for state in states():
        data = state.to_dict()
        rng.shuffle(data["deck"])
        twin = type(state).from_dict(data)
        for locale in ("en", "ja"):
            assert public(presenter.public(make_table(twin), locale)) == public(
                presenter.public(make_table(state), locale)
            )
        checked += 1
    assert checked > 20


def selects(board, name):
    return [i.item for i in board.items if hasattr(i.item, "options") and f":u.{name}" in i.item.custom_id]


def test_private_views_and_the_chooser_do_not_depend_on_the_deck_order():
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    rng = random.Random(4)
    checked = 0
    for number, state in enumerate(states()):
        if number % 6:
            continue
        data = state.to_dict()
        rng.shuffle(data["deck"])
        twin = type(state).from_dict(data)
        for seat in range(state.players):
            assert public(presenter.private(make_table(twin), seat, "ja")) == public(
                presenter.private(make_table(state), seat, "ja")
            )
        seat = state.to_act()[0]
        card = presenter.best_card(make_table(state), seat)
        assert public(presenter.placement_chooser(make_table(twin), seat, card, 0, "en")) == public(
            presenter.placement_chooser(make_table(state), seat, card, 0, "en")
        )
        checked += 1
    assert checked > 5


def test_the_table_offers_the_best_placements_and_the_chooser_every_one_best_first_and_drawn():
    """The table message's select holds the 25 best placements (#1..#25, least penalty first); the chooser's pages,
    of every card or of one card (each page one press of the jump select away), offer every legal placement exactly
    once, ranked by penalty, numbered as on the table, and each offered one is drawn on that page's picture."""
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    pages_seen = 0
    for state in list(states(count=3, steps=20))[::4]:
        table, seat = make_table(state), state.to_act()[0]
        on_table = [codec.decode(o.value) for o in selects(presenter.public(table, "en"), "act")[0].options]
        assert len(on_table) == min(25, len(state.legal_actions(seat)))
        hand = state.view(seat)["hands"][seat]
        for card in [None, *dict.fromkeys(hand)]:
            first = presenter.placement_chooser(table, seat, card, 0, "en")
            filters = [o.value for o in selects(first, "card")[0].options]
            assert filters[0] == "all" and sorted(filters[1:]) == sorted(str(hand.index(c)) for c in set(hand))
            jump = selects(first, "jump.")
            ranked, offered, page = [], [], 0
            while True:  # each page one press away: the jump select (25 pages), or "next" from the one before
                board = presenter.placement_chooser(table, seat, card, page, "en")
                ids = [i.item.custom_id for i in board.items]
                assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
                options = selects(board, "act0")[0].options
                assert len(options) <= PER_PAGE and board.image is not None
                shown = [codec.decode(o.value) for o in options]
                assert all(f"#{page * PER_PAGE + n + 1} " in o.label for n, o in enumerate(options))
                ranked += [state.penalty_of(a) for a in shown]
                offered += shown
                if page < 25:
                    assert (jump and str(page) in [o.value for o in jump[0].options]) or (not jump and page == 0)
                if not any(i.endswith(f".{page + 1}") and ":u.pg." in i for i in ids):
                    break
                page += 1
            pages_seen = max(pages_seen, page + 1)
            assert ranked == sorted(ranked)  # best first across pages
            legal = [a for a in state.legal_actions(seat) if card is None or a["card"] == card]
            assert sorted(map(codec.encode, offered)) == sorted(map(codec.encode, legal))
            if card is None:
                assert offered[:25] == on_table  # the same numbers on the table and in the chooser
    assert pages_seen > 1


def test_the_chooser_marks_never_overlap_and_show_each_footprint():
    """Each offered placement has its own panel: badges, panels and footprints of different placements are apart,
    every footprint is the card's rotated size and lies inside its own panel, all on the canvas."""
    from bot.faces.diamond_box.image import placement_layout
    from games.diamond_box.geometry import size as footprint_size

    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))

    def meet(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    for state in list(states(count=3, steps=30))[::5]:
        table, seat = make_table(state), state.to_act()[0]
        card = presenter.best_card(table, seat)
        moves = presenter.ranked(table, seat, card)[:PER_PAGE]
        numbered = [(n + 1, action, penalty) for n, (action, penalty) in enumerate(moves)]
        layout = placement_layout(state.view(seat), numbered)
        panels = layout["panels"]
        for index, boxes in enumerate(panels):
            px0, py0, px1, py1 = boxes["panel"]
            assert 0 <= px0 and px1 <= layout["width"] and 0 <= py0 and py1 <= layout["height"]
            fx0, fy0, fx1, fy1 = boxes["footprint"]
            assert px0 <= fx0 and fx1 <= px1 and py0 <= fy0 and fy1 <= py1
            width, height = footprint_size(moves[index][0]["rotation"])
            assert round((fx1 - fx0) / layout["size"]) == width and round((fy1 - fy0) / layout["size"]) == height
            assert not meet(boxes["badge"], boxes["footprint"])
            for other in panels[index + 1 :]:
                for a in ("panel", "badge", "footprint"):
                    for b in ("panel", "badge", "footprint"):
                        assert not meet(boxes[a], other[b])
        assert layout["width"] == PHONE_WIDTH and layout["height"] <= PHONE_HEIGHT


def test_the_board_png_has_no_metadata():
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    board = presenter.public(make_table(next(iter(states(count=1)))), "en")
    assert Image.open(io.BytesIO(board.image)).info == {}


def test_the_ranking_is_kept_per_position_and_never_outlives_a_move_or_a_reloaded_state():
    """The board, the chooser and the hand share one ranking per position (the engine's memo): after a move, or on a
    state reloaded from storage (the same version, another object), it is ranked again, as sorting anew ranks."""
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    state = SPEC.new(2, {}, 3)
    table = make_table(state)
    rng = random.Random(3)
    for step in range(8):
        seat = state.to_act()[0]
        ranked = presenter.ranked(table, seat)
        hand = state.view(seat)["hands"][seat]
        fresh = sorted(
            state.placement_penalties(),
            key=lambda m: (m[1], hand.index(m[0]["card"]), m[0]["rotation"], m[0]["y"], m[0]["x"]),
        )
        assert ranked == fresh and presenter.ranked(table, seat) == ranked
        assert presenter.ranked(table, seat, ranked[-1][0]["card"]) == [
            m for m in ranked if m[0]["card"] == ranked[-1][0]["card"]
        ]
        ranked[0][0]["x"] = 10**6  # a caller changing what it got does not change the kept ranking
        assert presenter.ranked(table, seat) == fresh
        state.apply(seat, rng.choice(state.legal_actions(seat)))  # the same object moves on
        assert presenter.ranked(table, seat) == []  # no longer this seat's turn
        if step % 2:
            table.state = type(state).from_dict(state.to_dict())  # a reload: a new object
            state = table.state


def message(presenter, table, locale: str) -> list:
    """What a table message says, its picture's description included."""
    board = presenter.described(presenter.public(table, locale), table, None, locale)
    return [*text_of(board), board.description]


def test_words_made_once_say_what_the_position_says():
    """The select's placements and the rows in words are worded once per what they name (memoised): along games
    whose centre grows (its coordinates move), each message is the one worded from nothing."""
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    memos = [where, ranked_label, encoded_placement, row_sentence]
    areas = set()
    for state in states(count=3, steps=25):
        table = make_table(state)
        areas.add(board_area(table.public_view()))
        remembered = [message(presenter, table, locale) for locale in ("en", "ja")]  # with words of positions before
        fresh = []
        for locale in ("en", "ja"):
            for memo in memos:
                memo.cache_clear()
            fresh.append(message(presenter, table, locale))
        assert remembered == fresh
    assert len(areas) > 3  # the centre grew: its coordinates moved
