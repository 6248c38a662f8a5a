"""What the test suite needs to know about a game's rules, declared by the game itself (`GameSpec.checks`), so
the suite's game-wide tests need no list of games. Pure data and pure functions of a state, like the engines."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Hidden:
    """A value nobody but `knowers` (seats) may know now, and how a message could write it: its literal `forms`, a
    regular expression `pattern`, and `piece`, an engine value the host names in words (its face's `piece_name`)."""

    kind: str
    value: str
    forms: tuple[str, ...] = ()
    pattern: str | None = None
    knowers: frozenset = frozenset()
    piece: str | None = None


@dataclass(frozen=True)
class GameChecks:
    """Test hooks of one game (tests/support/leakscan.py, tests/reliability/).

    - `hidden(state)`: the values secret now, each as a `Hidden` (tests/support/leakscan.py searches every payload
      for them). None: the game's secrets share their words with public values, and `twin` covers them.
    - `twin(state, audience)`: a copy of the state with every value `audience` (a seat, or None for everybody) may not
      know permuted; whatever is drawn for that audience must not change (the render check). None: nothing hidden.
    - `picture_shows_hidden_shades`: the picture shows a public sign of hidden values (Blue Border's shades), so a
      twin's picture may differ; its text may not.
    - `seats_know_more`: some seat's view shows what the public view does not (the table has "My view").
    - `action_bound`, `action_bound_per_round`: actions a game may take before it ends under its own AI
      (tests/reliability/test_every_table_ends.py); per round, times the option `rounds`, where rounds vary.
    - `random_play_bound`: the same under random play (tests/reliability/test_properties_all_games.py).
    - `leak_test_players`: seats of the whole game the hidden-information test plays through the bot.
    - `codes`: the game's own engine codes no player may read (name -> regular expression), besides those of every
      game (tests/support/wordscan.py).
    """

    hidden: Callable[[Any], list[Hidden]] | None = None
    twin: Callable[[Any, int | None], Any] | None = None
    picture_shows_hidden_shades: bool = False
    seats_know_more: bool = True
    action_bound: int = 1_000
    action_bound_per_round: int | None = None
    random_play_bound: int = 10_000
    leak_test_players: int = 2
    codes: Mapping[str, str] = field(default_factory=dict)

    def bound(self, options: dict) -> int:
        """The action bound of a table with these options."""
        if self.action_bound_per_round is not None:
            return self.action_bound_per_round * options["rounds"]
        return self.action_bound


def rotate(values: list, keep_first_different: bool = True) -> list:
    """A permutation of `values` that moves as many values as possible (the first one above all): twins use it."""
    n = len(values)
    if n < 2:
        return list(values)
    best, best_score = list(values), (-1, -1)
    for shift in range(1, n):
        moved = values[shift:] + values[:shift]
        changed = sum(1 for a, b in zip(values, moved) if a != b)
        score = (int(moved[0] != values[0]) if keep_first_different else 0, changed)
        if score > best_score:
            best, best_score = moved, score
    return best
