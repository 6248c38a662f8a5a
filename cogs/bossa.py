"""BOSSa's table: the board image, the high roller's private peek and choice, and the move chooser.

It presents the engine's views and sends the engine's own actions; the rules stay in games/bossa.

The table message is one phone screen: a status line (whose turn, what to do), the last move, the picture
(everything else: lines, hands, dice, markers, deck; bot/faces/bossa/image.py) and controls in rows 0-1 (row 2 is the
shared bottom row).

Flow. Setup: the dice are public; the high roller presses "My view" on the table message (or reads the DM sent at
the start) and sees their hand privately; the three choices (the same whatever the hands) are buttons on the table.
After "first", the other player takes a line with public buttons. From then on hands are public, so a turn is one
press on the table message: one select lists the placements at the four ends of both lines, another the
once-per-game actions, and each option is the engine action itself (the press's answer edits the table: one REST
call). A select with more than 25 moves ends with "More…" options, each opening an ephemeral chooser listing every
legal tile group for an end or an action (buttons, or selects of 25 when there are many, paged by 100).

Custom ids (`u.<name>`): the select option `+<what>` opens a chooser, `pg.<what>.<page>` turns its page;
`mv<version>.<move>` (button) and `ms<version>.<n>` (select, the move in the option's value) send a move. An id this
list no longer has (a button of a message drawn by an older release) is refused privately as not valid; every
running table's message is drawn again when the bot starts, so only an ephemeral chooser of the last minutes can
carry one.
A move is written compactly, tiles as their two dot counts (`w3b1` -> `31`): `pwu.3102` place on the white line's
ascending side, `sbd2.11` stack on column 2 of the black line's descending side, `r.31` redraw, `x.31.02` exchange.
"""

from __future__ import annotations

from functools import lru_cache

import discord
from discord.ext import commands

from bot import codec
from bot.faces.bossa.image import draw_board, draw_hand
from bot.faces.bossa.words import tile_text, tiles_text
from bot.faces.text import format_event
from bot.faces.words import event_fields
from bot.i18n import has, normalise, t
from bot.render_pool import Picture, ready
from bot.tables import Table, TableError
from cogs.common import user_locale
from cogs.presenter import Presenter, last_events, presents, seat_name
from cogs.ui import TableButton, TableMessage, TableSelect, action_id, ui_id
from games.bossa.tiles import dots

GAME = "bossa"
CAT = "bossa_table"
COLOUR = 0x8B5E34
COLOURS = ("white", "black")
SIDES = ("down", "up")  # left to right, as in the picture
LINE_EMOJI = {"white": "⚪", "black": "⚫"}
ARROW = {"down": "◀", "up": "▶"}
ACTION_EMOJI = {"redraw": "🔁", "exchange": "🔀", "stack": "📚"}
MARKERS = ("redraw", "exchange", "stack")
CHOOSING = ("choose", "choose_colour")
BUTTONS_UP_TO = 20  # a chooser with more options uses selects
PER_SELECT = 25
SELECTS_PER_PAGE = 4  # the fifth row holds the page buttons
PAGE = PER_SELECT * SELECTS_PER_PAGE
RECENT_LINES = 1  # the last move: two would push a long turn past one phone screen (phoneview: 662 px in ja)
QUIET = ("drew", "hands_revealed", "chose_line", "game_started")  # events the picture or the status line shows
ENDINGS = ("hand_emptied", "line_completed", "stuck", "deck_out", "deck_out_draw")


# --- compact moves for custom ids ------------------------------------------------------------------
def tile_code(tile: str) -> str:
    counts = dots()[tile]
    return f"{counts['white']}{counts['black']}"


def code_tile(code: str) -> str:
    tile = f"w{code[:1]}b{code[1:]}"
    if len(code) != 2 or tile not in dots():
        raise codec.BadCode(code)
    return tile


def code_tiles(code: str) -> list[str]:
    if not code or len(code) % 2:
        raise codec.BadCode(code)
    return [code_tile(code[i : i + 2]) for i in range(0, len(code), 2)]


