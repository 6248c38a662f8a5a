"""Tiny's rules (as games/<id>/rules.py and games/<id>/__init__.py are for a real game): the state, its AI and its
SPEC, with the test hooks (`CHECKS`, games/checks.py). The rules: tiny.md.

Turn phase: the active seat adds 1 or 2 to the counter (its secret, known to it alone, is in its view only).
Reaching the target opens a race: every seat may "grab"; the first grab wins the game.
"""

from __future__ import annotations

import random

from games.checks import GameChecks, Hidden, rotate
from games.contract import SYSTEM, Deadline, GameSpec, GameState, Rng


class TinyState(GameState):
    FIELDS = ("players", "options", "counter", "active", "phase", "winner", "secrets")

    @classmethod
    def new_game(cls, players: int, options: dict, seed, rules: int) -> TinyState:
        state = cls(rules)
        state.players, state.options = players, options
        state.rng = Rng(seed)
        state.counter, state.active, state.phase, state.winner = 0, 0, "turn", None
        state.secrets = [state.rng.randint(100, 999) for _ in range(players)]
        return state

    def to_act(self) -> list[int]:
        if self.phase == "turn":
            return [self.active]
        if self.phase == "race":
            return list(range(self.players))
        return []

    def legal_actions(self, seat: int) -> list[dict]:
        if seat == SYSTEM:
            return [{"type": "timeout"}] if self.phase == "turn" else []
        if seat not in self.to_act():
            return []
        if self.phase == "turn":
            return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
        return [{"type": "grab"}]

    def _apply(self, seat: int, action: dict) -> list[dict]:
        if action["type"] == "timeout":
            seat, action = self.active, {"type": "add", "n": 1}
        if action["type"] == "add":
            self.counter += action["n"]
            events = [{"type": "added", "seat": seat, "n": action["n"]}]
            if self.counter >= self.options["target"]:
                self.phase = "race"
            else:
                self.active = (self.active + 1) % self.players
            return events
        self.phase, self.winner = "over", seat
        return [{"type": "grabbed", "seat": seat}]

    def view(self, seat):
        view = {"counter": self.counter, "active": self.active, "phase": self.phase, "winner": self.winner}
        if seat is not None and seat >= 0:
            view["secret"] = self.secrets[seat]
        return view

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict:
        return {"winners": [self.winner], "scores": [int(s == self.winner) for s in range(self.players)]}

    def deadline(self):
        if self.phase == "turn":
            return Deadline("turn", self.options["turn_timeout"], (self.active,))
        return None


def tiny_agent(view: dict, legal: list, rng: random.Random, level: str) -> dict:
    return legal[-1] if level == "hard" else rng.choice(legal)


def hidden(state: TinyState) -> list[Hidden]:
    """Each seat's secret, known to that seat alone."""
    return [
        Hidden("secret", str(secret), forms=(str(secret),), knowers=frozenset({seat}))
        for seat, secret in enumerate(state.secrets)
    ]


def twin(state: TinyState, audience: int | None) -> TinyState:
    """The same game with the secrets `audience` may not know moved round."""
    data = state.to_dict()
    others = [seat for seat in range(state.players) if seat != audience]
    for seat, secret in zip(others, rotate([data["secrets"][seat] for seat in others])):
        data["secrets"][seat] = secret
    return TinyState.from_dict(data)


CHECKS = GameChecks(hidden=hidden, twin=twin, action_bound=40)

SPEC = GameSpec(
    id="tiny",
    names={"en": "Tiny", "ja": "タイニー"},
    min_players=2,
    max_players=4,
    options={"target": 6, "turn_timeout": 60},
    choices={"target": [4, 6, 10], "turn_timeout": [30, 60]},
    state_class=TinyState,
    agent=tiny_agent,
    ai_levels=("easy", "normal", "hard"),
    race_actions=frozenset({"grab"}),
    rules_file="tiny.md",
    checks=CHECKS,
)
TinyState.spec = SPEC
