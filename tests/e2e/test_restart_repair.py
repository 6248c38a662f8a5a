"""A restart redraws only the table messages that are behind storage: each landed write stores a mark of what the
message shows, and at start only running tables whose mark is not their committed one are edited."""

from tests.fakediscord import FakeDiscord
from tests.support.drive import add_button, started_table, version_shown
from tests.support.e2e import Harness

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_a_restart_edits_only_the_one_table_of_five_left_behind(database_target):
    async with FakeDiscord() as fake:
        h = Harness(fake, database_target)
        await h.start()
        try:
            tables = [await started_table(h) for _ in range(5)]
            refresher = h.bot.get_cog("TableCog").refresher
            await refresher.flush()
            # every landed write's mark stored (they gather for a second, then go in one transaction)
            await fake.wait_for(lambda: not refresher._marks and refresher._marking is None, what="the marks stored")
            table_id, board = tables[2]
            refresher.delay = 30.0  # the bot's own edits wait long: the crash comes first
            await fake.press(h.alice, board, custom_id=add_button(board, 1)["custom_id"])
            await fake.press(h.bob, board, custom_id=add_button(board, 2)["custom_id"])
            await fake.wait_for(lambda: h.service._tables[table_id].version >= 3, timeout=5, what="the AI's move")
            assert version_shown(board) == 2  # committed at 3, its message at 2
            await h.crash()

            before = len(fake.calls)
            bot = await h.start()
            await fake.wait_for(lambda: bot._repair is not None and bot._repair.done(), timeout=10, what="repair")
            edits = [call for call in fake.calls[before:] if call.key == EDIT]
            assert len(edits) == 1 and str(board.id) in edits[0].path
            assert version_shown(board) == 3
            assert all(version_shown(other) == 0 for n, (_, other) in enumerate(tables) if n != 2)
            assert h.service.cached() == 1  # only the table drawn again was loaded
        finally:
            await h.stop()
