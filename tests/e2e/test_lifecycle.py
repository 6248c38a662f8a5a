"""Table lifecycle through the fake Discord: an idle lobby closes by itself (and still does after a restart)."""

import asyncio

from tests.fakediscord import FakeDiscord
from tests.support.e2e import Harness


async def test_an_idle_lobby_closes_by_itself_and_frees_the_channel(tmp_path):
    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start(timer_scale=0.004)  # a 10-minute idle time lasts 2.4 s
        try:
            setting = await fake.slash(h.mod, h.channel, "settings", {"threads": False, "idle_lobby_minutes": 10})
            assert setting.ephemeral and "10" in setting.message.text()
            assert await h.bot.storage.guild_settings(h.guild.id) == {"threads": False, "lobby_idle_minutes": 10}
            opened = await fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
            lobby = opened.message
            table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
            first_due = table.timers["lobby"].due_at
            await asyncio.sleep(0.8)
            await fake.press(h.bob, lobby, custom_id=lobby.find_button("参加")["custom_id"])  # a change
            pushed_due = table.timers["lobby"].due_at
            assert pushed_due >= first_due + 0.8
            assert (await h.bot.storage.timer(table.id, "lobby")).due_at == pushed_due
            await asyncio.sleep(max(0.0, first_due + 0.2 - h.service.clock()))
            assert table.status == "lobby" and lobby.buttons()  # the first expiry passed: the join pushed it back
            await fake.wait_for(lambda: table.status == "cancelled", timeout=10, what="the lobby to close")
            assert h.service.clock() >= pushed_due
            await fake.wait_for(lambda: "自動で閉じました" in lobby.text(), what="the closed lobby")
            assert "10分間" in lobby.text() and not lobby.buttons()  # in the server's language; no buttons left
            again = await fake.slash(h.bob, h.channel, "play", {"game": "tiny"})
            assert again.type == 4 and again.message.find_button("参加") and not again.ephemeral
        finally:
            await h.stop()


async def test_an_idle_lobby_still_closes_after_a_restart(tmp_path):
    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start(lobby_idle_minutes=0.02)  # the bot's default (BODOGE_LOBBY_IDLE_MINUTES): 1.2 s
        try:
            await fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
            thread = fake.threads(h.channel)[-1]
            lobby = fake.channel_messages(thread)[0]
            table_id = int(lobby.buttons()[0]["custom_id"].split(":")[1])
            assert await h.bot.storage.timer(table_id, "lobby") is not None
            await h.stop()
            await asyncio.sleep(1.3)  # the lobby runs out of time while the bot is down
            assert lobby.buttons()  # nobody closed it meanwhile
            await h.start(lobby_idle_minutes=0.02)
            await fake.wait_for(
                lambda: "closed" in lobby.text() or "閉じました" in lobby.text(),
                timeout=10,
                what="the lobby message to say it closed",
            )
            assert not lobby.buttons()
            assert (await h.bot.storage.load_table(table_id)).status == "cancelled"
            assert await h.bot.storage.timers() == []
        finally:
            await h.stop()


# --- a refusal never turns public -----------------------------------------------------------------
async def test_play_refuses_privately_when_discord_will_not_open_its_thread(harness: Harness):
    """/play opens each table in a thread; if Discord refuses the thread (a permission overwrite, the thread limit),
    the person is told privately and nothing public is left behind: no refusal and no endless "thinking"."""
    h = harness
    h.fake.fail_next("POST /channels/{channel_id}/threads", status=403, code=50013, message="Missing Permissions")
    refused = await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    await refused.wait_settled()
    assert refused.message.ephemeral and "thread" in refused.message.text().lower()
    assert [m for m in h.fake.channel_messages(h.channel) if m.author.id == h.fake.bot_user.id] == []
    assert await h.bot.storage.open_table_in(h.channel.id) is None and not h.fake.threads(h.channel)
    # the next try (Discord willing) opens the table
    opened = await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    assert opened.ephemeral and h.fake.threads(h.channel)
