"""The /rules pages as data: every page's position is reached by legal scripted actions from its stacked deal, every
position is used, both languages have every page's words, and the pages' digest follows their data."""

import json

import pytest

import games
from bot import rules_pages
from bot.i18n import catalogue
from games.contract import offers
from games.data import load

GAMES = [game for game in games.ids() if rules_pages.available(game)]


@pytest.mark.parametrize("game", GAMES)
def test_every_page_position_is_reached_by_legal_actions_from_a_stacked_deal(game):
    for page in rules_pages.pages(game):
        position = page.position
        assert position.stacked, (game, page.id)  # chance fixed by the deal, not by a seed
        state = games.get(game).new(position.players, {"stacked": position.stacked}, seed=1)
        for seat, action in position.actions:
            assert offers(state.legal_actions(seat), state.listed_form(action)), (page.id, seat, action)
            state.apply(seat, action)  # IllegalAction here: an engine change broke this page's script
        assert state.to_json() == rules_pages.reach(game, position).to_json()
        assert position.seat is None or 0 <= position.seat < position.players


@pytest.mark.parametrize("game", GAMES)
def test_every_named_position_is_shown_by_some_page_and_page_ids_are_unique(game):
    document = load(f"{game}/rules_pages.json")
    shown = {entry["position"] for entry in document["pages"]}
    assert shown == set(document["positions"])
    ids = [entry["id"] for entry in document["pages"]]
    assert len(ids) == len(set(ids)) and 2 <= len(ids) <= 25  # ◀ ▶ need two; a select holds 25


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_begin_with_the_goal_and_setup_and_cover_the_end(game):
    ids = [page.id for page in rules_pages.pages(game)]
    assert ids[:2] == ["goal", "setup"]
    assert {"end", "scoring"} & set(ids)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_both_languages_have_every_page_in_plain_words(locale):
    messages = catalogue(locale)
    for game in GAMES:
        for page in rules_pages.pages(game):
            for part in ("title", "body"):
                text = messages.get(page.key(part))
                assert text and "{" not in text, (locale, page.key(part))


def test_no_page_words_are_left_without_a_page():
    keys = {key for key in catalogue("en") if key.startswith("rules_page.")}
    used = {page.key(part) for game in GAMES for page in rules_pages.pages(game) for part in ("title", "body")}
    assert keys == used


def test_the_digest_follows_the_pages(monkeypatch):
    before = rules_pages.digest("blue_border")
    document = json.loads(json.dumps(load("blue_border/rules_pages.json")))
    document["pages"].reverse()
    rules_pages.digest.cache_clear()
    monkeypatch.setattr(rules_pages, "load", lambda name: document)
    try:
        assert rules_pages.digest("blue_border") != before
    finally:
        rules_pages.digest.cache_clear()


def test_every_shipped_game_has_pages():
    assert set(games.built_in()) <= set(GAMES)
