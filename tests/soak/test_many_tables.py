"""200 tables playing at once in one process: each table's log holds only its own players' actions, and every
table's state is what its own log replays to."""

import asyncio
import random

import pytest

from bot.tables import TableError, TableService
from tests.support.backends import both_backends

pytestmark = [both_backends, pytest.mark.slow]  # minutes: 200 tables at once


async def test_two_hundred_tables_at_once_without_cross_talk(storage):
    service = TableService(storage, race_grace=0.01)
    tables = []
    for number in range(200):
        first, second = 10_000 + 2 * number, 10_001 + 2 * number
        table = await service.open(
            "tiny", guild_id=1, channel_id=number, host_id=first, host_name=f"p{first}", options={"target": 10}
        )
        await service.join(table.id, second, f"p{second}")
        await service.start(table.id, first)
        tables.append((table, [first, second]))

    async def play(table, people, rng):
        while table.status == "running":
            acting = table.state.to_act()
            seat = rng.choice(acting)
            action = rng.choice(table.state.legal_actions(seat))
            try:
                await service.submit(table.id, people[seat], table.version, action)
            except TableError:
                pass  # a race lost to the other player
            await asyncio.sleep(0)

    await asyncio.gather(*(play(table, people, random.Random(table.id)) for table, people in tables))
    for table, people in tables:
        assert table.status == "finished"
        log = await storage.actions(table.id)
        assert log and all(entry["seat"] in (0, 1) for entry in log)
        assert (await service.rebuild(table.id)).to_json() == table.state.to_json()
        row = await storage.load_table(table.id)
        assert [s.user_id for s in row.seats] == people
