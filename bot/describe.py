"""A picture in words: what a screen reader speaks for a board (Discord's attachment description, at most
`LIMIT` characters) and the whole board as plain sentences on request ("read the board").

Each game writes its description once, in its face (`GameFace.describe`): a function of one `Scene` (a seat's view
of one moment, with the seats' names and the last move already in words) returning sentences in the order a person
asks: whose turn and what they must decide, then the reader's own seat, then the others, then what is shared, then
the last move. Only what the view holds is said, so nothing the picture hides can be."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

LIMIT = 1024  # Discord's attachment description, in characters


@dataclass(frozen=True)
class Scene:
    """What one reader sees of one moment of a game."""

    game: str
    view: dict  # state.view(seat): the public view when `seat` is None
    seat: int | None  # the reader's seat (None: a spectator, the public board)
    names: Sequence[str]  # every seat's name as the table shows it
    locale: str
    to_act: Sequence[int] = ()  # the seats whose move it is (public)
    last: Sequence[str] = ()  # the last moves in words, oldest first
    finished: bool = False
    winners: Sequence[int] = field(default_factory=tuple)


def fit(sentences: Sequence[str], limit: int = LIMIT) -> str:
    """The sentences, in order, as many whole ones as fit in `limit` characters (a sentence too long alone is
    cut with an ellipsis): the first ones are what a reader needs first."""
    text = ""
    for sentence in (s.strip() for s in sentences):
        if not sentence:
            continue
        joined = f"{text} {sentence}" if text else sentence
        if len(joined) <= limit:
            text = joined
            continue
        if not text:
            text = sentence[: limit - 1] + "…"
        break
    return text


def full(sentences: Sequence[str]) -> str:
    """Every sentence, one a line: the board as text (no length limit, no box drawing)."""
    return "\n".join(s.strip() for s in sentences if s and s.strip())
