"""Writes of one table's message go one at a time, each drawn from the table when its turn comes, and the latest
revision always reaches the message: after a write that overlapped a change, one that failed on the way, a table
reloaded from storage (its in-memory revision counts from 0 again)."""

import asyncio
from types import SimpleNamespace

import aiohttp
import discord

from cogs import refresher as refresher_module
from cogs.refresher import Refresher


class Message:
    """The table message as Discord holds it, with a slow network: each edit lands `latency` seconds after it is
    sent; `failures` edits fail first."""

    def __init__(self, latency: float = 0.0, failures: list[BaseException] | None = None) -> None:
        self.latency = latency
        self.failures = list(failures or [])
        self.revision = None
        self.in_flight = 0
        self.most_in_flight = 0
        self.edits = []

    async def edit(self, revision: int) -> None:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.latency)
            if self.failures:
                raise self.failures.pop(0)
            self.revision = revision
            self.edits.append(revision)
        finally:
            self.in_flight -= 1


def refresher_for(message: Message, delay: float = 0.01) -> Refresher:
    def public_message(table):
        revision = table.revision
        return SimpleNamespace(pending_picture=lambda: None, message_kwargs=lambda editing: {"revision": revision})

    channel = SimpleNamespace(get_partial_message=lambda message_id: message)
    bot = SimpleNamespace(get_partial_messageable=lambda channel_id, guild_id=None: channel)
    return Refresher(SimpleNamespace(public_message=public_message, writing=lambda table: None, bot=bot), delay)


def new_table(revision: int = 1):
    return SimpleNamespace(
        id=1,
        revision=revision,
        message_id=10,
        channel_id=5,
        guild_id=2,
        lock=asyncio.Lock(),
        retired=False,
        version=0,
        seats=[],
        timers={},
    )


async def test_a_board_is_drawn_only_from_committed_state():
    """A refresh due while a change is being committed waits for the commit; if the commit fails (the copy is
    retired), the memory that ran ahead of storage is never drawn."""
    message = Message()
    refresher = refresher_for(message)
    table = new_table()
    refresher.request(table)
    await refresher.flush()
    assert message.edits == [1]
    async with table.lock:  # a change applied in memory, its commit under way
        table.revision = 2
        refresher.request(table, 0)
        await asyncio.sleep(0.05)
        assert message.edits == [1]  # not drawn before the commit
        table.retired = True  # the commit failed
    await refresher.flush()
    assert message.edits == [1]


async def test_writes_of_one_message_never_overlap_and_the_last_shows_the_latest_revision():
    message = Message(latency=0.05)
    refresher = refresher_for(message)
    table = new_table()
    refresher.request(table)
    await asyncio.sleep(0.03)  # the bot's edit of revision 1 is on its way
    table.revision = 2  # a press changes the table and answers through its interaction
    answer = asyncio.create_task(refresher.write(table, lambda board: message.edit(**board.message_kwargs(True))))
    await asyncio.sleep(0.01)
    table.revision = 3  # and another change comes while that answer waits its turn
    refresher.request(table)
    await answer
    await refresher.flush()
    assert message.most_in_flight == 1
    assert message.revision == 3 and refresher.shown[1] == 3
    assert message.edits == [1, 3]  # the answer waited for the edit, then drew the table as it was by then


async def test_an_edit_that_fails_on_the_way_is_retried_until_it_lands(monkeypatch):
    monkeypatch.setattr(refresher_module, "RETRY_DELAYS", (0.01, 0.01, 0.01))
    response = SimpleNamespace(status=503, reason="Service Unavailable")
    message = Message(failures=[discord.DiscordServerError(response, "down"), aiohttp.ClientOSError()])
    refresher = refresher_for(message)
    table = new_table(4)
    refresher.request(table)
    await asyncio.sleep(0.02)
    await refresher.flush()
    assert message.revision == 4 and refresher.shown[1] == 4


async def test_a_refused_edit_waits_for_the_next_change():
    response = SimpleNamespace(status=400, reason="Bad Request")
    message = Message(failures=[discord.HTTPException(response, "no")])
    refresher = refresher_for(message)
    table = new_table(4)
    refresher.request(table)
    await asyncio.sleep(0.02)
    await refresher.flush()
    assert message.revision is None and 1 not in refresher.shown  # not hammered with the same refusal
    table.revision = 5
    refresher.request(table)
    await asyncio.sleep(0.02)
    await refresher.flush()
    assert message.revision == 5


async def test_a_table_reloaded_from_storage_is_refreshed_though_its_revisions_start_again():
    message = Message()
    refresher = refresher_for(message)
    refresher.request(new_table(7))
    await asyncio.sleep(0.02)
    await refresher.flush()
    assert refresher.shown[1] == 7
    reloaded = new_table(1)  # a new object for the same table: its in-memory revision counts from 0
    refresher.request(reloaded)
    await asyncio.sleep(0.02)
    await refresher.flush()
    assert message.edits == [7, 1]


async def test_a_refresh_asked_for_while_a_press_answers_waits_for_the_answer():
    """No edit is started for a press's answer to make needless: the answer shows the change; a change the answer
    did not show is refreshed once the press is over."""
    message = Message()
    refresher = refresher_for(message)
    table = new_table()
    with refresher.answering(table):
        table.revision = 2  # the press's change, told by the table service
        refresher.request(table)
        assert not refresher._tasks  # no refresh started: the answer is coming
        await refresher.write(table, lambda board: message.edit(**board.message_kwargs(True)))
    await refresher.flush()
    assert message.edits == [2]  # the answer alone
    with refresher.answering(table):
        table.revision = 3
        refresher.request(table)
        await asyncio.sleep(0.05)  # the press is answered privately (a chooser's "Done"): the message not written
        assert message.edits == [2]
    await refresher.flush()
    assert message.edits == [2, 3]  # refreshed once the press was over
