"""BOSSa's board in words (bot/faces/bossa/describe.py): every moment of random games, both languages, the public board
and a player's own view, says whose turn it is or the result, every number the picture draws, nothing hidden."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.describe import fit, full
from bot.faces.bossa.words import bossa_tile
from bot.i18n import t
from games.bossa.tiles import dots
from tests.support.boards_in_words import check, moments, play, same_for_twins, scene, sentences

GAME = "bossa"
SEEDS = (3, 8)


def drawn(view: dict) -> Counter:
    """The numbers bot/faces/bossa/image.py draws from `view`: each line's columns of 6, die, slots' numbers, open ends'
    sizes and tiles' dots; each player's die, hand size and face-up tiles; the deck and the tiles out of play."""
    found: Counter = Counter()

    def tiles(ids):
        for tile in ids:
            found.update([dots()[tile]["white"], dots()[tile]["black"]])

    for line in view["lines"].values():
        if line["die"] is None:
            continue
        found.update([line["column_count"], 6, line["die"]])
        for side in ("down", "up"):
            for column in line["columns"][side]:
                found[column["value"]] += 1
                tiles(column["tiles"])
            end = line["ends"][side]
            if end is not None:
                found.update([end["value"], *end["sizes"]])
    for seat, count in enumerate(view["hand_counts"]):
        found.update([view["dice"][seat], count])
        tiles(view["hands"][seat] or [])
    found.update([view["deck_count"], len(view["out_of_play"])])
    tiles(view["out_of_play"])
    return found


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_moment_says_whose_turn_every_drawn_number_and_nothing_hidden(seed, locale):
    states = play(GAME, 2, seed)
    for state in states:
        for seat in (None, 0, 1):
            check(GAME, state, seat, locale, drawn(state.view(seat)))
    for state in moments(states).values():
        said = sentences(GAME, state, None, locale)
        assert len(fit(said)) == len(full(said).replace("\n", " "))  # the whole public board fits


def test_a_twin_with_the_deck_and_the_hidden_hands_changed_is_described_the_same():
    differed = 0
    for seed in SEEDS:
        for number, state in enumerate(play(GAME, 2, seed)):
            if number % 2 == 0 or number < 3:
                differed += same_for_twins(GAME, state, (None, 0, 1))
    assert differed


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_high_roller_alone_hears_their_hand_before_the_lines_are_chosen(locale):
    state = play(GAME, 2, 5)[0]
    high = state.view(None)["high_seat"]
    hand = state.view(high)["hands"][high]
    words = [bossa_tile(tile, locale) for tile in hand]
    own = full(sentences(GAME, state, high, locale))
    public = full(sentences(GAME, state, None, locale))
    other = full(sentences(GAME, state, 1 - high, locale))
    assert all(word in own for word in words)
    assert not any(word in public or word in other for word in words)
    names = scene(GAME, state, high, locale).names
    assert sentences(GAME, state, high, locale)[1].startswith(
        t("bossa_describe.you", locale, name=names[high], line="", hand="", markers="")[:3]
    )


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_last_moves_come_last_and_the_lines_are_named_in_words(locale):
    state = play(GAME, 2, 3)[12]
    said = sentences(GAME, state, None, locale, last=["one", "two"])
    assert said[-2:] == ["one", "two"]
    text = full(said)
    assert t("bossa.line.white", locale) in text and t("bossa.line.black", locale) in text
    assert "⚪" not in text and "⚫" not in text
