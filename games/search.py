"""Search shared by the strong agents: information-set Monte Carlo tree search (after OpenSpiel's ismcts.py).

The searcher never reads a true state. Each iteration it asks the game's `determinise(view, rng)` for one full
state consistent with what the seat may know (its view plus the public component lists), walks a tree whose
statistics are kept per sequence of actions seen from that seat (not per sampled state: "single observer"
ISMCTS, with availability counts because a sampled state may not offer every action), finishes with a short
playout and scores the result with the game's `evaluate(state) -> [value per seat in 0..1]`.

The budget is a count of iterations, never a clock: the engines are deterministic and clock-free, and the host
picks the count per level so that a decision stays well inside a second.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from games.contract import SYSTEM, GameState

# One game's state type: its determiniser makes it, its evaluator and playout policy take it.
State = TypeVar("State", bound=GameState)
Determiniser = Callable[[dict, random.Random], State]
Policy = Callable[[State, int, list, random.Random], dict]
Evaluator = Callable[[State], list[float]]

STRONG = "strong"


def budget_of(level: str, default: int) -> int:
    """Iterations for `level`: "strong" -> the game's default; "strong:N" -> N (simulate and tests pick)."""
    if isinstance(level, str) and level.startswith(STRONG + ":"):
        try:
            return max(1, int(level.split(":", 1)[1]))
        except ValueError:
            return default
    return default


def is_strong(level: str) -> bool:
    return isinstance(level, str) and (level == STRONG or level.startswith(STRONG + ":"))


def action_key(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def win_shares(state: GameState) -> list[float]:
    """A finished game's value per seat: 1 shared evenly among the winners."""
    winners = state.result().get("winners") or []
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


def standing_shares(standings: list[float], scale: float) -> list[float]:
    """Win chances from each seat's standing (a score, or an estimate of one): a softmax with `scale` points
    making a seat e times likelier to win."""
    top = max(standings)
    weights = [math.exp((value - top) / scale) for value in standings]
    total = sum(weights)
    return [weight / total for weight in weights]


def random_policy(state: GameState, seat: int, legal: list, rng: random.Random) -> dict:
    return rng.choice(legal)


@dataclass
class _Node:
    visits: int = 0
    available: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict = field(default_factory=dict)  # (seat, action key) -> _Node
    action: dict | None = None


def _acting_seat(state: GameState, rng: random.Random) -> int | None:
    acting = [seat for seat in state.to_act() if seat >= 0]
    if acting:
        return acting[0] if len(acting) == 1 else rng.choice(acting)
    if state.legal_actions(SYSTEM):
        return SYSTEM
    return None


def ismcts(
    view: dict,
    legal: list[dict],
    rng: random.Random,
    *,
    me: int,
    determinise: Determiniser[State],
    evaluate: Evaluator[State],
    iterations: int,
    playout: Policy[State] = random_policy,
    horizon: int = 30,
    tree_depth: int = 8,
    exploration: float = 0.7,
    default: dict | None = None,
    margin: float = 0.0,
) -> dict:
    """The root action with the most visits after `iterations` determinised searches from `view`.

    `horizon` bounds the actions after the root (tree plus playout) before `evaluate` scores the state;
    `tree_depth` bounds how deep the tree grows; a finished game is scored by its win shares.
    With `default` (say, the rule-based agent's choice), the search overrules it only when its best action's mean
    value beats the default's by more than `margin`: sampling noise alone never replaces a sound rule.
    Every seat chooses to maximise its own value."""
    if len(legal) == 1:
        return legal[0]
    root = _Node(totals=[])
    keys = [action_key(action) for action in legal]
    for _ in range(iterations):
        state = determinise(view, rng)
        players = state.players
        path = [root]
        node, seat, choices, keyed = root, me, legal, keys
        steps = 0
        while True:
            for key in keyed:
                child = node.children.get((seat, key))
                if child is not None:
                    child.available += 1
            untried = [index for index, key in enumerate(keyed) if (seat, key) not in node.children]
            if untried:
                index = rng.choice(untried)
                child = _Node(available=1, totals=[0.0] * players, action=choices[index])
                node.children[(seat, keyed[index])] = child
            else:
                log_available = {key: math.log(node.children[(seat, key)].available) for key in keyed}
                index = max(
                    range(len(keyed)),
                    key=lambda i: _ucb(node.children[(seat, keyed[i])], seat, log_available[keyed[i]], exploration),
                )
                child = node.children[(seat, keyed[index])]
            state._apply(seat, choices[index])
            path.append(child)
            steps += 1
            node = child
            if untried or state.finished or steps >= min(tree_depth, horizon):
                break
            acting = _acting_seat(state, rng)
            if acting is None:
                break
            seat = acting
            choices = state.legal_actions(seat)
            keyed = [action_key(action) for action in choices]
        while not state.finished and steps < horizon:
            acting = _acting_seat(state, rng)
            if acting is None:
                break
            seat = acting
            choices = state.legal_actions(seat)
            action = choices[0] if len(choices) == 1 or seat == SYSTEM else playout(state, seat, choices, rng)
            state._apply(seat, action)
            steps += 1
        values = win_shares(state) if state.finished else evaluate(state)
        for visited in path[1:]:
            visited.visits += 1
            for index, value in enumerate(values):
                visited.totals[index] += value
    best = max(
        range(len(legal)),
        key=lambda i: (root.children.get((me, keys[i]), _Node()).visits, _mean(root.children.get((me, keys[i])), me)),
    )
    if default is not None and default in legal:
        kept = root.children.get((me, action_key(default)))
        if (
            kept is not None
            and kept.visits
            and (_mean(root.children.get((me, keys[best])), me) - _mean(kept, me) <= margin)
        ):
            return default
    return legal[best]


def _mean(node: _Node | None, seat: int) -> float:
    if node is None or not node.visits:
        return 0.0
    return node.totals[seat] / node.visits if seat >= 0 else 0.0


def _ucb(node: _Node, seat: int, log_available: float, exploration: float) -> float:
    if seat == SYSTEM:
        return -node.visits  # the host's timeout: spread evenly, it prefers nothing
    return node.totals[seat] / node.visits + exploration * math.sqrt(log_available / node.visits)


def with_strong(agent: Callable, strong: Callable) -> Callable:
    """One agent for a GameSpec: the strong searcher for "strong" (or "strong:N"), the rule-based one otherwise."""

    def choose(view: dict, legal: list, rng: random.Random, level: str = "normal") -> dict:
        return (strong if is_strong(level) else agent)(view, legal, rng, level)

    choose.__doc__ = agent.__doc__
    return choose
