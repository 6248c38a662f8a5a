"""Rules every catalogue message keeps: each game's glossary (data/<game>/glossary.json) is the only vocabulary of
its messages; Japanese puts no spaces around particles and no さん after names (a seat may be an AI); one spelling
of ペナルティ; English plurals come from CLDR plural forms (bot/i18n.py, Babel), never "card(s)"."""

import json
import re
from pathlib import Path

import pytest

import games
from bot.i18n import catalogue, forms, t

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = [game for game in games.ids() if (DATA / game / "glossary.json").exists()]
PARTICLES = "が|を|に|は|の|で|と|へ|も|から|まで"
CLDR = {"zero", "one", "two", "few", "many", "other"}


def texts(locale: str, prefix: str = "") -> dict[str, str]:
    return {
        f"{key}#{n}": text
        for key, message in catalogue(locale).items()
        if key.startswith(prefix)
        for n, text in enumerate(forms(message))
    }


def test_every_game_has_a_glossary():
    assert GAMES == games.built_in() and len(GAMES) >= 5


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_a_games_messages_use_its_glossary(game, locale):
    terms = json.loads((DATA / game / "glossary.json").read_text(encoding="utf-8"))["terms"]
    messages = {**texts(locale, f"{game}."), **texts(locale, f"{game}_table.")}
    everything = "\n".join(messages.values())
    for term in terms:
        assert term[locale] in everything or term[locale].lower() in everything.lower(), (term["concept"], locale)
        bad = {key: word for key, text in messages.items() for word in term["avoid"][locale] if word in text}
        assert bad == {}, f"{term['concept']}: use {term[locale]!r}"


def test_no_spaces_around_japanese_particles():
    spaced = re.compile(rf"(?:\S ({PARTICLES}) \S)|(?:\}} ({PARTICLES})(?![\w]))")
    assert {key: text for key, text in texts("ja").items() if spaced.search(text)} == {}
    assert spaced.search("{seat} が {card} を置いた") and not spaced.search("{seat}が{card}を置いた")


def test_no_san_after_names_and_one_penalty_spelling():
    assert {key: text for key, text in texts("ja").items() if "さん" in text} == {}
    assert {key: text for key, text in texts("ja").items() if "ペナルティー" in text} == {}
    assert "さん" not in t("table.ai_name", "ja", n=2, level=t("ai.level.easy", "ja"))


def test_english_has_no_hand_made_plurals_or_pronoun_names():
    hand_made = re.compile(r"\w\((?:s|es)\)")
    assert {key: text for key, text in texts("en").items() if hand_made.search(text)} == {}
    assert t("cli.you", "en")[0].isupper()  # a name, not "you": "you takes", "you's" cannot happen


def test_plural_messages_are_cldr_forms_with_an_other():
    for locale in ("ja", "en"):
        for key, message in catalogue(locale).items():
            if isinstance(message, dict):
                assert "other" in message and set(message) - {"plural"} <= CLDR, (locale, key)


@pytest.mark.parametrize(
    "key,params,one,two",
    [
        ("diamond_box.event.penalty_drawn", {"seat": "Ann"}, "Ann draws 1 penalty card.", "Ann draws 2 penalty cards."),
        ("colorse.event.takes_granted", {"seat": "Ann"}, "Ann takes 1 common card.", "Ann takes 2 common cards."),
        ("bossa.event.deck_out_draw", {}, "both players hold 1 tile:", "both players hold 2 tiles:"),
        ("diamond_box.action.covered", {}, "Covers 1 cell", "Covers 2 cells"),
    ],
)
def test_plural_forms_render_right_for_one_and_two(key, params, one, two):
    number = "covered" if "covered" in key else "count"
    assert one in t(key, "en", **params, **{number: 1})
    assert two in t(key, "en", **params, **{number: 2})
    assert "2" in t(key, "ja", **params, **{number: 2})  # Japanese has one form: the number is always shown


def test_round_wins_choose_their_own_plural():
    text = t("colorse.event.round_won", "en", seat="Ann", round=2, wins=1)
    assert "(1 round won)" in text and "(2 rounds won)" in t(
        "colorse.event.round_won", "en", seat="Ann", round=2, wins=2
    )
