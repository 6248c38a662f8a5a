"""/stats in words: a game a player did not win but finished ahead of others in (a game's own final order) reads as
such, never "lost", and counts among their best games."""

from bot.ratings import START_MU, START_SIGMA
from cogs.ratings import RatingsCog


def entry(won: bool, change: float, at: float = 1.0) -> dict:
    return {
        "won": won,
        "mu_before": START_MU,
        "sigma_before": START_SIGMA,
        "mu": START_MU + change,
        "sigma": START_SIGMA - 0.5,
        "at": at,
    }


def test_a_place_ahead_of_others_is_not_a_loss():
    assert RatingsCog._game_line(entry(True, 3.0), "en").startswith("🏆 won +")
    assert RatingsCog._game_line(entry(False, 1.0), "en").startswith("🎖️ ahead of others +")
    assert RatingsCog._game_line(entry(False, -3.0), "en").startswith("lost -")
    assert RatingsCog._game_line(entry(False, 1.0), "ja").startswith("🎖️ 上位 +")


def test_best_games_are_those_that_raised_the_figure_most():
    history = [entry(False, 1.0, 1), entry(True, 3.0, 2), entry(False, -3.0, 3)]
    assert [e["at"] for e in RatingsCog._best(history)] == [2, 1]
