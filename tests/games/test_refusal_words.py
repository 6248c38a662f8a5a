"""Every refusal an engine can raise has a message in plain words, in both catalogues, naming the rule: the codes
are read from the engines' source (IllegalAction(...) and _error(...) calls, and the codes their refusal functions
return: `_refusal`, `_placement_problem`, `judge`), so a new refusal without words fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.i18n import catalogue

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
REFUSAL_FUNCTIONS = ("_refusal", "_placement_problem", "judge")


def _strings(node: ast.AST) -> list[str]:
    """String constants an expression can evaluate to (`"x"`, `"x" if c else None`, `None if c else "x"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def refusal_keys() -> dict[str, set[str]]:
    """Catalogue key -> the source files that can raise it."""
    keys: dict[str, set[str]] = {}
    for path in sorted(GAMES_DIR.rglob("*.py")):
        game = path.parent.name if path.parent != GAMES_DIR else None
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            found: list[str] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                codes = _strings(node.args[0])
                if node.func.id == "IllegalAction":
                    key = (
                        node.args[1]
                        if len(node.args) > 1
                        else next((k.value for k in node.keywords if k.arg == "key"), None)
                    )
                    if isinstance(key, ast.Constant):
                        found = [key.value]
                    elif key is None:
                        found = [f"error.{code}" for code in codes]
                    else:  # f"<game>.error.{code}": the codes come from the refusal functions, below
                        found = [f"{game}.error.{code}" for code in codes]
                elif node.func.id == "_error":
                    found = [f"{game}.error.{code}" for code in codes]
            elif isinstance(node, ast.FunctionDef) and node.name in REFUSAL_FUNCTIONS and game:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        found += [f"{game}.error.{code}" for code in _strings(inner.value)]
            for key in found:
                keys.setdefault(key, set()).add(str(path.relative_to(GAMES_DIR)))
    return keys


def test_the_scan_finds_the_refusals_of_every_kind():
    keys = refusal_keys()
    assert {"error.not_your_turn", "error.illegal_action"} <= set(keys)  # the contract's
    assert {"blue_border.error.call_banned", "deep_dive.error.cannot_skip"} <= set(keys)  # _refusal's codes
    assert {"diamond_box.error.frame_clash", "diamond_box.error.not_in_hand"} <= set(keys)  # judge, the problem
    assert "colorse.error.bad_stacked" in keys


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_refusal_has_plain_words_in_both_languages(locale):
    messages = catalogue(locale)
    generic = messages["error.illegal_action"]
    for key, where in refusal_keys().items():
        text = messages.get(key)
        assert text, (locale, key, where)
        assert "illegal" not in text.lower() and "_" not in text, (locale, key, text)
        if key != "error.illegal_action":
            assert text != generic, (locale, key)


def test_bossa_and_colorse_name_the_rule_a_refused_move_breaks():
    from games.contract import IllegalAction
    from tests.games.bossa.helpers import place, start
    from tests.games.colorse.helpers import PAD, new, signs

    state = start(["w4b0", "w4b2", "w2b1", "w0b6"], ["w4b1", "w1b0", "w3b0", "w1b1"], ["w0b5", "w0b4", "w0b3"])
    seat = state.active
    before = state.to_json()
    for action, code in (
        (place("white", "down", "w0b6"), "not_in_hand" if "w0b6" not in state.hands[seat] else "bad_column"),
        ({"type": "exchange", "give": state.hands[seat][0], "take": "nope"}, "not_in_their_hand"),
    ):
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, action)
        assert refused.value.code == code and state.to_json() == before

    game = new(["R", "G", "B", "Y", "R", "Y", "Y"] + PAD)
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.parent, {"type": "take", "slot": 0})
    assert refused.value.code == "wrong_step"
    signs(game, "doh", "rau")
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.to_act()[0], {"type": "place", "card": "B"})
    assert refused.value.code == "wrong_step"  # a take comes before placing
