"""Engine values in a player's words. Each game's words (its pieces, its actions as button labels) live in its own
`bot/faces/<id>/words.py` and reach the host through its face (`bot.faces`: `words`, `event_extra`); every name comes
from the catalogues (the games' glossaries), nothing passes an engine identifier through. Shared by the Discord
presenters (cogs/), the terminal and the exported move list, so each says the same thing."""

from __future__ import annotations

from bot.faces import face
from bot.i18n import t


def join_names(names: list[str], locale: str) -> str:
    """Names as the locale lists them ("a, b" / "a、b")."""
    return t("table.list_sep", locale).join(names)


def event_fields(game: str, event: dict, locale: str) -> dict:
    """The event's values in words (seat fields are left to the caller)."""
    fields = dict(event)
    shown = face(game)
    for key, value in event.items():
        word = shown.words.get(key)
        if word is not None and value is not None and not isinstance(value, bool):
            try:
                fields[key] = word(value, locale)
            except (KeyError, ValueError, TypeError, AttributeError):
                pass  # already words (a presenter converted it)
    if shown.event_extra is not None:
        fields.update(shown.event_extra(event, locale))
    return fields
