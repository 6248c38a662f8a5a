"""Components that survive restarts (discord.py DynamicItem) and the `TableMessage` a presenter hands to Discord.

A custom_id is `bg:<table>:<version>:<what>` for buttons and `bs:<table>:<version>:<what>` for selects, where
`what` is `a.<encoded action>` (an engine action), or `u.<name>` (a host or presenter UI step). Nothing else:
never a hidden value. Every press reaches the client's `press_handler` (the table cog's `on_press`).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

import discord

from bot import codec
from bot.render_pool import Picture

BUTTON_TEMPLATE = r"bg:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<what>[!-~]{1,70})"
SELECT_TEMPLATE = r"bs:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<what>[!-~]{1,70})"


def action_id(table_id: int, version: int, action: dict) -> str:
    return f"bg:{table_id}:{version}:a.{codec.encode(action)}"


def ui_id(table_id: int, version: int, name: str, *, select: bool = False) -> str:
    return f"{'bs' if select else 'bg'}:{table_id}:{version}:u.{name}"


class PressHandler(Protocol):
    """Where every table component's press goes: the table cog, which registers itself on the client as it loads
    (`press_handler`)."""

    async def on_press(
        self, interaction: discord.Interaction, table_id: int, version: int, what: str, values: list[str] | None
    ) -> None: ...


async def _route(item: TableButton | TableSelect, interaction: discord.Interaction, values: list[str] | None) -> None:
    handler: PressHandler = cast(Any, interaction.client).press_handler  # set as the table cog loads
    try:
        await handler.on_press(interaction, item.table_id, item.version, item.what, values)
    finally:
        _release(item, interaction)


def _release(item: discord.ui.DynamicItem, interaction: discord.Interaction) -> None:
    """Break the reference cycles discord.py leaves behind a handled press: the view it rebuilt from the message to
    find the pressed item (view <-> items) and the interaction with its response (interaction <-> response). Then
    the whole press (the message, member, embeds, components it parsed) is freed by reference counting the moment
    it ends, instead of surviving into the older generations until a collection that walks the whole heap (the
    event loop's longest pauses at load). Nothing uses them after the press: the response is done by then."""
    if item.view is not None:
        item.view.clear_items()
    response = interaction.response
    if response.is_done():
        # discord.py's back reference (no public way, typed as never None); only raised errors read it then
        response._parent = None  # type: ignore[assignment]


def _parts(match: re.Match[str] | None, custom_id: str) -> tuple[int, int, str]:
    """(table, version, what) of an item's custom_id."""
    if match is None:
        raise ValueError(f"not a table item's custom_id: {custom_id!r}")
    return int(match["table"]), int(match["version"]), match["what"]


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(
        self,
        custom_id: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(custom_id=custom_id, label=label, emoji=emoji, style=style, disabled=disabled, row=row)
        )
        self.table_id, self.version, self.what = _parts(self.template.fullmatch(custom_id), custom_id)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(self, interaction, None)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(
        self,
        custom_id: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder,
                row=row,
                disabled=disabled,
            )
        )
        self.table_id, self.version, self.what = _parts(self.template.fullmatch(custom_id), custom_id)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(self, interaction, list(self.item.values))


@dataclass
class TableMessage:
    """A Discord message as the bot sends it about a table (its public message, a private answer, a DM): an embed,
    an optional PNG (the game's board picture, most often), and components (rows of at most 5).

    `image` may be given as a `Picture` (a drawing not made yet): `render_pool.ready(message)` draws it off the event
    loop before sending; reading `image` before that draws it here (tests, scripts)."""

    embed: discord.Embed
    image: bytes | Picture | None = None
    image_name: str = "board.png"
    items: list[discord.ui.Item] = field(default_factory=list)
    content: str | None = None
    description: str | None = None  # the image's words for a screen reader (bot/describe.py; at most 1,024)
    extra_embeds: list[discord.Embed] = field(default_factory=list)  # after `embed` (the board in words' second part)

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
        # through the registered DynamicItems, whichever version of the message it came from. Sending reads only
        # the view's items, so they keep no reference back to it: no cycle, the view is freed once sent.
        view.stop()
        for item in self.items:
            item._update_view(None)  # discord.py's own way to detach an item (as View.clear_items does)
        return view

    def png(self) -> bytes | None:
        """The image's bytes (reading `image` draws a pending Picture)."""
        image = self.image
        assert not isinstance(image, Picture)
        return image

    def files(self) -> list[discord.File]:
        png = self.png()
        if png is None:
            return []
        return [discord.File(io.BytesIO(png), filename=self.image_name, description=self.description or None)]

    def message_kwargs(self, *, editing: bool) -> dict[str, Any]:
        """Keyword arguments for send/edit: attachments replace the old image when editing."""
        if self.image is not None:
            self.embed.set_image(url=f"attachment://{self.image_name}")
        kwargs: dict[str, Any] = (
            {"embeds": [self.embed, *self.extra_embeds]} if self.extra_embeds else {"embed": self.embed}
        )
        kwargs["view"] = self.view()
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
