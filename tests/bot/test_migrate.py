"""`python -m bot migrate-db`: SQLite to PostgreSQL (and back), every relation copied, idempotent, verified; the
copy goes on where the original stopped."""

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.migrate import MigrationError, migrate
from bot.scheduler import Scheduler
from bot.storage import RELATIONS, Storage
from bot.tables import TableService

ROOT = Path(__file__).resolve().parents[2]


async def migrate_db(source, target) -> subprocess.CompletedProcess:
    """The real command line, in its own process."""
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "migrate-db", "--from", source, "--to", target],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


async def fill(path) -> dict:
    """A finished game, a running one with a deadline, a lobby (with its idle timer), a cancelled table and a guild's
    settings."""
    storage = await Storage(path).open()
    service = TableService(storage, race_grace=0.01)
    tables = {}
    for name, channel in [("finished", 1), ("running", 2), ("lobby", 3), ("cancelled", 4)]:
        table = await service.open(
            "tiny",
            guild_id=7,
            channel_id=channel,
            host_id=1,
            host_name="アリス",
            options={"target": 4, "turn_timeout": 60},
        )
        tables[name] = table.id
        if name == "lobby":
            continue
        await service.join(table.id, 2, "bob")
        if name == "cancelled":
            await service.cancel(table.id, 1)
            continue
        await service.start(table.id, 1)
        await service.submit(table.id, 1, 0, {"type": "add", "n": 2})
        if name == "finished":
            await service.submit(table.id, 2, 1, {"type": "add", "n": 2})
            await service.submit(table.id, 1, 2, {"type": "grab"})
    await storage.set_guild_settings(7, {"locale": "ja", "threads": False})
    assert (await storage.load_table(tables["finished"])).status == "finished"
    await storage.close()
    return tables


async def test_sqlite_to_postgres_copies_everything_idempotently(tmp_path, postgres_server):
    source = str(tmp_path / "bodoge.sqlite3")
    tables = await fill(source)
    target = await postgres_server.create_database("migrate")
    first = await migrate(source, target)
    assert first == await migrate(source, target)  # a second run changes nothing
    assert first["tables"] == 4 and first["actions"] == 4 and first["results"] == 1
    assert first["guild_settings"] == 1 and set(first) == set(RELATIONS)

    original, copy = await Storage(source).open(), await Storage(target).open()
    try:
        for table_id in tables.values():
            assert await copy.load_table(table_id) == await original.load_table(table_id)
            assert await copy.actions(table_id) == await original.actions(table_id)
        assert await copy.result(tables["finished"]) == await original.result(tables["finished"])
        assert await copy.guild_settings(7) == {"locale": "ja", "threads": False}
        assert len(await original.timers()) == 2  # the running table's deadline and the lobby's idle timer
        assert await copy.timers() == await original.timers()
        assert await copy.stats(7) == await original.stats(7)
        # the copy goes on: the running table's deadline is armed there, its next move commits, new ids follow
        soon = time.time() + 3600
        assert len(await copy.timers_due_before(soon)) == 2  # each table's wake_at came along
        assert await copy.timers_due_before(soon) == await original.timers_due_before(soon)
        service = TableService(copy)
        scheduler = Scheduler(service, horizon=3600)
        assert await scheduler.start() == 2  # the running table's deadline and the lobby's idle timer
        await scheduler.stop()
        await service.submit(tables["running"], 2, 1, {"type": "add", "n": 2})
        assert (await copy.load_table(tables["running"])).version == 2
        assert [a["seq"] for a in await copy.actions(tables["running"])] == [1, 2]
        new = await service.open("tiny", guild_id=7, channel_id=9, host_id=1, host_name="a")
        assert new.id > max(tables.values())
    finally:
        await original.close()
        await copy.close()


async def test_the_command_line_copies_back_and_refuses_a_target_that_differs(tmp_path, postgres_server):
    source = str(tmp_path / "bodoge.sqlite3")
    await fill(source)
    target = await postgres_server.create_database("migrate")
    done = await migrate_db(source, target)
    assert done.returncode == 0, done.stderr
    assert "copied and verified: tables 4, seats 7, actions 4, results 1, guild_settings 1" in done.stdout
    backup = str(tmp_path / "backup.sqlite3")  # and back: a portable backup of the PostgreSQL database
    assert (await migrate_db(target, backup)).returncode == 0
    assert (await migrate_db(backup, target)).returncode == 0
    other = str(tmp_path / "other.sqlite3")
    await fill(other)
    extra = await Storage(other).open()
    await extra.set_guild_settings(8, {})  # another deployment: one more row than the source
    await extra.close()
    with pytest.raises(MigrationError, match="guild_settings: 1 rows in the source, 2 in the target"):
        await migrate(source, other)  # a target with rows the source lacks is no copy of it
    missing = await migrate_db(str(tmp_path / "missing.sqlite3"), target)
    assert missing.returncode == 1 and "no database at" in missing.stderr
