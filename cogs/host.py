"""Commands around the games: /help, /notify and /settings (Manage Server). /rules is cogs/rules.py; /stats and
/leaderboard are cogs/ratings.py."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import games
from bot import pace
from bot.i18n import LOCALES, has, t
from cogs import pacing
from cogs.common import user_locale

TIMERS = [30, 60, 90, 120, 180]
IDLE_LOBBY = [-1, 0, 10, 15, 30, 60, 120, 240]  # minutes; -1: the bot's default (BODOGE_LOBBY_IDLE_MINUTES), 0: never


def _idle_choice(minutes: int) -> app_commands.Choice[int]:
    if minutes == -1:
        return app_commands.Choice(name=_("bot default", key="settings.idle.default"), value=-1)
    if minutes == 0:
        return app_commands.Choice(name=_("never", key="settings.idle.never"), value=0)
    return app_commands.Choice(name=str(minutes), value=minutes)


NOTIFY_DELAYS = [0, 30, 60, 120, 300]  # seconds before a person is told it is their turn (0: never)
NOTIFY_MODES = ("channel", "dm", "off")


def notify_mode(settings: dict, table) -> str:
    """How a person is told it is their turn at this table: as they chose with /notify; unchosen, by DM at a
    turn-based table (option `pace`: a move every few hours, and nobody watches its channel meanwhile), else by a
    mention in the table's channel."""
    chosen = settings.get("notify")
    if chosen in NOTIFY_MODES:
        return chosen
    return "dm" if table.options.get("pace") else "channel"


def option_value(game: str, name: str, value, locale: str) -> str:
    """A table setting's value in words: its own catalogue entry, the pace's words, on/off, or the number."""
    paced = pacing.value_label(name, value, locale)
    if paced is not None:
        return paced
    key = f"{game}.option.{name}.{value}"
    if has(key, locale):
        return t(key, locale)
    if isinstance(value, bool):
        return t("lobby.on" if value else "lobby.off", locale)
    return "-" if value is None else str(value)


