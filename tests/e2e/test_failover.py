"""A shard cluster heals itself: three bot processes on one PostgreSQL share a six-shard fake gateway through leases
(bot/cluster.py), with no BODOGE_SHARD_IDS. One of them is killed (SIGKILL), paused past its lease (SIGSTOP, then
SIGCONT) or cut off from PostgreSQL (its role may no longer log in, its sessions ended); without anyone restarting
anything, the others take its shards: presses on its tables are answered again within the lease time plus the
IDENTIFY wait, every acknowledged move is in the log, AI turns go on, the logs replay, no interaction is answered
twice, no shard has two live sessions and IDENTIFYs keep Discord's spacing. Each test prints its figures
(docs/operations.md quotes them)."""

import asyncio
import json
import os
import random
import signal
import socket
import sys
import time
from pathlib import Path

import asyncpg
import pytest

import games
from bot.records import export, replay
from bot.storage import Storage
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import FakeTimeout
from tests.support.botprocess import is_subsequence, press_something

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 6
LEASE = 6.0  # seconds (30 in production): renewed every LEASE/6, served until 2/3 of it without a renewal
SPACING = 1.0  # seconds between two IDENTIFYs of one bucket (Discord's 5, scaled like the lease)
BUCKETS = 2  # the fake's max_concurrency
HEARTBEAT = 2.0  # the fake's heartbeat interval: a session silent for 1.5 of them is a zombie Discord closes
GAMES = ["blue_border", "diamond_box", "deep_dive"]  # three seats each: alice, bob and an AI
# the longest a shard may stay dark: the lease, the round that notices it, a slot in each bucket for the shards
# taken over, READY and a probe's own round trip
TAKEOVER_BOUND = LEASE + LEASE / 6 + (SPACING + 0.25) * SHARDS / BUCKETS + 2.0


class ClusterProcess:
    """`python -m bot run` as one process of the cluster (its shards: whatever its leases hold)."""

    def __init__(self, fake: FakeDiscord, database: str, log: Path, **env: str) -> None:
        self.fake, self.database, self.log, self.env = fake, database, log, env
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.fake.bot_token,
            "BODOGE_API_BASE": self.fake.api_base,
            "BODOGE_DATABASE": self.database,
            "BODOGE_SHARD_COUNT": str(SHARDS),
            "BODOGE_LEASE_SECONDS": str(LEASE),
            "BODOGE_IDENTIFY_SPACING": str(SPACING),
            "BODOGE_AI_DELAY": "0.8",  # AI turns wait long enough to be pending when a process goes
            "BODOGE_EDIT_DELAY": "0.05",
            "BODOGE_RACE_GRACE": "0.05",
            "BODOGE_GUILD_READY_TIMEOUT": "0.05",
            "BODOGE_RENDER_WORKERS": "1",
            "BODOGE_LOG_LEVEL": "INFO",
            **self.env,
        }
        with open(self.log, "ab") as output:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", "--env-file", "/nonexistent", cwd=ROOT, env=env,
                stdout=output, stderr=output,
            )  # fmt: skip

    @property
    def owner_prefix(self) -> str:
        assert self.process is not None
        return f"{socket.gethostname()}:{self.process.pid}:"

    def signal(self, number: int) -> None:
        assert self.process is not None
        self.process.send_signal(number)

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()


