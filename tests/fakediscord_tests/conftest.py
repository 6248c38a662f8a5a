from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord_tests.e2ebot import E2EBot


@pytest.fixture
async def world():
    """A running fake with one Japanese guild, a #games channel, alice (en-US), bob (ja) and an admin, and the
    E2E bot connected and ready."""
    async with FakeDiscord(timeout=5.0) as fake:
        guild = fake.add_guild("Test guild", locale="ja")
        channel = fake.add_channel(guild, "games")
        alice = fake.add_user("alice", locale="en-US")
        bob = fake.add_user("bob", locale="ja")
        boss = fake.add_user("boss")
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        fake.add_member(guild, boss, admin=True)
        bot = E2EBot()
        async with fake.run_bot(bot):
            yield SimpleNamespace(fake=fake, guild=guild, channel=channel, alice=alice, bob=bob, boss=boss, bot=bot)
        assert fake.internal_errors == []
        assert fake.unhandled == []
