"""Border calls: success and failure, rewards, chains and where play resumes, skips and call bans, the window.

With dive([..], players=4) the fillers are dealt in ascending order: piles 1, 2, 3, 4; seats 1-3 take
6, 7, 8 as their A and 9, 10, 11 as their B (when seat 0 places three cards 5, 12, x)."""

import pytest

from games.contract import IllegalAction

from .helpers import call, close_window, dive, new, numbers, of_type, take_deck


def test_a_successful_call_on_a_discards_the_one_card():
    state = dive([10])  # A = 10 > border 9
    events = call(state, 1)
    assert of_type(events, "called")[0]["revealed"] == [{"slot": "A", "number": 10}]
    assert of_type(events, "call_succeeded")[0]["discarded"] == [10]
    assert state.boards[0] == [] and state.discard == [10]
    assert state.phase == "reward" and state.to_act() == [1]


def test_a_successful_call_on_a_later_slot_discards_the_card_and_its_predecessor():
    state = dive([5, 12, 22])  # C = 22: 10 deeper than B
    events = call(state, 1)
    assert of_type(events, "called")[0]["revealed"] == [{"slot": "B", "number": 12}, {"slot": "C", "number": 22}]
    assert of_type(events, "call_succeeded")[0]["discarded"] == [12, 22]
    assert numbers(state, 0) == [5]  # the next empty slot is B again
    assert state.discard == [12, 22]


def test_the_reward_may_take_any_discarded_card_face_up():
    state = dive([5, 12, 22])
    call(state, 1)
    assert {"type": "reward", "source": "discard", "card": 12} in state.legal_actions(1)
    events = state.apply(1, {"type": "reward", "source": "discard", "card": 12})
    assert of_type(events, "reward_taken")[0] == {
        "type": "reward_taken",
        "seat": 1,
        "source": "discard",
        "pile": None,
        "pile_number": None,
        "card": 12,
        "slot": "C",
    }
    assert state.boards[1][-1] == {"number": 12, "revealed": True}
    assert state.discard == [22]
    # The reward placement opens its own window: the called diver may call it, the caller may not.
    assert state.phase == "call_window" and state.placement == {"seat": 1, "slot": 2} and state.to_act() == [0]


def test_a_short_field_is_not_reshuffled_before_the_caller_chooses():
    """Both divers take an A (5, 6) and the deck is empty; seat 0 takes 30 from pile 0, leaving it empty;
    seat 1's call discards 5 and 30: both are offered for 5-1, and the reshuffle waits for the choice."""
    state = new([30, 11, 12, 13, 5, 6], players=2)
    take_deck(state)
    close_window(state)
    take_deck(state)
    close_window(state)
    assert state.deck == [] and state.piles == [[30], [11], [12], [13]]
    state.apply(0, {"type": "take", "source": "pile", "pile": 0})  # B = 30: 25 deeper than A
    events = call(state, 1)
    assert of_type(events, "call_succeeded")[0]["discarded"] == [5, 30]
    assert not of_type(events, "deck_reshuffled") and sorted(state.discard) == [5, 30]
    legal = state.legal_actions(1)
    assert {"type": "reward", "source": "discard", "card": 5} in legal
    assert {"type": "reward", "source": "discard", "card": 30} in legal
    events = state.apply(1, {"type": "reward", "source": "discard", "card": 30})
    assert numbers(state, 1) == [6, 30]
    reshuffled = of_type(events, "deck_reshuffled")  # due since the call; made right after the choice
    assert reshuffled and events.index(reshuffled[0]) > events.index(of_type(events, "reward_taken")[0])
    assert state.discard == [] and sorted(state.deck + [n for pile in state.piles for n in pile]) == [5, 11, 12, 13]


def test_the_reward_may_take_a_pile_top_which_is_refilled():
    state = dive([5, 12, 22])
    call(state, 1)
    pile_top, deck_top = state.piles[2][-1], state.deck[0]
    events = state.apply(1, {"type": "reward", "source": "pile", "pile": 2})
    assert of_type(events, "reward_taken")[0]["card"] is None  # a hidden card is never named
    assert state.boards[1][-1] == {"number": pile_top, "revealed": False}
    assert state.piles[2] == [deck_top]
    assert state.phase == "call_window" and state.to_act() == [0]


def test_the_reward_may_take_the_deck_top():
    state = dive([5, 12, 22])
    call(state, 1)
    deck_top = state.deck[0]
    state.apply(1, {"type": "reward", "source": "deck"})
    assert state.boards[1][-1] == {"number": deck_top, "revealed": False}


