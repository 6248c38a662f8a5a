"""Skill ratings on Discord: /leaderboard, /stats (a member's ratings, their chart, best and recent games) and
/season_reset (Manage Server). Starts the rating service (bot/rating_service.py): the backfill at load, then each
finished game through the table service's listeners."""

from __future__ import annotations

import io
import time

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import games
from bot.i18n import has, normalise, t
from bot.rating_chart import describe_history, draw_history
from bot.rating_service import FIRST_SEASON, RatingService
from bot.ratings import OVERALL, PROVISIONAL_SIGMA, START_MU, START_SIGMA, ai_level_of, figure, person
from bot.render_pool import Picture, shared
from cogs.common import game_choices, user_locale

COLOUR = 0x2B6CB0
LEADERS = 10  # lines of a leaderboard: one phone screen
TREND_GAMES = 5  # a trend is the change over a player's last five games
GAMES_SHOWN = 5  # /stats: ratings of the most played games
BEST, RECENT = 3, 3
SCOPES = ("server", "overall")
CHART_FILE = "chart.png"


def player_name(row: dict, locale: str) -> str:
    """A person's last name seen at a table; an AI level in words."""
    level = ai_level_of(row["player"])
    if level is None:
        return row["name"]
    words = t(f"ai.level.{level}", locale) if has(f"ai.level.{level}", locale) else level
    return t("ratings.ai_name", locale, level=words)


def trend(now: int, start: int | None) -> str:
    if start is None or now == start:
        return "→"
    return f"▲{now - start}" if now > start else f"▼{start - now}"


