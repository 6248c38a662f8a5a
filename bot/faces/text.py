"""Plain-text pieces shared by Discord presenters and the terminal: seat names and event lines."""

from __future__ import annotations

from typing import Any

import games
from bot import records
from bot.faces.words import event_fields
from bot.i18n import has, t
from bot.tables import Table
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


def move_list(table, record: dict, locale: str) -> str:
    """A readable, localised list of the moves (what each action was, and what happened)."""
    from bot.faces.text import format_event, seat_name
    from bot.i18n import t

    spec = games.get(record["game"])
    state = records.new_game(record)
    lines = [t("record.header", locale, game=spec.name(locale), id=record["table"])]
    for entry in record["actions"]:
        who = seat_name(table, entry["seat"], locale)
        action = ", ".join(f"{k}={v}" for k, v in entry["action"].items() if k != "type")
        lines.append(f"{entry['seq']:4}. {who}: {entry['action']['type']}" + (f" ({action})" if action else ""))
        for event in state.apply(entry["seat"], entry["action"]):
            lines.append("      " + format_event(table, event, locale))
    return "\n".join(lines) + "\n"
