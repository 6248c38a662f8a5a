"""A table's pace in words (bot/pace.py): the lobby's values, the clock line of the table message, /table status."""

from __future__ import annotations

import orjson

from bot import pace
from bot.i18n import t
from bot.tables import Table, shown_deadline


def pace_label(seconds: int, locale: str) -> str:
    if not seconds:
        return t("pace.live", locale)
    return t("pace.per_move", locale, hours=f"{seconds / 3600:g}")


def hours_label(text: str, zone: str | None, locale: str) -> str:
    hours = pace.parse_hours(text or "")
    if hours is None:
        return t("pace.all_day", locale)
    text = t("pace.hours", locale, start=hours[0], stop=hours[1], zone=zone or "")
    return text.replace(" ()", "").replace("（）", "")


def value_label(name: str, value, locale: str) -> str | None:
    """A pace setting's value in words (None: not a pace setting)."""
    if name == "pace":
        return pace_label(int(value or 0), locale)
    if name == "hours":
        return hours_label(value, None, locale)
    return None


def stamp(moment: float) -> str:
    """A moment as a Discord timestamp every reader sees in their own time ("in 3 hours")."""
    return f"<t:{int(moment)}:R>"


def clock_line(table: Table, now: float, locale: str) -> str | None:
    """A turn-based table's clock: its pace, and when the move is due (or that it is overdue, paused, or waiting
    for the playing hours)."""
    timer = table.timers.get("deadline")
    if pace.is_paused(table.options):
        return t("pace.line_paused", locale)
    label = pace_label(pace.move_seconds(table.options), locale)
    if timer is None:
        return t("pace.line_waiting", locale, pace=label)
    detail = orjson.loads(timer.detail)
    if detail.get("stage") == "overdue":
        return t("pace.line_overdue", locale, when=stamp(timer.due_at))
    hours, zone = pace.playing_hours(table.options), table.options.get("zone")
    if not pace.playing_now(now, hours, zone):
        return t("pace.line_closed", locale, pace=label, when=stamp(pace.next_opening(now, hours, zone)))
    return t("pace.line", locale, pace=label, when=stamp(shown_deadline(timer) or timer.due_at))


def overdue_seats(table: Table) -> list[int]:
    """The seats whose turn-based move is overdue (anyone seated may let the AI move for them)."""
    timer = table.timers.get("deadline") if table.status == "running" else None
    if timer is None:
        return []
    detail = orjson.loads(timer.detail)
    return list(detail.get("seats", [])) if detail.get("stage") == "overdue" else []
