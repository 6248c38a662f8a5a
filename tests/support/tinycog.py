"""The tiny test game's presenter: the plain fallback, plus a DM of each player's secret at the start."""

from discord.ext import commands

from cogs.presenter import Presenter


class TinyPresenter(Presenter):
    game_id = "tiny"

    def private_news(self, table, events):
        if any(e["type"] == "game_started" for e in events):
            return list(range(len(table.seats)))
        return []


async def setup(bot: commands.Bot) -> None:
    bot.get_cog("TableCog").register(TinyPresenter(bot.get_cog("TableCog")))
