"""How strong each game's AI is: the strong level against the best rule-based level (2 players) or normal seats
(3-4 players), seats rotated.

    .venv/bin/python bench/ai_strength.py [--games 200] [--game bossa] [--players 2] [--level strong:60]
        [--seed 17000] [--baseline] [--vs-random]

Prints a table: per row, the strong level's share of the wins (a shared win split evenly), the fair share
and their ratio against the target, and the strong level's decision time (median and p95, decisions with a real
choice only). DEEP DIVE solo compares the mean score with the hard automaton's. `--vs-random` prints the older
table instead: one rule-based AI seat (rotating) against random seats."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.simulate import play_one, simulate  # noqa: E402


def default_players(game: str) -> int:
    """Four seats where the game allows them, else as many as it does."""
    return min(4, games.get(game).max_players)


def best_rule_level(game: str) -> str:
    """The strongest level that is not a search: the last before "strong" in the game's list."""
    return [level for level in games.get(game).ai_levels if level != "strong"][-1]


# (game, players, target kind, target, rival): "share" = strong's share of the wins; "ratio" = share / fair share.
# 2-player games against the best rule-based level, 3-4 players against normal seats (rival None); Blue Border 4p
# also against hard seats, a stricter match
ROWS = [
    ("blue_border", 2, "share", 0.65, None),
    ("diamond_box", 2, "share", 0.65, None),
    ("bossa", 2, "share", 0.65, None),
    ("deep_dive", 2, "share", 0.65, None),
    ("blue_border", 4, "ratio", 1.6, None),
    ("blue_border", 4, "ratio", 1.6, "hard"),
    ("diamond_box", 4, "ratio", 1.6, None),
    ("deep_dive", 4, "ratio", 1.6, None),
    ("colorse", 3, "ratio", 1.5, None),
    ("colorse", 4, "ratio", 1.6, None),
]


def rival_of(game: str, players: int, rival: str | None = None) -> str:
    """The level the strong seat meets: the best rule-based one at two seats, normal seats at more."""
    return rival or (best_rule_level(game) if players == 2 else "normal")


SEED = 17_000


def head_to_head(
    game: str, players: int, count: int, level: str, baseline: bool = False, rival: str | None = None
) -> dict:
    rival = rival_of(game, players, rival)
    report = simulate(game, players, count, seed=SEED, levels=[level, rival])
    data = report.as_dict()
    share = data["share_by_agent"][level]
    return {
        "rival": rival,
        "share": share,
        "fair": 1 / players,
        "errors": report.errors,
        "ms": data["decision_ms_by_agent"][level],
        "seconds": report.seconds,
        "baseline": self_play_share(game, players, count, rival) if baseline else None,
    }


def self_play_share(game: str, players: int, count: int, level: str) -> float:
    """The rule level playing every seat, on the same seeds: its share of the wins in the seat the searching
    level gets in game n (seat n mod players, see bot.simulate.seat_levels). The seeds alone move a share far
    from fair: read the strong level's share against this one."""
    agent = games.get(game).agent
    wins = 0.0
    for number in range(count):
        state, _ = play_one(
            game, players, SEED + number, [lambda view, legal, rng, _level: agent(view, legal, rng, level)] * players
        )
        winners = state.result().get("winners") or []
        wins += 1 / len(winners) if number % players in winners else 0.0
    return wins / count


