"""COLORSE's table: the boxes image, the secret sign choice, takes and placements, each one press on the table.

While a duel's signs are being chosen, nothing public says which sign anyone chose: the table shows only who has
chosen. The signs are a select on the table message: every viewer sees the same three options, and what a person
picks in a select is sent to the bot alone (Discord shows it to nobody else), so the pick stays secret while its
answer edits the table in the same REST call. (The older ephemeral sign prompt still answers its button.)"""
from __future__ import annotations

import discord
from discord.ext import commands

from bot import codec
from bot.i18n import has, normalise, t
from cogs.presenter import Presenter, seat_name
from bot.tables import Table, TableError
from bot.ui import Board, TableButton, TableSelect, action_id, ui_id
from bot.words import colorse_card
from cogs.colorse.image import draw_board
from bot.render_pool import Picture, ready

GAME = "colorse"
SIGN_EMOJI = {"doh": "✊", "zorf": "✌️", "rau": "🖐️"}


def label(action: dict, locale: str) -> str:
    kind = action["type"]
    if kind == "take":
        return t(f"{GAME}.action.take.{action['slot']}", locale)
    if kind == "place":
        if action["card"] == "S":
            return t(f"{GAME}.action.place.special", locale, colour=t(f"{GAME}.colour.{action['colour']}", locale))
        return t(f"{GAME}.action.place.card", locale, card=card_name(action["card"], locale))
    if kind == "bonus":
        return t(f"{GAME}.action.bonus.{'face_down' if action['face_down'] else 'face_up'}", locale)
    if kind == "special":
        return t(f"{GAME}.action.special", locale, colour=t(f"{GAME}.colour.{action['colour']}", locale))
    if kind == "sign":
        return t(f"{GAME}.action.sign.{action['sign']}", locale)
    return kind


card_name = colorse_card


class ColorsePresenter(Presenter):
    game_id = GAME
    drawing = staticmethod(draw_board)  # the public board's picture, from the public view

    def board(self, table: Table, locale: str) -> Board:
        view = table.state.view(None)
        embed = self.framed(table, locale, 0x6B5B95, [self.phase_line(table, view, locale)])
        embed.add_field(name=t("table.seats", locale), value=self.players_text(table, view, locale), inline=False)
        self.add_recent(embed, table, locale)
        items = [] if table.state.finished else self.buttons(table, locale)
        return Board(embed, image=Picture(draw_board, (view, normalise(locale))), image_name="colorse.png", items=items)

    def phase_line(self, table: Table, view: dict, locale: str) -> str:
        phase = view["phase"]
        name = lambda seat: seat_name(table, seat, locale)  # noqa: E731
        if phase == "sign":
            return t(f"{GAME}_table.line.sign", locale, parent=name(view["parent_seat"]), child=name(view["child_seat"]))
        if phase == "take" and view["takes"]:
            return t(f"{GAME}_table.line.take", locale, seat=name(view["takes"][0]["seat"]))
        if phase == "place" and view["placing_seat"] is not None:
            return t(f"{GAME}_table.line.place", locale, seat=name(view["placing_seat"]))
        if phase == "over":
            return t(f"{GAME}_table.line.over", locale)
        return t(f"{GAME}_table.line.setup", locale)

    def players_text(self, table: Table, view: dict, locale: str) -> str:
        lines = []
        for seat in range(view["players"]):
            parts = [seat_name(table, seat, locale), "🏆" * view["round_wins"][seat] or "·"]
            if seat == view["parent_seat"]:
                parts.append(t(f"{GAME}_table.parent", locale))
            if seat == view["child_seat"]:
                parts.append(t(f"{GAME}_table.child", locale))
            if view["phase"] == "sign" and seat in (view["parent_seat"], view["child_seat"]):
                parts.append("✅ " + t(f"{GAME}_table.chosen", locale) if seat in view["chosen_seats"]
                             else "⏳ " + t(f"{GAME}_table.choosing", locale))
            lines.append(" · ".join(parts))
        return "\n".join(lines)[:1024]

    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        state, v = table.state, table.version
        items: list[discord.ui.Item] = []
        if state.view(None)["phase"] == "sign":
            # The same three options for everybody, whoever has chosen what: the pick itself is seen by the bot alone.
            waiting = state.to_act()
            signs = [a for a in state.legal_actions(waiting[0]) if a["type"] == "sign"] if waiting else []
            options = [discord.SelectOption(label=label(action, locale)[:100], value=codec.encode(action),
                                            emoji=SIGN_EMOJI.get(action["sign"])) for action in signs]
            if options:
                items.append(TableSelect(ui_id(table.id, v, "act", select=True), options=options,
                                         placeholder=t(f"{GAME}_table.sign_select", locale)[:150]))
        else:
            offered: list[dict] = []  # several seats may decide at once (starting cards): one button each action
            for seat in state.to_act():
                offered += [a for a in state.legal_actions(seat) if a not in offered]
            for action in offered[:15]:
                items.append(TableButton(action_id(table.id, v, action), label=label(action, locale)[:80],
                                         style=discord.ButtonStyle.primary, row=min(len(items) // 5, 3)))
        items.append(self.my_view_button(table, locale))
        return items

    def private(self, table: Table, seat: int, locale: str) -> Board:
        view = table.state.view(seat)
        embed = self.header(table, locale)
        embed.description = t("table.private_note", locale)
        if view["sign"]:
            embed.add_field(name=t(f"{GAME}_table.your_sign", locale), value=t(f"{GAME}.sign.{view['sign']}", locale))
        start = view["starting"][seat] if view["starting"] else None
        if start and "card" in start:
            embed.add_field(name=t(f"{GAME}_table.your_start", locale), value=card_name(start["card"], locale))
        bonus = [entry["card"] for entry in view["boxes"][seat] if entry and entry.get("face_down") and "card" in entry]
        if bonus:
            embed.add_field(name=t(f"{GAME}_table.your_bonus", locale),
                            value=", ".join(card_name(c, locale) for c in bonus))
        return Board(embed, image=Picture(draw_board, (view, normalise(locale))), image_name="colorse.png")

    def sign_prompt(self, table: Table, seat: int, locale: str) -> Board:
        embed = discord.Embed(description=t(f"{GAME}_table.sign_prompt", locale), colour=0x6B5B95)
        items = [TableButton(action_id(table.id, table.version, action), label=label(action, locale),
                             emoji=SIGN_EMOJI.get(action["sign"]), style=discord.ButtonStyle.primary)
                 for action in table.state.legal_actions(seat)]
        return Board(embed, items=items)

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        if name != "sign":
            return False
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_player")
        if table.state is None or not any(a["type"] == "sign" for a in table.state.legal_actions(seat)):
            raise TableError("not_your_duel", f"{GAME}_table.error.not_your_duel")
        board = self.sign_prompt(table, seat, str(interaction.locale))
        await interaction.response.send_message(ephemeral=True, **(await ready(board)).message_kwargs(editing=False))
        return True


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(ColorsePresenter(cog))
