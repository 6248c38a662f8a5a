"""End-to-end: a real discord.py AutoShardedBot against the loopback fake Discord."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from tests.fakediscord import FakeDiscord, FakeTimeout, P
from tests.fakediscord.models import snowflake_time
from tests.fakediscord_tests.e2ebot import E2EBot, tiny_png

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
POST_MESSAGE = "POST /channels/{channel_id}/messages"


async def test_ready_identify_and_sync(world):
    fake, bot = world.fake, world.bot
    assert bot.is_ready()
    assert bot.get_guild(world.guild.id).preferred_locale.value == "ja"
    guild = bot.get_guild(world.guild.id)
    assert guild.me is not None and guild.me.guild_permissions.manage_messages
    assert guild.get_channel(world.channel.id).name == "games"
    # the unmodified client asked for zlib-stream, API v10, json; intents as configured
    assert fake.gateway_connects[0]["query"] == {"v": "10", "encoding": "json", "compress": "zlib-stream"}
    assert fake.identifies[0]["intents"] == bot.intents.value
    assert fake.identifies[0]["shard"] == [0, 1]
    assert {c["name"] for c in fake.commands[None]} >= {"ping", "board", "table", "dm"}
    assert [c.route for c in fake.calls[:4]] == [
        "/users/@me",
        "/oauth2/applications/@me",
        "/applications/{application_id}/commands",
        "/gateway/bot",
    ]


async def test_slash_command_answered_with_locales(world):
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "ping")
    assert out.type == 4 and not out.ephemeral
    assert out.content == "pong en-US ja"
    assert fake.channel_messages(world.channel)[-1] is out.message
    out = await fake.slash(world.bob, world.channel, "ping")
    assert out.content == "pong ja ja"
    call = fake.last_call(CALLBACK)
    assert call.status == 200 and call.json["type"] == 4 and call.json["data"]["content"] == "pong ja ja"
    assert call.response["resource"]["message"]["id"] == str(out.message.id)


async def test_subcommand_options_are_typed_and_validated(world):
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "table status", {"game": "bossa", "seats": 3, "who": world.bob})
    assert out.content == "status bossa seats=3 who=bob"
    sent = fake.interactions[-1].payload["data"]
    assert sent["options"][0]["name"] == "status" and sent["options"][0]["type"] == 1
    assert {o["name"]: o["type"] for o in sent["options"][0]["options"]} == {"game": 3, "seats": 4, "who": 6}
    with pytest.raises(ValueError):
        await fake.slash(world.alice, world.channel, "table status", {"game": "chess"})
    with pytest.raises(ValueError):
        await fake.slash(world.alice, world.channel, "table status", {"game": "bossa", "seats": 9})
    with pytest.raises(LookupError):
        await fake.slash(world.alice, world.channel, "table nothing")


async def test_ephemeral_reply_only_for_the_user(world):
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "secret")
    assert out.ephemeral and out.content == "only you"
    assert fake.ephemerals(world.alice) == [out.message]
    assert fake.ephemerals(world.bob) == []
    assert out.message not in fake.channel_messages(world.channel)


async def test_button_press_edits_message_with_new_png(world):
    fake = world.fake
    board = await fake.slash(world.alice, world.channel, "board")
    message = board.message
    assert message.files == {"board.png": tiny_png(0)}
    assert message.attachments[0].image_size() == (2, 1)
    pressed = await fake.press(world.bob, message, message.button("Count 0"))
    assert pressed.type == 7 and pressed.message is message
    assert message.content == "count 1" and message.edits == 1
    assert message.files == {"board.png": tiny_png(1)}
    assert message.find_button(prefix="cnt:")["custom_id"] == "cnt:1"
    edit = fake.last_call(CALLBACK)
    assert edit.json["type"] == 7 and edit.file_names == ["board.png"] and edit.file("board.png") == tiny_png(1)
    # the stale button is gone: a user cannot press what is not shown any more
    with pytest.raises(LookupError):
        await fake.press(world.bob, message, "cnt:0")
    # the attachment URL is served by the fake, so discord.py's Attachment.read() works
    again = await fake.press(world.alice, message, prefix="cnt:")
    assert again.content == "count 2"
    assert world.bot.presses[-1][0] == world.alice.id


async def test_persistent_view_button_and_select(world):
    fake = world.fake
    menu = await fake.slash(world.alice, world.channel, "menu")
    ok = await fake.press(world.bob, menu.message, label="OK")
    assert ok.type == 4 and ok.ephemeral and ok.content == "ok bob"
    assert fake.ephemerals(world.bob) == [ok.message]
    picked = await fake.select(world.alice, menu.message, "persist:pick", ["blue"])
    assert picked.type == 7 and menu.message.content == "picked blue"
    with pytest.raises(ValueError):
        await fake.select(world.alice, menu.message, "persist:pick", ["green"])


async def test_modal_round_trip(world):
    fake = world.fake
    opened = await fake.slash(world.alice, world.channel, "feedback")
    assert opened.type == 9 and opened.modal["title"] == "Feedback"
    sent = await fake.submit_modal(world.alice, opened, {"fb:text": "lovely"})
    assert sent.content == "thanks: lovely"


async def test_dm_and_closed_dm_fallback(world):
    fake = world.fake
    out = await fake.slash(world.alice, world.channel, "dm")
    assert out.type == 5 and out.ephemeral and out.content == "sent you a DM"
    assert [m.content for m in fake.dms(world.alice)] == ["hello in private"]
    fake.close_dms(world.bob)
    out = await fake.slash(world.bob, world.channel, "dm")
    assert out.content == "your DMs are closed" and out.ephemeral
    assert fake.dms(world.bob) == []
    refused = fake.last_call(POST_MESSAGE)
    assert refused.status == 403 and refused.response == {"message": "Cannot send messages to this user", "code": 50007}
    assert world.bot.dm_results == ["sent", "closed"]


async def test_post_thread_and_rate_limit_retry(world):
    fake = world.fake
    fault = fake.rate_limit_next(POST_MESSAGE, retry_after=0.05)
    out = await fake.slash(world.alice, world.channel, "post", {"text": "hello table"})
    assert out.type == 5 and out.content.startswith("posted ")
    posts = fake.calls_to(POST_MESSAGE)
    assert [c.status for c in posts[:2]] == [429, 200] and fault.remaining == 0
    assert posts[0].json == posts[1].json  # the retry sent the same body
    assert [m.content for m in fake.channel_messages(world.channel)].count("hello table") == 1
    thread = fake.threads(world.channel)[0]
    assert thread.type == 12 and thread.name.startswith("game ")
    assert [m.content for m in fake.channel_messages(thread)] == [f"welcome to {thread.name}"]
    assert world.bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the bot
    with pytest.raises(PermissionError):  # a private thread: alice was not added
        await fake.say(world.alice, thread, "let me in")
    said = await fake.say(world.boss, thread, "moderating")  # manage threads sees it
    assert fake.last_message(thread) is said


async def test_callback_rate_limited_then_answered(world):
    fake = world.fake
    fake.rate_limit_next(CALLBACK, retry_after=0.05)
    out = await fake.slash(world.alice, world.channel, "ping")
    assert out.content == "pong en-US ja"
    assert [c.status for c in fake.calls_to(CALLBACK)] == [429, 200]


async def test_server_error_retried(world):
    fake = world.fake
    fake.server_error_next(POST_MESSAGE, 502)
    out = await fake.slash(world.alice, world.channel, "post", {"text": "after a 502"})
    assert out.content.startswith("posted")
    assert [c.status for c in fake.calls_to(POST_MESSAGE)][:2] == [502, 200]


async def test_drop_gateway_resume_replays_missed_dispatches(world):
    fake = world.fake
    session = fake.sessions[-1]
    seq_before = session.seq
    await fake.drop_gateway()
    assert fake.resumes[-1]["seq"] == seq_before
    assert fake.gateway_connects[-1]["path"] == "/gateway-resume"  # resume_gateway_url from READY
    out = await fake.slash(world.alice, world.channel, "ping")
    assert out.content == "pong en-US ja"
    # dispatch while the socket is down: the interaction is replayed on RESUME and still answered
    await fake.drop_gateway(wait_resume=False, code=1001)
    late = await fake.slash(world.bob, world.channel, "ping", timeout=10)
    assert late.content == "pong ja ja"
    assert fake.resumes[-1]["replayed"] >= 1
    assert len(fake.identifies) == 1  # never re-identified
    # a TCP abort without close frame resumes too
    await fake.drop_gateway(abort=True)
    assert (await fake.slash(world.alice, world.channel, "ping")).type == 4
    # op 7 RECONNECT: discord.py closes and resumes by itself
    session = fake.sessions[-1]
    resumes = session.resumes
    fake.request_reconnect()
    await fake.wait_for(lambda: session.resumes > resumes and session.conn is not None)
    assert (await fake.slash(world.alice, world.channel, "ping")).type == 4
    assert len(fake.identifies) == 1 and fake.failed_resumes == 0


async def test_wait_helpers(world):
    fake = world.fake
    pending = asyncio.ensure_future(fake.wait_for_message(world.channel, lambda m: m.content == "count 0"))
    board = await fake.slash(world.alice, world.channel, "board")
    assert await pending is board.message
    edited = asyncio.ensure_future(fake.wait_for_edit(board.message))
    await fake.press(world.bob, board.message, "cnt:0")
    assert (await edited).content == "count 1"


async def test_reactions_both_ways(world):
    fake = world.fake
    posted = await fake.slash(world.alice, world.channel, "ping")
    await fake.react(world.bob, posted.message, "🚨")
    await fake.wait_for(lambda: "👀" in posted.message.reactions)
    assert world.bot.reactions == [(world.bob.id, "🚨")]
    assert posted.message.reactions == {"🚨": [world.bob.id], "👀": [fake.bot_user.id]}


async def test_press_time_is_chosen_by_the_test(world):
    fake = world.fake
    early = await fake.slash(world.alice, world.channel, "stamp", at=-2000)
    late = await fake.slash(world.bob, world.channel, "stamp", at=0)
    assert int(early.content) < int(late.content)
    delta = snowflake_time(int(late.content)) - snowflake_time(int(early.content))
    assert dt.timedelta(seconds=1.5) < delta < dt.timedelta(seconds=3)
    board = await fake.slash(world.alice, world.channel, "board")
    a, b = await asyncio.gather(
        fake.press(world.alice, board.message, "cnt:0", at=50), fake.press(world.bob, board.message, "cnt:0", at=-50)
    )
    assert b.id < a.id  # bob's press carries the earlier snowflake although it was dispatched second


async def test_expired_interaction_and_validation_errors(world):
    fake = world.fake
    fake.expire_next_interaction()
    out = await fake.slash(world.alice, world.channel, "ping")
    assert out.type is None and out.error == {"message": "Unknown interaction", "code": 10062}
    too_long = await fake.slash(world.alice, world.channel, "toolong")
    assert too_long.content == "error 50035"
    assert fake.last_call(POST_MESSAGE).status == 400
    assert (await fake.slash(world.alice, world.channel, "ping")).type == 4


async def test_wait_for_times_out_with_context(world):
    with pytest.raises(FakeTimeout):
        await world.fake.wait_for(lambda: False, timeout=0.1, what="nothing")


async def test_two_shards_each_get_their_guilds():
    async with FakeDiscord(shards=2) as fake:
        g0 = fake.add_guild("zero", shard=(0, 2))
        g1 = fake.add_guild("one", shard=(1, 2))
        c0, c1 = fake.add_channel(g0, "a"), fake.add_channel(g1, "b")
        alice = fake.add_user("alice")
        fake.add_member(g0, alice)
        fake.add_member(g1, alice, permissions=P.MEMBER | P.MANAGE_GUILD)
        bot = E2EBot()
        async with fake.run_bot(bot):
            assert bot.shard_count == 2 and sorted(s.shard_id for s in fake.sessions) == [0, 1]
            for session in fake.sessions:
                guild_ids = [p["d"]["id"] for p in session.buffer if p["t"] == "GUILD_CREATE"]
                assert guild_ids == [str((g0, g1)[session.shard_id].id)]
            assert (await fake.slash(alice, c0, "ping")).type == 4
            assert (await fake.slash(alice, c1, "ping")).type == 4
            assert bot.interaction_shards == [0, 1]
            assert fake.interactions[-1].payload["member"]["permissions"] == str(P.MEMBER | P.MANAGE_GUILD)
