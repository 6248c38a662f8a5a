"""Where a table's messages go, over days: a table's thread archives itself after a week without a message, and
Discord refuses writes in an archived thread (400 50083), so the bot brings the thread back and writes once more. A
channel deleted (404 10003), or a thread a moderator locked (403 50001/50013, or archived and locked), is gone for
good: its table is cancelled through the table service (its timers cleared) and its players are told by DM, each in
their own language; nothing is written there again."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.i18n import t
from bot.tables import Table, TableError
from cogs.delivery import send_dm
from cogs.ui import TableMessage

if TYPE_CHECKING:
    from cogs.table import TableCog

log = logging.getLogger(__name__)
T = TypeVar("T")
THREAD_ARCHIVE_MINUTES = 10080  # a table's thread: Discord's longest auto-archive, a week
THREAD_ARCHIVED = 50083
UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS = 10003, 50001, 50013


class PlaceGone(Exception):
    """The table's channel or thread was deleted or locked: its table is being ended."""


async def write(cog: TableCog, table: Table, call: Callable[[], Awaitable[T]]) -> T:
    """`call()`, a write in the table's channel; when its thread has archived itself, the thread is unarchived and
    the write tried once more. Raises PlaceGone (after starting the table's end) when the place is gone."""
    try:
        return await call()
    except discord.HTTPException as error:
        if error.code != THREAD_ARCHIVED:
            if await _gone(cog, table, error):
                raise _end(cog, table, error) from error
            raise
    try:
        thread = await cog.bot.fetch_channel(table.channel_id)
        if getattr(thread, "locked", False):  # closed by a moderator: not the bot's to reopen
            raise _end(cog, table, "locked")
        await thread.edit(archived=False)
        log.info("table %s: its thread had archived itself; unarchived", table.id)
        return await call()
    except discord.HTTPException as error:
        if await _gone(cog, table, error):
            raise _end(cog, table, error) from error
        raise


async def _gone(cog: TableCog, table: Table, error: discord.HTTPException) -> bool:
    if isinstance(error, discord.NotFound):
        return error.code == UNKNOWN_CHANNEL
    if not isinstance(error, discord.Forbidden):
        return False
    if error.code == MISSING_ACCESS:
        return True
    if error.code != MISSING_PERMISSIONS:
        return False
    try:  # a permission the bot lacks (files, say) is not a lock: only a locked thread ends the table
        channel = await cog.bot.fetch_channel(table.channel_id)
    except (discord.NotFound, discord.Forbidden):
        return True
    return bool(getattr(channel, "locked", False))


def _end(cog: TableCog, table: Table, why) -> PlaceGone:
    if table.id not in cog.refresher.gone:
        log.info("table %s: its channel %s is gone (%r); the table ends", table.id, table.channel_id, why)
        cog.refresher.gone.add(table.id)  # nothing is written there again
        cog._spawn(end_table(cog, table))
    return PlaceGone(table.id)


async def end_table(cog: TableCog, table: Table) -> None:
    """Cancel the table (unless it had ended already) and tell its people by DM."""
    try:
        await cog.service.cancel(table.id, table.host_id, moderator=True)
    except TableError as error:
        log.info("table %s: not cancelled (%s)", table.id, error.code)
        return
    cog.dm_closed.pop(table.id, None)
    cog.nudges.pop(table.id, None)
    for user_id in dict.fromkeys(seat.user_id for seat in table.seats if seat.user_id is not None):
        locale = cog.locales.get(user_id, table.locale)
        text = t("table.place_gone_dm", locale, game=table.spec.name(locale), id=table.id)
        await send_dm(cog.bot, user_id, TableMessage(discord.Embed(description=text)), None)
