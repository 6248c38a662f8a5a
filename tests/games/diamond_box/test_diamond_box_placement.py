"""Placement rules on scripted layouts. The default layout (blue BBBWWW under red BBBWWW) shows
row 0 = B B B B and row 1 = W W W W, with column 0 blue and columns 1-3 red."""

import gc

import pytest

from games.contract import IllegalAction
from games.diamond_box.geometry import distinct_rotations

from .diamond_box_support import fillers, grid_of, laid_cells, oracle_placements, place, placement_keys, stacked_state

GREEN = "green:BBBWWW"


def default_game(*extra_cards: str, **options):
    hand = [GREEN, *extra_cards]
    hand += fillers(5 - len(hand), hand)
    return stacked_state([hand, fillers(5, hand + fillers(5, hand))], **options)


def refused(state, action) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(0, action)
    assert state.to_json() == before
    return error.value.code


def test_every_covered_cell_must_show_the_same_diamond():
    state = default_game()
    # Shifted down one row, the card's BBB row would cover the WWW row.
    assert refused(state, place(GREEN, 0, 1, 1)) == "diamond_mismatch"
    assert place(GREEN, 0, 1, 1) not in state.legal_actions(0)
    # Turned 180 degrees, its WWW row would cover the BBB row in place.
    assert refused(state, place(GREEN, 180, 1, 0)) == "diamond_mismatch"


def test_one_covered_cell_of_the_cards_own_frame_colour_forbids_the_placement():
    # Purple BBWWBW under red BBBWWW: column 0 shows purple B/W, columns 1-3 red; rows are BBBB / WWWW.
    hand = ["purple:BBBWWW", *fillers(4)]
    state = stacked_state([hand, fillers(5, hand)], centre=("purple:BBWWBW", "red:BBBWWW"))
    assert state.to_act() == [0]
    assert place("purple:BBBWWW", 0, 1, 0) in state.legal_actions(0)  # only red cells: allowed
    # At x 0 the diamonds all match, but one of the six covered cells has a purple frame.
    assert refused(state, place("purple:BBBWWW", 0, 0, 0)) == "frame_clash"
    # Covering that purple cell alone (turned 180: the BBB row lies on row 0 at x -2..0) is refused too.
    assert refused(state, place("purple:BBBWWW", 180, -2, -1)) == "frame_clash"


@pytest.mark.parametrize(
    "action, covered",
    [
        (place(GREEN, 0, 1, 0), 6),
        (place(GREEN, 0, 2, 0), 4),
        (place(GREEN, 180, 1, -1), 3),  # WWW over BBB: the BBB row lies on row 0
        (place(GREEN, 0, 3, 0), 2),
        (place(GREEN, 180, 3, -1), 1),
    ],
)
def test_each_protruding_cell_draws_one_penalty_card_from_the_top_of_the_deck(action, covered):
    state = default_game()
    deck = state.to_dict()["deck"]
    penalty = 6 - covered
    assert state.penalty_of(action) == penalty
    events = state.apply(0, action)
    assert events[0] == {
        "type": "card_placed",
        "seat": 0,
        **{k: action[k] for k in ("card", "rotation", "x", "y")},
        "covered": covered,
        "penalty": penalty,
    }
    hand = state.view(0)["hands"][0]
    assert GREEN not in hand and len(hand) == 4 + penalty
    assert hand[4:] == deck[:penalty]  # drawn from the top, added to the hand
    assert state.view(0)["deck_count"] == len(deck) - penalty
    assert state.view(None)["last_move"]["penalty"] == penalty
    if penalty:
        assert events[1] == {
            "type": "penalty_drawn",
            "seat": 0,
            "count": penalty,
            "penalty": penalty,
            "cards": deck[:penalty],
        }
    else:
        assert len(events) == 1
    assert state.to_act() == [1]


