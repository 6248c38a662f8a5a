"""Message catalogues (data/i18n/<locale>/*.json, merged) and locale choice.

Ephemeral replies use the user's locale; public messages use the guild's (or the guild's setting)."""
from __future__ import annotations

import json
import logging
import string
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "i18n"
LOCALES = ("en", "ja")
DEFAULT = "en"
log = logging.getLogger(__name__)


@cache
def catalogue(locale: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    folder = DATA / locale
    for path in sorted(folder.glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def normalise(locale: Any) -> str:
    """'ja', 'en-US', discord.Locale.japanese, None -> one of LOCALES."""
    value = getattr(locale, "value", locale)
    short = str(value or DEFAULT).split("-")[0].lower()
    return short if short in LOCALES else DEFAULT


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, locale: Any = DEFAULT, /, **params: Any) -> str:
    """The message `key` in `locale` (falling back to English, then to the key itself), formatted with params."""
    locale = normalise(locale)
    text = catalogue(locale).get(key)
    if text is None:
        text = catalogue(DEFAULT).get(key)
        if text is None:
            log.warning("missing message %r", key)
            return key
    if not params:
        return text
    return string.Formatter().vformat(text, (), _Lenient(params))


def has(key: str, locale: Any = DEFAULT) -> bool:
    return key in catalogue(normalise(locale)) or key in catalogue(DEFAULT)
