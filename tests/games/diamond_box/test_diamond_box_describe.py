"""Diamond Box's board in words (bot/faces/diamond_box/describe.py), over random legal games and AI-played ones at every
player count, in English and Japanese: the description fits Discord's 1,024 characters and starts with whose turn it
is (or the result); the deck's count and every hand's count (the numbers the picture draws) are in it; no card of the
deck is named, and a twin state with the deck reordered (games/diamond_box/checks.py) reads the same; the whole board
as text draws no boxes and none of the engine's words (tests/support/wordscan.py)."""

from __future__ import annotations

import random
import re
from collections import Counter
from types import SimpleNamespace

import pytest

import games
from bot.describe import LIMIT, fit, full
from bot.faces import face
from bot.faces.diamond_box.describe import describe
from bot.faces.diamond_box.words import diamond_card
from cogs import gallery
from cogs.presenter import Presenter
from tests.support.boards_in_words import BOX_DRAWING, named_scene, scan_words
from tests.support.wordscan import WordScanner

GAME = "diamond_box"
SPEC = games.get(GAME)
NAMES = ("Ann", "Ben", "Cho", "Dai")  # no digits: every number in a description is the board's
PLAYERS = range(SPEC.min_players, SPEC.max_players + 1)


def moments(players: int, seed: int, policy: str):
    """(state, last) at every move of one game: random legal moves, or the AI's ("normal"), `last` the last move's
    events. The state is the live one: read it before the next."""
    state, rng = SPEC.new(players, {}, seed), random.Random(seed)
    last: tuple[dict, ...] = ()
    for _ in range(SPEC.checks.action_bound):
        yield state, last
        if state.finished:
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if policy == "random" else SPEC.agent(state.view(seat), legal, rng, "normal")
        last = tuple(state.apply(seat, action))
    raise AssertionError("a game that never ended")


def picture_numbers(view: dict) -> Counter:
    """The numbers bot/faces/diamond_box/image.py draws beside the board: the deck's count and each hand's size (the
    result banner's, at the end)."""
    return Counter(str(n) for n in (view["deck_count"], *(len(hand) for hand in view["hands"])))


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("policy", ["random", "ai"])
@pytest.mark.parametrize("players", PLAYERS)
def test_every_moment_fits_names_whose_turn_and_says_the_counts_the_picture_draws(players, policy, locale):
    scanner = WordScanner(None, None, locale, GAME)
    seen = Counter()
    for seed in range(3):
        for number, (state, last) in enumerate(moments(players, seed, policy)):
            public = state.view(None)
            for seat in (None, 0):  # the public board and seat 0's own view
                sentences = describe(named_scene(GAME, state, seat, locale, NAMES, last))
                text = fit(sentences)
                assert len(text) <= LIMIT
                assert text.startswith(sentences[0])
                names = state.result()["winners"] if state.finished else state.to_act()
                assert names and all(NAMES[s] in sentences[0] for s in names), sentences[0]
                missing = picture_numbers(public) - Counter(re.findall(r"\d+", text))
                assert not missing, (dict(missing), text)
                whole = full(sentences)
                assert not BOX_DRAWING.search(whole)
                scan_words(GAME, scanner, state, whole)
                assert not [card for card in state.deck if diamond_card(card, locale) in whole]
            seen["first" if number == 0 else "end" if state.finished else "mid"] += 1
    assert scanner.findings == []
    assert seen["first"] == 3 and seen["end"] == 3 and seen["mid"] >= 3


def test_a_mid_game_public_board_of_four_keeps_every_hand_s_cards_and_the_centre():
    """At four AI players mid-game, fit() drops nothing but the centre's rows and the last moves."""
    state, last = next((state, last) for state, last in moments(4, 1, "ai") if len(state.centre) == 6)
    assert len(state.centre) == 6 and not state.finished
    for locale in ("en", "ja"):
        sentences = describe(named_scene(GAME, state, None, locale, NAMES, last))
        text = fit(sentences)
        for hand in state.hands:
            assert all(diamond_card(card, locale) in text for card in hand)
        assert sentences[5] in text  # the centre's count and its last card


@pytest.mark.parametrize("players", PLAYERS)
def test_a_twin_with_its_deck_reordered_is_described_in_the_same_words(players):
    compared = 0
    for state, last in moments(players, 2, "ai"):
        for audience in (None, 0):
            twin = SPEC.checks.twin(state, audience)
            if len(state.deck) > 1:
                assert twin.deck != state.deck
            for locale in ("en", "ja"):
                assert describe(named_scene(GAME, twin, audience, locale, NAMES, last)) == describe(
                    named_scene(GAME, state, audience, locale, NAMES, last)
                )
            compared += 1
    assert compared > 4


def test_the_centre_is_said_row_by_row_as_the_picture_labels_it():
    state = SPEC.new(2, {}, 4)
    view = state.view(None)
    text = full(describe(named_scene(GAME, state, None, "en", NAMES)))
    colour = view["grid"][0]["colour"]  # the top-left cell: one in from the picture's edge, B2
    assert "Centre: 2 cards; the last laid, outlined:" in text
    assert re.search(rf"^B2(?: to [A-Z]+2)? {colour} [◇◆]+[.;]", text, re.M)  # named as the picture names it
    assert not re.search(r"(?<![A-Za-z0-9])[A-Z](?![A-Za-z0-9])", text)  # a column's letter alone reads as a colour
    assert "◇ is a white diamond, ◆ a black one" in text
    assert re.search(r"starts: they hold a card that covers all 6 cells\.", text)


def test_the_table_describes_its_board_with_this_game_s_words():
    """Registered in the face: the presenter's sentences (the picture's description) are this description."""
    registered = face(GAME).describe  # a fresh import of the module once the bot has reloaded its cogs
    assert (registered.__module__, registered.__qualname__) == (describe.__module__, describe.__qualname__)
    state = SPEC.new(3, {}, 3)
    seat = state.to_act()[0]
    table = gallery.table_for(GAME, state)
    action = state.legal_actions(seat)[0]
    table.recent.append((seat, state.apply(seat, action)))
    presenter = Presenter(SimpleNamespace())
    for who in (None, 1):
        sentences = presenter.sentences(table, who, "ja")
        assert table.seats[state.to_act()[0]].name in sentences[0]
        assert (who == 1) == any(s.startswith("あなた（") for s in sentences)
        assert any("置きました" in s for s in sentences[-2:])
