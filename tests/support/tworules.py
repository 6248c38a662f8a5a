"""The tiny game after a rule fix: under version 2 of its rules an "add" counts twice; version 1, where it counted
once, is still played (records and tables from before the fix). Register it with `registered(monkeypatch)`."""

from __future__ import annotations

import dataclasses

import games
from tests.support.tiny.rules import SPEC as TINY
from tests.support.tiny.rules import TinyState


class TwoRulesState(TinyState):
    def _apply(self, seat: int, action: dict) -> list[dict]:
        if action["type"] == "add" and self.rules_version >= 2:
            action = {**action, "n": 2 * action["n"]}
        return super()._apply(seat, action)


SPEC = dataclasses.replace(TINY, id="two_rules", state_class=TwoRulesState, rules_version=2, oldest_rules=1)
TwoRulesState.spec = SPEC


def registered(monkeypatch, **changes) -> games.GameSpec:
    """Registers the game (with `changes` to its spec: another deploy of the code) for this test only."""
    spec = dataclasses.replace(SPEC, **changes)
    monkeypatch.setitem(games._registry, spec.id, spec)
    return spec
