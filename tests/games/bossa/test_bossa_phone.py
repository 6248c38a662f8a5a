"""BOSSa's table is one phone screen at every moment: a short embed (title, a status line naming whose turn it is,
the last move; no fields while playing), controls in rows 0-1 only (row 2 is the shared bottom row), and
pictures PHONE_WIDTH wide, at most PHONE_HEIGHT tall while playing (PHONE_END_HEIGHT with the result), the private
one too. Positions of AI-played games (cogs.gallery) and of seeded random games, at every player count, in both
languages.

Limits measured (names like "Player 2"): the longest line is 44 characters in English ("🎲 🔴 Player 1's turn: take a
line or go first"), 28 in Japanese; Discord's phone client (phoneview, 360 px) fits ~36 Latin / ~20 Japanese
characters on an embed line, so 60 / 36 allow one wrap with a longer name and no more."""

import io
import random
from collections import deque
from types import SimpleNamespace

import discord
import pytest
from PIL import Image

import games
from bot.render.phone import PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from bot.tables import Seat, Table
from cogs import gallery
from cogs.bossa import BossaPresenter
from cogs.presenter import seat_name

SPEC = games.get("bossa")
LINE_LIMIT = {"en": 60, "ja": 36}
LABEL_LIMIT = 6  # a button's label beside its emoji: up to five of them share a row at 360 px
CHOOSING = ("choose", "choose_colour")


def table_of(state, locale: str, recent=(), status: str | None = None) -> Table:
    return Table(
        id=1,
        game="bossa",
        guild_id=1,
        channel_id=1,
        message_id=1,
        host_id=1000,
        status=status or ("finished" if state.finished else "running"),
        options={},
        seed=1,
        version=1,
        locale=locale,
        state=state,
        seats=[Seat(1000 + n, f"Player {n + 1}") for n in range(state.players)],
        recent=deque(recent, maxlen=8),
    )


def positions():
    """(label, state, recent) of the gallery's AI-played games (start, mid, end) at every player count, and every
    state of seeded random games (with their recent moves)."""
    for players in range(SPEC.min_players, SPEC.max_players + 1):
        for name, state in gallery.positions("bossa", players).items():
            yield f"{players}p {name}", state, ()
        for seed in range(8):
            state, rng, recent = SPEC.new(players, {}, seed), random.Random(seed), []
            while True:
                yield f"{players}p seed {seed} move {len(recent)}", SPEC.load(state.to_json()), list(recent)
                if state.finished:
                    break
                seat = state.to_act()[0]
                recent.append((seat, state.apply(seat, rng.choice(state.legal_actions(seat)))))


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def components(board) -> list:
    return [item.item for item in board.items]


@pytest.fixture(scope="module")
def shown():
    return BossaPresenter(SimpleNamespace(deadlines={1: 2_000_000_000}))  # with a deadline line, the longest text


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_table_text_is_a_few_short_lines_and_no_fields_while_playing(shown, locale):
    checked = ends = 0
    for label, state, recent in positions():
        table = table_of(state, locale, recent)
        embed = shown.public(table, locale).embed
        lines = embed.description.split("\n")
        assert len(lines) <= 3, (label, lines)  # status, deadline, the last move
        assert all(len(line) <= LINE_LIMIT[locale] for line in lines), (label, lines)
        if state.finished:
            ends += 1
            # the result once: how it ended in a line, the winners in the shared status, the banner in the picture
            assert len(lines) == 2 and lines[0].startswith("🏁") and lines[1].startswith("🏆"), (label, lines)
            assert not embed.fields, label  # the winners are the shared line, once
            continue
        assert not embed.fields, (label, [field.name for field in embed.fields])
        view = state.view(None)
        acting = view["high_seat"] if view["phase"] == "choose" else view["active_seat"]
        name = seat_name(table, acting, locale)
        assert (f"{name}'s turn" if locale == "en" else f"{name}の番") in lines[0], (label, lines[0])
        checked += 1
    assert checked > 80 and ends >= 8


def test_the_acting_player_is_named_as_whose_turn_it_is(shown):
    state = SPEC.new(2, {}, 1)
    high = state.high_seat
    assert f"Player {high + 1}'s turn" in shown.public(table_of(state, "en"), "en").embed.description
    assert f"Player {high + 1}の番" in shown.public(table_of(state, "ja"), "ja").embed.description
    state.apply(high, {"type": "choose", "choice": "white"})
    seat = state.to_act()[0]
    assert f"Player {seat + 1}'s turn" in shown.public(table_of(state, "en"), "en").embed.description


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_controls_fit_two_rows_above_the_shared_one(shown, locale):
    phases = set()
    for label, state, recent in positions():
        table = table_of(state, locale, recent)
        board = shown.public(table, locale)
        mine = [c for c in components(board) if c.custom_id.endswith(":u.view")]
        ours = [c for c in components(board) if not c.custom_id.endswith(":u.view")]
        if state.finished:
            assert board.items == [], label
            continue
        phases.add(state.phase)
        assert {c.row for c in ours} <= {0, 1}, label
        # "My view" only while some seat has something private to see: a hand before the lines are chosen
        assert bool(mine) == (state.phase in CHOOSING), label
        for row in (0, 1):
            in_row = [c for c in ours if c.row == row]
            selects = [c for c in in_row if isinstance(c, discord.ui.Select)]
            assert not selects or len(in_row) == 1, (label, row)  # a select takes a whole row
            assert len(in_row) <= 5, (label, row)
        for button in ours:
            if isinstance(button, discord.ui.Button):
                assert len(button.label or "") <= LABEL_LIMIT, (label, button.label)
        board.view()  # discord.py accepts the layout
    assert {"choose", "play"} <= phases


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_pictures_fit_a_phone_screen(shown, locale):
    ends = 0
    for label, state, recent in positions():
        if "move" in label and int(label.rsplit(" ", 1)[1]) % 3 and not state.finished:
            continue  # every third state of the random games: drawing is the slow part
        table = table_of(state, locale, recent)
        width, height = size(shown.public(table, locale).image)
        limit = PHONE_END_HEIGHT if state.finished else PHONE_HEIGHT
        assert width == PHONE_WIDTH and height <= limit, (label, width, height)
        ends += state.finished
        for seat in range(state.players):
            private = shown.private(table, seat, locale)
            width, height = size(private.image)
            assert width == PHONE_WIDTH and height <= PHONE_HEIGHT // 2, (label, seat, height)
            assert len(private.embed.description.split("\n")) <= 2 and not private.embed.fields
    assert ends >= 5


def test_a_crowded_board_still_fits():
    """Eleven tiles in each hand and long lines: the columns shrink, the legend goes, the picture stays in bounds."""
    state = SPEC.new(2, {}, 4)
    state.apply(state.high_seat, {"type": "choose", "choice": "black"})
    data = state.to_dict()
    pool = data["hands"][0] + data["hands"][1] + data["deck"]
    data["hands"], data["deck"] = [sorted(pool[:11]), sorted(pool[11:22])], pool[22:]
    crowded = type(state).from_dict(data)
    from bot.faces.bossa.image import draw_board

    for locale in ("en", "ja"):
        assert size(draw_board(crowded.view(None), locale))[1] <= PHONE_HEIGHT
