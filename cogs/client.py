"""The bot process: an AutoShardedBot that opens storage, loads every cog, re-arms timers and syncs commands."""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import TYPE_CHECKING, Protocol, cast

import discord
import yarl
from discord.ext import commands

import games
from bot import faces, render_pool
from bot.cluster import ShardLeases, shape_of
from bot.config import Config
from bot.i18n import normalise, t
from bot.scheduler import Scheduler
from bot.storage import Storage
from bot.storage.faults import StorageUnwritable, check_writable, is_fault
from bot.tables import StorageDown, TableService
from cogs.shards import ShardCluster
from cogs.translator import CatalogueTranslator
from cogs.ui import PressHandler, TableButton, TableSelect

if TYPE_CHECKING:
    from cogs.metrics import Metrics

log = logging.getLogger(__name__)
CORE_COGS = ["cogs.table", "cogs.host", "cogs.my_tables", "cogs.rules", "cogs.ratings", "cogs.learn"]


def game_cog(game: str) -> str:
    """The extension of a game's Discord package, loaded by name (a test's game brings its own: `extra_cogs`)."""
    return f"cogs.{game}"


# Young collections 7x rarer than Python's default (700): the bot makes and drops thousands of small containers per
# press, and a young collection of 5000 objects still takes a millisecond or two. Full collections walk every tracked
# object, so their pause grows with the heap; what startup loaded is frozen out of them (BodogeBot.settle_memory).
# bench/run.py measured the longest collection in its latency run (docs/performance.md).
GC_THRESHOLDS = (5000, 10, 10)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLDS)


