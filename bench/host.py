"""The bench's process's side of the people's process (bench/people.py): the bot under measure makes tables and
channels in a fake Discord that runs there (`World`), and tells the people each change its table service commits
(`PeopleApart`, a listener writing `States`)."""

from __future__ import annotations

import array
import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import games
from bench.link import Link
from bench.people import started
from bench.states import States
from bot import render_pool
from bot.tables import TableListener


class World:
    """A guild, four people, and numbered channels for tables, in a fake Discord that makes a channel when asked
    (`add_channel`: a name -> the channel's id; in this process, or in the people's)."""

    def __init__(self, guild_id: int, users: list[tuple[int, str]], add_channel) -> None:
        self.guild_id, self.users, self.add_channel = guild_id, users, add_channel
        self.channels = 0

    async def channel(self, bot, name: str):
        """A new channel, once the bot knows it (has had its CHANNEL_CREATE)."""
        channel_id = await self.add_channel(name)
        deadline = time.perf_counter() + 60
        while bot.get_channel(channel_id) is None:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"the bot never saw channel {channel_id}")
            await asyncio.sleep(0.005)
        return bot.get_channel(channel_id)

    async def table(self, bot, game: str):
        """A running table of `game` (people only, as few as the game allows, at least two) and its board message's
        id."""
        cog = bot.get_cog("TableCog")
        self.channels += 1
        channel = await self.channel(bot, f"t{self.channels}")
        players = max(2, games.get(game).min_players)
        (host_id, host_name), *others = self.users[:players]
        table = await bot.service.open(
            game, guild_id=self.guild_id, channel_id=channel.id, host_id=host_id, host_name=host_name
        )
        for user_id, name in others:
            await bot.service.join(table.id, user_id, name)
        await bot.service.start(table.id, host_id)
        board = await render_pool.ready(cog.public_message(table))
        message = await channel.send(**board.message_kwargs(editing=False))
        await bot.service.set_message(table, channel.id, message.id)
        return table, message.id


class PeopleApart(TableListener):
    """The people's process as this process sees it: the link to it, the World in its fake Discord (`token` and
    `api_base` for the bot), and `tell`, which writes a table's state where the people read it."""

    def __init__(self, link: Link, hello: dict, states: States) -> None:
        self.link, self.states = link, states
        self.token, self.api_base = hello["bot_token"], hello["api_base"]
        self.world = World(hello["guild_id"], hello["users"], lambda name: link.call("channel", name))
        self.bot = None
        self.tell_times = array.array("d")  # the time each change took to tell the people, on this loop
        self.opening_cpu = 0.0  # this process's CPU spent opening tables for people who found theirs finished

    def tell(self, table) -> None:
        started_at = time.perf_counter()
        self.states.tell(table)
        self.tell_times.append(time.perf_counter() - started_at)

    async def on_change(self, table, events) -> None:  # told by the bot's table service
        self.tell(table)

    def watch(self, bot) -> None:
        """Tell the people every change `bot`'s table service commits; called before the bot starts, so that the
        people know a change before the bot's cogs show it."""
        self.bot = bot
        bot.service.listen(self)

    async def table(self, game: str) -> tuple:
        """A new table of `game` at the bot under measure, told to the people before its ids: (table id, game, board
        message id), what the people's `mirror` takes."""
        table, message_id = await self.world.table(self.bot, game)
        self.tell(table)
        return table.id, table.game, message_id


@contextlib.asynccontextmanager
async def people_apart(folder: Path) -> AsyncIterator[PeopleApart]:
    """The people's process started, and this process's side of it; a person who finds a table finished gets a new
    one of its game from here."""
    apart: list[PeopleApart] = []

    async def replace(game: str) -> tuple:
        cpu = time.process_time()
        try:
            return await apart[0].table(game)
        finally:
            apart[0].opening_cpu += time.process_time() - cpu

    # in memory (tmpfs), where a store into a shared map never waits for the page's writeback to disk
    states_path = Path("/dev/shm" if os.path.isdir("/dev/shm") else folder) / f"bodoge-bench-{os.getpid()}.states"
    async with started({"replace": replace}, states_path) as (link, _):
        hello = await link.call("world")
        states = States(states_path, [user_id for user_id, _ in hello["users"]])
        states_path.unlink()  # both processes have it mapped
        apart.append(PeopleApart(link, hello, states))
        try:
            yield apart[0]
        finally:
            states.close()
