"""Duels: the sign table, あいこ, the ゾーフ/ゾーフ clash (top-right loss, forced take), taking and refilling."""

import pytest

from tests.games.colorse.helpers import PAD, arrange, box, new, of_type, place, signs, take, types

# Seats 0-3 start with R; the common cards are G, B (face up) and Y (face down); refills are Y.
DECK = ["R", "R", "R", "R", "G", "B", "Y"] + PAD

SIGN_TABLE = [
    # parent, child, result, who takes in order (seat per card)
    ("doh", "doh", "each_take", [0, 1]),
    ("doh", "zorf", "zorf_takes_two", [1, 1]),
    ("zorf", "doh", "zorf_takes_two", [0, 0]),
    ("doh", "rau", "doh_takes_one", [0]),
    ("rau", "doh", "doh_takes_one", [1]),
    ("zorf", "rau", "rau_takes_one", [1]),
    ("rau", "zorf", "rau_takes_one", [0]),
    ("zorf", "zorf", "zorf_clash", [2]),  # the forced take by the next duel's child
]


@pytest.mark.parametrize("parent_sign, child_sign, result, takers", SIGN_TABLE)
def test_each_row_of_the_sign_table_gives_the_right_takes(parent_sign, child_sign, result, takers):
    state = new(DECK)
    events = signs(state, parent_sign, child_sign)
    revealed = of_type(events, "signs_revealed")
    assert revealed == [
        {
            "type": "signs_revealed",
            "parent_seat": 0,
            "child_seat": 1,
            "parent_sign": parent_sign,
            "child_sign": child_sign,
            "result": result,
        }
    ]
    seen = []
    while state.phase == "take":
        seen.append(state.to_act()[0])
        take(state, state.legal_actions(seen[-1])[0]["slot"])
    assert seen == takers


@pytest.mark.parametrize("parent_sign, child_sign, result, takers", SIGN_TABLE)
def test_after_a_duel_the_child_becomes_parent_and_the_next_seat_child(parent_sign, child_sign, result, takers):
    state = new(DECK)
    signs(state, parent_sign, child_sign)
    while state.phase in ("take", "place"):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert (state.phase, state.parent, state.child) == ("sign", 1, 2)
    assert state.to_act() == [1, 2]


def test_doh_doh_parent_picks_first_and_places_first():
    state = new(DECK)
    signs(state, "doh", "doh")
    assert state.to_act() == [0]
    take(state, 1)  # the parent takes B
    assert state.to_act() == [1] and [a["slot"] for a in state.legal_actions(1)] == [0, 2]
    events = take(state, 0)
    assert of_type(events, "took") == [{"type": "took", "seat": 1, "slot": 0, "card": "G"}]
    assert state.phase == "place" and state.to_act() == [0]
    assert state.legal_actions(0) == [{"type": "place", "card": "B"}]
    place(state, "B")
    assert state.to_act() == [1]
    place(state, "G")
    assert box(state, 0)[:2] == ["R", "B"] and box(state, 1)[:2] == ["R", "G"]


def test_rau_rau_is_aiko_and_the_same_pair_chooses_again():
    state = new(DECK)
    events = signs(state, "rau", "rau")
    assert types(events)[-1] == "aiko"
    assert (state.phase, state.parent, state.child) == ("sign", 0, 1)
    assert state.to_act() == [0, 1] and state.view(0)["chosen_seats"] == [] and state.view(0)["sign"] is None
    assert state.common == ["G", "B", "Y"] and all(hand == [] for hand in state.held)
    events = signs(state, "zorf", "rau")
    assert of_type(events, "signs_revealed")[0]["result"] == "rau_takes_one" and state.to_act() == [1]


def test_zorf_clash_with_empty_top_rows_loses_the_rightmost_bottom_card():
    state = new(DECK)
    arrange(state, 0, ["R", "G", "B", None, None, None])
    arrange(state, 1, ["R", "G", None, None, None, None])
    events = signs(state, "zorf", "zorf")
    assert of_type(events, "top_right_lost") == [
        {"type": "top_right_lost", "seat": 0, "slot": 2, "card": "B"},
        {"type": "top_right_lost", "seat": 1, "slot": 1, "card": "G"},
    ]
    assert box(state, 0) == ["R", "G", None, None, None, None]
    assert box(state, 1) == ["R", None, None, None, None, None]
    assert state.removed == ["B", "G"]


