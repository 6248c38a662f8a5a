"""How a game looks on Discord. Each game cog provides a Presenter; `Presenter` itself is a plain fallback that
shows the public view and offers the acting seats' legal actions as buttons, so any engine is playable.

Presenters only read: they turn a table (and its engine's views) into messages (`TableMessage`). Rules stay in
games/."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Container, Sequence
from typing import TYPE_CHECKING

import discord

from bot import codec, pace
from bot.describe import Scene, fit, full, generic_sentences
from bot.faces import face
from bot.faces.text import SEAT_MARKS, format_event, seat_name  # noqa: F401 (re-exported)
from bot.i18n import has, normalise, t
from bot.render_pool import Picture
from bot.tables import Table
from cogs import pacing
from cogs.ui import TableButton, TableMessage, action_id, ui_id

if TYPE_CHECKING:
    from cogs.table import TableCog

COLOUR = 0x2B6CB0


LINE_COLUMNS = 44  # what one line of an embed holds on a phone, counting a CJK character or an emoji as two
CLOCK_COLUMNS = 20  # " · ⏱️ in 30 seconds" as Discord shows the timestamp


def clock_columns(clock: str) -> int:
    """Columns the clock takes on the status line: a Discord timestamp shows as about 14 ("in 30 seconds")."""
    if clock.startswith("⏱️"):
        return CLOCK_COLUMNS
    return columns(re.sub(r"<t:\d+:R>", "x" * 14, clock)) + 3


def columns(text: str) -> int:
    """The width of a line of text on a phone in Latin letters: a wide character (CJK, emoji) counts two, a
    combining mark or an emoji's variation selector nothing."""
    return sum(
        0
        if unicodedata.combining(c) or c == "\ufe0f"
        else 2
        if unicodedata.east_asian_width(c) in "WF" or ord(c) > 0x1F000
        else 1
        for c in text
    )


def last_events(table: Table, limit: int, skip: Container[str] = ()) -> list[dict]:
    """The last `limit` events of the table's recent actions (oldest first), leaving out types in `skip`: only these
    are formatted (a board shows a few lines of up to 8 actions' events)."""
    picked: list[dict] = []
    for _seat, events in reversed(table.recent):
        for event in reversed(events):
            if event["type"] not in skip:
                picked.append(event)
                if len(picked) == limit:
                    return picked[::-1]
    return picked[::-1]


def recent_lines(table: Table, locale: str, limit: int = 6) -> list[str]:
    return [format_event(table, event, locale) for event in last_events(table, limit)]


def button_label(table: Table, action: dict, locale: str) -> str:
    """The fallback presenter's button for `action`: the catalogue's words for its type, else its code (80 characters
    at most, Discord's limit)."""
    key = f"{table.game}.action.{action['type']}"
    return (t(key, locale, **action) if has(key, locale) else codec.encode(action))[:80]


PRESENTERS: dict[str, type[Presenter]] = {}
"""Each game's presenter class by game id, registered by its cog module (cogs/<id>.py) with `@presents`."""


def presents(cls: type[Presenter]) -> type[Presenter]:
    """Register `cls` as its game's presenter class (`PRESENTERS`)."""
    PRESENTERS[cls.game_id] = cls
    return cls


