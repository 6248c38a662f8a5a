"""DEEP DIVE's table fits one phone screen: in positions of AI-played games at every player count and
in both languages, the public message is a short status line and a move or two (no fields while playing), its
controls sit in rows 0-1 with labels a phone shows whole, and its picture is PHONE_WIDTH wide and no taller than a
phone leaves for it.

The limits were measured on phone screenshots (python -m tests.phone, 360 CSS px wide): one line of the embed holds
about 36 Latin letters (`LINE_WIDTH`), so a line of at most 60 wraps once; Japanese characters and emoji count
twice (`cogs.presenter.columns`)."""

import io
import json
import random
from collections import deque

import discord
import pytest
from PIL import Image

import games
from bot.render.phone import PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from bot.tables import Seat, Table
from cogs import gallery
from cogs.deep_dive import LINE_WIDTH
from cogs.presenter import columns as shown_width

SPEC = games.get("deep_dive")
LIMITS = {"en": 60, "ja": 64}  # a line's shown width: it wraps at most once on a phone
TURN = {"en": "{name}'s turn", "ja": "{name}の番"}
LABEL_WIDTH = 14  # a button's label (emoji aside), in shown width
ROW_WIDTH = 44  # a row's labels together


def table_of(state, recent, locale: str) -> Table:
    return Table(
        id=3,
        game="deep_dive",
        guild_id=1,
        channel_id=2,
        message_id=3,
        host_id=1000,
        status="finished" if state.finished else "running",
        options={},
        seed=1,
        version=4,
        locale=locale,
        seats=[Seat(1000 + n, f"player{n + 1}") for n in range(state.players)],
        state=state,
        recent=deque(recent, maxlen=8),
    )


def played(players: int, seed: int, every: int):
    """(state, recent) along one AI-played game: every `every`-th position, and the end."""
    state, rng = SPEC.new(players, {}, seed), random.Random(seed)
    recent: deque = deque(maxlen=8)
    moves = 0
    while not state.finished:
        if moves % every == 0:
            yield SPEC.load(state.to_json()), list(recent)
        acting = [seat for seat in state.to_act() if seat >= 0]
        seat = acting[0] if acting else games.SYSTEM
        legal = state.legal_actions(seat)
        action = SPEC.agent(state.view(seat), legal, rng, SPEC.ai_levels[0]) if acting else {"type": "timeout"}
        recent.append((seat, state.apply(seat, action)))
        moves += 1
    yield state, list(recent)


CASES = [(players, locale) for players in range(SPEC.min_players, SPEC.max_players + 1) for locale in ("en", "ja")]


@pytest.mark.parametrize("players,locale", CASES)
def test_the_public_message_is_one_phone_screen(players, locale, monkeypatch):
    monkeypatch.setattr("cogs.deep_dive.draw_board", lambda view, locale: b"")  # the pictures: tested below
    presenter = gallery.presenter_for("deep_dive")
    phases, ends = set(), 0
    for state, recent in played(players, seed=players, every=3):
        table = table_of(state, recent, locale)
        board = presenter.public(table, locale)
        embed = board.embed.to_dict()
        lines = (embed.get("description") or "").split("\n")
        assert len(lines) <= 4, lines
        for line in lines:
            assert shown_width(line) <= LIMITS[locale], line
        if state.finished:
            ends += 1
            assert board.items == [] and len(lines) <= 2
            text = json.dumps(embed, ensure_ascii=False)
            assert text.count("GAME OVER") + text.count(presenter_words(locale)) <= 1, text  # the result once
            continue
        phases.add(state.phase)
        assert not embed.get("fields"), embed["fields"]  # no Players / Hands / Recent moves while playing
        diver = state.view(None)["turn"]["diver_seat"]
        assert TURN[locale].format(name=f"player{diver + 1}") in lines[0], lines[0]
        rows: dict[int, list] = {}
        for item in board.items:
            rows.setdefault(item.item.row, []).append(item.item)
        assert set(rows) <= {0, 1}, rows  # row 2 is the table's own
        for row in rows.values():
            selects = [c for c in row if isinstance(c, discord.ui.Select)]
            assert not selects or len(row) == 1  # a select takes its whole row
            buttons = [c for c in row if isinstance(c, discord.ui.Button)]
            assert len(buttons) <= 5
            widths = [shown_width(c.label or "") for c in buttons]
            assert all(width <= LABEL_WIDTH for width in widths), [c.label for c in buttons]
            assert sum(widths) <= ROW_WIDTH, [c.label for c in buttons]
        board.view()  # discord.py accepts the rows
    assert ends == 1 and "dive" in phases and "revealed" in phases


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_two_last_moves_are_shown_only_when_neither_wraps(locale):
    presenter = gallery.presenter_for("deep_dive")
    seen = 0
    for state, recent in played(3, seed=5, every=1):
        if state.finished:
            continue
        lines = presenter.public(table_of(state, recent, locale), locale).embed.description.split("\n")
        moves = lines[1:]
        if len(moves) == 2:
            seen += 1
            assert max(map(shown_width, moves)) <= LINE_WIDTH, moves
    assert seen > 10


def presenter_words(locale: str) -> str:
    from bot.i18n import t

    return t("deep_dive.line.over", locale)


@pytest.mark.parametrize("players", range(SPEC.min_players, SPEC.max_players + 1))
def test_the_pictures_fit_a_phone(players):
    presenter = gallery.presenter_for("deep_dive")
    for name, state in gallery.positions("deep_dive", players).items():
        table = gallery.table_for("deep_dive", state)
        for locale in ("en", "ja"):
            image = Image.open(io.BytesIO(presenter.public(table, locale).image))
            assert image.width == PHONE_WIDTH
            assert image.height <= (PHONE_END_HEIGHT if state.finished else PHONE_HEIGHT), (name, image.height)
        for seat in range(players):  # a player's own picture: their tableau, small
            private = presenter.private(table, seat, "en")
            own = Image.open(io.BytesIO(private.image))
            assert own.width == PHONE_WIDTH and own.height <= PHONE_HEIGHT // 2
            assert len(private.embed.description.split("\n")) == 1 and not private.embed.fields
            assert private.items == []
