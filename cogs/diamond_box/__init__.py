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
from cogs.diamond_box.image import draw_board, draw_hand, draw_placements
from bot.render_pool import Picture, ready

GAME = "diamond_box"
PER_PAGE = 12  # placements drawn on one page of the chooser (a 3 x 4 grid of pictures)


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
        return Board(embed, image=Picture(draw_board, (view,)), image_name="diamond_box.png", items=items)

    def _mover(self, interaction: discord.Interaction, table: Table) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_player")
        if table.state is None or seat not in table.state.to_act():
            raise TableError("not_your_turn", "error.not_your_turn")
        return seat

    def best_card(self, table: Table, seat: int) -> str:
        """The card whose best placement costs least (the first such card in hand)."""
        legal = table.state.legal_actions(seat)
        return min(legal, key=lambda a: table.state.penalty_of(a))["card"]

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

    def ranked(self, table: Table, seat: int, card: str) -> list[tuple[dict, int]]:
        """Every legal placement of `card` with its penalty, best first."""
        moves = [(a, table.state.penalty_of(a)) for a in table.state.legal_actions(seat) if a["card"] == card]
        return sorted(moves, key=lambda m: (m[1], m[0]["rotation"], m[0]["y"], m[0]["x"]))

    def placement_chooser(self, table: Table, seat: int, card: str, page: int, locale: str) -> Board:
        """One page of PER_PAGE placements, each drawn in its own numbered picture; a select sends one, another jumps
        to any page (so every placement is two presses away from the card)."""
        moves = self.ranked(table, seat, card)
        if not moves:
            raise TableError("illegal_action", "error.illegal_action")
        pages = max(1, -(-len(moves) // PER_PAGE))
        page = min(max(page, 0), pages - 1)
        first = page * PER_PAGE
        shown = moves[first:first + PER_PAGE]
        v = table.version
        options = [discord.SelectOption(
            label=t(f"{GAME}_table.option_pick", locale, n=first + offset + 1, penalty=penalty,
                    rotation=t(f"{GAME}.rotation.{action['rotation']}", locale))[:100],
            value=codec.encode(action)) for offset, (action, penalty) in enumerate(shown)]
        items: list[discord.ui.Item] = [TableSelect(
            ui_id(table.id, v, "act0", select=True), options=options, row=0,
            placeholder=t(f"{GAME}_table.placements", locale, first=first + 1, last=first + len(shown))[:150])]
        index = table.state.view(seat)["hands"][seat].index(card)
        if pages > 1:
            jumps = [discord.SelectOption(
                label=t(f"{GAME}_table.page_option", locale, first=n * PER_PAGE + 1,
                        last=min(len(moves), (n + 1) * PER_PAGE), low=moves[n * PER_PAGE][1],
                        high=moves[min(len(moves), (n + 1) * PER_PAGE) - 1][1])[:100],
                value=str(n), default=n == page) for n in range(min(pages, 25))]
            items.append(TableSelect(ui_id(table.id, v, f"jump.{index}", select=True), options=jumps, row=1,
                                     placeholder=t(f"{GAME}_table.jump", locale)[:150]))
            for target, key in ((page - 1, "previous"), (page + 1, "next")):
                if 0 <= target < pages:
                    items.append(TableButton(ui_id(table.id, v, f"pg.{index}.{target}"),
                                             label=t(f"{GAME}_table.{key}", locale), row=2))
        embed = discord.Embed(description="\n".join([
            t(f"{GAME}_table.pick_place", locale, card=card_name(card, locale), count=len(moves), page=page + 1,
              pages=pages), t(f"{GAME}_table.chooser_legend", locale)]), colour=0x8A4FC4)
        numbered = [(first + offset + 1, action, penalty) for offset, (action, penalty) in enumerate(shown)]
        return Board(embed, image=Picture(draw_placements, (table.state.view(seat), numbered)), image_name="placements.png",
                     items=items)

    def private(self, table: Table, seat: int, locale: str) -> Board:
        """Your hand, large, numbered as in the chooser, with each card's least penalty (hands are public; this is
        the same information, drawn for the one who must choose)."""
        view = table.state.view(seat)
        hand = view["hands"][seat]
        best: dict[str, int] = {}
        if not view["finished"] and view["turn_seat"] == seat:
            for action in table.state.legal_actions(seat):
                penalty = table.state.penalty_of(action)
                best[action["card"]] = min(penalty, best.get(action["card"], penalty))
        embed = self.header(table, locale)
        embed.colour = 0x8A4FC4
        embed.description = t(f"{GAME}_table.private_legend" if best else f"{GAME}_table.private_wait", locale)
        embed.add_field(name=t(f"{GAME}_table.your_hand", locale),
                        value=t(f"{GAME}_table.hand_count", locale, count=len(hand)), inline=True)
        if best:
            card, penalty = min(best.items(), key=lambda item: (item[1], hand.index(item[0])))
            embed.add_field(name=t(f"{GAME}_table.best_move", locale),
                            value=t(f"{GAME}_table.best_value", locale, n=hand.index(card) + 1, penalty=penalty),
                            inline=True)
        if not hand:
            return Board(embed)
        return Board(embed, image=Picture(draw_hand, (view, seat, best)), image_name="diamond_box.png")

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        locale = str(interaction.locale)
        if name == "move":
            seat = self._mover(interaction, table)
            board = self.card_chooser(table, seat, locale)
            await interaction.response.send_message(ephemeral=True, **(await ready(board)).message_kwargs(editing=False))
            return True
        if name == "card" and values:
            seat = self._mover(interaction, table)
            board = self.placement_chooser(table, seat, values[0], 0, locale)
            await interaction.response.edit_message(**(await ready(board)).message_kwargs(editing=True))
            return True
        if name.startswith(("pg.", "jump.")):
            seat = self._mover(interaction, table)
            if name.startswith("jump."):
                if not values or not values[0].isdigit():
                    return False
                name = f"pg.{name[5:]}.{values[0]}"
            parts = name.split(".")
            if len(parts) != 3:
                return False
            _, index, page = parts
            hand = table.state.view(seat)["hands"][seat]
            if not index.isdigit() or not page.isdigit() or int(index) >= len(hand):
                return False
            board = self.placement_chooser(table, seat, hand[int(index)], int(page), locale)
            await interaction.response.edit_message(**(await ready(board)).message_kwargs(editing=True))
            return True
        return False


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(DiamondBoxPresenter(cog))
