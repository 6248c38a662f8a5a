"""The bot's own process (`python -m bot run`) freezes what startup loaded out of later full garbage collections,
whose pause grows with every object they walk; a bot that closes lets it go (tests and the bench start many)."""

import gc

from cogs.client import BodogeBot
from tests.fakediscord import FakeDiscord
from tests.support.e2e import bot_config


async def test_startup_is_frozen_once_ready_and_let_go_on_close(tmp_path):
    assert gc.get_freeze_count() == 0
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bodoge test")
        fake.add_channel(guild, "games")
        bot = BodogeBot(bot_config(fake, tmp_path / "test.sqlite3"), settle_memory=True)
        async with fake.run_bot(bot):
            await fake.wait_for(lambda: gc.get_freeze_count() > 0, what="startup frozen")
            assert gc.get_freeze_count() > 10_000  # modules, cogs, catalogues, the guild cache
        assert gc.get_freeze_count() == 0


async def test_a_bot_started_without_it_freezes_nothing(tmp_path):
    async with FakeDiscord() as fake:
        fake.add_channel(fake.add_guild("Bodoge test"), "games")
        async with fake.run_bot(BodogeBot(bot_config(fake, tmp_path / "test.sqlite3"))):
            assert gc.get_freeze_count() == 0
