"""Diamond Box's table: the centre and the public hands as one image, and the move for the player whose turn it is.

Hands are public, so the table message itself carries a select of the best placements (least penalty first, over
every card in hand), each named by the cell the board picture labels (B3) and its rotation: one press plays a move
and its answer edits the table, one REST call. 🔍 opens an ephemeral chooser with the same numbers drawn on
pictures, paged 9 at a time (one phone screen), with a card filter: every legal placement is reachable there. The
engine decides what is legal and what it costs. Made for a phone: the picture carries the state, the text is a
turn line and the last move."""

from __future__ import annotations

from functools import lru_cache

import discord
from discord.ext import commands

from bot import codec
from bot.faces.diamond_box.image import board_area, coordinate, draw_board, draw_hand, draw_placements
from bot.faces.diamond_box.words import card_name
from bot.i18n import normalise, t
from bot.render_pool import Picture, ready
from bot.tables import Table, TableError
from cogs.presenter import Presenter, presents, seat_name
from cogs.ui import TableButton, TableMessage, TableSelect, ui_id

GAME = "diamond_box"
PER_PAGE = 9  # placements drawn on one page of the chooser (a 3 x 3 grid of pictures: one phone screen)
ON_TABLE = 25  # the best placements offered on the table message (a select's limit)
ALL = "all"  # the chooser's filter meaning every card in hand


@lru_cache(maxsize=4096)  # the table's select names 25 placements at every move, most of them named before
def where(rotation: int, x: int, y: int, area: tuple[int, int, int, int], locale: str) -> str:
    """A placement's rotation and the cell of its footprint's top-left corner (x, y), as the table picture (its
    cells `area`) labels it (a corner beyond the cells drawn, one around the group: said so; the chooser's pictures
    show it)."""
    turned = t(f"{GAME}.rotation.{rotation}", locale)
    x0, x1, y0, y1 = area
    if x0 <= x <= x1 and y0 <= y <= y1:
        return t(f"{GAME}_table.option_where", locale, rotation=turned, cell=coordinate(area, x, y))
    return t(f"{GAME}_table.option_beyond", locale, rotation=turned)


@lru_cache(maxsize=4096)
def ranked_label(number: int, penalty: int, card: str, locale: str) -> str:
    """A placement in a select: its number in the ranking, its penalty and its card."""
    return t(f"{GAME}_table.option_move", locale, n=number, penalty=penalty, card=card_name(card, locale))[:100]


PLACEMENT_KEYS = {"type", "card", "rotation", "x", "y"}


def placement_code(action: dict) -> str:
    """A placement as a select's value (`codec.encode`), made once per placement."""
    if action.keys() != PLACEMENT_KEYS or action["type"] != "place":
        return codec.encode(action)
    return encoded_placement(action["card"], action["rotation"], action["x"], action["y"])


@lru_cache(maxsize=8192)
def encoded_placement(card: str, rotation: int, x: int, y: int) -> str:
    return codec.encode({"type": "place", "card": card, "rotation": rotation, "x": x, "y": y})


