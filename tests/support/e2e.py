"""Start the real bot against the loopback fake Discord: `Harness`, and the `harness` fixture every folder may take
(a plugin of tests/conftest.py), whose every payload goes through the hidden-information scanner."""

from __future__ import annotations

import asyncio
import contextlib
import itertools

import pytest

from bot.config import Config
from cogs.client import BodogeBot
from tests.fakediscord import FakeDiscord
from tests.support.leakscan import LeakScanner


def bot_config(fake: FakeDiscord, database) -> Config:
    return Config(
        token=fake.bot_token,
        database=str(database),
        dev_guild=None,
        api_base=fake.api_base,
        shard_count=None,
        shard_ids=None,
        race_grace=0.15,
        ai_delay=0.05,
        edit_delay=0.05,
        log_level="INFO",
    )


class Harness:
    """The fake Discord, one guild with a channel and three members, and a bot process that can be restarted."""

    def __init__(self, fake: FakeDiscord, database) -> None:
        self.fake = fake
        self.database = database
        self.bot: BodogeBot | None = None
        self._seeds = itertools.count(1000)  # the same deals on every run: this harness's tables get 1000, 1001, ...
        self._task: asyncio.Task | None = None
        self.clock = None  # a ManualClock (tests/support/clock.py) the bot and the fake Discord share, once set
        self.guild = fake.add_guild("Bodoge test", locale="ja")
        self.channel = fake.add_channel(self.guild, "games")
        self.alice = fake.add_user("alice", locale="en-US")
        self.bob = fake.add_user("bob", locale="ja")
        self.carol = fake.add_user("carol", locale="en-US")
        self.mod = fake.add_user("mod", locale="en-US")
        for user in (self.alice, self.bob, self.carol):
            fake.add_member(self.guild, user)
        fake.add_member(self.guild, self.mod, admin=True)

    async def start(self, **overrides) -> BodogeBot:
        config = bot_config(self.fake, self.database)
        if overrides:
            config = Config(**{**config.__dict__, **overrides})
        self.bot = BodogeBot(config, extra_cogs=["tests.support.tiny.cog"])
        self.bot._connection.guild_ready_timeout = 0.05  # discord.py waits this long after the last guild
        self.bot.service.new_seed = self._seeds.__next__
        if self.clock is not None:
            self.bot.service.clock = self.clock
            self.fake.clock = self.clock
        self.scanner = LeakScanner(self.fake, self.bot.service)
        self.scanner.install()
        self._task = asyncio.create_task(self.bot.start(config.token))
        bot = self.bot
        await self.fake.wait_for(lambda: bot.is_ready() or self._task.done(), timeout=10, what="the bot to be ready")
        if self._task.done():
            self._task.result()  # the bot failed to start: show why
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._task, 5)
            self.bot = None

    async def crash(self) -> None:
        """Stop the process the hard way: no goodbye, storage left as the last commit left it."""
        bot = self.bot
        self.bot = None
        bot.scheduler.running = False
        await bot.scheduler.stop()
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task
        with contextlib.suppress(RuntimeError):  # its socket may be gone with the task already
            await self.fake.drop_gateway(wait_resume=False)  # nobody resumes: the process is dead
        with contextlib.suppress(Exception):
            await bot.storage.close()
        with contextlib.suppress(Exception):
            await bot.http.close()

    @property
    def service(self):
        return self.bot.service


@pytest.fixture
async def harness(database_target):
    """On SQLite unless the test (or module: `pytestmark = both_backends`) parametrises `backend`."""
    async with FakeDiscord() as fake:
        world = Harness(fake, database_target)
        await world.start()
        try:
            yield world
        finally:
            await world.stop()
        # every payload this test's bot sent went through the hidden-information scanner
        assert world.scanner.leaks == [], world.scanner.leaks