class RatingsCog(commands.Cog, name="RatingsCog"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.storage = bot.storage
        self.ratings = RatingService(bot.storage)
        bot.ratings = self.ratings

    async def cog_load(self) -> None:
        for command in (self.leaderboard, self.stats):
            command._params["game"].choices = game_choices()
        self.bot.service.listen(self.ratings)
        self.bot.add_dynamic_items(SeasonConfirm)
        self.ratings.start_catch_up()  # the backfill: games finished before ratings existed, or while down

    async def cog_unload(self) -> None:
        self.bot.service.listeners.remove(self.ratings)
        self.bot.remove_dynamic_items(SeasonConfirm)
        self.ratings.stop()

    async def _scope(self, interaction: discord.Interaction, scope: str) -> tuple[int, int]:
        if scope == "overall":
            return OVERALL
        seasons = await self.storage.seasons(interaction.guild_id)
        return interaction.guild_id, seasons[-1][0] if seasons else FIRST_SEASON

    def _scope_words(self, scope: tuple[int, int], locale: str) -> str:
        if scope == OVERALL:
            return t("ratings.scope.overall", locale)
        return t("ratings.scope.server", locale, season=scope[1])

    async def _refuse(self, interaction: discord.Interaction, key: str) -> None:
        await interaction.response.send_message(t(key, user_locale(interaction)), ephemeral=True)

    # --- /leaderboard --------------------------------------------------------------------------
    @app_commands.command(
        name=_("leaderboard", key="ratings.cmd.leaderboard"),
        description=_("The best rated players of a game", key="ratings.cmd.leaderboard.desc"),
    )
    @app_commands.rename(game=_("game", key="cmd.play.game.name"), scope=_("scope", key="ratings.cmd.scope"))
    @app_commands.choices(
        scope=[app_commands.Choice(name=_(name, key=f"ratings.cmd.scope.{name}"), value=name) for name in SCOPES]
    )
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, scope: str = "server") -> None:
        locale = user_locale(interaction)
        if game not in games.ids():
            return await self._refuse(interaction, "table.error.no_game")
        if scope not in SCOPES:
            return await self._refuse(interaction, "table.error.bad_option")
        where = await self._scope(interaction, scope)
        rows = await self.storage.leaderboard(game, *where, limit=LEADERS)
        starts = await self.storage.recent_changes(game, *where, [row["player"] for row in rows], TREND_GAMES)
        lines = []
        for rank, row in enumerate(rows, 1):
            now = figure(row["mu"], row["sigma"])
            start = starts.get(row["player"])
            lines.append(
                t(
                    "ratings.leader_line",
                    locale,
                    rank=rank,
                    name=discord.utils.escape_markdown(player_name(row, locale)),
                    figure=now,
                    provisional="?" if row["sigma"] > PROVISIONAL_SIGMA else "",
                    games=row["games"],
                    trend=trend(now, None if start is None else figure(*start)),
                )
            )
        embed = discord.Embed(
            title=t("ratings.leaderboard_title", locale, game=games.get(game).name(locale)),
            description="\n".join(lines) or t("ratings.no_games", locale),
            colour=COLOUR,
        )
        embed.set_footer(text=self._scope_words(where, locale) + " · " + t("ratings.leaderboard_note", locale))
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    # --- /stats -------------------------------------------------------------------------------
    @app_commands.command(
        name=_("stats", key="cmd.stats"),
        description=_("A member's ratings, their history, best and recent games", key="ratings.cmd.stats.desc"),
    )
    @app_commands.rename(
        game=_("game", key="cmd.play.game.name"),
        member=_("member", key="cmd.member"),
        scope=_("scope", key="ratings.cmd.scope"),
    )
    @app_commands.choices(
        scope=[app_commands.Choice(name=_(name, key=f"ratings.cmd.scope.{name}"), value=name) for name in SCOPES]
    )
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        member: discord.Member | None = None,
        scope: str = "server",
    ) -> None:
        locale = user_locale(interaction)
        if game is not None and game not in games.ids():
            return await self._refuse(interaction, "table.error.no_game")
        if scope not in SCOPES:
            return await self._refuse(interaction, "table.error.bad_option")
        who = member or interaction.user
        where = await self._scope(interaction, scope)
        player = person(who.id)
        rated = await self.storage.player_ratings(player, *where)
        embed = discord.Embed(
            title=t("ratings.stats_title", locale, name=who.display_name),
            colour=COLOUR,
        )
        embed.set_footer(text=self._scope_words(where, locale))
        if game is None and rated:
            game = rated[0]["game"]  # the most played
        shown = next((row for row in rated if row["game"] == game), None)
        if shown is None:
            embed.description = t("ratings.stats_none", locale)
            return await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        embed.description = "\n".join(
            t(
                "ratings.stats_line",
                locale,
                game=games.get(row["game"]).name(locale),
                figure=figure(row["mu"], row["sigma"]),
                provisional="?" if row["sigma"] > PROVISIONAL_SIGMA else "",
                games=row["games"],
                wins=row["wins"],
            )
            for row in rated[:GAMES_SHOWN]
        )
        history = await self.storage.rating_history(player, *where, game)
        embed.add_field(
            name=t("ratings.best", locale, game=games.get(game).name(locale)),
            value="\n".join(self._game_line(entry, locale) for entry in self._best(history)) or "-",
            inline=False,
        )
        embed.add_field(
            name=t("ratings.recent", locale),
            value="\n".join(self._game_line(entry, locale) for entry in reversed(history[-RECENT:])) or "-",
            inline=False,
        )
        points = (
            [figure(history[0]["mu_before"], history[0]["sigma_before"])]
            if history
            else [figure(START_MU, START_SIGMA)]
        )
        points += [figure(entry["mu"], entry["sigma"]) for entry in history]
        wins = [entry["won"] for entry in history]
        chart = await shared().draw(Picture(draw_history, (points, wins)))
        words = describe_history(points, wins, who.display_name, games.get(game).name(locale), locale)
        embed.set_image(url=f"attachment://{CHART_FILE}")
        await interaction.response.send_message(
            embed=embed,
            file=discord.File(io.BytesIO(chart), filename=CHART_FILE, description=words),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @staticmethod
    def _best(history: list[dict]) -> list[dict]:
        """The games that raised the figure most, the biggest first (a place ahead of others counts where the game
        ranks every player)."""
        gains = [entry for entry in history if _gain(entry) > 0]
        return sorted(gains, key=lambda entry: (-_gain(entry), entry["at"]))[:BEST]

    @staticmethod
    def _game_line(entry: dict, locale: str) -> str:
        gain = _gain(entry)
        return t(
            "ratings.game_line",
            locale,
            outcome=t(_outcome(entry, gain), locale),
            change=f"{gain:+d}",
            when=f"<t:{int(entry['at'])}:R>",
        )

    # --- /season_reset ------------------------------------------------------------------------
    @app_commands.command(
        name=_("season_reset", key="ratings.cmd.season_reset"),
        description=_("Start a new rating season on this server", key="ratings.cmd.season_reset.desc"),
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def season_reset(self, interaction: discord.Interaction) -> None:
        """Asks first (a button, private): a new season empties this server's leaderboard."""
        locale = user_locale(interaction)
        permissions = interaction.permissions
        if not (permissions and permissions.manage_guild):
            return await self._refuse(interaction, "ratings.season_forbidden")
        current = await self._current_season(interaction.guild_id)
        confirm = SeasonConfirm(
            f"sr:{interaction.guild_id}:{current}", label=t("ratings.season_confirm_button", locale, season=current + 1)
        )
        await interaction.response.send_message(
            t("ratings.season_confirm", locale, season=current + 1, previous=current),
            view=discord.ui.View(timeout=None).add_item(confirm),
            ephemeral=True,
        )

    async def _current_season(self, guild_id: int | None) -> int:
        seasons = await self.storage.seasons(guild_id)
        return seasons[-1][0] if seasons else FIRST_SEASON

    async def confirm_season(self, interaction: discord.Interaction, guild_id: int, shown: int) -> None:
        """The confirmation's press: the next season starts once, from the season the question named (a second press,
        or one after another admin started it, changes nothing)."""
        permissions = interaction.permissions
        if interaction.guild_id != guild_id or not (permissions and permissions.manage_guild):
            return await self._refuse(interaction, "ratings.season_forbidden")
        locale = user_locale(interaction)
        if await self._current_season(guild_id) != shown:
            return await interaction.response.edit_message(
                content=t("ratings.season_already", locale, season=shown + 1), view=None
            )
        season = await self.storage.start_season(guild_id, time.time())
        await interaction.response.edit_message(content=t("ratings.season_done", locale, season=season), view=None)
        announced = interaction.guild.preferred_locale if interaction.guild else locale
        if isinstance(interaction.channel, discord.abc.Messageable):  # the channel is told (the question was private)
            await interaction.channel.send(
                t("ratings.season_started", normalise(announced), season=season, previous=season - 1),
                allowed_mentions=discord.AllowedMentions.none(),
            )


class SeasonConfirm(discord.ui.DynamicItem[discord.ui.Button], template=r"sr:(?P<guild>\d+):(?P<season>\d+)"):
    """/season_reset's confirmation: the server and the season it would end, so a press after a restart still works
    and a second press starts nothing."""

    def __init__(self, custom_id: str, *, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label, style=discord.ButtonStyle.danger))
        match = self.template.fullmatch(custom_id)
        self.guild_id, self.season = int(match["guild"]), int(match["season"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("RatingsCog").confirm_season(interaction, self.guild_id, self.season)


def _outcome(entry: dict, gain: int) -> str:
    """A game in a word: won; else ahead of others where the game's final order raised the figure; else lost."""
    if entry["won"]:
        return "ratings.won"
    return "ratings.ahead" if gain > 0 else "ratings.lost"


def _gain(entry: dict) -> int:
    return figure(entry["mu"], entry["sigma"]) - figure(entry["mu_before"], entry["sigma_before"])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RatingsCog(bot))
