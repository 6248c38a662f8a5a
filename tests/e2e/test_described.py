"""Every picture speaks: through the fake Discord, a BOSSa game with each kind of answer a member can ask for
(My view, the log, /table read, a your-turn DM with the board in words, the replay, /rules' pages, the /stats
chart) sends every picture with a description in its reader's language, at most Discord's 1,024 characters; the
board in words reads the same for players (their own seat) and spectators (the public view). The leak scanner
reads every description and every /table read for its recipient (tests/support/e2e.py)."""

from __future__ import annotations

import re

from bot.describe import LIMIT
from tests.fakediscord import validate
from tests.support.drive import button, open_table, play_out
from tests.support.e2e import Harness

PICTURES = (".png", ".gif")
KANA = re.compile(r"[\u3040-\u30ff]")  # Japanese words (names here are Latin)


def sent_pictures(h: Harness) -> list[tuple[str, str, str | None]]:
    """(route, file name, description) of every picture the bot uploaded, by every route (posts, edits,
    interaction answers, followups, DMs), as its payload named it."""
    found = []
    for call in h.fake.calls:
        if not call.files:
            continue
        body = call.json if isinstance(call.json, dict) else {}
        data = body["data"] if isinstance(body.get("data"), dict) else body
        entries = {str(entry.get("id")): entry for entry in data.get("attachments") or [] if isinstance(entry, dict)}
        for index, upload in enumerate(call.files):
            if upload.filename.endswith(PICTURES):
                entry = entries.get(str(index)) or {}
                found.append((f"{call.method} {call.route}", upload.filename, entry.get("description")))
    return found


async def test_every_picture_of_a_game_and_its_answers_has_a_description(harness: Harness):
    h = harness
    table, board = await open_table(h, "bossa", h.bob)
    thread = h.fake.threads(h.channel)[-1]
    users = {0: h.alice, 1: h.bob}
    assert table.locale == "ja"  # the server's language: the table message's words

    # the public board's picture speaks the table's language
    await h.fake.wait_for(lambda: board.attachments, what="the board's picture")
    assert board.attachments[0].description and KANA.search(board.attachments[0].description)

    # My view: in the member's own language (alice reads English)
    mine = await h.fake.press(h.alice, board, custom_id=button(board, "u.view")["custom_id"])
    assert mine.ephemeral
    assert mine.message.descriptions and all(d and not KANA.search(d) for d in mine.message.descriptions.values())

    # the board in words: a player's own seat, a spectator's public view, privately; a newer one replaces the last
    read = await h.fake.slash(h.alice, thread, "table read")
    assert read.ephemeral and "alice" in read.message.embed["description"]
    assert all(len(embed.get("description") or "") <= 4096 for embed in read.message.embeds)
    assert not any(c in read.message.text() for c in "┌─│╔═") and read.message.attachments == []
    again = await h.fake.slash(h.alice, thread, "table read")
    await h.fake.wait_for(lambda: h.fake.message(read.message).deleted, what="the older reading to go")
    assert not again.message.deleted
    watched = await h.fake.slash(h.carol, thread, "table read")
    assert watched.ephemeral and "spectator" in watched.message.embed["description"]

    # your turn by DM with the board in words, as bob chose (in the table's language, from bob's seat)
    chosen = await h.fake.slash(h.bob, h.channel, "notify", {"mode": "dm", "board_text": True})
    assert chosen.ephemeral and "盤面" in chosen.message.text()
    assert (await h.service.storage.user_settings(h.bob.id))["board_text"] is True
    before = len(h.fake.dms(h.bob))
    await h.bot.get_cog("TableCog").on_your_turn(table, [1])
    dm = h.fake.dms(h.bob)[before:][-1]
    assert "盤面を文章で" in dm.text() and len(dm.embeds) >= 2
    assert sum(len(embed.get("description") or "") for embed in dm.embeds) <= 6000

    await play_out(h, table, board, users, seed=3)
    assert table.status == "finished"

    # the log, the replay (privately, in alice's English), /rules' pages, the /stats chart
    await h.fake.press(h.alice, board, custom_id=button(board, "u.log")["custom_id"])
    replayed = await h.fake.press(h.alice, board, custom_id=button(board, "u.replay")["custom_id"])
    gif = replayed.messages[-1].attachments[0]
    assert gif.filename.endswith(".gif") and "Replay" in gif.description and "alice" in gif.description
    assert "moves" in gif.description
    pager = (await h.fake.slash(h.bob, h.channel, "rules", {"game": "deep_dive"})).message
    assert all(pager.descriptions.values())
    await h.fake.press(h.bob, pager, custom_id=pager.button(prefix="rp:", emoji="▶️")["custom_id"])
    await h.fake.wait_for(lambda: h.bot.ratings.rated >= 1, timeout=10, what="the game rated")
    stats = await h.fake.slash(h.alice, h.channel, "stats", {"game": "bossa"})
    assert "alice" in stats.message.descriptions["chart.png"] and "1 game" in stats.message.descriptions["chart.png"]

    pictures = sent_pictures(h)
    sent = {name for _route, name, _ in pictures}
    assert {"bossa.png", "deep_dive.png", "chart.png"} <= sent
    assert any(name.endswith(".gif") for name in sent)
    bare = [(route, name) for route, name, description in pictures if not description]
    assert bare == [], bare
    assert all(len(description) <= LIMIT == validate.MAX_ATTACHMENT_DESCRIPTION for _r, _n, description in pictures)
    assert h.fake.internal_errors == []


async def test_reading_a_channel_without_a_table_is_refused_privately(harness: Harness):
    h = harness
    refused = await h.fake.slash(h.alice, h.channel, "table read")
    assert refused.ephemeral and refused.message.text()
    assert refused.message.embeds == [] or "board" not in refused.message.text()
