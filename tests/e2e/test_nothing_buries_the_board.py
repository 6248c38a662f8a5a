"""Nothing buries the table on a phone: short private answers go by themselves or replace the chooser they were
pressed on, "My view" and the log replace the member's previous one, the table is posted again at the bottom once
others' messages pile up under it, a full lobby offers no Join, and a DM says which moment it shows."""

from tests.support.drive import add_button, open_tiny_table
from tests.support.e2e import Harness


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def started(h: Harness, ai=False):
    _, thread, lobby = await open_tiny_table(h, ai=ai)
    await h.fake.press(h.alice, lobby, custom_id=lobby.find_button("開始")["custom_id"])
    table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
    return table, thread, lobby


async def test_a_refusal_goes_by_itself_and_changes_nothing(harness: Harness):
    h = harness
    h.bot.get_cog("TableCog").reply_seconds = 0.3
    table, thread, lobby = await started(h)
    before = table.state.to_json()
    refused = await h.fake.press(h.bob, lobby, custom_id=add_button(lobby, 1)["custom_id"])  # alice's turn
    assert refused.ephemeral and "手番ではありません" in refused.content
    assert not refused.message.deleted
    await h.fake.wait_for(lambda: refused.message.deleted, what="the refusal to go")
    assert table.state.to_json() == before


async def test_my_view_and_the_log_replace_the_member_s_previous_one(harness: Harness):
    h = harness
    table, thread, lobby = await started(h)
    await h.fake.press(h.alice, lobby, custom_id=add_button(lobby, 2)["custom_id"])
    first = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.view")["custom_id"])
    second = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.view")["custom_id"])
    await h.fake.wait_for(lambda: first.message.deleted, what="bob's first view to go")
    assert not second.message.deleted and second.ephemeral
    other = await h.fake.press(h.alice, lobby, custom_id=button(lobby, "u.view")["custom_id"])
    assert not second.message.deleted and not other.message.deleted  # each member has their own

    log = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.log")["custom_id"])
    assert log.ephemeral and log.message.embeds and log.message.embeds[0]["description"]
    assert not second.message.deleted  # the log is another kind: the view stays
    again = await h.fake.press(h.bob, lobby, custom_id=button(lobby, "u.log")["custom_id"])
    await h.fake.wait_for(lambda: log.message.deleted, what="bob's first log to go")
    assert not again.message.deleted


async def test_a_chooser_s_answer_replaces_the_chooser(harness: Harness):
    h = harness
    _, thread, lobby = await open_tiny_table(h, ai=False)
    h.bot.get_cog("TableCog").reply_seconds = 0.3
    chooser = await h.fake.press(
        h.alice, lobby, custom_id=next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith("u.ai_add"))
    )
    await h.fake.select(h.alice, chooser.message, chooser.message.selects()[0]["custom_id"], ["easy"])
    assert not chooser.message.components  # the chooser became its answer, in place
    await h.fake.wait_for(lambda: chooser.message.deleted, what="the answered chooser to go")
    assert h.fake.message(chooser.message.id).deleted


async def test_a_full_lobby_offers_no_join_and_no_more_ai(harness: Harness):
    h = harness
    _, thread, lobby = await open_tiny_table(h, ai=True)  # alice, bob, an AI: one seat left of 4
    assert not button(lobby, "u.join").get("disabled") and "2〜4人" in lobby.text()
    await h.fake.press(h.carol, lobby, custom_id=button(lobby, "u.join")["custom_id"])
    await h.fake.wait_for(lambda: button(lobby, "u.join").get("disabled"), what="Join disabled at 4 of 4")
    assert not button(lobby, "u.start").get("disabled") and "(4/4)" in lobby.text()
    # the AI chooser now offers only to remove an AI, and it works
    chooser = await h.fake.press(h.alice, lobby, custom_id=button(lobby, "u.ai_add")["custom_id"])
    options = chooser.message.selects()[0]["options"]
    assert [o["value"] for o in options] == ["-"]
    await h.fake.select(h.alice, chooser.message, chooser.message.selects()[0]["custom_id"], ["-"])
    await h.fake.wait_for(
        lambda: "(3/4)" in lobby.text() and not button(lobby, "u.join").get("disabled"),
        what="the AI gone and a seat free again",
    )
    assert "AI 3" not in lobby.text()


async def test_the_table_comes_back_to_the_bottom_when_messages_pile_up(harness: Harness):
    h = harness
    table, thread, lobby = await started(h)
    cog = h.bot.get_cog("TableCog")
    cog.reposter.after = 3
    for n in range(2):
        await h.fake.say(h.carol, thread, f"chat {n}")
    await h.fake.press(h.alice, lobby, custom_id=add_button(lobby, 2)["custom_id"])  # the table is in play
    assert table.message_id == lobby.id
    await h.fake.say(h.carol, thread, "chat 2")
    await h.fake.wait_for(lambda: table.message_id != lobby.id, what="the table posted again")
    new = h.fake.message(table.message_id)
    assert h.fake.channel_messages(thread)[-1] is new and button(new, "a.add,n=1") is not None
    await h.fake.wait_for(
        lambda: not lobby.components and "discord.com/channels" in lobby.text(),
        what="the old message to point to the new one",
    )
    assert (await h.bot.storage.load_table(table.id)).message_id == new.id
    # play goes on on the new message, and the bot's own edits go there
    moved = await h.fake.press(h.bob, new, custom_id=add_button(new, 1)["custom_id"])
    assert moved.type == 7 and table.version == 2
    await h.fake.wait_for(
        lambda: f":{table.id}:{table.version}:" in str(new.components), what="the new message kept current"
    )
    assert not lobby.components
    # the count starts again: two more messages do not move it
    for n in range(2):
        await h.fake.say(h.carol, thread, f"more {n}")
    assert table.message_id == new.id and cog.reposter.reposts == 1


async def test_a_dm_says_which_moment_it_shows(harness: Harness):
    h = harness
    table, thread, lobby = await started(h)
    dm = await h.fake.wait_for(lambda: h.fake.dms(h.alice))
    assert "0手目の時点" in dm[-1].text() or "As of move 0" in dm[-1].text()


async def test_a_game_for_exactly_two_says_two_players(harness: Harness):
    h = harness
    await h.fake.slash(h.alice, h.channel, "play", {"game": "bossa"})
    lobby = h.fake.channel_messages(h.fake.threads(h.channel)[-1])[0]
    assert "2人" in lobby.text() and "2〜2" not in lobby.text()


async def test_every_game_s_lobby_fits_one_phone_screen_however_full(harness: Harness):
    from tests.phone import budget

    h = harness
    for game in ("blue_border", "diamond_box", "bossa", "deep_dive", "colorse"):
        await h.fake.slash(h.alice, h.channel, "play", {"game": game})
        lobby = h.fake.channel_messages(h.fake.threads(h.channel)[-1])[0]
        table = await h.service.get(int(lobby.buttons()[0]["custom_id"].split(":")[1]))
        for user in (h.bob, h.carol):
            if not button(lobby, "u.join").get("disabled"):
                await h.fake.press(user, lobby, custom_id=button(lobby, "u.join")["custom_id"])
        while len(table.seats) < table.spec.max_players:
            await h.service.add_ai(table.id, h.alice.id)
        await h.bot.get_cog("TableCog").refresher.flush()
        assert f"({table.spec.max_players}/{table.spec.max_players})" in lobby.text()
        height = budget.height(lobby.embeds[0], budget.rows_of_json(lobby.components))
        assert height <= budget.SCREEN - 150, (game, height)  # a lobby leaves room: it is the first thing seen
        await h.service.cancel(table.id, h.alice.id)