class Presenter:
    game_id = ""

    @property
    def drawing(self) -> Callable[[dict, str], bytes] | None:
        """The public board's picture from the public view and a locale: its face's (bot.faces)."""
        return face(self.game_id).draw_board if self.game_id else None

    def __init__(self, cog: TableCog) -> None:
        self.cog = cog

    # --- boards in words (bot/describe.py) ---------------------------------------------------
    def scene(self, table: Table, seat: int | None, locale: str) -> Scene:
        state = table.started_state
        result = state.result() if state.finished else {}
        return Scene(
            game=table.game,
            view=table.public_view() if seat is None else state.view(seat),
            seat=seat,
            names=[seat_name(table, n, locale) for n in range(len(table.seats))],
            locale=locale,
            to_act=[s for s in state.to_act() if s >= 0] if not state.finished else [],
            last=recent_lines(table, locale, 2),
            finished=state.finished,
            winners=list(result.get("winners", [])),
        )

    def sentences(self, table: Table, seat: int | None, locale: str) -> list[str]:
        """The board in sentences for `seat`'s reader (None: the public board), from its face's `describe`."""
        scene = self.scene(table, seat, locale)
        describe = face(table.game).describe
        return describe(scene) if describe is not None else generic_sentences(scene)

    def described(
        self, board: TableMessage, table: Table, seat: int | None, locale: str, lead: Sequence[str] = ()
    ) -> TableMessage:
        """`board` with its picture's description, for `seat`'s reader: `lead` first (what this picture is, when it
        is not the board itself: a chooser's numbered placements), then the board in sentences."""
        if table.state is not None and board.__dict__.get("image") is not None:
            board.description = fit([*lead, *self.sentences(table, seat, locale)])
        return board

    def read_text(self, table: Table, seat: int | None, locale: str) -> str:
        """The whole board in plain sentences, one a line, for `seat`'s reader ("read the board"; no length
        limit)."""
        return full(self.sentences(table, seat, locale))

    # --- boards ------------------------------------------------------------------------------
    def header(self, table: Table, locale: str) -> discord.Embed:
        embed = discord.Embed(title=t("table.title", locale, game=table.spec.name(locale), id=table.id), colour=COLOUR)
        return embed

    def framed(self, table: Table, locale: str, colour: int, lines: list[str]) -> discord.Embed:
        """The common start of a game's public embed: title, colour, then `lines` (the status line first, then the
        last event or two), the clock on the status line while a deadline runs, and the winners once finished."""
        embed = self.header(table, locale)
        embed.colour = colour
        lines = [line for line in lines if line]
        clock = self.clock(table, locale)
        if clock and lines and columns(lines[0]) + clock_columns(clock) <= LINE_COLUMNS:
            lines[0] = f"{lines[0]} · {clock}"  # it still fits the status line's one phone line
        elif clock:
            lines.insert(1, clock)
        embed.description = "\n".join([*lines, *self.status_lines(table, locale)]) or None
        return embed

    def clock(self, table: Table, locale: str) -> str | None:
        """The deadline while one runs; a turn-based table's pace and due time (cogs/pacing.py)."""
        if table.status != "running":
            return None
        if pace.is_turn_based(table.options):
            return pacing.clock_line(table, self.cog.service.clock(), locale)
        deadline = self.cog.deadlines.get(table.id)
        return t("table.deadline", locale, when=f"<t:{int(deadline)}:R>") if deadline else None

    def status_lines(self, table: Table, locale: str) -> list[str]:
        """The result once finished (one line), or the cancellation."""
        if table.status == "finished":
            result = table.state.result()
            names = ", ".join(seat_name(table, s, locale) for s in result.get("winners", [])) or t(
                "table.nobody", locale
            )
            return [t("table.winners", locale, names=names)]
        if table.status == "cancelled":
            return [t("table.cancelled", locale)]
        return []

    def seats_field(self, table: Table, locale: str) -> str:
        acting = set(table.state.to_act()) if table.state is not None and not table.state.finished else set()
        lines = []
        for seat in range(len(table.seats)):
            marker = " ⏳" if seat in acting else ""
            lines.append(seat_name(table, seat, locale) + marker)
        return "\n".join(lines) or "-"

    def public(self, table: Table, locale: str) -> TableMessage:
        """The public table message while running or finished."""
        embed = self.header(table, locale)
        embed.add_field(name=t("table.seats", locale), value=self.seats_field(table, locale), inline=True)
        public = table.public_view()
        embed.add_field(
            name=t("table.board", locale),
            value=f"```json\n{json.dumps(public, ensure_ascii=False)[:900]}\n```",
            inline=False,
        )
        self.add_recent(embed, table, locale)
        self.add_status(embed, table, locale)
        return TableMessage(
            embed, items=self.buttons(table, locale) if not table.state.finished else self.finished_items(table, locale)
        )

    def board_picture(self, table: Table) -> Picture | None:
        """The picture `board` attaches (None: none), from the state alone: drawn ahead while an action commits."""
        if self.drawing is None:
            return None
        return Picture(self.drawing, (table.public_view(), normalise(table.locale)))  # in the table's language

    def add_recent(self, embed: discord.Embed, table: Table, locale: str) -> None:
        lines = recent_lines(table, locale)
        if lines:
            embed.add_field(name=t("table.recent", locale), value="\n".join(lines)[:1024], inline=False)

    def add_status(self, embed: discord.Embed, table: Table, locale: str) -> None:
        lines = [*([embed.description] if embed.description else []), *self.status_lines(table, locale)]
        clock = self.clock(table, locale)
        embed.description = "\n".join([*lines, *([clock] if clock else [])]) or None

    def buttons(self, table: Table, locale: str) -> list[discord.ui.Item]:
        """Fallback: every legal action of the acting seats, then "my view"."""
        seen: list[dict] = []
        for seat in table.state.to_act():
            for action in table.state.legal_actions(seat):
                if action not in seen:
                    seen.append(action)
        items: list[discord.ui.Item] = [
            TableButton(
                action_id(table.id, table.version, a),
                label=button_label(table, a, locale),
                style=discord.ButtonStyle.primary,
                row=n // 5,
            )
            for n, a in enumerate(seen[:10])
        ]
        items.append(self.my_view_button(table, locale))
        return items

    def my_view_button(self, table: Table, locale: str) -> TableButton:
        return TableButton(
            ui_id(table.id, table.version, "view"),
            label=t("table.my_view", locale),
            emoji="👁️",
            style=discord.ButtonStyle.secondary,
            row=2,
        )

    def finished_items(self, table: Table, locale: str) -> list[discord.ui.Item]:
        return []

    def private(self, table: Table, seat: int, locale: str) -> TableMessage:
        """What `seat` alone may see (ephemeral or DM). Fallback: its view as text."""
        embed = self.header(table, locale)
        embed.description = t("table.private_note", locale)
        embed.add_field(
            name=t("table.your_view", locale),
            value=f"```json\n{json.dumps(table.state.view(seat), ensure_ascii=False)[:900]}\n```",
        )
        return TableMessage(embed)

    def spectator(self, table: Table, locale: str) -> TableMessage:
        board = self.public(table, locale)
        board.items = []
        return board

    # --- hooks -------------------------------------------------------------------------------
    async def on_ui(self, interaction: discord.Interaction, table: Table, name: str, values: list[str] | None) -> bool:
        """A presenter-specific UI step (`u.<name>`); return False when the name is unknown."""
        return False

    def reaction_action(self, table: Table, emoji: str) -> dict | None:
        """An engine action that a reaction on the table message stands for (e.g. 🚨 -> call)."""
        return None

    def private_news(self, table: Table, events: list[dict]) -> list[int]:
        """Seats whose private view just changed in a way worth a DM (with a link back to the table)."""
        return []
