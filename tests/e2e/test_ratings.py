"""Ratings through the fake Discord, on SQLite and PostgreSQL: games played to their end are rated; /leaderboard and
/stats (with its chart) fit one phone screen; refusals are private; a season reset by a server admin."""

import asyncio
import io
import re

from PIL import Image

from tests.phone import budget
from tests.support.backends import both_backends
from tests.support.drive import forge_slash, play_to_the_end, tiny_table
from tests.support.e2e import Harness

pytestmark = both_backends


def phone_height(message) -> int:
    chart = message.files.get("chart.png")
    return budget.height(message.embed, [], Image.open(io.BytesIO(chart)).size if chart else None)


async def two_rated_games(h: Harness):
    users = {0: h.alice, 1: h.bob}
    for _ in range(2):
        table, board, _thread = await tiny_table(h, target=4)
        await play_to_the_end(h, table, board, users)
        assert table.status == "finished"
    await h.fake.wait_for(lambda: h.bot.ratings.rated >= 2, timeout=10, what="both games rated")
    return table


async def test_leaderboard_and_stats_after_two_games(harness: Harness):
    h = harness
    table = await two_rated_games(h)
    winner = h.alice if 0 in table.state.result()["winners"] else h.bob

    board = await h.fake.slash(h.alice, h.channel, "leaderboard", {"game": "tiny"})
    assert not board.ephemeral
    text = board.message.text()
    assert "alice" in text and "bob" in text and "2 games" in text and "?" in text  # provisional after two games
    lines = board.message.embed["description"].split("\n")
    assert len(lines) == 2 and lines[0].startswith("1.")
    figures = [int(re.search(r"\?\s(\d+)\s", line)[1]) for line in lines]  # "**name**? 1137 ▲137 · 2 games"
    assert 1300 > figures[0] >= figures[1] > 700  # read beside a new rating's 1000
    assert "season 1" in board.message.embed["footer"]["text"]
    assert phone_height(board.message) <= budget.SCREEN

    overall = await h.fake.slash(h.bob, h.channel, "leaderboard", {"game": "tiny", "scope": "overall"})
    assert "alice" in overall.message.text() and "2戦" in overall.message.text()  # bob reads Japanese

    stats = await h.fake.slash(h.alice, h.channel, "stats", {"member": winner})
    assert not stats.ephemeral
    embed = stats.message.embed
    assert winner.name in embed["title"] and "2 games" in embed["description"]
    assert "🏆" in embed["fields"][0]["value"]  # a best game is a won game
    assert len([line for line in embed["fields"][1]["value"].split("\n") if line]) == 2  # both recent games
    chart = Image.open(io.BytesIO(stats.message.files["chart.png"]))
    assert chart.size[0] == 504 and embed["image"]["url"] == "attachment://chart.png"
    assert phone_height(stats.message) <= budget.SCREEN


async def test_a_member_without_rated_games_is_told_so(harness: Harness):
    h = harness
    nothing = await h.fake.slash(h.carol, h.channel, "stats")
    assert "No rated games" in nothing.message.text() and not nothing.message.files
    empty = await h.fake.slash(h.carol, h.channel, "leaderboard", {"game": "tiny"})
    assert "No rated games" in empty.message.text()
    # options no honest client sends: tests/reliability/test_interaction_fuzz.py (BAD_SLASH)


async def test_a_season_reset_needs_manage_server_and_keeps_the_overall_ratings(harness: Harness):
    h = harness
    await two_rated_games(h)
    # Discord hides the command from members without Manage Server; one who sends it anyway is refused
    refused = await forge_slash(h, h.alice, "season_reset", [])
    assert refused.ephemeral and "Manage Server" in refused.message.text()
    assert await h.bot.storage.seasons(h.guild.id) == []
    asked = await h.fake.slash(h.mod, h.channel, "season_reset")  # asks first, privately: nothing changed yet
    asked_again = await h.fake.slash(h.mod, h.channel, "season_reset")  # a second question open at once
    assert asked.ephemeral and "Start season 2?" in asked.message.text()
    assert await h.bot.storage.seasons(h.guild.id) == []
    told = asyncio.ensure_future(h.fake.wait_for_message(h.channel, lambda m: "シーズン2" in m.text()))
    done = await h.fake.press(h.mod, asked.message, label="Start season 2")
    assert "Season 2 has started" in done.message.text()
    assert [season for season, _ in await h.bot.storage.seasons(h.guild.id)] == [2]
    assert not (await told).ephemeral  # the channel is told, in the server's language (ja)
    again = await h.fake.press(h.mod, asked_again.message, label="Start season 2")  # its press starts nothing more
    assert "already started" in again.message.text()
    assert [season for season, _ in await h.bot.storage.seasons(h.guild.id)] == [2]
    server = await h.fake.slash(h.alice, h.channel, "leaderboard", {"game": "tiny"})
    assert "No rated games" in server.message.text() and "season 2" in server.message.embed["footer"]["text"]
    overall = await h.fake.slash(h.alice, h.channel, "leaderboard", {"game": "tiny", "scope": "overall"})
    assert "alice" in overall.message.text()
    assert await h.bot.storage.leaderboard("tiny", h.guild.id, 1)  # last season's ratings are kept
