"""Private replies to a press or a command: refusals, and answers that replace the member's previous one of their
kind (cogs/answers.py)."""

from __future__ import annotations

import logging

import discord

from bot.i18n import t
from bot.render_pool import ready
from bot.tables import TableError
from cogs.common import user_locale
from cogs.ui import TableMessage

log = logging.getLogger(__name__)


def on_private_message(interaction: discord.Interaction) -> bool:
    """Pressed on an ephemeral message (a chooser or private view): answers may replace it."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


class Replies:
    """Part of `TableCog` (cogs/table.py): its private replies."""

    # --- replies -------------------------------------------------------------------------------
    async def refuse(self, interaction: discord.Interaction, error: TableError | str, **params) -> None:
        """Tell the person alone, in a reply that replaces their previous refusal and goes away by itself
        (`reply_seconds`), or that replaces the private chooser it was pressed on, so refusals never pile up under
        the table. After a response, the refusal is a
        followup: that is private only when the response was not a "thinking" defer, or a private one (the first
        followup after a defer keeps the defer's visibility), so a handler decides what it may refuse before it
        defers publicly."""
        key = error.key if isinstance(error, TableError) else error
        params = {**(error.params if isinstance(error, TableError) else {}), **params}
        text = t(key, user_locale(interaction), **params)
        if interaction.response.is_done():
            message = await interaction.followup.send(text, ephemeral=True, wait=True)
            self.answers.keep(interaction, "refusal", message.delete)
        elif on_private_message(interaction):
            await interaction.response.edit_message(content=text, embed=None, view=None, attachments=[])
            self.answers.keep(interaction, "refusal")
        else:
            await interaction.response.send_message(text, ephemeral=True)
            self.answers.keep(interaction, "refusal")

    async def private_reply(self, interaction: discord.Interaction, kind: str, board: TableMessage) -> None:
        """A private answer that replaces the member's previous one of the same kind at this table ("My view",
        the log): one message at a time under the board, however often it is asked for."""
        await interaction.response.send_message(ephemeral=True, **(await ready(board)).message_kwargs(editing=False))
        self.answers.keep(interaction, kind)
