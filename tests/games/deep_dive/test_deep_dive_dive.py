"""A dive: flips and their four outcomes, keep or deeper, the deepest depth, skipping, swallowing a rock,
trapped penguins and the retreat."""

import pytest

from games.contract import IllegalAction

from .helpers import DEEPER, FLIP, G2, G4, KEEP, P1, P2, P3, P5, SKIP, Y3, R, W, X, act, stacked, take, types


def turn(state):
    return state.view(None)["turn"]


def test_open_water_sends_the_diver_to_the_next_depth():
    state = stacked(2, {1: [W, W], 2: [W, W]})
    events = act(state, 0, FLIP)
    assert events == [{"type": "flip", "seat": 0, "depth": 1, "tile": W}]
    assert state.to_act() == [0] and turn(state)["depth"] == 2
    assert state.view(None)["depths"][0]["face_up"] == [{"tile": W, "penguin_seat": None}]
    assert KEEP not in state.legal_actions(0)


def test_flipped_food_can_be_kept_to_resurface():
    state = stacked(2, {1: [P2, W]})
    act(state, 0, FLIP)
    assert state.legal_actions(0) == [KEEP, DEEPER]
    events = act(state, 0, KEEP)
    assert events[0] == {"type": "take", "seat": 0, "depth": 1, "tile": P2}
    view = state.view(None)
    assert view["tableaux"][0]["columns"]["pink"] == [2]
    assert view["depths"][0]["face_up"] == []
    assert state.to_act() == [1]
    assert turn(state) == {
        "diver_seat": 1,
        "phase": "dive",
        "depth": 1,
        "at_start": True,
        "flipped": None,
        "retreat_depths": [],
    }


def test_a_flipped_rock_can_be_kept():
    state = stacked(2, {1: [R, W]})
    act(state, 0, FLIP, KEEP)
    assert state.view(None)["tableaux"][0]["rocks"] == 1


def test_diving_deeper_leaves_the_flipped_tile_face_up_for_anyone_to_take():
    state = stacked(2, {1: [P2, W, W], 2: [X, W]})
    act(state, 0, FLIP, DEEPER)
    assert turn(state)["depth"] == 2
    assert state.view(None)["depths"][0]["face_up"] == [{"tile": P2, "penguin_seat": None}]
    act(state, 0, FLIP)  # a predator ends seat 0's turn
    assert state.legal_actions(1) == [take(P2), FLIP]
    events = act(state, 1, take(P2))
    assert events[0] == {"type": "take", "seat": 1, "depth": 1, "tile": P2}
    view = state.view(None)
    assert view["tableaux"][1]["columns"]["pink"] == [2]
    assert view["depths"][0]["face_down"] == 2 and view["depths"][0]["face_up"] == []


def test_a_predator_ends_the_turn_and_traps_the_penguin_on_it():
    state = stacked(3, {1: [W, W], 2: [X, W]})
    events = act(state, 0, FLIP, FLIP)
    assert types(events) == ["flip", "flip", "trapped", "dive_start"]
    view = state.view(None)
    assert view["depths"][1]["face_up"] == [{"tile": X, "penguin_seat": 0}]
    assert view["tableaux"][0]["free_penguins"] == 2 and view["tableaux"][0]["trapped_depths"] == [2]
    assert state.to_act() == [1]


def test_the_deepest_depth_ends_the_dive_empty_handed_on_open_water():
    state = stacked(2, {d: [W, W] for d in range(1, 6)})
    events = act(state, 0, FLIP, FLIP, FLIP, FLIP, FLIP)
    assert types(events)[-2:] == ["surface_empty", "dive_start"]
    assert state.to_act() == [1]


def test_food_revealed_at_the_deepest_depth_must_be_taken():
    state = stacked(2, {1: [W, W], 2: [W, W], 3: [W, W], 4: [W, W], 5: [P5, W]})
    events = act(state, 0, FLIP, FLIP, FLIP, FLIP, FLIP)
    assert {"type": "take", "seat": 0, "depth": 5, "tile": P5} in events
    assert state.view(None)["tableaux"][0]["columns"]["pink"] == [5]
    assert state.to_act() == [1]


def test_skipping_is_only_for_a_depth_holding_your_own_trapped_penguin():
    state = stacked(2, {1: [X, W, W, W], 2: [X, W, W]})
    act(state, 0, FLIP)  # seat 0 trapped at depth 1
    assert SKIP not in state.legal_actions(1)
    with pytest.raises(IllegalAction) as error:
        state.apply(1, SKIP)
    assert error.value.key == "deep_dive.error.cannot_skip"
    act(state, 1, FLIP, FLIP)  # seat 1: water, then trapped at depth 2
    assert SKIP in state.legal_actions(0)
    assert act(state, 0, SKIP) == [{"type": "skip", "seat": 0, "depth": 1}]
    assert turn(state)["depth"] == 2 and SKIP not in state.legal_actions(0)


def test_skipping_works_repeatedly_and_is_optional():
    state = stacked(2, {1: [X, W, W, W, W], 2: [W, X, W, W], 3: [P3, W, W]})
    act(state, 0, FLIP)  # seat 0 trapped at depth 1
    act(state, 1, FLIP, FLIP, FLIP, KEEP)  # seat 1: waters at 1 and 2, keeps pink 3
    act(state, 0, FLIP, FLIP)  # seat 0 declines the skip: water at 1, trapped at 2
    assert state.view(None)["tableaux"][0]["trapped_depths"] == [1, 2]
    act(state, 1, FLIP, FLIP, FLIP, FLIP, FLIP)  # seat 1: water all the way down
    act(state, 0, SKIP, SKIP)
    assert turn(state)["depth"] == 3


