"""Compact, reversible text for engine actions inside custom_ids and select values.

`{"type": "take", "source": "pile", "pile": 2}` <-> `take,pile=2,source=pile`. Only what the presser chose goes
in: never a hidden value (the engine's actions hold none). Integers, True/False/None (as ~t, ~f, ~n) and strings
without commas, equals signs or spaces round-trip.
"""

from __future__ import annotations

import re

_INT = re.compile(r"-?\d+")
_CONSTANTS = {"~t": True, "~f": False, "~n": None}
_TOKENS = {True: "~t", False: "~f", None: "~n"}
_SAFE = re.compile(r"[^,=\s]+")


class BadCode(ValueError):
    pass


def encode(action: dict) -> str:
    parts = [str(action["type"])]
    for key in sorted(k for k in action if k != "type"):
        value = action[key]
        kind = type(value)
        if kind is int:  # the common case (cells, counts, indices): its digits are always safe
            text = str(value)
        elif value is None or kind is bool:
            text = _TOKENS[value]
        elif isinstance(value, (int, str)) and not (isinstance(value, str) and value in _CONSTANTS):
            text = str(value)
            if not _SAFE.fullmatch(text):
                raise BadCode(f"unsafe text in {key}={value!r}")
        else:
            raise BadCode(f"cannot encode {key}={value!r}")
        if key not in _SAFE_KEYS:
            if not _SAFE.fullmatch(key):
                raise BadCode(f"unsafe text in {key}={value!r}")
            if len(_SAFE_KEYS) < 1000:
                _SAFE_KEYS.add(key)
        parts.append(f"{key}={text}")
    return ",".join(parts)


_SAFE_KEYS: set[str] = set()  # keys already found safe (engines use a few dozen)


def decode(code: str) -> dict:
    kind, *pairs = code.split(",")
    if not _SAFE.fullmatch(kind or ""):
        raise BadCode(code)
    action: dict = {"type": kind}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not _SAFE.fullmatch(key) or not _SAFE.fullmatch(value) or key in action:
            raise BadCode(code)
        if value in _CONSTANTS:
            action[key] = _CONSTANTS[value]
        else:
            action[key] = int(value) if _INT.fullmatch(value) else value
    return action
