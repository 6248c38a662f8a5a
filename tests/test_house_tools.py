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


def test_mypy_finds_nothing():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
