"""Diamond Box's table: the centre and the public hands as one image, and a two-step move chooser for the player
whose turn it is: pick a card, then one of its legal placements, ranked by penalty and marked on a picture.
Every legal placement is offered (paged 100 at a time); the engine decides what is legal and what it costs."""
from __future__ import annotations

import discord
from discord.ext import commands

from bot import codec
from bot.i18n import t
from cogs.presenter import Presenter, seat_name
from bot.tables import Table, TableError
from bot.ui import Board, TableButton, TableSelect, ui_id
from bot.words import diamond_card
from cogs.diamond_box.image import draw_board

GAME = "diamond_box"
PER_SELECT, SELECTS = 25, 4
PER_PAGE = PER_SELECT * SELECTS


card_name = diamond_card


class DiamondBoxPresenter(Presenter):
    game_id = GAME

    def board(self, table: Table, locale: str) -> Board:
        view = table.state.view(None)
        lines = []
        if not view["finished"] and view["turn_seat"] is not None:
            lines.append(t(f"{GAME}_table.turn", locale, seat=seat_name(table, view["turn_seat"], locale)))
        last = view["last_move"]
        if last:
            lines.append(t(f"{GAME}_table.last_move", locale, seat=seat_name(table, last["seat"], locale),
                           penalty=last["penalty"], drawn=last.get("drawn", 0)))
        lines.append(t(f"{GAME}_table.deck", locale, count=view["deck_count"]))
        embed = self.framed(table, locale, 0x8A4FC4, lines)
        hands = [f"{seat_name(table, s, locale)} · {len(hand)}: " + ", ".join(
            f"{n}. {card_name(c, locale)}" for n, c in enumerate(hand, 1)) for s, hand in enumerate(view["hands"])]
        embed.add_field(name=t(f"{GAME}_table.hands", locale), value="\n".join(hands)[:1024], inline=False)
        self.add_recent(embed, table, locale)
        items: list[discord.ui.Item] = []
        if not view["finished"]:
            items.append(TableButton(ui_id(table.id, table.version, "move"), label=t(f"{GAME}_table.choose_move", locale),
                                     emoji="💎", style=discord.ButtonStyle.primary))
            items.append(self.my_view_button(table, locale))
        return Board(embed, image=draw_board(view), image_name="diamond_box.png", items=items)

    def _mover(self, interaction: discord.Interaction, table: Table) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_player")
        if table.state is None or seat not in table.state.to_act():
            raise TableError("not_your_turn", "error.not_your_turn")
        return seat

    def card_chooser(self, table: Table, seat: int, locale: str) -> Board:
        hand = table.state.view(seat)["hands"][seat]
        legal = table.state.legal_actions(seat)
        options = []
        for number, card in enumerate(hand):
            moves = [a for a in legal if a["card"] == card]
            if not moves or any(o.value == card for o in options):
                continue
            best = min(table.state.penalty_of(a) for a in moves)
            options.append(discord.SelectOption(
                label=f"{number + 1}. {card_name(card, locale)}"[:100], value=card,
                description=t(f"{GAME}_table.card_summary", locale, count=len(moves), best=best)[:100]))
        embed = discord.Embed(description=t(f"{GAME}_table.pick_card", locale), colour=0x8A4FC4)
        select = TableSelect(ui_id(table.id, table.version, "card", select=True), options=options[:25],
                             placeholder=t(f"{GAME}.action.card", locale))
        return Board(embed, items=[select])

    def placement_chooser(self, table: Table, seat: int, card: str, page: int, locale: str) -> Board:
        moves = sorted((a for a in table.state.legal_actions(seat) if a["card"] == card),
                       key=lambda a: (table.state.penalty_of(a), a["rotation"], a["y"], a["x"]))
        if not moves:
            raise TableError("illegal_action", "error.illegal_action")
        pages = max(1, -(-len(moves) // PER_PAGE))
        page = min(max(page, 0), pages - 1)
        shown = moves[page * PER_PAGE:(page + 1) * PER_PAGE]
        marks, items = [], []
        for chunk in range(0, len(shown), PER_SELECT):
            options = []
            for offset, action in enumerate(shown[chunk:chunk + PER_SELECT]):
                number = page * PER_PAGE + chunk + offset + 1
                marks.append((str(number), action["x"], action["y"]))
                options.append(discord.SelectOption(
                    label=t(f"{GAME}_table.option", locale, n=number, penalty=table.state.penalty_of(action),
                            rotation=t(f"{GAME}.rotation.{action['rotation']}", locale), x=action["x"],
                            y=action["y"])[:100], value=codec.encode(action)))
            items.append(TableSelect(ui_id(table.id, table.version, f"act{chunk // PER_SELECT}", select=True),
                                     options=options, row=chunk // PER_SELECT,
                                     placeholder=t(f"{GAME}_table.placements", locale, first=options[0].label.split(" ")[0],
                                                   last=options[-1].label.split(" ")[0])[:150]))
        index = table.state.view(seat)["hands"][seat].index(card)
        if pages > 1:
            for target, key in ((page - 1, "previous"), (page + 1, "next")):
                if 0 <= target < pages:
                    items.append(TableButton(ui_id(table.id, table.version, f"pg.{index}.{target}"),
                                             label=t(f"{GAME}_table.{key}", locale), row=4))
        embed = discord.Embed(description=t(f"{GAME}_table.pick_place", locale, card=card_name(card, locale),
                                            count=len(moves), page=page + 1, pages=pages), colour=0x8A4FC4)
        return Board(embed, image=draw_board(table.state.view(seat), marks), image_name="placements.png", items=items)

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        locale = str(interaction.locale)
        if name == "move":
            seat = self._mover(interaction, table)
            board = self.card_chooser(table, seat, locale)
            await interaction.response.send_message(ephemeral=True, **board.message_kwargs(editing=False))
            return True
        if name == "card" and values:
            seat = self._mover(interaction, table)
            board = self.placement_chooser(table, seat, values[0], 0, locale)
            await interaction.response.edit_message(**board.message_kwargs(editing=True))
            return True
        if name.startswith("pg."):
            seat = self._mover(interaction, table)
            _, index, page = name.split(".")
            hand = table.state.view(seat)["hands"][seat]
            if not index.isdigit() or not page.isdigit() or int(index) >= len(hand):
                return False
            board = self.placement_chooser(table, seat, hand[int(index)], int(page), locale)
            await interaction.response.edit_message(**board.message_kwargs(editing=True))
            return True
        return False


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(DiamondBoxPresenter(cog))
