"""REST API v10 handlers (the routes discord.py 2.7 uses for a bot like ours), with recording and fault injection.

Route templates are discord.py's own `Route.path` strings, so `call.route` can be compared with them directly.
"""

from __future__ import annotations

import asyncio
import email.parser
import email.policy
import functools
import hashlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import validate
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    PONG,
    TOKEN_SECONDS,
    UPDATE_MESSAGE,
    FakeInteraction,
)
from .models import (
    FLAG_EPHEMERAL,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    ApiError,
    Call,
    Delay,
    FakeChannel,
    FakeMessage,
    Fault,
    Intents,
    P,
    UploadedFile,
    emoji_key,
    emoji_payload,
    from_json,
    plain_json,
    to_json,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.rest")
API_PREFIX = "/api/v10"
Handler = Callable[[web.Request, Call], Awaitable[Any]]

# (method, discord.py route template, handler name). Order matters: literal segments before variables.
ROUTES: list[tuple[str, str, str]] = [
    ("GET", "/users/@me", "_get_me"),
    ("POST", "/users/@me/channels", "_open_dm"),
    ("GET", "/users/{user_id}", "_get_user"),
    ("GET", "/gateway/bot", "_gateway_bot"),
    ("GET", "/gateway", "_gateway_plain"),
    ("GET", "/oauth2/applications/@me", "_app_info"),
    ("GET", "/applications/@me", "_app_info"),
    ("GET", "/applications/{application_id}/commands", "_get_commands"),
    ("PUT", "/applications/{application_id}/commands", "_put_commands"),
    ("POST", "/applications/{application_id}/commands", "_post_command"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/permissions", "_empty_list"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "_get_commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "_put_commands"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", "_post_command"),
    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback", "_callback"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "_wh_message"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "_wh_message"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "_wh_message"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "_wh_message"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "_wh_message"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "_wh_message"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}", "_wh_execute"),
    ("GET", "/channels/{channel_id}", "_get_channel"),
    ("PATCH", "/channels/{channel_id}", "_edit_channel"),
    ("DELETE", "/channels/{channel_id}", "_delete_channel"),
    ("POST", "/channels/{channel_id}/typing", "_no_content"),
    ("GET", "/channels/{channel_id}/messages/pins", "_get_pins"),
    ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", "_pin"),
    ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", "_pin"),
    ("POST", "/channels/{channel_id}/messages/bulk-delete", "_bulk_delete"),
    ("GET", "/channels/{channel_id}/messages", "_get_messages"),
    ("POST", "/channels/{channel_id}/messages", "_post_message"),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "_get_message"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "_edit_message"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "_delete_message"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "_thread_from_message"),
    ("POST", "/channels/{channel_id}/threads", "_thread_without_message"),
    ("PUT", "/channels/{channel_id}/thread-members/@me", "_thread_member"),
    ("DELETE", "/channels/{channel_id}/thread-members/@me", "_thread_member"),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}", "_thread_member"),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "_thread_member"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "_reaction_me"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "_reaction_me"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{member_id}", "_reaction_remove_user"),
    ("GET", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}", "_reaction_users"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}", "_reaction_clear"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions", "_reaction_clear"),
    ("GET", "/guilds/{guild_id}", "_get_guild"),
    ("GET", "/guilds/{guild_id}/channels", "_get_guild_channels"),
    ("GET", "/guilds/{guild_id}/roles", "_get_guild_roles"),
    ("GET", "/guilds/{guild_id}/threads/active", "_get_active_threads"),
    ("GET", "/guilds/{guild_id}/members/{member_id}", "_get_member"),
    ("GET", "/guilds/{guild_id}/members", "_list_members"),
]

NO_AUTH_PREFIXES = ("/interactions/", "/webhooks/")
CALL_JSON, CALL_RESPONSE = Call.__dict__["json"], Call.__dict__["response"]
# the callback types each interaction type allows (a modal submit also allows 6 and 7 when it came from a message)
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL}),
    MESSAGE_COMPONENT: frozenset(
        {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL}
    ),
    AUTOCOMPLETE: frozenset({AUTOCOMPLETE_RESULT}),
    MODAL_SUBMIT: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}),
}
MODAL_FROM_MESSAGE = frozenset({DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE})


