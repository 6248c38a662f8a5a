"""Tiny, the example game (docs/adding-a-game.md): counting to a target in turns, then a race to grab. It is laid out
as a real game is, so each file shows one piece; only the test suite registers it (tests/conftest.py calls
`register()`), so the live bot never lists it. A real game needs no `register()`: `games` finds `games/<id>/` and
`bot.faces` imports `bot/faces/<id>/face.py`, and the files below would be, for a game `<id>`:

    rules.py       games/<id>/rules.py + games/<id>/__init__.py   the engine and its SPEC (with its CHECKS)
    cog.py         cogs/<id>.py                                   its presenter and the extension's `setup`
    face.py        bot/faces/<id>/face.py (+ words.py, ...)       FACE: what the host shows of it
    describe.py    bot/faces/<id>/describe.py                     its board in sentences
    i18n/*.json    data/<id>/i18n/{en,ja}.json                    its messages, in both languages
    glossary.json  data/<id>/glossary.json                        the words its messages use
    tiny.md        docs/rules/<id>.md                             the rules it follows
"""

from __future__ import annotations

import json
from pathlib import Path

import games
from bot import faces
from bot.i18n import LOCALES, catalogue

HERE = Path(__file__).resolve().parent
CATALOGUE = HERE / "i18n"  # where a real game's are data/<id>/i18n/


def register() -> None:
    """What discovery does for a real game: its spec, its face and its messages, known to this process."""
    from tests.support.tiny import cog  # noqa: F401 (defining its presenter registers it)
    from tests.support.tiny.face import FACE
    from tests.support.tiny.rules import SPEC

    games.register(SPEC)
    faces.register(SPEC.id, FACE)
    for locale in LOCALES:
        catalogue(locale).update(json.loads((CATALOGUE / f"{locale}.json").read_text(encoding="utf-8")))