@presents
class DiamondBoxPresenter(Presenter):
    game_id = GAME

    def public(self, table: Table, locale: str) -> TableMessage:
        """The picture carries the state (centre, hands, deck, whose turn); the text says whose turn it is and what
        happened last; the controls are the best placements (row 0); the chooser's 🔍 joins the shared bottom row."""
        view = table.public_view()
        running = not view["finished"] and view["turn_seat"] is not None
        best = self.ranked(table, view["turn_seat"], limit=ON_TABLE) if running else []
        lines = []
        if running:
            lines.append(t(f"{GAME}_table.turn", locale, seat=seat_name(table, view["turn_seat"], locale)))
        elif view["finished"]:
            emptied = [seat for seat, hand in enumerate(view["hands"]) if not hand]
            lines.append(
                t(f"{GAME}_table.end_emptied", locale, seat=seat_name(table, emptied[0], locale))
                if emptied
                else t(f"{GAME}_table.end_deck", locale)
            )
        last = view["last_move"]
        if last and not view["finished"]:
            lines.append(
                t(
                    f"{GAME}_table.last_short",
                    locale,
                    seat=seat_name(table, last["seat"], locale),
                    penalty=last["penalty"],
                )
            )
        embed = self.framed(table, locale, 0x8A4FC4, lines)
        items: list[discord.ui.Item] = []
        if running:
            if best:
                items.append(self.move_select(table, best, 0, "act", locale, row=0, area=board_area(view)))
            # every legal placement on pictures: a view, so in the shared bottom row, emoji only. No "My view":
            # hands are public, no seat has anything private to see (its DM still draws its hand, `private`)
            items.append(
                TableButton(
                    ui_id(table.id, table.version, "move"), emoji="🔍", style=discord.ButtonStyle.secondary, row=2
                )
            )
        return TableMessage(
            embed, image=Picture(draw_board, (view, normalise(locale))), image_name="diamond_box.png", items=items
        )

    def _mover(self, interaction: discord.Interaction, table: Table) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_player")
        if table.state is None or seat not in table.state.to_act():
            raise TableError("not_your_turn", "error.not_your_turn")
        return seat

    def ranked(
        self, table: Table, seat: int, card: str | None = None, limit: int | None = None
    ) -> list[tuple[dict, int]]:
        """Every legal placement (of `card`, or of any card) with its penalty, best first; equal penalties in hand
        order, then rotation, row, column. The numbers shown (#1, #2, ...) are positions in this list. With `limit`,
        only the first that many (the rest are not copied)."""
        state = table.state
        if seat not in state.to_act():
            return []
        # the engine's, ranked once per position (only the first `limit` copied)
        return [(dict(action), penalty) for action, penalty in state.ranked_placements(card, limit)]

    def best_card(self, table: Table, seat: int) -> str:
        """The card of the best placement (the first in hand among equals)."""
        return self.ranked(table, seat)[0][0]["card"]

    def move_select(
        self,
        table: Table,
        moves: list[tuple[dict, int]],
        first: int,
        name: str,
        locale: str,
        row: int,
        area: tuple[int, int, int, int],
    ) -> TableSelect:
        """A select whose options are placements (numbered from `first` + 1); each sends its move. Where a card
        goes is named by the table picture's coordinates (`area`: the cells it draws): its top-left cell."""
        options = [
            discord.SelectOption(
                label=ranked_label(first + offset + 1, penalty, action["card"], locale),
                description=where(action["rotation"], action["x"], action["y"], area, locale)[:100],
                value=placement_code(action),
            )
            for offset, (action, penalty) in enumerate(moves)
        ]
        return TableSelect(
            ui_id(table.id, table.version, name, select=True),
            options=options,
            row=row,
            placeholder=t(
                f"{GAME}_table.best_moves" if first == 0 and name == "act" else f"{GAME}_table.placements",
                locale,
                first=first + 1,
                last=first + len(moves),
            )[:150],
        )

    def placement_chooser(self, table: Table, seat: int, card: str | None, page: int, locale: str) -> TableMessage:
        """One page of PER_PAGE placements (of one card, or of every card), each drawn in its own numbered picture;
        a select sends one, another filters by card, another jumps to any page."""
        moves = self.ranked(table, seat, card)
        if not moves:
            raise TableError("illegal_action", "error.illegal_action")
        pages = max(1, -(-len(moves) // PER_PAGE))
        page = min(max(page, 0), pages - 1)
        first = page * PER_PAGE
        shown = moves[first : first + PER_PAGE]
        v = table.version
        hand = table.state.view(seat)["hands"][seat]
        which = ALL if card is None else str(hand.index(card))
        area = board_area(table.public_view())
        items: list[discord.ui.Item] = [self.move_select(table, shown, first, "act0", locale, row=0, area=area)]
        cards = [
            discord.SelectOption(label=t(f"{GAME}_table.all_cards", locale)[:100], value=ALL, default=card is None)
        ]
        for number, held in enumerate(hand):
            if held not in hand[:number]:
                cards.append(
                    discord.SelectOption(
                        label=f"{number + 1}. {card_name(held, locale)}"[:100], value=str(number), default=held == card
                    )
                )
        items.append(
            TableSelect(
                ui_id(table.id, v, "card", select=True),
                options=cards[:25],
                row=1,
                placeholder=t(f"{GAME}.action.card", locale)[:150],
            )
        )
        if pages > 1:
            jumps = [
                discord.SelectOption(
                    label=t(
                        f"{GAME}_table.page_option",
                        locale,
                        first=n * PER_PAGE + 1,
                        last=min(len(moves), (n + 1) * PER_PAGE),
                        low=moves[n * PER_PAGE][1],
                        high=moves[min(len(moves), (n + 1) * PER_PAGE) - 1][1],
                    )[:100],
                    value=str(n),
                    default=n == page,
                )
                for n in range(min(pages, 25))
            ]
            items.append(
                TableSelect(
                    ui_id(table.id, v, f"jump.{which}", select=True),
                    options=jumps,
                    row=2,
                    placeholder=t(f"{GAME}_table.jump", locale)[:150],
                )
            )
            for target, key in ((page - 1, "previous"), (page + 1, "next")):
                if 0 <= target < pages:
                    items.append(
                        TableButton(
                            ui_id(table.id, v, f"pg.{which}.{target}"), label=t(f"{GAME}_table.{key}", locale), row=3
                        )
                    )
        title = (
            t(f"{GAME}_table.pick_any", locale, count=len(moves), page=page + 1, pages=pages)
            if card is None
            else t(
                f"{GAME}_table.pick_place",
                locale,
                card=card_name(card, locale),
                count=len(moves),
                page=page + 1,
                pages=pages,
            )
        )
        embed = discord.Embed(
            description="\n".join([title, t(f"{GAME}_table.chooser_legend", locale)]), colour=0x8A4FC4
        )
        numbered = [(first + offset + 1, action, penalty) for offset, (action, penalty) in enumerate(shown)]
        board = TableMessage(
            embed,
            image=Picture(draw_placements, (table.state.view(seat), numbered)),
            image_name="placements.png",
            items=items,
        )
        # what the numbers mean is the chooser's own words; the list beside it names each placement
        return self.described(board, table, seat, locale, lead=embed.description.split("\n"))

    def private(self, table: Table, seat: int, locale: str) -> TableMessage:
        """Your hand, numbered as in the chooser, with each card's least penalty when it is your turn. Hands are
        public: nothing here is secret, it is drawn larger for the one who must choose."""
        view = table.state.view(seat)
        hand = view["hands"][seat]
        best: dict[str, int] = {}
        if not view["finished"] and view["turn_seat"] == seat:
            for action, penalty in table.state.placement_penalties():
                best[action["card"]] = min(penalty, best.get(action["card"], penalty))
        embed = self.header(table, locale)
        embed.colour = 0x8A4FC4
        embed.description = t(
            f"{GAME}_table.private_legend" if best else f"{GAME}_table.private_wait", locale, count=len(hand)
        )
        # digits and cards only (the same picture in every language), but for the words of an empty hand
        args = (view, seat, best) if hand else (view, seat, best, normalise(locale))
        return TableMessage(embed, image=Picture(draw_hand, args), image_name="diamond_box.png")

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        locale = str(interaction.locale)
        if name == "move":
            seat = self._mover(interaction, table)
            board = self.placement_chooser(table, seat, None, 0, locale)
            await interaction.response.send_message(
                ephemeral=True, **(await ready(board)).message_kwargs(editing=False)
            )
            return True
        if name == "card" and values:
            name = f"pg.{values[0]}.0"
        elif name.startswith("jump.") and values and values[0].isdigit():
            name = f"pg.{name[5:]}.{values[0]}"
        if name.startswith("pg."):
            seat = self._mover(interaction, table)
            parts = name.split(".")
            if len(parts) != 3 or not parts[2].isdigit():
                return False
            _, which, page = parts
            hand = table.state.view(seat)["hands"][seat]
            if which == ALL:
                card = None
            elif which.isdigit() and int(which) < len(hand):
                card = hand[int(which)]
            elif which in hand:  # a chooser sent before cards were filtered by number
                card = which
            else:
                return False
            board = self.placement_chooser(table, seat, card, int(page), locale)
            await interaction.response.edit_message(**(await ready(board)).message_kwargs(editing=True))
            return True
        return False


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(DiamondBoxPresenter(cog))