def intents() -> discord.Intents:
    """Only what the bot uses: guilds (channels, threads), reactions on table messages, and that messages were posted
    under a table (not what they say: the message content intent is privileged and not asked for)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.guild_reactions = True
    return wanted


class BoardRefresher(Protocol):
    """What the host asks of the table cog's refresher (cogs.refresher), which bot/ reaches by the cog's name."""

    async def repair(self, table_ids: list[int]) -> int: ...

    async def stop(self) -> None: ...


class RefreshingCog(Protocol):
    refresher: BoardRefresher


class BodogeBot(commands.AutoShardedBot):
    def __init__(self, config: Config, *, extra_cogs: list[str] | None = None, settle_memory: bool = False) -> None:
        if config.api_base:
            discord.http.Route.BASE = config.api_base
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            shard_count=config.shard_count,
            shard_ids=config.shard_ids,  # type: ignore[arg-type]  # None: every shard (discord.py's own default)
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=config.guild_ready_timeout,
            # no message cache: every handler takes what its event carries (the interaction's message, raw
            # reactions, a new message under a table), and a cached message (1,000 by default) keeps its embeds and
            # components alive for the garbage collector to walk, and is copied and parsed again at every edit
            max_messages=None,
        )
        self.config = config
        self.storage = Storage(config.database)
        self.service = TableService(
            self.storage,
            race_grace=config.race_grace,
            ai_delay=config.ai_delay,
            afk_limit=config.afk_limit,
            lobby_idle_minutes=config.lobby_idle_minutes,
        )
        self.service.timer_scale = config.timer_scale
        self.service.nudge_delay = config.notify_delay
        self.scheduler = Scheduler(self.service)
        # on PostgreSQL with a shard count: the shards this process runs are those its leases hold (bot/cluster.py)
        shape = shape_of(config)
        self.cluster = None if shape is None else ShardCluster(self, ShardLeases(self.storage, shape))
        self.owns = config.owns if self.cluster is None else self.cluster.leases.owns
        self.extra_cogs = extra_cogs or []
        self.metrics: Metrics | None = None  # when BODOGE_METRICS_PORT is set
        self.settle_memory = settle_memory  # freeze what startup loaded once ready (the process's own bot only)
        self._frozen = False
        self._repair: asyncio.Task | None = None
        self.press_handler: PressHandler | None = None  # the table cog, once loaded: every table press goes there

    async def on_ready(self) -> None:
        """Modules, cogs, catalogues, the guild cache and the timers' tables live as long as the process: after one
        collection, freeze them so that no later full collection walks them again (its pause then grows only
        with what came after)."""
        if self.settle_memory and not self._frozen:
            self._frozen = True
            gc.collect()
            gc.freeze()
            log.info("startup memory frozen: %d objects", gc.get_freeze_count())

    @staticmethod
    def load_face(game: str) -> None:
        """Import the game's face now, not at its first event line or picture (a move would wait for it)."""
        try:
            faces.face(game)
        except Exception:
            log.exception("the %s face failed to load", game)

    async def setup_hook(self) -> None:
        if self.config.api_base and self.config.shard_count:
            # A stand-in for Discord (the tests' fake): discord.py sends a fixed shard count to the default gateway
            # without asking; ask this API where its gateway is.
            _, url, _ = await self.http.get_bot_gateway()
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        # the picture workers start (and import the games' faces and drawing code) while the bot connects
        render_pool.shared().warm([f"bot.faces.{game}.face" for game in games.ids()])
        try:
            await self.storage.open()
        except Exception as error:
            if is_fault(error):
                raise StorageUnwritable(self.storage.target, error) from None
            raise
        await check_writable(self.storage)  # a read-only database: refused now, not at the first move
        if self.cluster is not None:
            await self.cluster.start()
        await self.tree.set_translator(CatalogueTranslator())
        self.tree.error(self.on_app_command_error)
        self.add_dynamic_items(TableButton, TableSelect)
        for name in CORE_COGS:
            await self.load_extension(name)
        for game in games.ids():
            try:
                await self.load_extension(game_cog(game))
            except commands.ExtensionNotFound:
                log.info("no cog for %s: the plain presenter shows it", game)
            except commands.ExtensionError:
                # One game's broken cog must not take every other table down; its tables use the plain presenter.
                log.exception("the %s cog failed to load", game)
            else:
                self.load_face(game)
        for name in self.extra_cogs:
            await self.load_extension(name)
        if self.config.metrics_port:
            from cogs.metrics import Metrics

            self.metrics = Metrics(self)
            self.metrics.install()
            await self.metrics.start(self.config.metrics_port)
        armed = await self.scheduler.start(self.owns, shards_move=self.cluster is not None)
        log.info("re-armed %d timers", armed)
        self._repair = asyncio.get_running_loop().create_task(self.repair_boards())
        if self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def launch_shards(self) -> None:
        """A cluster process connects the shards of the groups it leases, as it comes to hold them."""
        if self.cluster is None:
            return await super().launch_shards()
        await self.cluster.launch()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """In a cluster, every process's IDENTIFYs share Discord's limits through PostgreSQL."""
        if self.cluster is None:
            return await super().before_identify_hook(shard_id, initial=initial)
        await self.cluster.before_identify(shard_id)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """A slash command that met a storage fault gets the same private answer as a press (storage's health has
        logged the fault once); any other error is reported as discord.py would. A refusal the cog gave already (its
        cog_app_command_error marks the interaction) is done."""
        if interaction.extras.get("refused"):
            return
        original = getattr(error, "original", error)
        if not (isinstance(original, StorageDown) or is_fault(original)):
            # discord.py's own report (CommandTree.on_error keeps quiet for a cog with an error handler)
            report = logging.getLogger("discord.app_commands.tree")
            if interaction.command is None:
                return report.error("Ignoring exception in command tree", exc_info=error)
            return report.error("Ignoring exception in command %r", interaction.command.name, exc_info=error)
        text = t("table.error.storage_down", normalise(interaction.locale))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass  # the answer could not be given either; nothing else to do

    async def repair_boards(self) -> None:
        """A crash may have come between a commit and its board's edit (edits wait `edit_delay` to batch): once
        connected, the running tables of this process's guilds whose message is behind storage (their stored mark of
        what it shows is not their committed one) are drawn again, newest first, one at a time."""
        await self.wait_until_ready()
        refresher = self.board_refresher()
        if refresher is None:
            return
        try:
            behind, running = await self.storage.running_tables_behind(self.owns)
        except Exception as error:
            if not is_fault(error):
                raise
            return  # storage's health has said why; every table is redrawn at its next change
        repaired = await refresher.repair(behind)
        log.info(
            "brought %d of %d running tables' messages up to storage (%d were behind)", repaired, running, len(behind)
        )

    def board_refresher(self) -> BoardRefresher | None:
        """The table cog's refresher, None before the cog is loaded."""
        cog = self.get_cog("TableCog")
        return None if cog is None else cast(RefreshingCog, cog).refresher

    async def close(self) -> None:
        if self.cluster is not None:
            await self.cluster.stop()  # its groups handed over first: another process takes them at once
        if self._repair is not None:
            self._repair.cancel()
        await self.scheduler.stop()
        refresher = self.board_refresher()
        if refresher is not None:
            await refresher.stop()
        await super().close()
        if self.metrics is not None:
            await self.metrics.stop()
        await self.storage.close()
        if self._frozen:
            gc.unfreeze()  # a process that starts another bot (tests, the bench) can collect this one
