"""COLORSE's board in words (bot/faces/colorse/describe.py): random games at 3 and 4 players, both languages, the public
board and a player's own view: whose turn it is or the result, every number the picture draws, every card's colours
in words, a player's own sign and face-down cards to them alone."""

from __future__ import annotations

from collections import Counter

import pytest

import games
from bot.describe import fit, full
from bot.faces.colorse.words import colorse_colour, colorse_sign
from bot.i18n import t
from tests.support.boards_in_words import check, moments, play, same_for_twins, sentences

GAME = "colorse"
SPEC = games.get(GAME)
PLAYERS = range(SPEC.min_players, SPEC.max_players + 1)


def drawn(view: dict) -> Counter:
    """The numbers bot/faces/colorse/image.py draws from `view`: each seat's rounds won of the rounds to win (its stars,
    the result banner's wins), and while playing the round, the common cards' numbers 1-3 and the deck's count."""
    found: Counter = Counter()
    for wins in view["round_wins"]:
        found.update([wins, view["rounds_to_win"]])
    if view["phase"] != "over":
        found.update([view["round"], *range(1, len(view["common"]) + 1), view["deck_count"]])
    return found


def colours_shown(view: dict) -> Counter:
    """Each colour as many times as the picture shows it on a face-up card (boxes, common cards, cards to place)."""
    found: Counter = Counter()

    def card(entry):
        if not entry or (entry.get("face_down") and "card" not in entry) or "card" not in entry:
            return
        if entry["card"] == "S":
            found.update([entry["colour"]] if entry.get("colour") else [])
        else:
            found.update(entry["card"])

    for box in view["boxes"]:
        for entry in box:
            card(entry)
    if view["phase"] != "over":
        for entry in view["common"]:
            card(entry)
        for held in view["held"]:
            for name in held:
                card({"card": name})
        for entry in view["starting"]:
            card(entry)
    return found


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("players", PLAYERS)
def test_every_moment_says_whose_turn_every_drawn_number_and_every_colour(players, locale):
    states = play(GAME, players, seed=players)
    for number, state in enumerate(states):
        if number % 3 and not state.finished:
            continue
        for seat in (None, 0):
            view = state.view(seat)
            text = full(check(GAME, state, seat, locale, drawn(view)))
            for colour, count in colours_shown(view).items():
                assert text.count(colorse_colour(colour, locale)) >= count, (colour, text)
    for moment, state in moments(states).items():
        said = sentences(GAME, state, None, locale)
        assert fit(said).startswith(" ".join(said[: 1 + players])), moment  # the turn and every seat


@pytest.mark.parametrize("players", PLAYERS)
def test_a_twin_with_other_seats_signs_and_face_down_cards_changed_is_described_the_same(players):
    differed = 0
    for number, state in enumerate(play(GAME, players, seed=20 + players)):
        if number % 4 == 0 or state.phase == "sign":
            differed += same_for_twins(GAME, state, (None, *range(players)))
    assert differed


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_duellist_alone_hears_their_own_sign(locale):
    for state in play(GAME, 4, seed=6):
        view = state.view(None)
        if view["phase"] == "sign" and view["chosen_seats"]:
            seat = view["chosen_seats"][0]
            sign = state.view(seat)["sign"]
            own = sentences(GAME, state, seat, locale)
            assert own[1] == t("colorse_describe.your_sign", locale, sign=colorse_sign(sign, locale))
            for other in (None, *(s for s in range(4) if s != seat)):
                assert not any(line.startswith(own[1][:8]) for line in sentences(GAME, state, other, locale))
            return
    raise AssertionError("no duellist chose first")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_last_moves_come_last(locale):
    state = play(GAME, 3, seed=1)[20]
    assert sentences(GAME, state, None, locale, last=["one", "two"])[-2:] == ["one", "two"]
