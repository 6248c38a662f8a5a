"""DEEP DIVE's table: the ocean image, the diver's buttons (take / flip / keep / deeper / skip / swallow /
retreat), the solo automaton's tie-break, and event lines with localised tile names.

It presents the engine's public view and sends the engine's own actions; the rules stay in games/deep_dive.
Everything is public except the face-down tiles, which the view (and so the board) shows only as counts."""
from __future__ import annotations

import discord
from discord.ext import commands

from bot import codec
from bot.i18n import normalise, t
from cogs.presenter import Presenter, last_events, seat_name
from bot.tables import Table, TableError
from bot.text import SEAT_MARKS, format_event
from bot.ui import Board, TableButton, TableSelect, action_id, ui_id
from bot.words import deep_dive_action, deep_dive_tile
from cogs.deep_dive.image import draw_board, draw_own
from bot.render_pool import Picture

GAME = "deep_dive"
COLOUR = 0x1C4679
RECENT_LINES = 8
QUIET_EVENTS = {"dive_start"}  # the description already says who dives
ACTION_EMOJI = {"flip": "🔄", "skip": "⏭️", "keep": "✋", "deeper": "⬇️", "swallow": "🪨"}


# --- words -----------------------------------------------------------------------------------------
tile_name = deep_dive_tile


def tile_emoji(tile: str) -> str:
    return "🪨" if tile == "rock" else "🐟"


def action_label(action: dict, locale: str) -> str:
    return deep_dive_action(action, locale)[:80]


def action_emoji(action: dict) -> str | None:
    if "tile" in action:
        return tile_emoji(action["tile"])
    return ACTION_EMOJI.get(action["type"])


def event_line(table: Table, event: dict, locale: str) -> str:
    """An engine event as a line, with tiles in words and the final scores by seat."""
    fields = dict(event)
    if event["type"] == "game_end":
        scores = [f"{SEAT_MARKS[seat % len(SEAT_MARKS)]} {score}" for seat, score in enumerate(event["scores"])]
        if "automaton_score" in event:
            scores.append(f"🤖 {event['automaton_score']}")
        fields["scores"] = " · ".join(scores)
        if not event["winner_seats"]:
            solo = "automaton_score" in event
            fields["winner_seats"] = t(f"{GAME}.label.automaton" if solo else "table.nobody", locale)
    return format_event(table, fields, locale)