def l_shaped_game():
    """Seat 0 lays green BWBWWB upright below-right (rotation 270 at (2, 0)): the group becomes an L."""
    hand0 = [GREEN, "green:BWBWWB", *fillers(3, ["green:BWBWWB"])]
    hand1 = ["yellow:BWBBWW", *fillers(4, hand0 + ["yellow:BWBBWW"])]
    state = stacked_state([hand0, hand1])
    state.apply(0, place("green:BWBWWB", 270, 2, 0))
    return state


def test_rotations_lay_the_cells_clockwise_as_the_rules_define():
    state = l_shaped_game()
    grid = grid_of(state)
    # Rotation 270 turns B W B / W W B into columns: rows B B, W W, B W.
    assert {cell: grid[cell][1] for cell in laid_cells("green:BWBWWB", 270, 2, 0)} == {
        (2, 0): "B",
        (3, 0): "B",
        (2, 1): "W",
        (3, 1): "W",
        (2, 2): "B",
        (3, 2): "W",
    }
    assert all(grid[cell][0] == "green" for cell in laid_cells("green:BWBWWB", 270, 2, 0))
    state.apply(1, place("yellow:BWBBWW", 90, 1, 0))
    grid = grid_of(state)
    # Rotation 90 turns B W B / B W W into rows B B, W W, W B.
    assert {cell: grid[cell] for cell in laid_cells("yellow:BWBBWW", 90, 1, 0)} == {
        (1, 0): ("yellow", "B"),
        (2, 0): ("yellow", "B"),
        (1, 1): ("yellow", "W"),
        (2, 1): ("yellow", "W"),
        (1, 2): ("yellow", "W"),
        (2, 2): ("yellow", "B"),
    }


def test_covering_five_cells_of_an_irregular_group_costs_one_penalty_card():
    state = l_shaped_game()
    assert state.view(None)["last_move"]["penalty"] == 2  # four of the six cells covered the red card
    action = place("yellow:BWBBWW", 90, 1, 0)  # (1, 2) is the only empty cell under it
    assert state.penalty_of(action) == 1
    before = len(state.view(1)["hands"][1])
    events = state.apply(1, action)
    assert events[0]["covered"] == 5 and events[1]["count"] == 1
    assert len(state.view(1)["hands"][1]) == before - 1 + 1


def test_half_rotations_list_and_accept_only_0_and_180_degrees():
    state = default_game(rotations="half")
    assert {a["rotation"] for a in state.legal_actions(0)} == {0, 180}
    assert state.view(0)["rotations"] == [0, 180]
    full = default_game()
    assert {a["rotation"] for a in full.legal_actions(0)} == {0, 90, 180, 270}
    vertical = next(a for a in full.legal_actions(0) if a["rotation"] == 90)
    assert refused(state, vertical) == "bad_rotation"


def test_a_pattern_equal_to_its_half_turn_lists_180_and_270_as_the_same_moves_as_0_and_90():
    assert distinct_rotations("BWWWWB", (0, 90, 180, 270)) == (0, 90)
    assert distinct_rotations("BBBWWW", (0, 90, 180, 270)) == (0, 90, 180, 270)
    assert distinct_rotations("BBBWWW", (0, 180)) == (0, 180)


def all_red_game():
    """Red BBBWWW under red BWBWBW: every visible cell is red, so no red card can cover anything."""
    hand0 = ["green:BWBWBW", "red:BBWBWW", *fillers(3, ["red:BBWBWW"])]
    return stacked_state([hand0, fillers(5, hand0 + ["red:BBWBWW"])], centre=("red:BBBWWW", "red:BWBWBW"))


