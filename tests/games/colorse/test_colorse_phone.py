"""COLORSE's table fits one phone screen at every moment of AI-played games (every player count, both languages):
the embed is a status line and a little news (no fields while playing, short lines), the game's controls sit in
rows 0-1 with labels a phone shows on one line, the picture is PHONE_WIDTH wide and no taller than a phone leaves
for it, and the private view is a compact picture of the seat's own things.

Limits measured with tests/phone (Discord's mobile client at 360 CSS px): a description line of up to ~40 Latin or
~20 Japanese characters fits one line, so 60 / 40 characters wrap at most once."""

from __future__ import annotations

import io
import random
import re
from types import SimpleNamespace

import pytest
from PIL import Image

import games
from bot.faces.text import seat_name
from bot.i18n import t
from bot.render.phone import PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from cogs import gallery
from cogs.colorse import ColorsePresenter, columns

SPEC = games.get("colorse")
LINE_COLUMNS = 60  # two phone lines at most: ~40 Latin letters a line, a Japanese character or an emoji two
LABEL_CHARS = {"en": 14, "ja": 7}  # a button of a row of three, on one line
DEADLINE = 1_795_737_466


def moments(players: int, seed: int):
    """(state, recent) at every move of one AI-played game, `recent` the table's last actions' events."""
    state, rng = SPEC.new(players, {}, seed), random.Random(seed)
    recent: list = []
    for _ in range(3000):
        yield state, list(recent[-8:])
        if state.finished:
            return
        acting = [s for s in state.to_act() if s >= 0]
        seat = rng.choice(acting) if acting else -1
        action = (
            SPEC.agent(state.view(seat), state.legal_actions(seat), rng, "normal") if acting else {"type": "timeout"}
        )
        recent.append((seat, state.apply(seat, action)))


def table_of(state, recent, locale: str):
    table = gallery.table_for("colorse", state)
    table.locale = locale
    table.recent.extend(recent)
    return table


def shown(line: str) -> str:
    """A line as Discord shows it: a timestamp as its relative words."""
    return re.sub(r"<t:\d+:R>", "in 30 seconds", line)


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_moment_of_a_game_fits_a_phone_screen(players, locale):
    presenter = ColorsePresenter(SimpleNamespace(deadlines={1: DEADLINE}))
    phases, ended = set(), 0
    for number, (state, recent) in enumerate(moments(players, seed=players)):
        if number % 2 and not state.finished:
            continue
        table = table_of(state, recent, locale)
        board = presenter.public(table, locale)
        embed = board.embed.to_dict()
        lines = embed.get("description", "").splitlines()
        image = Image.open(io.BytesIO(board.image))
        assert image.width == PHONE_WIDTH
        if state.finished:
            ended += 1
            assert image.height <= PHONE_END_HEIGHT
            assert not board.items and len(embed.get("fields", [])) <= 1  # the result, once
            continue
        phases.add(state.phase)
        assert image.height <= PHONE_HEIGHT, (state.phase, image.height)
        assert "fields" not in embed, embed["fields"]
        assert 1 <= len(lines) <= 4, lines
        assert all(columns(shown(line)) <= LINE_COLUMNS for line in lines), lines
        assert locale == "ja" or all(len(shown(line)) <= 60 for line in lines), lines
        # the status line names whose turn it is
        acting = [seat for seat in state.to_act() if seat >= 0]
        turn = "'s turn" if locale == "en" else "の番"
        assert turn in lines[0] and any(seat_name(table, seat, locale) in lines[0] for seat in acting), lines[0]
        controls = [item.item for item in board.items if not item.item.custom_id.endswith("u.view")]
        assert controls
        rows: dict[int, list] = {}
        for control in controls:
            assert control.row in (0, 1), control
            rows.setdefault(control.row, []).append(control)
        for row in rows.values():
            assert len(row) <= 5
            assert len(row) == 1 or not any(getattr(c, "options", None) is not None for c in row)  # a select alone
            for control in row:
                if getattr(control, "label", None) is not None:
                    assert len(control.label) <= LABEL_CHARS[locale], control.label
    assert phases >= {"sign", "take", "place"} and ended == 1


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_private_view_is_a_compact_picture_of_the_seat_s_own_things(locale):
    presenter = ColorsePresenter(SimpleNamespace(deadlines={}))
    secrets = nothing = 0
    for number, (state, recent) in enumerate(moments(4, seed=11)):
        if number % 5:
            continue
        table = table_of(state, recent, locale)
        for seat in range(state.players):
            board = presenter.private(table, seat, locale)
            embed = board.embed.to_dict()
            assert "fields" not in embed and 1 <= len(embed["description"].splitlines()) <= 3
            view = state.view(seat)
            if embed["description"] in (
                t("colorse_table.nothing_private", locale),
                t("colorse_table.no_sign_yet", locale),
            ):
                nothing += 1
                assert board.image is None and not view["sign"]  # one line, no copy of the board
                continue
            secrets += 1
            image = Image.open(io.BytesIO(board.image))
            assert image.width == PHONE_WIDTH and image.height <= PHONE_HEIGHT // 2
    assert secrets and nothing


def test_english_words_are_english_and_the_take_buttons_name_the_picture_s_numbers():
    presenter = ColorsePresenter(SimpleNamespace(deadlines={}))
    katakana = re.compile(r"[\u30a0-\u30ff]")
    seen_take = False
    for state, recent in moments(3, seed=5):
        if state.finished:
            break
        board = presenter.public(table_of(state, recent, "en"), "en")
        texts = [board.embed.description or ""]
        for item in board.items:
            component = item.item.to_component_dict()
            texts.append(component.get("label") or component.get("placeholder") or "")
            texts += [o["label"] + o.get("description", "") for o in component.get("options", [])]
        assert not any(katakana.search(text) for text in texts), texts
        if state.phase == "take":
            seen_take = True
            labels = {item.item.label for item in board.items if ":a.take" in item.item.custom_id}
            assert labels and labels <= {"1", "2", "3"}  # the numbers under the common cards
    assert seen_take
    assert t("colorse.sign.doh", "en") == "Dō" and t("colorse.sign.zorf", "ja") == "ゾーフ"
