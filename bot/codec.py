"""Compact, reversible text for engine actions inside custom_ids and select values.

`{"type": "take", "source": "pile", "pile": 2}` <-> `take,pile=2,source=pile`. Only what the presser chose goes
in: never a hidden value (the engine's actions hold none). Integers round-trip; other values are strings.
"""
from __future__ import annotations

import re

_INT = re.compile(r"-?\d+")
_SAFE = re.compile(r"[^,=\s]+")


class BadCode(ValueError):
    pass


def encode(action: dict) -> str:
    parts = [str(action["type"])]
    for key in sorted(k for k in action if k != "type"):
        value = action[key]
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise BadCode(f"cannot encode {key}={value!r}")
        text = str(value)
        if not _SAFE.fullmatch(text) or not _SAFE.fullmatch(key):
            raise BadCode(f"unsafe text in {key}={value!r}")
        parts.append(f"{key}={text}")
    return ",".join(parts)


def decode(code: str) -> dict:
    kind, *pairs = code.split(",")
    if not _SAFE.fullmatch(kind or ""):
        raise BadCode(code)
    action: dict = {"type": kind}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not _SAFE.fullmatch(key) or not _SAFE.fullmatch(value) or key in action:
            raise BadCode(code)
        action[key] = int(value) if _INT.fullmatch(value) else value
    return action
