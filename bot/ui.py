"""Components that survive restarts (discord.py DynamicItem) and the Board a presenter hands to Discord.

A custom_id is `bg:<table>:<version>:<what>` for buttons and `bs:<table>:<version>:<what>` for selects, where
`what` is `a.<encoded action>` (an engine action), or `u.<name>` (a host or presenter UI step). Nothing else:
never a hidden value. Every press reaches `TableCog.on_press` through the bot.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import codec
from bot.render_pool import Picture

BUTTON_TEMPLATE = r"bg:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<what>[!-~]{1,70})"
SELECT_TEMPLATE = r"bs:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<what>[!-~]{1,70})"


def action_id(table_id: int, version: int, action: dict) -> str:
    return f"bg:{table_id}:{version}:a.{codec.encode(action)}"


def ui_id(table_id: int, version: int, name: str, *, select: bool = False) -> str:
    return f"{'bs' if select else 'bg'}:{table_id}:{version}:u.{name}"


async def _route(interaction: discord.Interaction, table_id: int, version: int, what: str,
                 values: list[str] | None) -> None:
    cog = interaction.client.get_cog("TableCog")
    await cog.on_press(interaction, table_id, version, what, values)


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, custom_id: str, *, label: str | None = None, emoji: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label, emoji=emoji, style=style,
                                           disabled=disabled, row=row))
        match = self.template.fullmatch(custom_id)
        self.table_id, self.version, self.what = int(match["table"]), int(match["version"]), match["what"]

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, self.table_id, self.version, self.what, None)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, custom_id: str, *, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None, disabled: bool = False) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder, row=row, disabled=disabled))
        match = self.template.fullmatch(custom_id)
        self.table_id, self.version, self.what = int(match["table"]), int(match["version"]), match["what"]

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, self.table_id, self.version, self.what, list(self.item.values))


@dataclass
class Board:
    """What one message shows: an embed, an optional PNG, and components (rows of at most 5).

    `image` may be given as a `Picture` (a drawing not made yet): `render_pool.ready(board)` draws it off the event
    loop before sending; reading `image` before that draws it here (tests, scripts)."""

    embed: discord.Embed
    image: bytes | Picture | None = None
    image_name: str = "board.png"
    items: list[discord.ui.Item] = field(default_factory=list)
    content: str | None = None

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if name == "image" and isinstance(value, Picture):
            value = value()
            object.__setattr__(self, "image", value)
        return value

    def pending_picture(self) -> Picture | None:
        value = self.__dict__.get("image")
        return value if isinstance(value, Picture) else None

    def view(self) -> discord.ui.View | None:
        if not self.items:
            return None
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        # Stopped before sending, so discord.py does not also store it per message: every press is routed once,
        # through the registered DynamicItems, whichever version of the message it came from.
        view.stop()
        return view

    def files(self) -> list[discord.File]:
        if self.image is None:
            return []
        return [discord.File(io.BytesIO(self.image), filename=self.image_name)]

    def message_kwargs(self, *, editing: bool) -> dict[str, Any]:
        """Keyword arguments for send/edit: attachments replace the old image when editing."""
        if self.image is not None:
            self.embed.set_image(url=f"attachment://{self.image_name}")
        kwargs: dict[str, Any] = {"embed": self.embed, "view": self.view()}
        if editing:
            kwargs["attachments"] = self.files()
            kwargs["content"] = self.content
        else:
            kwargs["files"] = self.files()
            if self.content:
                kwargs["content"] = self.content
        if kwargs["view"] is None:
            if editing:
                kwargs["view"] = None
            else:
                del kwargs["view"]
        return kwargs
