"""Setup: the stacked deal, dice with rerolled ties, the high roller's private peek and choice, open hands."""

import json
import re

import pytest

import games.bossa.rules as rules
from games.bossa import SPEC
from games.contract import IllegalAction, Rng

from .helpers import choose, deal, types

HAND0, HAND1 = ["w1b0", "w2b0", "w3b0", "w4b0"], ["w0b1", "w0b2", "w0b3", "w0b4"]
TILE = re.compile(r"w\db\d")


def test_the_stacked_deck_removes_the_first_tile_then_deals_four_to_each_seat():
    state = deal(HAND0, HAND1, ["w5b0"], removed="w6b0")
    assert state.removed == "w6b0"
    assert state.hands == [HAND0, HAND1]
    assert state.deck[0] == "w5b0" and len(state.deck) == 27 - 9
    assert state.dice == [5, 2] and state.high_seat == 0 and state.to_act() == [0]


def test_tied_dice_are_rolled_again(monkeypatch):
    class ScriptedRng(Rng):
        rolls = [3, 3, 6, 6, 2, 4]

        def choice(self, items):
            return self.rolls.pop(0)

    monkeypatch.setattr(rules, "Rng", ScriptedRng)
    state = SPEC.new(2, {}, seed=7)
    assert state.dice == [2, 4] and state.high_seat == 1 and state.to_act() == [1]


@pytest.mark.parametrize(
    "stacked",
    [
        {"deck": ["w6b0", *HAND0, *HAND1], "dice": [3, 3]},  # a tie
        {"deck": ["w6b0", *HAND0, *HAND1[:3]], "dice": [3, 4]},  # too few tiles
        {"deck": ["w6b0", *HAND0, *HAND1[:3], "w1b0"], "dice": [3, 4]},  # a tile twice
        {"deck": ["w7b0", *HAND0, *HAND1], "dice": [3, 4]},  # no such tile
        {"deck": ["w6b0", *HAND0, *HAND1], "dice": [0, 4]},  # no such face
    ],
)
def test_an_invalid_stacked_option_is_refused(stacked):
    with pytest.raises(IllegalAction) as error:
        SPEC.new(2, {"stacked": stacked}, seed=1)
    assert error.value.key == "bossa.error.bad_stacked"


def test_before_the_choice_only_the_high_roller_sees_a_hand_and_only_their_own():
    state = deal(HAND0, HAND1, dice=(2, 6))  # seat 1 rolled higher
    assert state.view(1)["hands"] == [None, HAND1]
    for seat in (0, None):
        view = state.view(seat)
        assert view["hands"] == [None, None]
        assert TILE.findall(json.dumps(view)) == []
    assert state.view(0)["hand_counts"] == [4, 4]


def test_the_high_roller_may_take_a_colour_and_the_other_player_moves_first():
    state = deal(HAND0, HAND1, ["w5b0"], dice=(5, 2))
    assert state.legal_actions(0) == [choose("white"), choose("black"), choose("first")]
    assert state.legal_actions(1) == []
    events = state.apply(0, choose("black"))
    assert types(events) == ["chose_line", "territories_set", "hands_revealed", "drew"]
    assert events[1] == {
        "type": "territories_set",
        "white_seat": 1,
        "black_seat": 0,
        "white_die": 2,
        "black_die": 5,
        "first_seat": 1,
    }
    view = state.view(None)
    assert view["lines"]["black"]["die"] == 5 and view["lines"]["black"]["owner_seat"] == 0
    assert view["lines"]["white"]["die"] == 2 and view["lines"]["white"]["owner_seat"] == 1
    assert view["phase"] == "play" and view["active_seat"] == 1 and state.hands[1] == sorted(HAND1 + ["w5b0"])


def test_after_taking_the_first_move_the_other_player_chooses_the_colour_still_unseen():
    state = deal(HAND0, HAND1, ["w5b0"], dice=(5, 2))
    state.apply(0, choose("first"))
    assert state.phase == "choose_colour" and state.to_act() == [1]
    assert state.legal_actions(1) == [choose("white"), choose("black")]
    assert state.view(1)["hands"] == [None, None] and state.view(0)["hands"] == [HAND0, None]
    events = state.apply(1, choose("white"))
    assert events[1]["first_seat"] == 0 and state.colours == ["black", "white"]
    assert state.active == 0 and state.hands[0] == sorted(HAND0 + ["w5b0"])


def test_hands_are_public_once_the_lines_are_chosen():
    state = deal(HAND0, HAND1, dice=(5, 2))
    state.apply(0, choose("white"))
    for seat in (0, 1, None):
        assert state.view(seat)["hands"] == state.hands


def test_a_choice_out_of_turn_is_refused():
    state = deal(HAND0, HAND1, dice=(5, 2))
    with pytest.raises(IllegalAction) as error:
        state.apply(1, choose("white"))
    assert error.value.code == "not_your_turn"
