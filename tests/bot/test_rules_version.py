"""Rules versions through the host: a running table keeps its version across a deploy, a record replays under the
version it was played with, and a version the code does not play is refused (table service, library and CLI)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import records
from bot.i18n import t
from bot.storage import Storage
from bot.tables import TableError, TableService
from games.contract import UnsupportedRules
from tests.support.tworules import registered

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = 1001, 1002


def record(game: str, rules=None, actions=(), seats=2, options=None) -> dict:
    data = {
        "format": records.FORMAT,
        "table": 1,
        "game": game,
        "options": options if options is not None else {},
        "seed": 7,
        "status": "finished",
        "seats": [{"seat": seat, "name": f"p{seat}", "ai": False, "ai_level": None} for seat in range(seats)],
        "actions": [
            {"seq": n, "seat": seat, "action": action, "source": "person"} for n, (seat, action) in enumerate(actions)
        ],
        "result": None,
    }
    if rules is not None:
        data["rules"] = rules
    return data


ADDS = [(0, {"type": "add", "n": 2}), (1, {"type": "add", "n": 2}), (0, {"type": "add", "n": 2})]


def test_a_record_replays_under_the_rules_it_was_played_with(monkeypatch):
    registered(monkeypatch)
    options = {"target": 10, "turn_timeout": 60}
    assert records.replay(record("two_rules", 1, ADDS, options=options)).counter == 6
    assert records.replay(record("two_rules", None, ADDS, options=options)).counter == 6  # no version: version 1
    assert records.replay(record("two_rules", 2, ADDS, options=options)).counter == 12


def test_a_record_under_rules_this_code_does_not_play_is_refused(monkeypatch, tmp_path):
    registered(monkeypatch, rules_version=3, oldest_rules=2)
    for rules in (1, 4):
        with pytest.raises(UnsupportedRules) as refused:
            records.replay(record("two_rules", rules, ADDS))
        assert refused.value.params == {"game": "two_rules", "rules": rules, "oldest": 2, "current": 3}
        path = tmp_path / f"record-{rules}.json"
        path.write_text(json.dumps(record("two_rules", rules, ADDS)), encoding="utf-8")
        assert records.replay_file(path, "ja") == (False, t("error.unsupported_rules", "ja", **refused.value.params))


def run_replay(path: Path, lang: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "LANG": lang}
    return subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )


def test_replay_on_the_command_line_refuses_a_newer_version_and_fails(tmp_path):
    newer, older = tmp_path / "newer.json", tmp_path / "older.json"
    newer.write_text(json.dumps(record("blue_border", 2)), encoding="utf-8")
    older.write_text(json.dumps(record("blue_border")), encoding="utf-8")  # no version: 1, which this code plays
    params = {"game": "blue_border", "rules": 2, "oldest": 1, "current": 1}
    for lang, locale in (("en_US.UTF-8", "en"), ("ja_JP.UTF-8", "ja")):
        done = run_replay(newer, lang)
        assert done.returncode == 1 and done.stdout.strip() == t("error.unsupported_rules", locale, **params)
    done = run_replay(older, "en_US.UTF-8")
    assert done.returncode == 0 and "not finished" in done.stdout


async def test_a_running_table_keeps_its_rules_across_a_deploy(database_target, monkeypatch):
    registered(monkeypatch)
    first = await Storage(database_target).open()
    service = TableService(first)
    table = await service.open("two_rules", guild_id=1, channel_id=10, host_id=ALICE, host_name="alice")
    await service.join(table.id, BOB, "bob")
    await service.set_option(table.id, ALICE, "target", 10)
    await service.start(table.id, ALICE)
    await service.submit(table.id, ALICE, 0, {"type": "add", "n": 1})
    assert table.state.rules_version == 2 and table.state.counter == 2

    registered(monkeypatch, rules_version=3)  # a deploy with a newer rule: the running table plays on under 2
    second = await Storage(database_target).open()
    restarted = TableService(second)
    again = await restarted.get(table.id)
    assert again.state.rules_version == 2
    await restarted.submit(table.id, BOB, 1, {"type": "add", "n": 2})
    assert again.state.counter == 6 and again.state.rules_version == 2
    assert (await restarted.rebuild(table.id)).to_json() == again.state.to_json()
    exported = await records.export(second, table.id)
    assert exported["rules"] == 2 and records.replay(exported).to_json() == again.state.to_json()

    registered(monkeypatch, rules_version=3, oldest_rules=3)  # a deploy that no longer plays version 2
    third = await Storage(database_target).open()
    with pytest.raises(TableError) as refused:
        await TableService(third).get(table.id)
    assert refused.value.key == "error.unsupported_rules" and refused.value.params["rules"] == 2
    for storage in (first, second, third):
        await storage.close()
