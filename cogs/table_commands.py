"""/table: the table in this channel (status, watch, read, log, replay, record, leave, mute, kick, cancel, pause,
resume, host)."""

from __future__ import annotations

import io
import json
import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot import pace
from bot.i18n import t
from bot.render_pool import ready
from bot.tables import Table, TableError
from cogs import pacing, records
from cogs.common import is_moderator, user_locale

log = logging.getLogger(__name__)


class TableCommands:
    """Part of `TableCog` (cogs/table.py): the /table commands."""

    table_group = app_commands.Group(
        name=_("table", key="cmd.table"),
        description=_("Manage the table in this channel", key="cmd.table.desc"),
        guild_only=True,
    )

    async def _here(self, interaction: discord.Interaction) -> Table:
        table_id = await self.service.storage.open_table_in(interaction.channel_id)
        if table_id is None:
            raise TableError("no_table_here")
        return await self.service.get(table_id)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A slash command's TableError is a refusal for the person alone, marked so that the tree's handler
        (cogs/client.py, which discord.py calls next) leaves it be; any other error goes on to that handler."""
        original = getattr(error, "original", error)
        if isinstance(original, TableError):
            interaction.extras["refused"] = True
            await self.refuse(interaction, original)

    @table_group.command(
        name=_("status", key="cmd.table.status"),
        description=_("Show this channel's table", key="cmd.table.status.desc"),
    )
    async def table_status(self, interaction: discord.Interaction) -> None:
        table = await self._here(interaction)
        locale = user_locale(interaction)
        presenter = self.presenter(table.game)
        board = (
            presenter.described(presenter.spectator(table, locale), table, None, locale)
            if table.state
            else self.lobby_message(table, locale)
        )
        board.items = []
        paced = t(
            "status.pace",
            locale,
            pace=pacing.pace_label(pace.move_seconds(table.options), locale),
            hours=pacing.hours_label(table.options.get("hours", ""), table.options.get("zone"), locale),
        )
        board.content = "\n".join(line for line in (self.jump_url(table), paced) if line)
        await interaction.response.send_message(ephemeral=True, **(await ready(board)).message_kwargs(editing=False))

    @table_group.command(
        name=_("watch", key="cmd.table.watch"),
        description=_("Watch this channel's table (only public information)", key="cmd.table.watch.desc"),
    )
    async def table_watch(self, interaction: discord.Interaction) -> None:
        table = await self._here(interaction)
        if table.state is None:
            raise TableError("not_running")
        presenter, locale = self.presenter(table.game), user_locale(interaction)
        board = presenter.described(presenter.spectator(table, locale), table, None, locale)
        board.items = []
        board.content = t("table.watching", user_locale(interaction), link=self.jump_url(table) or "")
        await interaction.response.send_message(ephemeral=True, **(await ready(board)).message_kwargs(editing=False))

    @table_group.command(
        name=_("read", key="cmd.table.read"),
        description=_("The whole board in words, for you alone (a screen reader reads it)", key="cmd.table.read.desc"),
    )
    async def table_read(self, interaction: discord.Interaction) -> None:
        """The board in plain sentences, privately: a player's from their own seat's view, anyone else's from the
        public one. It replaces the member's previous one, as My view does."""
        table = await self._here(interaction)
        if table.state is None:
            raise TableError("not_running")
        locale = user_locale(interaction)
        await self.private_reply(
            interaction, "read", self.read_message(table, table.seat_of(interaction.user.id), locale)
        )

    @table_group.command(
        name=_("log", key="cmd.table.log"), description=_("Export a finished game's record", key="cmd.table.log.desc")
    )
    @app_commands.describe(table=_("Table number (default: the last one in this channel)", key="cmd.table.log.table"))
    @app_commands.rename(table=_("table", key="cmd.table.log.table.name"))
    async def table_log(self, interaction: discord.Interaction, table: int | None = None) -> None:
        from bot.faces.text import move_list
        from bot.records import export

        table_id = table or await self.service.storage.latest_table_in(interaction.channel_id)
        if table_id is None:
            raise TableError("no_table_here")
        found = await self.service.get(table_id)
        if found.guild_id != interaction.guild_id:
            raise TableError("no_table")
        if found.status not in ("finished", "cancelled"):
            raise TableError("log_after_end")  # the record holds the seed: it would reveal the deck
        record = await export(self.service.storage, table_id)
        locale = user_locale(interaction)
        text = move_list(found, record, locale)
        files = [
            discord.File(
                io.BytesIO(json.dumps(record, ensure_ascii=False, indent=1).encode()),
                filename=f"bodoge-{table_id}.json",
            ),
            discord.File(io.BytesIO(text.encode()), filename=f"bodoge-{table_id}.txt"),
        ]
        await interaction.response.send_message(t("table.log_ready", locale, id=table_id), files=files, ephemeral=True)

    @table_group.command(
        name=_("replay", key="cmd.table.replay"),
        description=_("An animated picture of a finished game, move by move", key="cmd.table.replay.desc"),
    )
    @app_commands.describe(
        table=_("Table number (default: the last one in this channel)", key="cmd.table.replay.table"),
        post=_("Post it in this channel for everybody (default: only you see it)", key="cmd.table.replay.post"),
    )
    @app_commands.rename(
        table=_("table", key="cmd.table.replay.table.name"), post=_("post", key="cmd.table.replay.post.name")
    )
    async def table_replay(
        self, interaction: discord.Interaction, table: int | None = None, post: bool = False
    ) -> None:
        found = await records.finished_table(self, interaction, table, "replay.error.not_finished")
        await records.send_replay(self, interaction, found, post=post)

    @table_group.command(
        name=_("record", key="cmd.table.record"),
        description=_("Download your finished game's record (JSON)", key="cmd.table.record.desc"),
    )
    @app_commands.describe(
        table=_("Table number (default: the last one in this channel)", key="cmd.table.record.table")
    )
    @app_commands.rename(table=_("table", key="cmd.table.record.table.name"))
    async def table_record(self, interaction: discord.Interaction, table: int | None = None) -> None:
        found = await records.finished_table(self, interaction, table, "record.error.not_finished")
        await records.send_record(self, interaction, found)

    @table_group.command(
        name=_("leave", key="cmd.table.leave"), description=_("Leave this channel's table", key="cmd.table.leave.desc")
    )
    async def table_leave(self, interaction: discord.Interaction) -> None:
        table = await self._here(interaction)
        await self.service.leave(table.id, interaction.user.id)
        await interaction.response.send_message(t("table.left", user_locale(interaction)), ephemeral=True)

    @table_group.command(
        name=_("mute", key="cmd.table.mute"),
        description=_("No your-turn reminders from this channel's table", key="cmd.table.mute.desc"),
    )
    async def table_mute(self, interaction: discord.Interaction) -> None:
        await self.mute(interaction, True)

    @table_group.command(
        name=_("unmute", key="cmd.table.unmute"),
        description=_("Your-turn reminders from this channel's table again", key="cmd.table.unmute.desc"),
    )
    async def table_unmute(self, interaction: discord.Interaction) -> None:
        await self.mute(interaction, False)

    async def mute(self, interaction: discord.Interaction, muted: bool) -> None:
        """A player's reminders for this table alone, off or on again: kept with their own settings (so a restart
        keeps them), as the ids of the open tables they muted (a table that ended drops out at the next change)."""
        table = await self._here(interaction)
        user_id = interaction.user.id
        if table.seat_of(user_id) is None:
            raise TableError("not_player")
        storage = self.service.storage
        settings = await storage.user_settings(user_id)
        still_open = {seated.id for seated in await storage.tables_of(user_id)}
        kept = [n for n in settings.get("muted", ()) if n in still_open and n != table.id]
        settings["muted"] = [*kept, table.id] if muted else kept
        if not settings["muted"]:
            del settings["muted"]
        await storage.set_user_settings(user_id, settings)
        locale = user_locale(interaction)
        await interaction.response.send_message(
            t("table.muted" if muted else "table.unmuted", locale, game=table.spec.name(locale)), ephemeral=True
        )

    @table_group.command(
        name=_("kick", key="cmd.table.kick"),
        description=_("Remove a player (an AI takes a running seat)", key="cmd.table.kick.desc"),
    )
    @app_commands.rename(member=_("member", key="cmd.member"))
    async def table_kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        table = await self._here(interaction)
        await self.service.kick(table.id, interaction.user.id, member.id, is_moderator(interaction, table))
        await interaction.response.send_message(
            t("table.kicked", table.locale, user=member.mention), allowed_mentions=discord.AllowedMentions.none()
        )

    @table_group.command(
        name=_("cancel", key="cmd.table.cancel"),
        description=_("Cancel this channel's table", key="cmd.table.cancel.desc"),
    )
    async def table_cancel(self, interaction: discord.Interaction) -> None:
        table = await self._here(interaction)
        await self.service.cancel(table.id, interaction.user.id, is_moderator(interaction, table))
        await interaction.response.send_message(
            t("table.cancelled_by", table.locale, user=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @table_group.command(
        name=_("pause", key="cmd.table.pause"),
        description=_("Stop this table's clock (host) — no deadline runs until you resume", key="cmd.table.pause.desc"),
    )
    async def table_pause(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, True)

    @table_group.command(
        name=_("resume", key="cmd.table.resume"),
        description=_("Start this table's clock again (host)", key="cmd.table.resume.desc"),
    )
    async def table_resume(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, False)

    async def _pause(self, interaction: discord.Interaction, paused: bool) -> None:
        table = await self._here(interaction)
        await self.service.pause(table.id, interaction.user.id, paused, is_moderator(interaction, table))
        await interaction.response.send_message(
            t("table.paused_done" if paused else "table.resumed_done", user_locale(interaction)), ephemeral=True
        )

    @table_group.command(
        name=_("host", key="cmd.table.host"),
        description=_("Hand the host role to another player", key="cmd.table.host.desc"),
    )
    @app_commands.rename(member=_("member", key="cmd.member"))
    async def table_host(self, interaction: discord.Interaction, member: discord.Member) -> None:
        table = await self._here(interaction)
        await self.service.hand_over(table.id, interaction.user.id, member.id, is_moderator(interaction, table))
        await interaction.response.send_message(
            t("table.new_host", table.locale, user=member.mention), allowed_mentions=discord.AllowedMentions.none()
        )
