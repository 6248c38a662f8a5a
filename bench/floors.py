"""The do-nothing buttons bench/run.py measures the games against: the plain floor (an edit), the picture floor (an
edit with a board's PNG) and the answer floor (a copy of a table message answered with itself), their messages, and
the same button on a bot that has nothing else."""

from __future__ import annotations

import io

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


PICTURES: dict[str, bytes] = {}  # game -> a board's PNG, which the picture floor answers with


class PictureFloor(Floor, template=r"bp:(?P<game>[a-z_]+)"):
    """The do-nothing button that answers as a move does: the message edited with a picture attached, the game's
    first board's PNG (drawn before, never again): what Discord and its client cost a move's answer, nothing of
    the bot's own work."""

    async def callback(self, interaction: discord.Interaction) -> None:
        picture = PICTURES[self.item.custom_id[3:]]
        await interaction.response.edit_message(
            content=f"ok {interaction.id}", attachments=[discord.File(io.BytesIO(picture), filename="board.png")]
        )


# game -> its table message (picture drawn, ids made inert), which the answer floor answers with
ANSWERS: dict[str, TableMessage] = {}


class AnswerFloor(Floor, template=r"bq:(?P<game>[a-z_]+):.*"):
    """The do-nothing button on a copy of a game's table message (same embed, components, picture), answering each
    press with that same message: a move's press and answer as Discord and its client carry them (the message in
    the interaction, the answer's embed, components and picture), none of the bot's own work (engine, storage,
    drawing, presenting)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            **ANSWERS[self.item.custom_id.split(":")[1]].message_kwargs(editing=True)
        )


def answer_board(board: TableMessage, game: str) -> TableMessage:
    """`board` (its picture drawn) with its components' ids made inert, their lengths kept: the first button is the
    answer floor's (one is added if the board has none), the others are never pressed."""
    items: list[discord.ui.Item] = []
    floor = None
    for number, item in enumerate(board.items):
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        custom_id = inner.custom_id or ""
        if isinstance(inner, discord.ui.Button) and floor is None:
            copy = floor = AnswerFloor(f"bq:{game}:{custom_id}"[:100])
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
        items.append(AnswerFloor(f"bq:{game}:"))
    return TableMessage(board.embed, image=board.image, image_name=board.image_name, items=items, content=board.content)


async def floor_message(world: World, bot, game: str | None = None, answer: bool = False) -> int:
    """The do-nothing button's message, sent by `bot` in a channel of its own: its id. With `game`, the picture
    floor's for that game, its picture attached; with `answer` too, the answer floor's (a copy of its board)."""
    if answer:
        channel = await world.channel(bot, f"answer-{game}")
        return (await channel.send(**ANSWERS[game].message_kwargs(editing=False))).id
    channel = await world.channel(bot, f"floor-{game}" if game else "floor")
    view = discord.ui.View(timeout=None)
    view.add_item(PictureFloor(f"bp:{game}") if game else Floor(FLOOR_ID))
    view.stop()
    files = [discord.File(io.BytesIO(PICTURES[game]), filename="board.png")] if game else []
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
