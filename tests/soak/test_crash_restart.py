"""Crash and restart: the bot runs as a real process against the fake Discord and is killed with SIGKILL at random
moments (60 times), then restarted on the same database. Every move it acknowledged must still be in the log, no
table may be left stuck, and every finished game must replay to its recorded result. On SQLite and on PostgreSQL."""

import asyncio
import json
import os
import random
import signal
import sys
from pathlib import Path

import games
from bot import codec
from bot.records import export, replay
from bot.storage import Storage
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import FakeTimeout
from tests.support.backends import both_backends

ROOT = Path(__file__).resolve().parents[2]
KILLS = {"sqlite": 60, "postgres": 30}  # PostgreSQL: fewer, the run is long enough (each restart ~1 s)
GAMES = ["blue_border", "deep_dive", "bossa", "diamond_box", "colorse"]
HOST = ("u.view", "u.more", "u.back", "u.rematch", "u.chart", "u.settings", "u.cancel", "u.leave")


class BotProcess:
    """`python -m bot run` as a real process against the fake; `shards`: the BODOGE_SHARD_IDS it runs of
    `shard_count` (a process of a shard cluster)."""

    def __init__(
        self,
        fake: FakeDiscord,
        database: Path | str,
        *,
        shards: list[int] | None = None,
        shard_count: int | None = None,
        log: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.fake, self.database, self.process = fake, database, None
        self.shards, self.shard_count, self.log = shards, shard_count, log
        self.env = env or {}

    async def start(self) -> None:
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.fake.bot_token,
            "BODOGE_API_BASE": self.fake.api_base,
            "BODOGE_DATABASE": str(self.database),
            "BODOGE_AI_DELAY": "0.02",
            "BODOGE_EDIT_DELAY": "0.05",
            "BODOGE_RACE_GRACE": "0.05",
            "BODOGE_GUILD_READY_TIMEOUT": "0.05",
            "BODOGE_LOG_LEVEL": "WARNING",
            **self.env,
        }
        if self.shards is not None:
            env.update(BODOGE_SHARD_COUNT=str(self.shard_count), BODOGE_SHARD_IDS=",".join(map(str, self.shards)))
        count = len(self.fake.identifies) + len(self.shards or [0])
        output = open(self.log, "ab") if self.log else asyncio.subprocess.DEVNULL
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            "--env-file",
            "/nonexistent",
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=output,
        )
        if self.log:
            output.close()  # the process has its own copy
        # discord.py waits 5 s before each IDENTIFY after a process's first
        await self.fake.wait_for(lambda: len(self.fake.identifies) >= count, timeout=30, what="IDENTIFY")
        await asyncio.sleep(0.15)  # READY, GUILD_CREATE, on_ready

    async def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()


async def db_rows(reader: Storage):
    """(tables, timers, seats, logs) as the bot committed them, read through a storage connection of our own."""
    tables = [(r[0], r[1], r[6], r[9], r[10], r[4], r[3]) for r in await reader.dump("tables")]
    timers = {timer.table_id for timer in await reader.timers()}
    seats = {}
    for table_id, seat, user_id, _name, ai_level, *_ in await reader.dump("seats"):
        seats.setdefault(table_id, {})[seat] = (user_id, ai_level)
    logs = {}
    for table_id, _seq, _seat, action, source, _at in await reader.dump("actions"):
        logs.setdefault(table_id, []).append((json.loads(action), source))
    return tables, timers, seats, logs


async def press_something(fake, user, board, rng, acknowledged, table_id):
    """One press of what the board (or a chooser it opens) offers; remember acknowledged engine actions."""
    message = board
    for _ in range(3):
        live = [
            c
            for c in message.all_components()
            if c.get("custom_id") and not c.get("disabled") and not c["custom_id"].endswith(HOST)
        ]
        if not live:
            return
        component = rng.choice(live)
        if component.get("type") == 2:
            outcome = await fake.press(user, message, custom_id=component["custom_id"], timeout=3)
            action_code = component["custom_id"].split(":", 3)[3]
        else:
            value = rng.choice(component["options"])["value"]
            outcome = await fake.select(user, message, component["custom_id"], [value], timeout=3)
            action_code = "a." + value if component["custom_id"].endswith("u.act") else ""
        if outcome.type == 7 and not outcome.ephemeral and action_code.startswith("a."):
            acknowledged.setdefault(table_id, []).append(codec.decode(action_code[2:]))
            return
        if outcome.ephemeral and outcome.message is not None and outcome.message.all_components():
            message = outcome.message
            continue
        return


