"""A picture in words: what a screen reader speaks for a board (Discord's attachment description, at most
`LIMIT` characters) and the whole board as plain sentences on request ("read the board").

Each game writes its description once, in its face (`GameFace.describe`): a function of one `Scene` (a seat's view
of one moment, with the seats' names and the last move already in words) returning sentences in the order a person
asks: whose turn and what they must decide, then the reader's own seat, then the others, then what is shared, then
the last move. Only what the view holds is said, so nothing the picture hides can be."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.i18n import t

LIMIT = 1024  # Discord's attachment description, in characters
EMBED_LIMIT = 4096  # an embed's description: "read the board" fills one or two


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


def pages(text: str, size: int = 4096, count: int = 2, total: int = 5800) -> list[str]:
    """`text` in at most `count` parts of at most `size` characters each (an embed's description) and `total` in
    all (Discord's 6,000 characters per message, less a title's room), split between lines; what still does not
    fit ends the last part, cut with an ellipsis."""
    parts: list[str] = []
    rest = text.strip("\n")
    while rest and len(parts) < count:
        room = min(size, total - sum(len(part) for part in parts))
        if room <= 1:
            break
        if len(rest) <= room:
            parts.append(rest)
            return parts
        if len(parts) == count - 1:  # the last part: what does not fit is cut
            parts.append(rest[: room - 1] + "…")
            return parts
        cut = rest.rfind("\n", 0, room + 1)
        if cut <= 0:  # a line longer than a part: split inside it
            parts.append(rest[:room])
            rest = rest[room:]
        else:
            parts.append(rest[:cut])
            rest = rest[cut + 1 :]
    return parts


def generic_sentences(scene: Scene) -> list[str]:
    """Whose turn, the result, the last moves: what any game's board says in words without its own description."""
    names = scene.names
    if scene.finished:
        winners = ", ".join(names[s] for s in scene.winners) or t("table.nobody", scene.locale)
        first = t("table.winners", scene.locale, names=winners)
    else:
        first = t("describe.to_act", scene.locale, names=", ".join(names[s] for s in scene.to_act) or "-")
    return [first, *scene.last]