class Cluster:
    """The fake Discord with one guild per shard (a table in each), three processes and a reader of the database."""

    def __init__(self, fake: FakeDiscord, database: str, tmp_path: Path) -> None:
        self.fake, self.database, self.tmp_path = fake, database, tmp_path
        self.alice, self.bob = fake.add_user("alice"), fake.add_user("bob")
        self.guilds = [fake.add_guild(f"shard{n}", locale="en-US", shard=(n, SHARDS)) for n in range(SHARDS)]
        for guild in self.guilds:
            for user in (self.alice, self.bob):
                fake.add_member(guild, user)
        self.processes: list[ClusterProcess] = []
        self.boards: dict[int, object] = {}
        self.shard_of: dict[int, int] = {}
        self.channel_of: dict[int, object] = {}
        self.acknowledged: dict[int, list] = {}
        self.rng = random.Random(3011)
        self.reader: Storage | None = None
        self.watcher: asyncio.Task | None = None

    async def start(self, urls: list[str]) -> None:
        self.reader = await Storage(self.database).open()
        self.watcher = asyncio.create_task(self.watch_balance())
        self.processes = [
            ClusterProcess(self.fake, url, self.tmp_path / f"process{n}.log") for n, url in enumerate(urls)
        ]
        await asyncio.gather(*(process.start() for process in self.processes))
        await self.fake.wait_for(self.balanced, timeout=60, what="three processes serving two shards each")
        await self.fake.wait_ready(timeout=30)

    def owner_of(self, lease_owner: str) -> ClusterProcess | None:
        return next((p for p in self.processes if lease_owner.startswith(p.owner_prefix)), None)

    async def held(self) -> dict[int, str]:
        assert self.reader is not None
        rows = await self.reader._rows("SELECT shard_group, owner FROM leases WHERE expires_at > clock_timestamp()")
        return {group: owner for group, owner in rows}

    def balanced(self) -> bool:
        sessions = {s.shard_id for s in self.fake._live_sessions() if s.ready and s.conn is not None}
        return sessions == set(range(SHARDS)) and self._balanced

    _balanced = False

    async def watch_balance(self) -> None:
        while True:
            try:
                held = await self.held()
            except asyncpg.exceptions.UndefinedTableError:  # no process made the cluster's tables yet
                held = {}
            counts = [sum(1 for owner in held.values() if self.owner_of(owner) is p) for p in self.processes]
            self._balanced = len(held) == SHARDS and counts == [2, 2, 2]
            await asyncio.sleep(0.1)

    async def open_tables(self) -> None:
        fake = self.fake
        for shard, guild in enumerate(self.guilds):
            channel = fake.add_channel(guild, "games")
            await fake.slash(self.alice, channel, "play", {"game": GAMES[shard % len(GAMES)]}, timeout=10)
            board = fake.channel_messages(fake.threads(channel)[-1])[0]
            await fake.press(self.bob, board, custom_id=board.find_button("Join")["custom_id"], timeout=10)
            add = next(b["custom_id"] for b in board.buttons() if b["custom_id"].endswith("u.ai_add"))
            chooser = await fake.press(self.alice, board, custom_id=add, timeout=10)
            await fake.select(self.alice, chooser.message, chooser.message.selects()[0]["custom_id"], ["easy"])
            await fake.wait_for(lambda: "AI" in board.text(), what="the AI seat in the lobby")
            await fake.press(self.alice, board, custom_id=board.find_button("Start")["custom_id"], timeout=10)
            table_id = int(board.buttons()[0]["custom_id"].split(":")[1])
            self.boards[table_id], self.shard_of[table_id], self.channel_of[table_id] = board, shard, channel

    async def play(self, seconds: float, only: set[int] | None = None) -> None:
        """Press what the boards offer for `seconds` (a press a dark shard leaves unanswered is not acknowledged)."""
        assert self.reader is not None
        users = {0: self.alice, 1: self.bob}
        stop_at = time.monotonic() + seconds
        while time.monotonic() < stop_at:
            running = [
                (r[0], r[1], r[10])
                for r in await self.reader.dump("tables")
                if r[6] == "running" and r[0] in self.boards and (only is None or r[0] in only)
            ]
            if not running:
                return
            table_id, game, state_json = self.rng.choice(running)
            acting = [s for s in games.get(game).load(state_json).to_act() if s in users]
            if not acting:
                await asyncio.sleep(0.05)
                continue
            try:
                await press_something(
                    self.fake, users[self.rng.choice(acting)], self.boards[table_id], self.rng, self.acknowledged,
                    table_id,
                )  # fmt: skip
            except (FakeTimeout, LookupError, PermissionError, ValueError):
                pass  # its shard is dark for now, or the board moved under the press

    async def answered(self, table_id: int, since: float) -> bool:
        """Whether the table's shard answers through a session identified after `since` (loop time), that is by
        the process that took it over (/help in its channel: it changes nothing)."""
        channel = self.channel_of[table_id]
        sessions = self.fake._sessions_for_channel(channel)
        if not sessions or sessions[-1].identified_at < since:
            return False
        try:
            outcome = await self.fake.slash(self.alice, self.channel_of[table_id], "help", {}, timeout=0.5)
        except (FakeTimeout, RuntimeError):
            return False
        return outcome.responded

    async def dark_for(self, tables: list[int], limit: float) -> dict[int, float]:
        """Seconds from now until each table's shard is answered by another process."""
        loop = asyncio.get_running_loop()
        since = loop.time()
        back: dict[int, float] = {}
        while len(back) < len(tables) and loop.time() - since < limit:
            for table_id in tables:
                if table_id not in back and await self.answered(table_id, since):
                    back[table_id] = loop.time() - since
            await asyncio.sleep(0.1)
        return back

    async def check(self, name: str, dark: dict[int, float], tables_of_victim: list[int], versions: dict) -> None:
        """Everything the cluster promises, and the figures printed."""
        assert self.reader is not None
        logs: dict[int, list] = {}
        for table_id, seq, _seat, action, source, _at in await self.reader.dump("actions"):
            logs.setdefault(table_id, []).append((seq, json.loads(action), source))
        now = {r[0]: (r[6], r[9]) for r in await self.reader.dump("tables")}
        lost = 0
        for table_id, actions in self.acknowledged.items():
            people = [action for _, action, source in logs.get(table_id, []) if source == "user"]
            lost += not is_subsequence(actions, people)
        ai_after = sum(
            1
            for table_id in tables_of_victim
            for seq, _, source in logs.get(table_id, [])
            if source == "ai" and seq > versions[table_id]
        )
        storage = await Storage(self.database).open()
        try:
            for table_id in self.boards:
                record = await export(storage, table_id)
                state = replay(record)  # one action per version, each legal where it stands
                assert len(logs[table_id]) == now[table_id][1]
                assert [seq for seq, _, _ in logs[table_id]] == list(range(1, now[table_id][1] + 1))
                assert state.to_json() is not None
        finally:
            await storage.close()
        moves = sum(len(v) for v in self.acknowledged.values())
        figures = {
            "takeover_seconds_max": round(max(dark.values()), 2),
            "takeover_seconds": sorted(round(v, 2) for v in dark.values()),
            "acknowledged_moves": moves,
            "acknowledged_moves_lost": lost,
            "interactions_answered_twice": len(self.fake.answered_twice),
            "shards_with_two_live_sessions": len(self.fake.double_sessions),
            "identifies": len(self.fake.identify_times),
            "identifies_closer_than_allowed": len(self.fake.identifies_too_close),
            "ai_moves_on_taken_tables_after": ai_after,
        }
        print(f"\nfailover figures ({name}): {json.dumps(figures)}")
        assert len(dark) == len(tables_of_victim), f"a shard stayed dark: {dark}"
        assert max(dark.values()) < TAKEOVER_BOUND
        assert moves > 5 and lost == 0
        assert self.fake.answered_twice == []
        assert self.fake.double_sessions == []
        assert self.fake.identifies_too_close == []
        assert ai_after > 0, "the AI seats of the taken tables went on"
        for table_id in tables_of_victim:  # every table of the victim's shards went on
            assert now[table_id][0] != "running" or now[table_id][1] > versions[table_id]

    async def close(self) -> None:
        if self.watcher is not None:
            self.watcher.cancel()
        for process in self.processes:
            await process.kill()
        if self.reader is not None:
            await self.reader.close()


