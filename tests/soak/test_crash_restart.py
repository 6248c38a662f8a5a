"""Crash and restart: the bot runs as a real process against the fake Discord and is killed with SIGKILL at random
moments (60 times), then restarted on the same database. Every move it acknowledged must still be in the log, no
table may be left stuck, and every finished game must replay to its recorded result. On SQLite and on PostgreSQL."""

import asyncio
import random

import pytest

import games
from bot.records import export, replay
from bot.storage import Storage
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import FakeTimeout
from tests.support.backends import both_backends
from tests.support.botprocess import BotProcess, db_rows, is_subsequence, press_something

pytestmark = pytest.mark.slow  # minutes: 60 kills and restarts per backend

KILLS = {"sqlite": 60, "postgres": 30}  # PostgreSQL: fewer, the run is long enough (each restart ~1 s)
GAMES = ["blue_border", "deep_dive", "bossa", "diamond_box", "colorse"]


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
