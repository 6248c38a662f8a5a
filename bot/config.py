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
    metrics_port: int | None = None  # /healthz and /metrics (Prometheus) on this port; None: off
    log_format: str = "text"  # "json": one JSON object per log line

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of that guild (Discord's rule: (guild_id >> 22) % shard_count); a
        process without BODOGE_SHARD_IDS runs them all. Tables outside a guild belong to shard 0. A shard cluster on
        PostgreSQL asks its leases instead (bot/cluster.py)."""
        if self.shard_ids is None or not self.shard_count:
            return True
        return ((guild_id or 0) >> 22) % self.shard_count in self.shard_ids

    notify_delay: float = 60.0  # seconds a person may leave their turn before they are told (0: never; /settings)
    reply_seconds: float = 8.0  # seconds a short private answer (a refusal, "Done") stays before it goes
    repost_after: int = 4  # messages others post below the table message before it is posted again at the bottom
    rules_url: str | None = None  # where /rules links to the full rule texts (<url>/<game>.md); None: no link
    # a shard cluster on PostgreSQL (bot/cluster.py): shards per leased group, the lease time, the group a process
    # takes first, and the seconds between two IDENTIFYs of one bucket (Discord's: 5)
    shard_group: int = 1
    lease_seconds: float = 30.0
    preferred_group: int | None = None
    identify_spacing: float = 5.0


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
        metrics_port=_int("BODOGE_METRICS_PORT"),
        log_format=os.environ.get("BODOGE_LOG_FORMAT", "text").strip().lower() or "text",
        notify_delay=float(os.environ.get("BODOGE_NOTIFY_DELAY", "60")),
        reply_seconds=float(os.environ.get("BODOGE_REPLY_SECONDS", "8")),
        repost_after=int(os.environ.get("BODOGE_REPOST_AFTER", "4")),
        rules_url=os.environ.get("BODOGE_RULES_URL", "").strip() or None,
        shard_group=int(os.environ.get("BODOGE_SHARD_GROUP", "1")),
        lease_seconds=float(os.environ.get("BODOGE_LEASE_SECONDS", "30")),
        preferred_group=_int("BODOGE_PREFERRED_GROUP"),
        identify_spacing=float(os.environ.get("BODOGE_IDENTIFY_SPACING", "5")),
    )
