import pytest

from games.contract import IllegalAction
from games.diamond_box import SPEC
from games.diamond_box.cards import canonical, card_ids

from .diamond_box_support import fillers, stacked_state

START_CARD = "green:BBBWWW"  # covers all 6 cells of the default layout (rows BBBB / WWWW, blue then red)


def test_the_deck_is_five_colours_times_ten_canonical_patterns():
    ids = card_ids()
    assert len(ids) == len(set(ids)) == 50
    colours = {card.split(":")[0] for card in ids}
    patterns = {card.split(":")[1] for card in ids}
    assert colours == {"red", "blue", "green", "yellow", "purple"}
    assert len(patterns) == 10
    for pattern in patterns:
        assert pattern.count("W") == pattern.count("B") == 3
        assert pattern == canonical(pattern) == min(pattern, pattern[::-1])
    assert canonical("WWWBBB") == "BBBWWW"


def test_stacked_deal_lays_first_card_under_second_offset_one_column_then_five_cards_per_seat():
    hands = [[START_CARD, *fillers(4)], fillers(5, fillers(4))]
    state = stacked_state(hands, extra=7)
    view = state.view(None)
    assert [(c["card"], c["x"], c["y"], c["rotation"]) for c in view["centre"]] == [
        ("blue:BBBWWW", 0, 0, 0),
        ("red:BBBWWW", 1, 0, 0),
    ]
    grid = {(c["x"], c["y"]): (c["colour"], c["diamond"]) for c in view["grid"]}
    assert grid == {
        (0, 0): ("blue", "B"),
        (0, 1): ("blue", "W"),
        **{(x, 0): ("red", "B") for x in (1, 2, 3)},
        **{(x, 1): ("red", "W") for x in (1, 2, 3)},
    }
    assert {(c["x"], c["y"]): c["top"] for c in view["grid"]} == {
        (0, 0): 0,
        (0, 1): 0,
        **{(x, y): 1 for x in (1, 2, 3) for y in (0, 1)},
    }
    assert view["hands"] == hands
    assert view["deck_count"] == 7
    assert view["setup"] == {
        "deals": 1,
        "swapped": False,
        "start_candidate_seats": [0],
        "start_seat": 0,
        "deck_exhausted": False,
    }
    assert state.to_act() == [0]


def test_the_seat_holding_a_six_cell_cover_starts_even_against_the_tiebreak():
    hands = [fillers(5), [*fillers(4, fillers(5)), START_CARD]]
    state = stacked_state(hands, tiebreak=0)
    assert state.to_act() == [1]
    assert state.view(None)["setup"]["start_candidate_seats"] == [1]


@pytest.mark.parametrize("tiebreak, starter", [(0, 0), (1, 2), (2, 2)])
def test_several_six_cell_covers_start_from_the_first_such_seat_clockwise_from_the_tiebreak(tiebreak, starter):
    hands = [["green:BBBWWW", *fillers(4)], fillers(5, fillers(4)), ["yellow:BBBWWW", *fillers(4, fillers(9))]]
    state = stacked_state(hands, tiebreak=tiebreak)
    assert state.view(None)["setup"]["start_candidate_seats"] == [0, 2]
    assert state.to_act() == [starter]


def test_a_card_whose_only_six_cell_fit_shares_a_frame_colour_does_not_qualify_to_start():
    # Red BWBWBW on top of blue BBBWWW: x 0 shows BBW/WWB with a blue corner, x 1 shows red BWB/WBW.
    # Both BBWWWB cards fit x 0's diamonds, but the blue one clashes with the blue corner.
    hands = [["blue:BBWWWB", *fillers(4)], ["green:BBWWWB", *fillers(4, fillers(4))]]
    state = stacked_state(hands, centre=("blue:BBBWWW", "red:BWBWBW"))
    assert state.view(None)["setup"]["start_candidate_seats"] == [1]
    assert state.view(None)["setup"]["swapped"] is False
    assert state.to_act() == [1]


