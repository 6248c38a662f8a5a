"""Table options the host keeps for itself, beside the game's own: they never reach an engine.

- `practice`: a practice table (/learn, or hints asked for): never counted in stats.
- `lesson`: the table follows its game's lesson (bot/lessons.py): scripted AI moves and coach lines.
- `pace`, `hours`, `zone`, `paused`: live or turn-based play, and its playing hours (bot/pace.py).
- `hints`: the Hint button (the strongest AI's move from the member's own view) is offered; always on a practice
  table, a lobby option (off by default) elsewhere, and a table that had it says so."""

from __future__ import annotations

from bot import pace

HOST_OPTIONS = ("practice", "lesson", "hints", "pace", "hours", "zone", "paused")
# the host's options a lobby offers, beside the game's (first: default); the pace's (bot/pace.py): seconds per move
# (0: live) and playing hours ("": all day), in the server's time zone (`zone`, set at the lobby's opening)
LOBBY_CHOICES: dict[str, list] = {"hints": [False, True], "pace": list(pace.PACES), "hours": list(pace.HOURS)}


def engine_options(options: dict) -> dict:
    """The options the game's engine is given: the table's, less the host's own."""
    return {name: value for name, value in options.items() if name not in HOST_OPTIONS}


def is_practice(options: dict) -> bool:
    return options.get("practice") is True


def follows_lesson(options: dict) -> bool:
    return options.get("lesson") is True


def hints_allowed(options: dict) -> bool:
    return options.get("hints") is True or is_practice(options)
