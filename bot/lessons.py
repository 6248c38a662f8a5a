"""Guided first games (/learn, `play --learn`): each game's lesson, and where a practice table stands in it.

A lesson lives in `data/<game>/lesson.json`: the member's seat, the AI level of the other seats, a stacked deal, the
script ([seat, action] in order) and the coach moments ([after how many script actions, line id]); the lines are
`learn.<game>.<id>` in `data/<game>/i18n/*.json`. A table is on the script while its state is the one the script's
first `version` actions reach (compared without the random source, so the table's seed does not matter); then the AI
seats play the script's move and the latest moment's line is the coach line. A member who plays another move leaves
the script and the normal AI plays on. Replayed through the engine contract: a script an engine change makes illegal
fails (IllegalAction) in the tests, never silently."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import games
from games.contract import GameState, snapshot_json
from games.data import DATA_DIR, load


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seat: int  # the member's
    ai_level: str
    stacked: dict
    script: tuple[tuple[int, dict], ...]
    moments: tuple[tuple[int, str], ...]  # (after how many script actions, line id), in order

    @property
    def options(self) -> dict:
        return {"stacked": self.stacked}

    def line_key(self, moment: str) -> str:
        return f"learn.{self.game}.{moment}"


def available(game: str) -> bool:
    return game in games.ids() and (DATA_DIR / game / "lesson.json").is_file()


@cache
def lesson(game: str) -> Lesson:
    document = load(f"{game}/lesson.json")
    return Lesson(
        game=game,
        players=document["players"],
        seat=document["seat"],
        ai_level=document["ai_level"],
        stacked=document["stacked"],
        script=tuple((seat, action) for seat, action in document["script"]),
        moments=tuple((at, moment) for at, moment in document["moments"]),
    )


def start(game: str, seed: int | str = 1) -> GameState:
    plan = lesson(game)
    return games.get(game).new(plan.players, plan.options, seed)


def _comparable(state: GameState) -> str:
    fields = dict(state.to_dict())
    fields.pop("rng", None)  # every chance outcome is stacked: only the table's seed differs
    return snapshot_json(fields)


@cache
def _milestones(game: str) -> tuple[str, ...]:
    """The state after each number of script actions (0 .. len(script)), as compared."""
    state = start(game)
    reached = [_comparable(state)]
    for seat, action in lesson(game).script:
        state.apply(seat, action)
        reached.append(_comparable(state))
    return tuple(reached)


def step(game: str, state: GameState, version: int) -> int | None:
    """How many script actions the table has played, while it is on the script; None once it has left it."""
    milestones = _milestones(game)
    if not 0 <= version < len(milestones) or state.finished:
        return None
    return version if _comparable(state) == milestones[version] else None


def scripted(game: str, state: GameState, version: int, seat: int) -> dict | None:
    """The script's next move for `seat`, while the table is on the script and that move is `seat`'s."""
    at = step(game, state, version)
    script = lesson(game).script
    if at is None or at >= len(script) or script[at][0] != seat:
        return None
    return script[at][1]


def moment(game: str, at: int) -> str | None:
    """The line id of the latest coach moment at or before `at` script actions."""
    latest = None
    for when, line in lesson(game).moments:
        if when <= at:
            latest = line
    return latest
