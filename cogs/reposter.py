"""Keeps a table's message near the bottom of its channel: once others have posted `after` messages below it, the
table is posted again at the bottom and the old message becomes a one-line pointer to the new one, so the board is
never more than a screen away. Private answers never count (members see only their own, and they go by themselves);
the bot's own messages neither (its your-turn pings are deleted once answered)."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord

from bot.i18n import t
from bot.tables import Table, TableError
from cogs.ui import TableMessage

if TYPE_CHECKING:
    from cogs.table import TableCog

log = logging.getLogger(__name__)
MIN_INTERVAL = 15.0  # seconds between two reposts of one table: a busy channel does not churn the board


class Reposter:
    def __init__(self, cog: TableCog, after: int, clock=time.monotonic) -> None:
        self.cog = cog
        self.after = after
        self.clock = clock
        self.tables: dict[int, int] = {}  # channel id -> its open table's id (tables this process has shown)
        self.below: dict[int, int] = {}  # channel id -> messages posted under the table message since it was posted
        self.last: dict[int, float] = {}  # table id -> when it was last reposted
        self.reposts = 0

    def watch(self, table: Table) -> None:
        """Called whenever the table's message is drawn: which channel holds which open table."""
        if table.message_id is None:
            return
        if table.status in ("lobby", "running"):
            if self.tables.get(table.channel_id) != table.id:
                self.tables[table.channel_id] = table.id
                self.below.pop(table.channel_id, None)
        else:
            self.last.pop(table.id, None)
            if self.tables.get(table.channel_id) == table.id:
                self.tables.pop(table.channel_id, None)
                self.below.pop(table.channel_id, None)

    def evicted(self, table_id: int) -> None:
        """The table left memory after a while unused: its last repost is long past (which channel holds it stays)."""
        self.last.pop(table_id, None)

    async def on_message(self, message: discord.Message) -> None:
        channel_id = message.channel.id
        table_id = self.tables.get(channel_id)
        if table_id is None or self.after <= 0 or message.author.id == self.cog.bot.user.id:
            return
        count = self.below[channel_id] = self.below.get(channel_id, 0) + 1
        if count < self.after or self.clock() - self.last.get(table_id, -MIN_INTERVAL) < MIN_INTERVAL:
            return
        try:
            table = await self.cog.service.get(table_id)
        except TableError:
            self.tables.pop(channel_id, None)
            return
        if table.status not in ("lobby", "running") or table.message_id is None or message.id < table.message_id:
            return
        self.below[channel_id] = 0
        self.last[table_id] = self.clock()
        await self.repost(table)

    async def repost(self, table: Table) -> None:
        """The table message posted anew at the bottom (as one write of it: no edit of the old one can land after
        the pointer), then the old one turned into a pointer to it."""
        bot = self.cog.bot
        channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

        async def send(board: TableMessage) -> None:
            old_id = table.message_id
            new = await channel.send(**board.message_kwargs(editing=False))
            await self.cog.service.set_message(table, table.channel_id, new.id)
            self.reposts += 1
            try:
                await channel.get_partial_message(old_id).edit(
                    content=t("table.moved", table.locale, link=self.cog.jump_url(table)),
                    embed=None,
                    view=None,
                    attachments=[],
                )
            except discord.HTTPException as error:
                log.info("table %s: its old message could not become a pointer (%s)", table.id, error.code)

        try:
            await self.cog.refresher.write(table, send)
        except discord.HTTPException as error:
            log.warning("table %s: could not be posted again at the bottom (%s)", table.id, error.code)
