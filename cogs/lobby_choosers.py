"""The lobby's private choosers: the AI level and the table's settings, the host's alone."""

from __future__ import annotations

import logging

import discord

from bot import practice
from bot.i18n import has, t
from bot.tables import Table, TableError
from cogs.common import user_locale
from cogs.replies import on_private_message
from cogs.ui import TableMessage, TableSelect, ui_id

log = logging.getLogger(__name__)


AI_REMOVE = "-"  # the AI chooser's "remove an AI" (never an AI level)


def lobby_choices(table: Table, name: str) -> list | None:
    """The values the lobby offers for setting `name`: the game's, or the host's own (bot/practice.py)."""
    return table.spec.choices.get(name) if name in table.spec.options else practice.LOBBY_CHOICES.get(name)


class LobbyChoosers:
    """Part of `TableCog` (cogs/table.py): the lobby's choosers."""

    async def choose_ai_level(self, interaction: discord.Interaction, table: Table) -> None:
        if table.status != "lobby":
            raise TableError("not_in_lobby")
        if interaction.user.id != table.host_id:
            raise TableError("host_only")
        locale = user_locale(interaction)
        options = (
            []
            if len(table.seats) >= table.spec.max_players
            else [
                discord.SelectOption(
                    label=t(f"ai.level.{level}", locale),
                    value=level,
                    emoji="🤖",
                    description=t(f"ai.level.{level}.about", locale)
                    if has(f"ai.level.{level}.about", locale)
                    else None,
                )
                for level in table.spec.ai_levels
            ]
        )
        if any(seat.user_id is None for seat in table.seats):
            options.append(discord.SelectOption(label=t("lobby.ai_remove", locale), value=AI_REMOVE, emoji="➖"))
        if not options:
            raise TableError("table_full")
        select = TableSelect(
            ui_id(table.id, 0, "ai_level", select=True), options=options, placeholder=t("lobby.pick_ai_level", locale)
        )
        await interaction.response.send_message(
            view=TableMessage(discord.Embed(), items=[select]).view(), ephemeral=True
        )

    async def open_settings(self, interaction: discord.Interaction, table: Table) -> None:
        if table.status != "lobby":
            raise TableError("not_in_lobby")
        if interaction.user.id != table.host_id:
            raise TableError("host_only")
        locale = user_locale(interaction)
        options = [
            discord.SelectOption(label=self.option_label(table.game, name, locale)[:100], value=name)
            for name in [*table.spec.choices, *practice.LOBBY_CHOICES]
            if name in table.spec.options or name in practice.LOBBY_CHOICES
        ][:25]
        if not options:
            raise TableError("no_settings")
        select = TableSelect(
            ui_id(table.id, 0, "setopt", select=True), options=options, placeholder=t("lobby.pick_setting", locale)
        )
        embed = discord.Embed(description=self.settings_text(table, locale))
        await interaction.response.send_message(
            embed=embed, view=TableMessage(embed, items=[select]).view(), ephemeral=True
        )

    async def choose_option(self, interaction: discord.Interaction, table: Table, name: str) -> None:
        self._check_settings_chooser(interaction, table)
        choices = lobby_choices(table, name)
        if choices is None:
            raise TableError("bad_option")
        locale = user_locale(interaction)
        current = table.options.get(name, table.spec.options.get(name, False))
        options = [
            discord.SelectOption(
                label=self.value_label(table.game, name, value, locale)[:100], value=str(i), default=value == current
            )
            for i, value in enumerate(choices[:25])
        ]
        select = TableSelect(
            ui_id(table.id, 0, f"setval.{name}", select=True),
            options=options,
            placeholder=self.option_label(table.game, name, locale)[:100],
        )
        embed = discord.Embed(description=self.option_label(table.game, name, locale))
        await interaction.response.edit_message(embed=embed, view=TableMessage(embed, items=[select]).view())

    async def set_option(self, interaction: discord.Interaction, table: Table, name: str, index: str) -> None:
        self._check_settings_chooser(interaction, table)
        choices = lobby_choices(table, name) or []
        if not index.isdigit() or int(index) >= len(choices):
            raise TableError("bad_option")
        await self.service.set_option(table.id, interaction.user.id, name, choices[int(index)])
        locale = user_locale(interaction)
        embed = discord.Embed(description=t("lobby.setting_saved", locale) + "\n" + self.settings_text(table, locale))
        await interaction.response.edit_message(embed=embed, view=None)
        self.refresher.request(table)

    @staticmethod
    def _check_settings_chooser(interaction: discord.Interaction, table: Table) -> None:
        """The settings chooser is the host's private message: a choice from anywhere else (a forged custom_id on
        the public lobby) is refused before it can replace any message."""
        if table.status != "lobby":
            raise TableError("not_in_lobby")
        if interaction.user.id != table.host_id:
            raise TableError("host_only")
        if not on_private_message(interaction):
            raise TableError("malformed", "error.malformed_action")
