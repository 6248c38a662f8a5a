"""The foundation through the fake Discord: a lobby with /play, joins, an AI seat, start; refusals that change
nothing; a restart on the same database with the old buttons still working; private views with DMs closed."""

import asyncio

from bot.i18n import t
from tests.support.backends import both_backends
from tests.support.drive import add_button, open_tiny_table, shows
from tests.support.e2e import Harness

pytestmark = both_backends  # the representative e2e part that runs on PostgreSQL too


async def test_a_table_is_opened_joined_and_started(harness: Harness):
    h = harness
    opened, thread, lobby = await open_tiny_table(h)
    assert opened.ephemeral and thread.mention in opened.message.text()  # the host is told privately
    announced = (await opened.wait_followups(1))[-1]  # and the channel publicly, in a message of its own
    assert not announced.ephemeral and h.alice.mention in announced.text() and thread.mention in announced.text()
    assert announced in h.fake.channel_messages(h.channel)
    text = lobby.text()
    assert "alice" in text and "bob" in text and "AI 3" in text
    # bob is not the host: Start refuses him, ephemerally, in his language
    refused = await h.fake.press(h.bob, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    assert refused.ephemeral and "ホストだけ" in refused.content
    started = await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    assert started.type == 7 and any(b["custom_id"].endswith("a.add,n=1") for b in lobby.buttons())
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    assert table.status == "running" and [s.user_id for s in table.seats] == [h.alice.id, h.bob.id, None]


async def test_bad_presses_get_an_ephemeral_answer_and_change_nothing(harness: Harness):
    h = harness
    _, thread, lobby = await open_tiny_table(h, ai=False)
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    table_id = int(lobby.buttons()[0]["custom_id"].split(":")[1])
    table = await h.service.get(table_id)
    before = table.state.to_json()
    old_add = add_button(lobby, 1)["custom_id"]

    stranger = await h.fake.press(h.carol, lobby, custom_id=old_add)
    assert stranger.ephemeral and "not playing" in stranger.content
    out_of_turn = await h.fake.press(h.bob, lobby, custom_id=old_add)
    assert out_of_turn.ephemeral and "手番ではありません" in out_of_turn.content
    assert table.state.to_json() == before and table.version == 0

    # a double press: both presses carry version 0; only the first counts
    first, second = await asyncio.gather(
        h.fake.press(h.alice, lobby, custom_id=old_add), h.fake.press(h.alice, lobby, custom_id=old_add)
    )
    answers = sorted([first, second], key=lambda o: o.ephemeral)
    assert answers[0].type == 7 and answers[1].ephemeral
    assert table.version == 1 and table.state.counter == 1

    # a stale press: the board moved on (bob's turn timed out) before the message caught up
    h.bot.get_cog("TableCog").refresher.delay = 30
    await h.service.expire(table_id, table.version)
    assert table.version == 2 and table.state.counter == 2
    stale = await h.fake.press(h.alice, lobby, custom_id=add_button(lobby, 2)["custom_id"])
    assert stale.ephemeral and "moved on" in stale.content and not stale.embeds  # short: it goes by itself
    await h.fake.wait_for(lambda: "bg:1:2:" in str(lobby.components), what="the table message caught up at once")
    assert table.version == 2 and table.state.counter == 2


async def test_a_restarted_bot_honours_buttons_on_the_old_message(harness: Harness):
    h = harness
    _, thread, lobby = await open_tiny_table(h, ai=False)
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    await h.fake.press(h.alice, lobby, custom_id=add_button(lobby, 2)["custom_id"])
    bobs_button = add_button(lobby, 1)["custom_id"]
    table_id = int(bobs_button.split(":")[1])
    expected = (await h.service.get(table_id)).state.to_json()

    await h.stop()
    await h.start()  # a new process on the same database
    table = await h.service.get(table_id)
    assert table.state.to_json() == expected and table.version == 1
    pressed = await h.fake.press(h.bob, lobby, custom_id=bobs_button)
    assert pressed.type == 7 and table.version == 2 and table.state.counter == 3
    records = await h.bot.storage.actions(table_id)
    assert [r["action"] for r in records] == [{"type": "add", "n": 2}, {"type": "add", "n": 1}]


async def test_private_views_reach_players_with_closed_dms(harness: Harness):
    h = harness
    h.fake.close_dms(h.bob)
    _, thread, lobby = await open_tiny_table(h, ai=False)
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    secrets = table.state.secrets
    # alice's secret came by DM (with a link back, and no buttons); bob's could not
    dm = await h.fake.wait_for(lambda: h.fake.dms(h.alice))
    assert shows(secrets[0], dm[-1].text()) and not dm[-1].components and "discord.com/channels" in dm[-1].text()
    assert h.fake.dms(h.bob) == []
    await h.fake.wait_for(lambda: "DMs closed" in lobby.text() or "DMが閉じて" in lobby.text())
    mine = await h.fake.press(
        h.bob, lobby, custom_id=next(b for b in lobby.buttons() if b["custom_id"].endswith("u.view"))["custom_id"]
    )
    assert mine.ephemeral and shows(secrets[1], mine.message.text()) and not shows(secrets[0], mine.message.text())
    # nothing public carries a secret
    for message in h.fake.channel_messages(thread):
        assert not shows(secrets[0], message.text()) and not shows(secrets[1], message.text())


async def test_the_host_changes_a_setting_in_the_lobby(harness: Harness):
    h = harness
    _, thread, lobby = await open_tiny_table(h, ai=False)
    settings = lobby.find_button("設定")["custom_id"]
    refused = await h.fake.press(h.bob, lobby, custom_id=settings)
    assert refused.ephemeral and "ホストだけ" in refused.content
    menu = await h.fake.press(h.alice, lobby, custom_id=settings)
    pick = menu.message.selects()[0]
    # the game's own settings, then the host's
    assert [o["value"] for o in pick["options"]] == ["target", "turn_timeout", "hints", "pace", "hours"]
    await h.fake.select(h.alice, menu.message, pick["custom_id"], ["target"])
    values = menu.message.selects()[0]
    assert [o["label"] for o in values["options"]] == ["4", "6", "10"]
    await h.fake.select(h.alice, menu.message, values["custom_id"], ["2"])
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    assert table.options == {"target": 10}
    await h.fake.wait_for(lambda: "**10**" in lobby.text(), what="the lobby showing the new setting")
    assert (await h.bot.storage.load_table(table.id)).options == {"target": 10}

    menu = await h.fake.press(h.alice, lobby, custom_id=settings)
    await h.fake.select(h.alice, menu.message, menu.message.selects()[0]["custom_id"], ["hints"])
    values = menu.message.selects()[0]
    assert [o["label"] for o in values["options"]] == [t("lobby.off", "en"), t("lobby.on", "en")]
    await h.fake.select(h.alice, menu.message, values["custom_id"], ["1"])
    assert table.options == {"target": 10, "hints": True}
