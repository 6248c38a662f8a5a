"""The do-nothing buttons bench/run.py measures the games against: the plain floor (an edit), the picture floor (an
edit with a board's PNG) and the answer floor (a copy of a table message, answered with copies of the table messages
the game's moves were answered with), their messages, and the same button on a bot that has nothing else."""

from __future__ import annotations

import io
import random
from collections import Counter

import discord
from discord.ext import commands

from bench.host import PeopleApart, World
from bench.person import FLOOR_ID
from bench.under_measure import start
from cogs.ui import TableMessage


class Floor(discord.ui.DynamicItem[discord.ui.Button], template=r"bf:(?P<rest>.+)"):
    """The do-nothing button: answers each press by editing the message, nothing else. It is added to the bot under
    measure, so its presses cross the same client, gateway session and event loop as the games' presses."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="x"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"ok {interaction.id}")


# game -> the PNGs the picture floor answers with, in turn (`answering`): its first board's, then those of the
# moves' answers (`Samples`)
PICTURES: dict[str, list[bytes]] = {}
# game -> the messages the answer floor answers with, in turn: copies of the table messages its moves were answered
# with (`Samples`, `answer_board`); "<game>@opening": the copy of its opening's message alone
ANSWERS: dict[str, list[TableMessage]] = {}
_turns: Counter[str] = Counter()


def answering(answers: dict[str, list], name: str):
    """The next of `answers[name]`, in turn."""
    found = answers[name]
    _turns[name] += 1
    return found[_turns[name] % len(found)]


class PictureFloor(Floor, template=r"bp:(?P<game>[a-z_]+)"):
    """The do-nothing button that answers as a move does: the message edited with a picture attached, in turn each
    PNG of `PICTURES` (drawn before, never again): what Discord and its client cost a move's answer, nothing of the
    bot's own work."""

    async def callback(self, interaction: discord.Interaction) -> None:
        picture = answering(PICTURES, self.item.custom_id[3:])
        await interaction.response.edit_message(
            content=f"ok {interaction.id}", attachments=[discord.File(io.BytesIO(picture), filename="board.png")]
        )


class AnswerFloor(Floor, template=r"bq:(?P<game>[a-z_@]+):.*"):
    """The do-nothing button on a copy of a game's table message (same embed, components, picture), answering each
    press with the next message of `ANSWERS`: copies of the table messages the game's moves were answered with, so
    the floor carries what moves carry (a board mid-game has a select of moves and a fuller picture than the
    opening's). A move's press and answer as Discord and its client carry them (the message in the interaction, the
    answer's embed, components and picture), none of the bot's own work (engine, storage, drawing, presenting)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        board = answering(ANSWERS, self.item.custom_id.split(":")[1])
        await interaction.response.edit_message(**board.message_kwargs(editing=True))


class Samples:
    """Up to `size` of the table messages a game's moves were answered with, drawn uniformly from all of them
    (reservoir sampling, seeded): what the floors answer with. `record` is given each message the bot makes for a
    table of the game."""

    def __init__(self, game: str, size: int = 48) -> None:
        self.game, self.size, self.seen = game, size, 0
        self.boards: list[TableMessage] = []
        self._rng = random.Random(game)

    def record(self, board: TableMessage) -> None:
        self.seen += 1
        if len(self.boards) < self.size:
            self.boards.append(board)
        else:
            kept = self._rng.randrange(self.seen)
            if kept < self.size:
                self.boards[kept] = board


def answer_board(board: TableMessage, game: str, floor_id: str | None = None) -> TableMessage:
    """`board` (its picture drawn) with its components' ids made inert, their lengths kept: the first button is the
    answer floor's (one is added if the board has none), with `floor_id` when given (the same in every copy a floor
    answers with), the others are never pressed."""
    items: list[discord.ui.Item] = []
    floor = None
    for number, item in enumerate(board.items):
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        custom_id = inner.custom_id or ""
        if isinstance(inner, discord.ui.Button) and floor is None:
            copy = floor = AnswerFloor(floor_id or f"bq:{game}:{custom_id}"[:100])
            copy.item.label, copy.item.emoji, copy.item.style = inner.label, inner.emoji, inner.style
            copy.item.row = inner.row
        elif isinstance(inner, discord.ui.Button):
            copy = discord.ui.Button(
                custom_id=f"bx{number}:{custom_id}"[:100],
                label=inner.label,
                emoji=inner.emoji,
                style=inner.style,
                row=inner.row,
                disabled=inner.disabled,
            )
        else:
            copy = discord.ui.Select(
                custom_id=f"bx{number}:{custom_id}"[:100],
                options=inner.options,
                placeholder=inner.placeholder,
                row=inner.row,
                disabled=inner.disabled,
            )
        items.append(copy)
    if floor is None:  # a board without buttons (a finished game)
        items.append(AnswerFloor(floor_id or f"bq:{game}:"))
    return TableMessage(board.embed, image=board.image, image_name=board.image_name, items=items, content=board.content)


async def floor_message(world: World, bot, game: str | None = None, answer: str | None = None) -> int:
    """The do-nothing button's message, sent by `bot` in a channel of its own: its id. With `game`, the picture
    floor's for that game, its picture attached; with `answer` (a key of `ANSWERS`), that answer floor's (a copy of
    its first board)."""
    if answer:
        channel = await world.channel(bot, f"answer-{answer}")
        return (await channel.send(**ANSWERS[answer][0].message_kwargs(editing=False))).id
    channel = await world.channel(bot, f"floor-{game}" if game else "floor")
    view = discord.ui.View(timeout=None)
    view.add_item(PictureFloor(f"bp:{game}") if game else Floor(FLOOR_ID))
    view.stop()
    files = [discord.File(io.BytesIO(PICTURES[game][0]), filename="board.png")] if game else []
    return (await channel.send("floor", view=view, files=files)).id


async def standalone_floor(people: PeopleApart, seconds: float) -> float:
    """The same button on a bot that has nothing else (discord.py alone), pressed before the bot under measure
    starts: how much the bot's own client costs a press, for the ratios' second column."""
    floor_bot = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents(guilds=True))
    floor_bot.add_dynamic_items(Floor)
    discord.http.Route.BASE = people.api_base
    task = await start(people.token, floor_bot)
    message_id = await floor_message(people.world, floor_bot)
    await people.link.call("floor", message_id, 0.5)  # warm up, as the bot under measure is when its floor is
    run = await people.link.call("floor", message_id, seconds)
    await floor_bot.close()
    await task
    return run["presses"] / run["elapsed"]
