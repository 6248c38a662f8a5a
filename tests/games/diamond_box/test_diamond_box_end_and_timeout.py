"""Ending the game and the turn timer. Layout as in the placement tests: rows BBBB / WWWW, blue then red;
green BBBWWW covers 6 cells at x 1 (penalty 0) and 4 cells at x 2 (penalty 2)."""

from games.contract import SYSTEM, Deadline
from games.diamond_box import SPEC

from .diamond_box_support import fillers, place, stacked_state

GREEN = "green:BBBWWW"


def game(extra=None, **options):
    hand = [GREEN, *fillers(4)]
    return stacked_state([hand, fillers(5, hand)], extra=extra, **options)


def with_hand(state, seat, hand):
    """The same position with `seat` holding only `hand` (a saved state edited to skip ahead)."""
    data = state.to_dict()
    data["hands"][seat] = hand
    return SPEC.state_class.from_dict(data)


def test_playing_the_last_card_without_penalty_wins_at_once():
    state = with_hand(game(), 0, [GREEN])
    events = state.apply(0, place(GREEN, 0, 1, 0))
    assert events[-1] == {"type": "hand_emptied", "seat": 0}
    assert state.finished and state.to_act() == []
    assert state.result() == {"winners": [0], "scores": [0, 5]}
    assert state.legal_actions(0) == [] and state.legal_actions(SYSTEM) == [] and state.deadline() is None
    assert state.view(None)["winner_seats"] == [0] and state.view(None)["turn_seat"] is None


def test_a_last_card_with_a_penalty_draws_and_does_not_win():
    state = with_hand(game(), 0, [GREEN])
    deck = state.to_dict()["deck"]
    events = state.apply(0, place(GREEN, 0, 2, 0))  # 2 cells protrude
    assert not state.finished and state.to_act() == [1]
    assert state.view(None)["hands"][0] == deck[:2]
    assert [e["type"] for e in events] == ["card_placed", "penalty_drawn"]


def test_a_penalty_that_empties_the_deck_ends_the_game_and_fewest_cards_win():
    state = game(extra=2)
    events = state.apply(0, place(GREEN, 0, 2, 0))
    assert state.finished
    assert events[-1] == {"type": "deck_exhausted", "winner_seats": [1], "fewest": 5, "hand_counts": [6, 5]}
    assert state.result() == {"winners": [1], "scores": [6, 5]}


def test_a_penalty_that_cannot_be_drawn_in_full_ends_the_game_and_equal_counts_share_the_win():
    state = game(extra=1)
    events = state.apply(0, place(GREEN, 0, 2, 0))
    assert events[1] == {"type": "penalty_drawn", "seat": 0, "count": 1, "penalty": 2, "cards": events[1]["cards"]}
    assert state.finished and state.result() == {"winners": [0, 1], "scores": [5, 5]}
    assert events[-1]["winner_seats"] == [0, 1]


def test_a_deal_that_leaves_the_deck_empty_ends_the_game_at_once():
    """「山札が無くなったら…」: the deck has run out as soon as the deal took its last card."""
    state = game(extra=0)
    assert state.finished and state.to_act() == [] and state.legal_actions(0) == [] and state.deadline() is None
    assert state.result() == {"winners": [0, 1], "scores": [5, 5]}
    assert state.view(None)["setup"]["deck_exhausted"] is True and state.view(None)["winner_seats"] == [0, 1]


def test_a_deal_that_leaves_one_card_plays_on_until_the_deck_runs_out():
    state = game(extra=1)
    assert not state.finished and state.view(None)["setup"]["deck_exhausted"] is False
    state.apply(0, place(GREEN, 0, 1, 0))  # no penalty: the deck still holds its card
    assert not state.finished and state.to_act() == [1]


def test_the_turn_deadline_waits_for_the_active_seat_with_the_chosen_timeout():
    assert game().deadline() == Deadline("turn", 60, (0,))
    assert game(turn_timeout=120).deadline() == Deadline("turn", 120, (0,))
    state = game()
    assert state.legal_actions(SYSTEM) == [{"type": "timeout"}]


def test_a_timeout_plays_the_absent_players_least_penalty_move_first_in_listed_order():
    state = game()
    legal = state.legal_actions(0)
    least = min(state.penalty_of(a) for a in legal)
    expected = next(a for a in legal if state.penalty_of(a) == least)
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert events[0] == {"type": "timed_out", "seat": 0}
    assert events[1]["type"] == "card_placed" and events[1]["penalty"] == least == 0
    assert place(*(events[1][k] for k in ("card", "rotation", "x", "y"))) == expected
    assert state.to_act() == [1]
    # The next timeout, for seat 1, again takes the cheapest of seat 1's placements.
    least = min(state.penalty_of(a) for a in state.legal_actions(1))
    assert state.apply(SYSTEM, {"type": "timeout"})[1]["penalty"] == least


def test_the_final_order_is_the_winner_then_fewest_cards_left():
    hand = [GREEN, *fillers(4)]
    rest = [fillers(5, hand), fillers(10, hand)[5:]]
    state = stacked_state([hand, *rest])
    state = with_hand(with_hand(with_hand(state, 0, [GREEN]), 1, rest[0]), 2, rest[1][:2])
    state.apply(0, place(GREEN, 0, 1, 0))
    assert state.result() == {"winners": [0], "scores": [0, 5, 2]}
    assert state.ranks() == [0, 2, 1]


def test_the_final_order_ties_shared_winners_and_equal_hands():
    state = game(extra=1)
    state.apply(0, place(GREEN, 0, 2, 0))
    assert state.result()["winners"] == [0, 1] and state.ranks() == [0, 0]
    dealt_out = game(extra=0)
    assert dealt_out.finished and dealt_out.ranks() == [0, 0]