def encode_move(action: dict) -> str:
    kind = action["type"]
    if kind in ("place", "stack"):
        head = ("p" if kind == "place" else "s") + action["line"][0] + action["side"][0]
        if kind == "stack":
            head += str(action["index"])
        return head + "." + "".join(tile_code(tile) for tile in action["tiles"])
    if kind == "redraw":
        return "r." + tile_code(action["tile"])
    if kind == "exchange":
        return f"x.{tile_code(action['give'])}.{tile_code(action['take'])}"
    raise codec.BadCode(kind)


def decode_move(code: str) -> dict:
    head, _, rest = code.partition(".")
    lines = {"w": "white", "b": "black"}
    sides = {"u": "up", "d": "down"}
    if head == "r":
        return {"type": "redraw", "tile": code_tile(rest)}
    if head == "x":
        give, _, take = rest.partition(".")
        return {"type": "exchange", "give": code_tile(give), "take": code_tile(take)}
    if len(head) >= 3 and head[0] in "ps" and head[1] in lines and head[2] in sides:
        action = {"type": "place" if head[0] == "p" else "stack", "line": lines[head[1]], "side": sides[head[2]]}
        if head[0] == "s":
            if not head[3:].isdigit():
                raise codec.BadCode(code)
            action["index"] = int(head[3:])
        elif len(head) != 3:
            raise codec.BadCode(code)
        action["tiles"] = code_tiles(rest)
        return action
    raise codec.BadCode(code)


# --- words -----------------------------------------------------------------------------------------


def sizes_text(sizes: list[int], locale: str) -> str:
    return t(f"{CAT}.or", locale).join(str(size) for size in sizes)


def line_name(colour: str, locale: str) -> str:
    return t(f"{GAME}.line.{colour}", locale)


def short_line(colour: str, locale: str) -> str:
    return t(f"{CAT}.line_short.{colour}", locale)


def option_label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind == "place":
        text = tiles_text(action["tiles"], locale)
    elif kind == "stack":
        column = view["lines"][action["line"]]["columns"][action["side"]][action["index"] - 1]
        text = t(
            f"{CAT}.option.stack",
            locale,
            line=short_line(action["line"], locale),
            arrow=ARROW[action["side"]],
            index=action["index"],
            value=column["value"],
            tiles=tiles_text(action["tiles"], locale),
        )
    elif kind == "redraw":
        text = t(f"{CAT}.option.redraw", locale, tile=tile_text(action["tile"], locale))
    else:
        text = t(
            f"{CAT}.option.exchange",
            locale,
            give=tile_text(action["give"], locale),
            take=tile_text(action["take"], locale),
        )
    return text[:80]


def move_label(action: dict, view: dict, locale: str) -> str:
    """A move as the table's selects (and the terminal) name it: a placement with its line, end and value."""
    if action["type"] == "place":
        end = view["lines"][action["line"]]["ends"][action["side"]] or {"value": "-"}
        return placement_label(action["line"], action["side"], end["value"], tuple(action["tiles"]), locale)
    kind = t(f"{GAME}.action.{action['type']}", locale)
    return f"{kind}: {option_label(action, view, locale)}"


@lru_cache(maxsize=4096)  # a select names up to 25 placements at every move, most of them named before
def placement_label(line: str, side: str, value: int | str, tiles: tuple[str, ...], locale: str) -> str:
    head = t(f"{CAT}.button.end", locale, line=short_line(line, locale), arrow=ARROW[side], value=value)
    return f"{head}: {tiles_text(list(tiles), locale)}"


def event_line(table: Table, event: dict, locale: str) -> str:
    """An engine event as a line, with tiles shown by their dots (bot.faces.bossa.words, through bot.faces.words)."""
    return format_event(table, event, locale)


def short_event(table: Table, event: dict, locale: str) -> str:
    """An event in a few words for the table message (`bossa_table.recent.<type>`; the log keeps the long form)."""
    key = f"{CAT}.recent.{event['type']}"
    if not has(key, locale):
        return event_line(table, event, locale)
    fields = {}
    for name, value in event_fields(GAME, event, locale).items():
        if name.endswith("seat") and isinstance(value, int):
            fields[name] = seat_name(table, value, locale)
        elif name == "line" and value in COLOURS:
            fields[name] = short_line(value, locale)
        else:
            fields[name] = value
    return t(key, locale, **fields)