def test_nobody_covering_six_cells_swaps_the_centre_cards_and_checks_again():
    # Red BWBWBW on top: windows BWB/WBW and BBW/WWB, which nobody holds. Swapped, blue BBBWWW shows
    # BBB/WWW at x 0, which the green card covers.
    hands = [[START_CARD, *fillers(4)], fillers(5, fillers(4))]
    state = stacked_state(hands, centre=("blue:BBBWWW", "red:BWBWBW"))
    view = state.view(None)
    assert view["setup"] == {
        "deals": 1,
        "swapped": True,
        "start_candidate_seats": [0],
        "start_seat": 0,
        "deck_exhausted": False,
    }
    assert [(c["card"], c["x"]) for c in view["centre"]] == [("red:BWBWBW", 1), ("blue:BBBWWW", 0)]
    grid = {(c["x"], c["y"]): (c["colour"], c["diamond"]) for c in view["grid"]}
    assert grid[(2, 0)] == ("blue", "B") and grid[(2, 1)] == ("blue", "W")
    assert grid[(3, 0)] == ("red", "B") and grid[(3, 1)] == ("red", "W")  # red's right column still shows
    assert {(c["x"], c["y"]): c["top"] for c in view["grid"]}[(2, 0)] == 1  # the blue card, now on top


def test_nobody_covering_six_cells_either_way_deals_again_from_the_rest_of_the_stacked_deck():
    first_centre = ["blue:BBBWWW", "red:BWBWBW"]
    first_hands = [fillers(5), fillers(5, fillers(5))]
    second_centre = ["green:BBBWWW", "yellow:BBBWWW"]
    used = fillers(10)
    second_hands = [fillers(5, used), [*fillers(4, used + fillers(5, used)), "purple:BBBWWW"]]
    tail = ["red:WBBBWW"]
    deck = [*first_centre, *sum(first_hands, []), *second_centre, *sum(second_hands, []), *tail]
    assert len(set(deck)) == len(deck)
    state = SPEC.new(2, {"stacked": {"deck": deck, "start_tiebreak": 0}})
    view = state.view(None)
    assert view["setup"] == {
        "deals": 2,
        "swapped": False,
        "start_candidate_seats": [1],
        "start_seat": 1,
        "deck_exhausted": False,
    }
    assert [c["card"] for c in view["centre"]] == second_centre
    assert view["hands"] == second_hands
    # The rest of the deck stays on top; the gathered first deal goes under it in dealt order.
    assert state.to_dict()["deck"] == [*tail, *first_centre, *sum(first_hands, [])]
    assert state.to_act() == [1]


def test_a_random_deal_always_finds_a_start_player_holding_a_six_cell_cover():
    for seed in range(40):
        state = SPEC.new(4, seed=seed)
        view = state.view(None)
        start = view["setup"]["start_seat"]
        assert start in view["setup"]["start_candidate_seats"] and state.to_act() == [start]
        six = [a for a in state.legal_actions(start) if state.penalty_of(a) == 0]
        assert six, "the start player holds a card that covers 6 cells"
        assert len(view["hands"][start]) == 5 and view["deck_count"] == 50 - 2 - 20


def test_bad_stacked_decks_and_options_are_refused():
    with pytest.raises(IllegalAction) as error:
        SPEC.new(2, {"stacked": {"deck": card_ids()[:11]}})
    assert error.value.key == "diamond_box.error.bad_stacked"
    with pytest.raises(IllegalAction):
        SPEC.new(2, {"stacked": {"deck": ["red:BBBWWW"] * 12}})
    with pytest.raises(IllegalAction):
        SPEC.new(2, {"stacked": {"deck": ["red:XXXXXX", *card_ids()[:11]]}})
    with pytest.raises(IllegalAction) as error:
        SPEC.new(2, {"rotations": "some"})
    assert error.value.key == "diamond_box.error.bad_option"


def test_spec_offers_the_rule_options_and_timeouts_with_the_official_two_minutes():
    assert SPEC.options == {"rotations": "all", "turn_timeout": 60}
    assert SPEC.choices["rotations"] == ["all", "half"]
    assert 60 in SPEC.choices["turn_timeout"] and 120 in SPEC.choices["turn_timeout"]
    assert (SPEC.min_players, SPEC.max_players) == (2, 4)
    assert set(SPEC.ai_levels) == {"easy", "normal", "strong"}
