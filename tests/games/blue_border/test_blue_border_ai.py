"""The AI diver: it plays from its view (shades, not numbers), takes cards that fit, passes when none does,
calls likely violations, picks sensible rewards, and beats random divers."""

import random

import pytest

from games.blue_border import SPEC
from games.blue_border.ai import choose

from .helpers import call, close_window, dive, dive_deck, new, random_game, take_deck

LEVELS = ("easy", "normal", "hard")


def decide(state, seat: int, level: str, seed: int) -> dict:
    return choose(state.view(seat), state.legal_actions(seat), random.Random(seed), level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_ai_always_answers_with_a_legal_action(level):
    for seed in range(6):
        state, actions = random_game(seed, call_chance=0.3, agent_seats={0: level, 2: level})
        assert state.finished and any(seat in (0, 2) for seat, _ in actions)


def test_the_ai_reads_only_shades_hidden_cards_in_its_view_carry_no_number():
    state = dive([5, 12], players=2)
    view = state.view(1)
    assert all(set(card) == {"shade"} for card in view["divers"][0]["slots"] if card)
    assert choose(view, state.legal_actions(1), random.Random(0), "hard") in state.legal_actions(1)


@pytest.mark.parametrize("level", LEVELS)
def test_the_ai_calls_a_card_far_past_the_border(level):
    for seed in range(10):
        assert decide(dive([32]), 1, level, seed) == {"type": "call"}  # A = 32


@pytest.mark.parametrize("level", LEVELS)
def test_the_ai_does_not_call_a_clearly_legal_card(level):
    for seed in range(10):
        assert decide(dive([3]), 1, level, seed) == {"type": "no_call"}  # A = 3


def test_the_ai_always_calls_a_g():
    for seed in range(5):
        assert decide(dive([5, 12, 19, 27, 20, 13, 6]), 1, "normal", seed) == {"type": "call"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_ai_takes_the_visible_card_that_fits_its_next_slot(level):
    deck = [30, 31, 3, 32] + [n for n in range(1, 30) if n != 3]  # piles 30, 31, 3, 32; deck top 1
    for seed in range(10):
        action = decide(new(deck, players=2), 0, level, seed)
        assert action in ({"type": "take", "source": "pile", "pile": 2}, {"type": "take", "source": "deck"})


def test_the_ai_passes_when_nothing_visible_can_go_deep_enough_for_d():
    state = new(dive_deck([5, 12, 19]), players=2)
    for _ in range(6):  # seat 0 takes 5, 12, 19 (A-C); seat 1 takes fillers
        take_deck(state)
        close_window(state)
    assert state.active == 0 and len(state.boards[0]) == 3
    assert max(state.piles[i][-1] for i in range(4)) < 19 and state.deck[0] < 19
    choices = [decide(state, 0, "normal", seed)["type"] for seed in range(200)]
    # mostly a pass; now and then an impatient take, so divers who all wait cannot pass forever
    assert 150 <= choices.count("pass") < 200


def test_the_ai_rewards_itself_with_a_discarded_card_that_fits():
    rest = [n for n in range(1, 33) if n not in (20, 21, 22, 23, 9, 3, 30)]
    state = new([20, 21, 22, 23, 9, 3, 30] + rest, players=2)
    take_deck(state)  # seat 0: A = 9
    close_window(state)
    take_deck(state)  # seat 1: A = 3
    close_window(state)
    take_deck(state)  # seat 0: B = 30, far too deep
    call(state, 1)
    assert state.discard == [9, 30]
    for seed in range(10):
        assert decide(state, 1, "normal", seed) == {"type": "reward", "source": "discard", "card": 9}


def test_an_ai_caller_with_an_empty_board_takes_a_light_card_rather_than_nothing():
    state = dive([10])  # piles 1, 2, 3, 4; deck top 5; the discarded 10 does not fit A
    call(state, 1)
    for seed in range(10):
        assert decide(state, 1, "normal", seed)["source"] in ("pile", "deck")


def test_the_ai_beats_random_divers():
    wins = 0
    for seed in range(40):
        seat = seed % 4
        state, _ = random_game(seed, call_chance=0.5, agent_seats={seat: "normal"})
        wins += seat in state.result()["winners"]
    assert wins >= 36


def test_spec_offers_the_ai_levels():
    assert SPEC.ai_levels == (*LEVELS, "strong")  # the strong diver is tested in tests/games/search
    state = SPEC.new(2, {}, seed=3)
    legal = state.legal_actions(state.to_act()[0])
    for level in LEVELS:  # the rule-based levels are this module's agent
        assert SPEC.agent(state.view(state.to_act()[0]), legal, random.Random(1), level) == choose(
            state.view(state.to_act()[0]), legal, random.Random(1), level
        )
