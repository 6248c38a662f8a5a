"""Components and setup: the tile table, sets and removals per player count, penguins, start player."""

from collections import Counter

import pytest

from games.deep_dive import SPEC, tiles

# The rules file's table: depth -> (main, extra, water, rock, predator, food, lowest points)
TABLE = {
    1: (28, 16, 12, 4, 6, 22, 1),
    2: (22, 14, 9, 3, 8, 16, 2),
    3: (20, 12, 7, 3, 10, 12, 3),
    4: (16, 10, 4, 2, 10, 10, 4),
    5: (14, 8, 2, 1, 11, 8, 5),
}


@pytest.mark.parametrize("depth", range(1, 6))
def test_tile_data_matches_the_rules_table(depth):
    main, extra, water, rock, predator, food, low = TABLE[depth]
    sets = tiles.tile_data()["depths"][str(depth)]
    assert sum(sets["main"].values()) == main and sum(sets["extra"].values()) == extra
    both = Counter(sets["main"]) + Counter(sets["extra"])
    assert (both["water"], both["rock"], both["predator"]) == (water, rock, predator)
    foods = {tile: count for tile, count in both.items() if tiles.is_food(tile)}
    assert sum(foods.values()) == food
    assert {tiles.parse_food(tile)[1] for tile in foods} == {low, low + 1}
    per_colour = Counter()
    for tile, count in foods.items():
        per_colour[tiles.parse_food(tile)[0]] += count
    assert set(per_colour) == {"pink", "green", "yellow"}
    assert max(per_colour.values()) - min(per_colour.values()) <= 1  # food split evenly across colours


def test_all_160_tiles_are_in_the_data():
    assert sum(sum(tiles.composition(6)[d].values()) for d in range(5)) == 160


@pytest.mark.parametrize(
    "players,removed,extra", [(1, 7, False), (2, 7, False), (3, 3, False), (4, 5, True), (5, 4, True), (6, 3, True)]
)
def test_setup_uses_the_sets_and_removals_for_the_player_count(players, removed, extra):
    state = SPEC.new(players, {}, seed=players)
    view = state.view(None)
    for depth, (main, plus, *_rest) in TABLE.items():
        info = view["depths"][depth - 1]
        assert info["face_down"] == (main + plus if extra else main) - removed
        assert info["removed"] == removed
        assert info["face_up"] == []
    assert all(tableau["free_penguins"] == 3 for tableau in view["tableaux"])
    assert len(view["tableaux"]) == players


def test_the_start_player_is_random_and_dives_first():
    starts = {SPEC.new(4, {}, seed=seed).view(None)["start_seat"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    state = SPEC.new(4, {}, seed=7)
    assert state.to_act() == [state.view(None)["start_seat"]]
    assert state.view(None)["turn"]["depth"] == 1


def test_solo_setup_gives_the_human_the_token_and_puts_the_automaton_beside_depth_1():
    state = SPEC.new(1, {}, seed=3)
    view = state.view(0)
    assert view["start_seat"] == 0 and state.to_act() == [0]
    assert view["automaton"]["depth"] == 1 and view["automaton"]["difficulty"] == "medium"
    assert view["depths"][0]["face_down"] == 28 - 7


def test_stacked_replaces_shuffle_and_removal():
    piles = {str(d): ["water", "rock"] for d in range(1, 6)}
    state = SPEC.new(2, {"stacked": {"depths": piles, "start": 1}}, seed=0)
    view = state.view(None)
    assert view["start_seat"] == 1
    assert [info["face_down"] for info in view["depths"]] == [2] * 5
    assert state.apply(1, {"type": "flip"})[0] == {"type": "flip", "seat": 1, "depth": 1, "tile": "water"}


@pytest.mark.parametrize(
    "stacked",
    [
        {"depths": {"1": ["lava"]}},
        {"depths": {"9": []}},
        {"depths": {}, "start": 5},
        {"depths": {"1": ["food:blue:2"]}},
    ],
)
def test_a_malformed_stacked_ocean_is_refused(stacked):
    with pytest.raises(Exception) as error:
        SPEC.new(2, {"stacked": stacked}, seed=0)
    assert getattr(error.value, "code", None) == "bad_stacked"


def test_options_offer_difficulty_and_turn_timeout():
    assert SPEC.options == {"difficulty": "medium", "turn_timeout": 90}
    assert SPEC.choices["difficulty"] == ["easy", "medium", "hard"]
    assert 90 in SPEC.choices["turn_timeout"]
    assert (SPEC.min_players, SPEC.max_players) == (1, 6)
