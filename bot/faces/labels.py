"""The terminal's words for game things: the label of any legal action (the same catalogue keys the Discord buttons
use; a game words its own through its face's `terminal.label`) and any engine event as a line."""

from __future__ import annotations

from typing import Any

from bot.faces import face
from bot.faces.text import format_event
from bot.i18n import has, t
from bot.tables import Table

# --- choices ---------------------------------------------------------------------------------------------------------


def action_words(game: str, action: dict, view: dict, locale: str) -> str:
    """`action` in words, in `locale`: the game's own (its face's `terminal.label`, which sees the seat's `view`), else
    the catalogue's words for its type, the same Discord's buttons use (the terminal's choices, the coach's hints)."""
    labeller = face(game).terminal.label
    if labeller is not None:
        return labeller(action, view, locale)
    key = f"{game}.action.{action['type']}"
    return t(key, locale, **action) if has(key, locale) else t("terminal.action", locale, kind=action["type"])


# --- events ----------------------------------------------------------------------------------------------------------


def event_line(table: Table, event: dict, locale: str) -> str:
    """One engine event as a sentence: pieces are named by bot.faces.text's formatter (bot.faces.words); the terminal
    names nobody where a list of winners is empty, and a game may word fields its own way (`terminal.event_fields`)."""
    fields: dict[str, Any] = dict(event)
    own = face(table.game).terminal.event_fields
    if own is not None:
        fields.update(own(table, event, locale))
    for name, value in list(fields.items()):
        if name.endswith("seats") and isinstance(value, list) and not value:
            fields[name] = t("table.nobody", locale)
    return format_event(table, fields, locale)
