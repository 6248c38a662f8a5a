"""/learn GAME (and the Learn button on /rules pages): a guided first game on a practice table, its coach lines and
the Hint button.

A practice table is opened like /play's (in a new public thread when the bot may create one, else in the channel)
but started at once with the member alone seated against AI seats: a private thread would need the Create Private
Threads permission the bot is not given, and a thread of its own keeps the lesson out of the channel's way while
anyone may watch, as at any table. It carries the options `practice` (never in stats), `lesson` (the AI seats play
the lesson's script while the table is on it; bot/lessons.py) and `hints`. The coach line stands on the table
message under the board (the lesson's words never name a hidden value); a hint is the member's alone."""

from __future__ import annotations

import asyncio
import logging
import unicodedata

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import games
from bot import lessons, practice
from bot.faces import coach
from bot.i18n import normalise, t
from bot.render_pool import ready
from bot.tables import Table, TableError
from cogs.common import game_choices, user_locale
from cogs.places import THREAD_ARCHIVE_MINUTES
from cogs.ui import TableButton, TableMessage, ui_id

log = logging.getLogger(__name__)
COLOUR = 0x38A169
LEARN_TEMPLATE = r"lr:(?P<game>[a-z_]{1,24})"


def decorate(board: TableMessage, table: Table, locale: str) -> None:
    """Under the board's text the coach line, else the table's marks (one line: a phone screen has no room for both);
    and Hint while hints are allowed, on the row with the most room."""
    line = coach.coach_line(table, locale)
    lines = [line] if line else coach.marks(table, locale)  # a coach line (🎓) marks the practice table itself
    if lines:
        board.embed.description = "\n".join([*filter(None, [board.embed.description]), *lines])
    if practice.hints_allowed(table.options) and table.status == "running":
        label = t("learn.hint_button", locale)
        hint = TableButton(ui_id(table.id, table.version, "hint"), label=label, emoji="💡")
        hint.item.row = roomiest_row(board.items, label)
        board.items.append(hint)


ROW_UNITS = 35  # a phone's row of buttons, 280 CSS px, in the rough widths of `roomiest_row`


def roomiest_row(items: list[discord.ui.Item], label: str, rows: int = 3) -> int:
    """The row of the first `rows` where one more button labelled `label` (with an emoji) fits a phone's width: the
    narrowest row with buttons that has room (a new row would make the message taller), else an empty row, else the
    narrowest. Rough widths: a character 1, a wide one 1.75, padding 3.5, an emoji 3.5, at least 7, a gap 1 (the
    figures of tests/phone/budget.py over 8 px); a select fills its row."""
    load: dict[int, float] = dict.fromkeys(range(rows), 0.0)
    for wrapped in items:
        inner = getattr(wrapped, "item", wrapped)
        row = inner.row or 0
        if row not in load:
            continue
        if isinstance(inner, discord.ui.Select):
            load[row] = float("inf")
            continue
        load[row] += _units(inner.label or "", bool(inner.emoji)) + (1 if load[row] else 0)
    extra = _units(label, True) + 1
    fitting = [row for row, used in load.items() if 0 < used and used + extra <= ROW_UNITS]
    empty = [row for row, used in load.items() if used == 0]
    return min(fitting, key=load.get) if fitting else (empty or [min(load, key=load.get)])[-1]


def _units(label: str, emoji: bool) -> float:
    text = sum(1.75 if unicodedata.east_asian_width(c) in "WF" else 1 for c in label)
    return max(7.0, 3.5 + text + (3.5 if emoji else 0))


