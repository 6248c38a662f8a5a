"""DEEP DIVE's table: the ocean image, the diver's buttons (take / flip / keep / deeper / skip / swallow /
retreat), the solo automaton's tie-break, and event lines with localised tile names.

It presents the engine's public view and sends the engine's own actions; the rules stay in games/deep_dive.
Everything is public except the face-down tiles, which the view (and so the board) shows only as counts."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot import codec
from bot.faces.deep_dive.image import draw_board, draw_own
from bot.faces.deep_dive.words import deep_dive_action, deep_dive_tile
from bot.faces.text import SEAT_MARKS, format_event
from bot.i18n import normalise, t
from bot.render_pool import Picture
from bot.tables import Table, TableError
from cogs.presenter import Presenter, columns, last_events, presents, seat_name
from cogs.ui import TableButton, TableMessage, TableSelect, action_id, ui_id

GAME = "deep_dive"
COLOUR = 0x1C4679
RECENT_LINES = 2  # the last moves under the status line
MAX_TILE_BUTTONS = 3  # more tiles to choose among: one select
QUIET_EVENTS = {"dive_start"}  # the description already says who dives
ACTION_EMOJI = {"flip": "🔄", "skip": "⏭️", "keep": "✋", "deeper": "⬇️", "swallow": "🪨"}


LINE_WIDTH = 36  # what one line of an embed's text holds on a phone (360 CSS px), in Latin letters (measured)


# --- words -----------------------------------------------------------------------------------------
tile_name = deep_dive_tile


FOOD_EMOJI = {"pink": "🩷", "green": "💚", "yellow": "💛"}


def tile_emoji(tile: str) -> str:
    if tile.startswith("food:"):
        return FOOD_EMOJI.get(tile.split(":")[1], "🐟")
    return "🪨" if tile == "rock" else "🐟"


def select_label(action: dict, locale: str) -> str:
    """An action as an option of DEEP DIVE's select says it: whole, to Discord's 80 characters."""
    return deep_dive_action(action, locale)[:80]


def short_tile(tile: str, locale: str) -> str:
    """A tile as a button says it: "Pink 2", "Rock"."""
    if tile.startswith("food:"):
        _, colour, points = tile.split(":")
        return t(f"{GAME}.button.food", locale, colour=t(f"{GAME}.button.colour.{colour}", locale), points=points)
    return t(f"{GAME}.button.{tile}", locale)


def short_label(action: dict, locale: str) -> str:
    """An action as a button says it on a phone (a few characters beside its emoji; the select says it whole)."""
    kind = action["type"]
    if kind == "retreat_take":
        return t(f"{GAME}.button.retreat_take", locale, tile=short_tile(action["tile"], locale), depth=action["depth"])
    if "tile" in action:
        return short_tile(action["tile"], locale)
    return t(f"{GAME}.button.{kind}", locale)


def action_emoji(action: dict) -> str | None:
    if "tile" in action:
        return tile_emoji(action["tile"])
    return ACTION_EMOJI.get(action["type"])


def short_food(tile: str, locale: str) -> str:
    """A tile as the table's short lines say it: "yellow 3" for food, else its name."""
    if tile.startswith("food:"):
        _, colour, points = tile.split(":")
        return t(f"{GAME}.tile_short", locale, colour=t(f"{GAME}.colour.{colour}", locale), points=points)
    return tile_name(tile, locale)


def event_line(table: Table, event: dict, locale: str, short: bool = False) -> str:
    """An engine event as a line, with tiles in words and the final scores by seat (`short`: food as "yellow 3",
    for the table's phone-sized lines)."""
    fields = dict(event)
    if event["type"] == "game_end":
        scores = [f"{SEAT_MARKS[seat % len(SEAT_MARKS)]} {score}" for seat, score in enumerate(event["scores"])]
        if "automaton_score" in event:
            scores.append(f"🤖 {event['automaton_score']}")
        fields["scores"] = " · ".join(scores)
        if not event["winner_seats"]:
            solo = "automaton_score" in event
            fields["winner_seats"] = t(f"{GAME}.label.automaton" if solo else "table.nobody", locale)
    line = format_event(table, fields, locale)
    if short and isinstance(event.get("tile"), str) and event["tile"].startswith("food:"):
        line = line.replace(tile_name(event["tile"], locale), short_food(event["tile"], locale))
    return line