def test_zorf_clash_with_half_full_top_row_loses_its_rightmost_card():
    state = new(DECK)
    arrange(state, 0, ["R", "G", "B", "Y", None, None])
    arrange(state, 1, ["R", "G", "B", None, "Y", None])  # a gap left of the top card
    signs(state, "zorf", "zorf")
    assert box(state, 0) == ["R", "G", "B", None, None, None]
    assert box(state, 1) == ["R", "G", "B", None, None, None]


def test_zorf_clash_with_full_top_row_loses_the_top_right_corner():
    # A full top row only happens in a full box (the round would already be won), so this box is arranged.
    state = new(DECK)
    arrange(state, 0, ["R", "G", "B", "Y", "R", "G"])
    signs(state, "zorf", "zorf")
    assert box(state, 0) == ["R", "G", "B", "Y", "R", None]


def test_zorf_clash_with_an_empty_box_loses_nothing_and_a_face_down_card_is_lost_too():
    state = new(DECK)
    arrange(state, 0, [None] * 6)
    arrange(state, 1, ["~G", None, None, None, None, None])
    events = signs(state, "zorf", "zorf")
    assert of_type(events, "nothing_lost") == [{"type": "nothing_lost", "seat": 0}]
    assert of_type(events, "bonus_card_lost") == [{"type": "bonus_card_lost", "seat": 1, "slot": 0}]
    assert box(state, 1) == [None] * 6 and state.removed == []  # the lost card's identity stays secret


def test_zorf_clash_forces_the_next_duels_child_to_take_one_card():
    state = new(DECK)
    events = signs(state, "zorf", "zorf")
    assert of_type(events, "forced_take") == [{"type": "forced_take", "seat": 2}]
    assert state.phase == "take" and state.to_act() == [2]
    assert state.legal_actions(2) == [{"type": "take", "slot": s} for s in (0, 1, 2)]  # no way to decline
    assert state.legal_actions(0) == [] and state.legal_actions(3) == []
    take(state, 2)
    place(state, "Y")
    assert box(state, 2)[:2] == ["R", "Y"]
    assert (state.phase, state.parent, state.child) == ("sign", 1, 2)


def test_zorf_clash_forced_take_in_three_player_game_goes_to_the_third_player():
    state = new(DECK[:1] + DECK[2:], players=3, first_parent=2)  # parent 2, child 0 -> forced seat 1
    events = signs(state, "zorf", "zorf")
    assert of_type(events, "forced_take")[0]["seat"] == 1 and state.to_act() == [1]


def test_a_taker_may_take_the_face_down_card_and_it_is_revealed():
    state = new(DECK)
    signs(state, "doh", "rau")
    events = take(state, 2)
    assert of_type(events, "took_face_down") == [{"type": "took_face_down", "seat": 0, "slot": 2, "card": "Y"}]
    assert state.view(3)["held"][0] == ["Y"]


def test_refill_replaces_face_up_with_face_up_and_face_down_with_face_down_in_deck_order():
    deck = ["R", "R", "R", "R", "G", "B", "Y", "RG", "GB", "BY"] + PAD
    state = new(deck)
    signs(state, "zorf", "doh")
    events = take(state, 2, 0)
    assert of_type(events, "refilled") == [{"type": "refilled", "count": 2, "deck_count": len(PAD) + 1}]
    assert state.common == ["RG", "B", "GB"]
    view = state.view(None)
    assert view["common"] == [{"card": "RG"}, {"card": "B"}, {"face_down": True}]
    assert view["deck_count"] == len(PAD) + 1


def test_the_taker_of_two_cards_places_them_in_the_order_they_choose():
    deck = ["R", "R", "R", "R", "G", "B", "Y"] + PAD
    state = new(deck)
    signs(state, "zorf", "doh")
    take(state, 0, 1)
    assert state.legal_actions(0) == [{"type": "place", "card": "G"}, {"type": "place", "card": "B"}]
    events = place(state, "B")
    assert of_type(events, "placed") == [{"type": "placed", "seat": 0, "card": "B", "slot": 1}]
    assert state.to_act() == [0] and state.legal_actions(0) == [{"type": "place", "card": "G"}]
    place(state, "G")
    assert box(state, 0)[:3] == ["R", "B", "G"]


def test_a_special_taken_offers_each_colour_when_placed():
    state = new(["R", "R", "R", "R", "S", "B", "Y"] + PAD)
    signs(state, "doh", "rau")
    take(state, 0)
    assert state.legal_actions(0) == [{"type": "place", "card": "S", "colour": c} for c in "RGBY"]
    events = place(state, "S", "B")
    assert of_type(events, "placed_special") == [{"type": "placed_special", "seat": 0, "colour": "B", "slot": 1}]
    assert box(state, 0)[:2] == ["R", "S:B"]