def test_swallowing_a_rock_at_the_start_begins_at_any_depth():
    state = stacked(2, {1: [R, X, W, W], 4: [G4, W]})
    act(state, 0, FLIP, KEEP)
    act(state, 1, FLIP)  # seat 1 trapped
    swallows = [action for action in state.legal_actions(0) if action["type"] == "swallow"]
    assert swallows == [{"type": "swallow", "depth": depth} for depth in (2, 3, 4, 5)]
    assert act(state, 0, {"type": "swallow", "depth": 4}) == [{"type": "swallow", "seat": 0, "depth": 4}]
    assert turn(state)["depth"] == 4 and state.view(None)["tableaux"][0]["rocks"] == 0
    act(state, 0, FLIP, KEEP)
    assert state.view(None)["tableaux"][0]["columns"]["green"] == [4]


def test_a_rock_can_only_be_swallowed_at_the_start_of_the_turn():
    state = stacked(2, {1: [R, X, W, W]})
    act(state, 0, FLIP, KEEP)
    act(state, 1, FLIP)
    act(state, 0, FLIP)  # water: now at depth 2, past the start of the turn
    assert not [action for action in state.legal_actions(0) if action["type"] == "swallow"]
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(0, {"type": "swallow", "depth": 3})
    assert error.value.key == "deep_dive.error.swallow_at_start"
    assert state.to_json() == before


def test_no_swallowing_without_a_rock():
    state = stacked(2, {})
    assert not [action for action in state.legal_actions(0) if action["type"] == "swallow"]
    with pytest.raises(IllegalAction) as error:
        state.apply(0, {"type": "swallow", "depth": 3})
    assert error.value.code == "no_rock"


def test_the_third_trapped_penguin_retreats_all_with_one_tile_from_their_depths():
    state = stacked(2, {1: [X, P1, W, W, W, W], 2: [X, X, W], 3: [Y3, X, W, W]})
    act(state, 0, FLIP)  # seat 0: first penguin trapped at depth 1
    act(state, 1, FLIP, DEEPER, FLIP)  # seat 1 leaves pink 1 at depth 1, is trapped at depth 2
    act(state, 0, FLIP, FLIP)  # seat 0: water at 1, second penguin trapped at depth 2
    act(state, 1, FLIP, SKIP, FLIP, DEEPER, FLIP, FLIP)  # seat 1 leaves yellow 3 at depth 3, surfaces
    assert act(state, 0, SKIP, SKIP) == [
        {"type": "skip", "seat": 0, "depth": 1},
        {"type": "skip", "seat": 0, "depth": 2},
    ]
    events = act(state, 0, FLIP)  # the third predator, at depth 3
    assert types(events) == ["flip", "trapped", "retreat"]
    assert state.to_act() == [0] and turn(state)["phase"] == "retreat"
    assert state.legal_actions(0) == [
        {"type": "retreat_take", "depth": 1, "tile": P1},
        {"type": "retreat_take", "depth": 3, "tile": Y3},
        {"type": "retreat_take", "depth": None},
    ]
    view = state.view(None)
    assert view["tableaux"][0]["free_penguins"] == 3 and view["tableaux"][0]["trapped_depths"] == []
    assert all(slot["penguin_seat"] != 0 for info in view["depths"] for slot in info["face_up"])
    assert view["depths"][1]["face_up"] == [{"tile": X, "penguin_seat": 1}, {"tile": X, "penguin_seat": None}]
    events = act(state, 0, {"type": "retreat_take", "depth": 3, "tile": Y3})
    assert events[0] == {"type": "retreat_take", "seat": 0, "depth": 3, "tile": Y3}
    view = state.view(None)
    assert view["tableaux"][0]["columns"]["yellow"] == [3] and view["tableaux"][0]["columns"]["pink"] == []
    assert state.to_act() == [1]


def test_the_retreat_may_bring_back_nothing():
    state = stacked(2, {1: [X, P1, W, W, W], 2: [X, X, W], 3: [Y3, X, W, W]})
    act(state, 0, FLIP)
    act(state, 1, FLIP, DEEPER, FLIP)
    act(state, 0, FLIP, FLIP)
    act(state, 1, FLIP, SKIP, FLIP, DEEPER, FLIP, FLIP)
    act(state, 0, SKIP, SKIP, FLIP)
    events = act(state, 0, {"type": "retreat_take", "depth": None})
    assert events[0] == {"type": "retreat_nothing", "seat": 0}
    assert state.view(None)["tableaux"][0]["free_penguins"] == 3 and state.to_act() == [1]


def test_a_retreat_with_nothing_face_up_at_those_depths_ends_the_turn_at_once():
    state = stacked(2, {1: [X, W, X, W, W], 2: [X, X, W], 3: [X, W]})
    act(state, 0, FLIP)  # seat 0 trapped at 1
    act(state, 1, FLIP, FLIP)  # seat 1: water at 1, trapped at 2
    act(state, 0, FLIP)  # seat 0 trapped at 1 again
    act(state, 1, FLIP, SKIP, FLIP)  # seat 1: water at 1, skips 2, trapped at 3
    events = act(state, 0, SKIP, FLIP)  # seat 0: third penguin, at depth 2
    assert types(events) == ["skip", "flip", "trapped", "retreat", "retreat_nothing", "dive_start"]
    assert state.view(None)["tableaux"][0]["free_penguins"] == 3 and state.to_act() == [1]


def test_after_flipping_food_the_diver_must_first_keep_it_or_go_deeper():
    state = stacked(2, {1: [P2, G2, W]})
    act(state, 0, FLIP)
    before = state.to_json()
    for action in (FLIP, SKIP, take(P2)):
        with pytest.raises(IllegalAction) as error:
            state.apply(0, action)
        assert error.value.key == "deep_dive.error.decide_revealed"
    assert state.to_json() == before