@presents
class DeepDivePresenter(Presenter):
    game_id = GAME

    # --- the public message --------------------------------------------------------------------
    def public(self, table: Table, locale: str) -> TableMessage:
        """A phone screen: the title, one line of whose turn it is and what they may do, the deadline, the last two
        moves; the picture carries the ocean, every player's penguins, rocks, tableau and score, the token."""
        view = table.public_view()
        running = not view["finished"] and table.status == "running"
        lines = [self.phase_line(table, view, locale)] if running else []
        # the last moves (at the end, the last one: the result is the picture's banner and the winners' line)
        recent = [
            event_line(table, event, locale, short=True)
            for event in last_events(table, RECENT_LINES if running else 1, QUIET_EVENTS | {"game_end"})
        ]
        if len(recent) > 1 and max(map(columns, recent)) > LINE_WIDTH:  # two moves only when neither wraps
            recent = recent[-1:]
        lines += recent
        embed = self.framed(table, locale, COLOUR, lines)
        items = self.buttons(table, locale) if running else []
        return TableMessage(
            embed, image=Picture(draw_board, (view, normalise(locale))), image_name="deep_dive.png", items=items
        )

    def phase_line(self, table: Table, view: dict, locale: str) -> str:
        """Whose turn it is ("<name>'s turn") and what they decide now."""
        turn = view["turn"]
        if turn is None:
            return t(f"{GAME}.line.over", locale)
        seat = seat_name(table, turn["diver_seat"], locale)
        phase = turn["phase"]
        if phase == "revealed":
            return t(f"{GAME}.line.revealed", locale, seat=seat, tile=short_food(turn["flipped"], locale))
        if phase == "retreat":
            return t(f"{GAME}.line.retreat", locale, seat=seat)
        if phase == "automaton_pick":
            return t(f"{GAME}.line.automaton_pick", locale, seat=seat)
        legal = table.state.legal_actions(turn["diver_seat"])
        if any(a["type"] == "swallow" for a in legal):
            key = "dive_start"
        elif any(a["type"] == "take" for a in legal):
            key = "dive_take"
        else:
            key = "dive"
        return t(f"{GAME}.line.{key}", locale, seat=seat, depth=turn["depth"])

    # --- components ----------------------------------------------------------------------------
    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        """Rows 0 and 1 only (row 2 is the table's own): the dive's decision (flip / skip, keep / deeper) in row 0;
        the tiles to choose among in row 1 as up to three buttons, or one select (with the rock to swallow)."""
        state, v = table.state, table.version
        turn = table.public_view()["turn"]
        if turn is None or not state.to_act():
            return []
        items: list[discord.ui.Item] = []

        def button(action: dict, style: discord.ButtonStyle, row: int, label: str | None = None) -> TableButton:
            return TableButton(
                action_id(table.id, v, action),
                label=(label or short_label(action, locale))[:80],
                emoji=action_emoji(action),
                style=style,
                row=row,
            )

        def select(actions: list[dict], placeholder: str, row: int) -> None:
            options = [
                discord.SelectOption(label=select_label(a, locale), value=codec.encode(a), emoji=action_emoji(a))
                for a in actions[:25]
            ]
            items.append(
                TableSelect(
                    ui_id(table.id, v, "act", select=True), options=options, placeholder=placeholder[:150], row=row
                )
            )

        by_type: dict[str, list[dict]] = {}
        for action in state.legal_actions(state.to_act()[0]):
            by_type.setdefault(action["type"], []).append(action)
        phase = turn["phase"]
        if phase == "revealed":
            for kind, style in (("keep", discord.ButtonStyle.success), ("deeper", discord.ButtonStyle.primary)):
                items.extend(button(action, style, 0) for action in by_type.get(kind, []))
        elif phase == "retreat":
            takes = [a for a in by_type.get("retreat_take", []) if a.get("depth") is not None]
            if len(takes) == 1:  # two labels naming a tile and its depth already overflow a phone's row
                items.extend(button(action, discord.ButtonStyle.success, 0) for action in takes)
            else:
                select(takes, t(f"{GAME}.placeholder.retreat", locale), 0)
            if any(a.get("depth") is None for a in by_type.get("retreat_take", [])):
                # `depth: null` does not fit a custom_id: a UI step carrying the board's version sends it.
                items.append(
                    TableButton(
                        ui_id(table.id, v, f"rnone.{v}"),
                        label=t(f"{GAME}.button.nothing", locale)[:80],
                        style=discord.ButtonStyle.secondary,
                        row=1,
                    )
                )
        elif phase == "automaton_pick":
            picks = by_type.get("automaton_pick", [])
            if len(picks) <= MAX_TILE_BUTTONS:
                items.extend(button(action, discord.ButtonStyle.primary, 0) for action in picks)
            else:
                select(picks, t(f"{GAME}.placeholder.automaton_pick", locale), 0)
        else:  # dive
            for action in by_type.get("flip", []) + by_type.get("skip", []):
                style = discord.ButtonStyle.primary if action["type"] == "flip" else discord.ButtonStyle.secondary
                items.append(button(action, style, 0))
            takes, swallow = by_type.get("take", []), by_type.get("swallow", [])
            if takes and not swallow and len(takes) <= MAX_TILE_BUTTONS:
                items.extend(button(action, discord.ButtonStyle.success, 1) for action in takes)
            elif takes or swallow:  # one select: the tiles to take here, then the depths a rock may start from
                key = "take_or_swallow" if takes and swallow else "take" if takes else "swallow"
                select(takes + swallow, t(f"{GAME}.placeholder.{key}", locale), 1)
        return items

    # --- private and hooks ---------------------------------------------------------------------
    def private(self, table: Table, seat: int, locale: str) -> TableMessage:
        # Only face-down tiles are hidden, from everyone alike: one line says so, and the picture is the player's own
        # tableau, larger than the table's panel can show it (with each row's points)
        embed = self.header(table, locale)
        embed.colour = COLOUR
        embed.description = t(f"{GAME}.private_note", locale)
        return TableMessage(embed, image=Picture(draw_own, (table.state.view(seat),)), image_name="deep_dive_own.png")

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        head, _, version = name.partition(".")
        if not version.isdigit():
            return False
        if head == "rnone":
            action = {"type": "retreat_take", "depth": None}
        elif head.startswith("sel") and head[3:].isdigit() and values:
            action = codec.decode(values[0])
        else:
            return False
        if table.state is None or table.status != "running":
            raise TableError("not_running")
        await self.cog.press_action(interaction, table, int(version), action)
        return True


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(DeepDivePresenter(cog))
