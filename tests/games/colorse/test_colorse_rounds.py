"""Rounds: setup, immediate round wins, the face-down bonus, two rounds to win, the deck-exhausted decision."""

from games.colorse import SPEC
from tests.games.colorse.helpers import PAD, arrange, box, new, of_type, place, signs, take, types

DECK = ["R", "R", "R", "R", "G", "G", "G"] + PAD
SHORT = ["R", "G", "B", "Y", "RG", "B", "BY"]  # 4 starting cards + 3 common cards: nothing to refill
ROUND_ONE_3P = ["R", "R", "R", "G", "G", "G"] + PAD


def seat_0_wins_round_one(next_deck):
    """A 3-player game where seat 0 (parent) fills its box in the first duel; round 2 deals `next_deck`
    (parent 1, child 2)."""
    state = new(ROUND_ONE_3P, players=3, next_decks=[next_deck])
    arrange(state, 0, ["R", "G", "B", "Y", "R", None])
    signs(state, "doh", "rau")
    take(state, 0)
    place(state, "G")
    assert state.round_wins == [1, 0, 0] and state.round_no == 2
    return state


def in_order(events, *kinds):
    """The event types `kinds` occur in this order (others may come between)."""
    seen = iter(types(events))
    return all(kind in seen for kind in kinds)


def test_stacked_deck_deals_one_card_per_seat_then_two_face_up_and_one_face_down():
    state = new(["R", "G", "B", "Y", "RG", "GB", "BY", "S"], first_parent=2)
    assert [box(state, s)[0] for s in range(4)] == ["R", "G", "B", "Y"]
    assert state.common == ["RG", "GB", "BY"] and state.deck == ["S"]
    view = state.view(None)
    assert view["common"] == [{"card": "RG"}, {"card": "GB"}, {"face_down": True}]
    assert (view["parent_seat"], view["child_seat"], view["round"]) == (2, 3, 1)


def test_a_full_box_wins_the_round_at_once_so_the_parent_wins_before_the_child_places():
    state = new(DECK)
    arrange(state, 0, ["R", "G", "B", "Y", "R", None])
    arrange(state, 1, ["R", "G", "B", "Y", "R", None])
    signs(state, "doh", "doh")
    take(state, 0, 1)
    events = place(state, "G")
    assert of_type(events, "round_won") == [{"type": "round_won", "seat": 0, "round": 1, "wins": 1}]
    assert of_type(events, "placed") == [{"type": "placed", "seat": 0, "card": "G", "slot": 5}]  # not the child
    assert state.round_wins == [1, 0, 0, 0] and state.round_no == 2
    assert state.history == [{"round": 1, "winner_seat": 0}]


def test_the_next_round_starts_with_the_seat_after_the_previous_first_parent():
    state = new(DECK, first_parent=3)
    arrange(state, 3, ["R", "G", "B", "Y", "R", None])
    signs(state, "doh", "rau")
    take(state, 0)
    events = place(state, "G")
    assert of_type(events, "round_started") == [
        {"type": "round_started", "round": 2, "parent_seat": 0, "child_seat": 1}
    ]
    assert [box(state, s) for s in range(3)] == [["R", None, None, None, None, None]] * 3  # fresh boxes
    assert box(state, 3) == [None] * 6 and state.to_act() == [3]  # the winner first decides on its bonus


def test_a_round_winner_is_offered_the_bonus_and_the_card_stays_their_secret():
    state = seat_0_wins_round_one(["B", "R", "R", "B", "Y", "G"] + PAD)
    assert state.phase == "setup" and state.to_act() == [0]
    assert state.legal_actions(0) == [{"type": "bonus", "face_down": True}, {"type": "bonus", "face_down": False}]
    assert state.view(0)["starting"][0] == {"card": "B", "stage": "bonus"}
    assert state.view(1)["starting"][0] == {"stage": "bonus"} and state.view(None)["starting"][0] == {"stage": "bonus"}
    assert box(state, 1)[0] == "R" and box(state, 2)[0] == "R"  # the others start face up as usual
    events = state.apply(0, {"type": "bonus", "face_down": True})
    assert types(events) == ["starting_face_down", "duel_started"]
    assert state.view(0)["boxes"][0][0] == {"face_down": True, "card": "B"}
    assert state.view(2)["boxes"][0][0] == {"face_down": True} and state.view(None)["boxes"][0][0] == {
        "face_down": True
    }


