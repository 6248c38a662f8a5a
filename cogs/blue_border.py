"""Blue Border's table: the board image, the turn / call-window / reward buttons, the 🚨 reaction, the chart.

It presents the engine's public view and sends the engine's own actions; the rules stay in games/blue_border."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot import codec
from bot.faces.blue_border.image import draw_board, draw_chart
from bot.i18n import normalise, t
from bot.render_pool import Picture, ready
from bot.tables import Table, TableError
from cogs.presenter import Presenter, format_event, last_events, presents, seat_name
from cogs.ui import TableButton, TableMessage, TableSelect, action_id, ui_id

GAME = "blue_border"
CALL_EMOJI = "🚨"
QUIET = ("call_window_opened", "declined")  # events the status line already tells


def _label(action: dict, locale: str) -> str:
    kind = action["type"]
    if kind in ("take", "reward"):
        key = f"{GAME}.action.{kind}.{action['source']}"
    elif kind == "pass":
        key = f"{GAME}.action.pass.pile"
    else:
        key = f"{GAME}.action.{kind}"
    pile = action.get("pile")
    return t(key, locale, pile_number=pile + 1 if pile is not None else "", card=action.get("card", ""))[:80]


def _button_label(action: dict, locale: str) -> str:
    """A take button's label, short enough for five in a row on a phone: the deck's word, or the pile's number as
    the picture draws it."""
    if action["source"] == "deck":
        return t(f"{GAME}.button.deck", locale)
    return str(action["pile"] + 1)


@presents
class BlueBorderPresenter(Presenter):
    game_id = GAME

    def public(self, table: Table, locale: str) -> TableMessage:
        """One phone screen: the picture carries the state (divers, slots, field, discard, rules, round, result);
        the text says whose turn it is and what just happened, in a line or two."""
        view = table.public_view()
        lines = [] if view["finished"] else [self.phase_line(table, view, locale), *self.recent(table, locale)]
        embed = self.framed(table, locale, 0x1E4E8C, lines)
        items = [] if table.state.finished else self.buttons(table, locale)
        return TableMessage(
            embed, image=Picture(draw_board, (view, normalise(locale))), image_name="blue_border.png", items=items
        )

    def phase_line(self, table: Table, view: dict, locale: str) -> str:
        """Whose turn it is and what to do now."""
        phase = view["phase"]
        if phase == "turn":
            return t(f"{GAME}.line.turn", locale, seat=seat_name(table, view["active_seat"], locale))
        if phase == "call_window":
            placement = view["placement"]
            return t(
                f"{GAME}.line.call_window",
                locale,
                seat=seat_name(table, placement["seat"], locale),
                slot=placement["slot"],
                emoji=CALL_EMOJI,
            )
        return t(f"{GAME}.line.reward", locale, seat=seat_name(table, view["caller_seat"], locale))

    def recent(self, table: Table, locale: str) -> list[str]:
        """The last event worth a line (a window's opening and each "no call" are the status line's news; what a call
        revealed stays on the picture: face up on the board, or in the discard)."""
        return [format_event(table, event, locale) for event in last_events(table, 1, QUIET)]

    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        """Rows 0-1: the four piles to take from, then the deck and pass; or the call and "no call"; or the
        reward's select. The colour chart's button (emoji only) joins the shared bottom row."""
        state, v = table.state, table.version
        view = table.public_view()
        items: list[discord.ui.Item] = []
        if view["phase"] == "turn":
            legal = state.legal_actions(view["active_seat"])
            for action in legal:
                if action["type"] == "take":  # four piles fill a phone's row: the deck goes beside "pass"
                    items.append(
                        TableButton(
                            action_id(table.id, v, action),
                            label=_button_label(action, locale),
                            style=discord.ButtonStyle.primary,
                            row=1 if action["source"] == "deck" else 0,
                        )
                    )
            if any(a["type"] == "pass" for a in legal):
                items.append(TableButton(ui_id(table.id, v, "pass"), label=t(f"{GAME}.button.pass", locale), row=1))
        elif view["phase"] == "call_window":
            items.append(
                TableButton(
                    action_id(table.id, v, {"type": "call"}),
                    label=t(f"{GAME}.action.call", locale),
                    emoji=CALL_EMOJI,
                    style=discord.ButtonStyle.danger,
                    row=0,
                )
            )
            items.append(
                TableButton(
                    action_id(table.id, v, {"type": "no_call"}), label=t(f"{GAME}.action.no_call", locale), row=0
                )
            )
        elif view["phase"] == "reward":
            legal = state.legal_actions(view["caller_seat"])
            options = [discord.SelectOption(label=_label(a, locale), value=codec.encode(a)) for a in legal][:25]
            items.append(
                TableSelect(
                    ui_id(table.id, v, "act", select=True),
                    options=options,
                    placeholder=t(f"{GAME}.action.reward", locale),
                    row=0,
                )
            )
        if view["chart"]:
            items.append(TableButton(ui_id(table.id, v, "chart"), emoji="🎨", row=2))
        return items

    def private(self, table: Table, seat: int, locale: str) -> TableMessage:
        """Nobody sees their own numbers: nothing is private. One line says so; the picture is the diver's own row
        beside the colour chart (to hold their shades against), not the public board again."""
        embed = self.header(table, locale)
        embed.description = t(f"{GAME}.private_note", locale)
        return TableMessage(
            embed, image=Picture(draw_board, (table.state.view(seat), normalise(locale))), image_name="blue_border.png"
        )

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        locale = str(interaction.locale)
        if name == "chart":
            view = table.public_view() if table.state else None
            if not view or not view["chart"]:
                raise TableError("no_chart", f"{GAME}.error.no_chart")
            embed = discord.Embed(title=t(f"{GAME}.action.chart", locale))
            board = TableMessage(embed, image=Picture(draw_chart, (view["chart"],)), image_name="chart.png")
            self.described(board, table, None, locale, lead=[embed.title])  # the chart is public
            await interaction.response.send_message(
                ephemeral=True, **(await ready(board)).message_kwargs(editing=False)
            )
            return True
        if name == "pass":
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise TableError("not_player")
            legal = [a for a in table.state.legal_actions(seat) if a["type"] == "pass"]
            if not legal:
                raise TableError("not_your_turn", "error.not_your_turn")
            # the piles' numbers, as the picture and the take buttons show them: four fit a phone's row
            items = [TableButton(action_id(table.id, table.version, a), label=str(a["pile"] + 1)) for a in legal]
            embed = discord.Embed(description=t(f"{GAME}.pass_prompt", locale))
            await interaction.response.send_message(
                embed=embed, view=TableMessage(embed, items=items).view(), ephemeral=True
            )
            return True
        return False

    def reaction_action(self, table: Table, emoji: str) -> dict | None:
        return {"type": "call"} if emoji == CALL_EMOJI else None


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(BlueBorderPresenter(cog))
