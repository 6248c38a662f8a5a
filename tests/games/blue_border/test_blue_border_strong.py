"""The strong diver's own rule (games/blue_border/strong.py STYLES): the hard rule's eye and evaluation with
constants tuned against the hard level. The search itself is tested with every game's in tests/games/search."""

import random

from games.blue_border import ai, strong

from .helpers import close_window, dive, dive_deck, new, take_deck


def own_rule(state, seat: int, seed: int) -> dict:
    view = state.view(seat)
    mind = ai._Mind(view, random.Random(seed), ai.PERCEPTION_ERROR[strong.EYE], strong.style_for(view["players"]))
    return ai.decide(mind, state.legal_actions(seat))


def test_the_rule_levels_keep_their_constants():
    assert ai.RULE == ai.Style(
        win=ai.WIN,
        dead_end=ai.DEAD_END,
        call_risk=ai.CALL_RISK,
        take_margin=ai.TAKE_MARGIN,
        impatience=ai.IMPATIENCE,
        call_bias=1.0,
    )


def test_the_strong_diver_never_takes_a_card_out_of_impatience():
    state = new(dive_deck([5, 12, 19]), players=2)
    for _ in range(6):  # seat 0 takes 5, 12, 19 (A-C); nothing visible can then go deep enough for D
        take_deck(state)
        close_window(state)
    hard = [
        ai.choose(state.view(0), state.legal_actions(0), random.Random(seed), "hard")["type"] for seed in range(100)
    ]
    assert "take" in hard  # the hard diver now and then takes anyway
    assert {own_rule(state, 0, seed)["type"] for seed in range(100)} == {"pass"}


def test_at_four_divers_the_strong_diver_leaves_a_doubtful_call_to_the_others():
    state = dive([5, 15], players=4)  # B = 15 after A = 5: one past the border, hard to tell by eye
    hard = sum(
        ai.choose(state.view(1), state.legal_actions(1), random.Random(seed), "hard") == {"type": "call"}
        for seed in range(100)
    )
    mine = sum(own_rule(state, 1, seed) == {"type": "call"} for seed in range(100))
    assert mine < hard / 2
    for seed in range(10):  # but a card far past the border is still called
        assert own_rule(dive([32], players=4), 1, seed) == {"type": "call"}
