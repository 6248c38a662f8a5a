"""Blue Border's table on Discord: what the public message carries, checked without Discord.

The leak test: the text of the public message (embed, custom_ids, select values, file name) must be a function of
public information only. So for states met in random games we shuffle the hidden cards' numbers among themselves
(the public view's shades change, nothing public otherwise) and require every textual part to stay identical."""

import io
import random
from types import SimpleNamespace

import pytest
from PIL import Image

import games
from bot.tables import Table
from cogs.blue_border import BlueBorderPresenter
from tests.support.tables import running_table, text_of

SPEC = games.get("blue_border")


def make_table(state) -> Table:
    return running_table("blue_border", state, name="diver")


def shuffle_hidden(state, rng: random.Random):
    """A copy of `state` with its hidden cards' numbers permuted among the hidden places."""
    data = state.to_dict()
    places = []
    for board in data["boards"]:
        places += [(card, "number") for card in board if not card["revealed"]]
    for pile in data["piles"]:
        places += [(pile, index) for index in range(len(pile))]
    places += [(data["deck"], index) for index in range(len(data["deck"]))]
    numbers = [holder[key] for holder, key in places]
    rng.shuffle(numbers)
    for (holder, key), number in zip(places, numbers):
        holder[key] = number
    return type(state).from_dict(data)


def random_states(games_count=6, steps=400):
    for seed in range(games_count):
        state = SPEC.new(4, {}, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.finished:
                break
            yield state
            acting = [s for s in state.to_act() if s >= 0]
            seat = rng.choice(acting) if acting else -1
            action = rng.choice(state.legal_actions(seat)) if acting else {"type": "timeout"}
            state.apply(seat, action)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_public_text_does_not_depend_on_hidden_numbers(locale):
    presenter = BlueBorderPresenter(SimpleNamespace(deadlines={}))
    rng = random.Random(99)
    checked = 0
    for number, state in enumerate(random_states()):
        if number % 7:
            continue
        table = make_table(state)
        original = text_of(presenter.public(table, locale))
        twin = make_table(shuffle_hidden(state, rng))
        assert text_of(presenter.public(twin, locale)) == original
        checked += 1
    assert checked > 100


def test_custom_ids_fit_and_carry_only_table_version_action():
    presenter = BlueBorderPresenter(SimpleNamespace(deadlines={}))
    for state in random_states(games_count=2, steps=200):
        for item in presenter.public(make_table(state), "en").items:
            custom_id = item.item.custom_id
            assert len(custom_id) <= 100 and custom_id.startswith(("bg:7:5:", "bs:7:5:"))


def test_the_board_png_has_no_metadata():
    presenter = BlueBorderPresenter(SimpleNamespace(deadlines={}))
    state = next(iter(random_states(games_count=1, steps=30)))
    board = presenter.public(make_table(state), "ja")
    image = Image.open(io.BytesIO(board.image))
    assert image.format == "PNG" and image.info == {} and board.image_name == "blue_border.png"
    for chunk in (b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"tIME"):
        assert chunk not in board.image


def test_turn_buttons_follow_the_engines_legal_actions():
    presenter = BlueBorderPresenter(SimpleNamespace(deadlines={}))
    state = SPEC.new(3, {"stacked": {"deck": list(range(1, 33)), "start": 0}}, 0)
    ids = [item.item.custom_id for item in presenter.public(make_table(state), "en").items]
    assert "bg:7:5:a.take,source=deck" in ids and "bg:7:5:a.take,pile=0,source=pile" in ids
    assert "bg:7:5:u.pass" in ids and "bg:7:5:u.chart" in ids
    assert not any("call" in i for i in ids)
    assert "bg:7:5:u.view" not in ids  # nothing in Blue Border is private: no "my view" button of the game's own


def test_a_divers_private_picture_is_their_row_and_the_chart_drawn_from_the_public_view():
    """Nothing is private: the private picture is drawn from the public view plus the seat number alone (a hidden
    card's shade is public; its number is not, and the public view has none). It is the diver's own row and the
    colour chart, not the public board again, and its text is one line."""
    from bot.faces.blue_border.image import draw_board

    presenter = BlueBorderPresenter(SimpleNamespace(deadlines={}))
    checked = 0
    for number, state in enumerate(random_states(games_count=2, steps=200)):
        if number % 25:
            continue
        for seat in range(state.players):
            board = presenter.private(make_table(state), seat, "en")
            assert board.image == draw_board({**state.view(None), "seat": seat})
            public = Image.open(io.BytesIO(presenter.public(make_table(state), "en").image))
            assert Image.open(io.BytesIO(board.image)).height < public.height
            assert board.embed.to_dict().get("fields") is None and "\n" not in board.embed.description
        checked += 1
    assert checked >= 8
