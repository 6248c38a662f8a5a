"""The duel's hand signs and result table (rules file 'A duel').

Strength cycle ドー < ゾーフ < ラウ < ドー. A winning ゾーフ takes 2 cards, a winning ドー or ラウ takes 1;
equal signs: ドー/ドー each take 1 (parent first), ゾーフ/ゾーフ clash, ラウ/ラウ is あいこ (choose again).
"""

from __future__ import annotations

SIGNS = ("doh", "zorf", "rau")
_BEATS = {"zorf": "doh", "rau": "zorf", "doh": "rau"}  # winner -> loser
_WIN_TAKES = {"zorf": 2, "rau": 1, "doh": 1}
_TIE_RESULTS = {"doh": "each_take", "zorf": "zorf_clash", "rau": "aiko"}
_WIN_RESULTS = {"zorf": "zorf_takes_two", "rau": "rau_takes_one", "doh": "doh_takes_one"}


def outcome(parent_sign: str, child_sign: str) -> tuple[str, list[tuple[str, int]]]:
    """(result code, takes as (role, count) in taking order, role "parent" or "child").

    Result codes: each_take, zorf_takes_two, rau_takes_one, doh_takes_one, zorf_clash, aiko."""
    if parent_sign == child_sign:
        result = _TIE_RESULTS[parent_sign]
        return result, ([("parent", 1), ("child", 1)] if result == "each_take" else [])
    if _BEATS[parent_sign] == child_sign:
        return _WIN_RESULTS[parent_sign], [("parent", _WIN_TAKES[parent_sign])]
    return _WIN_RESULTS[child_sign], [("child", _WIN_TAKES[child_sign])]


def beats(sign: str) -> str:
    """The sign `sign` wins against."""
    return _BEATS[sign]


def win_takes(sign: str) -> int:
    """The common cards a winning `sign` takes."""
    return _WIN_TAKES[sign]
