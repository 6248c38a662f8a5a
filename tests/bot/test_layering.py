"""The floors of docs/architecture.md, one way down: engines (games/) -> host services (bot/) -> each game's face
(bot/faces/) -> front-ends (cogs/, bot/terminal/, bot/__main__.py, bench/). No module reaches a higher floor, by
import (type-checking and function-local imports included) or by name (a module's dotted name handed to importlib,
`__import__` or discord.py's `load_extension`, or any `get_cog`: cogs are front-ends). Discord stays on the top floor:
`python -m bot play` and the picture workers never load it."""

from __future__ import annotations

import ast
import asyncio
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import games
from bot.render_pool import Picture, RenderPool

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "bot", "cogs", "bench", "tests/support/tiny")
FLOOR_NAMES = {1: "engines", 2: "host services", 3: "faces", 4: "front-ends"}
# the most specific prefix decides; bot/ is the host's floor unless named here
PLACES = {
    "games": 1,
    "bot": 2,
    "bot.faces": 3,
    "cogs": 4,
    "bench": 4,
    "bot.terminal": 4,
    "bot.__main__": 4,
    # Tiny, the test suite's example game, is laid out as a real game and keeps the same floors
    "tests.support.tiny": 4,  # register(): what discovery and the front-ends do for a real game
    "tests.support.tiny.rules": 1,
    "tests.support.tiny.face": 3,
    "tests.support.tiny.describe": 3,
    "tests.support.tiny.cog": 4,
}
THIRD_PARTY = {"discord": 4, "PIL": 2, "rich": 2, "aiosqlite": 2, "asyncpg": 2}  # the lowest floor that may use it
MODULE_NAME = re.compile(r"(?:games|bot|cogs|bench)(?:\.\w+)*\.?")
BY_NAME_CALLS = {"import_module", "__import__", "load_extension", "reload_extension", "unload_extension"}


def floor_of(module: str) -> int | None:
    """The floor of a dotted module name (a package's prefix counts: "bot.faces.boards" is on bot.faces's floor)."""
    best, floor = -1, None
    for prefix, number in PLACES.items():
        if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
            best, floor = len(prefix), number
    if floor is None:
        top = module.split(".")[0]
        return THIRD_PARTY.get(top)
    return floor


@dataclass(frozen=True)
class Reach:
    """One way a module uses another: `how` is "import" or "by name"."""

    target: str
    how: str
    line: int


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _literal_head(node: ast.AST) -> str | None:
    """A string argument's text, or an f-string's text before its first placeholder ("cogs." of f"cogs.{game}")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def reaches(path: Path, name: str) -> list[Reach]:
    """Every module `path` (the module `name`) imports, anywhere in it, and every module it names to a by-name
    loader; a `get_cog` call reaches the front-end floor whatever its argument."""
    found: list[Reach] = []
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend(Reach(alias.name, "import", node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.append(Reach(target, "import", node.lineno))
            found.extend(Reach(f"{target}.{alias.name}", "import", node.lineno) for alias in node.names)
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if called == "get_cog":
                found.append(Reach("cogs", "by name", node.lineno))
            elif called in BY_NAME_CALLS and node.args:
                head = _literal_head(node.args[0])
                if head is not None and MODULE_NAME.fullmatch(head):
                    found.append(Reach(head.rstrip("."), "by name", node.lineno))
    return found


def offences(root: Path = ROOT) -> list[str]:
    """Every reach of a module to a floor above its own, as "file:line (floor) imports|names target (floor)"."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).glob("**/*.py")):
            name = module_name(path, root)
            own = floor_of(name)
            assert own is not None, name
            lines = set()  # one offence a line ("from PIL import Image" names PIL and PIL.Image)
            for reach in reaches(path, name):
                target = floor_of(reach.target)
                if target is not None and target > own and reach.line not in lines:
                    lines.add(reach.line)
                    found.append(
                        f"{path.relative_to(root)}:{reach.line} ({FLOOR_NAMES[own]}) "
                        f"{'imports' if reach.how == 'import' else 'names'} {reach.target} ({FLOOR_NAMES[target]})"
                    )
    return found


def test_no_module_reaches_a_higher_floor():
    assert offences() == []


def test_every_package_is_on_a_floor():
    for package in PACKAGES:
        files = list((ROOT / package).glob("**/*.py"))
        assert files, package
        assert all(floor_of(module_name(path)) is not None for path in files)
    assert floor_of("bot.tables.play") == 2 and floor_of("bot.faces.bossa.image") == 3
    assert floor_of("bot.terminal") == 4 and floor_of("cogs.table") == 4 and floor_of("games.colorse.rules") == 1


PLANTS = {
    "bot/storage/planted.py": "from cogs.table import TableCog\n",
    "bot/tables/planted.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.faces import face\n",
    "bot/planted.py": "import importlib\n\ndef load(game):\n    return importlib.import_module(f'cogs.{game}')\n",
    "bot/faces/planted.py": "def table(bot):\n    return bot.get_cog('TableCog')\n",
    "games/planted.py": "def face(game):\n    from bot.faces import face\n\n    return face(game)\n",
    "bot/faces/other.py": "import discord\n",
    "games/drawn.py": "from PIL import Image\n",
}


@pytest.fixture
def planted_tree(tmp_path):
    """A copy of the floors' packages (their files' text) with one planted reach per file of PLANTS."""
    for package in PACKAGES:
        for path in (ROOT / package).glob("**/*.py"):
            copy = tmp_path / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    for relative, text in PLANTS.items():
        (tmp_path / relative).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_scan_is_shown_failing_on_each_planted_reach(planted_tree):
    found = offences(planted_tree)
    assert len(found) == len(PLANTS)
    for relative in PLANTS:
        assert any(line.startswith(relative + ":") for line in found), relative
    assert "bot/planted.py:4 (host services) names cogs (front-ends)" in found
    assert "bot/faces/planted.py:2 (faces) names cogs (front-ends)" in found
    assert "bot/tables/planted.py:3 (host services) imports bot.faces (faces)" in found


def test_a_module_may_load_its_own_floor_and_below_by_name(tmp_path):
    (tmp_path / "bot").mkdir()
    sample = tmp_path / "bot" / "sample.py"
    sample.write_text("import importlib\nimportlib.import_module(f'games.{x}')\nimportlib.import_module(name)\n")
    assert [reach.target for reach in reaches(sample, "bot.sample")] == ["importlib", "games"]


PLAY_IMPORTS = """
import sys
import games
import bot.__main__
from bot.terminal import play_in_terminal
from bot.faces import face
from bot.faces.replay import draw_replay
for game in games.ids():
    face(game)
print(sorted(name for name in sys.modules if name == "discord" or name.startswith(("discord.", "cogs"))))
"""


def test_the_terminal_and_the_command_line_never_load_discord():
    """`python -m bot play` (and every face, and the replay GIF) without discord.py or any cog."""
    done = subprocess.run([sys.executable, "-c", PLAY_IMPORTS], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def loaded_upstairs() -> bytes:
    """Run in a picture worker: the front-end modules it has loaded (none, it is to be hoped)."""
    return ",".join(sorted(name for name in sys.modules if name.startswith(("discord", "cogs")))).encode()


def test_a_picture_worker_never_loads_discord():
    async def ask() -> bytes:
        pool = RenderPool(workers=1, kind="process")
        pool.warm([f"bot.faces.{game}.face" for game in games.ids()])
        try:
            return await pool.draw(Picture(loaded_upstairs))
        finally:
            pool.shutdown()

    assert asyncio.run(ask()) == b""
