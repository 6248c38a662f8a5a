"""Every game: a `stacked` option that leaves nothing to play is refused with the game's bad_stacked error (never a
crash, never a table that starts finished or can never end); the smallest stack that leaves play starts a game."""

import random

import pytest

import games
from games.bossa.tiles import all_tiles
from games.colorse.cards import full_deck
from games.contract import SYSTEM, IllegalAction
from games.diamond_box.cards import card_ids

NOTHING_TO_PLAY = [
    ("blue_border", {"deck": []}),  # no card at all: the round would be drawn before anyone acts
    ("blue_border", {"decks": [[1, 2, 3, 4], []]}),  # the same in round 2
    ("bossa", {"deck": all_tiles()[:9], "dice": [1, 2]}),  # nothing to draw at the first turn
    ("deep_dive", {"depths": {}}),  # an empty ocean
    ("deep_dive", {"depths": {"1": [], "5": []}}),
    ("deep_dive", {"depths": {"1": 5}}),  # not a pile at all
    ("colorse", {"deck": full_deck()[:5]}),  # too few cards to deal the common cards
    ("diamond_box", {"deck": card_ids()[:11]}),  # too few cards to deal the hands
]

SMALLEST_PLAY = [
    ("blue_border", {"deck": [1]}),
    ("bossa", {"deck": all_tiles()[:10], "dice": [1, 2]}),
    ("deep_dive", {"depths": {"5": ["predator"]}}),
    ("colorse", {"deck": full_deck()[:6]}),
    ("diamond_box", {"deck": card_ids()[:13]}),
]


@pytest.mark.parametrize("game, stacked", NOTHING_TO_PLAY)
def test_a_stack_that_leaves_nothing_to_play_is_refused(game, stacked):
    spec = games.get(game)
    with pytest.raises(IllegalAction) as refused:
        spec.new(spec.min_players, {"stacked": stacked}, seed=0)
    assert refused.value.code == "bad_stacked" and refused.value.key == f"{game}.error.bad_stacked"


@pytest.mark.parametrize("game, stacked", SMALLEST_PLAY)
def test_the_smallest_stack_that_leaves_play_starts_and_ends(game, stacked):
    spec = games.get(game)
    state = spec.new(spec.min_players, {"stacked": stacked}, seed=0)
    assert not state.finished and state.to_act()
    chooser = random.Random(0)
    for _ in range(500):
        if state.finished:
            break
        acting = state.to_act()
        seat = chooser.choice(acting) if acting else SYSTEM
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert state.finished
