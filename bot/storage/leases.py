"""Shard-group leases on PostgreSQL, the coordinator of a shard cluster: who serves which group of shards, the fence
every table write passes, and the IDENTIFY slots all processes share.

Every time is the database's (`clock_timestamp()`), never a process's: a process whose clock jumps cannot extend or
steal a lease. A lease row is (group, owner, epoch, expires_at); the epoch comes from one sequence, so it only grows,
even across rows deleted and made again. Three triggers keep the promises whatever a statement says:

- `bodoge_fence` (on `tables`): a write by a fenced session (one that set `bodoge.owner`) commits only while that
  owner holds the lease of the table's group at the epoch it knows (`bodoge.epochs`), unexpired; it locks the lease
  row FOR SHARE, so a takeover waits for the write to commit or roll back, never overtakes it. A refused write is a
  serialization failure, which storage already reads as "another process committed first" (Conflict).
- `bodoge_lease_guard` (on `leases`): a live lease changes only by its owner renewing it (same owner and epoch,
  never further than one lease time ahead) or releasing it (its owner's own session); it is never deleted; an
  expired one is taken only with a new epoch. A row edited by hand therefore cannot give a group two owners.
- A group whose row is missing gets one back that nobody owns for one lease time (`fill`): whoever held the group
  before has stopped serving it by then.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

LOCK = 0x0B0D1EA5  # pg_advisory_xact_lock key: one process installs the cluster's tables at a time
SLACK = 1.0  # seconds a renewal may land beyond one lease time (the statement's own run time)

SCHEMA = """
CREATE TABLE IF NOT EXISTS cluster_settings (
    one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    shard_count INTEGER NOT NULL,
    group_size INTEGER NOT NULL,
    lease_seconds DOUBLE PRECISION NOT NULL
);
CREATE SEQUENCE IF NOT EXISTS lease_epochs;
CREATE TABLE IF NOT EXISTS leases (
    shard_group INTEGER PRIMARY KEY,
    owner TEXT NOT NULL DEFAULT '',
    epoch BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS cluster_members (
    owner TEXT PRIMARY KEY,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS identify_slots (
    bucket INTEGER PRIMARY KEY,
    next_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS identifies (
    at TIMESTAMPTZ NOT NULL,
    shard INTEGER NOT NULL,
    owner TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS identifies_by_time ON identifies(at);

CREATE OR REPLACE FUNCTION bodoge_fence_check(guild BIGINT, table_id BIGINT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    me TEXT := current_setting('bodoge.owner', true);
    settings cluster_settings;
    wanted INTEGER;
BEGIN
    IF me IS NULL OR me = '' THEN
        RETURN;  -- not a cluster process (migrate-db, a person at psql)
    END IF;
    SELECT * INTO settings FROM cluster_settings;
    wanted := ((COALESCE(guild, 0) >> 22) % settings.shard_count) / settings.group_size;
    PERFORM 1 FROM leases
        WHERE shard_group = wanted AND owner = me
          AND epoch = (current_setting('bodoge.epochs')::jsonb ->> wanted::text)::BIGINT
          AND expires_at > clock_timestamp()
        FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'table %: this process does not hold the lease of shard group %', table_id, wanted
            USING ERRCODE = 'serialization_failure';
    END IF;
END $$;
CREATE OR REPLACE FUNCTION bodoge_fence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM bodoge_fence_check(NEW.guild_id, NEW.id);
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER bodoge_fence BEFORE INSERT OR UPDATE ON tables
    FOR EACH ROW EXECUTE FUNCTION bodoge_fence();
-- a table's seats are written on their own too (joining, leaving, an AI taking a seat): fenced by their table's group
CREATE OR REPLACE FUNCTION bodoge_fence_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    written BIGINT := CASE WHEN TG_OP = 'DELETE' THEN OLD.table_id ELSE NEW.table_id END;
    guild BIGINT;
BEGIN
    IF COALESCE(current_setting('bodoge.owner', true), '') <> '' THEN
        SELECT guild_id INTO guild FROM tables WHERE id = written;
        PERFORM bodoge_fence_check(guild, written);
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE OR REPLACE TRIGGER bodoge_fence_seats BEFORE INSERT OR UPDATE OR DELETE ON seats
    FOR EACH ROW EXECUTE FUNCTION bodoge_fence_seats();

CREATE OR REPLACE FUNCTION bodoge_lease_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    longest INTERVAL := make_interval(secs => (SELECT lease_seconds FROM cluster_settings) + 1.0);
    now_ TIMESTAMPTZ := clock_timestamp();
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF OLD.expires_at > now_ THEN
            RAISE EXCEPTION 'the lease of shard group % is live: it is not deleted', OLD.shard_group;
        END IF;
        RETURN OLD;
    END IF;
    IF NEW.expires_at > now_ + longest THEN
        RAISE EXCEPTION 'a lease lasts one lease time at most (group %)', NEW.shard_group;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        IF OLD.expires_at > now_ THEN
            IF NEW.owner <> OLD.owner OR NEW.epoch <> OLD.epoch OR NEW.shard_group <> OLD.shard_group THEN
                RAISE EXCEPTION 'the lease of shard group % is live: only its owner renews it', OLD.shard_group;
            END IF;
            IF NEW.expires_at < OLD.expires_at
               AND OLD.owner IS DISTINCT FROM current_setting('bodoge.owner', true) THEN
                RAISE EXCEPTION 'the lease of shard group % is live: only its owner releases it', OLD.shard_group;
            END IF;
        ELSIF NEW.epoch <= OLD.epoch AND NEW.owner <> OLD.owner THEN
            RAISE EXCEPTION 'an expired lease is taken with a new epoch (group %)', OLD.shard_group;
        END IF;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER bodoge_lease_guard BEFORE INSERT OR UPDATE OR DELETE ON leases
    FOR EACH ROW EXECUTE FUNCTION bodoge_lease_guard();
"""


class ClusterMismatch(RuntimeError):
    """This process was started with another shard count, group size or lease time than the cluster's."""


@dataclass
class Fence:
    """What a process's storage sessions tell PostgreSQL about it: its owner name and the epoch of each group it
    serves (the `bodoge_fence` trigger checks both). `version` grows at each change; a session is brought up to
    date when it is next taken from the pool."""

    owner: str
    idle_transaction_ms: int  # a session paused inside a transaction is ended after this (it holds lease locks)
    epochs: dict[int, int] = field(default_factory=dict)
    version: int = 0

    def set(self, group: int, epoch: int | None) -> None:
        if epoch is None:
            self.epochs.pop(group, None)
        else:
            self.epochs[group] = epoch
        self.version += 1

    def statement(self) -> tuple[str, tuple]:
        return (
            "SELECT set_config('bodoge.owner', $1, false), set_config('bodoge.epochs', $2, false),"
            " set_config('idle_in_transaction_session_timeout', $3, false)",
            (self.owner, json.dumps({str(g): e for g, e in self.epochs.items()}), str(self.idle_transaction_ms)),
        )


@dataclass(frozen=True)
class Lease:
    group: int
    owner: str
    epoch: int
    live: bool  # unexpired by the database's clock


class LeaseTable:
    """The SQL of leases, members and IDENTIFY slots, on an asyncpg pool (PostgresStorage.pool)."""

    def __init__(self, pool: Any, owner: str, lease_seconds: float) -> None:
        self.pool = pool
        self.owner = owner
        self.lease_seconds = lease_seconds

    async def install(self, shard_count: int, group_size: int, groups: int) -> None:
        """Create the cluster's tables and triggers (once), record its shape, or refuse a process of another shape.
        The first install makes every group's row already expired: free to take at once."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", LOCK)
            await conn.execute(SCHEMA)
            shape = await conn.fetchrow("SELECT shard_count, group_size, lease_seconds FROM cluster_settings")
            if shape is None:
                await conn.execute(
                    "INSERT INTO cluster_settings (shard_count, group_size, lease_seconds) VALUES ($1, $2, $3)",
                    shard_count,
                    group_size,
                    self.lease_seconds,
                )
                await conn.execute(
                    "INSERT INTO leases (shard_group, epoch, expires_at)"
                    " SELECT g, nextval('lease_epochs'), clock_timestamp() FROM generate_series(0, $1 - 1) AS g"
                    " ON CONFLICT DO NOTHING",
                    groups,
                )
            elif tuple(shape) != (shard_count, group_size, self.lease_seconds):
                raise ClusterMismatch(
                    f"the cluster runs {shape[0]} shards in groups of {shape[1]} with {shape[2]} s leases; this"
                    f" process was given {shard_count}, {group_size} and {self.lease_seconds} s"
                )

    async def fill(self, groups: int) -> int:
        """Make again the rows of groups that have none (deleted by hand), owned by nobody for one lease time."""
        status = await self.pool.execute(
            "INSERT INTO leases (shard_group, epoch, expires_at)"
            " SELECT g, nextval('lease_epochs'), clock_timestamp() + make_interval(secs => $2)"
            " FROM generate_series(0, $1 - 1) AS g WHERE NOT EXISTS (SELECT 1 FROM leases WHERE shard_group = g)"
            " ON CONFLICT DO NOTHING",
            groups,
            self.lease_seconds,
        )
        return int(status.rsplit(" ", 1)[-1])

    async def leases(self) -> list[Lease]:
        rows = await self.pool.fetch(
            "SELECT shard_group, owner, epoch, expires_at > clock_timestamp() FROM leases ORDER BY shard_group"
        )
        return [Lease(*row) for row in rows]

    async def take(self, group: int) -> int | None:
        """Take an expired lease with a new epoch; None if it is live (someone holds it, or it was just made)."""
        return await self.pool.fetchval(
            "UPDATE leases SET owner = $2, epoch = nextval('lease_epochs'),"
            " expires_at = clock_timestamp() + make_interval(secs => $3)"
            " WHERE shard_group = $1 AND expires_at <= clock_timestamp() RETURNING epoch",
            group,
            self.owner,
            self.lease_seconds,
        )

    async def renew(self, group: int, epoch: int) -> bool:
        """Extend a live lease this owner holds at this epoch by one lease time from now; False if it is not held."""
        status = await self.pool.execute(
            "UPDATE leases SET expires_at = clock_timestamp() + make_interval(secs => $4)"
            " WHERE shard_group = $1 AND owner = $2 AND epoch = $3 AND expires_at > clock_timestamp()",
            group,
            self.owner,
            epoch,
            self.lease_seconds,
        )
        return status == "UPDATE 1"

    async def release(self, group: int, epoch: int) -> None:
        """Let a lease expire now (its owner stopped serving the group), for another process to take at once."""
        await self.pool.execute(
            "UPDATE leases SET expires_at = clock_timestamp()"
            " WHERE shard_group = $1 AND owner = $2 AND epoch = $3 AND expires_at > clock_timestamp()",
            group,
            self.owner,
            epoch,
        )

    async def join(self) -> int:
        """Say this process is alive for one more lease time; returns how many processes are."""
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO cluster_members (owner, expires_at) VALUES ($1, clock_timestamp() + make_interval(secs"
                " => $2)) ON CONFLICT (owner) DO UPDATE SET expires_at = excluded.expires_at",
                self.owner,
                self.lease_seconds,
            )
            await conn.execute("DELETE FROM cluster_members WHERE expires_at < clock_timestamp()")
            return await conn.fetchval("SELECT COUNT(*) FROM cluster_members")

    async def leave(self) -> None:
        await self.pool.execute("DELETE FROM cluster_members WHERE owner = $1", self.owner)

    async def identify_slot(self, shard: int, bucket: int, spacing: float, daily: int) -> float:
        """Reserve the next IDENTIFY of this bucket: seconds to wait before sending it (every process shares the
        slots: one per `spacing` seconds per bucket). If `daily` IDENTIFYs were sent in the last 24 hours, nothing is
        reserved and the answer is minus the seconds until one of them is a day old."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK, bucket)
            sent, oldest = await conn.fetchrow(
                "SELECT COUNT(*), EXTRACT(EPOCH FROM MIN(at) + interval '1 day' - clock_timestamp())::float"
                " FROM identifies WHERE at > clock_timestamp() - interval '1 day'"
            )
            if sent >= daily:
                return -max(oldest or 0.0, 0.001)
            at = await conn.fetchval(
                "INSERT INTO identify_slots (bucket, next_at)"
                " VALUES ($1, clock_timestamp() + make_interval(secs => $2)) ON CONFLICT (bucket) DO UPDATE"
                " SET next_at = GREATEST(identify_slots.next_at, clock_timestamp()) + make_interval(secs => $2)"
                " RETURNING next_at - make_interval(secs => $2)",
                bucket,
                spacing,
            )
            await conn.execute("INSERT INTO identifies (at, shard, owner) VALUES ($1, $2, $3)", at, shard, self.owner)
            await conn.execute("DELETE FROM identifies WHERE at < clock_timestamp() - interval '2 days'")
            return await conn.fetchval("SELECT GREATEST(EXTRACT(EPOCH FROM $1 - clock_timestamp())::float, 0)", at)
