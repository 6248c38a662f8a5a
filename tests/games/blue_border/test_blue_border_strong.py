"""The strong diver's own rule (games/blue_border/strong.py STYLES): the hard rule's eye and evaluation with
constants tuned against the hard level. The search itself is tested with every game's in tests/games/search."""
import math
import random

import pytest

from games.blue_border import ai, strong

from .helpers import close_window, dive, dive_deck, new, take_deck


def own_rule(state, seat: int, seed: int) -> dict:
    view = state.view(seat)
    mind = ai._Mind(view, random.Random(seed), ai.PERCEPTION_ERROR[strong.EYE], strong.style_for(view["players"]))
    return ai.decide(mind, state.legal_actions(seat))


def test_the_rule_levels_keep_their_constants():
    assert ai.RULE == ai.Style(win=ai.WIN, dead_end=ai.DEAD_END, call_risk=ai.CALL_RISK, take_margin=ai.TAKE_MARGIN,
                               impatience=ai.IMPATIENCE, call_bias=1.0)


def test_the_strong_diver_never_takes_a_card_out_of_impatience():
    state = new(dive_deck([5, 12, 19]), players=2)
    for _ in range(6):  # seat 0 takes 5, 12, 19 (A-C); nothing visible can then go deep enough for D
        take_deck(state)
        close_window(state)
    hard = [ai.choose(state.view(0), state.legal_actions(0), random.Random(seed), "hard")["type"]
            for seed in range(100)]
    assert "take" in hard  # the hard diver now and then takes anyway
    assert {own_rule(state, 0, seed)["type"] for seed in range(100)} == {"pass"}


def test_at_four_divers_the_strong_diver_leaves_a_doubtful_call_to_the_others():
    state = dive([5, 15], players=4)  # B = 15 after A = 5: one past the border, hard to tell by eye
    hard = sum(ai.choose(state.view(1), state.legal_actions(1), random.Random(seed), "hard") == {"type": "call"}
               for seed in range(100))
    mine = sum(own_rule(state, 1, seed) == {"type": "call"} for seed in range(100))
    assert mine < hard / 2
    for seed in range(10):  # but a card far past the border is still called
        assert own_rule(dive([32], players=4), 1, seed) == {"type": "call"}



def with_boards(boards: list[list[int]]):
    """A four-diver game with the boards set to these numbers (hidden cards)."""
    state = new(dive_deck([]), players=4)
    state.boards = [[{"number": number, "revealed": False} for number in board] for board in boards]
    return state


def logit_gap(state, me: int, seat: int, other: int) -> float:
    shares = strong.evaluate(state, me)
    return math.log(shares[seat] / shares[other])


def test_at_four_divers_the_leaf_prices_the_sixth_card_far_above_the_second():
    """Fitted on who won: the odds grow far faster near G (the card-count softmax priced every card alike)."""
    second = logit_gap(with_boards([[5, 12], [], [], []]), 0, 0, 1) - logit_gap(
        with_boards([[5], [], [], []]), 0, 0, 1)
    sixth = logit_gap(with_boards([[5, 12, 19, 27, 20, 13], [], [], []]), 0, 0, 1) - logit_gap(
        with_boards([[5, 12, 19, 27, 20], [], [], []]), 0, 0, 1)
    assert sixth > 2 * second > 0


def test_the_leaf_counts_the_strong_seat_above_a_hard_seat_with_the_same_cards():
    state = with_boards([[5, 12, 19], [5, 12, 19], [], []])  # the same numbers on two boards: only a model
    assert strong.evaluate(state, 0)[0] > strong.evaluate(state, 0)[1]
    assert strong.evaluate(state, 1)[1] > strong.evaluate(state, 1)[0]


def test_an_open_window_on_g_counts_as_won_only_when_g_is_legal():
    legal = with_boards([[5, 12, 19, 27, 20, 13, 6], [5, 12, 19, 27, 20], [], []])
    illegal = with_boards([[5, 12, 19, 27, 20, 13, 12], [5, 12, 19, 27, 20], [], []])  # G above the border
    assert strong.evaluate(legal, 1)[0] > 0.95
    shares = strong.evaluate(illegal, 2)  # F and G will be called off: five cards against five
    assert shares[0] == pytest.approx(shares[1])


def test_the_fitted_leaf_counts_a_round_already_won():
    state = with_boards([[5, 12, 19, 27], [5, 12], [], []])
    state.round_scores = [0, 1, 0, 0]  # best of three: seat 1 has won the first round
    shares = strong.evaluate(state, 0)
    assert shares[1] > shares[0]
