"""Blue Border's board in words (bot/faces/blue_border/describe.py), over random legal games at every player count, one
round and three, in English and Japanese: the description fits Discord's 1,024 characters and starts with whose
turn it is (or the result); every number the picture draws is in it; a twin state, its hidden numbers moved round
(games/blue_border/checks.py), is described in the very same words; the whole board as text draws no boxes
and none of the engine's words (tests/support/wordscan.py)."""

from __future__ import annotations

import random
import re
from collections import Counter
from types import SimpleNamespace

import pytest

import games
from bot.describe import LIMIT, fit, full
from bot.faces import face
from bot.faces.blue_border.describe import describe
from cogs import gallery
from cogs.presenter import Presenter
from tests.support.boards_in_words import BOX_DRAWING, named_scene, scan_words
from tests.support.wordscan import WordScanner

GAME = "blue_border"
SPEC = games.get(GAME)
NAMES = ("Ann", "Ben", "Cho", "Dai")  # no digits: every number in a description is the board's
SEEDS = {2: 1, 3: 0, 4: 1}  # random games of a few hundred to a few thousand moves
EVERY = {2: 1, 3: 3, 4: 25}  # moments described, one in so many (the first and the last always)


def moments(players: int, options: dict, seed: int):
    """(number, state, last) at moments of one random legal game, `last` the last two events. The state is the live
    one: read it before the next."""
    state, rng = SPEC.new(players, options, seed), random.Random(seed)
    last: list[dict] = []
    for number in range(SPEC.checks.random_play_bound):
        if number % EVERY[players] == 0 or state.finished:
            yield number, state, tuple(last[-2:])
        if state.finished:
            return
        acting = [s for s in state.to_act() if s >= 0]
        seat = rng.choice(acting) if acting else -1
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        last = events
    raise AssertionError("a random game that never ended")


def picture_numbers(view: dict) -> Counter:
    """Every number bot/faces/blue_border/image.py draws on the public board, drawn from the public view as it draws
    them."""
    numbers = [view["settings"]["border"], view["settings"]["bottoms"]]
    if view["rounds"] > 1 and not view["finished"]:
        numbers += [view["round"], view["rounds"], *view["round_scores"]]
    numbers += [card["number"] for diver in view["divers"] for card in diver["slots"] if card and "number" in card]
    if view["finished"]:  # the result banner: rounds won, or each board's filled slots out of 7
        if view["rounds"] > 1:
            numbers += view["round_scores"]
        else:
            numbers += [n for diver in view["divers"] for n in (diver["filled"], len(view["slots"]))]
    else:  # the field and the face-up discard
        numbers.append(view["deck"]["count"])
        numbers += [n for index, pile in enumerate(view["piles"]) for n in (index + 1, pile["height"])]
        numbers += view["discard"]
    return Counter(str(n) for n in numbers)


def said_numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+", text))


CASES = [(players, rounds) for players in range(SPEC.min_players, SPEC.max_players + 1) for rounds in (1, 3)]
CASES = [case for case in CASES if case != (4, 3)]  # four random divers over three rounds: tens of thousands of moves


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("players,rounds", CASES)
def test_every_moment_fits_names_whose_turn_and_says_every_number_the_picture_draws(players, rounds, locale):
    phases, ended = set(), False
    scanner = WordScanner(None, None, locale, GAME)
    for number, state, last in moments(players, {"rounds": rounds}, SEEDS[players]):
        public = state.view(None)
        for seat in (None, 0):  # the public board and seat 0's own view
            sentences = describe(named_scene(GAME, state, seat, locale, NAMES, last))
            text = fit(sentences)
            assert len(text) <= LIMIT
            first = sentences[0]
            assert text.startswith(first)
            if state.finished:
                assert all(NAMES[s] in first for s in state.result()["winners"]), first
            else:
                assert all(NAMES[s] in first for s in state.to_act() if s >= 0), (state.phase, first)
            missing = picture_numbers(public) - said_numbers(text)
            assert not missing, (number, seat, dict(missing), text)
            assert not BOX_DRAWING.search(full(sentences))
            scan_words(GAME, scanner, state, full(sentences))
        phases.add(public["phase"])
        ended = ended or state.finished
    assert scanner.findings == []
    assert ended and {"turn", "call_window"} <= phases


@pytest.mark.parametrize("players", range(SPEC.min_players, SPEC.max_players + 1))
def test_a_twin_with_its_hidden_numbers_moved_is_described_in_the_same_words(players):
    """The shades of hidden cards differ in a twin (the picture may); the words may not, for any reader."""
    compared = 0
    for number, state, last in moments(players, {"rounds": 3 if players < 4 else 1}, SEEDS[players]):
        if number % (4 * EVERY[players]) and not state.finished:
            continue
        for audience in (None, 0):
            twin = SPEC.checks.twin(state, audience)
            hidden = [h.value for h in SPEC.checks.hidden(state) if h.kind == "card"]
            if len(hidden) > 1:  # the twin really moves something
                assert twin.view(audience) != state.view(audience)
            for locale in ("en", "ja"):
                assert describe(named_scene(GAME, twin, audience, locale, NAMES, last)) == describe(
                    named_scene(GAME, state, audience, locale, NAMES, last)
                )
            compared += 1
    assert compared > 10


def test_a_hidden_card_is_said_as_filled_and_a_revealed_one_by_its_number():
    state = SPEC.new(3, {}, 5)
    state.boards[1] = [{"number": 4, "revealed": True}, {"number": 17, "revealed": False}]
    state.discard = [30, 2]
    text = full(describe(named_scene(GAME, state, None, "en", NAMES)))
    assert "Ben: 2 of 7 slots filled (A to B); revealed: A is 4." in text
    assert "17" not in text
    assert "Discard: 2, 30." in text
    japanese = full(describe(named_scene(GAME, state, None, "ja", NAMES)))
    assert "Ben：7枠中2枚（A〜B）、公開（Aは4）。" in japanese and "17" not in japanese


def test_the_call_window_names_the_placement_and_who_may_call():
    state = SPEC.new(3, {}, 2)
    seat = state.to_act()[0]
    state.apply(seat, {"type": "take", "source": "deck"})
    assert state.phase == "call_window"
    first = describe(named_scene(GAME, state, None, "en", NAMES))[0]
    callers = [NAMES[s] for s in state.to_act()]
    assert first.startswith(f"{NAMES[seat]} placed a card in A: ") and all(name in first for name in callers)


def test_the_table_describes_its_board_with_this_game_s_words():
    """Registered in the face: the presenter's sentences (the picture's description) are this description, with the
    table's last moves in words at the end."""
    registered = face(GAME).describe  # a fresh import of the module once the bot has reloaded its cogs
    assert (registered.__module__, registered.__qualname__) == (describe.__module__, describe.__qualname__)
    state = SPEC.new(2, {}, 3)
    seat = state.to_act()[0]
    table = gallery.table_for(GAME, state)
    table.recent.append((seat, state.apply(seat, {"type": "take", "source": "deck"})))
    presenter = Presenter(SimpleNamespace())
    for who in (None, 0):
        sentences = presenter.sentences(table, who, "en")
        assert sentences[0].endswith("may call Border! or let it stand.")
        assert sentences[-1].startswith(table.seats[seat].name) or table.seats[seat].name in sentences[-1]
        assert (who == 0) == any(s.startswith("You (") for s in sentences)
        assert (who == 0) == any("from 1, the lightest, to 32, the deepest" in s for s in sentences)  # its chart
