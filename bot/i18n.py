"""Message catalogues and locale choice.

A locale's catalogue merges the host's messages (data/i18n/<locale>/*.json) and each game's
(data/<game>/i18n/<locale>.json, for every folder of data/ that has one). A key defined twice, in one file or in two,
is an error: which text wins would depend on the order the files are read.

A message is a string with {named} fields, or — where a number changes the words — an object of CLDR plural forms
chosen by Babel's plural rules for the locale: {"plural": "count", "one": "{count} card", "other": "{count} cards"}
("plural" names the deciding field; "count" when omitted; "other" is required).

Ephemeral replies use the user's locale; public messages use the guild's (or the guild's setting)."""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale

DATA = Path(__file__).resolve().parent.parent / "data"
LOCALES = ("en", "ja")
DEFAULT = "en"
log = logging.getLogger(__name__)


class DuplicateMessage(ValueError):
    """A catalogue key defined twice."""


def catalogue_files(locale: str, data: Path = DATA) -> list[Path]:
    """Every file of `locale`'s catalogue: the host's, then each game's."""
    return [*sorted((data / "i18n" / locale).glob("*.json")), *sorted(data.glob(f"*/i18n/{locale}.json"))]


@cache
def catalogue(locale: str) -> dict[str, Any]:
    return merged(catalogue_files(locale))


def merged(paths: list[Path]) -> dict[str, Any]:
    """The messages of every file in `paths`; raises DuplicateMessage naming a key defined twice and where."""
    messages: dict[str, Any] = {}
    source: dict[str, Path] = {}
    for path in paths:
        for key, message in messages_in(path).items():
            if key in source:
                raise DuplicateMessage(f"{key!r} is defined in {source[key]} and in {path}")
            messages[key], source[key] = message, path
    return messages


def messages_in(path: Path) -> dict[str, Any]:
    """One catalogue file's messages; raises DuplicateMessage for a key it defines twice."""

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found:
                raise DuplicateMessage(f"{key!r} is defined twice in {path}")
            found[key] = value
        return found

    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=unique)


_NORMALISED: dict[Any, str] = {}  # locale value as given -> one of LOCALES (a few distinct values in practice)


def normalise(locale: Any) -> str:
    """'ja', 'en-US', discord.Locale.japanese, None -> one of LOCALES."""
    if type(locale) is str or locale is None:  # by far the commonest: a locale already chosen
        found = _NORMALISED.get(locale)
        if found is not None:
            return found
        short = _normalise(locale)
        if len(_NORMALISED) < 64:
            _NORMALISED[locale] = short
        return short
    return _normalise(locale)


def _normalise(locale: Any) -> str:
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
    if isinstance(text, dict):
        text = plural_form(text, locale, params)
    if not params:
        return text
    return text.format_map(_Lenient(params))  # str.format's own C code; a missing field stays {as_is}


@cache
def _plural_rule(locale: str):
    return Locale.parse(locale).plural_form


def plural_form(forms: dict[str, str], locale: str, params: dict[str, Any]) -> str:
    """The CLDR plural form (zero/one/two/few/many/other) of `forms` for the deciding number in `params`."""
    number = params.get(forms.get("plural", "count"))
    if isinstance(number, (int, float)) and not isinstance(number, bool):
        return forms.get(_plural_rule(locale)(abs(number)), forms["other"])
    return forms["other"]


def forms(message: Any) -> list[str]:
    """Every text of a catalogue message: itself, or each of its plural forms."""
    if isinstance(message, dict):
        return [text for name, text in message.items() if name != "plural"]
    return [message]


def has(key: str, locale: Any = DEFAULT) -> bool:
    return key in catalogue(normalise(locale)) or key in catalogue(DEFAULT)
