"""The agent: legal choices from its own view, an immediate win taken, a winning line not handed over."""

import random

from games.bossa import SPEC, strong
from games.bossa.ai import choose as agent
from games.bossa.ai import determinise

from .helpers import SIXTH_COLUMN, deal, six_columns_game, stack_win_game


def decide(state, seed=0):
    seat = state.to_act()[0]
    return agent(state.view(seat), state.legal_actions(seat), random.Random(seed), "normal")


def test_the_agent_takes_a_win_that_needs_a_stack():
    state = stack_win_game()
    for seed in range(3):
        assert decide(state, seed) == {
            "type": "stack",
            "line": "white",
            "side": "up",
            "index": 1,
            "tiles": ["w2b1", "w4b1"],
        }


def test_the_agent_does_not_lay_the_sixth_column_of_the_opponents_line():
    state = six_columns_game()
    assert SIXTH_COLUMN in state.legal_actions(1)
    for seed in range(3):
        assert decide(state, seed) != SIXTH_COLUMN


def test_the_high_roller_agent_picks_a_setup_choice():
    state = deal(["w1b0", "w2b0", "w3b0", "w4b0"], ["w0b1", "w0b2", "w0b3", "w0b4"], dice=(2, 5))
    assert decide(state) in state.legal_actions(1)


def test_a_determinised_game_keeps_everything_the_view_shows():
    state = six_columns_game()
    view = state.view(1)
    copy = determinise(view, random.Random(1))
    assert copy.view(1) == view
    assert sorted(copy.deck + [copy.removed]) == sorted(state.deck + [state.removed])


def test_the_agent_beats_a_random_player_most_of_the_time():
    wins = 0
    for game in range(12):
        state = SPEC.new(2, {}, seed=f"ai-{game}")
        chooser = random.Random(game)
        while not state.finished:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = decide(state, game) if seat == game % 2 else chooser.choice(legal)
            assert action in legal
            state.apply(seat, action)
        wins += state.result()["winners"] == [game % 2]
    assert wins >= 9


def test_the_strong_high_roller_takes_the_colour_its_hand_fits_and_never_the_first_move():
    state = deal(["w1b0", "w2b0", "w3b0", "w4b0"], ["w0b1", "w0b2", "w0b3", "w0b4"], dice=(2, 5))
    for seed in range(3):
        assert SPEC.agent(state.view(1), state.legal_actions(1), random.Random(seed), "strong:2") == {
            "type": "choose",
            "choice": "black",
        }
    for game in range(20):  # the rule level often takes the first move; the second player wins more often
        state = SPEC.new(2, None, seed=game)
        seat = state.to_act()[0]
        action = SPEC.agent(state.view(seat), state.legal_actions(seat), random.Random(game), "strong:2")
        assert action["choice"] != "first"


def test_strong_playouts_never_lay_the_rivals_sixth_column():
    state = six_columns_game()
    legal = state.legal_actions(1)
    assert SIXTH_COLUMN in legal
    for seed in range(40):
        assert strong.playout(state, 1, legal, random.Random(seed)) != SIXTH_COLUMN


def test_strong_playouts_then_lay_the_largest_column_left():
    state = six_columns_game()
    legal = state.legal_actions(1)
    for seed in range(40):
        action = strong.playout(state, 1, legal, random.Random(seed))
        assert action["type"] == "place" and action["line"] == "black" and len(action["tiles"]) == 2
