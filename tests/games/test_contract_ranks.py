"""The final order a finished game declares (`GameState.ranks`, games/contract.py): places from sort keys, and the
default for rules that name winners alone. Each game's own order is tested with its end (tests/games/<id>/)."""

from games.contract import places
from tests.support.tiny.rules import SPEC as TINY


def test_places_count_the_distinct_keys_before_each_and_equal_keys_share_one():
    assert places([5, 2, 2, 7]) == [1, 0, 0, 2]
    assert places([(0, 0), (1, 4), (1, 2), (0, 0)]) == [0, 2, 1, 0]
    assert places([3, 3]) == [0, 0]


def test_by_default_the_winners_share_first_place_and_everybody_else_second():
    state = TINY.new(3, {"target": 1}, seed=1)
    state.apply(0, {"type": "add", "n": 1})
    state.apply(2, {"type": "grab"})
    assert state.result()["winners"] == [2] and state.ranks() == [1, 1, 0]
