"""DEEP DIVE's board in words (bot/faces/deep_dive/describe.py): random games at every player count (solo against the
automaton too), both languages, the public board and a player's own view: whose turn it is or the result, every
number the picture draws, nothing of the face-down tiles but their counts."""

from __future__ import annotations

from collections import Counter

import pytest

import games
from bot.describe import fit, full
from bot.i18n import t
from tests.support.boards_in_words import check, moments, play, same_for_twins, scene, sentences

GAME = "deep_dive"
SPEC = games.get(GAME)
PLAYERS = range(SPEC.min_players, SPEC.max_players + 1)


def cells(columns: dict) -> list[int]:
    return [points for column in columns.values() for points in column]


def drawn(view: dict) -> Counter:
    """The numbers bot/faces/deep_dive/image.py draws from `view`: the diver's depth; each depth's number, face-down
    count, food points and "xN" of its groups; each panel's score, trapped depths, rocks and tableau cells; the
    automaton's depth, rocks, open water, score and cells (the result banner repeats the scores)."""
    found: Counter = Counter()
    turn = view["turn"]
    if not view["finished"]:
        if turn and turn["phase"] in ("dive", "revealed"):
            found[turn["depth"]] += 1
        for depth in view["depths"]:
            found.update([depth["depth"], depth["face_down"]])
            for tile, count in Counter(slot["tile"] for slot in depth["face_up"]).items():
                if tile.startswith("food:"):
                    found[int(tile.split(":")[2])] += 1
                if count > 1:
                    found[count] += 1
    for tableau in view["tableaux"]:
        found.update([tableau["score"], tableau["rocks"], *tableau["trapped_depths"], *cells(tableau["columns"])])
    bot = view.get("automaton")
    if bot:
        found.update([bot["depth"], bot["rocks"], bot["water"], bot["score"], *cells(bot["columns"])])
    return found


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("players", PLAYERS)
def test_every_moment_says_whose_turn_every_drawn_number_and_nothing_hidden(players, locale):
    states = play(GAME, players, seed=players)
    for number, state in enumerate(states):
        if number % 3 and not state.finished:
            continue
        for seat in (None, 0):
            check(GAME, state, seat, locale, drawn(state.view(seat)))
    for moment, state in moments(states).items():
        said = sentences(GAME, state, None, locale)
        # the turn and every seat's tableau always fit; at most the depths' tail is left to "read the board"
        seats = 1 + players + (1 if players == 1 else 0) + (1 if state.view(None)["end_triggered"] else 0)
        assert fit(said).startswith(" ".join(said[:seats])), (moment, fit(said))


@pytest.mark.parametrize("players", PLAYERS)
def test_a_twin_with_the_face_down_tiles_mixed_is_described_the_same(players):
    differed = 0
    for number, state in enumerate(play(GAME, players, seed=10 + players)):
        if number % 7 == 0:
            differed += same_for_twins(GAME, state, (None, 0))
    assert differed


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_solo_names_the_automaton_its_depth_and_the_result(locale):
    states = play(GAME, 1, seed=4)
    mid = full(sentences(GAME, states[len(states) // 2], None, locale))
    automaton = t("deep_dive.label.automaton", locale)
    assert automaton in mid
    end = states[-1]
    said = sentences(GAME, end, None, locale)
    if end.result()["winners"]:
        assert scene(GAME, end, None, locale).names[0] in said[0]
    else:
        assert said[0] == t("deep_dive_describe.automaton_won", locale, score=end.view(None)["automaton"]["score"])


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_reader_s_own_tableau_comes_first_and_the_last_moves_last(locale):
    state = play(GAME, 4, seed=2)[30]
    said = sentences(GAME, state, 2, locale, last=["one", "two"])
    names = scene(GAME, state, 2, locale).names
    own = next(s for s in said[1:] if names[2] in s)
    assert said.index(own) < min(said.index(s) for s in said[1:] if any(names[n] in s for n in (0, 1, 3)))
    assert said[-2:] == ["one", "two"]
    assert "🐧" not in full(said)  # penguins are words, not pictures
