"""Self-play: many games between agents (the game's AI, or uniformly random legal moves), for checking that
every game ends and for measuring the AI. Pure engine work: no storage, no Discord."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import games
from games.contract import SYSTEM, GameState


@dataclass
class Report:
    game: str
    players: int
    games: int
    finished: int = 0
    errors: int = 0
    actions: int = 0
    wins_by_seat: list[float] = field(default_factory=list)
    seconds: float = 0.0
    first_error: str = ""
    draws: int = 0  # finished games with no winner
    levels: list[str] | None = None  # with --agents: the levels compared
    wins_by_agent: dict[str, float] = field(default_factory=dict)
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)

    def as_dict(self) -> dict:
        data = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "mean_actions": round(self.actions / max(self.games, 1), 2),
            "wins_by_seat": [round(w, 3) for w in self.wins_by_seat],
            "games_per_second": round(self.finished / self.seconds, 2) if self.seconds and self.finished else None,
            **self.counting(),
        }
        if self.levels is not None:
            data.update(level_figures(self))
        return data

    def counting(self) -> dict:
        """How wins_by_seat is counted, said in the report itself."""
        return {
            "draws": self.draws,
            "wins_counting": "a game won by k seats together adds 1/k to each of them; a game with no winner "
            "adds nothing and is counted in draws",
        }


def random_agent(view: dict, legal: list, rng: random.Random, level: str) -> dict:
    return rng.choice(legal)


def play_one(
    game: str, players: int, seed: int, agents: list, *, max_actions: int = 200_000, options: dict | None = None
) -> tuple[GameState, int]:
    """Play one game to its end; timed windows are closed by the SYSTEM timeout once no seat wants to act.
    Returns (final state, actions applied)."""
    spec = games.get(game)
    state = spec.new(players, options, seed)
    rng = random.Random(seed)
    count = 0
    while not state.finished:
        if count >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        acting = [s for s in state.to_act() if s >= 0]
        if acting:
            seat = rng.choice(acting)
            legal = state.legal_actions(seat)
            action = agents[seat](state.view(seat), legal, rng, spec.default_ai_level)
        elif state.legal_actions(SYSTEM):
            seat, action = SYSTEM, {"type": "timeout"}
        else:
            raise RuntimeError("nobody can act in an unfinished game")
        state.apply(seat, action)
        count += 1
    return state, count


def simulate(
    game: str,
    players: int,
    count: int,
    seed: int = 0,
    agent: str = "ai",
    ai_seats: list[int] | None = None,
    progress: Callable[[int], None] | None = None,
    levels: list[str] | None = None,
) -> Report:
    """`agent` plays every seat (ai or random); with `ai_seats`, only those seats use the AI, the rest random;
    with `levels`, the AI plays every seat at those levels, rotated over the games (see `seat_levels`).
    `progress` is told the number of games done after each game."""
    spec = games.get(game)
    report = Report(game, players, count, wins_by_seat=[0.0] * players)
    chosen = spec.agent if agent == "ai" else random_agent
    agents = [chosen] * players
    if ai_seats is not None:
        agents = [spec.agent if s in ai_seats else random_agent for s in range(players)]
    if levels is not None:
        report.levels = list(dict.fromkeys(levels))
    start = time.perf_counter()
    for number in range(count):
        if progress is not None and number:
            progress(number)
        if levels is not None:
            seated = seat_levels(levels, players, number)
            agents = [_timed_level(spec.agent, level, report) for level in seated]
        try:
            state, actions = play_one(game, players, seed + number, agents)
        except Exception as error:  # noqa: BLE001 - counted and reported
            report.errors += 1
            report.first_error = report.first_error or f"game seed {seed + number}: {error!r}"
            continue
        report.finished += 1
        report.actions += actions
        winners = state.result().get("winners", [])
        report.draws += not winners
        for winner in winners:
            report.wins_by_seat[winner] += 1 / len(winners)
            if levels is not None:
                level = seated[winner]
                report.wins_by_agent[level] = report.wins_by_agent.get(level, 0.0) + 1 / len(winners)
    report.seconds = time.perf_counter() - start
    return report


# --- level against level (--agents) ---------------------------------------------------------------------
def seat_levels(levels: list[str], players: int, number: int) -> list[str]:
    """The level of each seat in game `number`: the list is padded with its last level to one per seat, then
    rotated by one seat per game, so over any `players` consecutive games every level plays every seat equally."""
    if not levels:
        raise ValueError("no levels")
    padded = (list(levels) + [levels[-1]] * players)[:players]
    return [padded[(seat - number) % players] for seat in range(players)]


def _timed_level(agent, level: str, report: Report):
    def play(view: dict, legal: list, rng: random.Random, _level: str) -> dict:
        start = time.perf_counter()
        action = agent(view, legal, rng, level)
        if len(legal) > 1:  # a forced move is no decision
            report.decision_seconds.setdefault(level, []).append(time.perf_counter() - start)
        return action

    return play


def level_figures(report: Report) -> dict:
    """share_by_agent: each level's share of the finished games' wins (a shared win split evenly; a level on
    several seats adds them up); decision_ms_by_agent: median and p95 of its decisions with a real choice."""
    levels = report.levels
    assert levels is not None  # a report of levels compared
    finished = max(report.finished, 1)
    shares = {level: round(report.wins_by_agent.get(level, 0.0) / finished, 3) for level in levels}
    timings = {}
    for level in levels:
        times = sorted(report.decision_seconds.get(level, []))
        timings[level] = {
            "median": round(1000 * times[len(times) // 2], 2) if times else None,
            "p95": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 2) if times else None,
            "decisions": len(times),
        }
    return {"levels": list(levels), "share_by_agent": shares, "decision_ms_by_agent": timings}
