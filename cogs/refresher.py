"""Edits of the public table message that the bot makes on its own (AI moves, timeouts, lobby changes), coalesced:
a burst of changes costs one edit. A change shown through an interaction response needs no extra edit."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.tables import Table
from bot.render_pool import ready

if TYPE_CHECKING:
    from cogs.table import TableCog

log = logging.getLogger(__name__)


class Refresher:
    def __init__(self, cog: "TableCog", delay: float) -> None:
        self.cog = cog
        self.delay = delay
        self.shown: dict[int, int] = {}  # table id -> revision on screen
        self._pending: dict[int, asyncio.Task] = {}
        self.edits = 0

    def shown_now(self, table: Table, revision: int) -> None:
        """A write of the table message (an interaction response or an edit) just showed `revision`; refresh later
        only if the table moved past it. Writes overlap (pictures are drawn off the loop), so one that completes
        after a newer board was shown may have replaced it: then the message counts as showing `revision`."""
        current = self.shown.get(table.id, -1)
        self.shown[table.id] = revision if current > revision else max(revision, current)
        if table.revision > self.shown[table.id]:
            self.request(table)

    def request(self, table: Table) -> None:
        if table.message_id is None or table.id in self._pending:
            return
        self._pending[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: Table) -> None:
        try:
            await asyncio.sleep(self.delay)
        finally:
            self._pending.pop(table.id, None)
        revision = table.revision
        if self.shown.get(table.id) == revision:
            return
        board = await ready(self.cog.public_board(table))  # drawn in the render pool
        if self.shown.get(table.id, -1) >= revision:
            return  # an interaction response showed this revision (or a newer one) while it was drawn
        channel = self.cog.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.get_partial_message(table.message_id).edit(**board.message_kwargs(editing=True))
        except discord.NotFound:
            log.info("table %s: its message is gone", table.id)
            return
        except discord.HTTPException:
            log.warning("table %s: edit failed; retrying on the next change", table.id, exc_info=True)
            return
        self.edits += 1
        self.shown_now(table, revision)

    async def flush(self) -> None:
        await asyncio.gather(*list(self._pending.values()), return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._pending.values()):
            task.cancel()
        await asyncio.gather(*list(self._pending.values()), return_exceptions=True)
        self._pending.clear()
