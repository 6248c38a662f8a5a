"""What a table tells its people beside its message: your-turn pings and DMs, private views by DM (with the
fallback when DMs are closed), and the DM when an AI took an absent person's seat."""

from __future__ import annotations

import json
import logging

import discord

from bot import describe
from bot.i18n import t
from bot.render_pool import ready
from bot.tables import Table
from cogs import places
from cogs.common import deadline_stamp, server_name, user_locale
from cogs.delivery import send_dm
from cogs.host import notify_mode
from cogs.ui import TableMessage

log = logging.getLogger(__name__)


class Notices:
    """Part of `TableCog` (cogs/table.py): its pings and DMs."""

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
    ) -> TableMessage:
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
        board = TableMessage(discord.Embed(description="\n".join(lines)))
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
        board = TableMessage(discord.Embed(description=text))
        await send_dm(self.bot, user_id, board, None)
