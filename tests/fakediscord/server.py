"""FakeDiscord: a loopback Discord (REST v10 + gateway) for end-to-end tests of a real discord.py bot.

See README.md in this directory for the API.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import secrets
import socket
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, TypeVar
from urllib.parse import quote

from aiohttp import web

from . import validate
from .gateway import INVALID_SESSION, RECONNECT, GatewayConnection, GatewaySession, gateway_handler
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeInteraction,
    build_options,
    find_command,
    modal_submit_components,
    wrap_chain,
)
from .models import (
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    SELECT_TYPES,
    TEXT,
    ApiError,
    Call,
    Delay,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Fault,
    Intents,
    P,
    Snowflakes,
    UploadedFile,
    emoji_key,
    emoji_payload,
    guess_content_type,
    perm_value,
    plain_json,
    utcnow,
)
from .rest import RestMixin

log = logging.getLogger("fakediscord")
T = TypeVar("T")
CALLBACK_ROUTE = "POST /interactions/{webhook_id}/{webhook_token}/callback"
DM_PERMISSIONS = (
    P.VIEW_CHANNEL
    | P.SEND_MESSAGES
    | P.EMBED_LINKS
    | P.ATTACH_FILES
    | P.READ_MESSAGE_HISTORY
    | P.ADD_REACTIONS
    | P.USE_EXTERNAL_EMOJIS
    | P.USE_APPLICATION_COMMANDS
)
_FILE_FIELD = re.compile(r"\[(\d+)\]$")
_quoted = functools.lru_cache(maxsize=1024)(quote)  # an attachment's name in its URL (the same few names recur)


class FakeTimeout(TimeoutError):
    """A wait on the fake ran out of time (the bot did not do what the test expected)."""


class InteractionRejected(AssertionError):
    """The bot answered an interaction (or its followup/edit) with a request the fake refused (e.g. 400 50035)."""


class FakeDiscord(RestMixin):
    """A fake Discord on 127.0.0.1: REST under `api_base`, gateway at `gateway_url`.

    Build the world (guilds, channels, users, members) before or after the bot connects, start the bot with
    `Route.BASE = fake.api_base` and token `fake.bot_token` (or `async with fake.run_bot(bot)`), then act as
    users (slash/press/select/submit_modal/react/say) and read what users see.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Bodoge Host",
        bot_token: str | None = None,
        shards: int = 1,
        timeout: float = 5.0,
        validate: bool = True,
        interaction_deadline: float | None = None,
        heartbeat_interval_ms: int = 41250,
        host: str = "127.0.0.1",
        port: int = 0,
        clock: Callable[[], float] | None = None,
        max_concurrency: int = 1,
        identify_spacing: float = 5.0,
    ) -> None:
        self.snowflakes = Snowflakes()
        # Discord's wall clock, in epoch seconds: interaction tokens age and idle threads archive by it. A test may
        # replace it (before or after the bot connects) with a manual clock to let days pass in no time.
        self.clock: Callable[[], float] = clock or time.time
        self.bot_token = bot_token or f"fake.{secrets.token_urlsafe(24)}"
        self.bot_user = FakeUser(id=self.snowflakes.make(), name=bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.application_flags = 0
        self.app_owner_id: int | None = None
        self.recommended_shards = shards
        self.timeout = timeout
        self.validate = validate
        self.interaction_deadline = interaction_deadline
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.host, self._port = host, port

        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self._dm_channels: dict[int, FakeChannel] = {}
        self._ephemerals: dict[int, list[int]] = defaultdict(list)
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # None: global, else guild id
        self.command_syncs: list[dict[str, Any]] = []

        self.calls: list[Call] = []
        self._call_seq = 0
        self.unhandled: list[Call] = []
        self.internal_errors: list[str] = []
        self.faults: list[Fault] = []
        self.delays: list[Delay] = []
        self.interactions: list[FakeInteraction] = []
        self.interactions_by_token: dict[str, FakeInteraction] = {}

        self.sessions: list[GatewaySession] = []
        self._gateway_conns: set[GatewayConnection] = set()
        self.gateway_connects: list[dict[str, Any]] = []
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.failed_resumes = 0
        self.heartbeats = 0
        self.presence_updates: list[Any] = []
        # Discord's IDENTIFY limit: one per `identify_spacing` seconds in each bucket (shard % max_concurrency)
        self.max_concurrency = max_concurrency
        self.identify_spacing = identify_spacing
        self.identify_times: list[tuple[float, int]] = []  # (loop time, shard) of each IDENTIFY
        self.identifies_too_close: list[tuple[int, float]] = []  # (shard, seconds after the last of its bucket)
        self.double_sessions: list[tuple[int, str]] = []  # (shard, session id) IDENTIFYed while another served it
        self.answered_twice: list[Any] = []  # interactions the bot called back more than once

        self._waiters: list[asyncio.Future[None]] = []
        self._runner: web.AppRunner | None = None
        self._sock: socket.socket | None = None

    # =========================================================================================== lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)

        async def gateway(request: web.Request) -> web.StreamResponse:
            return await gateway_handler(self, request)

        app.router.add_get("/gateway", gateway)
        app.router.add_get("/gateway-resume", gateway)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment)
        self._build_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind((self.host, self._port))
        self._port = self._sock.getsockname()[1]
        await web.SockSite(self._runner, self._sock).start()
        return self

    async def close(self) -> None:
        for conn in list(self._gateway_conns):
            await conn.close(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        for fut in self._waiters:
            if not fut.done():
                fut.cancel()
        self._waiters.clear()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    @property
    def port(self) -> int:
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self._port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self._port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://{self.host}:{self._port}/gateway-resume"

    @staticmethod
    def _loop_time() -> float:
        return asyncio.get_running_loop().time()

    @contextlib.asynccontextmanager
    async def run_bot(
        self, bot: Any, *, wait_ready: bool = True, fast_ready: bool = True, timeout: float | None = None
    ) -> AsyncIterator[Any]:
        """Points discord.py at the fake (Route.BASE), starts `bot`, waits until it is ready, and closes it after.

        fast_ready: lowers the bot's guild_ready_timeout (discord.py waits that long after the last GUILD_CREATE
        before on_ready; default 2 s) to 0.05 s. Multi-shard bots should override before_identify_hook (discord.py
        sleeps 5 s before every non-first IDENTIFY).
        """
        import discord

        previous = discord.http.Route.BASE
        discord.http.Route.BASE = self.api_base
        state = getattr(bot, "_connection", None)
        if fast_ready and state is not None and getattr(state, "guild_ready_timeout", 0) > 0.05:
            state.guild_ready_timeout = 0.05
        task = asyncio.create_task(bot.start(self.bot_token), name="fakediscord-bot")
        body_failed = False
        try:
            if wait_ready:
                await self._wait_bot_ready(bot, task, timeout)
            yield bot
        except BaseException:
            body_failed = True
            raise
        finally:
            try:
                if not bot.is_closed():
                    await bot.close()
                try:
                    await asyncio.wait_for(asyncio.shield(task), 5.0)
                except TimeoutError:
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task
                except Exception:
                    if not body_failed:
                        raise
            finally:
                discord.http.Route.BASE = previous

    async def _wait_bot_ready(self, bot: Any, task: asyncio.Task, timeout: float | None) -> None:
        timeout = max(self.timeout, 5.0) if timeout is None else timeout
        ready = asyncio.create_task(bot.wait_until_ready())
        try:
            done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not ready.done():
                ready.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await ready
        if task in done:
            task.result()
            raise RuntimeError("the bot stopped before it was ready")
        if ready not in done:
            raise FakeTimeout(
                f"bot not ready after {timeout}s; calls: {self.calls[-5:]}; internal errors: {self.internal_errors}"
            )
        await self.wait_ready(timeout=timeout)

    # =========================================================================================== world building
    def add_user(
        self, name: str, *, locale: str = "en-US", bot: bool = False, global_name: str | None = None
    ) -> FakeUser:
        user = FakeUser(id=self.snowflakes.make(), name=name, locale=locale, bot=bot, global_name=global_name)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Test guild",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        everyone_permissions: Any = P.MEMBER,
        bot_permissions: Any = P.BOT,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """shard=(shard_id, shard_count) picks an id that this shard owns ((id >> 22) % count)."""
        gid = self.snowflakes.make_for_shard(*shard) if shard else self.snowflakes.make()
        guild = FakeGuild(id=gid, name=name, locale=locale, owner_id=owner.id if owner else self.snowflakes.make())
        guild.roles[gid] = FakeRole(gid, guild, "@everyone", perm_value(everyone_permissions), 0)
        bot_role = FakeRole(
            self.snowflakes.make(),
            guild,
            self.bot_user.name,
            perm_value(bot_permissions),
            1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, [bot_role])
        self.guilds[gid] = guild
        if owner is not None:
            self.add_member(guild, owner)
        for session in self._sessions_for_guild(guild):
            session.dispatch("GUILD_CREATE", self._guild_create_payload(guild, session))
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: Any = 0) -> FakeRole:
        role = FakeRole(self.snowflakes.make(), guild, name, perm_value(permissions), len(guild.roles))
        guild.roles[role.id] = role
        self._dispatch_guild(
            guild, "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, Intents.GUILDS
        )
        return role

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        permissions: Any = None,
        admin: bool = False,
        roles: Iterable[FakeRole] = (),
        nick: str | None = None,
    ) -> FakeMember:
        """Default: a normal member (@everyone's permissions). admin=True adds an "Admin" role (manage guild,
        messages, channels, threads, roles); permissions=... adds a personal role with exactly those bits."""
        member_roles = list(roles)
        if admin:
            role = next((r for r in guild.roles.values() if r.name == "Admin"), None)
            member_roles.append(role or self.add_role(guild, "Admin", P.ADMIN))
        if permissions is not None:
            member_roles.append(self.add_role(guild, f"perms-{user.name}", permissions))
        member = FakeMember(user, guild, member_roles, nick=nick)
        guild.members[user.id] = member
        data = member.payload()
        data["guild_id"] = str(guild.id)
        self._dispatch_guild(guild, "GUILD_MEMBER_ADD", data, Intents.GUILD_MEMBERS)
        return member

    def add_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: int = TEXT,
        topic: str | None = None,
        parent: FakeChannel | None = None,
    ) -> FakeChannel:
        channel = FakeChannel(
            id=self.snowflakes.make(),
            type=type,
            name=name,
            guild=guild,
            parent=parent,
            position=len(guild.text_channels()),
            topic=topic,
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._dispatch_guild(guild, "CHANNEL_CREATE", channel.payload(), Intents.GUILDS)
        return channel

    def add_thread(self, channel: FakeChannel, name: str, *, owner: FakeUser, private: bool = False) -> FakeChannel:
        """A thread a user created (the bot gets THREAD_CREATE)."""
        thread = FakeChannel(
            id=self.snowflakes.make(),
            type=12 if private else 11,
            name=name,
            guild=channel.guild,
            parent=channel,
            owner_id=owner.id,
            last_activity=self.clock(),
        )
        thread.thread_members.add(owner.id)
        channel.guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        event = thread.payload()
        event["newly_created"] = True
        self._dispatch_guild(channel.guild, "THREAD_CREATE", event, Intents.GUILDS)
        return thread

    def dm_channel(self, user: FakeUser, *, create: bool = False) -> FakeChannel | None:
        channel = self._dm_channels.get(user.id)
        if channel is None and create:
            channel = FakeChannel(id=self.snowflakes.make(), type=DM, recipient=user)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def close_dms(self, user: FakeUser, closed: bool = True) -> None:
        """Sending to this user's DM answers 403 {"code": 50007, "message": "Cannot send messages to this user"}."""
        user.dms_closed = closed

    def open_dms(self, user: FakeUser) -> None:
        user.dms_closed = False

    # =========================================================================================== permissions
    # ------------------------------------------------------------------------------------ threads over time
    def _archive_if_idle(self, channel: FakeChannel) -> None:
        """Discord archives a thread once nothing was posted in it for its auto_archive_duration (minutes)."""
        if (
            channel.is_thread
            and not channel.archived
            and not channel.deleted
            and self.clock() - channel.last_activity >= channel.auto_archive_duration * 60
        ):
            self._set_archived(channel, True)

    def archive_idle_threads(self) -> list[FakeChannel]:
        """Archive every thread idle for its auto_archive_duration by `clock` now (the fake also does it lazily, when
        a thread is next used). Returns the threads archived."""
        idle = [c for c in self.channels.values() if c.is_thread and not c.archived and not c.deleted]
        for thread in idle:
            self._archive_if_idle(thread)
        return [thread for thread in idle if thread.archived]

    def _set_archived(self, thread: FakeChannel, archived: bool) -> None:
        thread.archived = archived
        if not archived:
            thread.last_activity = self.clock()
        self._dispatch_guild(thread.guild, "THREAD_UPDATE", thread.payload(), Intents.GUILDS)
        self._notify()

    def archive_thread(self, thread: FakeChannel) -> None:
        """A member (or Discord) archived the thread: the bot must unarchive it before it writes there."""
        self._set_archived(thread, True)

    def lock_thread(self, thread: FakeChannel, *, archived: bool = True) -> None:
        """A moderator closed the thread (locked, and archived unless `archived=False`): only members with Manage
        Threads may unarchive it or write in it."""
        thread.locked = True
        self._set_archived(thread, archived)

    def delete_thread(self, thread: FakeChannel) -> None:
        """A moderator deleted the thread (THREAD_DELETE): every call on it answers 404 10003 Unknown Channel."""
        thread.deleted = True
        self._dispatch_guild(
            thread.guild,
            "THREAD_DELETE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild.id),
                "parent_id": str(thread.parent.id),
                "type": thread.type,
            },
            Intents.GUILDS,
        )
        self._notify()

    def _member_permissions(self, guild: FakeGuild | None, user: FakeUser | None) -> int:
        if guild is None:
            return DM_PERMISSIONS
        member = guild.member(user or self.bot_user)
        return member.permissions if member is not None else 0

    # =========================================================================================== gateway
    def _live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if not s.closed]

    def _sessions_for_guild(self, guild: FakeGuild) -> list[GatewaySession]:
        return [s for s in self._live_sessions() if guild.shard_id(s.shard_count) == s.shard_id]

    def _sessions_for_channel(self, channel: FakeChannel) -> list[GatewaySession]:
        if channel.guild is not None:
            return self._sessions_for_guild(channel.guild)
        return [s for s in self._live_sessions() if s.shard_id == 0]

    def _dispatch_guild(self, guild: FakeGuild, event: str, data: Any, intent: int | None) -> None:
        for session in self._sessions_for_guild(guild):
            if intent is None or session.intents & intent:
                session.dispatch(event, data)

    def _dispatch_for_channel(self, channel: FakeChannel, event: str, data: Any, *, reactions: bool = False) -> None:
        if channel.guild is not None:
            intent = Intents.GUILD_MESSAGE_REACTIONS if reactions else Intents.GUILD_MESSAGES
        else:
            intent = Intents.DIRECT_MESSAGE_REACTIONS if reactions else Intents.DIRECT_MESSAGES
        for session in self._sessions_for_channel(channel):
            if session.intents & intent:
                session.dispatch(event, data)

    def _dispatch_message_event(self, event: str, msg: FakeMessage) -> None:
        if msg.ephemeral:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            self._dispatch_for_channel(msg.channel, event, data)
            return
        intent = Intents.GUILD_MESSAGES if msg.channel.guild is not None else Intents.DIRECT_MESSAGES
        for session in self._sessions_for_channel(msg.channel):
            if not session.intents & intent:
                continue
            data = msg.payload(self.application_id, with_guild=True, copy=False)  # encoded at once
            private = (
                msg.author is self.bot_user or msg.channel.guild is None or f"<@{self.bot_user.id}>" in msg.content
            )
            if not private and not session.intents & Intents.MESSAGE_CONTENT:
                data.update({"content": "", "embeds": [], "attachments": [], "components": []})
            session.dispatch(event, data)

    def _bot_user_payload(self) -> dict[str, Any]:
        data = self.bot_user.payload()
        data.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US", "bot": True})
        return data

    def _guild_create_payload(self, guild: FakeGuild, session: GatewaySession) -> dict[str, Any]:
        return guild.payload(bot_id=self.bot_user.id, full_members=bool(session.intents & Intents.GUILD_MEMBERS))

    def _all_shards_ready(self) -> bool:
        live = [s for s in self._live_sessions() if s.ready]
        if not live:
            return False
        count = live[-1].shard_count
        return {s.shard_id for s in live if s.shard_count == count} == set(range(count))

    async def wait_ready(self, timeout: float | None = None) -> list[GatewaySession]:
        """Until every shard identified, got READY and its GUILD_CREATEs. Returns the live sessions."""
        await self.wait_for(self._all_shards_ready, timeout=timeout, what="every shard to identify and get its guilds")
        return self._live_sessions()

    async def drop_gateway(
        self,
        shard_id: int | None = None,
        *,
        code: int = 4000,
        abort: bool = False,
        wait_resume: bool = True,
        timeout: float | None = None,
    ) -> None:
        """Closes the bot's gateway socket(s) (close code `code`, or a TCP abort). Dispatches made while the bot is
        away are kept and replayed on RESUME. With wait_resume, returns once every dropped session RESUMED."""
        targets = [s for s in self._live_sessions() if s.conn is not None and shard_id in (None, s.shard_id)]
        if not targets:
            raise RuntimeError("no connected gateway session to drop")
        before = {s.id: s.resumes for s in targets}
        for session in targets:
            conn = session.conn
            session.conn = None
            await conn.close(code, abort=abort)
        if wait_resume:
            await self.wait_for(
                lambda: all(s.resumes > before[s.id] and s.conn is not None for s in targets),
                timeout=timeout,
                what="the bot to RESUME",
            )

    def request_reconnect(self, shard_id: int | None = None) -> None:
        """Sends op 7 RECONNECT: discord.py closes the socket and RESUMEs."""
        for session in self._live_sessions():
            if session.conn is not None and shard_id in (None, session.shard_id):
                session.conn.enqueue({"op": RECONNECT, "d": None, "s": None, "t": None})

    def invalidate_session(self, shard_id: int | None = None, *, resumable: bool = False) -> None:
        """Sends op 9 INVALID_SESSION. Not resumable: discord.py re-IDENTIFYs (after before_identify_hook, which
        sleeps 5 s by default)."""
        for session in self._live_sessions():
            if session.conn is not None and shard_id in (None, session.shard_id):
                if not resumable:
                    session.closed = True
                session.conn.enqueue({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})

    def dispatch(self, event: str, data: Any, *, guild: FakeGuild | None = None) -> None:
        """Sends a raw dispatch (to the guild's shard, or to shard 0)."""
        sessions = self._sessions_for_guild(guild) if guild else [s for s in self._live_sessions() if s.shard_id == 0]
        for session in sessions:
            session.dispatch(event, data)

    # =========================================================================================== waiting
    def _notify(self) -> None:
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_for(self, predicate: Callable[[], T], timeout: float | None = None, *, what: str | None = None) -> T:
        """Re-evaluates `predicate` whenever the fake's state changes (and every 20 ms) until it returns something
        truthy, which is returned. Raises FakeTimeout."""
        timeout = self.timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise FakeTimeout(
                    f"timed out after {timeout}s waiting for {what or predicate}; last calls: "
                    f"{self.calls[-5:]}; internal errors: {self.internal_errors}"
                )
            fut = loop.create_future()
            self._waiters.append(fut)
            recheck = loop.call_later(min(remaining, 0.02), _wake, fut)  # cheaper than asyncio.wait_for's task
            try:
                await fut
            finally:
                recheck.cancel()

    async def wait_for_message(
        self, channel: FakeChannel, predicate: Callable[[FakeMessage], bool] | None = None, timeout: float | None = None
    ) -> FakeMessage:
        """A message that appears in `channel` after this call (optionally matching `predicate`)."""
        known = set(channel.message_ids)

        def find() -> FakeMessage | None:
            for mid in channel.message_ids:
                msg = self.messages[mid]
                if mid not in known and not msg.deleted and (predicate is None or predicate(msg)):
                    return msg
            return None

        return await self.wait_for(find, timeout=timeout, what=f"a new message in {channel}")

    async def wait_for_edit(self, message: FakeMessage | int, timeout: float | None = None) -> FakeMessage:
        msg = self.message(message)
        before = len(msg.versions)
        await self.wait_for(
            lambda: len(msg.versions) > before or msg.deleted, timeout=timeout, what=f"an edit of message {msg.id}"
        )
        return msg

    # =========================================================================================== faults
    def fail_next(
        self,
        pattern: str | Callable[[Call], bool],
        status: int = 429,
        *,
        count: int = 1,
        retry_after: float = 0.05,
        code: int | None = None,
        message: str | None = None,
        is_global: bool = False,
    ) -> Fault:
        """The next `count` calls matching `pattern` ("POST /channels/{channel_id}/messages", a template without
        method, or a predicate on Call) get `status`: 429 with retry_after (+ X-RateLimit-*/Retry-After/Via headers,
        discord.py sleeps then retries), 5xx (discord.py retries after 1 s, 3 s, ...) or any status with `code`."""
        fault = Fault(
            pattern, status, count=count, retry_after=retry_after, code=code, message=message, is_global=is_global
        )
        self.faults.append(fault)
        return fault

    def delay_next(
        self,
        pattern: str | Callable[[Call], bool],
        *,
        apply_after: float = 0.0,
        respond_after: float = 0.0,
        count: int = 1,
    ) -> Delay:
        """Latency: the next `count` calls matching `pattern` are applied `apply_after` seconds after they arrive and
        answered `respond_after` seconds after that (Discord gives no order between requests on different
        connections: a write sent first may land last, and answers may come back in another order)."""
        delay = Delay(pattern, apply_after, respond_after, count)
        self.delays.append(delay)
        return delay

    def rate_limit_next(
        self,
        pattern: str | Callable[[Call], bool],
        *,
        count: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
    ) -> Fault:
        return self.fail_next(pattern, 429, count=count, retry_after=retry_after, is_global=is_global)

    def server_error_next(self, pattern: str | Callable[[Call], bool], status: int = 500, *, count: int = 1) -> Fault:
        return self.fail_next(pattern, status, count=count)

    def expire_next_interaction(self, count: int = 1) -> Fault:
        """The next `count` interaction callbacks answer 404 {"code": 10062, "message": "Unknown interaction"}."""
        return self.fail_next(CALLBACK_ROUTE, 404, count=count, code=10062, message="Unknown interaction")

    # =========================================================================================== the store
    def _make_attachment(
        self,
        channel: FakeChannel | None,
        filename: str,
        data: bytes,
        *,
        content_type: str | None = None,
        description: str | None = None,
        ephemeral: bool = False,
    ) -> FakeAttachment:
        aid = self.snowflakes.make()
        url = f"{self.base_url}/attachments/{channel.id if channel else 0}/{aid}/{_quoted(filename)}"
        att = FakeAttachment(
            aid,
            filename,
            data,
            url,
            content_type=guess_content_type(filename) or content_type,
            description=description,
            ephemeral=ephemeral,
        )
        self.attachments[aid] = att
        return att

    def _uploads_by_index(self, files: list[UploadedFile]) -> dict[int, UploadedFile]:
        out = {}
        for position, f in enumerate(files):
            match = _FILE_FIELD.search(f.field)
            out[int(match.group(1)) if match else position] = f
        return out

    def _attachments_for(
        self,
        channel: FakeChannel,
        data: dict[str, Any],
        files: list[UploadedFile],
        existing: list[FakeAttachment],
        *,
        ephemeral: bool,
    ) -> list[FakeAttachment]:
        uploads = self._uploads_by_index(files)
        if "attachments" not in data or data["attachments"] is None:
            return list(existing) + [
                self._make_attachment(channel, f.filename, f.data, content_type=f.content_type, ephemeral=ephemeral)
                for f in uploads.values()
            ]
        by_id = {a.id: a for a in existing}
        out, used = [], set()
        for entry in data["attachments"]:
            eid = int(entry["id"])
            if eid in by_id:
                out.append(by_id[eid])
            elif eid in uploads:
                f = uploads[eid]
                used.add(eid)
                out.append(
                    self._make_attachment(
                        channel,
                        entry.get("filename") or f.filename,
                        f.data,
                        content_type=f.content_type,
                        description=entry.get("description"),
                        ephemeral=ephemeral,
                    )
                )
        for index, f in uploads.items():
            if index not in used:
                out.append(
                    self._make_attachment(channel, f.filename, f.data, content_type=f.content_type, ephemeral=ephemeral)
                )
        return out

    def _create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        data: dict[str, Any],
        files: list[UploadedFile],
        *,
        interaction: FakeInteraction | None = None,
        ephemeral: bool = False,
        loading: bool = False,
        followup: bool = False,
    ) -> FakeMessage:
        flags = (data.get("flags") or 0) & (FLAG_SUPPRESS_EMBEDS | 4096 | FLAG_COMPONENTS_V2)
        if ephemeral:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        mtype = 0
        msg = FakeMessage(
            id=self.snowflakes.make(),
            channel=channel,
            author=author,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            flags=flags,
            tts=bool(data.get("tts")),
        )
        msg.attachments = self._attachments_for(channel, data, files, [], ephemeral=ephemeral)
        msg.mentions = pinged_users(msg.content, data.get("allowed_mentions"))
        if interaction is not None:
            msg.webhook_id = self.application_id
            meta: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.interaction_type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": interaction.payload.get("authorizing_integration_owners", {}),
            }
            if interaction.interaction_type == APPLICATION_COMMAND:
                mtype = 20
                meta["name"] = interaction.payload["data"]["name"]
                meta["command_type"] = 1
                msg.interaction_legacy = {
                    "id": str(interaction.id),
                    "type": 2,
                    "name": meta["name"],
                    "user": interaction.user.payload(),
                }
            elif interaction.source_message is not None:
                meta["interacted_message_id"] = str(interaction.source_message.id)
            if followup and interaction.original is not None:
                meta["original_response_message_id"] = str(interaction.original.id)
            msg.interaction_metadata = meta
            if ephemeral:
                msg.ephemeral_user = interaction.user
        ref = data.get("message_reference")
        if ref and ref.get("message_id"):
            mtype = 19
            msg.reference = {
                "type": 0,
                "message_id": str(ref["message_id"]),
                "channel_id": str(ref.get("channel_id") or channel.id),
            }
            if channel.guild is not None:
                msg.reference["guild_id"] = str(channel.guild.id)
        msg.type = mtype
        msg.record_version()
        self.messages[msg.id] = msg
        if ephemeral:
            self._ephemerals[interaction.user.id].append(msg.id)
        else:
            channel.message_ids.append(msg.id)
            if channel.is_thread:
                channel.last_activity = self.clock()
            self._dispatch_message_event("MESSAGE_CREATE", msg)
        return msg

    def _apply_edit(
        self, msg: FakeMessage, data: dict[str, Any], files: list[UploadedFile], *, followup_fill: bool = False
    ) -> None:
        content = (data.get("content") or "") if "content" in data else msg.content
        embeds = list(data.get("embeds") or []) if "embeds" in data else msg.embeds
        components = list(data.get("components") or []) if "components" in data else msg.components
        attachments = msg.attachments
        if "attachments" in data or files:
            attachments = self._attachments_for(msg.channel, data, files, msg.attachments, ephemeral=msg.ephemeral)
        flags = msg.flags
        if data.get("flags") is not None:
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (data["flags"] & (FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2))
        if self.validate and not (content or embeds or components or attachments):
            raise ApiError(400, 50006, "Cannot send an empty message")
        if self.validate and flags & FLAG_COMPONENTS_V2 and (content or embeds):
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "content": {
                        "_errors": [
                            {
                                "code": "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                                "message": "The 'content' and 'embeds' fields cannot be used when using"
                                " MessageFlags.IS_COMPONENTS_V2",
                            }
                        ]
                    }
                },
            )
        was_loading = msg.loading
        msg.content, msg.embeds, msg.components, msg.attachments = content, embeds, components, attachments
        msg.flags = flags & ~FLAG_LOADING
        if not was_loading:
            msg.edited_timestamp = utcnow()
        msg.record_version()
        self._dispatch_message_event("MESSAGE_UPDATE", msg)

    def _delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self._dispatch_message_event("MESSAGE_DELETE", msg)

    def _add_reaction(self, msg: FakeMessage, user: FakeUser, key: str) -> bool:
        users = msg.reactions.setdefault(key, [])
        if user.id in users:
            return False
        if len(msg.reactions) > 20 and len(users) == 0:
            raise ApiError(400, 30010, "Maximum number of reactions reached (20)")
        users.append(user.id)
        data: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": str(msg.channel.id),
            "message_id": str(msg.id),
            "emoji": emoji_payload(key),
            "burst": False,
            "burst_colors": [],
            "type": 0,
            "message_author_id": str(msg.author.id),
        }
        guild = msg.channel.guild
        if guild is not None:
            data["guild_id"] = str(guild.id)
            member = guild.member(user)
            if member is not None:
                data["member"] = member.payload()
        self._dispatch_for_channel(msg.channel, "MESSAGE_REACTION_ADD", data, reactions=True)
        return True

    def _remove_reaction(self, msg: FakeMessage, user: FakeUser, key: str) -> bool:
        users = msg.reactions.get(key, [])
        if user.id not in users:
            return False
        users.remove(user.id)
        if not users:
            msg.reactions.pop(key, None)
        data: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": str(msg.channel.id),
            "message_id": str(msg.id),
            "emoji": emoji_payload(key),
            "burst": False,
            "type": 0,
        }
        if msg.channel.guild is not None:
            data["guild_id"] = str(msg.channel.guild.id)
        self._dispatch_for_channel(msg.channel, "MESSAGE_REACTION_REMOVE", data, reactions=True)
        return True

    # =========================================================================================== reading
    def message(self, message: FakeMessage | int) -> FakeMessage:
        mid = message.id if isinstance(message, FakeMessage) else int(message)
        try:
            return self.messages[mid]
        except KeyError:
            raise KeyError(f"no message {mid}") from None

    def channel_messages(self, channel: FakeChannel, *, include_deleted: bool = False) -> list[FakeMessage]:
        """The channel as every member sees it: non-ephemeral messages, oldest first, current versions."""
        msgs = [self.messages[i] for i in channel.message_ids]
        return msgs if include_deleted else [m for m in msgs if not m.deleted]

    def last_message(self, channel: FakeChannel) -> FakeMessage | None:
        msgs = self.channel_messages(channel)
        return msgs[-1] if msgs else None

    def ephemerals(self, user: FakeUser, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Ephemeral messages only `user` sees (interaction responses/followups with flag 64), oldest first; those
        under `channel` only, if given."""
        return [
            self.messages[i]
            for i in self._ephemerals.get(user.id, [])
            if not self.messages[i].deleted and (channel is None or self.messages[i].channel is channel)
        ]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        channel = self.dm_channel(user)
        return self.channel_messages(channel) if channel else []

    def threads(self, channel: FakeChannel) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.parent is channel and c.is_thread and not c.deleted]

    def calls_to(self, pattern: str | Callable[[Call], bool]) -> list[Call]:
        return [c for c in self.calls if c.matches(pattern)]

    def last_call(self, pattern: str | Callable[[Call], bool]) -> Call | None:
        calls = self.calls_to(pattern)
        return calls[-1] if calls else None

    def forget(self, older_than: float = 60.0) -> int:
        """Drop what the fake recorded more than `older_than` seconds ago: REST calls, interactions (and their
        tokens) and uploaded attachments no message shows any more. For long benchmarks: the fake runs in the bot's
        process, so every full garbage collection there walks its history, which a bot talking to Discord does not
        carry. A test that reads `calls` or `interactions` whole must not call it. Returns the records dropped."""
        now = self._loop_time()
        cutoff = now - older_than
        calls = [call for call in self.calls if call.time >= cutoff]
        interactions = [inter for inter in self.interactions if inter.created_at >= cutoff]
        kept_tokens = {inter.token for inter in interactions}
        shown = {attachment.id for message in self.messages.values() for attachment in message.attachments}
        attachments = {aid: att for aid, att in self.attachments.items() if aid in shown}
        dropped = (
            len(self.calls)
            - len(calls)
            + len(self.interactions)
            - len(interactions)
            + len(self.attachments)
            - len(attachments)
        )
        self.calls[:] = calls
        self.unhandled[:] = [call for call in self.unhandled if call.time >= cutoff]
        self.interactions[:] = interactions
        for token in [token for token in self.interactions_by_token if token not in kept_tokens]:
            del self.interactions_by_token[token]
        self.attachments = attachments
        return dropped

    def command(self, name: str, guild: FakeGuild | None = None) -> dict[str, Any] | None:
        """A synced command definition (global, or the guild's)."""
        return next((c for c in self.commands.get(guild.id if guild else None, []) if c["name"] == name), None)

    # =========================================================================================== acting as users
    def _check_channel_visible(self, user: FakeUser, channel: FakeChannel) -> None:
        guild = channel.guild
        if channel.deleted:
            raise LookupError(f"{channel} was deleted")
        if guild is not None:
            if guild.member(user) is None:
                raise PermissionError(f"{user} is not a member of {guild}")
            perms = self._member_permissions(guild, user)
            if not perms & P.VIEW_CHANNEL:
                raise PermissionError(f"{user} cannot view {channel}")
            if channel.type == 12 and user.id not in channel.thread_members and not perms & P.MANAGE_THREADS:
                raise PermissionError(f"{user} is not in private thread {channel}")
        elif channel.is_dm and channel.recipient is not user:
            raise PermissionError(f"{user} cannot see DM channel {channel.id}")

    def _check_visible(self, user: FakeUser, msg: FakeMessage) -> None:
        if msg.deleted:
            raise LookupError(f"message {msg.id} was deleted")
        if msg.ephemeral and msg.ephemeral_user is not user:
            raise PermissionError(f"{user} cannot see ephemeral message {msg.id}")
        if not msg.ephemeral:
            self._check_channel_visible(user, msg.channel)

    def _new_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        at: Any = None,
        message: FakeMessage | None = None,
        parent: FakeInteraction | None = None,
        name: str | None = None,
        locale: str | None = None,
        expired: bool = False,
        message_payload: dict[str, Any] | None = None,
    ) -> FakeInteraction:
        guild = channel.guild
        member = guild.member(user) if guild is not None else None
        if guild is not None and member is None:
            raise PermissionError(f"{user} is not a member of {guild}")
        iid = self.snowflakes.make(at)
        token = "fake." + secrets.token_urlsafe(32)
        ch = channel.payload()
        ch["permissions"] = str(self._member_permissions(guild, user))
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel.id),
            "channel": ch,
            "token": token,
            "version": 1,
            "locale": locale or user.locale,
            "app_permissions": str(self._member_permissions(guild, self.bot_user)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": validate.MAX_FILE_BYTES,
            "authorizing_integration_owners": {"0": str(guild.id)} if guild else {"1": str(user.id)},
            "context": 0 if guild else 1,
        }
        if guild is not None:
            payload.update(
                {
                    "guild_id": str(guild.id),
                    "guild_locale": guild.locale,
                    "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                    "member": member.payload(with_permissions=True),
                }
            )
        else:
            payload["user"] = user.payload()
        if message_payload is not None:
            payload["message"] = message_payload
        elif message is not None:
            payload["message"] = message.payload(self.application_id, copy=False)
        sessions = self._sessions_for_channel(channel)
        if not sessions:
            raise RuntimeError("no gateway session would receive this interaction: is the bot running?")
        encoded = plain_json(payload)  # encoded once: sent, and kept as the interaction's record
        inter = FakeInteraction(
            self,
            id=iid,
            token=token,
            interaction_type=itype,
            user=user,
            channel=channel,
            payload=payload if encoded is None else None,
            message=message,
            parent=parent,
            name=name,
        )
        if encoded is not None:
            FakeInteraction.payload.set_json(inter, encoded)
        inter.expired = expired
        self.interactions.append(inter)
        self.interactions_by_token[token] = inter
        if encoded is None:
            sessions[-1].dispatch("INTERACTION_CREATE", payload)
        else:
            sessions[-1].dispatch_encoded("INTERACTION_CREATE", encoded)
        return inter

    async def _outcome(
        self, inter: FakeInteraction, timeout: float | None, wait_deferred: bool | None
    ) -> FakeInteraction:
        await self._wait_or_rejected(
            inter, lambda: inter.responded or inter.failed or inter.expired, timeout, f"the bot to answer {inter}"
        )
        if inter.failed or inter.expired:
            return inter
        if wait_deferred is None:
            wait_deferred = inter.type == DEFERRED_CHANNEL_MESSAGE
        if wait_deferred and inter.type == DEFERRED_CHANNEL_MESSAGE:
            await self._wait_or_rejected(
                inter, lambda: inter.settled, timeout, f"the followup/edit of deferred {inter}"
            )
        elif wait_deferred and inter.type == DEFERRED_UPDATE_MESSAGE and inter.source_message is not None:
            source = inter.source_message
            seen = len(source.versions)
            await self._wait_or_rejected(
                inter,
                lambda: inter.followups or len(source.versions) > seen or source.deleted,
                timeout,
                f"a followup or edit after deferred update {inter}",
            )
        return inter

    async def _wait_or_rejected(
        self, inter: FakeInteraction, done: Callable[[], Any], timeout: float | None, what: str
    ) -> None:
        """Waits for `done`; if meanwhile the fake refused one of the bot's requests for this interaction, gives the
        bot 0.25 s to recover, then raises InteractionRejected instead of waiting for the full timeout."""
        seen = len(inter.rejections)
        await self.wait_for(lambda: done() or len(inter.rejections) > seen, timeout=timeout, what=what)
        if done():
            return
        with contextlib.suppress(FakeTimeout):
            await self.wait_for(done, timeout=0.25)
            return
        call = inter.rejections[-1]
        raise InteractionRejected(
            f"waiting for {what}: the fake refused the bot's {call.method} {call.route} with "
            f"{call.status} {call.response}; request body: {call.json}"
        )

    async def _resolve_command(
        self, command: str, guild: FakeGuild | None, timeout: float | None
    ) -> tuple[dict[str, Any], list[dict[str, Any]], int | None]:
        def attempt() -> tuple[dict[str, Any], list[dict[str, Any]], int | None] | None:
            for scope in ([guild.id] if guild else []) + [None]:
                cmds = self.commands.get(scope)
                if cmds:
                    try:
                        top, chain = find_command(cmds, command)
                    except LookupError:
                        continue
                    return top, chain, scope
            return None

        found = attempt()
        if found is None and not any(self.commands.get(s) for s in ([guild.id] if guild else []) + [None]):
            found = await self.wait_for(attempt, timeout=timeout, what=f"slash command {command!r} to be synced")
        if found is None:
            scopes = [guild.id] if guild else []
            names = sorted({c["name"] for s in scopes + [None] for c in self.commands.get(s, [])})
            raise LookupError(f"no synced slash command {command!r}; synced: {names}")
        return found

    def _check_command_usable(self, cmd: dict[str, Any], user: FakeUser, channel: FakeChannel) -> None:
        guild = channel.guild
        contexts = cmd.get("contexts")
        if contexts is not None and (0 if guild else 1) not in contexts:
            raise PermissionError(f"/{cmd['name']} is not available in this context")
        if guild is None and cmd.get("dm_permission") is False:
            raise PermissionError(f"/{cmd['name']} is not available in DMs")
        needed = cmd.get("default_member_permissions")
        if guild is not None and needed is not None:
            have = self._member_permissions(guild, user)
            if int(needed) & have != int(needed):
                raise PermissionError(f"{user} lacks default_member_permissions {needed} for /{cmd['name']}")

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        at: Any = None,
        timeout: float | None = None,
        wait_deferred: bool | None = None,
        expired: bool = False,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Runs `/command` ("play", or "table status" for group/subcommand) with `options` (name -> value; users,
        channels and roles may be passed as FakeUser/FakeMember/FakeChannel/FakeRole). Returns the outcome once the
        bot answered (and, for a "thinking" defer, followed up)."""
        guild = channel.guild
        self._check_channel_visible(user, channel)
        top, chain, scope = await self._resolve_command(command, guild, timeout)
        self._check_command_usable(top, user, channel)
        leaf = chain[-1] if chain else top
        resolved: dict[str, dict] = {}
        leaf_options = build_options(self, leaf, dict(options or {}), guild, resolved)
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "options": wrap_chain(chain, leaf_options),
        }
        if scope is not None:
            data["guild_id"] = str(scope)
        if resolved:
            data["resolved"] = resolved
        inter = self._new_interaction(
            APPLICATION_COMMAND, user, channel, data, at=at, locale=locale, expired=expired, name=command
        )
        return await self._outcome(inter, timeout, wait_deferred)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        timeout: float | None = None,
        locale: str | None = None,
    ) -> list[dict]:
        """What the user sees while typing `focused`: the choices the bot returned."""
        guild = channel.guild
        top, chain, scope = await self._resolve_command(command, guild, timeout)
        leaf = chain[-1] if chain else top
        resolved: dict[str, dict] = {}
        leaf_options = build_options(self, leaf, dict(options), guild, resolved, focused=focused)
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "options": wrap_chain(chain, leaf_options),
        }
        if scope is not None:
            data["guild_id"] = str(scope)
        inter = self._new_interaction(AUTOCOMPLETE, user, channel, data, locale=locale, name=command)
        await self._outcome(inter, timeout, False)
        return inter.choices or []

    def _component(self, msg: FakeMessage, ident: Any, types: tuple[int, ...], **criteria: Any) -> dict[str, Any]:
        if isinstance(ident, dict):
            ident = ident.get("custom_id")
        if ident is not None:
            comp = msg.component(ident)
        elif 2 in types:
            comp = msg.find_button(**{k: v for k, v in criteria.items() if v is not None})
        else:
            comp = msg.find_select(**{k: v for k, v in criteria.items() if v is not None})
        if comp is None or comp.get("type") not in types:
            have = [
                (c.get("type"), c.get("label") or c.get("placeholder"), c.get("custom_id"))
                for c in msg.all_components()
                if c.get("custom_id")
            ]
            raise LookupError(f"message {msg.id} shows no component {ident or criteria} of type {types}; it has {have}")
        return comp

    async def press(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str | dict | None = None,
        *,
        label: str | None = None,
        prefix: str | None = None,
        at: Any = None,
        timeout: float | None = None,
        wait_deferred: bool | None = None,
        expired: bool = False,
        force: bool = False,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Presses a button shown on `message` (by custom_id, a component dict, label= or prefix=).
        `at`: snowflake time as ms offset from now (or a datetime): who pressed first is decided by it.
        Disabled buttons cannot be pressed unless force=True."""
        msg = self.message(message)
        self._check_visible(user, msg)
        comp = self._component(msg, custom_id, (2,), label=label, prefix=prefix)
        if comp.get("style") in (5, 6):
            raise ValueError("link and premium buttons do not create interactions")
        if comp.get("disabled") and not force:
            raise PermissionError(f"button {comp.get('label')!r} ({comp.get('custom_id')}) is disabled")
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        inter = self._new_interaction(
            MESSAGE_COMPONENT,
            user,
            msg.channel,
            data,
            at=at,
            message=msg,
            name=comp["custom_id"],
            locale=locale,
            expired=expired,
        )
        return await self._outcome(inter, timeout, wait_deferred)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str | dict | None,
        values: list[Any],
        *,
        prefix: str | None = None,
        at: Any = None,
        timeout: float | None = None,
        wait_deferred: bool | None = None,
        expired: bool = False,
        force: bool = False,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Picks `values` in a select menu on `message` (string selects: option values; user/role/channel selects:
        FakeUser/FakeRole/FakeChannel or ids)."""
        msg = self.message(message)
        self._check_visible(user, msg)
        comp = self._component(msg, custom_id, SELECT_TYPES, prefix=prefix)
        if comp.get("disabled") and not force:
            raise PermissionError(f"select {comp.get('custom_id')} is disabled")
        ctype = comp["type"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not force and not lo <= len(values) <= hi:
            raise ValueError(f"select {comp['custom_id']} takes {lo}..{hi} values, got {len(values)}")
        resolved: dict[str, dict] = {}
        out_values = []
        guild = msg.channel.guild
        for value in values:
            if ctype == 3:
                allowed = [o["value"] for o in comp.get("options") or []]
                if str(value) not in allowed and not force:
                    raise ValueError(f"{value!r} is not an option of {comp['custom_id']}: {allowed}")
                out_values.append(str(value))
                continue
            if isinstance(value, FakeMember):
                value = value.user
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                member = guild.member(value) if guild else None
                if member is not None:
                    resolved.setdefault("members", {})[str(value.id)] = member.payload(
                        with_user=False, with_permissions=True
                    )
            elif isinstance(value, FakeRole):
                resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            elif isinstance(value, FakeChannel):
                ch = value.payload()
                ch["permissions"] = str(self._member_permissions(guild, user))
                resolved.setdefault("channels", {})[str(value.id)] = ch
            out_values.append(str(getattr(value, "id", value)))
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": ctype, "values": out_values}
        if resolved:
            data["resolved"] = resolved
        inter = self._new_interaction(
            MESSAGE_COMPONENT,
            user,
            msg.channel,
            data,
            at=at,
            message=msg,
            name=comp["custom_id"],
            locale=locale,
            expired=expired,
        )
        return await self._outcome(inter, timeout, wait_deferred)

    async def forge(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: list[str] | None = None,
        *,
        at: Any = None,
        timeout: float | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """A component interaction Discord itself never sends: `custom_id` (a button's, or a string select's with
        `values`) as a modified client would send it from `message`, in that message's channel and guild, whatever
        the message shows. For tests of the bot's own checks; only the user's visibility of the message is checked.
        The interaction's copy of the message shows the forged component in a row of its own (discord.py routes a
        press only to a component its message has); the stored message is not changed."""
        msg = self.message(message)
        self._check_visible(user, msg)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is None:
            component: dict[str, Any] = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
        else:
            data["values"] = [str(value) for value in values]
            component = {
                "type": 3,
                "custom_id": custom_id,
                "min_values": 1,
                "max_values": max(1, len(values)),
                "options": [{"label": str(value), "value": str(value)} for value in values],
            }
        shown = msg.payload(self.application_id, copy=True)
        shown["components"] = [*(shown.get("components") or []), {"type": 1, "components": [component]}]
        inter = self._new_interaction(
            MESSAGE_COMPONENT,
            user,
            msg.channel,
            data,
            at=at,
            message=msg,
            name=custom_id,
            locale=locale,
            message_payload=shown,
        )
        return await self._outcome(inter, timeout, None)

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: FakeInteraction,
        values: dict[str, Any],
        *,
        at: Any = None,
        timeout: float | None = None,
        wait_deferred: bool | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Fills and submits the modal the bot opened in answer to `opened_by` (text inputs: custom_id -> str)."""
        if opened_by.modal is None:
            raise LookupError(f"{opened_by} did not open a modal (response type {opened_by.type})")
        if opened_by.user is not user:
            raise PermissionError("only the user who opened a modal can submit it")
        data = {
            "custom_id": opened_by.modal["custom_id"],
            "components": modal_submit_components(opened_by.modal, values),
        }
        source = opened_by.source_message
        inter = self._new_interaction(
            MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            at=at,
            message=source if source is not None and not source.deleted else None,
            parent=opened_by,
            name=data["custom_id"],
            locale=locale,
        )
        return await self._outcome(inter, timeout, wait_deferred)

    async def react(self, user: FakeUser, message: FakeMessage | int, emoji: str) -> None:
        """`user` adds a reaction (unicode, or "name:id" for a custom emoji): MESSAGE_REACTION_ADD."""
        msg = self.message(message)
        self._check_visible(user, msg)
        if msg.ephemeral:
            raise PermissionError("ephemeral messages cannot be reacted to")
        self._add_reaction(msg, user, emoji_key(emoji))
        self._notify()

    async def unreact(self, user: FakeUser, message: FakeMessage | int, emoji: str) -> None:
        msg = self.message(message)
        self._remove_reaction(msg, user, emoji_key(emoji))
        self._notify()

    async def say(
        self,
        user: FakeUser,
        channel: FakeChannel,
        content: str = "",
        *,
        embeds: list[dict] | None = None,
        files: dict[str, bytes] | None = None,
        reply_to: FakeMessage | None = None,
    ) -> FakeMessage:
        """`user` posts a message (MESSAGE_CREATE; content hidden from bots without the message content intent)."""
        self._check_channel_visible(user, channel)
        if channel.is_thread:
            self._archive_if_idle(channel)
            if channel.locked and not self._member_permissions(channel.guild, user) & P.MANAGE_THREADS:
                raise PermissionError(f"{channel} is locked")
            if channel.archived:  # a member's message brings the thread back, as their client does
                self._set_archived(channel, False)
            channel.thread_members.add(user.id)
        uploads = [UploadedFile(f"files[{i}]", name, data) for i, (name, data) in enumerate((files or {}).items())]
        body: dict[str, Any] = {"content": content, "embeds": embeds or []}
        if reply_to is not None:
            body["message_reference"] = {"message_id": str(reply_to.id), "channel_id": str(reply_to.channel.id)}
        msg = self._create_message(channel, user, body, uploads)
        self._notify()
        return msg


def _wake(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


def pinged_users(content: str, allowed: dict | None) -> list[int]:
    """Discord's rule: user mentions in the content ping only as allowed_mentions allows — with no allowed_mentions
    every one pings; with it, those in "users" (ids), or all when "parse" holds "users"."""
    mentioned = [int(found) for found in re.findall(r"<@!?(\d+)>", content or "")]
    if allowed is None or "users" in (allowed.get("parse") or []):
        return list(dict.fromkeys(mentioned))
    permitted = {int(user) for user in allowed.get("users") or []}
    return [user for user in dict.fromkeys(mentioned) if user in permitted]