def _int(value: Any, code: int = 10003, what: str = "Unknown Channel") -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ApiError(404, code, what) from None


_DISPOSITION = re.compile(r'form-data; name="([^"]*)"(?:; filename="([^"]*)")?')


def _simple_parts(raw: bytes, content_type: str) -> tuple[Any, list[UploadedFile]] | None:
    parts = _simple_parts_and_text(raw, content_type)
    return None if parts is None else parts[:2]


def _email_parts(raw: bytes, content_type: str) -> tuple[Any, list[UploadedFile]]:
    return _email_parts_and_text(raw, content_type)[:2]


def _simple_parts_and_text(raw: bytes, content_type: str) -> tuple[Any, list[UploadedFile], bytes | None] | None:
    """The payload_json and files of a multipart body as discord.py writes it, parsed directly: aiohttp's general
    parser costs about a millisecond a request (a fresh boundary defeats its caches), which in the benchmarks counted
    against the bot sharing this process. None for anything unusual (escapes, extended parameters):
    `_email_parts` parses it.
    Also gives payload_json's text as received (None if there was none)."""
    _, _, boundary = content_type.partition("boundary=")
    boundary = boundary.split(";")[0].strip().strip('"')
    if not boundary:
        return None
    body: Any = None
    text: bytes | None = None
    files: list[UploadedFile] = []
    delimiter = b"--" + boundary.encode()
    marks = []  # where each delimiter starts (what raw.split(delimiter) cuts at), the parts' bytes copied once only
    at = raw.find(delimiter)
    while at >= 0:
        marks.append(at)
        at = raw.find(delimiter, at + len(delimiter))
    if len(marks) < 2 or not raw.startswith(b"--", marks[-1] + len(delimiter)):
        return None
    for start, end in zip(marks, marks[1:]):
        start += len(delimiter)
        split = raw.find(b"\r\n\r\n", start, end)
        if split < 0 or not raw.startswith(b"\r\n", start, split) or not raw.endswith(b"\r\n", split + 4, end):
            return None
        head = raw[start + 2 : split]
        headers = {}
        for line in head.decode("latin-1").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                return None
            headers[name.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        match = _DISPOSITION.fullmatch(disposition)
        if match is None or "\\" in disposition or "%" in disposition:
            return None
        name, filename = match.groups()
        data = raw[split + 4 : end - 2]
        if filename is not None:
            files.append(UploadedFile(name, filename, bytes(data), headers.get("content-type")))
        elif name == "payload_json":
            body, text = from_json(data), data
    return body, files, text


def _email_parts_and_text(raw: bytes, content_type: str) -> tuple[Any, list[UploadedFile], bytes | None]:
    """Any multipart/form-data body, escapes and RFC 2231 parameters included (the standard library's parser)."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + raw
    )
    body: Any = None
    text: bytes | None = None
    files: list[UploadedFile] = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_filename()
        data = part.get_payload(decode=True) or b""
        if filename is not None:
            files.append(UploadedFile(name or "", filename, data, part.get("Content-Type")))
        elif name == "payload_json":
            body, text = from_json(data), data
    return body, files, text


def _take(pending: list, call: Call) -> Any:
    """The first pending Fault or Delay whose pattern matches `call`, counted as hit (dropped once used up)."""
    for entry in pending:
        if entry.remaining > 0 and call.matches(entry.pattern):
            entry.hits.append(call)
            if entry.remaining <= 0:
                pending.remove(entry)
            return entry
    return None


class RestMixin:
    """Mixed into FakeDiscord: builds the aiohttp routes and answers them from the fake's store."""

    # ------------------------------------------------------------------------------------ plumbing
    def _build_routes(self: FakeDiscord, app: web.Application) -> None:
        for method, template, name in ROUTES:
            app.router.add_route(method, API_PREFIX + template, self._wrap(template, getattr(self, name)))
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._wrap(None, self._unknown_route))

    def _wrap(
        self: FakeDiscord, template: str | None, handler: Handler
    ) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def wrapped(request: web.Request) -> web.Response:
            call = await self._record(request, template)
            delay = self._take_delay(call)
            if delay is not None and delay.apply_after:
                await asyncio.sleep(delay.apply_after)
            headers: dict[str, str] = {}
            try:
                if template is not None and not template.startswith(NO_AUTH_PREFIXES):
                    if request.headers.get("Authorization") != f"Bot {self.bot_token}":
                        raise ApiError(401, 0, "401: Unauthorized")
                fault = self._take_fault(call)
                if fault is not None:
                    call.fault = True
                    status, body = fault.status, fault.body()
                    headers = self._fault_headers(fault, template or "")
                    if template == "/interactions/{webhook_id}/{webhook_token}/callback" and status not in (
                        429,
                        500,
                        502,
                        503,
                        504,
                        524,
                    ):
                        inter = self.interactions_by_token.get(call.params.get("webhook_token", ""))
                        if inter is not None and inter.type is None:
                            inter.error = body
                else:
                    result = await handler(request, call)
                    status, body = result if isinstance(result, tuple) else (200 if result is not None else 204, result)
            except ApiError as exc:
                status, body = exc.status, exc.body()
            except Exception as exc:  # a bug in the fake: answer 400 so discord.py fails fast, and remember it
                log.exception("fake discord handler crashed on %s %s", request.method, request.path)
                self.internal_errors.append(f"{request.method} {request.path}: {exc!r}")
                status, body = 400, {"message": f"fake discord internal error: {exc!r}", "code": 0}
            CALL_JSON.drop_fresh(call)
            call.status = status
            encoded = None
            if body is None or status == 204:
                call.response = body
            else:
                encoded = plain_json(body) if type(body) in (dict, list) else None
                if encoded is not None:
                    CALL_RESPONSE.set_json(call, encoded)  # kept as sent
                else:
                    call.response = body
                    encoded = to_json(body)
            if status >= 400 and not call.fault and (template or "").startswith(NO_AUTH_PREFIXES):
                inter = self.interactions_by_token.get(call.params.get("webhook_token", ""))
                if inter is not None:
                    inter.rejections.append(call)
            self._notify()
            if delay is not None and delay.respond_after:
                await asyncio.sleep(delay.respond_after)
            return self._respond(status, encoded, template or request.path, headers)

        return wrapped

    async def _record(self: FakeDiscord, request: web.Request, template: str | None) -> Call:
        body: Any = None
        text: bytes | None = None  # the body's JSON text as received
        files: list[UploadedFile] = []
        content_type = request.headers.get("Content-Type", "")
        simple = (
            _simple_parts_and_text(await request.read(), content_type)
            if content_type.startswith("multipart/")
            else None
        )
        if simple is not None:
            body, files, text = simple
        elif content_type.startswith("multipart/"):
            body, files, text = _email_parts_and_text(await request.read(), content_type)
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                try:
                    body, text = from_json(raw), raw
                except ValueError:
                    body = raw.decode(errors="replace")
        path = request.path[len(API_PREFIX) :] if request.path.startswith(API_PREFIX) else request.path
        self._call_seq += 1  # numbered on after `forget` too
        keep_text = text is not None and type(body) in (dict, list)
        call = Call(
            seq=self._call_seq,
            method=request.method,
            route=template,
            path=path,
            params=dict(request.match_info),
            query=dict(request.query),
            json=None if keep_text else body,
            files=files,
        )
        if keep_text:  # kept as received; the handler's first read of `call.json` takes the object just decoded
            CALL_JSON.set_json(call, bytes(text), body)
        self.calls.append(call)
        if template is None:
            self.unhandled.append(call)
        return call

    def _take_fault(self: FakeDiscord, call: Call) -> Fault | None:
        return _take(self.faults, call)

    def _take_delay(self: FakeDiscord, call: Call) -> Delay | None:
        return _take(self.delays, call)

    @staticmethod
    @functools.lru_cache(maxsize=1024)
    def _bucket(template: str) -> str:
        return hashlib.sha1(template.encode()).hexdigest()[:16]

    def _respond(self, status: int, body: bytes | None, template: str, extra: dict[str, str]) -> web.Response:
        """`body`: the answer's JSON text (None for no content)."""
        headers = {
            "X-RateLimit-Limit": "50",
            "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": self._bucket(template),
            "Via": "1.1 google",
        }
        headers.update(extra)
        if body is None:
            return web.Response(status=204 if status in (200, 204) else status, headers=headers)
        headers["Content-Type"] = "application/json"
        return web.Response(status=status, body=body, headers=headers)

    def _fault_headers(self, fault: Fault, template: str) -> dict[str, str]:
        if fault.status != 429:
            return {}
        headers = {
            "Retry-After": str(max(1, int(fault.retry_after + 0.999))),
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + fault.retry_after:.3f}",
            "X-RateLimit-Scope": "global" if fault.is_global else "user",
        }
        if fault.is_global:
            headers["X-RateLimit-Global"] = "true"
        return headers

    async def _unknown_route(self, request: web.Request, call: Call) -> Any:
        raise ApiError(404, 0, "404: Not Found")

    async def _no_content(self, request: web.Request, call: Call) -> Any:
        return None

    async def _empty_list(self, request: web.Request, call: Call) -> Any:
        return []

    # ------------------------------------------------------------------------------------ lookups
    def _channel_or_404(self: FakeDiscord, channel_id: Any) -> FakeChannel:
        channel = self.channels.get(_int(channel_id))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        self._archive_if_idle(channel)
        return channel

    def _check_writable(self: FakeDiscord, channel: FakeChannel) -> None:
        """Writing a message in a thread (posting, editing, deleting): refused while it is archived, and in a locked
        thread without Manage Threads."""
        if not channel.is_thread:
            return
        if channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
        if channel.locked:
            self._require(channel, P.MANAGE_THREADS)

    def _message_or_404(self: FakeDiscord, channel: FakeChannel, message_id: Any) -> FakeMessage:
        msg = self.messages.get(_int(message_id, 10008, "Unknown Message"))
        if msg is None or msg.deleted or msg.ephemeral or msg.channel is not channel:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def _require(self: FakeDiscord, channel: FakeChannel, bits: int) -> None:
        if channel.guild is None:
            return
        have = self._member_permissions(channel.guild, self.bot_user)
        if have & bits != bits:
            raise ApiError(403, 50013, "Missing Permissions")

    # ------------------------------------------------------------------------------------ users, app, gateway
    async def _get_me(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        return self._bot_user_payload()

    async def _get_user(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        user = self.users.get(_int(call.params["user_id"], 10013, "Unknown User"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.payload()

    async def _gateway_bot(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        return {
            "url": self.gateway_url,
            "shards": self.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14400000,
                "max_concurrency": self.max_concurrency,
            },
        }

    async def _gateway_plain(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        return {"url": self.gateway_url}

    async def _app_info(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        owner = self.users.get(self.app_owner_id) if self.app_owner_id else None
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": self.application_flags,
            "tags": [],
            "owner": (owner or self.bot_user).payload(),
            "team": None,
            "rpc_origins": [],
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "approximate_guild_count": len(self.guilds),
            "bot": self._bot_user_payload(),
            "install_params": None,
            "integration_types_config": {},
        }

    # ------------------------------------------------------------------------------------ application commands
    def _command_scope(self: FakeDiscord, call: Call) -> int | None:
        if _int(call.params["application_id"], 10002, "Unknown Application") != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild_id = call.params.get("guild_id")
        if guild_id is None:
            return None
        gid = _int(guild_id, 10004, "Unknown Guild")
        if gid not in self.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return gid

    def _store_command(
        self: FakeDiscord, scope: int | None, data: dict[str, Any], existing: list[dict[str, Any]]
    ) -> dict[str, Any]:
        ctype = data.get("type", 1)
        old = next((c for c in existing if c["name"] == data.get("name") and c.get("type", 1) == ctype), None)
        cmd = {
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "name_localizations": None,
            "description_localizations": None,
            "options": [],
            "description": "",
            **data,
        }
        cmd.update(
            {
                "id": old["id"] if old else str(self.snowflakes.make()),
                "application_id": str(self.application_id),
                "type": ctype,
                "version": str(self.snowflakes.make()),
            }
        )
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    async def _get_commands(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        return self.commands.get(self._command_scope(call), [])

    async def _put_commands(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        scope = self._command_scope(call)
        payload = call.json or []
        validate.check_commands(payload)
        existing = self.commands.get(scope, [])
        self.commands[scope] = [self._store_command(scope, c, existing) for c in payload]
        self.command_syncs.append({"guild_id": scope, "names": [c["name"] for c in payload]})
        return self.commands[scope]

    async def _post_command(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        scope = self._command_scope(call)
        validate.check_commands([call.json])
        existing = self.commands.setdefault(scope, [])
        cmd = self._store_command(scope, call.json, existing)
        existing[:] = [c for c in existing if c["id"] != cmd["id"]] + [cmd]
        return cmd

    # ------------------------------------------------------------------------------------ interactions
    async def _callback(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        inter = self.interactions_by_token.get(call.params["webhook_token"])
        if inter is None or str(inter.id) != call.params["webhook_id"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if (
            inter.expired
            or self.clock() - inter.issued_at > TOKEN_SECONDS
            or (
                self.interaction_deadline is not None
                and inter.type is None
                and self._loop_time() - inter.created_at > self.interaction_deadline
            )
        ):
            inter.expired = True
            inter.error = {"message": "Unknown interaction", "code": 10062}
            raise ApiError(404, 10062, "Unknown interaction")
        if inter.type is not None:
            self.answered_twice.append(inter)  # two callbacks for one interaction: a bug, even though refused
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        body = call.json or {}
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = ALLOWED_CALLBACKS.get(inter.interaction_type, {PONG})
        if inter.interaction_type == MODAL_SUBMIT and inter.source_message:
            allowed = allowed | MODAL_FROM_MESSAGE
        if rtype not in allowed:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "type": {
                        "_errors": [
                            {
                                "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                "message": f"Interaction response type {rtype} is "
                                f"not valid for interaction type {inter.interaction_type}",
                            }
                        ]
                    }
                },
            )
        msg: FakeMessage | None = None
        if rtype in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and self.validate:
            validate.check_message(data, call.files, creating=rtype == CHANNEL_MESSAGE)
        if rtype == CHANNEL_MESSAGE:
            msg = self._create_message(
                inter.channel,
                self.bot_user,
                data,
                call.files,
                interaction=inter,
                ephemeral=bool((data.get("flags") or 0) & FLAG_EPHEMERAL),
            )
            inter.original = msg
        elif rtype == DEFERRED_CHANNEL_MESSAGE:
            msg = self._create_message(
                inter.channel,
                self.bot_user,
                {"content": ""},
                [],
                interaction=inter,
                ephemeral=bool((data.get("flags") or 0) & FLAG_EPHEMERAL),
                loading=True,
            )
            inter.original = msg
        elif rtype == DEFERRED_UPDATE_MESSAGE:
            inter.original = inter.source_message
        elif rtype == UPDATE_MESSAGE:
            msg = inter.source_message
            if msg is None or msg.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            self._apply_edit(msg, data, call.files)
            inter.original = msg
        elif rtype == MODAL:
            if self.validate:
                errors = validate.Errors()
                if not data.get("custom_id") or not data.get("title"):
                    errors.add(["data"], "BASE_TYPE_REQUIRED", "custom_id and title are required")
                if len(data.get("title") or "") > 45:
                    errors.add(["data", "title"], "BASE_TYPE_MAX_LENGTH", "Must be 45 or fewer in length.")
                if not 1 <= len(data.get("components") or []) <= 5:
                    errors.add(["data", "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
                errors.raise_if_any()
            inter.modal = data
        elif rtype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "data": {
                            "choices": {
                                "_errors": [
                                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 25 or fewer in length."}
                                ]
                            }
                        }
                    },
                )
            inter.choices = choices
        inter.type = rtype
        FakeInteraction.response_data.set_decoded(inter, data)  # it came as JSON
        inter.responded_at = self._loop_time()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return None
        info: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.interaction_type,
            "response_message_loading": False,
            "response_message_ephemeral": False,
        }
        resource: dict[str, Any] = {"type": rtype}
        if msg is not None:
            info.update(
                {
                    "response_message_id": str(msg.id),
                    "response_message_loading": msg.loading,
                    "response_message_ephemeral": msg.ephemeral,
                }
            )
            resource["message"] = msg.payload(self.application_id, copy=False)
        return {"interaction": info, "resource": resource}

    def _webhook_interaction(self: FakeDiscord, call: Call) -> FakeInteraction:
        inter = self.interactions_by_token.get(call.params["webhook_token"])
        if inter is not None and self.clock() - inter.issued_at > TOKEN_SECONDS:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if (
            inter is None
            or str(self.application_id) != call.params["webhook_id"]
            or inter.type is None
            or inter.expired
            or inter.error is not None
        ):
            raise ApiError(404, 10015, "Unknown Webhook")
        return inter

    async def _wh_execute(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        inter = self._webhook_interaction(call)
        data = call.json or {}
        if self.validate:
            validate.check_message(data, call.files)
        channel = inter.channel
        if call.query.get("thread_id"):
            channel = self._channel_or_404(call.query["thread_id"])
        if not (data.get("flags") or 0) & FLAG_EPHEMERAL:
            self._check_writable(channel)
        original = inter.original
        if (
            inter.type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not inter.first_followup_used
        ):
            # Discord ("Create Followup Message"): directly after a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE response a
            # followup edits the loading message instead; its ephemeral flag is ignored and the defer's visibility
            # kept. So a public defer followed by an "ephemeral" refusal shows the refusal to the whole channel.
            inter.first_followup_used = True
            self._apply_edit(original, data, call.files, followup_fill=True)
            msg = original
        else:
            msg = self._create_message(
                channel,
                self.bot_user,
                data,
                call.files,
                interaction=inter,
                ephemeral=bool((data.get("flags") or 0) & FLAG_EPHEMERAL),
                followup=True,
            )
        inter.followups.append(msg)
        if call.query.get("wait") in ("1", "true", "True"):
            return msg.payload(self.application_id, copy=False)
        return None

    async def _wh_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        inter = self._webhook_interaction(call)
        mid = call.params.get("message_id", "@original")
        if mid == "@original":
            msg = inter.original
        else:
            msg = self.messages.get(_int(mid, 10008, "Unknown Message"))
            if msg is not None and msg is not inter.original and msg not in inter.followups:
                msg = None
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return msg.payload(self.application_id, copy=False)
        if not msg.ephemeral:
            self._check_writable(msg.channel)
        if request.method == "DELETE":
            self._delete(msg)
            return None
        data = call.json or {}
        if self.validate:
            validate.check_message(data, call.files, creating=False)
        self._apply_edit(msg, data, call.files)
        return msg.payload(self.application_id, copy=False)

    # ------------------------------------------------------------------------------------ channels & messages
    async def _get_channel(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        return self._channel_or_404(call.params["channel_id"]).payload()

    async def _edit_channel(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        data = call.json or {}
        if channel.is_thread:
            # the bot may archive and unarchive its own thread, unless a moderator locked it
            if channel.owner_id != self.bot_user.id or channel.locked or data.get("locked"):
                self._require(channel, P.MANAGE_THREADS)
            was_archived = channel.archived
            for key in ("name", "archived", "locked", "invitable", "auto_archive_duration", "rate_limit_per_user"):
                if key in data and data[key] is not None:
                    setattr(channel, key, data[key])
            if was_archived and not channel.archived:
                channel.last_activity = self.clock()  # its idle time starts again
            self._dispatch_guild(channel.guild, "THREAD_UPDATE", channel.payload(), Intents.GUILDS)
        else:
            self._require(channel, P.MANAGE_CHANNELS)
            for key in ("name", "topic", "position", "rate_limit_per_user"):
                if key in data:
                    setattr(channel, key, data[key])
            self._dispatch_guild(channel.guild, "CHANNEL_UPDATE", channel.payload(), Intents.GUILDS)
        return channel.payload()

    async def _delete_channel(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        if channel.is_dm:
            return channel.payload()
        if not (channel.is_thread and channel.owner_id == self.bot_user.id):
            self._require(channel, P.MANAGE_THREADS if channel.is_thread else P.MANAGE_CHANNELS)
        channel.deleted = True
        if channel.is_thread:
            self._dispatch_guild(
                channel.guild,
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild.id),
                    "parent_id": str(channel.parent.id),
                    "type": channel.type,
                },
                Intents.GUILDS,
            )
        else:
            self._dispatch_guild(channel.guild, "CHANNEL_DELETE", channel.payload(), Intents.GUILDS)
        return channel.payload()

    async def _get_messages(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        limit = max(1, min(100, int(call.query.get("limit", 50))))
        msgs = [self.messages[i] for i in channel.message_ids if not self.messages[i].deleted]
        if "before" in call.query:
            msgs = [m for m in msgs if m.id < int(call.query["before"])]
        if "after" in call.query:
            msgs = [m for m in msgs if m.id > int(call.query["after"])][:limit]
        if "around" in call.query:
            around = int(call.query["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > around][: limit - len(older)]
            msgs = older + newer
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return [m.payload(self.application_id, copy=False) for m in msgs]

    async def _get_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        return self._message_or_404(channel, call.params["message_id"]).payload(self.application_id, copy=False)

    async def _post_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        data = call.json or {}
        if channel.is_dm:
            if channel.recipient is not None and channel.recipient.dms_closed:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            self._require(
                channel, P.VIEW_CHANNEL | (P.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.SEND_MESSAGES)
            )
            if call.files:
                self._require(channel, P.ATTACH_FILES)
            self._check_writable(channel)
        if self.validate:
            validate.check_message(data, call.files)
        msg = self._create_message(channel, self.bot_user, data, call.files)
        return msg.payload(self.application_id, copy=False)

    async def _edit_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        data = call.json or {}
        if msg.author is not self.bot_user and (set(data) - {"flags"} or call.files):
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._check_writable(channel)
        if self.validate:
            validate.check_message(data, call.files, creating=False)
        self._apply_edit(msg, data, call.files)
        return msg.payload(self.application_id, copy=False)

    async def _delete_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        if msg.author is not self.bot_user:
            self._require(channel, P.MANAGE_MESSAGES)
        self._check_writable(channel)
        self._delete(msg)
        return None

    async def _bulk_delete(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        self._require(channel, P.MANAGE_MESSAGES)
        for mid in (call.json or {}).get("messages", []):
            msg = self.messages.get(int(mid))
            if msg is not None and msg.channel is channel and not msg.deleted:
                self._delete(msg)
        return None

    async def _get_pins(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        pins = [
            self.messages[i] for i in channel.message_ids if self.messages[i].pinned and not self.messages[i].deleted
        ]
        return {
            "items": [
                {"pinned_at": m.timestamp.isoformat(), "message": m.payload(self.application_id, copy=False)}
                for m in reversed(pins)
            ],
            "has_more": False,
        }

    async def _pin(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        self._require(channel, P.MANAGE_MESSAGES)
        msg.pinned = request.method == "PUT"
        self._dispatch_message_event("MESSAGE_UPDATE", msg)
        return None

    # ------------------------------------------------------------------------------------ threads
    def _new_thread(
        self: FakeDiscord, parent: FakeChannel, data: dict[str, Any], ttype: int, thread_id: int | None = None
    ) -> FakeChannel:
        if parent.guild is None or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._require(parent, P.CREATE_PRIVATE_THREADS if ttype == PRIVATE_THREAD else P.CREATE_PUBLIC_THREADS)
        name = data.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "name": {
                        "_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}]
                    }
                },
            )
        thread = FakeChannel(
            id=thread_id or self.snowflakes.make(),
            type=ttype,
            name=name,
            guild=parent.guild,
            parent=parent,
            owner_id=self.bot_user.id,
            auto_archive_duration=data.get("auto_archive_duration") or 1440,
            last_activity=self.clock(),
            invitable=data.get("invitable", True),
            rate_limit_per_user=data.get("rate_limit_per_user") or 0,
        )
        thread.thread_members.add(self.bot_user.id)
        parent.guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        event = thread.payload()
        event["newly_created"] = True
        event["member"] = {
            "id": str(thread.id),
            "user_id": str(self.bot_user.id),
            "join_timestamp": thread.created.isoformat(),
            "flags": 0,
        }
        self._dispatch_guild(parent.guild, "THREAD_CREATE", event, Intents.GUILDS)
        return thread

    async def _thread_from_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        if msg.thread is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = self._new_thread(channel, call.json or {}, 10 if channel.type == 5 else PUBLIC_THREAD, msg.id)
        msg.thread = thread
        return thread.payload()

    async def _thread_without_message(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        data = call.json or {}
        return self._new_thread(channel, data, data.get("type") or PRIVATE_THREAD).payload()

    async def _thread_member(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        thread = self._channel_or_404(call.params["channel_id"])
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        uid = self.bot_user.id if "user_id" not in call.params else _int(call.params["user_id"], 10013, "Unknown User")
        if uid not in self.users:
            raise ApiError(404, 10013, "Unknown User")
        if request.method == "PUT":
            thread.thread_members.add(uid)
        else:
            thread.thread_members.discard(uid)
        return None

    # ------------------------------------------------------------------------------------ reactions
    async def _reaction_me(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        key = emoji_key(call.params["emoji"])
        if request.method == "PUT":
            self._require(channel, P.ADD_REACTIONS | P.READ_MESSAGE_HISTORY)
            self._add_reaction(msg, self.bot_user, key)
        else:
            self._remove_reaction(msg, self.bot_user, key)
        return None

    async def _reaction_remove_user(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        self._require(channel, P.MANAGE_MESSAGES)
        user = self.users.get(_int(call.params["member_id"], 10013, "Unknown User"))
        if user is not None:
            self._remove_reaction(msg, user, emoji_key(call.params["emoji"]))
        return None

    async def _reaction_users(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        users = msg.reactions.get(emoji_key(call.params["emoji"]), [])
        after = int(call.query.get("after", 0))
        limit = int(call.query.get("limit", 25))
        return [self.users[u].payload() for u in sorted(users) if u > after][:limit]

    async def _reaction_clear(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        channel = self._channel_or_404(call.params["channel_id"])
        msg = self._message_or_404(channel, call.params["message_id"])
        self._require(channel, P.MANAGE_MESSAGES)
        base = {"channel_id": str(channel.id), "message_id": str(msg.id)}
        if channel.guild is not None:
            base["guild_id"] = str(channel.guild.id)
        if "emoji" in call.params:
            key = emoji_key(call.params["emoji"])
            msg.reactions.pop(key, None)
            self._dispatch_for_channel(
                channel, "MESSAGE_REACTION_REMOVE_EMOJI", {**base, "emoji": emoji_payload(key)}, reactions=True
            )
        else:
            msg.reactions.clear()
            self._dispatch_for_channel(channel, "MESSAGE_REACTION_REMOVE_ALL", base, reactions=True)
        return None

    # ------------------------------------------------------------------------------------ DMs, guilds
    async def _open_dm(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        user = self.users.get(_int((call.json or {}).get("recipient_id"), 10013, "Unknown User"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self.dm_channel(user, create=True).payload()

    def _guild_or_404(self: FakeDiscord, call: Call):
        guild = self.guilds.get(_int(call.params["guild_id"], 10004, "Unknown Guild"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        guild = self._guild_or_404(call)
        data = guild.payload(bot_id=self.bot_user.id)
        for key in (
            "members",
            "channels",
            "threads",
            "voice_states",
            "presences",
            "large",
            "member_count",
            "joined_at",
            "stage_instances",
            "guild_scheduled_events",
            "soundboard_sounds",
            "lazy",
            "embedded_activities",
            "unavailable",
        ):
            data.pop(key, None)
        return data

    async def _get_guild_channels(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        guild = self._guild_or_404(call)
        return [c.payload() for c in guild.channels.values() if not c.is_thread and not c.deleted]

    async def _get_guild_roles(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        return [r.payload() for r in self._guild_or_404(call).roles.values()]

    async def _get_active_threads(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        guild = self._guild_or_404(call)
        threads = [c for c in guild.threads() if not c.deleted and not c.archived]
        return {"threads": [t.payload() for t in threads], "members": []}

    async def _get_member(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        guild = self._guild_or_404(call)
        member = guild.member(_int(call.params["member_id"], 10013, "Unknown User"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.payload()

    async def _list_members(self: FakeDiscord, request: web.Request, call: Call) -> Any:
        guild = self._guild_or_404(call)
        after = int(call.query.get("after", 0))
        limit = int(call.query.get("limit", 1))
        members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.payload() for m in members[:limit]]

    # ------------------------------------------------------------------------------------ attachments (CDN)
    async def _serve_attachment(self: FakeDiscord, request: web.Request) -> web.Response:
        att = self.attachments.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(body=att.data, content_type=(att.content_type or "application/octet-stream").split(";")[0])
