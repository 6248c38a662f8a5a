"""The rating rules (bot/ratings.py): which seats count, the final order and ties, AI levels, provisional ratings,
determinism; a finished game's order read from its stored state (bot/rating_service.py)."""

import pytest

from bot.rating_service import changes_for, final_ranks, season_at
from bot.ratings import (
    MIN_PEOPLE,
    OVERALL,
    PROVISIONAL_SIGMA,
    START_MU,
    Entrant,
    Rating,
    SeatFacts,
    entrants,
    figure,
    ordinal,
    rate,
)
from bot.storage.ratings import FinishedTable
from tests.games.deep_dive.helpers import three_divers_by_points


def seat(user_id=None, name="", ai=None, taken_over=False):
    return SeatFacts(user_id, name, ai, taken_over)


ANN, BEN, CHO = seat(1, "ann"), seat(2, "ben"), seat(3, "cho")


def test_people_and_ai_levels_are_entrants_with_their_wins():
    counted = entrants([ANN, BEN, seat(ai="strong")], [2], {})
    assert counted == [Entrant("u:1", "ann", False), Entrant("u:2", "ben", False), Entrant("ai:strong", "strong", True)]


def test_practice_tables_never_count():
    assert entrants([ANN, BEN], [0], {"practice": True}) == []
    assert entrants([ANN, BEN], [0], {"practice": False}) != []


def test_a_game_needs_two_people():
    assert MIN_PEOPLE == 2
    assert entrants([ANN, seat(ai="strong"), seat(ai="easy")], [0], {}) == []


def test_a_seat_an_ai_took_over_counts_for_nobody():
    zombie = seat(2, "ben", ai="normal", taken_over=True)
    assert [e.player for e in entrants([ANN, zombie, CHO], [1], {})] == ["u:1", "u:3"]
    assert entrants([ANN, zombie], [0], {}) == []  # one entrant left: nothing to rate


def test_one_ai_level_at_two_seats_counts_once_and_wins_if_either_won():
    counted = entrants([ANN, BEN, seat(ai="easy"), seat(ai="easy")], [3], {})
    assert [(e.player, e.won) for e in counted] == [("u:1", False), ("u:2", False), ("ai:easy", True)]


def test_the_winner_rises_and_the_loser_falls():
    winner, loser = rate({}, [Entrant("u:1", "ann", True), Entrant("u:2", "ben", False)])
    assert winner.mu > START_MU > loser.mu
    assert (winner.games, winner.wins, loser.games, loser.wins) == (1, 1, 1, 0)
    assert winner.ordinal > loser.ordinal


def test_shared_wins_are_ties():
    a, b, c = rate({}, [Entrant("u:1", "", True), Entrant("u:2", "", True), Entrant("u:3", "", False)])
    assert a.mu == pytest.approx(b.mu) and a.sigma == pytest.approx(b.sigma) and a.mu > c.mu
    assert a.wins == b.wins == 1
    nobody = rate({}, [Entrant("u:1", "", False), Entrant("u:2", "", False)])
    assert nobody[0].mu == pytest.approx(nobody[1].mu) == pytest.approx(START_MU)


def test_ratings_carry_over_and_are_deterministic():
    strong = Rating(35.0, 4.0, 20, 15)
    game = [Entrant("u:1", "", False), Entrant("u:2", "", True)]
    first = rate({"u:1": strong}, game)
    assert first == rate({"u:1": strong}, game)
    assert first[0].games == 21 and first[0].mu < 35.0
    upset = first[1].mu - START_MU
    expected = rate({}, [Entrant("u:3", "", False), Entrant("u:2", "", True)])[1].mu - START_MU
    assert upset > expected  # beating a strong player is worth more than beating a new one


def test_new_players_are_provisional_until_their_uncertainty_falls():
    ratings = {}
    provisional = []
    for number in range(12):
        game = [Entrant("u:1", "", number % 2 == 0), Entrant("u:2", "", number % 2 == 1)]
        after = rate(ratings, game)
        ratings = {"u:1": after[0], "u:2": after[1]}
        provisional.append(ratings["u:1"].provisional)
    assert Rating().provisional and provisional[0]
    assert not provisional[-1] and ratings["u:1"].sigma <= PROVISIONAL_SIGMA
    assert provisional.index(False) == 8  # established from the ninth two-player game (docs/ratings.md)