def solo(count: int, level: str) -> dict:
    """DEEP DIVE solo against the hard automaton: mean scores of the diver and of the automaton."""
    spec = games.get("deep_dive")
    mine, automaton, times = [], [], []

    def diver(view, legal, rng, _level):
        start = time.perf_counter()
        action = spec.agent(view, legal, rng, level)
        if len(legal) > 1:
            times.append(time.perf_counter() - start)
        return action

    start = time.perf_counter()
    for number in range(count):
        state, _ = play_one("deep_dive", 1, SEED + number, [diver], options={"difficulty": "hard"})
        mine.append(state.result()["scores"][0])
        automaton.append(state.result()["automaton"]["score"])
    times.sort()
    return {
        "mine": statistics.mean(mine),
        "automaton": statistics.mean(automaton),
        "ms": {
            "median": round(1000 * times[len(times) // 2], 2) if times else None,
            "p95": round(1000 * times[int(0.95 * len(times))], 2) if times else None,
        },
        "seconds": time.perf_counter() - start,
    }


def strength_table(
    count: int, only: list[str] | None, level: str, players_wanted: int | None = None, baseline: bool = False
) -> None:
    print(
        f"{'match':<34} {'games':>5} {'strong':>7} {'fair':>5} {'ratio':>5} {'target':>7} {'met':>4} "
        f"{'med ms':>7} {'p95 ms':>7} {'s':>6}" + ("  rule self-play" if baseline else "")
    )
    for game, players, kind, target, rival in ROWS:
        if only and game not in only or players_wanted and players != players_wanted:
            continue
        row = head_to_head(game, players, count, level, baseline, rival)
        ratio = row["share"] / row["fair"]
        met = (row["share"] if kind == "share" else ratio) >= target
        shown = f"{target:.0%}" if kind == "share" else f"{target:.1f}x"
        name = f"{game} {players}p vs {row['rival']}"
        print(
            f"{name:<34} {count:>5} {row['share']:>7.3f} {row['fair']:>5.2f} {ratio:>5.2f} {shown:>7} "
            f"{'yes' if met else 'NO':>4} {row['ms']['median'] or 0:>7.1f} {row['ms']['p95'] or 0:>7.1f} "
            f"{row['seconds']:>6.0f}"
            + (f"  {row['baseline']:.3f}" if baseline else "")
            + (f"  errors {row['errors']}" if row["errors"] else ""),
            flush=True,
        )
    if (not only or "deep_dive" in only) and players_wanted in (None, 1):
        row = solo(count, level)
        met = row["mine"] > row["automaton"]
        print(
            f"{'deep_dive solo vs hard automaton':<34} {count:>5} mean {row['mine']:.1f} vs {row['automaton']:.1f}"
            f"  {'yes' if met else 'NO'}  {row['ms']['median'] or 0:.1f} / {row['ms']['p95'] or 0:.1f} ms "
            f"{row['seconds']:.0f} s",
            flush=True,
        )


# --- the older table: a rule-based AI against random play ------------------------------------------------------
def ai_share(game: str, players: int, count: int) -> tuple[float, int]:
    wins, errors = 0.0, 0
    per_seat = max(1, count // players)
    for seat in range(players):
        report = simulate(game, players, per_seat, seed=seat * 100_000, ai_seats=[seat])
        wins += report.wins_by_seat[seat]
        errors += report.errors
    return wins / (per_seat * players), errors


def random_table(count: int, only: list[str] | None, players_wanted: int | None) -> None:
    print(f"{'game':<12} {'players':>7} {'games':>6} {'AI wins':>8} {'fair':>6} {'ratio':>6} {'errors':>6} {'s':>6}")
    for game in only or games.ids():
        players = players_wanted or default_players(game)
        start = time.perf_counter()
        share, errors = ai_share(game, players, count)
        fair = 1 / players
        print(
            f"{game:<12} {players:>7} {count:>6} {share:>8.3f} {fair:>6.3f} {share / fair:>6.2f} {errors:>6} "
            f"{time.perf_counter() - start:>6.1f}"
        )


def main() -> None:
    global SEED
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="games per row (seats rotate over them)")
    parser.add_argument("--game", action="append")
    parser.add_argument("--players", type=int, help="only the rows with this many seats (1: DEEP DIVE solo)")
    parser.add_argument("--level", default="strong", help='the searching level, e.g. "strong" or "strong:200"')
    parser.add_argument("--seed", type=int, default=17_000, help="seed of each row's first game")
    parser.add_argument("--vs-random", action="store_true", help="the rule-based AI against random play instead")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also the rule level's self-play share in the strong level's seats, same seeds",
    )
    args = parser.parse_args()
    SEED = args.seed
    random.seed(0)
    if args.vs_random:
        random_table(args.games, args.game, args.players)
    else:
        strength_table(args.games, args.game, args.level, args.players, args.baseline)


if __name__ == "__main__":
    main()
