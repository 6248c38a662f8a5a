"""COLORSE's table: the boxes image, the secret sign choice, takes and placements, each one press on the table.

While a duel's signs are being chosen, nothing public says which sign anyone chose: the table shows only who has
chosen. The signs are a select on the table message: every viewer sees the same three options, and what a person
picks in a select is sent to the bot alone (Discord shows it to nobody else), so the pick stays secret while its
answer edits the table in the same REST call."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot import codec
from bot.faces.colorse.image import draw_board, draw_private
from bot.faces.colorse.words import colorse_action, colorse_card
from bot.i18n import normalise, t
from bot.render_pool import Picture
from bot.tables import Table
from cogs.presenter import Presenter, columns, format_event, last_events, presents, seat_name
from cogs.ui import TableButton, TableMessage, TableSelect, action_id, ui_id

GAME = "colorse"
SIGN_EMOJI = {"doh": "✊", "zorf": "✌️", "rau": "🖐️"}


def label(action: dict, locale: str) -> str:
    return colorse_action(action, locale) or action["type"]


card_name = colorse_card

LINE_COLUMNS = 60  # two lines on a phone at most (~40 Latin letters a line; a Japanese character or an emoji is two)
MAX_LINES = 4  # a phone shows the status, a line or two of news and the countdown above the picture
MAX_BUTTONS = 3  # more choices than this go in one select (a row of short buttons fits a phone's width)
QUIET_EVENTS = {
    "common_laid",
    "refilled",
    "sign_chosen",
    "duel_started",
    "bonus_offered",
    "starting_special",
    "game_started",
}  # what the picture or the status line already says
COLOUR_EMOJI = {"R": "🟥", "G": "🟩", "B": "🟦", "Y": "🟨"}


def clip(line: str, limit: int = LINE_COLUMNS) -> str:
    """A line cut to what a phone shows on two lines (~40 Latin or ~20 Japanese characters each)."""
    if columns(line) <= limit:
        return line
    while columns(line) > limit - 1:
        line = line[:-1]
    return line.rstrip() + "…"


def button_label(action: dict, locale: str) -> str:
    """A short label: the take buttons name the numbers drawn under the common cards, a card is its colours."""
    kind = action["type"]
    if kind == "take":
        return t(f"{GAME}_table.button.take.{action['slot']}", locale)
    if kind == "bonus":
        return t(f"{GAME}_table.button.{'face_down' if action['face_down'] else 'face_up'}", locale)
    if kind == "place" and action["card"] != "S":
        return card_name(action["card"], locale)
    if kind in ("place", "special"):
        return t(f"{GAME}.colour.{action['colour']}", locale)
    return label(action, locale)[:40]


def button_emoji(action: dict) -> str | None:
    kind = action["type"]
    if kind == "take":
        return "🎴" if action["slot"] == 2 else "🃏"
    if kind == "place" and action["card"] != "S":
        return COLOUR_EMOJI.get(action["card"][0])
    if kind in ("place", "special"):
        return COLOUR_EMOJI.get(action["colour"])
    if kind == "sign":
        return SIGN_EMOJI.get(action["sign"])
    return None


@presents
class ColorsePresenter(Presenter):
    game_id = GAME

    def public(self, table: Table, locale: str) -> TableMessage:
        """One phone screen: the picture carries the boxes, roles, stars, common cards and deck; the text says whose
        turn it is and what just happened, in a few short lines."""
        view = table.public_view()
        lines = [] if table.state.finished else [clip(line) for line in self.play_lines(table, view, locale)]
        if lines:  # the news fills the room the status (and the clock, on a line of its own at worst) leave
            clock = 1 if self.clock(table, locale) else 0
            lines += self.recent(table, locale, MAX_LINES - len(lines) - clock)
        embed = self.framed(table, locale, 0x6B5B95, lines)
        items = [] if table.state.finished else self.buttons(table, locale)
        return TableMessage(
            embed, image=Picture(draw_board, (view, normalise(locale))), image_name="colorse.png", items=items
        )

    def play_lines(self, table: Table, view: dict, locale: str) -> list[str]:
        """Whose turn it is and what to do now (and, while signs are chosen, which sign beats which)."""
        phase = view["phase"]
        name = lambda seat: seat_name(table, seat, locale)  # noqa: E731
        if phase == "sign":
            waiting = [s for s in (view["parent_seat"], view["child_seat"]) if s not in view["chosen_seats"]]
            if len(waiting) == 2:
                line = t(f"{GAME}_table.line.sign_both", locale, parent=name(waiting[0]), child=name(waiting[1]))
            else:
                line = t(f"{GAME}_table.line.sign_one", locale, seat=name(waiting[0]))
            return [line, t(f"{GAME}_table.line.signs_legend", locale)]
        if phase == "take" and view["takes"]:
            take = view["takes"][0]
            if take["count"] > 1:
                return [t(f"{GAME}_table.line.take_count", locale, seat=name(take["seat"]), count=take["count"])]
            return [t(f"{GAME}_table.line.take", locale, seat=name(take["seat"]))]
        if phase == "place" and view["placing_seat"] is not None:
            return [t(f"{GAME}_table.line.place", locale, seat=name(view["placing_seat"]))]
        deciding = [seat for seat, entry in enumerate(view["starting"]) if entry is not None]
        if len(deciding) == 1:
            return [t(f"{GAME}_table.line.setup", locale, seat=name(deciding[0]))]
        return [
            t(
                f"{GAME}_table.line.setup_many",
                locale,
                seats=t(f"{GAME}_table.and", locale).join(name(s) for s in deciding),
            )
        ]

    def recent(self, table: Table, locale: str, limit: int) -> list[str]:
        """The last events worth a line (what the picture already shows, such as a refill, is left out), each cut
        to what a phone shows on two lines."""
        if limit <= 0:
            return []
        return [clip(self.news(table, event, locale)) for event in last_events(table, limit, skip=QUIET_EVENTS)]

    def news(self, table: Table, event: dict, locale: str) -> str:
        """An event's line; the signs' reveal in a short form (hand and word each), so both signs fit a phone."""
        if event["type"] == "signs_revealed":
            sign = lambda key: f"{SIGN_EMOJI[event[key]]}{t(f'{GAME}.sign.' + event[key], locale)}"  # noqa: E731
            return t(
                f"{GAME}_table.news.signs",
                locale,
                parent=seat_name(table, event["parent_seat"], locale),
                child=seat_name(table, event["child_seat"], locale),
                parent_sign=sign("parent_sign"),
                child_sign=sign("child_sign"),
            )
        return format_event(table, event, locale)

    def has_private(self, view: dict) -> bool:
        """Whether some seat has something of its own to look at: a duel's sign (to pick, then picked), a starting
        card to decide, a face-down card only its owner knows."""
        return view["phase"] in ("sign", "setup") or any(
            entry and entry.get("face_down") for box in view["boxes"] for entry in box
        )

    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        state, v = table.state, table.version
        view = table.public_view()
        items: list[discord.ui.Item] = []
        if view["phase"] == "sign":
            # The same three options for everybody, whoever has chosen what: the pick itself is seen by the bot alone.
            waiting = state.to_act()
            signs = [a for a in state.legal_actions(waiting[0]) if a["type"] == "sign"] if waiting else []
            options = [
                discord.SelectOption(
                    label=label(action, locale)[:100],
                    value=codec.encode(action),
                    emoji=SIGN_EMOJI.get(action["sign"]),
                    description=t(f"{GAME}_table.sign_option.{action['sign']}", locale),
                )
                for action in signs
            ]
            if options:
                items.append(
                    TableSelect(
                        ui_id(table.id, v, "act", select=True),
                        options=options,
                        placeholder=t(f"{GAME}_table.sign_select", locale)[:150],
                        row=0,
                    )
                )
        else:
            offered: list[dict] = []  # several seats may decide at once (starting cards): one control each action
            for seat in state.to_act():
                offered += [a for a in state.legal_actions(seat) if a not in offered]
            if len(offered) <= MAX_BUTTONS:
                items += [
                    TableButton(
                        action_id(table.id, v, action),
                        label=button_label(action, locale),
                        emoji=button_emoji(action),
                        style=discord.ButtonStyle.primary,
                        row=0,
                    )
                    for action in offered
                ]
            else:
                placeholder = t(
                    f"{GAME}_table.place_select" if offered[0]["type"] == "place" else f"{GAME}_table.choose_select",
                    locale,
                )
                items.append(
                    TableSelect(
                        ui_id(table.id, v, "act", select=True),
                        placeholder=placeholder,
                        row=0,
                        options=[
                            discord.SelectOption(
                                label=label(action, locale)[:100],
                                value=codec.encode(action),
                                emoji=button_emoji(action),
                            )
                            for action in offered[:25]
                        ],
                    )
                )
        if self.has_private(view):
            items.append(self.my_view_button(table, locale))
        return items

    def private(self, table: Table, seat: int, locale: str) -> TableMessage:
        """What this seat alone knows, in a line or two, over its own box: its sign, its starting card, its
        face-down cards; when it knows nothing the table does not, one line says so (a duellist's: pick a sign),
        without a picture."""
        view = table.state.view(seat)
        embed = self.header(table, locale)
        lines = []
        if view["sign"]:
            lines.append(
                t(
                    f"{GAME}_table.your_sign_line",
                    locale,
                    sign=f"{SIGN_EMOJI[view['sign']]} {t(f'{GAME}.sign.' + view['sign'], locale)}",
                )
            )
        start = view["starting"][seat] if view["starting"] else None
        if start and "card" in start:
            lines.append(t(f"{GAME}_table.your_start_line", locale, card=card_name(start["card"], locale)))
        bonus = [entry["card"] for entry in view["boxes"][seat] if entry and entry.get("face_down") and "card" in entry]
        if bonus:
            lines.append(
                t(f"{GAME}_table.your_bonus_line", locale, cards=", ".join(card_name(c, locale) for c in bonus))
            )
        if not lines:  # nothing of its own: one line, no copy of its box
            duelling = view["phase"] == "sign" and seat in (view["parent_seat"], view["child_seat"])
            embed.description = t(f"{GAME}_table.no_sign_yet" if duelling else f"{GAME}_table.nothing_private", locale)
            return TableMessage(embed)
        embed.description = "\n".join(lines)
        return TableMessage(embed, image=Picture(draw_private, (view, normalise(locale))), image_name="colorse.png")


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(ColorsePresenter(cog))
