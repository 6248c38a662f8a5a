"""The shared search: budgets come from the level."""

from games.search import budget_of, is_strong


def test_a_budget_comes_from_the_level():
    assert budget_of("strong", 120) == 120
    assert budget_of("strong:7", 120) == 7
    assert budget_of("strong:x", 120) == 120
    assert is_strong("strong") and is_strong("strong:3") and not is_strong("normal") and not is_strong("hard")
