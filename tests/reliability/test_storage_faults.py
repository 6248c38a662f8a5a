"""Storage faults through the fake Discord: a PostgreSQL server stopped and started mid-game, an SQLite
database on a full disk (a small tmpfs), a read-only database at start, and a crash between a commit and its board's
edit. During an outage a press is answered privately ("cannot be saved right now"), the public message does not
change, /healthz answers 503, and a timer that falls in it runs once storage is back; nothing acknowledged is lost.
Presses that do not belong to their table (another guild, another channel, a forged settings choice) are refused
privately and change nothing."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import uuid
from pathlib import Path

import aiohttp
import pytest

from bot.storage import Storage
from bot.storage.faults import StorageUnwritable
from tests.fakediscord import FakeDiscord
from tests.support.drive import add_button, open_tiny_table, started_table, version_shown
from tests.support.e2e import Harness
from tests.support.postgres import PostgresServer, free_port

ROOT = Path(__file__).resolve().parents[2]
SAVED_NOT = "cannot be saved right now"  # alice's and carol's locale is en-US
SAVED_NOT_JA = "保存できない"  # bob's is ja


# --- the faults --------------------------------------------------------------------------------------------------
@contextlib.contextmanager
def small_disk(megabytes: int = 4):
    """A tmpfs of its own (CI runs as root in a fresh clone): its disk fills for real, and it can turn read-only."""
    where = Path("/tmp") / f"bodoge-disk-{uuid.uuid4().hex[:8]}"
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(where)], capture_output=True, text=True
    )
    if mounted.returncode != 0:
        where.rmdir()
        pytest.fail(
            f"a small tmpfs is needed for the full-disk test (run as root): {mounted.stderr.strip()}", pytrace=False
        )
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)
        where.rmdir()


def fill(disk: Path) -> Path:
    """Fill the disk to its last byte; returns the filler (delete it and the disk has room again)."""
    filler = disk / "filler"
    chunk = b"\0" * 65536
    with open(filler, "wb", buffering=0) as out:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    out.write(chunk[:size])
            except OSError:
                pass
    return filler


class Outage:
    """Storage goes away and comes back: PostgreSQL stopped (immediate) and started, or a disk full and freed."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self._stack = contextlib.ExitStack()
        if backend == "postgres":
            self.server = PostgresServer().start()
            self._stack.callback(self.server.stop)
            self.target = None  # the database is created in `prepare`
        else:
            self.disk = self._stack.enter_context(small_disk())
            self.target = str(self.disk / "bot.sqlite3")
        self.filler: Path | None = None

    async def prepare(self) -> str:
        if self.backend == "postgres":
            self.target = await self.server.create_database("outage")
        return self.target

    def begin(self) -> None:
        if self.backend == "postgres":
            self.server.halt()
        else:
            self.filler = fill(self.disk)

    def end(self) -> None:
        if self.backend == "postgres":
            self.server.resume()
        else:
            self.filler.unlink()

    def close(self) -> None:
        self._stack.close()


async def health(http: aiohttp.ClientSession, port: int) -> int:
    async with http.get(f"http://127.0.0.1:{port}/healthz") as answer:
        return answer.status


async def committed(storage: Storage, table_id: int) -> list[tuple[int, str]]:
    return [(entry["seq"], entry["source"]) for entry in await storage.actions(table_id)]