async def scenario(postgres_server, tmp_path, name, harm, *, victim_url=None):
    """Start the cluster, play, do `harm` to process 0, and check that its shards came back by themselves."""
    database = await postgres_server.create_database("failover")
    fake = FakeDiscord(
        timeout=3, shards=SHARDS, max_concurrency=BUCKETS, identify_spacing=SPACING,
        heartbeat_interval_ms=int(HEARTBEAT * 1000),
    )  # fmt: skip
    async with fake:
        cluster = Cluster(fake, database, tmp_path)
        try:
            urls = [victim_url(database) if victim_url else database, database, database]
            await cluster.start(urls)
            await cluster.open_tables()
            await cluster.play(3.0)
            victim = cluster.processes[0]
            held = await cluster.held()
            groups = [g for g, owner in held.items() if cluster.owner_of(owner) is victim]
            tables = [t for t, shard in cluster.shard_of.items() if shard in groups]
            assert tables, "the victim served some tables"
            versions = {r[0]: r[9] for r in await cluster.reader.dump("tables")}
            presses = asyncio.create_task(cluster.play(1.0))  # presses in flight when it happens
            await asyncio.sleep(0.3)
            harming = asyncio.create_task(harm(cluster, victim))
            dark = await cluster.dark_for(tables, TAKEOVER_BOUND + 10)
            await harming
            await presses
            await cluster.play(3.0, only=set(tables))
            await asyncio.sleep(LEASE / 2)  # AI turns and timers settle; the victim (if alive) does its part
            await cluster.check(name, dark, tables, versions)
        finally:
            await cluster.close()


async def test_a_killed_process_s_shards_come_back_by_themselves(postgres_server, tmp_path):
    async def kill(cluster, victim):
        await victim.kill()

    await scenario(postgres_server, tmp_path, "SIGKILL", kill)


async def test_a_paused_process_stops_serving_by_itself_and_others_take_over(postgres_server, tmp_path):
    async def pause(cluster, victim):
        victim.signal(signal.SIGSTOP)
        await asyncio.sleep(LEASE + 4)
        victim.signal(signal.SIGCONT)

    await scenario(postgres_server, tmp_path, "SIGSTOP past the lease", pause)


async def test_a_process_cut_off_from_postgresql_drops_its_shards(postgres_server, tmp_path):
    role = "cut_off"

    def victim_url(database: str) -> str:
        return database.replace("postgresql://postgres@", f"postgresql://{role}@")

    async def cut(cluster, victim):
        admin = await asyncpg.connect(cluster.database)
        try:
            await admin.execute(f"ALTER ROLE {role} NOLOGIN")
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1", role)
        finally:
            await admin.close()

    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute(f"DROP ROLE IF EXISTS {role}")
        await admin.execute(f"CREATE ROLE {role} SUPERUSER LOGIN")
    finally:
        await admin.close()
    await scenario(postgres_server, tmp_path, "cut off from PostgreSQL", cut, victim_url=victim_url)
