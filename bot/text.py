"""Plain-text pieces shared by Discord presenters and the terminal: seat names and event lines."""

from __future__ import annotations

from typing import Any

from bot.i18n import has, t
from bot.tables import Table
from bot.words import event_fields
from games.data import load

SEAT_MARKS: list[str] = load("seats.json")["emoji"]


def seat_name(table: Table, seat: int, locale: str) -> str:
    if seat < 0:
        return t("table.system", locale)
    entry = table.seats[seat]
    mark = SEAT_MARKS[seat % len(SEAT_MARKS)]
    if entry.user_id is None:
        return f"{mark} " + t("table.ai_name", locale, n=seat + 1, level=t(f"ai.level.{entry.ai_level}", locale))
    name = entry.name
    if entry.is_ai:
        name += " " + t("table.ai_standing_in", locale)
    return f"{mark} {name}"


def format_event(table: Table, event: dict, locale: str) -> str:
    """One line for an event, with seat fields shown as names."""
    fields: dict[str, Any] = {}
    for key, value in event_fields(table.game, event, locale).items():
        if key.endswith("seats") and isinstance(value, list):
            fields[key] = ", ".join(seat_name(table, s, locale) for s in value)
        elif key.endswith("seat") and isinstance(value, int):
            fields[key] = seat_name(table, value, locale)
        else:
            fields[key] = value
    key = f"{table.game}.event.{event['type']}"
    if not has(key, locale):
        key = f"table.event.{event['type']}"
    return t(key, locale, **fields)
