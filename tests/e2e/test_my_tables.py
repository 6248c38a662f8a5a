"""/tables and the reminders of days-long tables: a member's open tables in every server, those waiting for them
first, with where each is, whose turn, the deadline and the link, in a server (privately) or in a DM; the your-turn
DM with the deadline and the link (a DM by default at a turn-based table), its half-time wording; and one table
muted (/table mute) while the others still remind, kept across a restart."""

from __future__ import annotations

from tests.support.drive import button
from tests.support.e2e import Harness

FAR = 3600.0  # the reminders' delay: their timers never run out by themselves here; the tests fire them


async def open_table(h: Harness, host, channel, *joining, start=True):
    """A DEEP DIVE table opened by `host` in `channel` (in its own thread), `joining` seated too; started unless not."""
    await h.fake.slash(host, channel, "play", {"game": "deep_dive"})
    thread = h.fake.threads(channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    for user in joining:
        await h.fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
    await h.fake.wait_for(lambda: len(table.seats) == 1 + len(joining), what="the seats")
    if start:
        await h.fake.press(host, board, custom_id=button(board, "u.start")["custom_id"])
        assert table.status == "running"
    return table, board


def link(table) -> str:
    return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"


def stamp(table) -> str:
    timer = table.timers["deadline"]
    return f"<t:{int(timer.due_at)}:R>"


def pings(h: Harness, board) -> list:
    return [m for m in h.fake.channel_messages(board.channel) if m.mentions]


async def test_the_listing_shows_every_server_waiting_for_you_first_with_the_link_and_works_in_a_dm(
    harness: Harness,
):
    h = harness
    h.service.nudge_delay = FAR
    second = h.fake.add_guild("Second Place", locale="en-US")
    lounge, annex = h.fake.add_channel(second, "lounge"), h.fake.add_channel(second, "annex")
    for user in (h.alice, h.bob):
        h.fake.add_member(second, user)
    await h.fake.wait_for(lambda: h.bot.get_guild(second.id) is not None, what="the second guild in the cache")

    waiting, _ = await open_table(h, h.alice, h.channel)  # alone against the automaton: her turn
    bobs, _ = await open_table(h, h.alice, lounge, h.bob)  # with bob, who plays first
    assert waiting.state.to_act() == [0] and bobs.state.to_act() == [1] and bobs.seats[1].user_id == h.bob.id
    lobby, _ = await open_table(h, h.alice, annex, start=False)  # the most recently changed
    ended, _ = await open_table(h, h.bob, h.fake.add_channel(h.guild, "old"), h.alice, start=False)
    await h.service.cancel(ended.id, h.bob.id)  # an ended table is not listed

    listing = await h.fake.slash(h.alice, h.channel, "tables")
    assert listing.ephemeral
    text = listing.message.text()
    rows = [text.index(link(table)) for table in (waiting, lobby, bobs)]
    assert rows == sorted(rows), text  # hers first, then the most recently changed
    assert link(ended) not in text
    first, then, last = listing.message.embeds[0]["description"].split("\n\n")
    assert first.startswith("⏰") and "Bodoge test" in first and "your turn" in first and stamp(waiting) in first
    assert "Second Place" in then and "lobby, 1/6 seats taken" in then and "⏰" not in then
    assert "Second Place" in last and "bob to play" in last and stamp(bobs) in last
    assert listing.message.embeds[0].get("footer") is None

    dm = h.fake.dm_channel(h.alice, create=True)
    in_dm = await h.fake.slash(h.alice, dm, "tables")
    assert not in_dm.ephemeral and in_dm.message.channel == dm
    assert in_dm.message.text() == text

    h.bot.get_cog("MyTablesCog").listed = 2  # one phone screen: the rest are counted
    capped = await h.fake.slash(h.alice, dm, "tables")
    assert link(bobs) not in capped.message.text() and "…and 1 more table" in capped.message.text()

    nothing = await h.fake.slash(h.carol, h.channel, "tables")
    assert nothing.ephemeral and "You are not seated at any open table" in nothing.message.text()


async def test_the_dm_reminder_carries_the_deadline_and_the_link_and_is_the_default_at_a_turn_based_table(
    harness: Harness,
):
    h = harness
    h.service.nudge_delay = FAR
    await h.bot.storage.set_guild_settings(h.guild.id, {"locale": "en"})  # reminders speak the table's language
    table, board = await open_table(h, h.alice, h.channel)
    unchosen = await h.fake.slash(h.alice, h.channel, "notify")
    assert "a live table tells you by **a mention in the table's channel**" in unchosen.text()
    assert "a turn-based table by **a DM**" in unchosen.text()
    table.options["pace"] = 4 * 3600  # turn-based: unchosen, the reminder is a DM
    assert await h.service.nudge(table.id) == [0]  # the reminder's timer runs out
    await h.fake.wait_for(lambda: h.fake.dms(h.alice), what="the your-turn DM")
    [reminder] = h.fake.dms(h.alice)
    assert "It is your turn in DEEP DIVE on Bodoge test" in reminder.text()
    assert link(table) in reminder.text() and f"Deadline: {stamp(table)}" in reminder.text()
    assert pings(h, board) == []

    # the move's deadline shown is the one a turn-based deadline names, not its timer's own time
    timer = table.timers["deadline"]
    timer.detail = timer.detail[:-1] + ', "due": 1900000000}'
    await h.service.listeners.your_turn(table, [0], half=True)
    await h.fake.wait_for(lambda: len(h.fake.dms(h.alice)) == 2, what="the half-time DM")
    half = h.fake.dms(h.alice)[-1].text()
    assert "Half your time for this move in DEEP DIVE on Bodoge test has passed" in half
    assert "<t:1900000000:R>" in half and link(table) in half

    # a live table, the person unchosen: a mention in the channel; chosen, their choice wins
    del table.options["pace"]
    await h.service.listeners.your_turn(table, [0])
    [first] = await h.fake.wait_for(lambda: pings(h, board), what="the ping in the channel")
    assert "Deadline" not in first.text()  # the board above it shows the clock
    await h.service.listeners.your_turn(table, [0], half=True)  # its half-time ping replaces it: one under the table
    await h.fake.wait_for(lambda: first.deleted and pings(h, board), what="the half-time ping instead")
    [second] = pings(h, board)
    assert "half your time for this move in DEEP DIVE has passed" in second.text() and stamp(table) not in second.text()
    assert "<t:1900000000:R>" in second.text() and second.mentions == [h.alice.id]
    await h.fake.slash(h.alice, h.channel, "notify", {"mode": "dm"})
    await h.service.listeners.your_turn(table, [0])
    await h.fake.wait_for(lambda: len(h.fake.dms(h.alice)) == 3, what="the DM she chose")


async def test_a_muted_table_reminds_nobody_the_others_still_do_and_it_stays_muted_after_a_restart(
    harness: Harness,
):
    h = harness
    h.service.nudge_delay = FAR
    quiet, quiet_board = await open_table(h, h.alice, h.channel)
    loud, loud_board = await open_table(h, h.alice, h.fake.add_channel(h.guild, "more games"))

    muted = await h.fake.slash(h.alice, quiet_board.channel, "table mute")
    assert muted.ephemeral and "No more your-turn reminders from this DEEP DIVE table" in muted.text()
    refused = await h.fake.slash(h.bob, quiet_board.channel, "table mute")  # not at this table
    assert "この卓のプレイヤーではありません" in refused.text()  # in his language
    assert await h.bot.storage.user_settings(h.bob.id) == {}

    for table in (quiet, loud):
        assert await h.service.nudge(table.id) == [0]
    await h.fake.wait_for(lambda: pings(h, loud_board), what="the other table's ping")
    [ping] = pings(h, loud_board)
    assert ping.mentions == [h.alice.id]
    await h.fake.slash(h.alice, h.channel, "notify", {"mode": "dm"})
    await h.service.listeners.your_turn(quiet, [0])
    assert pings(h, quiet_board) == [] and h.fake.dms(h.alice) == []  # neither a ping nor a DM
    listing = await h.fake.slash(h.alice, h.channel, "tables")
    rows = listing.message.embeds[0]["description"].split("\n\n")
    assert [("🔕" in row, link(quiet) in row) for row in rows] in (
        [(True, True), (False, False)],
        [(False, False), (True, True)],
    )

    await h.stop()
    await h.start()  # a new process: the mute was stored
    quiet, loud = await h.service.get(quiet.id), await h.service.get(loud.id)
    await h.service.listeners.your_turn(quiet, [0], half=True)
    await h.service.listeners.your_turn(loud, [0], half=True)
    await h.fake.wait_for(lambda: h.fake.dms(h.alice), what="the other table's half-time DM")
    assert [link(loud) in dm.text() for dm in h.fake.dms(h.alice)] == [True]

    unmuted = await h.fake.slash(h.alice, quiet_board.channel, "table unmute")
    assert "are back on" in unmuted.text() and await h.bot.storage.user_settings(h.alice.id) == {"notify": "dm"}
    await h.service.listeners.your_turn(quiet, [0])
    await h.fake.wait_for(lambda: len(h.fake.dms(h.alice)) == 2, what="the reminder of the unmuted table")
    assert link(quiet) in h.fake.dms(h.alice)[-1].text()
