"""The Discord side of a shard cluster (bot/cluster.py): the shards of the groups this process's leases hold are
connected and the others closed, while the bot runs; every IDENTIFY waits for a slot shared by the whole cluster
through PostgreSQL (Discord allows `max_concurrency` per 5 s, one per bucket `shard % max_concurrency`, and 1,000 a
day); an interaction of a guild this process does not serve right now is left unanswered (a process that wakes from
a pause reads what queued in its sockets before its lease loop can run).

A group gained: its tables held in memory are dropped (copies from before may be stale), its stored timers armed
(overdue ones fire at once, once: each one's work commits through the fence), its messages behind storage redrawn,
then its shards identify. A group lost: its shards close, its tables leave memory and its timers stop here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.cluster import ShardLeases

if TYPE_CHECKING:
    from cogs.client import BodogeBot

log = logging.getLogger(__name__)
DAILY_IDENTIFIES = 1000  # Discord's session start limit per day, when it does not say
# seconds added to Discord's spacing: a slot is kept by the database's clock, and an IDENTIFY leaves a little after
# its slot begins (the process's wake-up, its socket), later in one process than in another
IDENTIFY_MARGIN = 0.25


class ShardCluster:
    def __init__(self, bot: BodogeBot, leases: ShardLeases) -> None:
        self.bot = bot
        self.leases = leases
        leases.listener = self
        self.spacing = bot.config.identify_spacing + IDENTIFY_MARGIN
        self.max_concurrency = 1
        self.daily = DAILY_IDENTIFIES
        self.identify_waits: list[float] = []  # seconds each IDENTIFY of this process waited for its slot
        self._gateway: Any = None
        self._launched = asyncio.Event()

    # --- start: leases, then the gateway --------------------------------------------------------------------------
    async def start(self) -> None:
        """After storage opened: join the cluster and gate interactions by the leases held."""
        parsers = self.bot._connection.parsers
        answer = parsers["INTERACTION_CREATE"]

        def gated(data: dict) -> None:
            guild = data.get("guild_id")
            if self.leases.owns(int(guild) if guild else None):
                answer(data)
            else:
                log.info("an interaction of a guild this process no longer serves was left to its new owner")

        parsers["INTERACTION_CREATE"] = gated
        await self.leases.start()

    async def launch(self) -> None:
        """In place of discord.py's launch_shards: learn the gateway and the session limits; no shard connects
        until its group's lease is held."""
        bot = self.bot
        _, url, limits = await bot.http.get_bot_gateway()
        self.max_concurrency = int(limits.get("max_concurrency") or 1)
        self.daily = int(limits.get("total") or DAILY_IDENTIFIES)
        self._gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        bot._connection.shard_count = bot.shard_count
        bot._connection.shard_ids = []
        self._launched.set()

    async def before_identify(self, shard_id: int | None) -> None:
        """Wait for this shard's IDENTIFY slot (reserved in PostgreSQL, shared by every process). A shard this
        process no longer serves never identifies: discord.py re-identifies a session on its own (after a pause, an
        invalid session), and CancelledError is what makes its reconnect give up quietly."""
        shard = shard_id or 0
        assert self.leases.table is not None  # the leases started before any shard connects
        while True:
            if not self.leases.serves_shard(shard):
                raise asyncio.CancelledError()
            wait = await self.leases.table.identify_slot(shard, shard % self.max_concurrency, self.spacing, self.daily)
            if wait >= 0:
                self.identify_waits.append(wait)
                await asyncio.sleep(wait)
                return
            log.error("the day's %d IDENTIFYs are used up: shard %d waits %.0f s", self.daily, shard, -wait)
            await asyncio.sleep(min(-wait, 60.0))

    # --- the leases' listener --------------------------------------------------------------------------------------
    async def gained(self, group: int, shards: list[int]) -> None:
        bot = self.bot
        owns = self.leases.owns
        self._leave_memory(group)
        armed = await bot.scheduler.adopt()
        log.info("shard group %d: %d timers armed", group, armed)
        refresher = bot.board_refresher()
        if refresher is not None:
            behind, _ = await bot.storage.running_tables_behind(owns)
            await refresher.repair(behind)
        await self._launched.wait()
        for shard in shards:
            if not self.leases.serves_shard(shard) or bot.get_shard(shard) is not None:
                continue
            bot._connection.shard_ids.append(shard)  # type: ignore[union-attr]  # a list: launch() made it
            try:
                await bot.launch_shard(self._gateway, shard)
            except asyncio.CancelledError:  # lost before its IDENTIFY slot came (before_identify)
                if asyncio.current_task().cancelling():  # type: ignore[union-attr]  # this task: it is stopping
                    raise
            if not self.leases.serves_shard(shard):  # lost while it waited to identify
                await self._close(shard)

    async def lost(self, group: int, shards: list[int]) -> None:
        for shard in shards:
            await self._close(shard)
        self._leave_memory(group)

    def _leave_memory(self, group: int) -> None:
        """This group's tables leave memory and their timers stop here (a copy kept across a change of owner may
        be stale; the next use loads what storage holds)."""
        bot = self.bot
        in_group = self.leases.shape.group_of
        for table_id in bot.service.retire_where(lambda guild_id: in_group(guild_id) == group):
            bot.scheduler.on_timer(None, table_id, "all")

    async def _close(self, shard: int) -> None:
        """Close a shard's connection for good (discord.py keeps no public way to drop one: its map of shards)."""
        bot = self.bot
        running: dict[int, Any] = bot._AutoShardedClient__shards  # type: ignore[attr-defined]
        connection = running.pop(shard, None)
        ids = bot._connection.shard_ids
        if isinstance(ids, list) and shard in ids:
            ids.remove(shard)
        if connection is None:
            return

        async def stay_closed(*_: Any) -> None:
            return None

        connection.reidentify = connection.reconnect = stay_closed  # a queued reconnect must not reopen it
        try:
            await connection.close()
        except Exception as error:
            log.info("shard %d: closing: %s", shard, error)
        for guild in [g for g in bot.guilds if g.shard_id == shard]:
            bot._connection._remove_guild(guild)
        log.info("shard %d: closed", shard)

    async def stop(self) -> None:
        await self.leases.stop()