def test_a_face_down_bonus_card_never_vanishes_by_colour():
    state = seat_0_wins_round_one(["B", "R", "R", "B", "Y", "G"] + PAD)
    state.apply(0, {"type": "bonus", "face_down": True})
    signs(state, "zorf", "zorf")  # parent 1, child 2: seat 0 must take
    take(state, 0)
    events = place(state, "B")
    assert of_type(events, "vanished") == [] and box(state, 0)[:2] == ["~B", "B"]


def test_a_face_down_bonus_card_is_lost_in_a_clash_and_the_next_card_is_face_up():
    state = seat_0_wins_round_one(["B", "R", "R", "B", "Y", "G"] + PAD)
    state.apply(0, {"type": "bonus", "face_down": True})
    signs(state, "rau", "zorf")  # parent 1 takes one
    take(state, 0)
    place(state, "B")
    events = signs(state, "zorf", "zorf")  # parent 2, child 0
    assert of_type(events, "bonus_card_lost") == [{"type": "bonus_card_lost", "seat": 0, "slot": 0}]
    take(state, 2)  # forced: seat 1 takes the face-down G
    place(state, "G")
    signs(state, "doh", "rau")  # parent 0 takes one
    take(state, 0)
    place(state, "Y")
    assert box(state, 0) == ["Y", None, None, None, None, None]


def test_a_round_winner_may_decline_the_bonus():
    state = seat_0_wins_round_one(["B", "R", "R", "B", "Y", "G"] + PAD)
    events = state.apply(0, {"type": "bonus", "face_down": False})
    assert types(events) == ["starting_card", "duel_started"] and events[0]["card"] == "B"
    assert state.view(1)["boxes"][0][0] == {"card": "B"}


def test_a_past_winner_dealt_a_special_chooses_face_up_then_its_colour():
    state = seat_0_wins_round_one(["S", "R", "R", "B", "Y", "G"] + PAD)
    events = state.apply(0, {"type": "bonus", "face_down": False})
    assert events == [{"type": "starting_special", "seat": 0}]
    assert state.view(2)["starting"][0] == {"card": "S", "stage": "special"}
    events = state.apply(0, {"type": "special", "colour": "Y"})
    assert types(events) == ["special_coloured", "duel_started"] and box(state, 0)[0] == "S:Y"


def test_a_starting_special_gets_its_colour_before_the_first_duel():
    state = new(["R", "S", "R", "S", "G", "G", "G"] + PAD)
    assert state.phase == "setup" and state.to_act() == [1, 3]
    assert state.legal_actions(1) == [{"type": "special", "colour": c} for c in "RGBY"]
    assert state.legal_actions(0) == []
    state.apply(3, {"type": "special", "colour": "G"})
    assert state.phase == "setup" and state.to_act() == [1]
    events = state.apply(1, {"type": "special", "colour": "B"})
    assert types(events) == ["special_coloured", "duel_started"]
    assert box(state, 1)[0] == "S:B" and box(state, 3)[0] == "S:G"