class DeepDivePresenter(Presenter):
    game_id = GAME
    drawing = staticmethod(draw_board)  # the public board's picture, from the public view

    # --- the public message --------------------------------------------------------------------
    def board(self, table: Table, locale: str) -> Board:
        view = table.state.view(None)
        embed = self.header(table, locale)
        embed.colour = COLOUR
        if table.status != "finished":
            self.add_status(embed, table, locale)  # the deadline (or "cancelled")
        lines = [self.phase_line(table, view, locale)]
        if embed.description:
            lines.append(embed.description)
        if not view["finished"]:
            lines += self.token_lines(table, view, locale)
        embed.description = "\n".join(lines)
        embed.add_field(name=t("table.seats", locale), value=self.divers_text(table, view, locale), inline=False)
        if view["finished"]:
            embed.add_field(name=t("table.finished", locale), value=self.result_text(table, view, locale),
                            inline=False)
        self.add_recent(embed, table, locale)
        items = [] if view["finished"] or table.status != "running" else self.buttons(table, locale)
        return Board(embed, image=Picture(draw_board, (view, normalise(locale))), image_name="deep_dive.png",
                     items=items)

    def phase_line(self, table: Table, view: dict, locale: str) -> str:
        turn = view["turn"]
        if view["finished"] or turn is None:
            return t(f"{GAME}.line.over", locale)
        seat = seat_name(table, turn["diver_seat"], locale)
        phase = turn["phase"]
        if phase == "revealed":
            return t(f"{GAME}.line.revealed", locale, seat=seat, depth=turn["depth"],
                     tile=tile_name(turn["flipped"], locale))
        if phase == "retreat":
            depths = ", ".join(str(depth) for depth in turn["retreat_depths"])
            return t(f"{GAME}.line.retreat", locale, seat=seat, depths=depths)
        if phase == "automaton_pick":
            bot = view["automaton"]
            options = ", ".join(tile_name(tile, locale) for tile in bot["pick_options"])
            return t(f"{GAME}.line.automaton_pick", locale, seat=seat, depth=bot["pick_depth"], tiles=options)
        may_swallow = any(a["type"] == "swallow" for a in table.state.legal_actions(turn["diver_seat"]))
        key = f"{GAME}.line.dive_start" if may_swallow else f"{GAME}.line.dive"
        return t(key, locale, seat=seat, depth=turn["depth"])

    def token_lines(self, table: Table, view: dict, locale: str) -> list[str]:
        start = seat_name(table, view["start_seat"], locale)
        if view["last_dive"]:
            lines = [t(f"{GAME}.line.last_dive", locale, seat=start)]
        elif view["end_triggered"]:
            lines = [t(f"{GAME}.line.end_triggered", locale, seat=start)]
        else:
            lines = [t(f"{GAME}.line.token", locale, seat=start)]
        bot = view["automaton"]
        if bot is not None:
            lines.append(t(f"{GAME}.line.automaton", locale, depth=bot["depth"],
                           difficulty=t(f"{GAME}.option.difficulty.{bot['difficulty']}", locale)))
        return lines

    def divers_text(self, table: Table, view: dict, locale: str) -> str:
        acting = set(view["to_act"])
        lines = []
        for tableau in view["tableaux"]:
            seat = tableau["seat"]
            line = t(f"{GAME}.seat_line", locale, name=seat_name(table, seat, locale), score=tableau["score"],
                     rows=tableau["complete_rows"], rocks=tableau["rocks"], free=tableau["free_penguins"],
                     total=tableau["free_penguins"] + len(tableau["trapped_depths"]))
            if tableau["trapped_depths"]:
                depths = ", ".join(str(depth) for depth in tableau["trapped_depths"])
                line += " · " + t(f"{GAME}.seat_trapped", locale, depths=depths)
            if seat == view["start_seat"]:
                line += " · " + ("🏁" if view["last_dive"] else "⭐")
            if seat in acting:
                line += " ⏳"
            lines.append(line)
        bot = view["automaton"]
        if bot is not None:
            lines.append(t(f"{GAME}.automaton_line", locale, name=t(f"{GAME}.label.automaton", locale),
                           score=bot["score"], rows=bot["complete_rows"], rocks=bot["rocks"], water=bot["water"],
                           depth=bot["depth"]))
        return "\n".join(lines)[:1024]

    def result_text(self, table: Table, view: dict, locale: str) -> str:
        winners = (view["result"] or {}).get("winners", [])
        if winners:
            names = ", ".join(seat_name(table, seat, locale) for seat in winners)
        elif view["solo"]:
            names = "🤖 " + t(f"{GAME}.label.automaton", locale)
        else:
            names = t("table.nobody", locale)
        return t("table.winners", locale, names=names)[:1024]

    def add_recent(self, embed: discord.Embed, table: Table, locale: str) -> None:
        lines = [event_line(table, event, locale) for event in last_events(table, RECENT_LINES, QUIET_EVENTS)]
        if lines:
            text = "\n".join(lines)
            while len(text) > 1024 and len(lines) > 1:
                lines = lines[1:]
                text = "\n".join(lines)
            embed.add_field(name=t("table.recent", locale), value=text[:1024], inline=False)

    # --- components ----------------------------------------------------------------------------
    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        state, v = table.state, table.version
        view = state.view(None)
        turn = view["turn"]
        items: list[discord.ui.Item] = []
        selects = [0]  # how many selects so far: each needs its own custom_id

        def button(action: dict, style: discord.ButtonStyle, row: int) -> TableButton:
            return TableButton(action_id(table.id, v, action), label=action_label(action, locale),
                               emoji=action_emoji(action), style=style, row=row)

        def choices(actions: list[dict], placeholder: str, style: discord.ButtonStyle, row: int) -> int:
            """Buttons for up to five choices, else selects of up to 25 (one row each); the next free row."""
            if not actions:
                return row
            if len(actions) <= 5:
                items.extend(button(action, style, row) for action in actions)
                return row + 1
            for start in range(0, len(actions), 25):
                chunk = actions[start:start + 25]
                name = "act" if selects[0] == 0 else f"sel{selects[0]}.{v}"
                selects[0] += 1
                options = [discord.SelectOption(label=action_label(a, locale), value=codec.encode(a),
                                                emoji=action_emoji(a)) for a in chunk]
                items.append(TableSelect(ui_id(table.id, v, name, select=True), options=options,
                                         placeholder=placeholder[:150], row=row))
                row += 1
            return row

        if turn is None:
            return [self.my_view_button(table, locale)]
        legal = state.legal_actions(state.to_act()[0]) if state.to_act() else []
        by_type: dict[str, list[dict]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        phase = turn["phase"]
        if phase == "revealed":
            for kind, style in (("keep", discord.ButtonStyle.success), ("deeper", discord.ButtonStyle.primary)):
                items.extend(button(action, style, 0) for action in by_type.get(kind, []))
        elif phase == "retreat":
            takes = [a for a in by_type.get("retreat_take", []) if a.get("depth") is not None]
            row = choices(takes, t(f"{GAME}.placeholder.retreat", locale), discord.ButtonStyle.success, 0)
            if any(a.get("depth") is None for a in by_type.get("retreat_take", [])):
                # `depth: null` does not fit a custom_id: a UI step carrying the board's version sends it.
                items.append(TableButton(ui_id(table.id, v, f"rnone.{v}"),
                                         label=t(f"{GAME}.action.retreat_take.none", locale)[:80],
                                         style=discord.ButtonStyle.secondary, row=min(row, 3)))
        elif phase == "automaton_pick":
            choices(by_type.get("automaton_pick", []), t(f"{GAME}.placeholder.automaton_pick", locale),
                    discord.ButtonStyle.primary, 0)
        else:  # dive
            first = [a for kind in ("flip", "skip") for a in by_type.get(kind, [])]
            for action in first:
                style = discord.ButtonStyle.primary if action["type"] == "flip" else discord.ButtonStyle.secondary
                items.append(button(action, style, 0))
            row = 1 if first else 0
            row = choices(by_type.get("take", []), t(f"{GAME}.placeholder.take", locale),
                          discord.ButtonStyle.success, row)
            swallow = by_type.get("swallow", [])
            if swallow:  # always a select: a rarer choice, kept out of the way of the dive itself
                name = "act" if selects[0] == 0 else f"sel{selects[0]}.{v}"
                selects[0] += 1
                options = [discord.SelectOption(label=action_label(a, locale), value=codec.encode(a), emoji="🪨")
                           for a in swallow][:25]
                items.append(TableSelect(ui_id(table.id, v, name, select=True), options=options,
                                         placeholder=t(f"{GAME}.placeholder.swallow", locale)[:150], row=min(row, 3)))
        items.append(self.my_view_button(table, locale))
        return items

    # --- private and hooks ---------------------------------------------------------------------
    def private(self, table: Table, seat: int, locale: str) -> Board:
        # Only face-down tiles are hidden, from everyone alike: one line says so, and the picture is the player's own
        # tableau, larger than the table's panel can show it (with each row's points)
        embed = self.header(table, locale)
        embed.colour = COLOUR
        embed.description = t(f"{GAME}.private_note", locale)
        return Board(embed, image=Picture(draw_own, (table.state.view(seat),)), image_name="deep_dive_own.png")

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
