"""A small real discord.py bot used to prove the fake: slash commands (with a group), a DynamicItem button that
edits its message (type 7) with a new PNG, a persistent view, a select, a modal, an ephemeral reply, a deferred reply,
a DM with the 50007 fallback, a channel post + thread, and a reaction listener."""

from __future__ import annotations

import io
import struct
import zlib

import discord
from discord import app_commands
from discord.ext import commands


def tiny_png(value: int) -> bytes:
    """A valid 2x1 greyscale PNG whose pixels encode `value` (so every edit uploads different bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"\x00" + bytes([value % 256, (value * 7) % 256])
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 1, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"cnt:(?P<n>[0-9]+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"cnt:{n}", style=discord.ButtonStyle.primary))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        nxt = self.n + 1
        interaction.client.presses.append((interaction.user.id, interaction.id))
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(nxt))
        await interaction.response.edit_message(
            content=f"count {nxt}",
            view=view,
            attachments=[discord.File(io.BytesIO(tiny_png(nxt)), filename="board.png")],
        )


class LayoutCounter(discord.ui.DynamicItem[discord.ui.Button], template=r"lay:(?P<n>[0-9]+)"):
    """The Components V2 flavour: a V2 message can only be edited with components (no content/embeds)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"lay:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    @staticmethod
    def layout(n: int) -> discord.ui.LayoutView:
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(
            discord.ui.Container(discord.ui.TextDisplay(f"## Board {n}"), discord.ui.ActionRow(LayoutCounter(n)))
        )
        return view

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(view=self.layout(self.n + 1))


class Persistent(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="OK", custom_id="persist:ok", style=discord.ButtonStyle.success)
    async def ok(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"ok {interaction.user.name}", ephemeral=True)

    @discord.ui.select(
        custom_id="persist:pick",
        options=[discord.SelectOption(label="Red", value="red"), discord.SelectOption(label="Blue", value="blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}")


class Feedback(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Your words", custom_id="fb:text", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}")


class E2EBot(commands.AutoShardedBot):
    def __init__(self, **kwargs) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_reactions = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)
        self.presses: list[tuple[int, int]] = []
        self.reactions: list[tuple[int, str]] = []
        self.dm_results: list[str] = []
        self.interaction_shards: list[int | None] = []
        self.errors: list[BaseException] = []
        self._build_commands()

    async def before_identify_hook(self, shard_id, *, initial=False) -> None:
        return None  # discord.py sleeps 5 s before each non-first IDENTIFY; nothing to pace against here

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter, LayoutCounter)
        self.add_view(Persistent())
        await self.tree.sync()

    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        if payload.user_id == self.user.id:
            return
        self.reactions.append((payload.user_id, str(payload.emoji)))
        channel = self.get_channel(payload.channel_id)
        await channel.get_partial_message(payload.message_id).add_reaction("👀")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interaction_shards.append(interaction.guild.shard_id if interaction.guild else None)

    def _build_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Answers pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"pong {interaction.locale.value} {interaction.guild_locale.value if interaction.guild_locale else '-'}"
            )

        @tree.command(description="A secret")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("only you", ephemeral=True)

        @tree.command(description="A board with a counter button and a PNG")
        async def board(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            await interaction.response.send_message(
                "count 0", view=view, file=discord.File(io.BytesIO(tiny_png(0)), filename="board.png")
            )

        @tree.command(description="A persistent menu")
        async def menu(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("menu", view=Persistent())

        @tree.command(description="DM me")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await interaction.user.send("hello in private")
            except discord.Forbidden as error:
                if error.code != 50007:
                    raise
                self.dm_results.append("closed")
                await interaction.followup.send("your DMs are closed", ephemeral=True)
                return
            self.dm_results.append("sent")
            await interaction.followup.send("sent you a DM", ephemeral=True)

        @tree.command(description="Post in the channel and open a thread")
        async def post(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer()
            message = await interaction.channel.send(text)
            thread = await interaction.channel.create_thread(name=f"game {message.id}", auto_archive_duration=60)
            await thread.send(f"welcome to {thread.name}")
            await interaction.followup.send(f"posted {message.id} thread {thread.id}")

        @tree.command(description="Defer, then send two followups with the opposite visibility")
        async def deferred(interaction: discord.Interaction, private: bool) -> None:
            await interaction.response.defer(ephemeral=private, thinking=True)
            await interaction.followup.send("first", ephemeral=not private)
            await interaction.followup.send("second", ephemeral=not private)

        @tree.command(description="Too long")
        async def toolong(interaction: discord.Interaction) -> None:
            try:
                await interaction.channel.send("x" * 2001)
            except discord.HTTPException as error:
                await interaction.response.send_message(f"error {error.code}", ephemeral=True)

        @tree.command(description="Opens a modal")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Feedback())

        @tree.command(description="Edits a V2 layout with content: Discord refuses")
        async def badlayout(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=LayoutCounter.layout(0))
            await interaction.edit_original_response(content="not allowed on a V2 message")

        @tree.command(description="An invalid reply")
        async def badreply(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("x" * 2001)

        @tree.command(description="Reports the interaction id")
        async def stamp(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(str(interaction.id))

        @tree.command(description="Edit a channel message in place, read it back, edit the original and a followup")
        async def refresh(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            sent = await interaction.channel.send("table v1", file=discord.File(io.BytesIO(tiny_png(1)), "board.png"))
            await interaction.channel.get_partial_message(sent.id).edit(
                content="table v2", attachments=[discord.File(io.BytesIO(tiny_png(2)), "board.png")]
            )
            fetched = await interaction.channel.fetch_message(sent.id)
            data = await fetched.attachments[0].read()
            history = [m.content async for m in interaction.channel.history(limit=5)]
            await interaction.edit_original_response(content=f"read {len(data)} {data == tiny_png(2)} {history[0]}")
            extra = await interaction.followup.send("extra", wait=True)
            await extra.edit(content="extra edited")
            original = await interaction.original_response()
            await original.edit(content=original.content + " again")

        @tree.command(description="A components v2 layout")
        async def layout(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=LayoutCounter.layout(10))

        async def game_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            names = ["blue_border", "bossa", "colorse", "deep_dive", "diamond_box"]
            return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

        @tree.command(description="Pick a game")
        @app_commands.autocomplete(game=game_names)
        async def pick(interaction: discord.Interaction, game: str) -> None:
            await interaction.response.send_message(f"picked {game}")

        table = app_commands.Group(name="table", description="Table commands")

        @table.command(name="status", description="Status of a game")
        @app_commands.choices(
            game=[
                app_commands.Choice(name="Blue border", value="blue_border"),
                app_commands.Choice(name="Bossa", value="bossa"),
            ]
        )
        async def status(
            interaction: discord.Interaction,
            game: app_commands.Choice[str],
            seats: app_commands.Range[int, 1, 6] = 4,
            who: discord.Member | None = None,
        ) -> None:
            await interaction.response.send_message(f"status {game.value} seats={seats} who={who.name if who else '-'}")

        tree.add_command(table)

        @tree.error
        async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            self.errors.append(error)