def test_a_card_that_cannot_cover_anything_is_laid_touching_the_group_edge_to_edge_for_six_penalty():
    state = all_red_game()
    grid = grid_of(state)
    red = [a for a in state.legal_actions(0) if a["card"] == "red:BBWBWW"]
    assert red
    for action in red:
        cells = laid_cells(action["card"], action["rotation"], action["x"], action["y"])
        assert not set(cells) & set(grid)
        assert any((x + dx, y + dy) in grid for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        assert state.penalty_of(action) == 6
    assert place("red:BBWBWW", 0, 4, 0) in red  # two cells touching column 3
    assert place("red:BBWBWW", 0, -3, 1) in red  # a single touching cell is enough
    assert refused(state, place("red:BBWBWW", 0, 4, 2)) == "not_touching"  # corner to corner only
    assert refused(state, place("red:BBWBWW", 0, 5, 0)) == "not_touching"  # a gap of one column
    deck = state.to_dict()["deck"]
    events = state.apply(0, place("red:BBWBWW", 0, 4, 0))
    assert events[0]["covered"] == 0 and events[0]["penalty"] == 6
    assert events[1]["cards"] == deck[:6]


def test_a_card_with_any_covering_placement_may_not_be_laid_covering_nothing():
    state = all_red_game()
    assert refused(state, place("green:BWBWBW", 0, 4, 0)) == "must_cover"
    assert all(state.penalty_of(a) < 6 for a in state.legal_actions(0) if a["card"] == "green:BWBWBW")


def test_placing_a_card_not_in_hand_or_a_malformed_placement_is_refused():
    state = default_game()
    assert refused(state, place("purple:BBBWWW", 0, 1, 0)) == "not_in_hand"
    assert refused(state, {"type": "place", "card": GREEN, "rotation": 0, "x": 1}) == "bad_placement"
    assert refused(state, {**place(GREEN, 0, 1, 0), "x": "1"}) == "bad_placement"
    with pytest.raises(IllegalAction) as error:
        state.apply(1, place(state.view(1)["hands"][1][0], 0, 1, 0))
    assert error.value.code == "not_your_turn"


def random_positions(players: int, games: int, limit: int = 12, **options):
    import random

    from games.diamond_box import SPEC

    for seed in range(games):
        state = SPEC.new(players, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(limit):
            if state.finished:
                break
            yield state
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players, options", [(2, {}), (4, {}), (3, {"rotations": "half"})])
def test_legal_actions_are_exactly_the_placements_the_rules_allow_each_listed_once(players, options):
    checked = 0
    for state in random_positions(players, 3, limit=8, **options):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        keys = placement_keys(legal)
        assert len(keys) == len(set(keys))
        view = state.view(seat)
        assert set(keys) == oracle_placements(grid_of(state), view["hands"][seat], tuple(view["rotations"]))
        checked += 1
    assert checked > 10


def test_placement_penalties_list_every_legal_placement_with_its_penalty_in_legal_order():
    """The UI's one-pass ranking input: the same placements as legal_actions, in that order, each with penalty_of."""
    import random

    import games

    spec = games.get("diamond_box")
    for seed in range(3):
        state = spec.new(3, {}, seed)
        rng = random.Random(seed)
        for _ in range(6):
            if state.finished:
                break
            seat = state.to_act()[0]
            listed = state.placement_penalties()
            assert [action for action, _ in listed] == state.legal_actions(seat)
            assert all(penalty == state.penalty_of(action) for action, penalty in listed[::7])
            listed[0][0]["x"] = 99  # a copy: the caller cannot change the engine's memo
            assert state.legal_actions(seat)[0]["x"] != 99
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_placements_memo_leaves_the_garbage_collector_nothing_per_placement():
    """Every move lists hundreds of placements for the seat to act: kept as plain dicts (which the collector does not
    track) and a list of penalties, not a pair object per placement, and the table's select copies only the 25 it
    shows."""
    state = default_game()
    actions, penalties = state._placements()
    assert len(actions) == len(penalties) > 25
    assert not any(gc.is_tracked(entry) for entry in actions + penalties)
    best = state.ranked_placements(limit=25)
    assert best == state.ranked_placements()[:25] and len(best) == 25
    assert [penalty for _, penalty in best] == sorted(penalty for _, penalty in best)
