"""The messages a table shows: its public message (the lobby, or the game's board with the host's bottom row),
the log, and the whole board in words. Drawing them changes nothing."""

from __future__ import annotations

import logging

import discord

from bot import describe, pace, practice
from bot.i18n import has, t
from bot.tables import Table
from cogs import learn, pacing
from cogs.common import message_link
from cogs.host import option_value
from cogs.presenter import recent_lines, seat_name
from cogs.ui import TableButton, TableMessage, ui_id

log = logging.getLogger(__name__)


LOG_LINES = 40  # the log's moves: what the table keeps in memory of its recent actions


class Drawing:
    """Part of `TableCog` (cogs/table.py): drawing its messages."""

    # --- what the table message shows ----------------------------------------------------------
    def public_message(self, table: Table, locale: str | None = None) -> TableMessage:
        """The table message: the lobby, or the game's board with the bottom row. Drawing it changes nothing: what
        the cog keeps of a table it shows is noted where the message is written (`TableCog.writing`)."""
        locale = locale or table.locale
        if table.status == "lobby" or table.state is None:
            return self.lobby_message(table, locale)
        presenter = self.presenter(table.game)
        board = presenter.described(presenter.public(table, locale), table, None, locale)
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

    def lobby_message(self, table: Table, locale: str) -> TableMessage:
        spec = table.spec
        embed = discord.Embed(title=t("table.title", locale, game=spec.name(locale), id=table.id), colour=0x2B6CB0)
        if table.status == "cancelled":
            embed.description = (
                t("table.cancelled", locale)
                if table.closed_idle is None
                else t("lobby.closed_idle", locale, minutes=f"{table.closed_idle:g}")
            )
            return TableMessage(embed)
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
        return TableMessage(embed, items=items)

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

    def log_message(self, table: Table, locale: str) -> TableMessage:
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
        return TableMessage(embed)

    @staticmethod
    def jump_url(table: Table) -> str | None:
        return message_link(table.guild_id, table.channel_id, table.message_id)

    def read_message(self, table: Table, seat: int | None, locale: str) -> TableMessage:
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
        board = TableMessage(discord.Embed(title=title, description=parts[0], colour=0x2B6CB0))
        board.extra_embeds = [discord.Embed(description=part, colour=0x2B6CB0) for part in parts[1:]]
        return board
