"""The lobby and table cog: /play, /table, lobby buttons, and the one dispatcher every table button reaches.

It turns interactions into TableService calls and answers with Boards from the game's Presenter. It decides no
rule: refusals come from the service or the engine as TableErrors with a message key."""

from __future__ import annotations

import asyncio
import io
import json
import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import games
from bot import codec, describe, pace, practice
from bot.i18n import has, normalise, t
from bot.races import snowflake_time_ms
from bot.render_pool import ready
from bot.storage import TimerRow
from bot.storage.faults import is_fault
from bot.tables import StorageDown, Table, TableError, TableListener
from cogs import learn, pacing, places, records
from cogs.answers import PrivateAnswers
from cogs.common import deadline_stamp, game_choices, message_link, server_name, user_locale
from cogs.delivery import send_dm
from cogs.host import notify_mode, option_value
from cogs.presenter import Presenter, recent_lines, seat_name
from cogs.refresher import Refresher, Retired
from cogs.reposter import Reposter
from cogs.ui import Board, TableButton, TableSelect, ui_id

log = logging.getLogger(__name__)
LOBBY_ACTIONS = {"join", "leave", "ai_add", "ai_remove", "settings", "start", "cancel"}
AI_REMOVE = "-"  # the AI chooser's "remove an AI" (never an AI level)
LOCALES_KEPT = 10000  # members whose language is remembered from their presses
LOG_LINES = 40  # the log's moves: what the table keeps in memory of its recent actions


