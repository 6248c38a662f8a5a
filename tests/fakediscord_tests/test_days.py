"""Discord over days, by the fake's clock: idle threads archive themselves and refuse writes until unarchived, a
locked or deleted thread refuses them for good, and an interaction token dies after 15 minutes."""

from __future__ import annotations

import aiohttp
import discord
import pytest

POST_MESSAGE = "POST /channels/{channel_id}/messages"


class ManualClock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def bot_thread(world, clock: ManualClock) -> tuple:
    fake = world.fake
    fake.clock = clock
    out = await fake.slash(world.alice, world.channel, "post", {"text": "a table"})
    assert out.content.startswith("posted ")
    thread = fake.threads(world.channel)[0]
    return thread, world.bot.get_channel(thread.id)


async def test_an_idle_thread_archives_and_refuses_writes_until_unarchived(world):
    clock = ManualClock()
    thread, channel = await bot_thread(world, clock)
    assert thread.auto_archive_duration == 60  # what the bot asked for
    clock.now += 59 * 60
    await channel.send("still here")  # a message keeps it awake
    clock.now += 59 * 60
    assert world.fake.archive_idle_threads() == [] and not thread.archived
    clock.now += 2 * 60
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("too late")
    assert refused.value.status == 400 and refused.value.code == 50083 and thread.archived
    message = world.fake.channel_messages(thread)[0]
    with pytest.raises(discord.HTTPException) as edit:
        await channel.get_partial_message(message.id).edit(content="edited")
    assert edit.value.code == 50083
    await channel.edit(archived=False)  # the bot's own thread: it may bring it back
    assert not thread.archived
    await channel.send("back")
    assert world.fake.channel_messages(thread)[-1].content == "back"


async def test_a_member_s_message_unarchives_a_thread_and_a_locked_one_stays_shut(world):
    clock = ManualClock()
    thread, channel = await bot_thread(world, clock)
    world.fake.archive_thread(thread)
    await world.fake.say(world.boss, thread, "hello again")  # boss may see this private thread
    assert not thread.archived
    world.fake.lock_thread(thread)
    assert thread.locked and thread.archived
    with pytest.raises(PermissionError):
        await world.fake.say(world.alice, thread, "let me in")
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("anyone?")
    assert refused.value.code == 50083


async def test_a_deleted_thread_is_an_unknown_channel(world):
    thread, channel = await bot_thread(world, ManualClock())
    world.fake.delete_thread(thread)
    with pytest.raises(discord.NotFound) as gone:
        await channel.send("hello?")
    assert gone.value.code == 10003
    await world.fake.wait_for(lambda: world.bot.get_channel(thread.id) is None, what="THREAD_DELETE to reach the bot")


async def test_an_interaction_token_dies_after_15_minutes(world):
    fake = world.fake
    clock = ManualClock()
    fake.clock = clock
    first = await fake.slash(world.alice, world.channel, "secret")
    second = await fake.slash(world.alice, world.channel, "secret")
    assert first.ephemeral and [m.id for m in fake.ephemerals(world.alice, world.channel)] == [
        first.message.id,
        second.message.id,
    ]
    base = f"{fake.api_base}/webhooks/{fake.application_id}"
    async with aiohttp.ClientSession() as http:
        clock.now += 14 * 60
        async with http.delete(f"{base}/{first.token}/messages/@original") as answer:
            assert answer.status == 204
        clock.now += 2 * 60
        async with http.delete(f"{base}/{second.token}/messages/@original") as answer:
            assert answer.status == 401 and (await answer.json()) == {"code": 50027, "message": "Invalid Webhook Token"}
        async with http.post(f"{base}/{second.token}", json={"content": "late", "flags": 64}) as answer:
            assert answer.status == 401
    assert [m.id for m in fake.ephemerals(world.alice)] == [second.message.id]
    assert second.rejections and second.rejections[-1].response["code"] == 50027
