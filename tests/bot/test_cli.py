import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env=None):
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True, text=True,
                          env=environment, timeout=60)


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
    assert set(data) == {"game", "players", "games", "finished", "errors", "mean_actions", "wins_by_seat",
                         "games_per_second"}
    assert data["finished"] == 3 and data["errors"] == 0 and done.returncode == 0


def test_the_idle_lobby_default_comes_from_the_environment(monkeypatch, tmp_path):
    from bot import config

    monkeypatch.setenv("BODOGE_LOBBY_IDLE_MINUTES", "45")
    assert config.load(tmp_path / "missing.env").lobby_idle_minutes == 45
    monkeypatch.delenv("BODOGE_LOBBY_IDLE_MINUTES")
    assert config.load(tmp_path / "missing.env").lobby_idle_minutes == 30