# --- an outage mid-game ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("backend", ["postgres", "sqlite"], ids=["postgres-stopped", "sqlite-disk-full"])
async def test_an_outage_mid_game_refuses_privately_changes_nothing_public_and_loses_no_timer(
    backend, tmp_path, caplog
):
    outage = Outage(backend, tmp_path)
    port = free_port()
    try:
        target = await outage.prepare()
        async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
            h = Harness(fake, target)
            await h.start(metrics_port=port, ai_delay=1.0)
            try:
                h.bot.metrics.probe_every = 0.1
                assert await health(http, port) == 200
                table_id, board = await started_table(h)
                moved = await fake.press(h.alice, board, custom_id=add_button(board, 1)["custom_id"])
                assert moved.type == 7 and version_shown(board) == 1  # bob to move

                # storage goes: bob's move is refused privately, and nothing public changes
                outage.begin()
                edits = board.edits
                refused = await fake.press(h.bob, board, custom_id=add_button(board, 2)["custom_id"])
                assert refused.ephemeral and SAVED_NOT_JA in refused.content
                await asyncio.sleep(0.3)  # six edit delays: a board drawn from memory would have landed by now
                assert board.edits == edits and version_shown(board) == 1
                await asyncio.sleep(0.15)
                assert await health(http, port) == 503
                again = await fake.press(h.bob, board, custom_id=add_button(board, 2)["custom_id"])
                assert again.ephemeral and SAVED_NOT_JA in again.content  # the copy is dropped: still answered
                status = await fake.slash(h.carol, fake.threads(h.channel)[-1], "table status")
                assert status.ephemeral  # a slash command is answered alike, or works where reads still do
                assert (SAVED_NOT in status.content) if backend == "postgres" else "/channels/" in status.content

                # storage is back: 200, and bob's same press counts
                outage.end()
                assert await _health_after(http, port, 200)
                moved = await fake.press(h.bob, board, custom_id=add_button(board, 2)["custom_id"])
                assert moved.type == 7 and version_shown(board) == 2  # the AI's turn: its timer is due in 1 s

                # the AI's turn falls in a second outage: its timer fails, is retried, and plays once storage is back
                outage.begin()
                await asyncio.sleep(1.6)
                assert board.edits == edits + 1 and version_shown(board) == 2
                assert await health(http, port) == 503
                outage.end()
                await fake.wait_for(lambda: version_shown(board) >= 3, timeout=8, what="the AI's move after the outage")
                assert await _health_after(http, port, 200)
                metrics = await (await http.get(f"http://127.0.0.1:{port}/metrics")).text()
            finally:
                await h.stop()
        reader = await Storage(target).open()
        try:
            log = await committed(reader, table_id)
        finally:
            await reader.close()
        assert log[:3] == [(1, "user"), (2, "user"), (3, "ai")]  # every acknowledged move, and the AI's
        assert "bodoge_storage_up 1.0" in metrics and "bodoge_storage_outages 2.0" in metrics
        warnings = [r.getMessage() for r in caplog.records if r.name == "bot.storage"]
        assert sum("cannot commit" in w for w in warnings) == 2 and sum("commits again" in w for w in warnings) == 2
        assert not [r for r in caplog.records if r.exc_info], "a traceback in the log"
    finally:
        outage.close()


async def _health_after(http: aiohttp.ClientSession, port: int, status: int, within: float = 5.0) -> bool:
    """Whether /healthz answers `status` within `within` seconds (it probes at most every 0.1 s here)."""
    deadline = asyncio.get_running_loop().time() + within
    while asyncio.get_running_loop().time() < deadline:
        if await health(http, port) == status:
            return True
        await asyncio.sleep(0.05)
    return False


