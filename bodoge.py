#!/usr/bin/env python3
"""Bootstrap: creates .venv and installs the project on first use (and again when pyproject.toml changes),
then runs the bot or the tests inside it. Needs only Python >= 3.11.

    python3 bodoge.py start          run the bot (same as: python3 bodoge.py run)
    python3 bodoge.py test [ARGS]    run the whole test suite (ARGS go to pytest)
    python3 bodoge.py simulate ...   any other `python -m bot` subcommand
    python3 bodoge.py lock           refresh requirements.lock and requirements-test.lock from pyproject.toml
                                     (--upgrade: move every pin to the newest release)

Dependencies are installed from the hash-pinned lock files (requirements.lock; with the test extra,
requirements-test.lock), so a new release of a dependency cannot change an install. A dependency added to
pyproject.toml but not yet in the lock is installed unpinned, with a warning to run `python3 bodoge.py lock`.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def lock_file(extras: str) -> Path:
    return ROOT / ("requirements-test.lock" if extras == "test" else "requirements.lock")


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[(]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-").replace(".", "-")


def unlocked(extras: str) -> list[str]:
    """pyproject.toml's requirements (with `extras`) that the lock file does not pin (added since the last lock)."""
    import tomllib  # Python 3.11+ (checked before this runs)

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project.get("dependencies", []))
    if extras:
        wanted += project.get("optional-dependencies", {}).get(extras, [])
    pinned = {_name(line) for line in lock_file(extras).read_text().splitlines() if "==" in line}
    return [requirement for requirement in wanted if _name(requirement) not in pinned]


def ensure_environment(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - bodoge.py runs on whatever python3 the machine has
        sys.exit("Bodoge Host needs Python 3.11 or newer.")
    lock = lock_file(extras)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + lock.read_bytes() + extras.encode()).hexdigest()
    marker = VENV / f".installed-{extras or 'run'}"
    if PYTHON.exists() and marker.exists() and marker.read_text() == wanted:
        return
    if not PYTHON.exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print(f"Installing {lock.name} into .venv …", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "--require-hashes", "--no-deps", "-r", str(lock)], cwd=ROOT, check=True)
    missing = unlocked(extras)
    if missing:
        print(
            f"warning: {', '.join(missing)} not in {lock.name}; installing unpinned. "
            "Refresh the lock: python3 bodoge.py lock",
            file=sys.stderr,
            flush=True,
        )
        subprocess.run([*pip, *missing], cwd=ROOT, check=True)
    marker.write_text(wanted)


def refresh_locks(upgrade: bool) -> int:
    """Resolve both lock files from pyproject.toml against PyPI, with hashes (pip-tools' pip-compile): pins already
    in a lock stay unless `upgrade`; requirements new in pyproject.toml are added."""
    ensure_environment("test")
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "pip-tools>=7.4"], cwd=ROOT, check=True)
    mirrors = {"PIP_FIND_LINKS", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_CONSTRAINT"}
    env = {key: value for key, value in os.environ.items() if key not in mirrors}
    env["PIP_CONFIG_FILE"] = os.devnull  # pip's default index, not a machine's local mirrors or caps
    for extras in ("", "test"):
        command = [
            str(PYTHON),
            "-m",
            "piptools",
            "compile",
            "--quiet",
            *(["--upgrade"] if upgrade else []),
            "--generate-hashes",
            "--strip-extras",
            "--allow-unsafe",
            "--no-emit-index-url",
            "--no-emit-find-links",
            "-o",
            lock_file(extras).name,
            "pyproject.toml",
        ]
        if extras:
            command[-3:-3] = ["--extra", extras]
        if subprocess.call(command, cwd=ROOT, env=env):
            return 1
    return 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "start"
    if command == "lock":
        return refresh_locks("--upgrade" in argv[1:])
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
