"""Operations: /healthz and Prometheus metrics (prometheus_client) on BODOGE_METRICS_PORT (opt-in).

Metrics: tables by status (from storage, at each scrape), tables in this process's memory, accepted actions by game
and source, the interaction latency (from Discord's timestamp of an interaction to the end of the bot's response),
public board render time by game, REST errors by status and 429 answers, gateway latency per shard, storage commits
(group commit: actions per transaction), storage faults and outages, and in a shard cluster the leases held, taken
over and lost. /healthz answers 200 when the gateway is ready
and storage can commit (a real write, at most every `probe_every` seconds; any fault the bot met since its last
committed write counts too), else 503.
"""

from __future__ import annotations

import inspect
import logging
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord
from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

from bot.storage.faults import is_fault
from bot.tables import TableListener

if TYPE_CHECKING:
    from cogs.client import BodogeBot

log = logging.getLogger(__name__)
LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
RENDER_BUCKETS = (0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512)
STATUSES = ("lobby", "running", "finished", "cancelled")
_active: Metrics | None = None  # the process-wide hooks (discord.py's webhook adapter is shared) report here


@runtime_checkable
class _DrawsMessages(Protocol):
    """The table cog, known by what it offers (bot/ never imports cogs/)."""

    public_message: Callable[..., Any]


