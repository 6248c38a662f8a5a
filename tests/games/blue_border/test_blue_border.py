"""Blue Border through the fake Discord: a whole 3-player game (two people and an AI) with a border call, and the
first-press race decided by Discord's timestamps."""

import asyncio
import io
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.render.phone import PHONE_WIDTH
from tests.support.e2e import Harness

ROOT = Path(__file__).resolve().parents[3]

# piles 0..3 get 1, 2, 3, 4; the deck's top is 20: taken into slot A it breaks the border (A <= 9)
STACKED = {"deck": [1, 2, 3, 4, 20] + [n for n in range(5, 33) if n != 20], "start": 0}


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def open_table(h: Harness, *humans, ai=0, options=None):
    await h.fake.slash(h.alice, h.channel, "play", {"game": "blue_border"})
    thread = h.fake.threads(h.channel)[-1]
    board = h.fake.channel_messages(thread)[0]
    for user in humans:
        await h.fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
    for _ in range(ai):
        chooser = await h.fake.press(h.alice, board, custom_id=button(board, "u.ai_add")["custom_id"])
        levels = chooser.message.selects()[0]
        assert [o["value"] for o in levels["options"]] == ["easy", "normal", "hard", "strong"]
        await h.fake.select(h.alice, chooser.message, levels["custom_id"], ["normal"])
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    table.options.update(options or {})  # a test-only stacked deck; the lobby offers no such setting
    started = await h.fake.press(h.alice, board, custom_id=button(board, "u.start")["custom_id"])
    assert started.type == 7
    return table, board


async def test_a_whole_three_player_game_with_a_call(harness: Harness, tmp_path):
    h = harness
    table, board = await open_table(h, h.bob, ai=1, options={"stacked": STACKED, "call_window": 30})
    users = {0: h.alice, 1: h.bob}
    assert board.files and list(board.files) == ["blue_border.png"]

    h.service.ai_delay = 30  # the AI sees the breach too: it must not call first however slow this machine is
    took = await h.fake.press(h.alice, board, custom_id=button(board, "a.take,source=deck")["custom_id"])
    assert took.type == 7 and button(board, "a.call") is not None
    called = await h.fake.press(h.bob, board, custom_id=button(board, "a.call")["custom_id"])
    assert called.type == 7
    h.service.ai_delay = 0.05
    view = table.state.view(None)
    assert view["phase"] == "reward" and view["caller_seat"] == 1 and 20 in view["discard"]
    assert "20" in board.text()  # revealed by the call: now public
    reward = board.select_menu(custom_id=None, prefix=None) if False else board.selects()[0]
    values = [o["value"] for o in reward["options"]]
    assert "reward,source=none" in values and "reward,card=20,source=discard" in values
    await h.fake.select(h.bob, board, reward["custom_id"], ["reward,pile=0,source=pile"])
    assert table.state.view(None)["divers"][1]["filled"] == 1

    # then play on: people take the deck's top card and never call; the AI plays itself
    for _ in range(3000):
        if table.status == "finished":
            break
        state = table.state
        acting = [s for s in state.to_act() if s in users]
        if not acting:
            await asyncio.sleep(0.02)
            continue
        seat = acting[0]
        view = state.view(None)
        if view["phase"] == "call_window":
            choice = button(board, "a.no_call")
        elif view["phase"] == "reward":
            await h.fake.select(users[seat], board, board.selects()[0]["custom_id"], ["reward,source=none"])
            continue
        else:
            choice = button(board, "a.take,source=deck") or button(board, "a.take,pile=0,source=pile")
        if choice is None:
            await asyncio.sleep(0.02)
            continue
        answer = await h.fake.press(users[seat], board, custom_id=choice["custom_id"])
        assert answer.type == 7 or answer.ephemeral
    assert table.status == "finished"
    await h.fake.wait_for(
        lambda: [b["custom_id"] for b in board.buttons()][:1] == [f"bg:{table.id}:{table.version}:u.rematch"],
        what="the finished board with only the rematch button",
    )
    # beside it, the result picture: the result banner above the final position, drawn for a phone
    picture = Image.open(io.BytesIO(board.files["blue_border.png"])).convert("RGB")
    assert picture.width == PHONE_WIDTH and picture.getpixel((2, 2)) == (0x14, 0x20, 0x2E)
    record = await h.bot.storage.actions(table.id)
    assert any(r["action"] == {"type": "call"} and r["seat"] == 1 for r in record)
    assert (await h.service.rebuild(table.id)).to_json() == table.state.to_json()

    # its record, from /table log, replays through `python -m bot replay` in a fresh process
    logged = await h.fake.slash(h.alice, board.channel, "table log")
    name = next(n for n in logged.message.files if n.endswith(".json"))
    record_path = tmp_path / name
    record_path.write_bytes(logged.message.files[name])
    done = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(record_path)], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0 and "same result" in done.stdout

    # a rematch: the same seats and settings, started at once in a new message
    again = await h.fake.press(h.bob, board, custom_id=button(board, "u.rematch")["custom_id"])
    assert again.ephemeral
    new_id = await h.bot.storage.open_table_in(table.channel_id)
    rematch = await h.service.get(new_id)
    assert rematch.status == "running" and new_id != table.id
    assert [(s.user_id, s.ai_level) for s in rematch.seats] == [(h.alice.id, None), (h.bob.id, None), (None, "normal")]
    assert rematch.options["call_window"] == 30 and "stacked" not in rematch.options


