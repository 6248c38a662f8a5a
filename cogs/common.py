"""What every cog needs of an interaction: the person's language and the game list a slash command offers."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

import games
from bot.i18n import normalise


def user_locale(interaction: discord.Interaction) -> str:
    return normalise(getattr(interaction, "locale", None))


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(games.get(g).name("en"), key=f"{g}.name"), value=g) for g in games.ids()]
