"""A table's pace: live (the game's own timers) or turn-based (a time per move, counted only within the table's
playing hours, in its server's time zone). Pure: the time is passed in.

Turn-based deadlines (bot/tables/timers.py):
- a seat's move is due `seconds` of playing time after it became theirs; half-way they are reminded; once it is
  due any seated person may let the AI move for them, and after as long again the AI moves by itself;
- a window that only waits for answers (Blue Border's 「ボーダー！」 window, COLORSE's signs: `Deadline.window`)
  stays open until everyone has answered or the move's time is up, then closes as in live play;
- a table with one person at it has no deadline (nobody waits for them; DEEP DIVE solo);
- a paused table has no deadline: resuming gives the seats to act a whole move's time again.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

LIVE = 0
PACES = (LIVE, 3600, 4 * 3600, 12 * 3600, 24 * 3600, 72 * 3600)  # seconds per move the lobby offers (first: live)
HOURS = ("", "08-22", "10-22", "18-24")  # playing hours the lobby offers ("": all day)
DEFAULT_ZONE = {"ja": "Asia/Tokyo"}  # a server's time zone until /settings names one, by its language
MAX_DAYS = 400  # playing hours are searched this many days ahead at most


def move_seconds(options: dict) -> int:
    """Seconds of playing time per move; 0 for a live table."""
    value = options.get("pace") or LIVE
    return int(value) if isinstance(value, int | float) and value > 0 else LIVE


def is_turn_based(options: dict) -> bool:
    return move_seconds(options) > 0


def is_paused(options: dict) -> bool:
    return options.get("paused") is not None


def playing_hours(options: dict) -> tuple[int, int] | None:
    """(first hour, hour it stops) of the table's playing hours, or None for all day."""
    return parse_hours(options.get("hours") or "")


def parse_hours(text: str) -> tuple[int, int] | None:
    try:
        start, stop = (int(part) for part in text.split("-"))
    except ValueError:
        return None
    return (start, stop) if 0 <= start < stop <= 24 else None


def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def default_zone(locale: str) -> str:
    return DEFAULT_ZONE.get(locale.split("-")[0], "UTC")


def _day_window(day: datetime, hours: tuple[int, int]) -> tuple[float, float]:
    """The playing window (epoch seconds) of the calendar day of `day`, in its own time zone."""
    midnight = day.replace(hour=0, minute=0, second=0, microsecond=0)
    opens = midnight + timedelta(hours=hours[0])
    closes = midnight + timedelta(hours=hours[1])
    return opens.timestamp(), closes.timestamp()


def add_playing_time(start: float, seconds: float, hours: tuple[int, int] | None, zone_name: str | None) -> float:
    """The moment `seconds` of playing time after `start`: the clock stops outside the playing hours."""
    if hours is None:
        return start + seconds
    tz = zone(zone_name)
    moment, remaining = start, seconds
    day = datetime.fromtimestamp(start, tz)
    for _ in range(MAX_DAYS):
        opens, closes = _day_window(day, hours)
        moment = max(moment, opens)
        if moment < closes:
            if moment + remaining <= closes:
                return moment + remaining
            remaining -= closes - moment
        day = (day.replace(hour=12) + timedelta(days=1)).astimezone(tz)  # noon: clear of any DST change
    return moment + remaining


def playing_now(now: float, hours: tuple[int, int] | None, zone_name: str | None) -> bool:
    if hours is None:
        return True
    opens, closes = _day_window(datetime.fromtimestamp(now, zone(zone_name)), hours)
    return opens <= now < closes


def next_opening(now: float, hours: tuple[int, int] | None, zone_name: str | None) -> float:
    """When the clock runs again (now, if it runs)."""
    return add_playing_time(now, 0, hours, zone_name)
