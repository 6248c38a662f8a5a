"""Every registered game has every piece (docs/adding-a-game.md): its spec, its face (`bot/faces/<id>/face.py`),
its messages in both languages (data/<id>/i18n/), its glossary and its rules, and a presenter and a terminal that draw a
fresh game. A missing piece is named, so a new game's author reads the list of what is left; `missing_pieces` is
shown failing on deliberately incomplete games below."""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from pathlib import Path

import pytest
from PIL import ImageColor
from rich.console import Console

import games
from bot import faces
from bot.faces import GameFace
from bot.i18n import LOCALES, has
from cogs import gallery
from games.checks import GameChecks
from games.contract import GameSpec, GameState
from tests.support import tiny
from tests.support.tiny.rules import SPEC as TINY

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ("{id}.summary", "terminal.score.{id}")  # /rules and /help; the terminal's end


def home(spec: GameSpec) -> tuple[Path, Path]:
    """Where the game's data (glossary, catalogue i18n/<locale>.json) and rules are: data/<id>/ and docs/rules/ for
    the games of `games/`; a game the tests add keeps them beside its code."""
    if spec.state_class.__module__.startswith("games."):
        return ROOT / "data" / spec.id, ROOT / "docs" / "rules"
    folder = Path(sys.modules[spec.state_class.__module__].__file__).parent
    return folder, folder


def missing_pieces(spec: GameSpec) -> list[str]:
    """Every piece the game lacks, each named with where it belongs."""
    game = spec.id
    missing = [f"spec: a name in {locale!r} (names)" for locale in LOCALES if not spec.names.get(locale)]
    if not 1 <= spec.min_players <= spec.max_players:
        missing.append(f"spec: seat counts {spec.min_players}..{spec.max_players}")
    if not spec.ai_levels or not callable(spec.agent):
        missing.append("spec: an agent and its ai_levels")
    missing += [
        f"spec: a default for the option {name!r} (options)" for name in spec.choices if name not in spec.options
    ]
    if not isinstance(spec.checks, GameChecks):
        missing.append("spec: checks (games/checks.py)")
    data, rules = home(spec)
    if spec.state_class.__module__.startswith("games."):  # a shipped game teaches itself (docs/learn.md)
        missing += [
            f"learning: {data / name} ({what})"
            for name, what in (("rules_pages.json", "/rules' pages"), ("lesson.json", "/learn's lesson"))
            if not (data / name).is_file()
        ]
    if (data / "lesson.json").is_file() and not callable(spec.hint_reason):
        missing.append(f"spec: hint_reason, a lesson's hints in the game's words (games/{game}/hint.py)")
    if not spec.rules_file or not (rules / spec.rules_file).is_file():
        missing.append(f"rules: {rules / (spec.rules_file or f'{game}.md')} (spec.rules_file)")
    missing += [
        f"messages: {data / 'i18n' / f'{locale}.json'} (the game's catalogue in {locale})"
        for locale in LOCALES
        if not (data / "i18n" / f"{locale}.json").is_file()
    ]
    glossary = data / "glossary.json"
    if not glossary.is_file() or not json.loads(glossary.read_text(encoding="utf-8")).get("terms"):
        missing.append(f"glossary: {glossary} with its terms")
    missing += [
        f"message {key.format(id=game)!r} in {locale}"
        for key in MESSAGES
        for locale in LOCALES
        if not has(key.format(id=game), locale)
    ]
    try:
        face = faces.face(game)
    except Exception as error:  # noqa: BLE001 - whatever stops the face loading is what the author must fix
        return [*missing, f"face: bot/faces/{game}/face.py defining FACE ({error!r})"]
    if not isinstance(face, GameFace):
        return [*missing, f"face: FACE in bot/faces/{game}/face.py is a GameFace (bot.faces)"]
    if face.describe is None:
        missing.append(f"face: describe, its board in sentences (bot/faces/{game}/describe.py, bot/describe.py)")
    missing += _drawn(spec, face)
    return missing


def _drawn(spec: GameSpec, face: GameFace) -> list[str]:
    """What the face fails to show of a fresh game: its presenter's board (and picture), its terminal board, its
    palette's colours."""
    missing = []
    try:
        bad = [colour for colour in face.palette() if not _is_colour(colour)]
        if bad:
            missing.append(f"face: palette colours Pillow can read (not {bad[:3]})")
    except Exception as error:  # noqa: BLE001
        missing.append(f"face: palette ({error!r})")
    state = spec.new(spec.min_players, {}, 1)
    table = gallery.table_for(spec.id, state)
    try:
        presenter = gallery.presenter_for(spec.id)
        if getattr(presenter, "game_id", None) != spec.id:
            missing.append(f"face: a presenter whose game_id is {spec.id!r}")
        board = presenter.public(table, "en")
        if board.image is not None and board.image_name not in face.image_names:
            missing.append(f"face: image_names listing {board.image_name!r}")
    except Exception as error:  # noqa: BLE001
        missing.append(f"face: a presenter that draws a fresh game's board ({error!r})")
    if face.describe is not None:
        try:
            for seat in (None, *range(state.players)):
                sentences = presenter.sentences(table, seat, "en")
                if not sentences or not all(isinstance(s, str) and s.strip() for s in sentences):
                    missing.append(f"face: describe saying a fresh game in sentences (not {sentences!r})")
                    break
        except Exception as error:  # noqa: BLE001
            missing.append(f"face: describe that says a fresh game in words ({error!r})")
    try:
        console = Console(file=io.StringIO(), width=60, color_system=None)
        console.print(face.terminal.board(table, state.view(state.to_act()[0] if state.to_act() else None), "en"))
    except Exception as error:  # noqa: BLE001
        missing.append(f"face: a terminal board that draws a fresh game ({error!r})")
    return missing


