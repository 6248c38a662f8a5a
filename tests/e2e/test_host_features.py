"""Host features through the fake Discord: absent players, I'm back, more time, kick, spectators, the leaderboard,
records, server settings."""

import json

import pytest

from tests.support.drive import play_to_the_end, shows, tiny_table
from tests.support.e2e import Harness


def button(message, suffix):
    return next((b for b in message.buttons() if b["custom_id"].endswith(suffix)), None)


async def current(h: Harness, table, board):
    """Wait until the table message shows the table's current version (the bot's own edits are coalesced)."""
    await h.fake.wait_for(
        lambda: any(f":{table.id}:{table.version}:" in b["custom_id"] for b in board.buttons()),
        what="the board to catch up",
    )


async def test_an_absent_player_is_covered_by_the_ai_then_replaced_then_comes_back(tmp_path):
    from tests.fakediscord import FakeDiscord

    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start(timer_scale=0.01)  # a 60 s turn lasts 0.6 s
        try:
            table, board, _ = await tiny_table(h, target=10)
            for round_number in range(1, 4):
                await current(h, table, board)
                await h.fake.press(h.alice, board, custom_id=button(board, "a.add,n=1")["custom_id"])
                assert table.state.active == 1
                # bob never answers: the deadline passes and the timeout plays for him. Wait for its version, not
                # for the state alone: the state changes before the version is counted and committed, and a press
                # made in between carries the version before and is refused as stale
                played = table.version
                await h.fake.wait_for(lambda: table.version > played, timeout=5)
                if round_number < 3:
                    assert not table.seats[1].is_ai and table.seats[1].timeouts == round_number
            assert table.seats[1].is_ai and table.seats[1].taken_over
            dm = await h.fake.wait_for(lambda: [m for m in h.fake.dms(h.bob) if "AI" in m.text()], what="the DM")
            assert "discord.com/channels" in dm[-1].text() and not dm[-1].components
            await h.fake.wait_for(lambda: button(board, "u.back"), what="the I'm back button")
            sources = [r["source"] for r in await h.bot.storage.actions(table.id)]
            assert sources.count("timeout") == 3
            # the AI keeps playing bob's turns now; bob comes back
            back = await h.fake.press(h.bob, board, custom_id=button(board, "u.back")["custom_id"])
            assert back.type == 7 and not table.seats[1].is_ai and table.seats[1].timeouts == 0
            # more time, once per game
            await h.fake.wait_for(lambda: table.state.active == 1 or table.status != "running", timeout=5)
            await current(h, table, board)
            if table.status == "running":
                before = (await h.bot.storage.timer(table.id, "deadline")).due_at
                more = await h.fake.press(h.bob, board, custom_id=button(board, "u.more")["custom_id"])
                assert more.ephemeral and (await h.bot.storage.timer(table.id, "deadline")).due_at > before
                again = await h.fake.press(h.bob, board, custom_id=button(board, "u.more")["custom_id"])
                assert again.ephemeral and "使用済み" in again.content  # bob reads Japanese
        finally:
            await h.stop()


async def test_kick_spectate_stats_log_and_replay(harness: Harness, tmp_path, capsys):
    h = harness
    users = {0: h.alice, 1: h.bob}
    for _ in range(2):
        table, board, thread = await tiny_table(h, target=4)
        await play_to_the_end(h, table, board, users)
        assert table.status == "finished"

    # the leaderboard after two finished games: both people, two games each (tests/e2e/test_ratings.py: more)
    await h.fake.wait_for(lambda: h.bot.ratings.rated >= 2, timeout=10, what="both games rated")
    board = await h.fake.slash(h.alice, h.channel, "leaderboard", {"game": "tiny"})
    text = board.message.text()
    assert "alice" in text and "bob" in text and "2 games" in text
    assert not board.ephemeral

    # /table log in the finished game's thread, and the record replays to the same result
    logged = await h.fake.slash(h.alice, thread, "table log")
    assert logged.ephemeral
    record_file = next(name for name in logged.message.files if name.endswith(".json"))
    path = tmp_path / record_file
    path.write_bytes(logged.message.files[record_file])
    record = json.loads(path.read_text())
    assert record["actions"] and record["result"]["winners"] == table.state.result()["winners"]
    moves = next(data for name, data in logged.message.files.items() if name.endswith(".txt")).decode()
    assert "alice" in moves
    from bot.__main__ import main  # `python -m bot replay FILE`, in this process where the test game is registered

    assert main(["replay", str(path)]) == 0
    assert "same result" in capsys.readouterr().out
    record["actions"][-1]["action"] = {"type": "add", "n": 1}  # a forged record does not replay
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1

    # a running table: a spectator's view holds nothing private; a kick hands the seat to the AI
    table, board, thread = await tiny_table(h, target=10)
    watch = await h.fake.slash(h.carol, thread, "table watch")
    assert watch.ephemeral and not watch.components
    for secret in table.state.secrets:
        assert not shows(secret, watch.message.text())
    refused = await h.fake.slash(h.carol, thread, "table kick", {"member": h.bob})
    assert refused.ephemeral and table.seats[1].user_id == h.bob.id and not table.seats[1].is_ai
    kicked = await h.fake.slash(h.mod, thread, "table kick", {"member": h.bob})
    assert not kicked.ephemeral and table.seats[1].is_ai


async def test_settings_are_for_admins_only(harness: Harness):
    h = harness
    # the command is registered for Manage Server only, so Discord does not even offer it to a member
    assert str(h.fake.command("settings")["default_member_permissions"]) == "32"
    with pytest.raises(PermissionError):
        await h.fake.slash(h.alice, h.channel, "settings", {"threads": False})
    assert await h.bot.storage.guild_settings(h.guild.id) == {}
    changed = await h.fake.slash(h.mod, h.channel, "settings", {"threads": False, "language": "en"})
    assert changed.ephemeral
    assert await h.bot.storage.guild_settings(h.guild.id) == {"threads": False, "locale": "en"}
    # the next table opens in the channel itself, in English
    opened = await h.fake.slash(h.alice, h.channel, "play", {"game": "tiny"})
    assert opened.type == 4 and "Join" in str(opened.components) and not h.fake.threads(h.channel)


async def test_rules_and_help(harness: Harness):
    h = harness
    rules = await h.fake.slash(h.bob, h.channel, "rules", {"game": "blue_border"})
    assert rules.ephemeral and "ボーダー" in rules.message.text() and "http" not in rules.message.text()
    helped = await h.fake.slash(h.alice, h.channel, "help")
    assert helped.ephemeral and "/play" in helped.message.text()


async def test_a_table_command_refuses_privately_in_the_members_words_and_still_reports_a_bug(
    harness: Harness, caplog, monkeypatch
):
    from bot.i18n import t

    h = harness
    for command, locale in (("table status", "ja"), ("table leave", "en-US")):
        refused = await h.fake.slash(h.bob, h.channel, command, locale=locale)
        assert refused.ephemeral and refused.message.text() == t("table.error.no_table_here", locale)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]  # a refusal is not reported as a failure

    async def broken(channel_id):
        raise RuntimeError("a bug")

    monkeypatch.setattr(h.service.storage, "open_table_in", broken)
    with pytest.raises(Exception):  # noqa: B017 - whatever the broken storage raises
        await h.fake.slash(h.bob, h.channel, "table status", timeout=2)
    assert any(r.levelname == "ERROR" and "Ignoring exception in command" in r.getMessage() for r in caplog.records)
