"""Diamond Box's table without Discord: the deck order never shows, and the chooser offers every legal move."""
import io
import random
from types import SimpleNamespace

from PIL import Image

import games
from bot import codec
from bot.tables import Seat, Table
from cogs.diamond_box import DiamondBoxPresenter

SPEC = games.get("diamond_box")


def make_table(state) -> Table:
    return Table(id=5, game="diamond_box", guild_id=1, channel_id=2, message_id=3, host_id=1000, status="running",
                 options={}, seed=1, version=2, locale="en", state=state,
                 seats=[Seat(1000 + n, f"p{n}") for n in range(state.players)])


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
            assert public(presenter.board(make_table(twin), locale)) == public(presenter.board(make_table(state), locale))
        checked += 1
    assert checked > 20


def test_the_chooser_offers_every_legal_placement_exactly_once():
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    for state in list(states(count=3, steps=20))[::4]:
        table, seat = make_table(state), state.to_act()[0]
        offered = []
        cards = [o.value for o in presenter.card_chooser(table, seat, "en").items[0].item.options]
        for card in cards:
            page = 0
            while True:
                board = presenter.placement_chooser(table, seat, card, page, "en")
                selects = [i.item for i in board.items if hasattr(i.item, "options")]
                offered += [codec.decode(o.value) for s in selects for o in s.options]
                ids = [i.item.custom_id for i in board.items]
                assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
                if not any(i.endswith(f"u.pg.{state.view(seat)['hands'][seat].index(card)}.{page + 1}") for i in ids):
                    break
                page += 1
            penalties = [state.penalty_of(a) for a in offered if a["card"] == card]
            assert penalties == sorted(penalties)  # best first
        legal = state.legal_actions(seat)
        assert sorted(map(codec.encode, offered)) == sorted(map(codec.encode, legal))


def test_the_board_png_has_no_metadata():
    presenter = DiamondBoxPresenter(SimpleNamespace(deadlines={}))
    board = presenter.board(make_table(next(iter(states(count=1)))), "en")
    assert Image.open(io.BytesIO(board.image)).info == {}