def on_private_message(interaction: discord.Interaction) -> bool:
    """Pressed on an ephemeral message (a chooser or private view): answers may replace it."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def is_moderator(interaction: discord.Interaction, table: Table | None = None) -> bool:
    """Manage messages or the server: in the interaction's own guild only (never over another guild's table)."""
    if table is not None and table.guild_id != interaction.guild_id:
        return False
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_messages or permissions.manage_guild))


def lobby_choices(table: Table, name: str) -> list | None:
    """The values the lobby offers for setting `name`: the game's, or the host's own (bot/practice.py)."""
    return table.spec.choices.get(name) if name in table.spec.options else practice.LOBBY_CHOICES.get(name)


class TableCog(commands.Cog, TableListener, name="TableCog"):
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
        # The game list is known once every game package is registered (tests add their own).
        self.play._params["game"].choices = game_choices()
        for guild_id, settings in (await self.service.storage.all_guild_settings()).items():
            if "notify_delay" in settings:
                self.service.nudge_delays[guild_id] = settings["notify_delay"]

    async def cog_unload(self) -> None:
        self.answers.stop()
        await self.refresher.stop()

    def presenter(self, game: str) -> Presenter:
        if game not in self.presenters:
            self.presenters[game] = Presenter(self)
        return self.presenters[game]

    def register(self, presenter: Presenter) -> None:
        self.presenters[presenter.game_id] = presenter

    # --- what the table message shows ----------------------------------------------------------
    def public_board(self, table: Table, locale: str | None = None) -> Board:
        locale = locale or table.locale
        if table.status == "lobby" or table.state is None:
            return self.lobby_board(table, locale)
        self.reposter.watch(table)
        deadline = table.timers.get("deadline") if table.status == "running" else None
        if deadline is None:  # the clock comes from the table's stored timers (a table reloaded from storage too)
            self.deadlines.pop(table.id, None)
        else:
            self.deadlines[table.id] = deadline.due_at
        presenter = self.presenter(table.game)
        board = presenter.described(presenter.board(table, locale), table, None, locale)
        board.items.extend(self.host_items(table, locale))
        learn.decorate(board, table, locale)
        closed = [
            seat_name(table, table.seat_of(u), locale)
            for u in self.dm_closed.get(table.id, ())
            if table.seat_of(u) is not None
        ]
        if closed and table.status == "running":
            board.embed.set_footer(text=t("table.dms_closed", locale, names=", ".join(closed)))
        return board

    def host_items(self, table: Table, locale: str) -> list[discord.ui.Item]:
        """The bottom row every game's table has, short enough for one row on a phone beside "My view" (which a
        game's presenter adds where a seat has something private): the log; while running, "I'm back" when an AI
        stands in for someone, else more time when a deadline runs; rematch and the replay when finished."""
        v = table.version
        log_button = TableButton(ui_id(table.id, v, "log"), emoji="📜", row=2)
        if table.status == "finished":
            return [
                TableButton(
                    ui_id(table.id, v, "rematch"),
                    label=t("table.rematch", locale),
                    emoji="🔁",
                    style=discord.ButtonStyle.success,
                    row=2,
                ),
                log_button,
                TableButton(ui_id(table.id, v, "replay"), emoji="🎞️", row=2),
            ]
        if table.status != "running":
            return []
        late = pacing.overdue_seats(table)
        if late:  # a turn-based move overdue: anyone seated may let the AI make it
            names = ", ".join(seat_name(table, s, locale) for s in late)
            return [
                log_button,
                TableButton(
                    ui_id(table.id, v, "skip"), label=t("pace.skip", locale, name=names)[:40], emoji="⏭️", row=2
                ),
            ]
        if any(s.is_ai and s.user_id is not None for s in table.seats):
            return [
                log_button,
                TableButton(
                    ui_id(table.id, v, "back"),
                    label=t("table.im_back", locale),
                    emoji="🙋",
                    style=discord.ButtonStyle.success,
                    row=2,
                ),
            ]
        if table.id in self.deadlines and not pace.is_paused(table.options):
            return [
                log_button,
                TableButton(ui_id(table.id, v, "more"), label=t("table.more_time", locale), emoji="⏱️", row=2),
            ]
        return [log_button]

    def lobby_board(self, table: Table, locale: str) -> Board:
        self.reposter.watch(table)
        spec = table.spec
        embed = discord.Embed(title=t("table.title", locale, game=spec.name(locale), id=table.id), colour=0x2B6CB0)
        if table.status == "cancelled":
            embed.description = (
                t("table.cancelled", locale)
                if table.closed_idle is None
                else t("lobby.closed_idle", locale, minutes=f"{table.closed_idle:g}")
            )
            return Board(embed)
        full = len(table.seats) >= spec.max_players
        players = (
            t("lobby.players_exact", locale, count=spec.max_players)
            if spec.min_players == spec.max_players
            else t("lobby.players_range", locale, min=spec.min_players, max=spec.max_players)
        )
        embed.description = t("lobby.full", locale) if full else t("lobby.description", locale, players=players)
        seats = [
            seat_name(table, n, locale) + (" 👑" if s.user_id == table.host_id else "")
            for n, s in enumerate(table.seats)
        ]
        embed.add_field(
            name=t("table.seats", locale) + f" ({len(table.seats)}/{spec.max_players})",
            value="\n".join(seats) or "-",
            inline=True,
        )
        embed.add_field(name=t("lobby.settings", locale), value=self.settings_summary(table, locale), inline=True)
        v = 0
        has_ai = any(s.user_id is None for s in table.seats)
        items = [
            TableButton(
                ui_id(table.id, v, "join"),
                label=t("lobby.join", locale),
                style=discord.ButtonStyle.success,
                disabled=full,
            ),
            TableButton(ui_id(table.id, v, "leave"), label=t("lobby.leave", locale)),
            TableButton(
                ui_id(table.id, v, "ai_add"), label=t("lobby.ai", locale), emoji="🤖", disabled=full and not has_ai
            ),
            TableButton(ui_id(table.id, v, "settings"), label=t("lobby.settings", locale), emoji="⚙️", row=1),
            TableButton(
                ui_id(table.id, v, "start"),
                label=t("lobby.start", locale),
                style=discord.ButtonStyle.primary,
                disabled=not table.can_start(),
                row=1,
            ),
            TableButton(
                ui_id(table.id, v, "cancel"), label=t("lobby.cancel", locale), style=discord.ButtonStyle.danger, row=1
            ),
        ]
        return Board(embed, items=items)

    def option_label(self, game: str, name: str, locale: str) -> str:
        key = f"learn.option.{name}" if name in practice.LOBBY_CHOICES else f"{game}.option.{name}"
        return t(key, locale) if has(key, locale) else name

    def value_label(self, game: str, name: str, value, locale: str) -> str:
        return option_value(game, name, value, locale)

    def settings_summary(self, table: Table, locale: str) -> str:
        """The lobby's settings in short: those the host changed from the game's defaults (all of them are one press
        away, under Settings)."""
        spec = table.spec
        changed = [
            (name, value)
            for name, value in table.options.items()
            if name in spec.options and name != "stacked" and value != spec.options[name]
        ]
        changed += [(name, True) for name in practice.LOBBY_CHOICES if table.options.get(name) is True]
        changed += [(name, table.options[name]) for name in ("pace", "hours") if table.options.get(name)]
        lines = [
            f"{self.option_label(table.game, name, locale)}: **{self.value_label(table.game, name, value, locale)}**"
            for name, value in changed
        ]
        return "\n".join(lines)[:1024] or t("lobby.defaults", locale)

    def settings_text(self, table: Table, locale: str) -> str:
        spec = table.spec
        lines = []
        for name, default in {
            **spec.options,
            **{name: values[0] for name, values in practice.LOBBY_CHOICES.items()},
        }.items():
            if name == "stacked":
                continue
            value = table.options.get(name, default)
            shown = self.value_label(table.game, name, value, locale)
            lines.append(f"{self.option_label(table.game, name, locale)}: **{shown}**")
        return "\n".join(lines)[:1024] or "-"

    # --- listening to the service ----------------------------------------------------------------
    def prepare(self, table: Table, source: str) -> None:
        self.refresher.prepare(table, source)

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

    # --- "your turn" ---------------------------------------------------------------------------
    async def on_your_turn(self, table: Table, seats: list[int], half: bool = False) -> None:
        """Persons who have not acted within the delay: a ping in the table's channel that mentions only them
        (deleted once they act), or a DM with the deadline and a link to the table, as each chose with /notify (a DM
        at a turn-based table unless they chose), never for a table they muted (/table mute). `half`: half the time
        for this move has passed, said in its own words (the channel's ping replaces the first one)."""
        game = table.spec.name(table.locale)
        deadline = deadline_stamp(table.timers.get("deadline"))
        for seat in seats:
            user_id = table.seats[seat].user_id
            settings = await self.service.storage.user_settings(user_id)
            if table.id in settings.get("muted", ()):
                continue
            mode = notify_mode(settings, table)
            if mode == "dm":
                words = seat if settings.get("board_text") else None  # the board in words, as they chose (/notify)
                await send_dm(self.bot, user_id, self.your_turn_dm(table, game, deadline, half, words), None)
            elif mode == "channel":
                text = t("notify.your_turn", table.locale, user=f"<@{user_id}>", game=game)
                if half:  # the board above shows the clock; the half-time ping is about it
                    text = t("notify.half_time", table.locale, user=f"<@{user_id}>", game=game)
                    if deadline is not None:
                        text += "\n" + t("notify.deadline", table.locale, time=deadline)
                channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
                try:
                    message = await places.write(
                        self,
                        table,
                        lambda: channel.send(
                            text,
                            allowed_mentions=discord.AllowedMentions(
                                users=[discord.Object(user_id)], everyone=False, roles=False, replied_user=False
                            ),
                        ),
                    )
                except places.PlaceGone:
                    return
                except discord.HTTPException:
                    log.warning("table %s: the your-turn message failed", table.id, exc_info=True)
                    continue
                earlier = self.nudges.setdefault(table.id, {}).get(seat)
                self.nudges[table.id][seat] = message.id
                if earlier is not None:  # one ping per person under the table: the half-time one replaces the first
                    self._spawn(self._delete_ping(table, earlier))

    def your_turn_dm(
        self, table: Table, game: str, deadline: str | None, half: bool, words: int | None = None
    ) -> Board:
        """The your-turn DM: the game and its server, the deadline when a clock runs, and the link to the table;
        with `words` (a seat), that seat's whole board in plain sentences after it (/notify board_text), in the
        table's language like the rest of the DM."""
        locale = table.locale
        server = server_name(self.bot, table.guild_id, locale)
        link = self.jump_url(table) or ""
        key = "notify.half_time_dm" if half else "notify.your_turn_dm"
        lines = [t(key, locale, game=game, server=server, link=link)]
        if deadline is not None:
            lines.append(t("notify.deadline", locale, time=deadline))
        board = Board(discord.Embed(description="\n".join(lines)))
        if words is not None and table.state is not None:
            text = "\n".join(
                [t("describe.your_turn_board", locale), self.presenter(table.game).read_text(table, words, locale)]
            )
            parts = describe.pages(text, describe.EMBED_LIMIT, 2)
            board.extra_embeds = [discord.Embed(description=part) for part in parts]
        return board

    async def _delete_ping(self, table: Table, message_id: int) -> None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await places.write(self, table, channel.get_partial_message(message_id).delete)
        except places.PlaceGone:
            return
        except discord.HTTPException:
            log.info("table %s: a your-turn message was already gone", table.id)

    async def clear_nudges(self, table: Table) -> None:
        """Delete the pings of seats whose turn is over (they acted, or the table moved on or ended): a ping stays
        only while the service's reminder still counts its seat as told on the current turn."""
        pings = self.nudges.get(table.id, {})
        reminder = table.timers.get("nudge") if table.status == "running" else None
        told = json.loads(reminder.detail).get("told", []) if reminder is not None else []
        for seat, message_id in list(pings.items()):
            if str(seat) in told:
                continue
            pings.pop(seat, None)
            await self._delete_ping(table, message_id)
        if not pings:
            self.nudges.pop(table.id, None)

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def deliver(self, table: Table, seats: list[int], interaction: discord.Interaction | None = None) -> None:
        """DM each seat's private view; when DMs are closed, answer the presser ephemerally and note it publicly."""
        presenter = self.presenter(table.game)
        for seat in seats:
            entry = table.seats[seat]
            if entry.user_id is None or entry.is_ai:
                continue
            locale = table.locale
            board = presenter.described(presenter.private(table, seat, locale), table, seat, locale)
            link = self.jump_url(table)
            if await send_dm(
                self.bot,
                entry.user_id,
                board,
                t("table.dm_link", locale, link=link, move=table.version) if link else None,
            ):
                continue
            closed = self.dm_closed.setdefault(table.id, set())
            if entry.user_id not in closed:
                closed.add(entry.user_id)
                table.revision += 1  # the public board now notes it
                self.refresher.request(table)
            if interaction is not None and interaction.user.id == entry.user_id:
                private = presenter.described(
                    presenter.private(table, seat, user_locale(interaction)), table, seat, user_locale(interaction)
                )
                message = await interaction.followup.send(
                    ephemeral=True, wait=True, **(await ready(private)).message_kwargs(editing=False)
                )
                self.answers.keep(interaction, "view", message.delete)  # it is their "My view"

    async def tell_absent(self, table: Table, seat: int) -> None:
        user_id = table.seats[seat].user_id
        if user_id is None:
            return
        text = t(
            "table.absent_dm",
            table.locale,
            game=table.spec.name(table.locale),
            link=self.jump_url(table) or "",
            count=self.service.afk_limit,
        )
        board = Board(discord.Embed(description=text))
        await send_dm(self.bot, user_id, board, None)

    def log_board(self, table: Table, locale: str) -> Board:
        """The moves so far (the newest last), which the table message leaves out: one press away."""
        lines = recent_lines(table, locale, LOG_LINES)
        text = "\n".join(lines) or t("table.log_empty", locale)
        while len(text) > 4000:
            text = text.split("\n", 1)[-1]
        embed = discord.Embed(
            title=t("table.log_title", locale, game=table.spec.name(locale), id=table.id),
            description=text,
            colour=0x2B6CB0,
        )
        return Board(embed)

    @staticmethod
    def jump_url(table: Table) -> str | None:
        return message_link(table.guild_id, table.channel_id, table.message_id)

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

    async def private_reply(self, interaction: discord.Interaction, kind: str, board: Board) -> None:
        """A private answer that replaces the member's previous one of the same kind at this table ("My view",
        the log): one message at a time under the board, however often it is asked for."""
        await interaction.response.send_message(ephemeral=True, **(await ready(board)).message_kwargs(editing=False))
        self.answers.keep(interaction, kind)

    async def show(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer a press that changed the table: edit the table message through the response when it was pressed
        there (one REST call), else confirm privately (a chooser becomes "Done", then goes) and let the refresher
        edit the table message."""
        on_table = interaction.message is not None and interaction.message.id == table.message_id
        try:
            if on_table:  # after any other write of this message, with the table as it is then

                async def answer(board: Board) -> None:
                    if interaction.response.is_done():  # deferred while it waited
                        await interaction.edit_original_response(**board.message_kwargs(editing=True))
                    else:
                        await interaction.response.edit_message(**board.message_kwargs(editing=True))

                await self.refresher.write(table, answer, waiting=interaction.response.defer)
                return
            done = t("table.done", user_locale(interaction))
            if on_private_message(interaction):
                await interaction.response.edit_message(content=done, embed=None, view=None, attachments=[])
            else:  # an older table message (moved to the bottom, or a rematch's): never rewrite it
                await interaction.response.send_message(done, ephemeral=True)
            self.answers.keep(interaction, "done")
        except discord.HTTPException as error:
            # The move is committed; only the answer was lost (e.g. 10062 after a slow press): the bot's own
            # coalesced edit shows it instead.
            log.info("table %s: answer failed (%s); the board will be edited instead", table.id, error.code)
        self.refresher.request(table)

    # --- the dispatcher --------------------------------------------------------------------------
    async def on_press(
        self, interaction: discord.Interaction, table_id: int, version: int, what: str, values: list[str] | None
    ) -> None:
        self.locales.pop(interaction.user.id, None)
        self.locales[interaction.user.id] = user_locale(interaction)  # the newest last: the oldest forgotten first
        while len(self.locales) > LOCALES_KEPT:
            self.locales.pop(next(iter(self.locales)))
        try:
            await self.dispatch_press(interaction, table_id, version, what, values)
            self.answers.after_press(interaction, what)  # a private answer it gave goes in time, or is replaced
        except Retired:  # committed, but this copy was dropped since: the reloaded one is drawn when it changes
            if not interaction.response.is_done():
                await interaction.response.defer()
        except Exception as error:
            if not is_fault(error):
                raise
            await self.refuse(interaction, StorageDown())  # storage's health logs the fault once

    async def dispatch_press(
        self, interaction: discord.Interaction, table_id: int, version: int, what: str, values: list[str] | None
    ) -> None:
        try:
            table = await self.service.get(table_id)
        except TableError as error:
            return await self.refuse(interaction, error)
        # custom_ids come from the client: a press counts only where its table is (guild, channel or thread)
        if interaction.guild_id != table.guild_id or interaction.channel_id != table.channel_id:
            log.info(
                "table %s: a press from guild %s, channel %s refused",
                table.id,
                interaction.guild_id,
                interaction.channel_id,
            )
            return await self.refuse(interaction, "table.error.wrong_table")
        try:
            if what.startswith("a."):
                return await self.press_action(interaction, table, version, codec.decode(what[2:]))
            if what.startswith("u.act") and values:
                return await self.press_action(interaction, table, version, codec.decode(values[0]))
            if what.startswith("u."):
                return await self.press_ui(interaction, table, version, what[2:], values)
        except codec.BadCode:
            pass
        except TableError as error:
            return await self.refuse(interaction, error)
        await self.refuse(interaction, "error.malformed_action")

    async def press_action(self, interaction: discord.Interaction, table: Table, version: int, action: dict) -> None:
        try:
            outcome = await self.service.submit(
                table.id, interaction.user.id, version, action, stamp_ms=snowflake_time_ms(interaction.id)
            )
        except TableError as error:
            if error.code == "stale":
                await self.refuse(interaction, error)
                if self.refresher.shown.get(table.id) != table.revision:
                    self.refresher.request(table, 0)  # the member saw an old board: show the current one now
                return
            return await self.refuse(interaction, error)
        await self.show(interaction, table)
        news = self.presenter(table.game).private_news(table, outcome.events)
        if news:
            self._spawn(self.deliver(table, news, interaction))

    async def press_ui(
        self, interaction: discord.Interaction, table: Table, version: int, name: str, values: list[str] | None
    ) -> None:
        user = interaction.user
        if name in LOBBY_ACTIONS:
            return await self.press_lobby(interaction, table, name)
        if name == "setopt" and values:
            return await self.choose_option(interaction, table, values[0])
        if name.startswith("setval.") and values:
            return await self.set_option(interaction, table, name.removeprefix("setval."), values[0])
        if name == "more":
            due = await self.service.more_time(table.id, user.id)
            await interaction.response.send_message(
                t("table.more_time_given", user_locale(interaction), when=f"<t:{int(due)}:R>"), ephemeral=True
            )
            return
        if name == "back":
            await self.service.reclaim(table.id, user.id)
            return await self.show(interaction, table)
        if name == "skip":
            await self.service.let_ai_move(table.id, user.id, version)
            return await self.show(interaction, table)
        if name == "rematch":
            return await self.rematch(interaction, table)
        if name in ("replay", "replay.post"):
            return await records.send_replay(self, interaction, table, post=name == "replay.post")
        if name == "ai_level" and values:
            if values[0] == AI_REMOVE:
                await self.service.remove_ai(table.id, user.id)
            else:
                await self.service.add_ai(table.id, user.id, values[0])
            return await self.show(interaction, table)
        if name == "view":
            seat = table.seat_of(user.id)
            if table.state is None:
                return await self.refuse(interaction, "table.error.not_running")
            presenter = self.presenter(table.game)
            locale = user_locale(interaction)
            board = presenter.described(
                presenter.private(table, seat, locale) if seat is not None else presenter.spectator(table, locale),
                table,
                seat,
                locale,
            )
            return await self.private_reply(interaction, "view", board)
        if name == "log":
            return await self.private_reply(interaction, "log", self.log_board(table, user_locale(interaction)))
        if name == "hint":
            return await learn.press_hint(self, interaction, table)
        if await self.presenter(table.game).on_ui(interaction, table, name, values):
            return
        await self.refuse(interaction, "error.malformed_action")

    async def press_lobby(self, interaction: discord.Interaction, table: Table, name: str) -> None:
        user = interaction.user
        if name == "join":
            await self.service.join(table.id, user.id, user.display_name)
        elif name == "leave":
            await self.service.leave(table.id, user.id)
        elif name == "ai_add":
            if len(table.spec.ai_levels) > 1 or any(seat.user_id is None for seat in table.seats):
                return await self.choose_ai_level(interaction, table)
            await self.service.add_ai(table.id, user.id)
        elif name == "ai_remove":
            await self.service.remove_ai(table.id, user.id)
        elif name == "cancel":
            await self.service.cancel(table.id, user.id, is_moderator(interaction, table))
        elif name == "settings":
            return await self.open_settings(interaction, table)
        elif name == "start":
            await self.service.start(table.id, user.id)
            await self.show(interaction, table)
            news = self.presenter(table.game).private_news(table, [{"type": "game_started"}])
            if news:
                self._spawn(self.deliver(table, news, interaction))
            return
        await self.show(interaction, table)

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
        await interaction.response.send_message(view=Board(discord.Embed(), items=[select]).view(), ephemeral=True)

    async def rematch(self, interaction: discord.Interaction, table: Table) -> None:
        new = await self.service.rematch(table.id, interaction.user.id)
        message = await interaction.channel.send(**(await ready(self.public_board(new))).message_kwargs(editing=False))
        await self.service.set_message(new, message.channel.id, message.id)
        await interaction.response.send_message(
            t("table.rematch_started", user_locale(interaction), link=self.jump_url(new)), ephemeral=True
        )
        news = self.presenter(new.game).private_news(new, [{"type": "game_started"}])
        if news:
            self._spawn(self.deliver(new, news, interaction))

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
        await interaction.response.send_message(embed=embed, view=Board(embed, items=[select]).view(), ephemeral=True)

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
        await interaction.response.edit_message(embed=embed, view=Board(embed, items=[select]).view())

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
        await interaction.response.send_message(**(await ready(self.public_board(table))).message_kwargs(editing=False))
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
            message = await thread.send(**(await ready(self.public_board(table))).message_kwargs(editing=False))
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
            else self.lobby_board(table, locale)
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
            interaction, "read", self.read_board(table, table.seat_of(interaction.user.id), locale)
        )

    def read_board(self, table: Table, seat: int | None, locale: str) -> Board:
        """The whole board in words for `seat`'s reader (None: a spectator), in one embed or two (4,096 characters
        each): no picture, no box drawing, every sentence on its own line."""
        who = (
            t("describe.read_spectator", locale)
            if seat is None
            else t("describe.read_seat", locale, name=seat_name(table, seat, locale))
        )
        text = "\n".join([who, self.presenter(table.game).read_text(table, seat, locale)])
        parts = describe.pages(text, describe.EMBED_LIMIT, 2)
        title = t("describe.read_title", locale, game=table.spec.name(locale), id=table.id)
        board = Board(discord.Embed(title=title, description=parts[0], colour=0x2B6CB0))
        board.extra_embeds = [discord.Embed(description=part, colour=0x2B6CB0) for part in parts[1:]]
        return board

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


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
