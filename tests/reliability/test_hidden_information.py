"""The hidden-information scanner finds a real leak, and finds none in honest play (every e2e test runs it too)."""
from tests.e2e.conftest import Harness
from tests.e2e.drive import play_out
from tests.e2e.test_deep_dive import open_table
from tests.fakediscord import FakeDiscord


async def test_the_scanner_catches_a_presenter_that_shows_a_hidden_number(tmp_path):
    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start()
        # the bot's own presenter instance (discord.py loads extensions as fresh modules)
        presenter = h.bot.get_cog("TableCog").presenters["blue_border"]
        honest = presenter.board

        def leaky(table, locale):
            board = honest(table, locale)
            if table.state.deck:
                board.embed.add_field(name="debug", value=f"next: card={table.state.deck[0]}")  # hidden top
            return board

        presenter.board = leaky
        try:
            table, board = await open_table(h, "blue_border", h.bob)
            assert h.scanner.leaks and "card=" in h.scanner.leaks[0]
        finally:
            await h.stop()


async def test_honest_games_of_every_kind_leak_nothing(tmp_path):
    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start()
        try:
            for game in ("blue_border", "bossa", "colorse", "diamond_box"):
                humans = (h.bob, h.carol) if game == "colorse" else (h.bob,)
                table, board = await open_table(h, game, *humans)
                users = {0: h.alice, 1: h.bob, 2: h.carol}
                await play_out(h, table, board, {s: users[s] for s in range(len(table.seats))}, seed=11, limit=3000) \
                    if game != "blue_border" else None
                if table.status == "running":
                    await h.service.cancel(table.id, h.alice.id)
            assert h.scanner.scanned > 100 and h.scanner.leaks == []
        finally:
            await h.stop()
