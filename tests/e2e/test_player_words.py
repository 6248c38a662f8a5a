"""No engine identifier reaches a player: whole games of all five games, every player count, in Japanese and in
English, played through the fake Discord (one person pressing what the table offers, AI seats for the rest), with
every payload a player can read scanned for engine vocabulary (tests/support/wordscan.py)."""

from __future__ import annotations

import random

import pytest

import games
from tests.fakediscord import FakeDiscord
from tests.support.drive import button, move, open_with_ai
from tests.support.e2e import Harness
from tests.support.wordscan import WordScanner

CASES = [
    (game, players, locale)
    for game in games.ids()
    if game != "tiny"
    for players in range(games.get(game).min_players, games.get(game).max_players + 1)
    for locale in ("ja", "en")
]


async def press_my_view(h: Harness, user, board) -> None:
    mine = button(board, "u.view")
    if mine is not None:
        await h.fake.press(user, board, custom_id=mine["custom_id"])


async def play_scanned(h: Harness, game: str, players: int, locale: str, seed: int) -> WordScanner:
    scanner = WordScanner(h.fake, h.service, locale, game)
    scanner.install()
    table, board, host = await open_with_ai(h, game, players, locale)
    rng = random.Random(seed)
    looked = False
    for step in range(2000):
        if table.status != "running":
            break
        await h.fake.wait_for(
            lambda: f":{table.id}:{table.version}:" in str(board.components) or table.status != "running",
            timeout=10,
            what="the board to catch up",
        )
        if 0 in table.state.to_act() and not table.seats[0].is_ai:
            if not looked and step > 3:  # "My view", once the game is under way
                looked = True
                await press_my_view(h, host, board)
            await move(h.fake, table, board, host, rng)
        else:
            await h.fake.wait_for(
                lambda v=table.version: table.version != v or table.status != "running",
                timeout=10,
                what="the AI seats to move",
            )
    assert table.status == "finished", f"{game} did not finish"
    await h.bot.get_cog("TableCog").refresher.flush()
    await h.fake.slash(host, board.channel, "table status")
    await h.fake.slash(host, h.channel, "rules", {"game": game})
    return scanner


@pytest.fixture
async def quick(tmp_path):
    """The e2e harness with the AI moving at once and edits coalesced briefly: whole games stay affordable."""
    async with FakeDiscord() as fake:
        world = Harness(fake, tmp_path / "bodoge.sqlite3")
        await world.start(ai_delay=0.0, edit_delay=0.02)
        try:
            yield world
        finally:
            await world.stop()
        assert world.scanner.leaks == [], world.scanner.leaks


@pytest.mark.parametrize("game,players,locale", CASES, ids=[f"{g}-{p}p-{loc}" for g, p, loc in CASES])
async def test_no_engine_identifier_reaches_a_player(quick: Harness, game, players, locale):
    scanner = await play_scanned(quick, game, players, locale, seed=players)
    assert scanner.texts > 20
    assert scanner.findings == [], "\n".join(f"{what}: {where}" for what, where in scanner.findings)


# Blue Border, Diamond Box and DEEP DIVE have no "My view" (nothing is private in them: tests/reliability asserts the
# button is absent); their private pictures are checked in test_pictures
@pytest.mark.parametrize(
    "game", [game for game in games.ids() if game not in ("tiny", "blue_border", "diamond_box", "deep_dive")]
)
async def test_my_view_is_words_never_json(quick: Harness, game):
    h = quick
    scanner = WordScanner(h.fake, h.service, "en", game)
    scanner.install()
    players = max(2, games.get(game).min_players)
    table, board, host = await open_with_ai(h, game, players, "en")
    await h.fake.wait_for(lambda: f":{table.id}:{table.version}:" in str(board.components), what="the running board")
    before = scanner.texts
    await press_my_view(h, host, board)
    assert scanner.texts > before
    assert scanner.findings == [], "\n".join(f"{what}: {where}" for what, where in scanner.findings)
