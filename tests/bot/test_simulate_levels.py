"""simulate --agents: levels given to seats and rotated so every level plays every seat equally; shares and
decision times per level."""

from collections import Counter

from bot.__main__ import main
from bot.simulate import seat_levels, simulate


def test_levels_rotate_so_each_plays_every_seat_equally():
    players = 4
    seen = Counter()
    for number in range(2 * players):
        seated = seat_levels(["strong", "normal"], players, number)
        assert seated.count("strong") == 1 and seated.count("normal") == 3
        seen.update((seat, level) for seat, level in enumerate(seated))
    assert all(seen[(seat, "strong")] == 2 for seat in range(players))


def test_two_levels_in_a_two_player_game_swap_seats_every_game():
    assert seat_levels(["strong", "normal"], 2, 0) == ["strong", "normal"]
    assert seat_levels(["strong", "normal"], 2, 1) == ["normal", "strong"]


def test_simulate_reports_share_and_decision_times_by_level():
    data = simulate("deep_dive", 2, 2, seed=4, levels=["strong:1", "easy"]).as_dict()
    shares = data["share_by_agent"]
    assert set(shares) == {"strong:1", "easy"}
    assert abs(sum(shares.values()) - 1) < 0.01  # every DEEP DIVE game has a winner; a shared win is split
    timing = data["decision_ms_by_agent"]["strong:1"]
    assert timing["decisions"] > 0 and timing["median"] <= timing["p95"]


def test_an_unknown_level_is_refused(capsys):
    assert main(["simulate", "bossa", "--games", "1", "--agents", "strong,godlike"]) == 2
    assert "godlike" in capsys.readouterr().err
