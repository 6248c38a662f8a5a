"""Your turn: a person who leaves their turn waiting is told once — a message in the table's thread that pings only
them, deleted as soon as they act — or by DM, or not at all (/notify); AI seats are never pinged; the reminder is a
stored scheduler timer, so a restart does not lose it."""

import asyncio

from tests.support.drive import move, open_with_ai
from tests.support.e2e import Harness

DELAY = 0.3


def pings(h: Harness, thread) -> list:
    return [m for m in h.fake.channel_messages(thread) if m.mentions]


async def waiting_for(h: Harness, table, seat: int) -> None:
    await h.fake.wait_for(lambda: table.state.to_act() == [seat], what=f"seat {seat} to act")


async def test_one_ping_for_a_waiting_person_only_them_and_gone_once_they_act(harness: Harness):
    h = harness
    h.service.nudge_delay = DELAY
    table, board, user = await open_with_ai(h, "deep_dive", 3, "en")  # alice and two AI seats
    thread = board.channel
    await h.fake.wait_for(lambda: table.state.to_act() == [0], what="alice's turn")
    await h.fake.wait_for(lambda: pings(h, thread), timeout=5, what="the your-turn ping")
    await asyncio.sleep(DELAY * 3)  # more time passes on the same turn: still one ping
    [ping] = pings(h, thread)
    assert ping.mentions == [user.id] and user.mention in ping.content
    assert not ping.components and not ping.embeds
    await h.fake.wait_for(lambda: f":{table.id}:{table.version}:" in str(board.components), what="the board")
    assert await move(h.fake, table, board, user, __import__("random").Random(1))
    await h.fake.wait_for(lambda: ping.deleted, timeout=5, what="the ping to be deleted once they acted")
    # every ping the whole time named exactly one person, never the AI seat (which has no user)
    for message in h.fake.channel_messages(thread, include_deleted=True):
        assert set(message.mentions) <= {h.alice.id}


async def test_ai_seats_are_never_pinged(harness: Harness):
    h = harness
    h.service.nudge_delay = DELAY
    table, board, _host = await open_with_ai(h, "diamond_box", 2, "en")
    thread = board.channel
    ai_seat = 1
    await h.fake.wait_for(
        lambda: (
            ai_seat in [s for _s, events in table.recent for e in events for s in [e.get("seat")]]
            or table.state.to_act() == [0]
        ),
        timeout=5,
        what="a move",
    )
    await asyncio.sleep(DELAY * 3)
    for message in h.fake.channel_messages(thread, include_deleted=True):
        assert set(message.mentions) <= {h.alice.id}
    assert table.seats[ai_seat].user_id is None


async def test_the_opt_out_and_the_dm_choice(harness: Harness):
    h = harness
    h.service.nudge_delay = DELAY
    off = await h.fake.slash(h.alice, h.channel, "notify", {"mode": "off"})
    assert off.ephemeral and (await h.bot.storage.user_settings(h.alice.id)) == {"notify": "off"}
    table, board, _host = await open_with_ai(h, "deep_dive", 1, "en")  # alice alone, against the automaton
    await asyncio.sleep(DELAY * 4)
    assert pings(h, board.channel) == [] and table.state.to_act() == [0]
    dms_before = len(h.fake.dms(h.alice))
    await h.fake.slash(h.alice, h.channel, "notify", {"mode": "dm"})
    await h.fake.wait_for(lambda: f":{table.id}:{table.version}:" in str(board.components), what="the board")
    assert await move(h.fake, table, board, h.alice, __import__("random").Random(2))  # a new turn starts
    await h.fake.wait_for(
        lambda: table.status != "running" or len(h.fake.dms(h.alice)) > dms_before or table.state.to_act() != [0],
        timeout=5,
        what="the your-turn DM",
    )
    if table.status == "running" and table.state.to_act() == [0]:
        assert "⏰" in h.fake.dms(h.alice)[-1].text()
    assert pings(h, board.channel) == []


async def test_the_reminder_survives_a_restart(harness: Harness):
    h = harness
    h.service.nudge_delay = 1.0
    table, board, _host = await open_with_ai(h, "deep_dive", 1, "en")
    timer = await h.bot.storage.timer(table.id, "nudge")
    assert timer is not None and table.state.to_act() == [0]
    await h.stop()
    await h.start()  # a new process: the stored timer is armed again (its default delay is a minute)
    await h.fake.wait_for(lambda: pings(h, board.channel), timeout=5, what="the ping after the restart")
    assert pings(h, board.channel)[0].mentions == [h.alice.id]
