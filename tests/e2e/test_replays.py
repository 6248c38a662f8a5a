"""Replays and records through the fake Discord: the finished table's 🎞️ button, its "post in the channel",
`/table replay` and `/table record`, with the leak scanner checking every replay's frames and every file sent."""

import io
import json

import discord
import pytest
from PIL import Image

from bot import render_pool
from cogs import records
from tests.fakediscord import validate
from tests.support.drive import button, open_table, play_out
from tests.support.e2e import Harness


def frames_of(data: bytes) -> int:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.is_animated
    return image.n_frames


def gif_of(message) -> tuple[str, bytes]:
    (name, data), *_ = [(n, d) for n, d in message.files.items() if n.endswith(".gif")]
    return name, data


async def finished(h: Harness):
    table, board = await open_table(h, "bossa", h.bob)
    await play_out(h, table, board, {0: h.alice, 1: h.bob}, seed=3)
    await h.fake.wait_for(lambda: button(board, "u.replay"), what="the finished board's replay button")
    thread = h.fake.threads(h.channel)[-1]
    return table, board, thread


async def test_the_replay_button_shows_it_privately_then_posts_it_once(harness: Harness):
    h = harness
    table, board, thread = await finished(h)
    row = [b for b in board.buttons() if b["custom_id"].split(":")[-1] in ("u.rematch", "u.log", "u.replay")]
    assert len(row) == 3  # the bottom row: rematch, log, replay
    mine = await h.fake.press(h.carol, board, custom_id=button(board, "u.replay")["custom_id"])  # a spectator too
    message = mine.messages[-1]
    assert message.ephemeral
    name, data = gif_of(message)
    assert name == f"bodoge-{table.id}-replay.gif" and frames_of(data) >= 3
    assert len(data) <= validate.MAX_FILE_BYTES
    assert "alice" in message.text() and "bob" in message.text()
    post = message.button(prefix=f"bg:{table.id}:{table.version}:u.replay.post")
    before = len(h.fake.channel_messages(thread))
    posted = await h.fake.press(h.carol, message, custom_id=post["custom_id"])
    shared = h.fake.channel_messages(thread)[before:]
    assert len(shared) == 1 and not shared[0].ephemeral
    assert gif_of(shared[0])[0] == name and "🏆" in shared[0].text()  # the names and the result in the table's words
    assert posted.messages[-1].ephemeral and "discord.com/channels" in posted.messages[-1].text()
    hers = (await h.fake.press(h.alice, board, custom_id=button(board, "u.replay")["custom_id"])).messages[-1]
    again = await h.fake.press(h.alice, hers, custom_id=hers.button(prefix=f"bg:{table.id}:")["custom_id"])
    assert again.ephemeral and str(shared[0].id) in hers.text()  # the private message now links to the first post
    assert len(h.fake.channel_messages(thread)) == before + 1  # once per game: the second press points to it
    assert h.scanner.coverage[("bossa", "replay frames")] >= 2
    pool = records.replay_pool()
    assert pool.drawn >= 2 and pool is not render_pool.shared()  # its own worker: the tables' boards never wait
    assert h.scanner.leaks == []


async def test_table_replay_and_record_after_the_end_only(harness: Harness):
    h = harness
    table, board = await open_table(h, "bossa", h.bob)
    thread = h.fake.threads(h.channel)[-1]
    early = await h.fake.slash(h.alice, thread, "table replay")
    assert early.ephemeral and "ended" in early.text() and not early.message.files
    early_record = await h.fake.slash(h.alice, thread, "table record")
    assert early_record.ephemeral and not early_record.message.files
    await play_out(h, table, board, {0: h.alice, 1: h.bob}, seed=3)

    private = await h.fake.slash(h.alice, thread, "table replay")
    assert private.messages[-1].ephemeral and frames_of(gif_of(private.messages[-1])[1]) >= 3
    before = len(h.fake.channel_messages(thread))
    public = await h.fake.slash(h.bob, thread, "table replay", {"post": True})
    assert len(h.fake.channel_messages(thread)) == before + 1
    assert public.messages[-1].ephemeral  # bob is told where it went
    shared = h.fake.channel_messages(thread)[-1]
    assert not shared.ephemeral and gif_of(shared)[0] == f"bodoge-{table.id}-replay.gif"

    record = await h.fake.slash(h.bob, thread, "table record")
    assert record.ephemeral
    (name, data), *_ = record.message.files.items()
    assert name == f"bodoge-{table.id}.json"
    exported = json.loads(data)
    assert exported["format"] == "bodoge-record/1" and exported["result"]["winners"] == table.state.result()["winners"]
    assert "期" not in record.text() and "確かめ" in record.text()  # bob reads Japanese: checked against its result
    refused = await h.fake.slash(h.carol, thread, "table record")  # carol did not play
    assert refused.ephemeral and not refused.message.files and "players" in refused.text()
    assert h.scanner.leaks == []


async def test_the_fake_refuses_a_file_over_discords_limit(harness: Harness):
    h = harness
    channel = h.bot.get_partial_messageable(h.channel.id, guild_id=h.guild.id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(file=discord.File(io.BytesIO(bytes(validate.MAX_FILE_BYTES + 1)), filename="board.png"))
    assert refused.value.code == 40005
    assert validate.MAX_FILE_BYTES == 10 * 1024 * 1024
