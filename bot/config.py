"""Settings from the environment (and a .env file beside the working directory)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str
    dev_guild: int | None  # sync commands to this guild only (instant) instead of globally
    api_base: str | None  # REST base URL override (tests point it at the loopback fake Discord)
    shard_count: int | None
    shard_ids: list[int] | None
    race_grace: float  # seconds a first-press race stays open after its first press
    ai_delay: float  # seconds an AI "thinks" before acting, so people can follow
    edit_delay: float  # seconds the bot waits to coalesce its own edits of a table message
    log_level: str
    afk_limit: int = 3  # consecutive missed deadlines before an AI keeps the seat
    timer_scale: float = 1.0  # multiplies every game deadline (tests use a small one)
    guild_ready_timeout: float = 2.0  # seconds discord.py waits for guilds before it calls the bot ready
    lobby_idle_minutes: float = 30  # a lobby unchanged this long closes by itself (0: never); /settings overrides it


def _int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value else None


def load(env_file: str | Path | None = ".env") -> Config:
    if env_file and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    shard_ids = os.environ.get("BODOGE_SHARD_IDS", "").strip()
    return Config(
        token=os.environ.get("DISCORD_TOKEN") or None,
        database=os.environ.get("BODOGE_DATABASE", "bodoge.sqlite3"),
        dev_guild=_int("BODOGE_DEV_GUILD"),
        api_base=os.environ.get("BODOGE_API_BASE") or None,
        shard_count=_int("BODOGE_SHARD_COUNT"),
        shard_ids=[int(x) for x in shard_ids.split(",")] if shard_ids else None,
        race_grace=float(os.environ.get("BODOGE_RACE_GRACE", "0.35")),
        ai_delay=float(os.environ.get("BODOGE_AI_DELAY", "1.2")),
        edit_delay=float(os.environ.get("BODOGE_EDIT_DELAY", "0.6")),
        log_level=os.environ.get("BODOGE_LOG_LEVEL", "INFO"),
        afk_limit=int(os.environ.get("BODOGE_AFK_LIMIT", "3")),
        guild_ready_timeout=float(os.environ.get("BODOGE_GUILD_READY_TIMEOUT", "2")),
        lobby_idle_minutes=float(os.environ.get("BODOGE_LOBBY_IDLE_MINUTES", "30")),
    )
