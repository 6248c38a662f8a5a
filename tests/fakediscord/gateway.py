"""Gateway v10 over a websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, zlib-stream transport.

One `GatewaySession` per IDENTIFY (it outlives its socket so the client can RESUME); one `GatewayConnection` per
websocket. Every dispatch gets the session's next sequence number and is kept in the session's buffer, so a RESUME
replays exactly the dispatches after the sequence number the client reports.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import zlib
from typing import TYPE_CHECKING, Any, NamedTuple

from aiohttp import WSMsgType, web

from .models import JsonList, from_json, to_json

try:  # discord.py asks for zstd-stream when the zstandard module is installed (it is not in this venv: untested)
    import zstandard
except ImportError:  # pragma: no cover - depends on the environment
    zstandard = None

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.gateway")

(
    DISPATCH,
    HEARTBEAT,
    IDENTIFY,
    PRESENCE,
    VOICE,
    RESUME,
    RECONNECT,
    REQUEST_MEMBERS,
    INVALID_SESSION,
    HELLO,
    HEARTBEAT_ACK,
) = 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11

_CLOSE = object()


class Encoded(NamedTuple):
    """A payload already encoded as UTF-8 JSON text (kept as plain bytes, which the collector never tracks)."""

    text: bytes


class GatewaySession:
    def __init__(self, shard_id: int, shard_count: int, intents: int) -> None:
        self.id = secrets.token_hex(16)
        self.shard_id, self.shard_count, self.intents = shard_id, shard_count, intents
        self.seq = 0
        self.buffer: list[dict[str, Any]] = JsonList()  # kept for RESUME replays, as the JSON text sent
        self.conn: GatewayConnection | None = None
        self.ready = False  # READY and every GUILD_CREATE were queued
        self.closed = False  # invalidated or replaced by a newer IDENTIFY for the same shard
        self.resumes = 0
        self.identified_at = asyncio.get_running_loop().time()
        self.heard_at = self.identified_at  # its last heartbeat

    def zombie(self, interval: float) -> bool:
        """Silent for longer than Discord waits for a heartbeat (1.5 intervals): Discord closes such a session."""
        return asyncio.get_running_loop().time() - self.heard_at > interval * 1.5

    def dispatch(self, event: str, data: Any) -> int:
        self.seq += 1
        return self._send(to_json({"op": DISPATCH, "t": event, "s": self.seq, "d": data}))  # encoded once

    def dispatch_encoded(self, event: str, data: bytes) -> int:
        """`dispatch` of a payload already encoded as JSON (`to_json`): the same bytes, framed around it."""
        self.seq += 1
        return self._send(b'{"op":%d,"t":%s,"s":%d,"d":%s}' % (DISPATCH, to_json(event), self.seq, data))

    def _send(self, text: bytes) -> int:
        """Keeps an encoded dispatch for RESUME replays and sends it."""
        self.buffer.append_json(text)
        if len(self.buffer) > 5000:
            del self.buffer[:1000]
        if self.conn is not None:
            self.conn.enqueue(Encoded(text))
        return self.seq

    def __repr__(self) -> str:
        return f"<GatewaySession shard={self.shard_id}/{self.shard_count} seq={self.seq} resumes={self.resumes}>"


class GatewayConnection:
    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse, request: web.Request, compress: str | None):
        self.fake, self.ws, self.request = fake, ws, request
        self.compress = compress
        # level 1: the fake's compression costs the bot's process (it runs in it) half of level 6's
        # time (about 22 against 45 µs for a 2.5 KB event); the stream is as valid, the bot's decompression as costly
        self._zlib = zlib.compressobj(1) if compress == "zlib-stream" else None
        self._zstd = (
            zstandard.ZstdCompressor().compressobj() if compress == "zstd-stream" and zstandard is not None else None
        )
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self.session: GatewaySession | None = None
        self.sent: list[dict[str, Any]] = JsonList()  # everything written on this socket, for debugging
        self.received: list[dict[str, Any]] = JsonList()
        self.writer = asyncio.create_task(self._write_loop(), name="fakediscord-gateway-writer")

    def enqueue(self, payload: Any) -> None:
        self._queue.put_nowait(payload)

    async def _write_loop(self) -> None:
        while True:
            payload = await self._queue.get()
            if payload is _CLOSE:
                return
            data = payload.text if type(payload) is Encoded else to_json(payload)
            try:
                if self._zlib is not None:  # one deflate stream per connection, each message Z_SYNC_FLUSH'd
                    chunk = self._zlib.compress(data) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(chunk)
                elif self._zstd is not None:
                    chunk = self._zstd.compress(data) + self._zstd.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
                    await self.ws.send_bytes(chunk)
                else:
                    await self.ws.send_str(data.decode())
            except (ConnectionError, RuntimeError) as exc:  # socket went away: the session buffer keeps it
                log.debug("gateway write failed: %s", exc)
                return
            self.sent.append_json(data)

    async def stop_writer(self) -> None:
        self.enqueue(_CLOSE)
        try:
            await asyncio.wait_for(asyncio.shield(self.writer), 1.0)
        except (TimeoutError, asyncio.CancelledError):
            self.writer.cancel()

    async def close(self, code: int = 4000, *, abort: bool = False) -> None:
        if self.session is not None and self.session.conn is self:
            self.session.conn = None
        self.writer.cancel()
        if abort:
            transport = self.request.transport
            if transport is not None:
                transport.abort()
            return
        if not self.ws.closed:
            try:
                await asyncio.wait_for(self.ws.close(code=code, message=b"fake drop"), 2.0)
            except (TimeoutError, ConnectionError, RuntimeError):
                pass


async def gateway_handler(fake: FakeDiscord, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
    await ws.prepare(request)
    compress = request.query.get("compress")
    encoding = request.query.get("encoding", "json")
    conn = GatewayConnection(fake, ws, request, compress)
    fake._gateway_conns.add(conn)
    fake.gateway_connects.append({"path": request.path, "query": dict(request.query)})
    try:
        supported = (None, "zlib-stream") + (("zstd-stream",) if zstandard is not None else ())
        if encoding != "json" or compress not in supported:
            await ws.close(code=4002, message=b"unsupported encoding/compression")
            return ws
        conn.enqueue(
            {
                "op": HELLO,
                "d": {"heartbeat_interval": fake.heartbeat_interval_ms, "_trace": ['["fake-gateway"]']},
                "s": None,
                "t": None,
            }
        )
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                raw = msg.data
            elif msg.type == WSMsgType.BINARY:
                raw = msg.data.decode()
            else:
                break
            try:
                payload = from_json(raw)
            except ValueError:
                await ws.close(code=4002, message=b"decode error")
                break
            conn.received.append_json(raw.encode())
            await _handle(fake, conn, payload)
    except asyncio.CancelledError:
        raise
    finally:
        if conn.session is not None and conn.session.conn is conn:
            conn.session.conn = None
        fake._gateway_conns.discard(conn)
        conn.writer.cancel()
        fake._notify()
    return ws


async def _handle(fake: FakeDiscord, conn: GatewayConnection, payload: dict[str, Any]) -> None:
    op, data = payload.get("op"), payload.get("d")
    if op == HEARTBEAT:
        fake.heartbeats += 1
        if conn.session is not None:
            conn.session.heard_at = asyncio.get_running_loop().time()
        conn.enqueue({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
    elif op == IDENTIFY:
        await _identify(fake, conn, data or {})
    elif op == RESUME:
        await _resume(fake, conn, data or {})
    elif op == REQUEST_MEMBERS and conn.session is not None:
        _members_chunk(fake, conn.session, data or {})
    elif op in (PRESENCE, VOICE):
        fake.presence_updates.append(data)
    else:
        log.debug("ignoring gateway op %s", op)


async def _identify(fake: FakeDiscord, conn: GatewayConnection, data: dict[str, Any]) -> None:
    if data.get("token") != fake.bot_token:
        await conn.ws.close(code=4004, message=b"Authentication failed.")
        return
    if conn.session is not None:
        await conn.ws.close(code=4005, message=b"Already authenticated.")
        return
    shard_id, shard_count = data.get("shard") or [0, 1]
    if not 0 <= shard_id < shard_count:
        await conn.ws.close(code=4010, message=b"Invalid shard.")
        return
    now = asyncio.get_running_loop().time()
    bucket = shard_id % fake.max_concurrency
    last = max((at for at, shard in fake.identify_times if shard % fake.max_concurrency == bucket), default=None)
    if last is not None and now - last < fake.identify_spacing:
        fake.identifies_too_close.append((shard_id, now - last))
    fake.identify_times.append((now, shard_id))
    for old in fake.sessions:
        if old.shard_id == shard_id and not old.closed:
            old.closed = True
            if old.conn is not None:
                if not old.zombie(fake.heartbeat_interval_ms / 1000):
                    fake.double_sessions.append((shard_id, old.id))  # two processes would serve this shard
    session = GatewaySession(shard_id, shard_count, int(data.get("intents") or 0))
    fake.sessions.append(session)
    fake.identifies.append(data)
    session.conn = conn
    conn.session = session
    guilds = [g for g in fake.guilds.values() if g.shard_id(shard_count) == shard_id]
    session.dispatch(
        "READY",
        {
            "v": 10,
            "user": fake._bot_user_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.resume_gateway_url,
            "shard": [shard_id, shard_count],
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ['["fake-gateway"]'],
        },
    )
    for guild in guilds:
        session.dispatch("GUILD_CREATE", fake._guild_create_payload(guild, session))
    session.ready = True
    fake._notify()


async def _resume(fake: FakeDiscord, conn: GatewayConnection, data: dict[str, Any]) -> None:
    session = next((s for s in fake.sessions if s.id == data.get("session_id")), None)
    if session is None or session.closed or data.get("token") != fake.bot_token:
        fake.failed_resumes += 1
        conn.enqueue({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
        return
    old = session.conn
    if old is not None and old is not conn:
        session.conn = None
        asyncio.create_task(old.close(4000))
    seq = data.get("seq") or 0
    session.conn = conn
    conn.session = session
    for text in list.__iter__(session.buffer):
        payload = from_json(text)
        if payload["s"] > seq:
            conn.enqueue(Encoded(text))
    session.resumes += 1
    fake.resumes.append({"shard_id": session.shard_id, "seq": seq, "replayed": session.seq - seq})
    session.dispatch("RESUMED", {"_trace": ['["fake-gateway"]']})
    fake._notify()


def _members_chunk(fake: FakeDiscord, session: GatewaySession, data: dict[str, Any]) -> None:
    guild = fake.guilds.get(int(data.get("guild_id") or 0))
    if guild is None:
        return
    members = list(guild.members.values())
    if data.get("user_ids"):
        wanted = {int(u) for u in (data["user_ids"] if isinstance(data["user_ids"], list) else [data["user_ids"]])}
        members = [m for m in members if m.user.id in wanted]
    query = (data.get("query") or "").lower()
    if query:
        members = [m for m in members if m.user.name.lower().startswith(query)]
    limit = data.get("limit") or 0
    if limit:
        members = members[:limit]
    chunk: dict[str, Any] = {
        "guild_id": str(guild.id),
        "members": [m.payload() for m in members],
        "chunk_index": 0,
        "chunk_count": 1,
        "not_found": [],
    }
    if data.get("nonce"):
        chunk["nonce"] = data["nonce"]
    if data.get("presences"):
        chunk["presences"] = []
    session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
