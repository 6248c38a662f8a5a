"""Self-play: many games between agents (the game's AI, or uniformly random legal moves), for checking that
every game ends and for measuring the AI. Pure engine work: no storage, no Discord."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable

import games
from games.contract import SYSTEM


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

    def as_dict(self) -> dict:
        return {
            "game": self.game, "players": self.players, "games": self.games, "finished": self.finished,
            "errors": self.errors, "mean_actions": round(self.actions / max(self.games, 1), 2),
            "wins_by_seat": [round(w, 3) for w in self.wins_by_seat],
            "games_per_second": round(self.finished / self.seconds, 2) if self.seconds and self.finished else None,
            **self.counting(),
        }

    def counting(self) -> dict:
        """How wins_by_seat is counted, said in the report itself."""
        return {"draws": self.draws,
                "wins_counting": "a game won by k seats together adds 1/k to each of them; a game with no winner "
                                 "adds nothing and is counted in draws"}


def random_agent(view: dict, legal: list, rng: random.Random, level: str) -> dict:
    return rng.choice(legal)


def play_one(game: str, players: int, seed: int, agents: list, *, max_actions: int = 200_000,
             options: dict | None = None) -> tuple[object, int]:
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
            action = agents[seat](state.view(seat), legal, rng, spec.ai_levels[len(spec.ai_levels) // 2])
        elif state.legal_actions(SYSTEM):
            seat, action = SYSTEM, {"type": "timeout"}
        else:
            raise RuntimeError("nobody can act in an unfinished game")
        state.apply(seat, action)
        count += 1
    return state, count


def simulate(game: str, players: int, count: int, seed: int = 0, agent: str = "ai",
             ai_seats: list[int] | None = None, progress: Callable[[int], None] | None = None) -> Report:
    """`agent` plays every seat (ai or random); with `ai_seats`, only those seats use the AI, the rest random.
    `progress` is told the number of games done after each game."""
    spec = games.get(game)
    report = Report(game, players, count, wins_by_seat=[0.0] * players)
    chosen = spec.agent if agent == "ai" else random_agent
    agents = [chosen] * players
    if ai_seats is not None:
        agents = [spec.agent if s in ai_seats else random_agent for s in range(players)]
    start = time.perf_counter()
    for number in range(count):
        if progress is not None and number:
            progress(number)
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
    report.seconds = time.perf_counter() - start
    return report