def _is_colour(colour: object) -> bool:
    try:
        ImageColor.getrgb(colour)
    except (ValueError, TypeError, AttributeError):
        return False
    return True


@pytest.mark.parametrize("game", games.ids())
def test_every_registered_game_has_every_piece(game):
    assert missing_pieces(games.get(game)) == []


def test_the_games_are_found_in_the_lobbys_order_and_the_example_is_among_them():
    assert games.built_in()[:5] == ["blue_border", "diamond_box", "bossa", "deep_dive", "colorse"]
    assert "tiny" in games.ids() and "tiny" not in games.built_in()  # registered by the tests alone


# --- the test itself, on games that lack pieces ---------------------------------------------------------------------
class _Bare(GameState):
    """A state class that is never played: enough for the spec-level checks."""

    new_game = to_act = legal_actions = _apply = view = result = to_dict = from_dict = None  # type: ignore[assignment]
    finished = False


def test_a_game_without_its_pieces_is_told_each_one():
    spec = GameSpec(
        id="unfinished_example",
        names={"en": "Unfinished"},
        min_players=2,
        max_players=2,
        options={},
        state_class=_Bare,
        agent=tiny.rules.tiny_agent,
        choices={"speed": [1, 2]},
    )
    missing = missing_pieces(spec)
    assert "spec: a name in 'ja' (names)" in missing
    assert "spec: a default for the option 'speed' (options)" in missing
    assert any(
        item.startswith("rules: ") and item.endswith("unfinished_example.md (spec.rules_file)") for item in missing
    )
    assert any(item.startswith("glossary: ") for item in missing)
    assert any(
        item.startswith("messages: ") and item.endswith("en.json (the game's catalogue in en)") for item in missing
    )
    assert "message 'unfinished_example.summary' in ja" in missing
    assert "message 'terminal.score.unfinished_example' in en" in missing
    assert any(item.startswith("face: bot/faces/unfinished_example/face.py defining FACE") for item in missing)


def test_a_face_that_cannot_draw_a_fresh_game_is_told(monkeypatch):
    def broken_board(table, view, locale):
        raise KeyError("a view field it expected")

    broken = dataclasses.replace(
        faces.face("tiny"),
        terminal=dataclasses.replace(faces.face("tiny").terminal, board=broken_board),
        palette=lambda: ["#12345"],
    )
    monkeypatch.setitem(faces._faces, "tiny", broken)
    missing = missing_pieces(TINY)
    assert missing == [
        "face: palette colours Pillow can read (not ['#12345'])",
        "face: a terminal board that draws a fresh game (KeyError('a view field it expected'))",
    ]


def test_a_game_with_a_lesson_but_no_hint_reason_is_told():
    without = dataclasses.replace(games.get("bossa"), hint_reason=None)
    assert missing_pieces(without) == ["spec: hint_reason, a lesson's hints in the game's words (games/bossa/hint.py)"]


def test_a_shipped_game_without_its_rules_pages_and_lesson_is_told():
    unteaching = dataclasses.replace(games.get("bossa"), id="unteaching")  # a games/ game with no folder in data/
    missing = missing_pieces(unteaching)
    assert f"learning: {ROOT / 'data' / 'unteaching' / 'rules_pages.json'} (/rules' pages)" in missing
    assert f"learning: {ROOT / 'data' / 'unteaching' / 'lesson.json'} (/learn's lesson)" in missing
    assert f"messages: {ROOT / 'data' / 'unteaching' / 'i18n' / 'ja.json'} (the game's catalogue in ja)" in missing


def test_a_face_without_its_board_in_words_is_told(monkeypatch):
    monkeypatch.setitem(faces._faces, "tiny", dataclasses.replace(faces.face("tiny"), describe=None))
    assert missing_pieces(TINY) == [
        "face: describe, its board in sentences (bot/faces/tiny/describe.py, bot/describe.py)"
    ]


def test_a_describe_that_says_nothing_is_told(monkeypatch):
    monkeypatch.setitem(faces._faces, "tiny", dataclasses.replace(faces.face("tiny"), describe=lambda scene: []))
    assert missing_pieces(TINY) == ["face: describe saying a fresh game in sentences (not [])"]


def test_a_built_in_game_without_its_description_is_named(monkeypatch):
    bossa = faces.face("bossa")
    assert missing_pieces(games.get("bossa")) == []
    monkeypatch.setitem(faces._faces, "bossa", dataclasses.replace(bossa, describe=None))
    assert any(item.startswith("face: describe, ") for item in missing_pieces(games.get("bossa")))