async def press_hint(cog, interaction: discord.Interaction, table: Table) -> None:
    """The Hint button: the strongest AI's move from the presser's own view, to them alone."""
    locale = user_locale(interaction)
    if not practice.hints_allowed(table.options):
        return await cog.refuse(interaction, "learn.hint_off")
    seat = table.seat_of(interaction.user.id)
    if table.state is None or table.status != "running" or seat is None or seat not in table.state.to_act():
        return await cog.refuse(interaction, "learn.hint_not_yours")
    if table.seats[seat].is_ai:
        return await cog.refuse(interaction, "table.error.seat_is_ai")
    snapshot = type(table.state).from_dict(table.state.to_dict())
    await interaction.response.defer(ephemeral=True, thinking=True)
    text = await asyncio.to_thread(coach.hint_text, table, snapshot, seat, locale)
    await interaction.followup.send(embed=discord.Embed(description=text, colour=COLOUR), ephemeral=True)


class LearnButton(discord.ui.DynamicItem[discord.ui.Button], template=LEARN_TEMPLATE):
    """ "Learn" on a /rules page: the same as /learn GAME."""

    def __init__(self, custom_id: str, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(custom_id=custom_id, label=label, emoji="🎓", style=discord.ButtonStyle.success, row=0)
        )
        self.game = self.template.fullmatch(custom_id)["game"]

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("LearnCog").start_lesson(interaction, self.game)


def learn_button(game: str, locale: str) -> LearnButton:
    return LearnButton(f"lr:{game}", label=t("learn.button", locale))


class LearnCog(commands.Cog, name="LearnCog"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.learn._params["game"].choices = game_choices()
        self.bot.add_dynamic_items(LearnButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LearnButton)

    @app_commands.command(
        name=_("learn", key="cmd.learn"),
        description=_("A guided first game against the AI, with a coach", key="cmd.learn.desc"),
    )
    @app_commands.rename(game=_("game", key="cmd.play.game.name"))
    @app_commands.guild_only()
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        await self.start_lesson(interaction, game)

    async def start_lesson(self, interaction: discord.Interaction, game: str) -> None:
        """Open, seat and start the member's practice table, then post it; every refusal comes before anything
        public is sent."""
        tables = self.bot.get_cog("TableCog")
        if not lessons.available(game):
            return await tables.refuse(interaction, "learn.no_lesson")
        if interaction.guild_id is None:
            return await tables.refuse(interaction, "table.error.no_table_here")
        settings = await self.service.storage.guild_settings(interaction.guild_id)
        public_locale = settings.get("locale") or normalise(interaction.guild_locale)
        locale, user, channel = user_locale(interaction), interaction.user, interaction.channel
        use_thread = (
            settings.get("threads", True)
            and isinstance(channel, discord.TextChannel)
            and interaction.app_permissions.create_public_threads
            and interaction.app_permissions.send_messages_in_threads
        )
        if not use_thread and await self.service.storage.open_table_in(channel.id) is not None:
            return await tables.refuse(interaction, "table.error.channel_busy")
        await interaction.response.defer(ephemeral=True, thinking=True)
        where = channel
        if use_thread:
            try:
                where = await channel.create_thread(
                    name=(
                        "🎓 "
                        + t(
                            "lobby.thread_name",
                            public_locale,
                            game=games.get(game).name(public_locale),
                            user=user.display_name,
                        )
                    )[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
            except discord.HTTPException as error:
                log.info("/learn: Discord refused a thread in channel %s (%s)", channel.id, error.code)
                return await tables.refuse(interaction, "lobby.thread_failed")
        plan = lessons.lesson(game)
        try:
            table = await self.service.open(
                game,
                guild_id=interaction.guild_id,
                channel_id=where.id,
                host_id=user.id,
                host_name=user.display_name,
                locale=public_locale,
                options=coach.table_options(game),
            )
            for _seat in range(plan.players - 1):
                await self.service.add_ai(table.id, user.id, plan.ai_level)
            await self.service.start(table.id, user.id)
        except TableError as error:
            return await tables.refuse(interaction, error)
        message = await where.send(**(await ready(tables.public_message(table))).message_kwargs(editing=False))
        await self.service.set_message(table, where.id, message.id)
        text = t("learn.opened", locale, thread=where.mention) if use_thread else t("learn.opened_here", locale)
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LearnCog(bot))