def test_a_game_belongs_to_the_season_its_server_was_in_when_it_ended():
    seasons = [(2, 100.0), (3, 200.0)]
    assert [season_at(seasons, moment) for moment in (50.0, 100.0, 150.0, 250.0)] == [1, 2, 2, 3]
    assert season_at([], 5.0) == 1


def test_the_final_order_rates_every_place():
    first, second, third = rate({}, [Entrant(f"u:{n}", "", n == 0, n) for n in range(3)])
    assert first.mu > second.mu > third.mu
    assert (first.wins, second.wins, third.wins) == (1, 0, 0)
    against_the_rest = rate({}, [Entrant(f"u:{n}", "", n == 0) for n in range(3)])
    assert against_the_rest[1].mu == pytest.approx(against_the_rest[2].mu)  # without an order: a tie behind


def test_entrants_keep_their_places_and_a_level_at_two_seats_its_best():
    counted = entrants([ANN, seat(ai="easy"), BEN, seat(ai="easy")], [0], {}, ranks=[0, 3, 1, 2])
    assert [(e.player, e.place) for e in counted] == [("u:1", 0), ("ai:easy", 2), ("u:2", 1)]
    zombie = seat(2, "ben", ai="normal", taken_over=True)
    assert [e.place for e in entrants([ANN, zombie, CHO], [1], {}, ranks=[1, 0, 2])] == [1, 2]  # only their order


def three_divers(state_text, winners=(0,)):
    seats = [(user_id, name, None, False) for user_id, name in ((1, "ann"), (2, "ben"), (3, "cho"))]
    return FinishedTable(1, "deep_dive", None, {}, list(winners), 0.0, seats, state_text)


def test_a_finished_game_is_rated_by_the_order_its_stored_state_gives():
    table = three_divers(three_divers_by_points().to_json())  # points 3, 2 and 1
    assert final_ranks(table) == [0, 1, 2]
    after = {change.player: change.mu for change in changes_for(table, [OVERALL], {})}
    assert after["u:1"] > after["u:2"] > after["u:3"]


def test_a_state_that_cannot_be_read_is_rated_by_its_winners():
    for unread in (None, '{"rules": 99}', "not json"):
        table = three_divers(unread)
        assert final_ranks(table) is None
        after = {change.player: change.mu for change in changes_for(table, [OVERALL], {})}
        assert after["u:1"] > after["u:2"] == pytest.approx(after["u:3"])


def test_a_new_rating_reads_1000_and_a_first_loss_a_little_under_never_below_zero():
    assert figure(Rating().mu, Rating().sigma) == 1000
    winner, loser = rate({}, [Entrant("u:1", "", True), Entrant("u:2", "", False)])
    assert 900 < figure(loser.mu, loser.sigma) < 1000 < figure(winner.mu, winner.sigma) < 1200
    ratings = {}
    for _ in range(60):  # a player who loses every game of a long run
        after = rate(ratings, [Entrant("u:1", "", False), Entrant("u:2", "", True)])
        ratings = {"u:1": after[0], "u:2": after[1]}
    assert 0 < figure(ratings["u:1"].mu, ratings["u:1"].sigma) < 1000 < figure(ratings["u:2"].mu, ratings["u:2"].sigma)


def test_the_figure_shown_keeps_the_order_of_the_ordinal():
    ratings = [Rating(mu, sigma) for mu in (5.0, 17.5, 25.0, 31.0, 44.0) for sigma in (1.0, 4.0, 25 / 3)]
    by_ordinal = sorted(ratings, key=lambda r: ordinal(r.mu, r.sigma))
    figures = [figure(r.mu, r.sigma) for r in by_ordinal]
    assert figures == sorted(figures)
    assert figure(26.0, 25 / 3) - figure(25.0, 25 / 3) == 40  # one point of the ordinal is 40 on the figure
