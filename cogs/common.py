"""What every cog needs of an interaction: the person's language and the game list a slash command offers; and of a
table out of its channel (a DM, the /tables list): the link to its message, its server's name, its deadline."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

import games
from bot.i18n import normalise, t
from bot.storage import TimerRow
from bot.tables import Table, shown_deadline
from cogs.pacing import stamp


def is_moderator(interaction: discord.Interaction, table: Table | None = None) -> bool:
    """Manage messages or the server: in the interaction's own guild only (never over another guild's table)."""
    if table is not None and table.guild_id != interaction.guild_id:
        return False
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_messages or permissions.manage_guild))


def user_locale(interaction: discord.Interaction) -> str:
    return normalise(getattr(interaction, "locale", None))


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(games.get(g).name("en"), key=f"{g}.name"), value=g) for g in games.ids()]


def message_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    """The link that opens a table's message (None before it is posted)."""
    if message_id is None:
        return None
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def server_name(client: discord.Client, guild_id: int | None, locale: str) -> str:
    """A guild's name from the client's cache (never stored: it changes), or words for one the bot cannot see."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    return guild.name if guild is not None else t("mytables.unknown_server", locale)


def deadline_stamp(timer: TimerRow | None) -> str | None:
    """A table's deadline as a Discord timestamp every reader sees in their own time ("in 3 hours")."""
    due = shown_deadline(timer)
    return None if due is None else stamp(due)
