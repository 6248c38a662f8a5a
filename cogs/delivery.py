"""Private information by DM, with the ephemeral fallback when a user's DMs are closed.

DMs inform, never act: they carry an embed and a link back to the table, never buttons, so every action happens in
the guild (and reaches the process that owns the guild's shard)."""

from __future__ import annotations

import logging

import discord

from bot.render_pool import ready
from cogs.ui import TableMessage

log = logging.getLogger(__name__)
DMS_CLOSED = {50007, 50278}  # cannot send messages to this user / DMs not allowed


async def send_dm(client: discord.Client, user_id: int, board: TableMessage, link: str | None) -> bool:
    """DM a private board (no components). Returns False when the user's DMs are closed."""
    board.items = []
    if link:
        board.content = link
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(**(await ready(board)).message_kwargs(editing=False))
    except discord.Forbidden as error:
        if error.code in DMS_CLOSED or error.status == 403:
            return False
        raise
    except discord.HTTPException:
        log.warning("DM to a player failed", exc_info=True)
        return False
    return True
