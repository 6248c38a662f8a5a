"""The pictures' font (data/fonts, made by bot/fonts.py) holds every character a picture may draw, in both locales;
every word a picture draws is a catalogue message of the picture's locale (a Japanese table sees no English word)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from fontTools.ttLib import TTFont

import games
from bot.fonts import EXTRA, FONT, LICENSE, PRINTABLE_ASCII, needed_characters, picture_messages
from bot.i18n import LOCALES
from bot.render.caches import clear_caches
from bot.render.canvas import Draw
from bot.render.phone import MIN_TEXT
from bot.render.text import font
from cogs import gallery

GAMES = games.built_in()
FIELD = re.compile(r"\{\w+\}")


@cache
def cmap() -> frozenset[str]:
    return frozenset(chr(code) for code in TTFont(str(FONT)).getBestCmap())


def missing(text: str) -> str:
    return "".join(sorted(set(text) - cmap() - {" "}))


def test_the_font_is_shipped_small_with_its_license_and_is_the_one_pictures_use():
    assert FONT.stat().st_size < 1_000_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in LICENSE.read_text(encoding="utf-8")
    assert TTFont(str(FONT))["name"].getDebugName(1) == "Noto Sans CJK JP"
    assert font(MIN_TEXT).path == str(FONT)  # never a system font


@pytest.mark.parametrize("locale", LOCALES)
def test_every_character_of_every_picture_message_is_in_the_font(locale):
    messages = picture_messages(locale)
    assert len(messages) >= 30
    lacking = {key: missing(FIELD.sub("", text)) for key, text in messages.items()}
    assert {key: chars for key, chars in lacking.items() if chars} == {}, "run: python -m bot.fonts"
    assert missing(PRINTABLE_ASCII) == "" and missing(needed_characters()) == ""


def test_a_new_picture_word_with_a_new_character_would_fail():
    assert missing("한") == "한"  # a character neither a picture message nor a name set has is not in the subset


def drawn_texts(game: str, locale: str, monkeypatch) -> set[str]:
    """Every text drawn in every picture of `game` (every position and player count; public, each seat's, chooser)."""
    texts: set[str] = set()
    real = Draw.text

    def text(self, xy, value, *args, **kwargs):
        texts.add(value)
        return real(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(Draw, "text", text)
    clear_caches()  # text inside cached sprites is drawn only when not cached
    spec = games.get(game)
    for players in range(spec.min_players, spec.max_players + 1):
        for _name, board in gallery.boards(game, players, locale):
            picture = board.pending_picture()
            if picture is not None:
                picture()
    clear_caches()
    return texts


def patterns(locale: str) -> list[re.Pattern]:
    """Each picture message of `locale` as a pattern, its {fields} matching numbers (what pictures fill them with)."""
    return [
        re.compile(
            "".join(r"-?\d+" if FIELD.fullmatch(part) else re.escape(part) for part in re.split(r"(\{\w+\})", text))
        )
        for text in picture_messages(locale).values()
    ]


WORD = {"en": re.compile(r"[A-Za-z]{2,}"), "ja": re.compile(rf"[A-Za-z]{{2,}}|[^\x00-\x7f{EXTRA}]")}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_word_a_picture_draws_is_its_locale_s_catalogue_message_in_the_font(game, locale, monkeypatch):
    """Marks (digits, seat numbers, slot letters A-G, the R/E/S markers, x2, 90°) are not words; anything with a word
    in it is a picture message of the picture's locale, whole, and every character it draws is in the font."""
    texts = drawn_texts(game, locale, monkeypatch)
    assert texts
    assert {text: missing(text) for text in texts if missing(text)} == {}
    known = patterns(locale)
    words = {text for text in texts if WORD[locale].search(text)}
    assert words, "the pictures draw no word at all"
    assert {text for text in words if not any(pattern.fullmatch(text) for pattern in known)} == set()
    if locale == "ja":  # a Japanese table sees no English word
        assert {text for text in texts if re.search(r"[A-Za-z]{2,}", text)} == set()