def is_subsequence(needles, haystack) -> bool:
    it = iter(haystack)
    return all(any(item == candidate for candidate in it) for item in needles)


@both_backends
async def test_sigkill_at_random_moments_loses_nothing_acknowledged(database_target, backend):
    rng = random.Random(20261122)
    database = database_target
    reader = await Storage(database).open()
    acknowledged: dict[int, list] = {}
    async with FakeDiscord(timeout=3) as fake:
        guild = fake.add_guild("soak", locale="en-US")
        channels = [fake.add_channel(guild, f"g{n}") for n in range(len(GAMES))]
        alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
        for user in (alice, bob, carol):
            fake.add_member(guild, user)
        bot = BotProcess(fake, database)
        await bot.start()
        users = {0: alice, 1: bob, 2: carol}
        boards = {}
        for game, channel in zip(GAMES, channels):
            await fake.slash(alice, channel, "play", {"game": game}, timeout=10)
            thread = fake.threads(channel)[-1]
            board = fake.channel_messages(thread)[0]
            await fake.press(bob, board, custom_id=board.find_button("Join")["custom_id"], timeout=10)
            if game == "colorse":  # three players at least
                await fake.press(carol, board, custom_id=board.find_button("Join")["custom_id"], timeout=10)
            await fake.press(alice, board, custom_id=board.find_button("Start")["custom_id"], timeout=10)
            boards[int(board.buttons()[0]["custom_id"].split(":")[1])] = board
        for _kill in range(KILLS[backend]):
            stop_at = asyncio.get_running_loop().time() + rng.uniform(0.2, 1.2)
            while asyncio.get_running_loop().time() < stop_at:
                running = [
                    (r[0], r[1], r[10]) for r in await reader.dump("tables") if r[6] == "running" and r[0] in boards
                ]
                if not running:
                    break
                table_id, game, state_json = rng.choice(running)
                acting = [s for s in games.get(game).load(state_json).to_act() if s in users]
                if not acting:
                    await asyncio.sleep(0.02)
                    continue
                try:
                    await press_something(
                        fake, users[rng.choice(acting)], boards[table_id], rng, acknowledged, table_id
                    )
                except (FakeTimeout, LookupError, PermissionError, ValueError):
                    pass  # the process died under the press, or the board changed under it
            await bot.kill()
            await bot.start()
        await asyncio.sleep(1.0)  # let timers and AI turns carry on after the last restart
        tables, timers, seats, logs = await db_rows(reader)
        await reader.close()
        await bot.kill()

    assert sum(len(v) for v in acknowledged.values()) > 50, "the soak made too few moves to mean anything"
    for table_id, actions in acknowledged.items():
        user_actions = [action for action, source in logs.get(table_id, []) if source == "user"]
        assert is_subsequence(actions, user_actions), f"table {table_id} lost an acknowledged move"
    for table_id, game, status, _version, state_json, _m, _c in tables:
        if status != "running":
            continue
        state = games.get(game).load(state_json)
        people_to_act = [s for s in state.to_act() if s >= 0 and seats[table_id][s][1] is None]
        assert people_to_act or table_id in timers, f"table {table_id} is stuck"
    storage = await Storage(database).open()
    try:
        for table_id, game, status, *_ in tables:
            record = await export(storage, table_id)
            state = replay(record)
            assert state.to_json() == games.get(game).load(tables[[t[0] for t in tables].index(table_id)][4]).to_json()
            if status == "finished":
                assert state.result()["winners"] == record["result"]["winners"]
    finally:
        await storage.close()