def test_two_round_wins_win_the_game():
    state = seat_0_wins_round_one(["B", "R", "R", "Y", "Y", "Y"] + PAD)
    state.apply(0, {"type": "bonus", "face_down": True})
    arrange(state, 0, ["~B", "R", "G", "Y", "B", None])
    signs(state, "zorf", "zorf")  # parent 1, child 2: seat 0 must take, and fills its box
    take(state, 0)
    events = place(state, "Y")
    assert of_type(events, "round_won") == [{"type": "round_won", "seat": 0, "round": 2, "wins": 2}]
    assert of_type(events, "game_won") == [{"type": "game_won", "seat": 0, "wins": 2}]
    assert state.finished and state.result() == {"winners": [0], "scores": [2, 0, 0]}
    assert state.ranks() == [0, 1, 1]  # nobody else won a round: they share second place
    assert state.to_act() == [] and state.legal_actions(0) == [] and state.deadline() is None
    assert state.view(None)["winner_seat"] == 0


def test_deck_exhausted_takes_what_is_there_and_the_round_goes_to_the_most_cards():
    state = new(SHORT)
    signs(state, "zorf", "doh")
    take(state, 0, 1)
    assert state.common == [None, None, "BY"] and state.deck == []  # nothing to refill
    place(state, "RG")  # beside R: vanishes with it
    place(state, "B")
    signs(state, "zorf", "doh")  # parent 1 wants two, one is left
    events = take(state, 2)
    assert of_type(events, "nothing_to_take") == [{"type": "nothing_to_take", "seat": 1}]
    assert state.to_act() == [1] and state.phase == "place"
    events = place(state, "BY")
    assert in_order(events, "placed", "deck_exhausted", "round_won_by_count", "round_started")
    assert of_type(events, "round_won_by_count") == [
        {"type": "round_won_by_count", "seat": 1, "round": 1, "cards": 2, "wins": 1}
    ]
    assert state.round_wins == [0, 1, 0, 0] and (state.round_no, state.parent) == (2, 1)


def test_deck_exhausted_with_a_tie_for_most_cards_is_a_drawn_round():
    state = new(SHORT)
    signs(state, "doh", "doh")
    take(state, 1, 2)  # B to seat 0, BY to seat 1
    place(state, "B")
    place(state, "BY")
    signs(state, "rau", "doh")  # parent 1, child 2: seat 2 takes the last card
    take(state, 0)
    events = place(state, "RG")
    assert of_type(events, "round_drawn") == [
        {"type": "round_drawn", "round": 1, "leader_seats": [0, 1, 2], "cards": 2}
    ]
    assert state.round_wins == [0, 0, 0, 0] and state.history == [{"round": 1, "winner_seat": None}]
    assert (state.round_no, state.parent, state.child) == (2, 1, 2)
    assert of_type(events, "bonus_offered") == []  # nobody has won a round


def test_a_drawn_round_still_moves_the_first_parent_on():
    state = new(SHORT, first_parent=3)
    signs(state, "doh", "doh")  # 3 and 0 take one each
    take(state, 0, 1)
    place(state, "RG")  # seat 3 (Y): stays
    place(state, "B")  # seat 0 (R): stays
    signs(state, "doh", "doh")  # 0 takes the last card, 1 gets nothing
    events = take(state, 2)
    assert of_type(events, "nothing_to_take") == [{"type": "nothing_to_take", "seat": 1}]
    events = place(state, "BY")  # seat 0 (R, B): BY beside B vanishes
    assert of_type(events, "round_won_by_count")[0]["seat"] == 3
    assert (state.parent, state.child) == (0, 1)


def test_the_final_order_is_the_winner_then_rounds_won():
    """A finished game's saved state with seat 2 holding a round won: second, ahead of seat 1."""
    state = seat_0_wins_round_one(["B", "R", "R", "Y", "Y", "Y"] + PAD)
    state.apply(0, {"type": "bonus", "face_down": True})
    arrange(state, 0, ["~B", "R", "G", "Y", "B", None])
    signs(state, "zorf", "zorf")
    take(state, 0)
    place(state, "Y")
    data = state.to_dict()
    data["round_wins"] = [2, 0, 1]
    assert SPEC.state_class.from_dict(data).ranks() == [0, 2, 1]
