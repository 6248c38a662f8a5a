"""Shard-group leases on a real PostgreSQL (bot/cluster.py, bot/storage/leases.py): expiry and takeover, the epoch
fence that refuses a stale writer, rows edited by hand, two processes given the same shards, clock jumps, the share
of each process, and IDENTIFY slots shared by every process."""

import asyncio
import time
from dataclasses import replace

import asyncpg
import pytest

from bot.cluster import ClusterShape, ShardLeases
from bot.storage import Conflict, SeatRow, Storage
from bot.storage.leases import ClusterMismatch, LeaseTable

LEASE = 1.5  # seconds: short, so that expiry happens within a test


class Clock:
    """A monotonic clock a test moves by hand (a process's own clock; the leases themselves use the database's)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def database(postgres_server):
    return await postgres_server.create_database("leases")


@pytest.fixture
async def open_storages(database):
    opened = []

    async def open_one():
        storage = await Storage(database).open()
        opened.append(storage)
        return storage

    yield open_one
    for storage in opened:
        await storage.close()


async def process(open_storages, shape, *, name, clock=None):
    """One cluster process without its loop: the test calls `tick`."""
    leases = ShardLeases(await open_storages(), shape, owner=name, monotonic=clock or time.monotonic)
    await leases.start(run=False)
    return leases


def guild_of(shard: int, shard_count: int) -> int:
    return shard << 22  # (guild_id >> 22) % shard_count == shard for shard < shard_count


async def table_in(storage, shard, shard_count):
    table_id = await storage.create_table(
        "tiny", guild_of(shard, shard_count), 10 + shard, 1, {}, 7, "en", [SeatRow(1, "alice"), SeatRow(2, "bob")]
    )
    await storage.start_game(table_id, [SeatRow(1, "alice"), SeatRow(2, "bob")], {}, '{"s": 0}', [0, 0])
    return table_id


async def act(storage, table_id, seq):
    await storage.record_action(table_id, seq, 0, {"n": seq}, "user", f'{{"s": {seq}}}', [seq, 0])


async def test_an_expired_lease_is_taken_over_with_a_newer_epoch(open_storages):
    shape = ClusterShape(shard_count=2, lease_seconds=LEASE)
    first = await process(open_storages, shape, name="first")
    await first.tick()
    assert sorted(first.held) == [0, 1]
    second = await process(open_storages, shape, name="second")
    await second.tick()
    assert second.held == {}, "a live lease is not taken"
    epochs = {group: held.epoch for group, held in first.held.items()}
    await asyncio.sleep(LEASE + 0.2)  # the first stops renewing (as if dead): its leases expire
    await second.tick()
    assert sorted(second.held) == [0, 1]
    assert all(second.held[g].epoch > epochs[g] for g in epochs)
    assert second.takeovers == 2
    assert not first.serving(0), "the first stopped serving on its own clock before the takeover"


async def test_a_process_stops_serving_before_its_lease_can_expire(open_storages):
    clock = Clock()
    leases = await process(open_storages, ClusterShape(shard_count=1, lease_seconds=30), name="p", clock=clock)
    await leases.tick()
    assert leases.owns(None) and leases.owns(guild_of(0, 1))
    clock.now += 30 * 2 / 3 - 0.01
    assert leases.serving(0)
    clock.now += 0.02  # not renewed for 2/3 of a lease time: stopped, 10 s before the database lets anyone take it
    assert not leases.serving(0) and not leases.owns(None)


async def test_a_stale_writer_cannot_commit_once_its_lease_was_taken(open_storages):
    shape = ClusterShape(shard_count=2, lease_seconds=LEASE)
    stale = await process(open_storages, shape, name="stale")
    await stale.tick()
    table_id = await table_in(stale.storage, 1, 2)
    await act(stale.storage, table_id, 1)  # while it holds the lease, it commits
    await asyncio.sleep(LEASE + 0.2)  # paused: it renews nothing, and still believes its epochs
    fresh = await process(open_storages, shape, name="fresh")
    await fresh.tick()
    assert 1 in fresh.held
    with pytest.raises(Conflict):  # the stale process's commit at the next version is refused by the fence
        await act(stale.storage, table_id, 2)
    with pytest.raises(asyncpg.exceptions.SerializationError):  # as is any other write of its table
        await stale.storage.set_status(table_id, "cancelled")
    seats = (await stale.storage.load_table(table_id)).seats
    with pytest.raises(asyncpg.exceptions.SerializationError):  # its seats' too, written on their own
        await stale.storage.save_seats(table_id, [replace(seats[0], name="stale"), *seats[1:]])
    await act(fresh.storage, table_id, 2)  # the new owner commits that version
    assert [a["seq"] for a in await fresh.storage.actions(table_id)] == [1, 2]
    # the old epoch is refused even where the owner name matches: a process that took the group back later
    stale.fence.set(1, fresh.held[1].epoch - 1)
    with pytest.raises(Conflict):
        await act(stale.storage, table_id, 3)


async def test_writes_outside_a_cluster_process_are_not_fenced(open_storages):
    leases = await process(open_storages, ClusterShape(shard_count=1, lease_seconds=LEASE), name="p")
    plain = await open_storages()  # migrate-db, a person's script: no owner told to the database
    table_id = await table_in(plain, 0, 1)
    await act(plain, table_id, 1)
    assert leases.held == {}


async def test_leases_edited_by_hand_cannot_give_a_group_two_owners(open_storages, database):
    shape = ClusterShape(shard_count=2, lease_seconds=LEASE)
    holder = await process(open_storages, shape, name="holder")
    await holder.tick()
    person = await asyncpg.connect(database)
    try:
        refused = [
            "UPDATE leases SET owner = 'intruder' WHERE shard_group = 0",
            "UPDATE leases SET epoch = epoch + 100 WHERE shard_group = 0",
            "UPDATE leases SET expires_at = clock_timestamp() WHERE shard_group = 0",
            "UPDATE leases SET expires_at = clock_timestamp() + interval '1 day' WHERE shard_group = 0",
            "DELETE FROM leases WHERE shard_group = 0",
        ]
        for statement in refused:
            with pytest.raises(asyncpg.exceptions.RaiseError):
                await person.execute(statement)
        await person.execute("TRUNCATE leases")  # past every row trigger: the rows are gone
    finally:
        await person.close()
    other = await process(open_storages, shape, name="other")
    await other.tick()  # the rows come back owned by nobody for one lease time: nothing to take yet
    assert other.held == {}
    await holder.tick()  # the holder cannot renew what is gone: it stops serving at once
    assert holder.held == {}
    await asyncio.sleep(LEASE + 0.2)
    await other.tick()
    assert sorted(other.held) == [0, 1]


async def test_two_processes_given_the_same_shards_never_both_serve(open_storages):
    shape = ClusterShape(shard_count=4, lease_seconds=LEASE, fixed_shards=(2,))
    first = await process(open_storages, shape, name="first")
    second = await process(open_storages, shape, name="second")
    await asyncio.gather(first.tick(), second.tick())
    serving = [leases for leases in (first, second) if leases.serving(2)]
    assert len(serving) == 1 and sorted(serving[0].held) == [2]
    standby = second if serving[0] is first else first
    assert standby.held == {}
    await serving[0].stop()  # the holder shuts down: it gives the group back at once
    await standby.tick()
    assert sorted(standby.held) == [2]


async def test_a_wall_clock_jump_changes_no_owner(open_storages, monkeypatch):
    shape = ClusterShape(shard_count=1, lease_seconds=LEASE)
    holder = await process(open_storages, shape, name="holder")
    await holder.tick()
    jumper = await process(open_storages, shape, name="jumper")
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 86400)  # a day ahead
    await jumper.tick()
    assert jumper.held == {} and holder.serving(0)
    monkeypatch.setattr(time, "time", lambda: real() - 86400)  # a day behind
    await holder.tick()
    assert holder.serving(0)
    assert jumper.held == {}


async def test_each_process_takes_its_share_and_gives_back_the_rest(open_storages):
    shape = ClusterShape(shard_count=6, lease_seconds=LEASE, preferred_group=None)
    first = await process(open_storages, shape, name="first")
    await first.tick()
    assert len(first.held) == 6  # alone, it serves everything
    others = [
        await process(open_storages, ClusterShape(shard_count=6, lease_seconds=LEASE, preferred_group=g), name=n)
        for g, n in ((3, "second"), (4, "third"))
    ]
    for _ in range(2):
        for leases in (first, *others):
            await leases.tick()
    assert [len(leases.held) for leases in (first, *others)] == [2, 2, 2]
    assert 3 in others[0].held and 4 in others[1].held, "a free preferred group is taken first"
    assert sorted(g for leases in (first, *others) for g in leases.held) == list(range(6))


async def test_a_process_of_another_shape_is_refused(open_storages):
    await process(open_storages, ClusterShape(shard_count=4, lease_seconds=LEASE), name="p")
    with pytest.raises(ClusterMismatch):
        await process(open_storages, ClusterShape(shard_count=8, lease_seconds=LEASE), name="q")


async def test_identify_slots_are_spaced_per_bucket_across_processes(open_storages):
    await process(open_storages, ClusterShape(shard_count=4, lease_seconds=LEASE), name="p")
    tables = [LeaseTable((await open_storages()).pool, f"p{n}", LEASE) for n in range(2)]
    waits = await asyncio.gather(*(tables[n % 2].identify_slot(n, 0, 0.5, 1000) for n in range(4)))
    assert sorted(round(w * 2) / 2 for w in waits) == [0.0, 0.5, 1.0, 1.5]  # one per 0.5 s in bucket 0
    other_bucket = await tables[0].identify_slot(5, 1, 0.5, 1000)
    assert other_bucket < 0.05, "another bucket does not wait"
    refused = await tables[1].identify_slot(6, 2, 0.5, 5)  # 5 sent today already: the day's limit
    assert refused < 0 and -refused > 86000
