"""The shared search: regret matching finds equilibria of small matrix games; budgets come from the level."""

from games.search import budget_of, is_strong, regret_matching


def test_regret_matching_plays_rock_paper_scissors_uniformly():
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    mix = regret_matching(rps, rounds=2000)
    assert all(abs(weight - 1 / 3) < 0.05 for weight in mix)


def test_regret_matching_never_plays_a_dominated_row():
    payoff = [[3, 2, 4], [1, 0, 2], [2, 1, 3]]  # the first row is best against every column
    mix = regret_matching(payoff)
    assert mix[0] > 0.95


def test_regret_matching_finds_a_biased_equilibrium():
    # matching pennies with a larger prize for heads/heads: the row plays heads 2/5 of the time (value 1/5)
    payoff = [[2, -1], [-1, 1]]
    mix = regret_matching(payoff, rounds=4000)
    assert abs(mix[0] - 0.4) < 0.05


def test_a_budget_comes_from_the_level():
    assert budget_of("strong", 120) == 120
    assert budget_of("strong:7", 120) == 7
    assert budget_of("strong:x", 120) == 120
    assert is_strong("strong") and is_strong("strong:3") and not is_strong("normal") and not is_strong("hard")