class HostCog(commands.Cog, name="HostCog"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.storage = bot.storage

    # --- /help ---------------------------------------------------------------------------------------
    @app_commands.command(name=_("help", key="cmd.help"), description=_("What this bot can do", key="cmd.help.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        names = ", ".join(games.get(g).name(locale) for g in games.ids())
        embed = discord.Embed(
            title=t("help.title", locale), description=t("help.body", locale, games=names), colour=0x2B6CB0
        )
        # the table's buttons that show only an emoji (a phone's row has room for little else), in words
        embed.add_field(name=t("describe.help_buttons_title", locale), value=t("describe.help_buttons", locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # --- /notify ---------------------------------------------------------------------------------
    @app_commands.command(
        name=_("notify", key="cmd.notify"), description=_("How you are told it is your turn", key="cmd.notify.desc")
    )
    @app_commands.rename(
        mode=_("mode", key="cmd.notify.mode.name"), board_text=_("board_text", key="cmd.notify.board_text.name")
    )
    @app_commands.describe(
        mode=_("In the table's channel, by DM, or not at all", key="cmd.notify.mode"),
        board_text=_("Add the whole board in words to each your-turn DM", key="cmd.notify.board_text"),
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name=_(mode, key=f"notify.mode.{mode}"), value=mode) for mode in NOTIFY_MODES]
    )
    async def notify(
        self, interaction: discord.Interaction, mode: str | None = None, board_text: bool | None = None
    ) -> None:
        """How a member is told it is their turn; with `board_text`, whether each your-turn DM also carries their
        seat's whole board in words (for a screen reader, or a glance without opening Discord's server)."""
        locale = user_locale(interaction)
        if mode is not None and mode not in NOTIFY_MODES:
            return await interaction.response.send_message(t("table.error.bad_option", locale), ephemeral=True)
        settings = await self.storage.user_settings(interaction.user.id)
        if mode is not None:
            settings["notify"] = mode
        if board_text is not None:
            settings["board_text"] = board_text
        if mode is not None or board_text is not None:
            await self.storage.set_user_settings(interaction.user.id, settings)
        current = settings.get("notify")
        text = (
            t("notify.current", locale, mode=t(f"notify.mode.{current}", locale))
            if current in NOTIFY_MODES
            else t(
                "notify.current_default",
                locale,
                mode=t("notify.mode.channel", locale),
                turn_based=t("notify.mode.dm", locale),
            )
        )
        if board_text is not None or settings.get("board_text"):
            on = settings.get("board_text", False)
            text += "\n" + t("describe.notify_board_text_on" if on else "describe.notify_board_text_off", locale)
        await interaction.response.send_message(text, ephemeral=True)

    # --- /settings --------------------------------------------------------------------------------
    @app_commands.command(
        name=_("settings", key="cmd.settings"),
        description=_("Server settings for the game tables", key="cmd.settings.desc"),
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.rename(
        language=_("language", key="cmd.settings.language"),
        threads=_("threads", key="cmd.settings.threads"),
        turn_timer=_("turn_timer", key="cmd.settings.turn_timer"),
        idle_lobby=_("idle_lobby_minutes", key="cmd.settings.idle_lobby"),
        notify_delay=_("notify_delay", key="cmd.settings.notify_delay"),
        pace_=_("pace", key="cmd.settings.pace"),
        hours=_("playing_hours", key="cmd.settings.hours"),
        timezone=_("timezone", key="cmd.settings.timezone"),
    )
    @app_commands.choices(
        language=[app_commands.Choice(name=_("server default", key="settings.language.auto"), value="auto")]
        + [app_commands.Choice(name=code, value=code) for code in LOCALES],
        turn_timer=[app_commands.Choice(name=str(s), value=s) for s in TIMERS],
        idle_lobby=[_idle_choice(m) for m in IDLE_LOBBY],
        notify_delay=[app_commands.Choice(name=str(s), value=s) for s in NOTIFY_DELAYS],
        pace_=[
            app_commands.Choice(name=_(pacing.pace_label(s, "en"), key=f"pace.choice.{s}"), value=s) for s in pace.PACES
        ],
        hours=[
            app_commands.Choice(
                name=_(pacing.hours_label(h, None, "en"), key=f"pace.choice.{h or 'all'}"), value=h or "all"
            )
            for h in pace.HOURS
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        threads: bool | None = None,
        turn_timer: int | None = None,
        idle_lobby: int | None = None,
        notify_delay: int | None = None,
        pace_: int | None = None,
        hours: str | None = None,
        timezone: str | None = None,
    ) -> None:
        locale = user_locale(interaction)
        permissions = interaction.permissions
        if not (permissions and permissions.manage_guild):
            return await interaction.response.send_message(t("settings.forbidden", locale), ephemeral=True)
        if (
            (language is not None and language not in ("auto", *LOCALES))
            or (turn_timer is not None and turn_timer not in TIMERS)
            or (idle_lobby is not None and idle_lobby not in IDLE_LOBBY)
            or (notify_delay is not None and notify_delay not in NOTIFY_DELAYS)
            or (pace_ is not None and pace_ not in pace.PACES)
            or (hours is not None and (hours if hours != "all" else "") not in pace.HOURS)
        ):
            # only a tampered client sends a value the command does not offer
            return await interaction.response.send_message(t("table.error.bad_option", locale), ephemeral=True)
        if timezone is not None and not pace.valid_zone(timezone):
            return await interaction.response.send_message(
                t("settings.bad_zone", locale, zone=timezone[:64]), ephemeral=True
            )
        current = await self.storage.guild_settings(interaction.guild_id)
        if pace_ is not None:
            current["pace"] = pace_
        if hours is not None:
            current["hours"] = "" if hours == "all" else hours
        if timezone is not None:
            current["zone"] = timezone
        if language is not None:
            current.pop("locale", None) if language == "auto" else current.update(locale=language)
        if threads is not None:
            current["threads"] = threads
        if turn_timer is not None:
            current.setdefault("timers", {})["turn_timeout"] = turn_timer
        if idle_lobby is not None:
            if idle_lobby == -1:
                current.pop("lobby_idle_minutes", None)
            else:
                current["lobby_idle_minutes"] = idle_lobby
        if notify_delay is not None:
            current["notify_delay"] = notify_delay
            self.bot.service.nudge_delays[interaction.guild_id] = notify_delay
        if any(
            v is not None for v in (language, threads, turn_timer, idle_lobby, notify_delay, pace_, hours, timezone)
        ):
            await self.storage.set_guild_settings(interaction.guild_id, current)
        idle = current.get("lobby_idle_minutes", self.bot.service.lobby_idle_minutes)
        embed = discord.Embed(
            title=t("settings.title", locale),
            description=t(
                "settings.current",
                locale,
                language=current.get("locale", t("settings.language.auto", locale)),
                threads=t("lobby.on" if current.get("threads", True) else "lobby.off", locale),
                timer=current.get("timers", {}).get("turn_timeout", t("settings.game_default", locale)),
                notify=current.get("notify_delay", int(self.bot.service.nudge_delay)) or t("lobby.off", locale),
            )
            + "\n"
            + t("settings.idle_line", locale, minutes=f"{idle:g}" if idle > 0 else t("settings.idle.never", locale))
            + "\n"
            + t(
                "settings.pace_line",
                locale,
                pace=pacing.pace_label(current.get("pace", 0), locale),
                hours=pacing.hours_label(
                    current.get("hours", ""),
                    current.get("zone") or pace.default_zone(str(interaction.guild_locale or locale)),
                    locale,
                ),
            ),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HostCog(bot))