class Metrics(TableListener):
    def __init__(self, bot: BodogeBot) -> None:
        self.bot = bot
        self.registry = registry = CollectorRegistry()
        self.tables = Gauge("bodoge_tables", "Tables in storage, by status", ["status"], registry=registry)
        Gauge("bodoge_tables_in_memory", "Tables this process holds in memory", registry=registry).set_function(
            lambda: bot.service.cached()
        )
        self.actions = Counter(
            "bodoge_actions",
            "Accepted actions, by game and source (user, ai, timeout)",
            ["game", "source"],
            registry=registry,
        )
        self.interaction = Histogram(
            "bodoge_interaction_seconds",
            "From an interaction's creation (Discord's timestamp) to the end of the bot's response",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.render = Histogram(
            "bodoge_render_seconds",
            "Drawing a table's public board",
            ["game"],
            buckets=RENDER_BUCKETS,
            registry=registry,
        )
        self.rest_errors = Counter(
            "bodoge_rest_errors", "Discord REST requests that failed, by HTTP status", ["status"], registry=registry
        )
        self.rate_limited = Counter(
            "bodoge_rest_rate_limited", "Discord REST answers 429 (rate limited)", registry=registry
        )
        self.gateway_latency = Gauge(
            "bodoge_gateway_latency_seconds", "Gateway heartbeat latency, by shard", ["shard"], registry=registry
        )
        Gauge(
            "bodoge_storage_transactions",
            "Storage transactions that committed actions (group commit)",
            registry=registry,
        ).set_function(lambda: bot.storage.group.transactions)
        Gauge("bodoge_storage_actions", "Actions committed by those transactions", registry=registry).set_function(
            lambda: bot.storage.group.actions
        )
        Gauge(
            "bodoge_storage_failures",
            "Storage reads and writes that met a fault (connection lost, disk full, read-only, locked), since start",
            registry=registry,
        ).set_function(lambda: bot.storage.health.failures)
        Gauge(
            "bodoge_storage_outages", "Times storage went from committing to failing, since start", registry=registry
        ).set_function(lambda: bot.storage.health.outages)
        Gauge(
            "bodoge_storage_up",
            "1 while storage commits, 0 from a fault until the next committed write",
            registry=registry,
        ).set_function(lambda: 0 if bot.storage.health.down else 1)
        if bot.cluster is not None:
            leases = bot.cluster.leases
            Gauge("bodoge_shard_leases_held", "Shard groups this process serves", registry=registry).set_function(
                lambda: sum(leases.serving(group) for group in list(leases.held))
            )
            Gauge(
                "bodoge_shard_takeovers",
                "Shard groups taken over from a process that stopped renewing, since start",
                registry=registry,
            ).set_function(lambda: leases.takeovers)
            Gauge(
                "bodoge_shard_leases_lost",
                "Shard groups this process stopped serving because it could not renew their lease, since start",
                registry=registry,
            ).set_function(lambda: leases.losses)
            Gauge("bodoge_cluster_processes", "Live processes of the shard cluster", registry=registry).set_function(
                lambda: leases.members
            )
        self.probe_every = 5.0  # seconds between /healthz's real writes (a probe more often answers from the last)
        self._probed_at: float | None = None
        self._seen: dict[int, int] = {}
        self._runner: web.AppRunner | None = None

    # --- hooks ----------------------------------------------------------------------------------
    def install(self) -> None:
        global _active
        _active = self
        self.bot.service.listen(self)
        self._wrap_rest()
        _install_process_hooks()
        cog = self.bot.get_cog("TableCog")
        if isinstance(cog, _DrawsMessages):
            cog.public_message = self._timed_render(cog.public_message)

    async def on_change(self, table: Any, events: list[dict]) -> None:
        seen = self._seen.get(table.id)
        self._seen[table.id] = table.version
        if events and table.version != seen and table.last_source in ("user", "ai", "timeout"):
            self.actions.labels(table.game, table.last_source).inc()

    def _wrap_rest(self) -> None:
        http = self.bot.http
        request = http.request

        async def counted(*args: Any, **kwargs: Any) -> Any:
            try:
                return await request(*args, **kwargs)
            except discord.HTTPException as error:
                self.rest_errors.labels(str(error.status)).inc()
                raise

        http.request = counted  # type: ignore[method-assign]  # discord.py has no hook on its REST calls

    def _timed_render(self, board: Any) -> Any:
        def game_of(args: tuple) -> str:
            return getattr(args[0], "game", "") if args else ""

        if inspect.iscoroutinefunction(board):

            async def timed_async(*args: Any, **kwargs: Any) -> Any:
                started = time.perf_counter()
                try:
                    return await board(*args, **kwargs)
                finally:
                    self.render.labels(game_of(args)).observe(time.perf_counter() - started)

            return timed_async

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return board(*args, **kwargs)
            finally:
                self.render.labels(game_of(args)).observe(time.perf_counter() - started)

        return timed

    # --- the HTTP endpoint ------------------------------------------------------------------------
    async def start(self, port: int, host: str = "0.0.0.0") -> None:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        log.info("metrics and /healthz on port %d", port)

    async def stop(self) -> None:
        global _active
        if _active is self:
            _active = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def healthz(self, request: web.Request) -> web.Response:
        problems = []
        if self.bot.is_closed() or not self.bot.is_ready():
            problems.append("gateway not ready")
        storage = self.bot.storage
        now = time.monotonic()
        if self._probed_at is None or now - self._probed_at >= self.probe_every:
            self._probed_at = now
            try:
                await storage.probe()  # a fault is recorded in storage.health
            except Exception as error:
                if not is_fault(error):
                    problems.append(f"storage: {type(error).__name__}")
        if storage.health.down:
            problems.append(f"storage: {storage.health.last_error.split(':', 1)[0]}")
        body = {
            "status": "ok" if not problems else "unhealthy",
            "problems": problems,
            "shards": sorted(self.bot.shards) if self.bot.shards else [],
        }
        return web.json_response(body, status=200 if not problems else 503)

    async def metrics(self, request: web.Request) -> web.Response:
        try:
            counts = {
                row[0]: row[1]
                for row in await self.bot.storage._rows("SELECT status, COUNT(*) FROM tables GROUP BY status")
            }
            for status in STATUSES:
                self.tables.labels(status).set(counts.get(status, 0))
        except Exception as error:
            if not is_fault(error):
                log.exception("metrics: counting tables failed")  # a fault: storage's health has said so once
        for shard_id, shard in (self.bot.shards or {}).items():
            if math.isfinite(shard.latency):
                self.gateway_latency.labels(str(shard_id)).set(shard.latency)
        return web.Response(body=generate_latest(self.registry), headers={"Content-Type": CONTENT_TYPE_LATEST})


class _RateLimitCounter(logging.Handler):
    """discord.py retries a 429 by itself and says so in a warning: count those warnings."""

    def emit(self, record: logging.LogRecord) -> None:
        if _active is not None and "rate limited" in record.getMessage():
            _active.rate_limited.inc()


_installed = False


def _install_process_hooks() -> None:
    """Once per process: the 429 counter on discord.py's loggers, and the timing of interaction responses (they go
    through discord.py's shared webhook adapter, not the bot's REST client)."""
    global _installed
    if _installed:
        return
    _installed = True
    counter = _RateLimitCounter(logging.WARNING)
    for name in ("discord.http", "discord.webhook.async_"):
        logging.getLogger(name).addHandler(counter)
    from discord.webhook.async_ import async_context

    adapter = async_context.get()
    respond = adapter.create_interaction_response

    async def timed(interaction_id: int, token: str, **kwargs: Any) -> Any:
        try:
            return await respond(interaction_id, token, **kwargs)
        except discord.HTTPException as error:
            if _active is not None:
                _active.rest_errors.labels(str(error.status)).inc()
            raise
        finally:
            if _active is not None:
                created = discord.utils.snowflake_time(int(interaction_id)).timestamp()
                _active.interaction.observe(max(0.0, time.time() - created))

    adapter.create_interaction_response = timed  # type: ignore[method-assign]  # nor on interaction responses
