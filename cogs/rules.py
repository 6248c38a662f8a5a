"""/rules GAME: the game's whole rule set as short private pages, each with a picture the game's own presenter draws
from a real engine position (bot/rules_pages.py), turned with ◀ ▶ or picked from a select.

A pager's custom_ids carry the game, a digest of its pages, the member who opened it and the page: every press works
after a restart; a press by someone else, or on pages changed since, is refused privately and changes nothing. With
`BODOGE_RULES_URL` set, a link button opens the full text (`<url>/<game's rules file>`); unset, there is none."""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import games
from bot import lessons, rules_pages
from bot.describe import fit
from bot.i18n import t
from bot.render_pool import Picture, ready
from cogs.common import game_choices, user_locale
from cogs.gallery import presenter_for, table_for
from cogs.learn import learn_button
from cogs.ui import TableMessage

COLOUR = 0x2B6CB0
TURN_TEMPLATE = (
    r"rp:(?P<game>[a-z_]{1,24}):(?P<digest>[0-9a-f]{6}):(?P<user>[0-9]{1,20}):(?P<page>[0-9]{1,3}):(?P<way>[pn])"
)
PICK_TEMPLATE = r"rq:(?P<game>[a-z_]{1,24}):(?P<digest>[0-9a-f]{6}):(?P<user>[0-9]{1,20})"


@cache
def page_picture(game: str, index: int, locale: str) -> Picture | bytes | None:
    """The page's picture as the game's presenter draws its position (the table's view, or one seat's)."""
    page = rules_pages.pages(game)[index]
    table = table_for(game, rules_pages.reach(game, page.position))
    table.locale = locale
    presenter = presenter_for(game)
    seat = page.position.seat
    board = presenter.public(table, locale) if seat is None else presenter.private(table, seat, locale)
    return board.pending_picture() or board.__dict__.get("image")


def page_board(game: str, index: int, user_id: int, locale: str, full_text_url: str | None = None) -> TableMessage:
    """Page `index` of `game` for the member `user_id`: its words, its picture, and the pager's controls."""
    pages = rules_pages.pages(game)
    page, digest = pages[index], rules_pages.digest(game)
    embed = discord.Embed(
        title=t(
            "rules_pager.title",
            locale,
            game=games.get(game).name(locale),
            number=index + 1,
            count=len(pages),
            title=t(page.key("title"), locale),
        ),
        description=t(page.key("body"), locale),
        colour=COLOUR,
    )
    stem = f"{game}:{digest}:{user_id}"
    items: list[discord.ui.Item] = [
        PageTurn(f"rp:{stem}:{max(index - 1, 0)}:p", emoji="◀️", disabled=index == 0),
        PageTurn(f"rp:{stem}:{min(index + 1, len(pages) - 1)}:n", emoji="▶️", disabled=index == len(pages) - 1),
    ]
    if full_text_url:
        url = f"{full_text_url.rstrip('/')}/{games.get(game).rules_file}"
        items.append(
            discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=t("rules_pager.full_text", locale), row=0)
        )
    if lessons.available(game):
        items.append(learn_button(game, locale))
    options = [
        discord.SelectOption(label=f"{n + 1}. {t(other.key('title'), locale)}"[:100], value=str(n), default=n == index)
        for n, other in enumerate(pages[:25])
    ]
    items.append(PagePick(f"rq:{stem}", options=options, placeholder=t("rules_pager.pick", locale)))
    # the page's words say what its picture shows: they are its description for a screen reader
    words = fit([t(page.key("title"), locale), t(page.key("body"), locale)])
    return TableMessage(
        embed, image=page_picture(game, index, locale), image_name=f"{game}.png", items=items, description=words
    )


class PageTurn(discord.ui.DynamicItem[discord.ui.Button], template=TURN_TEMPLATE):
    def __init__(self, custom_id: str, *, emoji: str | None = None, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=custom_id, emoji=emoji, style=discord.ButtonStyle.secondary, disabled=disabled, row=0
            )
        )
        match = self.template.fullmatch(custom_id)
        self.game, self.digest, self.user, self.page = (
            match["game"],
            match["digest"],
            int(match["user"]),
            int(match["page"]),
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("RulesCog").turn(interaction, self.game, self.digest, self.user, self.page)


class PagePick(discord.ui.DynamicItem[discord.ui.Select], template=PICK_TEMPLATE):
    def __init__(
        self, custom_id: str, *, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder,
                row=1,
            )
        )
        match = self.template.fullmatch(custom_id)
        self.game, self.digest, self.user = match["game"], match["digest"], int(match["user"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        page = int(values[0]) if values and values[0].isdigit() else -1
        await interaction.client.get_cog("RulesCog").turn(interaction, self.game, self.digest, self.user, page)


class RulesCog(commands.Cog, name="RulesCog"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        config = getattr(bot, "config", None)
        self.full_text_url = getattr(config, "rules_url", None)
        self.reply_seconds = getattr(config, "reply_seconds", 8.0)

    async def cog_load(self) -> None:
        self.rules._params["game"].choices = game_choices()
        self.bot.add_dynamic_items(PageTurn, PagePick)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PageTurn, PagePick)

    @app_commands.command(
        name=_("rules", key="cmd.rules"), description=_("The rules, page by page, with pictures", key="cmd.rules.desc")
    )
    @app_commands.rename(game=_("game", key="cmd.play.game.name"))
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        locale = user_locale(interaction)
        if not rules_pages.available(game):
            return await self.refuse(interaction, "table.error.no_game")
        board = await ready(page_board(game, 0, interaction.user.id, locale, self.full_text_url))
        await interaction.response.send_message(ephemeral=True, **board.message_kwargs(editing=False))

    async def turn(self, interaction: discord.Interaction, game: str, digest: str, user: int, page: int) -> None:
        """Show page `page` in place of the pager pressed: only to the member who opened it, and only while its
        pages are the ones it was drawn from."""
        if user != interaction.user.id:
            return await self.refuse(interaction, "rules_pager.not_yours")
        if not rules_pages.available(game) or digest != rules_pages.digest(game):
            return await self.refuse(interaction, "rules_pager.stale")
        if not 0 <= page < len(rules_pages.pages(game)):
            return await self.refuse(interaction, "rules_pager.stale")
        board = await ready(page_board(game, page, user, user_locale(interaction), self.full_text_url))
        await interaction.response.edit_message(**board.message_kwargs(editing=True))

    async def refuse(self, interaction: discord.Interaction, key: str) -> None:
        """A short private answer to that member alone, gone by itself after `reply_seconds`."""
        await interaction.response.send_message(
            t(key, user_locale(interaction)), ephemeral=True, delete_after=self.reply_seconds
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot))
