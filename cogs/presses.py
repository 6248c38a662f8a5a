"""The one dispatcher every table button and select reaches (cogs/ui.py): it reads the press, refuses what is not
its table's, hands actions to the table service and answers by editing the table message through the response."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot import codec
from bot.i18n import t
from bot.races import snowflake_time_ms
from bot.render_pool import ready
from bot.storage.faults import is_fault
from bot.tables import StorageDown, Table, TableError
from cogs import learn, records
from cogs.common import is_moderator, user_locale
from cogs.lobby_choosers import AI_REMOVE
from cogs.refresher import DroppedCopy
from cogs.replies import on_private_message
from cogs.ui import TableMessage

log = logging.getLogger(__name__)


LOBBY_ACTIONS = {"join", "leave", "ai_add", "ai_remove", "settings", "start", "cancel"}
LOCALES_KEPT = 10000  # members whose language is remembered from their presses


class Presses:
    """Part of `TableCog` (cogs/table.py): every press on a table's components."""

    async def show(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer a press that changed the table: edit the table message through the response when it was pressed
        there (one REST call), else confirm privately (a chooser becomes "Done", then goes) and let the refresher
        edit the table message as soon as the press is over (a person's move is shown at once; only the bot's own
        changes wait to be coalesced). Called under `dispatch_press`'s `refresher.answering`: a change the answer did
        not show is refreshed once the press is over."""
        on_table = interaction.message is not None and interaction.message.id == table.message_id
        try:
            if on_table:  # after any other write of this message, with the table as it is then

                async def answer(board: TableMessage) -> None:
                    if interaction.response.is_done():  # deferred while it waited
                        await interaction.edit_original_response(**board.message_kwargs(editing=True))
                    else:
                        await interaction.response.edit_message(**board.message_kwargs(editing=True))

                await self.refresher.write(table, answer, waiting=interaction.response.defer)
                return
            self.refresher.request(table, 0)  # once the press is over (`answering`): not after the coalescing delay
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
        except DroppedCopy:  # committed, but this copy was dropped since: the reloaded one is drawn when it changes
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

    async def changed_and_shown(
        self, interaction: discord.Interaction, table: Table, change: Callable[[], Awaitable[object]]
    ) -> None:
        """`change()` (a call of the table service), then its answer (`show`), the refresher told first that this
        press answers for the table: the change's refresh is not started only for the answer to make it needless."""
        with self.refresher.answering(table):
            await change()
            await self.show(interaction, table)

    async def press_action(self, interaction: discord.Interaction, table: Table, version: int, action: dict) -> None:
        with self.refresher.answering(table):
            try:
                outcome = await self.service.submit(
                    table, interaction.user.id, version, action, stamp_ms=snowflake_time_ms(interaction.id)
                )
            except TableError as error:
                refused: TableError | None = error
            else:
                refused = None
                await self.show(interaction, table)
        if refused is not None:
            await self.refuse(interaction, refused)
            if refused.code == "stale" and self.refresher.shown.get(table.id) != table.revision:
                self.refresher.request(table, 0)  # the member saw an old board: show the current one now
            return
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
            return await self.changed_and_shown(interaction, table, lambda: self.service.reclaim(table.id, user.id))
        if name == "skip":
            return await self.changed_and_shown(
                interaction, table, lambda: self.service.let_ai_move(table.id, user.id, version)
            )
        if name == "rematch":
            return await self.rematch(interaction, table)
        if name in ("replay", "replay.post"):
            return await records.send_replay(self, interaction, table, post=name == "replay.post")
        if name == "ai_level" and values:
            level = values[0]
            if level == AI_REMOVE:
                return await self.changed_and_shown(
                    interaction, table, lambda: self.service.remove_ai(table.id, user.id)
                )
            return await self.changed_and_shown(
                interaction, table, lambda: self.service.add_ai(table.id, user.id, level)
            )
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
            return await self.private_reply(interaction, "log", self.log_message(table, user_locale(interaction)))
        if name == "hint":
            return await learn.press_hint(self, interaction, table)
        if await self.presenter(table.game).on_ui(interaction, table, name, values):
            return
        await self.refuse(interaction, "error.malformed_action")

    async def press_lobby(self, interaction: discord.Interaction, table: Table, name: str) -> None:
        user, service = interaction.user, self.service
        if name == "settings":
            return await self.open_settings(interaction, table)
        if name == "ai_add" and (len(table.spec.ai_levels) > 1 or any(seat.user_id is None for seat in table.seats)):
            return await self.choose_ai_level(interaction, table)
        changes: dict[str, Callable[[], Awaitable[object]]] = {
            "join": lambda: service.join(table.id, user.id, user.display_name),
            "leave": lambda: service.leave(table.id, user.id),
            "ai_add": lambda: service.add_ai(table.id, user.id),
            "ai_remove": lambda: service.remove_ai(table.id, user.id),
            "cancel": lambda: service.cancel(table.id, user.id, is_moderator(interaction, table)),
            "start": lambda: service.start(table.id, user.id),
        }
        await self.changed_and_shown(interaction, table, changes[name])
        if name == "start":
            news = self.presenter(table.game).private_news(table, [{"type": "game_started"}])
            if news:
                self._spawn(self.deliver(table, news, interaction))

    async def rematch(self, interaction: discord.Interaction, table: Table) -> None:
        new = await self.service.rematch(table.id, interaction.user.id)
        message = await interaction.channel.send(
            **(await ready(self.public_message(new))).message_kwargs(editing=False)
        )
        await self.service.set_message(new, message.channel.id, message.id)
        await interaction.response.send_message(
            t("table.rematch_started", user_locale(interaction), link=self.jump_url(new)), ephemeral=True
        )
        news = self.presenter(new.game).private_news(new, [{"type": "game_started"}])
        if news:
            self._spawn(self.deliver(new, news, interaction))
