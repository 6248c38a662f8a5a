"""What a newcomer reads names real things: every path of ours (`bot/faces/<id>/face.py`, `docs/rules/`) and every
module of ours (`bot.faces.face`, `games.checks.Hidden.piece`) named in the docs (docs/, the READMEs), the Dockerfile,
docker-compose.yml, pyproject.toml and our Python's comments and docstrings exists, and so does every relative link
of the docs. A placeholder stands for any value: `<id>` (or `<game>`, `{game}`) a game of `games/`, `<locale>` a
language, `{en,ja}` each listed one, any other (`<name>`, `*`) anything."""

from __future__ import annotations

import ast
import io
import itertools
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "bot", "cogs", "bench", "tests")
# a path ends in a file's extension or a folder's slash (so "38 games/s" is no path)
OURS = "|".join(PACKAGES)
PATH = re.compile(r"(?<![\w/.\-])((?:" + OURS + r"|data|docs)/[\w<>{}*,.\-/]*(?:\.\w+|/))(?![\w/])")
MODULE = re.compile(r"(?<![\w/.\-])((?:" + OURS + r")(?:\.[A-Za-z_]\w*)+)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
GAME_PLACEHOLDERS = ("<id>", "<game>", "<game_id>", "{game}", "{id}")
LOCALE_PLACEHOLDERS = ("<locale>", "<lang>")


def read_texts(root: Path = ROOT) -> Iterator[tuple[Path, int, str]]:
    """(file, line, text): our Python's comments and docstrings, and every line of the docs and build files."""
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            yield from python_texts(path)
    documents = [*sorted((root / "docs").rglob("*.md")), root / "README.md", root / "README.ja.md"]
    documents += [root / "tests/README.md", root / "Dockerfile", root / "docker-compose.yml", root / "pyproject.toml"]
    for path in documents:
        if path.is_file():
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                yield path, number, line


def python_texts(path: Path) -> Iterator[tuple[Path, int, str]]:
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield path, token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    yield path, first.lineno, first.value.value


def games_found(root: Path) -> list[str]:
    return sorted(
        path.parent.name for path in (root / "games").glob("*/__init__.py") if path.parent.name != "__pycache__"
    )


def expansions(name: str, game_ids: list[str]) -> Iterator[str]:
    options: list[list[str]] = []
    for part in re.split(r"(<[^>]+>|\{[^}]+\})", name):
        if part in GAME_PLACEHOLDERS:
            options.append(game_ids)
        elif part in LOCALE_PLACEHOLDERS:
            options.append(["en", "ja"])
        elif part.startswith("{") and "," in part:
            options.append(part[1:-1].split(","))
        elif part.startswith(("<", "{")):
            options.append(["*"])
        else:
            options.append([part])
    for combination in itertools.product(*options):
        yield "".join(combination)


def path_exists(name: str, root: Path, game_ids: list[str]) -> bool:
    for candidate in expansions(name, game_ids):
        if ("*" in candidate and any(root.glob(candidate.rstrip("/")))) or (root / candidate).exists():
            return True
    return False


def defined_names(tree: ast.AST) -> set[str]:
    """The names a module (or a class body) defines at its top, and the attributes its methods set on `self`."""
    names: set[str] = set()
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.If | ast.Try):
            names |= defined_names(node)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            names.add(node.attr)
    return names


def module_exists(dotted: str, root: Path) -> bool:
    """A module of ours, or a name its module defines (and, for a class, the name's member)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base = root.joinpath(*parts[:cut])
        source = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        if not source.is_file() and not base.is_dir():
            continue
        rest = parts[cut:]
        if not rest:
            return True
        if not source.is_file():
            return False
        tree = ast.parse(source.read_text(encoding="utf-8"))
        if rest[0] not in defined_names(tree):
            return False
        classes = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == rest[0]]
        return len(rest) == 1 or not classes or rest[1] in defined_names(classes[0])
    return False


def missing_names(texts: Iterator[tuple[Path, int, str]], root: Path = ROOT) -> list[str]:
    game_ids = games_found(root)
    missing = []
    for path, number, text in texts:
        where = f"{path.relative_to(root)}:{number}"
        for match in PATH.finditer(text):
            if not path_exists(match.group(1), root, game_ids):
                missing.append(f"{where}: {match.group(1)}")
        for match in MODULE.finditer(text):
            if not module_exists(match.group(1), root):
                missing.append(f"{where}: {match.group(1)}")
        if path.suffix == ".md":
            for match in LINK.finditer(text):
                target = match.group(1)
                if "://" not in target and not target.startswith("mailto:") and not (path.parent / target).exists():
                    missing.append(f"{where}: link {target}")
    return missing


def test_every_path_and_module_named_exists():
    assert missing_names(read_texts()) == []


def test_a_name_that_does_not_exist_is_found():
    lines = [
        "the face is `bot/faces/<id>/face.py` and its words `bot/faces/{game}/words.py`",  # every game has them
        "its presenter `cogs/<id>/__init__.py` and `cogs/presenter.py`",  # a game's cog is a module, not a package
        "`data/i18n/<locale>/<name>.json`, `docs/<name>/nothing.md`",
        "`bot.faces.face(game)`, `bot.faces.GameFace.describe` and `games.checks.Hidden.piece`",
        "`bot.faces.nothing`, `bot.faces.GameFace.nothing`, `bot.nowhere.face` and `games/<id>/` at 38 games/s",
        "[engines](engines.md), [gone](gone.md), [site](https://example.com/x.md)",
    ]
    document = ROOT / "docs" / "example.md"
    found = missing_names(iter([(document, number, line) for number, line in enumerate(lines, 1)]))
    assert found == [
        "docs/example.md:2: cogs/<id>/__init__.py",
        "docs/example.md:3: docs/<name>/nothing.md",
        "docs/example.md:5: bot.faces.nothing",
        "docs/example.md:5: bot.faces.GameFace.nothing",
        "docs/example.md:5: bot.nowhere.face",
        "docs/example.md:6: link gone.md",
    ]


def test_comments_and_docstrings_are_read_but_not_other_strings(tmp_path):
    source = tmp_path / "sample.py"
    lines = [
        '"""Module: bot/a.py."""',
        "# comment: bot/b.py",
        'PLANTED = "bot/c.py"',
        "def f():",
        '    """Function: bot/d.py."""',
    ]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [text for _path, _line, text in python_texts(source)] == [
        "# comment: bot/b.py",
        "Module: bot/a.py.",
        "Function: bot/d.py.",
    ]
