"""Hints: the move the strongest AI level would make for a seat, decided from that seat's view alone, and a reason
in words (the game's `GameSpec.hint_reason`, from the same view and the move chosen). The agent receives
`state.view(seat)` and the seat's own legal actions, never the state, so a hint cannot read what the seat may not
know (tests/bot/test_hints.py permutes the hidden parts and checks the hint and its reason stay)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import games
from bot import lessons, practice
from games.contract import GameState, offers

STRONGEST = "strong"


@dataclass(frozen=True)
class Hint:
    action: dict
    reason: str  # a catalogue key
    params: dict = field(default_factory=dict)


def strongest_level(levels: tuple[str, ...]) -> str:
    return STRONGEST if STRONGEST in levels else levels[-1]


def hint(game: str, state: GameState, seat: int, seed: str, options: dict | None = None, version: int = 0) -> Hint:
    """The hint for `seat` (who must be able to act). On a lesson table still on its script, the script's move."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "learn.reason.only")
    if options and practice.follows_lesson(options):
        scripted = lessons.scripted(game, state, version, seat)
        if scripted is not None and offers(legal, scripted):
            return Hint(scripted, "learn.reason.scripted")
    spec = games.get(game)
    view = state.view(seat)
    action = spec.agent(view, legal, random.Random(f"{seed}/hint"), strongest_level(spec.ai_levels))
    if not offers(legal, action):
        action = legal[0]
    if spec.hint_reason is None:
        return Hint(action, "learn.reason.generic")
    key, params = spec.hint_reason(view, action, legal)
    return Hint(action, key, params)
