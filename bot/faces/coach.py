"""What a practice table says beside its board, shared by Discord (cogs/learn.py) and the terminal: the lesson's
coach line while the table is on its script (or that it was left), the practice mark, that hints were on; and a hint
in words."""

from __future__ import annotations

from bot import hints, lessons, practice
from bot.faces.labels import action_words
from bot.i18n import t
from bot.tables import Table
from games.contract import GameState


def table_options(game: str) -> dict:
    """A practice table's options: the lesson's deal, then the host's marks (bot/practice.py)."""
    return {**lessons.lesson(game).options, "practice": True, "lesson": True, "hints": True}


def coach_line(table: Table, locale: str) -> str | None:
    """The coach line of a lesson table while it runs: the latest moment's words on the script, else that it was
    left (None on other tables)."""
    if not practice.follows_lesson(table.options) or table.state is None or table.status != "running":
        return None
    at = lessons.step(table.game, table.state, table.version)
    moment = lessons.moment(table.game, at) if at is not None else None
    if moment is None:
        return t("learn.off_script", locale)
    return t("learn.coach", locale, line=t(lessons.lesson(table.game).line_key(moment), locale))


def marks(table: Table, locale: str) -> list[str]:
    """A practice table says so (its games never count); a table that allowed hints says that."""
    if practice.is_practice(table.options):
        return [t("learn.practice_mark", locale)]
    if practice.hints_allowed(table.options):
        return [t("learn.hints_on_mark", locale)]
    return []


def hint_text(table: Table, state: GameState, seat: int, locale: str) -> str:
    """The hint for `seat` in words, from `state` (the table's, or a copy when it runs off the event loop)."""
    found = hints.hint(table.game, state, seat, f"{table.seed}/{table.version}", table.options, table.version)
    move = action_words(table.game, found.action, state.view(seat), locale)
    return t("learn.hint", locale, move=move, reason=reason_text(found, locale))


def reason_text(found: hints.Hint, locale: str) -> str:
    """A hint's reason in words: a param `<field>_key` names a message, worded into `{<field>}` (games/contract.py,
    `HintReason`)."""
    params = {
        name.removesuffix("_key"): t(value, locale, **found.params) if name.endswith("_key") else value
        for name, value in found.params.items()
    }
    return t(found.reason, locale, **params)
