"""A shard cluster that heals itself: each process serves the shard groups whose leases it holds in PostgreSQL
(bot/storage/leases.py), renews them every lease/6 seconds, and takes over groups whose lease expired.

Shard groups are a fixed partition of the shard ids: group g is shards [g * size, (g + 1) * size). A process started
with BODOGE_SHARD_IDS takes only the groups of those shards (a second process with the same ids waits, and takes them
when the first is gone); without it, a process takes free groups up to its share (the groups divided by the live
processes, rounded up), its preferred group first, and gives back what it holds beyond its share when another
process joins.

Serving stops on this process's own monotonic clock: a group is served until 2/3 of a lease time after the moment
its last successful renewal was sent, so a process that cannot renew (cut off, paused, its database down) has stopped
before its lease can expire by the database's clock, and a process whose wall clock jumps notices nothing. The
fence (`Fence`) makes the database refuse any table write of a group this process no longer holds at its epoch.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage import is_postgres
from bot.storage.leases import Fence, LeaseTable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ClusterShape:
    """How the shards are grouped and leased, and which groups this process may take."""

    shard_count: int
    group_size: int = 1
    lease_seconds: float = 30.0
    fixed_shards: tuple[int, ...] | None = None  # BODOGE_SHARD_IDS: only the groups of these shards
    preferred_group: int | None = None  # taken first when free (a StatefulSet pod's ordinal)

    @property
    def groups(self) -> int:
        return math.ceil(self.shard_count / self.group_size)

    def shards_of(self, group: int) -> list[int]:
        return list(range(group * self.group_size, min((group + 1) * self.group_size, self.shard_count)))

    def group_of_shard(self, shard: int) -> int:
        return shard // self.group_size

    def group_of(self, guild_id: int | None) -> int:
        """The group of a guild's shard (Discord's (guild_id >> 22) % shard_count; outside a guild: shard 0)."""
        return self.group_of_shard(((guild_id or 0) >> 22) % self.shard_count)

    def eligible(self) -> list[int]:
        """The groups this process may take, preferred first."""
        if self.fixed_shards is not None:
            groups = sorted({self.group_of_shard(shard) for shard in self.fixed_shards})
        else:
            groups = list(range(self.groups))
        if self.preferred_group in groups:
            groups.remove(self.preferred_group)
            groups.insert(0, self.preferred_group)
        return groups


def shape_of(config: Any) -> ClusterShape | None:
    """The cluster a process of this configuration joins: on PostgreSQL with a fixed shard count; None (every shard
    of BODOGE_SHARD_IDS, or all, served without leases) otherwise, as a single SQLite process is."""
    if not (is_postgres(config.database) and config.shard_count):
        return None
    return ClusterShape(
        shard_count=config.shard_count,
        group_size=config.shard_group,
        lease_seconds=config.lease_seconds,
        fixed_shards=None if config.shard_ids is None else tuple(config.shard_ids),
        preferred_group=config.preferred_group,
    )


class LeaseListener(Protocol):
    """What follows a change of the groups served (the Discord side connects or closes their shards; the host
    arms or drops their timers). Calls for one group come one at a time, in order."""

    async def gained(self, group: int, shards: list[int]) -> None: ...

    async def lost(self, group: int, shards: list[int]) -> None: ...


@dataclass
class Held:
    epoch: int
    serve_until: float  # monotonic: the group stops being served then unless renewed
    watchdog: asyncio.TimerHandle | None = None


class ShardLeases:
    """The lease loop of one process. `owns(guild_id)` answers, on the spot, whether this process serves a guild."""

    def __init__(
        self,
        storage: Any,
        shape: ClusterShape,
        *,
        owner: str | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.shape = shape
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.storage = storage
        self.monotonic = monotonic
        self.renew_every = shape.lease_seconds / 6
        self.serve_for = shape.lease_seconds * 2 / 3
        self.fence = Fence(self.owner, idle_transaction_ms=int(shape.lease_seconds * 1000 / 3))
        self.table: LeaseTable | None = None
        self.listener: LeaseListener | None = None
        self.held: dict[int, Held] = {}
        self.members = 1
        self.takeovers = 0  # groups taken from an owner that had stopped renewing
        self.gains = 0
        self.losses = 0  # groups this process stopped serving without giving them back (renewal failed)
        self._chains: dict[int, asyncio.Task] = {}  # per group: the last listener call
        self._loop: asyncio.Task | None = None

    # --- what the rest of the process asks ----------------------------------------------------------------------
    def serving(self, group: int) -> bool:
        held = self.held.get(group)
        return held is not None and held.serve_until > self.monotonic()

    def owns(self, guild_id: int | None) -> bool:
        return self.serving(self.shape.group_of(guild_id))

    def serves_shard(self, shard: int) -> bool:
        return self.serving(self.shape.group_of_shard(shard))

    def shards(self) -> list[int]:
        return [shard for group in sorted(self.held) if self.serving(group) for shard in self.shape.shards_of(group)]

    # --- the loop -----------------------------------------------------------------------------------------------
    async def start(self, *, run: bool = True) -> None:
        """Install the cluster's tables, say this process is here, and start the loop (its first takes come one
        renewal later, so that processes started together share the groups from the start). `run=False`: no loop,
        the caller calls `tick` (tests)."""
        self.table = LeaseTable(self.storage.pool, self.owner, self.shape.lease_seconds)
        self.storage.fence = self.fence
        await self.table.install(self.shape.shard_count, self.shape.group_size, self.shape.groups)
        self.members = await self.table.join()
        if run:
            self._loop = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            try:
                await asyncio.wait_for(self.tick(), timeout=self.renew_every * 2)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database is out of reach: the watchdogs stop what cannot be renewed
                log.warning("shard leases: %s: %s", type(error).__name__, error)

    async def tick(self) -> None:
        """One round: renew what is held, then give back or take groups toward this process's share."""
        assert self.table is not None  # start() made it
        for group, held in list(self.held.items()):
            sent = self.monotonic()
            if await asyncio.wait_for(self.table.renew(group, held.epoch), timeout=self.renew_every):
                if self.held.get(group) is held:
                    self._serve_until(group, held, sent + self.serve_for)
            else:
                log.warning("shard group %d: the lease was lost (epoch %d); its shards stop here", group, held.epoch)
                self.losses += 1
                self._drop(group)
        self.members = await self.table.join()
        await self.table.fill(self.shape.groups)
        leases = await self.table.leases()
        for lease in leases:  # a lease of ours this process no longer serves: free it now rather than at expiry
            if lease.owner == self.owner and lease.live and lease.group not in self.held:
                await self.table.release(lease.group, lease.epoch)
        share = self.share()
        for group in reversed(self.shape.eligible()):
            if len(self.held) <= share:
                break
            if group in self.held:
                await self.give_back(group)
        free = {lease.group: lease for lease in leases if not lease.live}
        for group in self.shape.eligible():
            if len(self.held) >= share:
                break
            if group in free and group not in self.held:
                sent = self.monotonic()
                epoch = await self.table.take(group)
                if epoch is not None:
                    self._gain(group, epoch, sent, taken_from=free[group].owner)

    def share(self) -> int:
        eligible = len(self.shape.eligible())
        if self.shape.fixed_shards is not None:
            return eligible
        return min(eligible, math.ceil(self.shape.groups / max(self.members, 1)))

    def _gain(self, group: int, epoch: int, sent: float, *, taken_from: str) -> None:
        held = Held(epoch, 0.0)
        self.held[group] = held
        self._serve_until(group, held, sent + self.serve_for)
        self.fence.set(group, epoch)
        self.gains += 1
        if taken_from and taken_from != self.owner:
            self.takeovers += 1
        log.info("shard group %d: taken (epoch %d%s)", group, epoch, f", from {taken_from}" if taken_from else "")
        self._tell(group, "gained")

    def _serve_until(self, group: int, held: Held, until: float) -> None:
        held.serve_until = until
        if held.watchdog is not None:
            held.watchdog.cancel()
        delay = max(until - self.monotonic(), 0.0)
        held.watchdog = asyncio.get_running_loop().call_later(delay, self._expire, group, held)

    def _expire(self, group: int, held: Held) -> None:
        if self.held.get(group) is held and held.serve_until <= self.monotonic():
            log.warning("shard group %d: not renewed in time; its shards stop here", group)
            self.losses += 1
            self._drop(group)

    def _drop(self, group: int) -> asyncio.Task | None:
        """Stop serving a group at once (owns() says no from now on); the listener closes its shards."""
        held = self.held.pop(group, None)
        if held is None:
            return None
        if held.watchdog is not None:
            held.watchdog.cancel()
        self.fence.set(group, None)
        return self._tell(group, "lost")

    def _tell(self, group: int, what: str) -> asyncio.Task:
        previous = self._chains.get(group)

        async def call() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            if self.listener is not None:
                try:
                    await getattr(self.listener, what)(group, self.shape.shards_of(group))
                except Exception:
                    log.exception("shard group %d: the %s listener failed", group, what)

        task = self._chains[group] = asyncio.get_running_loop().create_task(call())
        return task

    async def give_back(self, group: int) -> None:
        """Stop serving a group, then let its lease expire now for another process to take."""
        held = self.held.get(group)
        if held is None:
            return
        closing = self._drop(group)
        if closing is not None:
            await asyncio.wait({closing}, timeout=self.renew_every)
        assert self.table is not None  # start() made it
        await self.table.release(group, held.epoch)
        log.info("shard group %d: given back (epoch %d)", group, held.epoch)

    async def stop(self) -> None:
        """Give every group back and leave the cluster (a process shut down on purpose hands over at once)."""
        if self._loop is not None:
            self._loop.cancel()
            await asyncio.gather(self._loop, return_exceptions=True)
            self._loop = None
        for group in list(self.held):
            try:
                await self.give_back(group)
            except Exception as error:  # unreachable: the lease expires by itself
                log.warning("shard group %d: not given back (%s)", group, error)
        if self.table is not None:
            try:
                await self.table.leave()
            except Exception:
                pass
        await asyncio.gather(*self._chains.values(), return_exceptions=True)
