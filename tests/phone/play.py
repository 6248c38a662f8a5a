"""One whole game through the real bot and the fake Discord, played by people named player1.. as a person would,
recorded for phoneview."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import tempfile
from pathlib import Path

from cogs.client import BodogeBot
from tests.fakediscord import FakeDiscord
from tests.phone import record
from tests.support.drive import move
from tests.support.e2e import bot_config

# game -> (people, AI seats): a usual table of each game
GAMES = {"blue_border": (2, 1), "diamond_box": (2, 1), "bossa": (2, 0), "deep_dive": (2, 1), "colorse": (2, 2)}
DISCORD_LOCALE = {"en": "en-US", "ja": "ja"}


def _button(message, suffix: str):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def play(game: str, locale: str, folder: Path, *, seed: int = 1, view_odds: float = 0.2, pace: int = 0) -> Path:
    """Plays one game and writes its record (and files) under `folder`; returns the record's path. `pace`: seconds
    per move of a turn-based table (the server's default), 0 for live."""
    people, ais = GAMES[game]
    folder.mkdir(parents=True, exist_ok=True)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bodoge", locale=DISCORD_LOCALE[locale])
        channel = fake.add_channel(guild, "games")
        users = [fake.add_user(f"player{n + 1}", locale=DISCORD_LOCALE[locale]) for n in range(people)]
        for user in users:
            fake.add_member(guild, user)
        with tempfile.TemporaryDirectory() as scratch:
            # the game runs some twenty times faster than people play: short answers go as much sooner
            config = dataclasses.replace(bot_config(fake, Path(scratch) / "phone.db"), reply_seconds=0.5)
            bot = BodogeBot(config)
            bot._connection.guild_ready_timeout = 0.05
            bot.service.new_seed = lambda: seed
            task = asyncio.create_task(bot.start(config.token))
            try:
                await fake.wait_for(lambda: bot.is_ready() or task.done(), timeout=15, what="the bot")
                if pace:
                    await bot.storage.set_guild_settings(guild.id, {"pace": pace})
                await _play(fake, bot, game, channel, users, ais, random.Random(seed), view_odds)
            finally:
                await bot.close()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(task, 5)
        return record.write(fake, folder, game=game, channel=channel, users=users, locale=locale)


async def _play(fake, bot, game, channel, users, ais, rng, view_odds) -> None:
    service = bot.service
    host = users[0]
    await fake.slash(host, channel, "play", {"game": game})
    threads = fake.threads(channel)
    where = threads[-1] if threads else channel
    board = fake.channel_messages(where)[0]
    table = await service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    for user in users[1:]:
        await fake.press(user, board, custom_id=_button(board, "u.join")["custom_id"])
    for _ in range(ais):
        chooser = await fake.press(host, board, custom_id=_button(board, "u.ai_add")["custom_id"])
        if chooser.ephemeral and chooser.message is not None and chooser.message.selects():
            select = chooser.message.selects()[0]
            values = [option["value"] for option in select["options"]]
            await fake.select(
                host, chooser.message, select["custom_id"], ["normal" if "normal" in values else values[0]]
            )
    await fake.wait_for(lambda: len(table.seats) == len(users) + ais, what="the seats")
    await asyncio.sleep(0.2)
    await fake.press(host, board, custom_id=_button(board, "u.start")["custom_id"])
    seats = {n: user for n, user in enumerate(users)}
    for _ in range(3000):
        if table.status != "running":
            break
        await fake.wait_for(
            lambda: (
                any(f":{table.id}:{table.version}:" in c.get("custom_id", "") for c in board.all_components())
                or table.status != "running"
            ),
            timeout=15,
            what="the board to catch up",
        )
        acting = [s for s in table.state.to_act() if s in seats and not table.seats[s].is_ai]
        if not acting:
            await asyncio.sleep(0.02)
            continue
        user = seats[rng.choice(acting)]
        mine = _button(board, "u.view")
        if mine is not None and rng.random() < view_odds:
            with contextlib.suppress(LookupError, PermissionError):
                await fake.press(user, board, custom_id=mine["custom_id"])
        with contextlib.suppress(LookupError, PermissionError):  # the board moved on under the press: as a person
            await move(fake, table, board, user, rng)
    await fake.wait_for(lambda: _button(board, "u.rematch") is not None, timeout=15, what="the finished board")
    await asyncio.sleep(0.3)
