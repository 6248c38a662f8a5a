"""Blue Border's table is one phone screen: in positions of AI-played games at every player count and in
both languages, the public message is a short status text over a picture drawn for a phone, with its controls in
two rows above the shared bottom row.

Limits, from Discord's mobile client at 360 CSS px (measured with tests/phone): an embed line of ~40 Latin or ~20
Japanese characters fills the width, so a line of at most 60 (Latin) or 64 half-width units (a Japanese character
counts two) wraps at most once; a button is at least 56 px wide, or ~24 px of padding plus ~8 px per Latin character,
~15 px per Japanese one and ~22 px for an emoji, with 8 px between buttons in a row of ~280 px (so four one-digit
buttons fit in a row, five do not)."""

from __future__ import annotations

import io
import random
import unicodedata
from functools import cache

import pytest
from PIL import Image

import games
from bot.render.phone import PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from cogs import gallery
from games.contract import SYSTEM

SPEC = games.get("blue_border")
LOCALES = ("en", "ja")
LINE_LIMIT = {"en": 60, "ja": 64}
ROW_WIDTH = 280  # CSS px beside the avatar
MIN_BUTTON = 56  # CSS px, however short its label


def units(text: str) -> int:
    """Half-width units: a wide (Japanese) character or an emoji counts two."""
    return sum(
        2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) or c == "\ufe0f" else 1
        for c in text
    )


def button_width(component: dict) -> int:
    label = component.get("label") or ""
    wide = sum(1 for c in label if unicodedata.east_asian_width(c) in "WF")
    return max(MIN_BUTTON, 24 + 8 * (len(label) - wide) + 15 * wide + (22 if component.get("emoji") else 0))


@cache
def played(players: int, seed: int) -> list[tuple]:
    """(state, recent) after every move of one AI-played game: `recent` the table's last actions' events, as the
    host keeps them (deque of 8), so the text shows real events."""
    state, rng = SPEC.new(players, {}, seed), random.Random(seed)
    recent, seen = [], [(SPEC.new(players, {}, seed), ())]
    for _ in range(3000):
        if state.finished:
            break
        acting = [seat for seat in state.to_act() if seat >= 0]
        if acting:
            seat = rng.choice(acting)
            action = SPEC.agent(state.view(seat), state.legal_actions(seat), rng, "normal")
        else:
            seat, action = SYSTEM, {"type": "timeout"}
        recent = [*recent, (seat, state.apply(seat, action))][-8:]
        seen.append((type(state).from_dict(state.to_dict()), tuple(recent)))
    return seen


def positions(players: int, seed: int = 3, every: int = 9):
    """Every `every`-th position and the last one of an AI-played game (with its recent events)."""
    seen = played(players, seed)
    return seen[::every] + [seen[-1]]


def table_of(state, recent):
    table = gallery.table_for("blue_border", state)
    table.recent.extend(recent)
    return table


def cases():
    return [(players, locale) for players in range(SPEC.min_players, SPEC.max_players + 1) for locale in LOCALES]


@pytest.mark.parametrize(("players", "locale"), cases())
def test_the_public_text_is_a_status_line_and_a_couple_of_events_without_fields(players, locale):
    presenter = gallery.presenter_for("blue_border")
    finished = running = 0
    for state, recent in positions(players, every=3):
        table = table_of(state, recent)
        embed = presenter.public(table, locale).embed.to_dict()
        lines = (embed.get("description") or "").split("\n")
        assert len(lines) <= 4, lines
        assert all(
            units(line) <= LINE_LIMIT[locale] if locale == "ja" else len(line) <= LINE_LIMIT[locale] for line in lines
        ), lines
        if state.finished:
            finished += 1
            # the result once: the shared winners line (added by the shared code), no line of the game's own; the
            # picture carries the banner
            assert not embed.get("fields") and lines[0].startswith("🏆") and len(lines) == 1
        else:
            running += 1
            assert "fields" not in embed or embed["fields"] == []
            view = state.view(None)
            actor = view["active_seat"] if view["phase"] == "turn" else view["caller_seat"]
            if actor is not None and view["phase"] != "call_window":
                name = table.seats[actor].name
                assert (f"{name}'s turn" if locale == "en" else f"{name}の番") in lines[0]
    assert finished == 1 and running > 10


@pytest.mark.parametrize(("players", "locale"), cases())
def test_controls_take_two_rows_with_labels_that_fit_a_phone(players, locale):
    presenter = gallery.presenter_for("blue_border")
    phases = set()
    for state, recent in positions(players, every=3):
        board = presenter.public(table_of(state, recent), locale)
        rows: dict[int, list[dict]] = {}
        for item in board.items:
            component = item.item.to_component_dict()
            rows.setdefault(item.item.row, []).append(component)
        game_rows = [row for row in rows if row != 2]
        assert set(game_rows) <= {0, 1}, rows
        for row, components in rows.items():
            assert len(components) <= 5
            if any(c["type"] != 2 for c in components):  # a select takes the whole row
                assert len(components) == 1 and row != 2
                continue
            assert sum(button_width(c) for c in components) + 8 * (len(components) - 1) <= ROW_WIDTH, components
        if row_two := rows.get(2):  # the game's own extra in the shared row: emoji only
            assert all(not c.get("label") and c.get("emoji") for c in row_two)
        phases.add(state.view(None)["phase"])
    assert {"turn", "call_window"} <= phases


@pytest.mark.parametrize(("players", "locale"), cases())
def test_pictures_fit_a_phone_screen(players, locale):
    presenter = gallery.presenter_for("blue_border")
    for state, recent in positions(players, every=2):
        table = table_of(state, recent)
        public = Image.open(io.BytesIO(presenter.public(table, locale).image))
        limit = PHONE_END_HEIGHT if state.finished else PHONE_HEIGHT
        assert public.width == PHONE_WIDTH and public.height <= limit, (public.size, state.finished)
        own = Image.open(io.BytesIO(presenter.private(table, 0, locale).image))
        assert own.width == PHONE_WIDTH and own.height <= PHONE_HEIGHT


def test_the_board_stays_within_a_phone_screen_with_the_fullest_discard():
    """The discard can hold most of the deck (27 cards in random play): it wraps within PHONE_HEIGHT."""
    from bot.faces.blue_border.image import draw_board

    fullest = None
    for seed in range(12):
        state, rng = SPEC.new(4, {"rounds": 2}, seed), random.Random(seed)
        for _ in range(1500):
            acting = [seat for seat in state.to_act() if seat >= 0]
            if state.finished or not acting and not state.legal_actions(SYSTEM):
                break
            seat = rng.choice(acting) if acting else SYSTEM
            state.apply(seat, rng.choice(state.legal_actions(seat)) if acting else {"type": "timeout"})
            view = state.view(None)
            if not view["finished"] and (fullest is None or len(view["discard"]) > len(fullest["discard"])):
                fullest = view
    assert len(fullest["discard"]) >= 20
    for locale in LOCALES:
        image = Image.open(io.BytesIO(draw_board(fullest, locale)))
        assert image.width == PHONE_WIDTH and image.height <= PHONE_HEIGHT
