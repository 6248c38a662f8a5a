import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env=None):
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True, text=True, env=environment, timeout=60
    )


def test_help_lists_every_subcommand():
    out = run("--help").stdout
    for name in ("run", "play", "simulate", "replay"):
        assert name in out


def test_run_without_a_token_explains_and_fails(tmp_path):
    for lang, phrase in (("en_US.UTF-8", "DISCORD_TOKEN"), ("ja_JP.UTF-8", "ボットトークン")):
        done = run("run", "--env-file", str(tmp_path / "none.env"), env={"LANG": lang})
        assert done.returncode != 0
        assert phrase in done.stderr and "Traceback" not in done.stderr


def test_simulate_json_has_the_contract_keys(tmp_path):
    game = "blue_border"
    done = run("simulate", game, "--players", "3", "--games", "3", "--json")
    data = json.loads(done.stdout)
    assert set(data) == {
        "game",
        "players",
        "games",
        "finished",
        "errors",
        "mean_actions",
        "wins_by_seat",
        "games_per_second",
        "draws",
        "wins_counting",
    }
    assert data["finished"] == 3 and data["errors"] == 0 and done.returncode == 0
    assert "1/k" in data["wins_counting"]
    assert sum(data["wins_by_seat"]) + data["draws"] == 3  # every finished game counted once


def test_simulate_text_says_how_shared_wins_count():
    done = run("simulate", "diamond_box", "--games", "2", "--quiet")
    assert done.returncode == 0 and "a win shared by k seats adds 1/k to each of them" in done.stdout
    assert "no winner" in done.stdout


@pytest.mark.parametrize(
    "args, phrase",
    [
        (["bossa", "--players", "5"], "is for 2 to 2 players; you asked for 5."),
        (["bossa", "--games", "-3"], "--games must be at least 1; you asked for -3."),
        (["bossa", "--games", "0"], "--games must be at least 1"),
        (["nosuchgame"], "Games: blue_border, diamond_box, bossa, deep_dive, colorse."),
    ],
)
def test_simulate_checks_its_arguments_first(args, phrase):
    done = run("simulate", *args)
    assert done.returncode == 2 and phrase in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("quiet", [False, True])
def test_simulate_shows_a_progress_bar_on_a_terminal_unless_quiet(quiet):
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "simulate", "diamond_box", "--games", "16", *(["--quiet"] if quiet else [])],
        cwd=ROOT,
        env={**os.environ, "TERM": "xterm-256color", "BODOGE_PROGRESS_AFTER": "0"},
        encoding="utf-8",
        timeout=60,
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "finished        16" in child.before
    assert ("simulating" in child.before) is not quiet


def test_the_idle_lobby_default_comes_from_the_environment(monkeypatch, tmp_path):
    from bot import config

    monkeypatch.setenv("BODOGE_LOBBY_IDLE_MINUTES", "45")
    assert config.load(tmp_path / "missing.env").lobby_idle_minutes == 45
    monkeypatch.delenv("BODOGE_LOBBY_IDLE_MINUTES")
    assert config.load(tmp_path / "missing.env").lobby_idle_minutes == 30