# --- a read-only database at start --------------------------------------------------------------------------------
async def test_a_read_only_database_refuses_the_start_with_a_clear_message(tmp_path):
    with small_disk() as disk:
        database = disk / "bot.sqlite3"
        storage = await Storage(str(database)).open()  # a database with the schema, as a previous run left it
        await storage.close()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        env = {
            **os.environ,
            "DISCORD_TOKEN": "x" * 59,
            "BODOGE_DATABASE": str(database),
            "LANG": "en_US.UTF-8",
            "BODOGE_API_BASE": "http://127.0.0.1:9/api/v10",
        }  # never reached: the check comes first
        run = subprocess.run(
            [sys.executable, "-m", "bot", "run", "--env-file", "/nonexistent"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 1
        assert "The database cannot be written" in run.stderr and str(database) in run.stderr
        assert "Traceback" not in run.stderr
        # the bot object itself refuses too (a database that turned read-only between the check and the start)
        async with FakeDiscord() as fake:
            h = Harness(fake, str(database))
            with pytest.raises(StorageUnwritable):
                await h.start()
            await h.stop()


# --- a crash between a commit and its board's edit -----------------------------------------------------------------
async def test_a_restart_brings_a_board_left_behind_by_a_crash_up_to_storage(database_target):
    async with FakeDiscord() as fake:
        h = Harness(fake, database_target)
        await h.start()
        try:
            table_id, board = await started_table(h)
            h.bot.get_cog("TableCog").refresher.delay = 30.0  # the bot's own edits wait long: the crash comes first
            moved = await fake.press(h.alice, board, custom_id=add_button(board, 1)["custom_id"])
            assert moved.type == 7 and version_shown(board) == 1  # a press's answer edits the board at once
            await fake.press(h.bob, board, custom_id=add_button(board, 2)["custom_id"])
            await fake.wait_for(lambda: h.bot.service._tables[table_id].version >= 3, timeout=5, what="the AI's move")
            assert version_shown(board) == 2  # the AI's move is committed; its edit waits the 30 s
            await h.crash()
            await h.start()
            await fake.wait_for(lambda: version_shown(board) == 3, timeout=5, what="the board brought up to storage")
            table = await h.service.get(table_id)
            assert table.version == 3 and f"bg:{table_id}:3:" in add_button(board, 1)["custom_id"]
            moved = await fake.press(h.alice, board, custom_id=add_button(board, 1)["custom_id"])  # and play goes on
            assert moved.type == 7 and not moved.ephemeral
        finally:
            await h.stop()


# --- presses that do not belong -----------------------------------------------------------------------------------
async def test_forged_presses_from_another_guild_or_channel_are_refused_privately_and_change_nothing(harness):
    h, fake = harness, harness.fake
    other = fake.add_guild("Elsewhere", locale="en-US")
    elsewhere = fake.add_channel(other, "games")
    eve = fake.add_user("eve", locale="en-US")
    fake.add_member(other, eve, admin=True)  # an administrator, of her own guild only
    fake.add_member(h.guild, eve)  # and a plain member of the test guild
    planted = await fake.say(eve, elsewhere, "a message to forge presses from")
    side = fake.add_channel(h.guild, "side")
    planted_here = await fake.say(h.carol, side, "another channel of the table's guild")

    _, _, lobby = await open_tiny_table(h, ai=False)
    table_id = int(lobby.buttons()[0]["custom_id"].split(":")[1])
    table = await h.service.get(table_id)
    before = (lobby.edits, lobby.text(), [s.user_id for s in table.seats], dict(table.options))
    # eve joins the lobby from her guild, carol from another channel: both refused, privately
    for user, message in ((eve, planted), (h.carol, planted_here)):
        refused = await fake.forge(user, message, f"bg:{table_id}:0:u.join")
        assert refused.ephemeral and "belongs to a table somewhere else" in refused.content
    # bob, not the host, forges a settings choice on the public lobby: refused privately, the lobby stays
    for custom_id, values in ((f"bs:{table_id}:0:u.setopt", ["target"]), (f"bs:{table_id}:0:u.setval.target", ["0"])):
        refused = await fake.forge(h.bob, lobby, custom_id, values)
        assert refused.ephemeral and "ホストだけ" in refused.content
    # the host's forged choice on the public lobby: refused too (settings are chosen in her private chooser)
    refused = await fake.forge(h.alice, lobby, f"bs:{table_id}:0:u.setval.target", ["0"])
    assert refused.ephemeral and refused.message is not lobby
    assert (lobby.edits, lobby.text(), [s.user_id for s in table.seats], dict(table.options)) == before

    await fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    running = (lobby.edits, table.version, table.status)
    # eve, an administrator of her own guild, cancels the running table of this one: refused
    refused = await fake.forge(eve, planted, f"bg:{table_id}:0:u.cancel")
    assert refused.ephemeral and "belongs to a table somewhere else" in refused.content
    refused = await fake.forge(eve, planted, add_button(lobby, 1)["custom_id"])
    assert refused.ephemeral and "belongs to a table somewhere else" in refused.content
    assert (lobby.edits, table.version, table.status) == running
    assert (await h.service.get(table_id)).status == "running"
