"""Every event and game-specific error has an English and a Japanese message that formats with its fields."""

import json
import random
import re
from pathlib import Path

import pytest

from games.deep_dive import SPEC

ROOT = Path(__file__).resolve().parents[3]
SOURCE = (ROOT / "games" / "deep_dive" / "rules.py").read_text(encoding="utf-8")
CATALOGUES = {
    locale: json.loads((ROOT / "data" / "deep_dive" / "i18n" / f"{locale}.json").read_text(encoding="utf-8"))
    for locale in ("en", "ja")
}


def emitted_event_types():
    return set(re.findall(r'\{\s*"type": "(\w+)"', SOURCE)) - {action["type"] for action in _all_action_types()}


def _all_action_types():
    return [{"type": kind} for kind in ("swallow", "flip", "keep", "deeper", "automaton_pick", "timeout")]


def error_codes():
    return set(re.findall(r'IllegalAction\(\s*"(\w+)"', SOURCE)) | set(re.findall(r'return "(\w+)"', SOURCE))


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_catalogues_name_every_event_error_and_action(locale):
    catalogue = CATALOGUES[locale]
    events = emitted_event_types() | {"flip", "timeout", "swallow", "deeper"}
    assert {"dive_start", "trapped", "game_end", "automaton_tie"} <= events
    for kind in events:
        assert f"deep_dive.event.{kind}" in catalogue
    assert {"no_rock", "cannot_skip", "bad_stacked"} <= error_codes()
    for code in error_codes():
        assert f"deep_dive.error.{code}" in catalogue
    for kind in ("swallow", "take", "flip", "keep", "deeper", "skip", "retreat_take", "automaton_pick"):
        assert f"deep_dive.action.{kind}" in catalogue
    assert catalogue["deep_dive.name"] and len(catalogue["deep_dive.summary"]) > 100
    assert set(catalogue) == set(CATALOGUES["en"])


@pytest.mark.parametrize("players", [1, 3])
def test_event_messages_format_with_the_events_fields(players):
    seen = set()
    for seed in range(6):
        state, chooser = SPEC.new(players, {}, seed=seed), random.Random(seed)
        while not state.finished:
            seat = state.to_act()[0]
            for event in state.apply(seat, chooser.choice(state.legal_actions(seat))):
                seen.add(event["type"])
                for catalogue in CATALOGUES.values():
                    catalogue[f"deep_dive.event.{event['type']}"].format(**event)
    assert {"flip", "take", "trapped", "game_end"} <= seen
