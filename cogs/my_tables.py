"""/tables: every open table (lobby or running) a member sits at, in every server the bot shares with them, those
waiting for them first: the game, its server and channel, whose turn it is, the deadline and a link to the table
message. It works in a DM with the bot too. It shows only what anyone watching the table message sees."""

from __future__ import annotations

import math
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.faces.text import seat_name
from bot.i18n import t
from bot.storage import SeatedTable
from bot.tables import OPEN, Table, shown_deadline
from cogs.common import deadline_stamp, message_link, server_name, user_locale

LISTED = 10  # rows shown: one phone screen; the rest are counted
LOOKED_AT = 25  # tables read to know whose turn it is (the most recently changed); older ones are only counted


@dataclass
class Row:
    waiting: bool  # the member's turn
    due: float | None  # the deadline shown (epoch seconds)
    order: int  # the most recently changed first
    text: str


class MyTablesCog(commands.Cog, name="MyTablesCog"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service = bot.service
        self.listed = LISTED

    @app_commands.command(
        name=_("tables", key="cmd.tables"),
        description=_("Every table you sit at, those waiting for you first", key="cmd.tables.desc"),
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def tables(self, interaction: discord.Interaction) -> None:
        """Private in a server (ephemeral); in the member's DM with the bot, a plain reply nobody else sees anyway."""
        locale = user_locale(interaction)
        user_id = interaction.user.id
        storage = self.service.storage
        seated = await storage.tables_of(user_id)
        muted = set((await storage.user_settings(user_id)).get("muted", ()))
        rows: list[Row] = []
        for order, found in enumerate(seated[:LOOKED_AT]):
            table = await self.service.peek(found.id)  # never kept: it may be another process's table
            if table is not None and table.status in OPEN:
                rows.append(self.row(found, table, user_id, found.id in muted, locale, order))
        rows.sort(key=lambda row: (not row.waiting, row.due if row.waiting and row.due else math.inf, row.order))
        more = len(rows) - self.listed + len(seated[LOOKED_AT:])
        embed = discord.Embed(
            title=t("mytables.title", locale),
            description="\n\n".join(row.text for row in rows[: self.listed]) or t("mytables.none", locale),
            colour=0x2B6CB0,
        )
        if more > 0:
            embed.set_footer(text=t("mytables.more", locale, count=more))
        await interaction.response.send_message(embed=embed, ephemeral=not interaction.context.dm_channel)

    def row(self, found: SeatedTable, table: Table, user_id: int, muted: bool, locale: str, order: int) -> Row:
        """Two lines: the game and where it is; whose turn, the deadline and the link."""
        seat = table.seat_of(user_id)
        waiting = False
        if table.status == "lobby" or table.state is None:
            turn = t("mytables.lobby", locale, seats=len(table.seats), max=table.spec.max_players)
        else:
            acting = [s for s in table.state.to_act() if 0 <= s < len(table.seats)]
            waiting = seat in acting and not table.seats[seat].is_ai
            if waiting:
                turn = t("mytables.your_turn", locale)
            elif acting:
                turn = t("mytables.turn_of", locale, names=", ".join(seat_name(table, s, locale) for s in acting))
            else:
                turn = t("mytables.playing", locale)
        parts = [turn]
        stamp = deadline_stamp(found.deadline) if table.status == "running" else None
        if stamp is not None:
            parts.append(t("mytables.deadline", locale, time=stamp))
        link = message_link(found.guild_id, found.channel_id, found.message_id)
        if link is not None:
            parts.append(f"[{t('mytables.open', locale)}]({link})")
        heading = t(
            "mytables.where",
            locale,
            game=table.spec.name(locale),
            server=discord.utils.escape_markdown(server_name(self.bot, found.guild_id, locale)),
            channel=self.channel_name(found),
        )
        marks = ("⏰ " if waiting else "") + heading + (" 🔕" if muted else "")
        return Row(waiting, shown_deadline(found.deadline), order, marks + "\n" + " · ".join(parts))

    def channel_name(self, found: SeatedTable) -> str:
        guild = self.bot.get_guild(found.guild_id) if found.guild_id is not None else None
        channel = guild.get_channel_or_thread(found.channel_id) if guild is not None else None
        return f"#{discord.utils.escape_markdown(channel.name)}" if channel is not None else f"<#{found.channel_id}>"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MyTablesCog(bot))