@presents
class BossaPresenter(Presenter):
    game_id = GAME

    # --- the public message ----------------------------------------------------------------------
    def public(self, table: Table, locale: str) -> TableMessage:
        """A phone screen: the title, one status line (and the deadline), the last move, the picture (which
        holds everything else: lines, hands, dice, markers, deck) and the controls in rows 0-1."""
        view = table.public_view()
        if view["phase"] == "over":
            lines = [self.end_line(table, view, locale)]
        else:
            lines = [self.phase_line(table, view, locale)] + self.recent(table, locale)
        embed = self.framed(table, locale, COLOUR, lines[:1])
        embed.description = "\n".join([embed.description, *lines[1:]])
        running = table.status == "running" and view["phase"] != "over"
        return TableMessage(
            embed,
            items=self.buttons(table, locale) if running else [],
            image=Picture(draw_board, (view, normalise(locale))),
            image_name="bossa.png",
        )

    def phase_line(self, table: Table, view: dict, locale: str) -> str:
        """Whose turn it is and what to do now, in a line."""
        if view["phase"] == "choose":
            return t(f"{CAT}.status.choose", locale, seat=seat_name(table, view["high_seat"], locale))
        key = "choose_colour" if view["phase"] == "choose_colour" else "play"
        return t(f"{CAT}.status.{key}", locale, seat=seat_name(table, view["active_seat"], locale))

    def end_line(self, table: Table, view: dict, locale: str) -> str:
        """How the game ended, in a line (the winners are the shared status's; the picture shows the result)."""
        events = last_events(table, 1, skip=QUIET)
        if events and events[-1]["type"] in ENDINGS:
            return "🏁 " + short_event(table, events[-1], locale)
        return "🏁 " + (
            t(f"{GAME}.end.{view['end_reason']}", locale) if view["end_reason"] else t(f"{CAT}.phase.over", locale)
        )

    def recent(self, table: Table, locale: str) -> list[str]:
        """The last move worth a line (draws and reveals are in the picture)."""
        return [short_event(table, event, locale) for event in last_events(table, RECENT_LINES, skip=QUIET)]

    # --- components on the public message --------------------------------------------------------
    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        """Rows 0-1 (row 2 is the shared bottom row). Setup: the choices in row 0, and "My view" (the high roller's
        hand is private then: their look at it). Play: the placements' select and the once-per-game actions'
        select."""
        state, v = table.state, table.version
        view = table.public_view()
        items: list[discord.ui.Item] = []
        phase = view["phase"]
        if phase in CHOOSING:
            # The choices themselves are public (the same three, or two, whatever the hands): pressed on the table,
            # their answer edits it. The high roller's hand stays private, behind "My view" (and the DM).
            for seat in state.to_act():
                for action in state.legal_actions(seat):
                    # words only (no emoji): three fit one row on a phone
                    items.append(
                        TableButton(
                            action_id(table.id, v, action),
                            label=t(f"{CAT}.button.{action['choice']}", locale)[:80],
                            style=discord.ButtonStyle.primary,
                            row=0,
                        )
                    )
            items.append(self.my_view_button(table, locale))
        elif phase == "play":
            items += self.move_selects(table, view, locale)
        return items

    def move_selects(self, table: Table, view: dict, locale: str) -> list[discord.ui.Item]:
        """Hands are face up in play, so the table message itself offers every move: one select for the
        placements on both lines (row 0), one for the once-per-game actions (row 1); one press plays, and its
        answer edits the table. A select with more than 25 moves ends with options that open the full chooser for
        the rest of an end or an action."""
        seat, v = view["active_seat"], table.version
        legal = table.state.legal_actions(seat)
        groups = [
            ([colour[0] + side[0] for colour in COLOURS for side in SIDES], "⚪", t(f"{CAT}.select.place", locale)),
            (
                [name for name in MARKERS if name in view["unused_actions"][seat]],
                "⭐",
                t(f"{CAT}.select.markers", locale),
            ),
        ]
        items: list[discord.ui.Item] = []
        for number, (whats, emoji, placeholder) in enumerate(groups):
            by_what = [(what, self.options_in(legal, what)) for what in whats]
            by_what = [(what, actions) for what, actions in by_what if actions]
            if not by_what:
                continue
            options: list[discord.SelectOption] = []
            for index, (what, actions) in enumerate(by_what):
                room = PER_SELECT - len(options) - (len(by_what) - index - 1)  # a slot kept for each later group
                shown = actions if len(actions) <= room else actions[: room - 1]
                options += [
                    discord.SelectOption(
                        label=move_label(action, view, locale)[:100],
                        value=encode_move(action),
                        emoji=self.option_emoji(action),
                    )
                    for action in shown
                ]
                if len(shown) < len(actions):  # the rest in the full chooser for this end or action
                    options.append(
                        discord.SelectOption(
                            label=t(f"{CAT}.select.more", locale, count=len(actions) - len(shown))[:100],
                            value=f"+{what}",
                            emoji="➕",
                        )
                    )
            items.append(
                TableSelect(
                    ui_id(table.id, v, f"ms{v}.{number}", select=True),
                    options=options,
                    placeholder=f"{emoji} {placeholder}"[:150],
                    row=number,
                )
            )
        return items

    @staticmethod
    def option_emoji(action: dict) -> str:
        return LINE_EMOJI[action["line"]] if action["type"] == "place" else ACTION_EMOJI[action["type"]]

    # --- private boards --------------------------------------------------------------------------
    def private(self, table: Table, seat: int, locale: str) -> TableMessage:
        """What `seat` alone knows, with a picture of its own hand: before the lines are chosen, the high roller's
        hand (also in words); otherwise a line saying there is nothing private (the table shows everything)."""
        view = table.state.view(seat)
        embed = self.header(table, locale)
        embed.colour = COLOUR
        hand = view["hands"][seat] if view["phase"] in CHOOSING else None
        if hand is not None:
            tiles = " ".join(tile_text(tile, locale) for tile in hand)
            embed.description = "\n".join(
                [t(f"{CAT}.private.peek", locale), t(f"{CAT}.private.hand", locale, tiles=tiles)]
            )
        else:
            embed.description = t(f"{CAT}.private.{'hidden' if view['phase'] in CHOOSING else 'open'}", locale)
        return TableMessage(embed, image=Picture(draw_hand, (view,)), image_name="bossa.png")

    def private_news(self, table: Table, events: list[dict]) -> list[int]:
        """The high roller's peek starts with the game: their hand goes to them alone."""
        if table.state is None or not any(event.get("type") == "game_started" for event in events):
            return []
        view = table.public_view()
        return [view["high_seat"]] if view["phase"] == "choose" else []

    # --- the chooser -----------------------------------------------------------------------------
    def options(self, table: Table, seat: int, what: str) -> list[dict]:
        """The legal actions behind one chooser: an open end (`wu`, `bd`, ...) or an action marker."""
        return self.options_in(table.state.legal_actions(seat), what)

    @staticmethod
    def options_in(legal: list[dict], what: str) -> list[dict]:
        if what in MARKERS:
            return [a for a in legal if a["type"] == what]
        if len(what) == 2:
            return [a for a in legal if a["type"] == "place" and a["line"][0] == what[0] and a["side"][0] == what[1]]
        return []

    def chooser(self, table: Table, seat: int, what: str, page: int, locale: str) -> TableMessage:
        """An ephemeral message listing the tile groups for `what`; its components send the moves themselves."""
        view = table.state.view(seat)
        options = self.options(table, seat, what)
        if not options:
            raise TableError("nothing_to_choose", f"{CAT}.error.nothing")
        pages = max(1, -(-len(options) // PAGE))
        page = min(max(page, 0), pages - 1)
        shown = options[page * PAGE : (page + 1) * PAGE]
        embed = discord.Embed(colour=COLOUR, description=self.chooser_text(table, view, what, locale))
        hand = view["hands"][seat] or []
        embed.add_field(
            name=t(f"{GAME}.label.hand", locale),
            value=(" ".join(tile_text(tile, locale) for tile in hand) or "-")[:1024],
            inline=False,
        )
        if pages > 1:
            embed.set_footer(text=t(f"{CAT}.page", locale, page=page + 1, pages=pages, count=len(options)))
        v = table.version
        items: list[discord.ui.Item] = []
        if len(options) <= BUTTONS_UP_TO:
            for index, action in enumerate(shown):
                items.append(
                    TableButton(
                        ui_id(table.id, v, f"mv{v}.{encode_move(action)}"),
                        label=option_label(action, view, locale),
                        style=discord.ButtonStyle.primary,
                        row=index // 5,
                    )
                )
        else:
            for number in range(0, len(shown), PER_SELECT):
                chunk = shown[number : number + PER_SELECT]
                first = page * PAGE + number
                select_options = [
                    discord.SelectOption(label=option_label(action, view, locale)[:100], value=encode_move(action))
                    for action in chunk
                ]
                placeholder = t(f"{CAT}.placeholder", locale, first=first + 1, last=first + len(chunk))
                items.append(
                    TableSelect(
                        ui_id(table.id, v, f"ms{v}.{number // PER_SELECT}", select=True),
                        options=select_options,
                        placeholder=placeholder[:150],
                        row=number // PER_SELECT,
                    )
                )
            if pages > 1:
                items.append(
                    TableButton(
                        ui_id(table.id, v, f"pg.{what}.{page - 1}"),
                        label=t(f"{CAT}.previous", locale),
                        emoji="◀️",
                        disabled=page == 0,
                        row=4,
                    )
                )
                items.append(
                    TableButton(
                        ui_id(table.id, v, f"pg.{what}.{page + 1}"),
                        label=t(f"{CAT}.next", locale),
                        emoji="▶️",
                        disabled=page >= pages - 1,
                        row=4,
                    )
                )
        return TableMessage(embed, items=items)

    def chooser_text(self, table: Table, view: dict, what: str, locale: str) -> str:
        if what in MARKERS:
            other = seat_name(table, 1 - view["active_seat"], locale)
            return t(f"{CAT}.chooser.{what}", locale, other=other)
        colour = "white" if what[0] == "w" else "black"
        side = "up" if what[1] == "u" else "down"
        end = view["lines"][colour]["ends"][side] or {"value": "-", "sizes": []}
        return t(
            f"{CAT}.chooser.end",
            locale,
            emoji=LINE_EMOJI[colour],
            line=line_name(colour, locale),
            side=t(f"{GAME}.side.{side}", locale),
            arrow=ARROW[side],
            value=end["value"],
            sizes=sizes_text(end["sizes"], locale),
        )

    # --- presses ---------------------------------------------------------------------------------
    def acting_seat(self, interaction: discord.Interaction, table: Table) -> int:
        if table.state is None or table.status != "running":
            raise TableError("not_running")
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_player")
        if seat not in table.state.to_act() or table.public_view()["phase"] != "play":
            raise TableError("not_your_turn", "error.not_your_turn")
        return seat

    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values) -> bool:
        head, _, rest = name.partition(".")
        if head == "pg":
            what, _, page = rest.partition(".")
            if not (what in MARKERS or (len(what) == 2 and what[0] in "wb" and what[1] in "ud")):
                return False
            if not page.lstrip("-").isdigit():
                return False
            seat = self.acting_seat(interaction, table)
            board = self.chooser(table, seat, what, int(page), user_locale(interaction))
            await interaction.response.edit_message(**(await ready(board)).message_kwargs(editing=True))
            return True
        if head[:2] == "ms" and head[2:].isdigit() and values and values[0].startswith("+"):
            what = values[0][1:]  # "more": the full chooser for what the table's select could not list
            if not (what in MARKERS or (len(what) == 2 and what[0] in "wb" and what[1] in "ud")):
                return False
            seat = self.acting_seat(interaction, table)
            board = self.chooser(table, seat, what, 0, user_locale(interaction))
            await interaction.response.send_message(
                ephemeral=True, **(await ready(board)).message_kwargs(editing=False)
            )
            return True
        if head[:2] in ("mv", "ms") and head[2:].isdigit():
            if head.startswith("mv"):
                action = decode_move(rest)
            elif values and rest.isdigit():
                action = decode_move(values[0])
            else:
                return False
            if table.state is None or table.status != "running":
                raise TableError("not_running")
            await self.cog.press_action(interaction, table, int(head[2:]), action)
            return True
        return False


async def setup(bot: commands.Bot) -> None:
    cog = bot.get_cog("TableCog")
    cog.register(BossaPresenter(cog))
