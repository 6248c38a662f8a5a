"""Every event, error and action label has an English and a Japanese message that formats with its fields."""

import json
import random
import re
from pathlib import Path

import pytest

from bot.i18n import forms
from games import SYSTEM
from games.colorse import SPEC

ROOT = Path(__file__).resolve().parents[3]
SOURCE = (ROOT / "games" / "colorse" / "rules.py").read_text(encoding="utf-8")
CATALOGUES = {
    locale: json.loads((ROOT / "data" / "colorse" / "i18n" / f"{locale}.json").read_text(encoding="utf-8"))
    for locale in ("en", "ja")
}
ACTION_TYPES = {"sign", "take", "place", "bonus", "special", "timeout"}


def emitted_event_types() -> set[str]:
    return set(re.findall(r'\{\s*"type": "(\w+)"', SOURCE)) - ACTION_TYPES


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_catalogues_name_every_event_error_and_action(locale):
    catalogue = CATALOGUES[locale]
    kinds = emitted_event_types()
    assert {"signs_revealed", "sign_chosen", "vanished", "round_won", "game_won", "round_drawn"} <= kinds
    for kind in kinds:
        assert f"colorse.event.{kind}" in catalogue
    codes = set(re.findall(r'IllegalAction\(\s*"(\w+)"', SOURCE))
    assert codes == {"bad_option", "bad_stacked"}
    for code in codes:
        assert f"colorse.error.{code}" in catalogue
    for key in (
        "sign.doh",
        "sign.zorf",
        "sign.rau",
        "take.0",
        "take.2",
        "place.card",
        "place.special",
        "bonus.face_down",
        "bonus.face_up",
        "special",
    ):
        assert f"colorse.action.{key}" in catalogue
    assert catalogue["colorse.name"] and len(catalogue["colorse.summary"]) > 200
    assert set(catalogue) == set(CATALOGUES["en"])


def test_event_messages_format_with_the_events_fields():
    seen = set()
    for seed in range(12):
        state, chooser = SPEC.new(3 + seed % 2, {}, seed=seed), random.Random(seed)
        while not state.finished:
            if chooser.random() < 0.05:
                events = state.apply(SYSTEM, {"type": "timeout"})
            else:
                seat = chooser.choice(state.to_act())
                events = state.apply(seat, chooser.choice(state.legal_actions(seat)))
            for event in events:
                seen.add(event["type"])
                for catalogue in CATALOGUES.values():
                    for form in forms(catalogue[f"colorse.event.{event['type']}"]):
                        assert "{" not in form.format(**event)
    assert {"signs_revealed", "took", "placed", "vanished", "round_won", "game_won", "timed_out"} <= seen
