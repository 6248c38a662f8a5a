"""Tiny's Discord module (as cogs/<id>.py is for a real game): its presenter, the plain fallback plus a DM
of each player's secret at the start, and `setup`, which discord.py calls when the extension loads (a real game's
`cogs.<id>` is loaded by cogs.client for every game; this one through `extra_cogs`)."""

from discord.ext import commands

from cogs.presenter import Presenter, presents


@presents
class TinyPresenter(Presenter):
    game_id = "tiny"

    def private_news(self, table, events):
        if any(e["type"] == "game_started" for e in events):
            return list(range(len(table.seats)))
        return []


async def setup(bot: commands.Bot) -> None:
    bot.get_cog("TableCog").register(TinyPresenter(bot.get_cog("TableCog")))
