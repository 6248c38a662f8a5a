#!/usr/bin/env python3
"""Bootstrap: creates .venv and installs the project on first use (and again when pyproject.toml changes),
then runs the bot or the tests inside it. Needs only Python >= 3.11.

    python3 bodoge.py start          run the bot (same as: python3 bodoge.py run)
    python3 bodoge.py test [ARGS]    run the whole test suite (ARGS go to pytest)
    python3 bodoge.py simulate ...   any other `python -m bot` subcommand
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_environment(extras: str) -> None:
    if sys.version_info < (3, 11):
        sys.exit("Bodoge Host needs Python 3.11 or newer.")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    marker = VENV / f".installed-{extras or 'run'}"
    if PYTHON.exists() and marker.exists() and marker.read_text() == wanted:
        return
    if not PYTHON.exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extras}]" if extras else "."
    print(f"Installing {target} into .venv …", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
                   cwd=ROOT, check=True)
    marker.write_text(wanted)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "start"
    if command == "test":
        ensure_environment("test")
        return subprocess.call([str(PYTHON), "-m", "pytest", *argv[1:]], cwd=ROOT)
    ensure_environment("")
    args = ["run", *argv[1:]] if command == "start" else argv or ["run"]
    return subprocess.call([str(PYTHON), "-m", "bot", *args], cwd=ROOT)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
