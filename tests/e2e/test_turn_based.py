"""Turn-based tables through the real bot, on a clock the test moves: a four-player Blue Border and a COLORSE game
played with moves hours apart over days, the thread archiving itself between moves, a restart in the middle, an
overdue move handed to the AI by another player and one the AI makes by itself, reminders counted, and /tables
showing each player where they are awaited. The leak scanner reads every payload (the harness fixture)."""

from __future__ import annotations

import json
import random

from tests.support.clock import ManualClock
from tests.support.drive import button, caught_up, move
from tests.support.e2e import Harness

HOUR = 3600


def link(table) -> str:
    return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"


def reminders(h: Harness, user) -> list:
    """The your-turn DMs (⏰) and the half-time ones (⏳) `user` received."""
    return [m for m in h.fake.dms(user) if m.text().startswith(("⏰", "⏳"))]


async def paced_game(h: Harness, game: str, people: list, seconds: int, hours: str = "") -> tuple:
    """`game` opened by the first person with the server's default pace (set with /settings), the others joined."""
    h.clock = ManualClock(settle=0.01)
    await h.stop()
    await h.start()
    settings = {"pace": seconds, **({"playing_hours": hours} if hours else {})}
    answer = await h.fake.slash(h.mod, h.channel, "settings", settings)
    assert "per move" in answer.text() or "1手" in answer.text(), answer.text()
    host = people[0]
    await h.fake.slash(host, h.channel, "play", {"game": game})
    thread = h.fake.threads(h.channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    assert table.options["pace"] == seconds
    for user in people[1:]:
        await h.fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
    await h.fake.wait_for(lambda: len(table.seats) == len(people), what="the seats")
    await h.fake.press(host, board, custom_id=button(board, "u.start")["custom_id"])
    assert table.status == "running"
    return table, board, thread


def stage(table) -> str | None:
    """The turn-based deadline's stage: "due" (a seat's move), "window" (answers awaited), "overdue"."""
    timer = table.timers.get("deadline")
    return json.loads(timer.detail).get("stage") if timer is not None else None


async def one_move(h: Harness, table, board, user, rng: random.Random) -> None:
    """`user` makes a move through the UI (a 「ボーダー！」 call counts once its race's grace is over)."""
    before = table.version
    await move(h.fake, table, board, user, rng)
    await h.fake.wait_for(lambda: table.version > before or table.status != "running", what="the move to count")


async def advance(h: Harness, table, **time):
    """Let time pass; the table, which may have left memory meanwhile (idle), as the bot now has it."""
    await h.clock.advance(**time)
    return await h.service.get(table.id)


def people_to_act(table, users: dict) -> list[int]:
    return [s for s in table.state.to_act() if s in users and not table.seats[s].is_ai]


async def test_four_player_blue_border_over_days(harness: Harness):
    h = harness
    people = [h.alice, h.bob, h.carol, h.mod]
    table, board, thread = await paced_game(h, "blue_border", people, 4 * HOUR)
    users = dict(enumerate(people))
    rng = random.Random(7)
    start = h.clock()
    assert "🐢" in board.text() and f"<t:{int(table.timers['deadline'].due_at)}:R>" in board.text()
    assert h.clock.sleepers() < 10  # a move hours away is one sleeping timer, no polling
    events: set[str] = set()
    step = 0
    while table.status == "running" and (h.clock() - start < 3 * 24 * HOUR or len(events) < 5):
        assert step < 200, (step, events)
        await caught_up(h, table, board)
        acting = people_to_act(table, users)
        if not acting:  # an AI seat moves (someone let it, or it took an absent seat)
            table = await advance(h, table, seconds=1)
            continue
        step += 1
        if step >= 3 and "reminded" not in events and stage(table) == "due":
            # reminders: one when the turn has waited a minute (passed already), one at half time
            seat = acting[0]
            told = len(reminders(h, users[seat]))
            dm = reminders(h, users[seat])[-1].text()
            assert dm.startswith("⏰") and link(table) in dm and "<t:" in dm
            table = await advance(h, table, hours=2)
            await h.fake.wait_for(lambda: len(reminders(h, users[seat])) == told + 1, what="the half-time DM")
            assert reminders(h, users[seat])[-1].text().startswith("⏳")
            table = await advance(h, table, hours=0.4)
            assert len(reminders(h, users[seat])) == told + 1  # no more on this turn
            events.add("reminded")
            continue
        if step >= 6 and "skipped" not in events and stage(table) == "due":
            # the thread archives itself; the bot's next write brings it back
            h.fake.archive_thread(thread)
            table = await advance(h, table, hours=4.1)  # overdue: the bot edits the board (in the archived thread)
            await h.fake.wait_for(lambda: button(board, "u.skip") is not None, what="the ⏭️ button")
            assert not thread.archived
            late = acting[0]
            helper = users[next(s for s in users if s != late)]
            version = table.version
            await h.fake.press(helper, board, custom_id=button(board, "u.skip")["custom_id"])
            await h.fake.wait_for(lambda: table.version > version, what="the AI's move for the late player")
            assert table.seats[late].timeouts == 1
            events.add("skipped")
            continue
        if step >= 12 and "restarted" not in events:  # a restart in the middle of the game
            await h.stop()
            await h.start()
            table = await h.service.get(table.id)
            events.add("restarted")
            continue
        if step >= 18 and "auto" not in events and stage(table) == "due":
            # nobody presses: the AI moves by itself after twice the time
            version = table.version
            table = await advance(h, table, hours=8.1)
            await h.fake.wait_for(lambda: table.version > version, what="the AI's own move")
            events.add("auto")
            continue
        if step >= 20 and "listed" not in events:  # where is each player awaited
            for seat, user in users.items():
                listing = await h.fake.slash(user, h.channel, "tables")
                text = listing.message.text()
                assert link(table) in text
                assert ("⏰" in text) == (seat in people_to_act(table, users)), (seat, text)
            events.add("listed")
            continue
        if table.seats[acting[0]].is_ai:
            continue
        if button(board, "u.back") is not None and any(s.is_ai and s.user_id for s in table.seats):
            for seat, user in users.items():
                if table.seats[seat].is_ai:
                    await h.fake.press(user, board, custom_id=button(board, "u.back")["custom_id"])
        await one_move(h, table, board, users[rng.choice(acting)], rng)
        table = await advance(h, table, hours=rng.uniform(0.5, 1.5))
    assert events == {"reminded", "skipped", "restarted", "auto", "listed"}
    assert h.clock() - start >= 3 * 24 * HOUR  # days of play (a random 4-player game may take weeks to end)
    actions = await h.bot.storage.actions(table.id)
    assert len(actions) == table.version  # every acknowledged move is in the log, once


async def test_colorse_turn_based_with_playing_hours(harness: Harness):
    h = harness
    people = [h.alice, h.bob, h.carol]
    table, board, thread = await paced_game(h, "colorse", people, 12 * HOUR, hours="08-22")
    users = dict(enumerate(people))
    rng = random.Random(3)
    start = h.clock()
    assert table.options["hours"] == "08-22" and table.options["zone"] == "Asia/Tokyo"  # the ja server's zone
    step, signs_waited, restarted = 0, False, False
    while table.status == "running" and (h.clock() - start < 3 * 24 * HOUR or not (signs_waited and restarted)):
        assert step < 200, step
        await caught_up(h, table, board)
        acting = people_to_act(table, users)
        if not acting:
            table = await advance(h, table, seconds=1)
            continue
        step += 1
        if table.state.phase == "sign" and len(acting) == 2 and not signs_waited:
            # the duel waits for both signs: hours pass after the first, and the window stays open
            first = acting[0]
            await one_move(h, table, board, users[first], rng)
            table = await advance(h, table, hours=5)
            assert table.state.phase == "sign" and people_to_act(table, users) == [acting[1]]
            signs_waited = True
            continue
        if step == 8:
            h.fake.archive_thread(thread)
        if step == 10:
            await h.stop()
            await h.start()
            table = await h.service.get(table.id)
            restarted = True
            continue
        await one_move(h, table, board, users[rng.choice(acting)], rng)
        table = await advance(h, table, hours=rng.uniform(1, 5))
    assert h.clock() - start >= 3 * 24 * HOUR
    assert len(await h.bot.storage.actions(table.id)) == table.version
