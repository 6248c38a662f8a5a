"""The table cog: /play, what it keeps per table, and what it hears from the table service (`TableListener`).

It turns interactions into TableService calls and answers with messages from the game's Presenter. It decides no
rule: refusals come from the service or the engine as TableErrors with a message key. Its parts, one module each:
the messages a table shows (cogs/messages.py), its pings and DMs (notices.py), private replies (replies.py), the
press dispatcher (presses.py), the lobby's choosers (lobby_choosers.py) and /table (table_commands.py)."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import games
from bot import render_pool
from bot.i18n import normalise, t
from bot.render_pool import ready
from bot.storage import TimerRow
from bot.tables import Table, TableError, TableListener
from cogs import places
from cogs.answers import PrivateAnswers
from cogs.common import game_choices, user_locale
from cogs.lobby_choosers import LobbyChoosers
from cogs.messages import Drawing
from cogs.notices import Notices
from cogs.presenter import Presenter
from cogs.presses import Presses
from cogs.refresher import Refresher
from cogs.replies import Replies
from cogs.reposter import Reposter
from cogs.table_commands import TableCommands

log = logging.getLogger(__name__)


class TableCog(
    Drawing, Notices, Replies, Presses, LobbyChoosers, TableCommands, commands.Cog, TableListener, name="TableCog"
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service = bot.service
        self.presenters: dict[str, Presenter] = {}
        # What is kept per table here goes when the table ends or leaves the service's memory (`on_evicted`), except
        # `nudges`, kept until the turn its pings wait for is over (they are deleted then).
        self.deadlines: dict[int, float] = {}  # table id -> its deadline's due time (the clock on its board)
        self.dm_closed: dict[int, set[int]] = {}  # table id -> users whose DMs are closed
        self.refresher = Refresher(self, bot.config.edit_delay)
        self.reposter = Reposter(self, bot.config.repost_after)
        self.service.listen(self)
        self._background: set[asyncio.Task] = set()
        self.nudges: dict[int, dict[int, int]] = {}  # table -> seat -> the your-turn ping's message id
        self.reply_seconds = bot.config.reply_seconds  # how long a short private answer stays
        self.locales: dict[int, str] = {}  # member -> the language of their last press (for DMs they did not ask for)
        self.answers = PrivateAnswers(self)  # every private answer: one of a kind per member, gone in time
        self.replay_posts: dict[int, str] = {}  # table -> the link of its replay posted in its channel

    async def cog_load(self) -> None:
        self.bot.press_handler = self  # every table component's press comes here (cogs/ui.py)
        # The game list is known once every game package is registered (tests add their own).
        self.play._params["game"].choices = game_choices()
        for guild_id, settings in (await self.service.storage.all_guild_settings()).items():
            if "notify_delay" in settings:
                self.service.nudge_delays[guild_id] = settings["notify_delay"]

    async def cog_unload(self) -> None:
        if getattr(self.bot, "press_handler", None) is self:
            self.bot.press_handler = None
        self.answers.stop()
        await self.refresher.stop()

    def presenter(self, game: str) -> Presenter:
        if game not in self.presenters:
            self.presenters[game] = Presenter(self)
        return self.presenters[game]

    def register(self, presenter: Presenter) -> None:
        self.presenters[presenter.game_id] = presenter

    # --- listening to the service ----------------------------------------------------------------
    def prepare(self, table: Table, source: str) -> None:
        """A person's action is about to be committed: its picture starts drawing in the render pool while the commit
        waits on the disk (pictures are cached by content, so the answer drawn after the commit finds it there). The
        bot's own moves are left to the coalesced refresh, which draws only the last of a burst."""
        if source == "user" and table.message_id is not None and table.state is not None:
            picture = self.presenter(table.game).board_picture(table)
            if picture is not None:
                render_pool.shared().start(picture)

    def committing(self, table: Table, source: str) -> None:
        """A person's action is on its way to storage: its table message is made while the disk works (the
        refresher's `make_ahead`), so the answer after the commit waits only for the picture drawn since `prepare`."""
        if source == "user" and table.message_id is not None and table.state is not None:
            self.refresher.make_ahead(table)

    def writing(self, table: Table) -> None:
        """The table's message is being written: which channel holds it (the reposter), and its clock."""
        self.reposter.watch(table)
        self.keep_clock(table)

    def keep_clock(self, table: Table) -> None:
        """The table's clock, from its timers (a table reloaded from storage too): what its message shows."""
        deadline = table.timers.get("deadline") if table.status == "running" else None
        if deadline is None:
            self.deadlines.pop(table.id, None)
        else:
            self.deadlines[table.id] = deadline.due_at

    def on_timer(self, timer: TimerRow | None, table_id: int, kind: str) -> None:
        if kind in ("deadline", "all"):
            if timer is None:
                self.deadlines.pop(table_id, None)
            else:
                self.deadlines[table_id] = timer.due_at

    async def on_finished(self, table: Table) -> None:
        self.dm_closed.pop(table.id, None)

    def holds(self, table: Table) -> bool:
        return self.refresher.holds(table)

    def on_evicted(self, table_id: int) -> None:
        self.deadlines.pop(table_id, None)
        self.dm_closed.pop(table_id, None)
        self.replay_posts.pop(table_id, None)
        self.reposter.evicted(table_id)
        self.refresher.evicted(table_id)

    async def on_change(self, table: Table, events: list[dict]) -> None:
        self.refresher.request(table)
        if self.nudges.get(table.id):
            self._spawn(self.clear_nudges(table))
        for event in events:
            if event.get("type") == "seat_to_ai" and event.get("reason") == "absent":
                self._spawn(self.tell_absent(table, event["seat"]))
        if table.state is not None and table.last_source not in ("user", "start"):
            seats = self.presenter(table.game).private_news(table, events)
            if seats:
                self._spawn(self.deliver(table, seats))

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.guild is not None:
            await self.reposter.on_message(message)

    # --- reactions -------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        if self.bot.user is None or payload.user_id == self.bot.user.id or payload.guild_id is None:
            return
        table_id = await self.service.storage.table_by_message(payload.message_id)
        if table_id is None:
            return
        table = await self.service.get(table_id)
        if table.status != "running":
            return
        action = self.presenter(table.game).reaction_action(table, str(payload.emoji))
        if action is None:
            return
        try:
            await self.service.submit(
                table.id, payload.user_id, table.version, action, stamp_ms=int(self.service.clock() * 1000)
            )
        except TableError as error:
            log.debug("table %s: reaction refused (%s)", table.id, error.code)

    # --- slash commands --------------------------------------------------------------------------
    @app_commands.command(name=_("play", key="cmd.play"), description=_("Open a table for a game", key="cmd.play.desc"))
    @app_commands.describe(game=_("The game to play", key="cmd.play.game"))
    @app_commands.rename(game=_("game", key="cmd.play.game.name"))
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, game: str) -> None:
        """Every refusal is decided before anything is deferred: the first followup after a public "thinking"
        defer would take the defer's visibility and show an "ephemeral" refusal to the whole channel."""
        if game not in games.ids():
            return await self.refuse(interaction, "table.error.no_game")
        settings = await self.service.storage.guild_settings(interaction.guild_id)
        public_locale = settings.get("locale") or normalise(interaction.guild_locale)
        channel = interaction.channel
        existing = await self.service.storage.open_table_in(channel.id)
        if existing is not None:
            return await self.refuse(interaction, "table.error.channel_busy")
        use_thread = (
            settings.get("threads", True)
            and isinstance(channel, discord.TextChannel)
            and interaction.app_permissions.create_public_threads
            and interaction.app_permissions.send_messages_in_threads
        )
        if use_thread:
            return await self.open_in_thread(interaction, game, settings, public_locale)
        user = interaction.user
        # a TableError here (another /play took the channel a moment ago) is refused by cog_app_command_error
        table = await self.service.open(
            game,
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            host_id=user.id,
            host_name=user.display_name,
            locale=public_locale,
            options=self.default_options(game, settings),
        )
        await interaction.response.send_message(
            **(await ready(self.public_message(table))).message_kwargs(editing=False)
        )
        message = await interaction.original_response()
        await self.service.set_message(table, channel.id, message.id)

    async def open_in_thread(
        self, interaction: discord.Interaction, game: str, settings: dict, public_locale: str
    ) -> None:
        """A table in a new thread. Creating it may take longer than Discord's 3 seconds, so the answer is deferred,
        privately: what the host alone is told (the table is open, or Discord refused the thread) fills the
        deferred message, and the channel's announcement is a separate, public followup."""
        locale, user, channel = user_locale(interaction), interaction.user, interaction.channel
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            thread = await channel.create_thread(
                name=t(
                    "lobby.thread_name", public_locale, game=games.get(game).name(public_locale), user=user.display_name
                )[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=places.THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.info("/play: Discord refused a thread in channel %s (%s)", channel.id, error.code)
            return await self.refuse(interaction, "lobby.thread_failed")
        table = await self.service.open(
            game,
            guild_id=interaction.guild_id,
            channel_id=thread.id,
            host_id=user.id,
            host_name=user.display_name,
            locale=public_locale,
            options=self.default_options(game, settings),
        )
        try:
            message = await thread.send(**(await ready(self.public_message(table))).message_kwargs(editing=False))
        except discord.HTTPException as error:
            log.info("table %s: its lobby could not be posted (%s); cancelled", table.id, error.code)
            await self.service.cancel(table.id, user.id)
            return await self.refuse(interaction, "lobby.thread_failed")
        await self.service.set_message(table, thread.id, message.id)
        await interaction.followup.send(t("lobby.opened_for_you", locale, thread=thread.mention), ephemeral=True)
        await interaction.followup.send(
            t(
                "lobby.opened_in_thread",
                public_locale,
                user=user.mention,
                game=table.spec.name(public_locale),
                thread=thread.mention,
            )
        )

    @staticmethod
    def default_options(game: str, settings: dict) -> dict:
        """Guild-wide timer defaults, where the game has that option and offers that value."""
        spec = games.get(game)
        options = {}
        for name, value in settings.get("timers", {}).items():
            if name in spec.options and value in spec.choices.get(name, [value]):
                options[name] = value
        return options


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
