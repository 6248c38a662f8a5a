"""A shard cluster: two bot processes, one per shard of a two-shard fake gateway (fixed BODOGE_SHARD_IDS, held through
leases), share one PostgreSQL. Tables run in guilds of both shards; the process of shard 1 is killed (SIGKILL)
mid-game; the other is restarted with both shards and takes them once the dead leases expire. Every table goes on,
and every move either process acknowledged is in the log. (Processes that take shards by themselves, without fixed
ids: test_failover.py.)"""

import asyncio
import random

import pytest

import games
from bot.storage import Storage
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import FakeTimeout
from tests.support.botprocess import BotProcess, db_rows, is_subsequence, press_something

pytestmark = pytest.mark.slow  # minutes: two bot processes on one PostgreSQL

# (shard, game): two tables in a guild of each shard
TABLES = [(0, "blue_border"), (0, "diamond_box"), (1, "deep_dive"), (1, "bossa")]
LEASES = {"BODOGE_LEASE_SECONDS": "3", "BODOGE_IDENTIFY_SPACING": "1"}  # short: a dead process's leases expire soon


async def play(fake, reader, boards, users, rng, acknowledged, seconds, only=None):
    """Press what the boards offer for `seconds` (on the tables in `only`, if given)."""
    stop_at = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < stop_at:
        running = [
            (r[0], r[1], r[10])
            for r in await reader.dump("tables")
            if r[6] == "running" and r[0] in boards and (only is None or r[0] in only)
        ]
        if not running:
            return
        table_id, game, state_json = rng.choice(running)
        acting = [s for s in games.get(game).load(state_json).to_act() if s in users]
        if not acting:
            await asyncio.sleep(0.02)
            continue
        try:
            await press_something(fake, users[rng.choice(acting)], boards[table_id], rng, acknowledged, table_id)
        except (FakeTimeout, LookupError, PermissionError, ValueError):
            pass  # the process owning that shard is dead, or the board changed under the press


@pytest.mark.parametrize("backend", ["postgres"])
async def test_a_two_process_cluster_survives_losing_a_process(database_target, tmp_path):
    rng = random.Random(1611)
    reader = await Storage(database_target).open()
    acknowledged: dict[int, list] = {}
    async with FakeDiscord(timeout=3, shards=2) as fake:
        guilds = [fake.add_guild(f"shard{n}", locale="en-US", shard=(n, 2)) for n in (0, 1)]
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        for guild in guilds:
            for user in (alice, bob):
                fake.add_member(guild, user)
        first = BotProcess(fake, database_target, shards=[0], shard_count=2, log=tmp_path / "shard0.log", env=LEASES)
        second = BotProcess(fake, database_target, shards=[1], shard_count=2, log=tmp_path / "shard1.log", env=LEASES)
        await first.start()
        await second.start()
        users = {0: alice, 1: bob}
        boards, shard_of = {}, {}
        for number, (shard, game) in enumerate(TABLES):
            channel = fake.add_channel(guilds[shard], f"t{number}")
            await fake.slash(alice, channel, "play", {"game": game}, timeout=10)
            board = fake.channel_messages(fake.threads(channel)[-1])[0]
            await fake.press(bob, board, custom_id=board.find_button("Join")["custom_id"], timeout=10)
            await fake.press(alice, board, custom_id=board.find_button("Start")["custom_id"], timeout=10)
            table_id = int(board.buttons()[0]["custom_id"].split(":")[1])
            boards[table_id], shard_of[table_id] = board, shard
        assert len(boards) == len(TABLES)

        await play(fake, reader, boards, users, rng, acknowledged, 3.0)
        assert {shard_of[t] for t, moves in acknowledged.items() if moves} == {0, 1}, "both processes took moves"
        # shard 1's process dies mid-game, with presses in flight
        presses = asyncio.create_task(play(fake, reader, boards, users, rng, acknowledged, 1.0))
        await asyncio.sleep(0.3)
        await second.kill()
        await presses
        # the survivor is restarted with both shards
        await first.kill()
        versions = {r[0]: r[9] for r in await reader.dump("tables") if r[6] == "running"}
        survivor = BotProcess(
            fake, database_target, shards=[0, 1], shard_count=2, log=tmp_path / "both.log", env=LEASES
        )
        await survivor.start()
        deadline = asyncio.get_running_loop().time() + 30
        while asyncio.get_running_loop().time() < deadline:
            now = {r[0]: (r[6], r[9]) for r in await reader.dump("tables")}
            waiting = [t for t, v in versions.items() if now[t][0] == "running" and now[t][1] <= v]
            if not waiting:
                break
            await play(fake, reader, boards, users, rng, acknowledged, 0.5, only=set(waiting))
        tables, timers, seats, logs = await db_rows(reader)
        await survivor.kill()
    await reader.close()

    now = {row[0]: row for row in tables}
    for table_id, version in versions.items():  # every table running at the handover went on
        assert now[table_id][2] != "running" or now[table_id][3] > version, f"table {table_id} did not go on"
    assert sum(len(v) for v in acknowledged.values()) > 10
    for table_id, actions in acknowledged.items():
        user_actions = [action for action, source in logs.get(table_id, []) if source == "user"]
        assert is_subsequence(actions, user_actions), f"table {table_id} lost an acknowledged move"
        versions_logged = [seq for seq in range(1, len(logs.get(table_id, [])) + 1)]
        assert len(versions_logged) == now[table_id][3]  # one log row per version: nothing doubled
