"""The bot as a real process (`python -m bot run`) against the fake Discord, killed with SIGKILL and started again;
what it committed, read from storage; a press of whatever a board offers. Shared by the crash soak and the cluster."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

from bot import codec
from bot.storage import Storage
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
HOST = ("u.view", "u.more", "u.back", "u.rematch", "u.chart", "u.settings", "u.cancel", "u.leave")  # never pressed


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
