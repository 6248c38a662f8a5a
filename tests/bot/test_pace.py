"""A table's pace (bot/pace.py): playing time within playing hours, in a time zone."""

from datetime import datetime
from zoneinfo import ZoneInfo

from bot import pace

TOKYO = ZoneInfo("Asia/Tokyo")


def at(*parts) -> float:
    return datetime(*parts, tzinfo=TOKYO).timestamp()


def test_all_day_adds_plain_seconds():
    assert pace.add_playing_time(1000.0, 3600, None, "Asia/Tokyo") == 4600.0


def test_the_clock_stops_outside_playing_hours():
    hours = pace.parse_hours("10-22")
    # 4 h from 20:00: 2 h that evening, the other 2 from 10:00 the next morning
    assert pace.add_playing_time(at(2026, 11, 29, 20), 4 * 3600, hours, "Asia/Tokyo") == at(2026, 11, 30, 12)
    # asked at night, the time starts at the next opening
    assert pace.add_playing_time(at(2026, 11, 29, 23, 30), 3600, hours, "Asia/Tokyo") == at(2026, 11, 30, 11)
    assert pace.add_playing_time(at(2026, 11, 30, 3), 3600, hours, "Asia/Tokyo") == at(2026, 11, 30, 11)
    # 24 h of playing time is two days of 12-hour windows
    assert pace.add_playing_time(at(2026, 11, 29, 10), 24 * 3600, hours, "Asia/Tokyo") == at(2026, 11, 30, 22)


def test_hours_to_midnight_and_the_same_moment_in_another_zone():
    hours = pace.parse_hours("18-24")
    assert pace.add_playing_time(at(2026, 11, 29, 23), 2 * 3600, hours, "Asia/Tokyo") == at(2026, 11, 30, 19)
    paris = datetime(2026, 11, 29, 23, tzinfo=ZoneInfo("Europe/Paris")).timestamp()
    assert pace.add_playing_time(paris, 3600, hours, "Europe/Paris") == paris + 3600  # to midnight exactly
    assert pace.add_playing_time(paris, 2 * 3600, hours, "Europe/Paris") == paris + 20 * 3600


def test_playing_now_and_the_next_opening():
    hours = pace.parse_hours("10-22")
    assert pace.playing_now(at(2026, 11, 29, 12), hours, "Asia/Tokyo")
    assert not pace.playing_now(at(2026, 11, 29, 22), hours, "Asia/Tokyo")
    assert pace.next_opening(at(2026, 11, 29, 22), hours, "Asia/Tokyo") == at(2026, 11, 30, 10)
    assert pace.next_opening(at(2026, 11, 29, 12), hours, "Asia/Tokyo") == at(2026, 11, 29, 12)


def test_options_and_zones():
    assert pace.move_seconds({}) == 0 and not pace.is_turn_based({"pace": 0})
    assert pace.move_seconds({"pace": 3600}) == 3600 and pace.is_turn_based({"pace": 3600})
    assert pace.parse_hours("") is None and pace.parse_hours("22-10") is None and pace.parse_hours("x") is None
    assert pace.default_zone("ja") == "Asia/Tokyo" and pace.default_zone("en-US") == "UTC"
    assert pace.valid_zone("Europe/Paris") and not pace.valid_zone("Mars/Olympus")