async def test_the_earlier_call_wins_even_when_it_arrives_second(harness: Harness):
    h = harness
    table, board = await open_table(h, h.bob, h.carol, options={"stacked": STACKED, "call_window": 30})
    await h.fake.press(h.alice, board, custom_id=button(board, "a.take,source=deck")["custom_id"])
    call = button(board, "a.call")["custom_id"]
    late = asyncio.create_task(h.fake.press(h.bob, board, custom_id=call, at=40))
    await asyncio.sleep(0.03)  # bob's press reaches the bot first, but carol's was stamped earlier
    early = asyncio.create_task(h.fake.press(h.carol, board, custom_id=call, at=-40))
    bob, carol = await late, await early
    assert carol.type == 7 and not carol.ephemeral
    assert bob.ephemeral and "早かった" in bob.content  # bob's locale is ja
    assert table.state.view(None)["caller_seat"] == 2
    calls = [r for r in await h.bot.storage.actions(table.id) if r["action"]["type"] == "call"]
    assert [r["seat"] for r in calls] == [2]


async def test_a_siren_reaction_calls_and_the_placer_cannot_call(harness: Harness):
    h = harness
    table, board = await open_table(h, h.bob, options={"stacked": STACKED, "call_window": 30})
    await h.fake.press(h.alice, board, custom_id=button(board, "a.take,source=deck")["custom_id"])
    own = await h.fake.press(h.alice, board, custom_id=button(board, "a.call")["custom_id"])
    assert own.ephemeral and table.state.view(None)["phase"] == "call_window"
    await h.fake.react(h.bob, board, "🚨")
    await h.fake.wait_for(lambda: table.state.view(None)["phase"] == "reward", what="the reaction's call")
    assert table.state.view(None)["caller_seat"] == 1


async def test_the_window_closes_early_when_everyone_declines(harness: Harness):
    h = harness
    table, board = await open_table(h, h.bob, h.carol, options={"stacked": STACKED, "call_window": 30})
    await h.fake.press(h.alice, board, custom_id=button(board, "a.take,source=deck")["custom_id"])
    await h.fake.press(h.bob, board, custom_id=button(board, "a.no_call")["custom_id"])
    assert table.state.view(None)["phase"] == "call_window"
    await h.fake.press(h.carol, board, custom_id=button(board, "a.no_call")["custom_id"])
    view = table.state.view(None)
    assert view["phase"] == "turn" and view["active_seat"] == 1