def test_taking_no_reward_resumes_after_the_called_diver():
    state = dive([5, 12, 22], players=4)
    call(state, 2)
    events = state.apply(2, {"type": "reward", "source": "none"})
    assert of_type(events, "reward_declined")
    assert state.phase == "turn" and state.active == 1


def test_an_uncalled_reward_placement_resumes_after_the_diver_called_last():
    state = dive([5, 12, 22], players=4)
    call(state, 2)
    state.apply(2, {"type": "reward", "source": "discard", "card": 22})
    assert sorted(state.to_act()) == [0, 1, 3]
    close_window(state)
    assert state.phase == "turn" and state.active == 1  # after seat 0, the diver called last


def test_a_chain_of_calls_resumes_after_the_last_called_diver():
    state = dive([5, 12, 22], players=4)
    call(state, 2)
    state.apply(2, {"type": "reward", "source": "discard", "card": 22})  # seat 2: A=7, B=10, C=22 (illegal)
    events = call(state, 3)
    assert of_type(events, "call_succeeded")[0]["discarded"] == [10, 22]
    assert numbers(state, 2) == [7]
    state.apply(3, {"type": "reward", "source": "none"})
    assert state.phase == "turn" and state.active == 3  # after seat 2, called last


def test_a_failed_call_on_a_reward_placement_also_resumes_after_its_placer():
    state = dive([5, 12, 22], players=4)
    call(state, 2)
    state.apply(2, {"type": "reward", "source": "discard", "card": 12})  # seat 2: A=7, B=10, C=12 (legal)
    events = call(state, 0)
    assert of_type(events, "call_failed") and of_type(events, "card_lost")[0]["number"] == 5
    assert state.active == 3


def test_a_failed_call_costs_the_caller_their_last_card_and_the_revealed_cards_stay_face_up():
    state = dive([5, 12, 21], players=4)  # C = 21: legal
    events = call(state, 2)
    assert of_type(events, "call_failed")
    assert of_type(events, "card_lost")[0] == {"type": "card_lost", "seat": 2, "slot": "B", "number": 10}
    assert numbers(state, 2) == [7] and state.discard == [10]
    assert state.boards[0] == [
        {"number": 5, "revealed": False},
        {"number": 12, "revealed": True},
        {"number": 21, "revealed": True},
    ]
    slots = state.view(None)["divers"][0]["slots"]
    assert slots[0] == {"shade": slots[0]["shade"]}
    assert slots[1:3] == [{"shade": slots[1]["shade"], "number": 12}, {"shade": slots[2]["shade"], "number": 21}]
    assert state.phase == "turn" and state.active == 1


def test_a_failed_call_without_a_card_skips_a_turn_and_bans_calls_until_served():
    state = dive([5], players=4)  # only seat 0 has a card
    events = call(state, 3)
    assert of_type(events, "call_failed") and of_type(events, "skip_incurred")[0]["seat"] == 3
    assert state.skip[3] and state.active == 1
    take_deck(state)  # seat 1 places: seat 3 may not call it
    assert sorted(state.to_act()) == [0, 2]
    with pytest.raises(IllegalAction) as refused:
        call(state, 3)
    assert refused.value.code == "call_banned"
    close_window(state)
    take_deck(state)  # seat 2
    close_window(state)
    assert state.active == 0  # seat 3's turn was skipped
    take_deck(state)
    assert 3 in state.to_act()  # the skip is served: seat 3 may call again


def test_a_skip_incurred_by_the_next_diver_is_served_at_once():
    state = dive([5], players=4)
    events = call(state, 1)
    assert of_type(events, "skip_served")[0]["seat"] == 1
    assert state.active == 2 and not state.skip[1]


def test_the_window_closes_early_when_every_eligible_diver_declines():
    state = dive([5], players=4)
    state.apply(1, {"type": "no_call"})
    state.apply(3, {"type": "no_call"})
    assert state.phase == "call_window" and state.to_act() == [2]
    events = state.apply(2, {"type": "no_call"})
    assert of_type(events, "window_closed")[0]["timeout"] is False
    assert state.phase == "turn" and state.active == 1


def test_the_first_call_closes_the_window_to_other_callers():
    state = dive([5], players=4)
    call(state, 1)
    with pytest.raises(IllegalAction) as refused:
        call(state, 2)
    assert refused.value.code == "no_window"


def test_the_placing_diver_cannot_call_their_own_card():
    state = dive([10], players=4)
    with pytest.raises(IllegalAction) as refused:
        call(state, 0)
    assert refused.value.code == "own_placement"
    assert state.legal_actions(0) == []


def test_a_diver_who_declined_cannot_call_that_placement():
    state = dive([10], players=4)
    state.apply(1, {"type": "no_call"})
    with pytest.raises(IllegalAction) as refused:
        call(state, 1)
    assert refused.value.code == "already_answered"
