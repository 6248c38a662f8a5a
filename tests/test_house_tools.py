"""The house tools hold over the whole tree: ruff's format and lint (pyproject.toml, 120 columns) and mypy's type
check of the engines and the host (games/, bot/)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("command", [("ruff", "format", "--check", "."), ("ruff", "check", ".")])
def test_ruff_finds_nothing(command):
    result = run(*command)
    assert result.returncode == 0, result.stdout + result.stderr


# Modules whose type errors wait for the rewrite under way in them; the check holds for every other module.
MYPY_PENDING = {
    "bot/__main__.py",
    "bot/client.py",
    "bot/render.py",
    "bot/terminal/__init__.py",
    "bot/terminal/boards.py",
    "bot/words.py",
    "games/blue_border/rules.py",
    "games/blue_border/strong.py",  # the state's attributes are typed in rules.py
    "games/bossa/ai.py",  # likewise
    "games/bossa/rules.py",
    "games/colorse/rules.py",
    "games/deep_dive/rules.py",
    "games/diamond_box/rules.py",
}


def test_mypy_finds_nothing():
    result = run("mypy")
    failing = {line.split(":", 1)[0] for line in result.stdout.splitlines() if ": error:" in line}
    assert not failing - MYPY_PENDING, result.stdout
    assert result.returncode in (0, 1), result.stdout + result.stderr  # 2: mypy itself failed
