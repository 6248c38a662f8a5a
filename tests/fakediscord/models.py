"""The fake's world: users, guilds, roles, members, channels, messages, attachments, recorded calls.

Everything here is plain data plus `payload()` methods that produce the JSON Discord API v10 would send.
Nothing in this module touches the network.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import pickle
import struct
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson

DISCORD_EPOCH_MS = 1420070400000
_NOTHING = object()


# --------------------------------------------------------------------------------------------- kept records
_PASSTHROUGH = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def plain_json(value: Any) -> bytes | None:
    """Compact UTF-8 JSON, as `json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()` writes it save
    for number spellings (orjson's C encoder: a tenth of the time); None for what orjson refuses (keys that are not
    strings, integers past 64 bits, lone surrogates, other types), whose JSON would not read back as the value."""
    try:
        return orjson.dumps(value, option=_PASSTHROUGH)
    except TypeError:
        return None


def to_json(value: Any) -> bytes:
    """`plain_json`, or json's encoding of what orjson refuses (so it answers as before)."""
    encoded = plain_json(value)
    if encoded is None:
        encoded = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
    return encoded


def from_json(raw: bytes | str) -> Any:
    """json.loads by orjson, falling back to json for what only json accepts (NaN, huge integers, lone surrogates)."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)


def pack(value: Any) -> Any:
    """A container as pickled bytes: the fake keeps every payload of a run, and plain bytes are invisible to the
    garbage collector, whose full collections would otherwise walk all of it (and stall the bot sharing this
    process). Every bytes value stored packed is a pickle (bytes themselves are pickled too) or JSON text kept as
    it was received or sent (`Packed.set_json`; a pickle starts with 0x80, which no JSON text does)."""
    if isinstance(value, (dict, list, tuple, bytes)):
        return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    return value


def unpack(value: Any) -> Any:
    if type(value) is not bytes:
        return value
    return pickle.loads(value) if value[:1] == b"\x80" else from_json(value)


def _same(value: Any) -> Any:
    return value


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, strings, numbers): the same result as copy.deepcopy, by
    pickle's C code (deepcopy's Python walk was a tenth of the bench loop's time)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


class Packed:
    """An attribute kept packed: reading it gives a fresh copy of what was stored (mutate it and store it back).
    `hand_over(obj, value)` parks an object just decoded from what was stored, so that the next read takes it
    instead of decoding again (it is as fresh as a copy: nothing else holds it)."""

    def __init__(self, name: str) -> None:
        self.slot = f"_packed_{name}"
        self.fresh = f"_fresh_{name}"

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        fresh = obj.__dict__.pop(self.fresh, _NOTHING)
        return unpack(obj.__dict__.get(self.slot)) if fresh is _NOTHING else fresh

    def __set__(self, obj: Any, value: Any) -> None:
        obj.__dict__.pop(self.fresh, None)
        obj.__dict__[self.slot] = pack(value)

    def set_json(self, obj: Any, raw: bytes, decoded: Any = _NOTHING) -> None:
        """Stores JSON text (a dict or list's) as it is; `decoded`, if given, is what the next read returns."""
        obj.__dict__[self.slot] = raw
        if decoded is _NOTHING:
            obj.__dict__.pop(self.fresh, None)
        else:
            obj.__dict__[self.fresh] = decoded

    def set_decoded(self, obj: Any, value: Any) -> None:
        """Stores a value decoded from JSON (so its JSON reads back as it): as JSON text by orjson, a quarter of
        pickle's time; pickled if orjson refuses it."""
        encoded = plain_json(value) if type(value) in (dict, list) else None
        if encoded is None:
            self.__set__(obj, value)
        else:
            self.set_json(obj, encoded)

    def drop_fresh(self, obj: Any) -> None:
        obj.__dict__.pop(self.fresh, None)


class PackedList(list):
    """A list whose items are kept packed; indexing and iterating read them back."""

    def __init__(self, items: Any = ()) -> None:
        super().__init__(pack(item) for item in items)

    def append(self, item: Any) -> None:
        super().append(pack(item))

    def append_packed(self, packed: bytes) -> None:
        """An item already packed (a pickle of it)."""
        super().append(packed)

    def __getitem__(self, index: Any) -> Any:
        item = super().__getitem__(index)
        return [self._unpack(i) for i in item] if isinstance(index, slice) else self._unpack(item)

    def __iter__(self) -> Iterator[Any]:
        return (self._unpack(item) for item in super().__iter__())

    def __reversed__(self) -> Iterator[Any]:
        return (self._unpack(item) for item in super().__reversed__())

    _unpack = staticmethod(unpack)


class VersionList(PackedList):
    """A message's versions (`FakeMessage.snapshot()` dicts), kept as JSON text with the edit time in ISO form
    (orjson writes it in a quarter of pickle's time), or pickled when orjson refuses one; read back as they were."""

    def append(self, item: Any) -> None:
        stamp = item.get("edited_timestamp")
        encoded = plain_json(
            {**item, "edited_timestamp": stamp.isoformat()} if isinstance(stamp, _dt.datetime) else item
        )
        super().append_packed(pack(item) if encoded is None else encoded)

    @staticmethod
    def _unpack(item: Any) -> Any:
        if type(item) is not bytes or item[:1] == b"\x80":
            return unpack(item)
        version = from_json(item)
        if version.get("edited_timestamp") is not None:
            version["edited_timestamp"] = _dt.datetime.fromisoformat(version["edited_timestamp"])
        return version


class JsonList(list):
    """A list of JSON payloads kept as their UTF-8 JSON text (bytes, which the garbage collector never walks; a
    payload already encoded for the wire is kept as it was sent, with no second encoding); indexing and iterating
    decode."""

    def append(self, item: Any) -> None:
        super().append(to_json(item))

    def append_json(self, text: bytes) -> None:
        super().append(text)

    def __getitem__(self, index: Any) -> Any:
        item = super().__getitem__(index)
        return [from_json(i) for i in item] if isinstance(index, slice) else from_json(item)

    def __iter__(self) -> Iterator[Any]:
        return (from_json(item) for item in super().__iter__())

    def __reversed__(self) -> Iterator[Any]:
        return (from_json(item) for item in super().__reversed__())


# --------------------------------------------------------------------------------------------- permissions
class P:
    """Permission bits (https://discord.com/developers/docs/topics/permissions)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    USE_EXTERNAL_STICKERS = 1 << 37
    SEND_MESSAGES_IN_THREADS = 1 << 38
    SEND_POLLS = 1 << 49
    USE_EXTERNAL_APPS = 1 << 50
    ALL = (1 << 51) - 1

    MEMBER = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | CONNECT
        | SPEAK
        | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | USE_EXTERNAL_STICKERS
        | SEND_MESSAGES_IN_THREADS
        | SEND_POLLS
        | USE_EXTERNAL_APPS
    )
    ADMIN = MANAGE_GUILD | MANAGE_MESSAGES | MANAGE_CHANNELS | MANAGE_THREADS | MANAGE_ROLES | MENTION_EVERYONE
    BOT = MEMBER | MANAGE_MESSAGES | MANAGE_THREADS


def perm_value(value: Any) -> int:
    """Accepts an int or anything with `.value` (discord.Permissions)."""
    return int(getattr(value, "value", value))


# --------------------------------------------------------------------------------------------- intents
class Intents:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_MESSAGES = 1 << 9
    GUILD_MESSAGE_REACTIONS = 1 << 10
    DIRECT_MESSAGES = 1 << 12
    DIRECT_MESSAGE_REACTIONS = 1 << 13
    MESSAGE_CONTENT = 1 << 15


# --------------------------------------------------------------------------------------------- snowflakes
class Snowflakes:
    """Snowflake ids whose timestamp part can be chosen (for "who pressed first" races)."""

    def __init__(self) -> None:
        self._increment = 0

    def make(self, at: Any = None) -> int:
        """`at`: None (now), an int/float offset in milliseconds from now, or an aware datetime."""
        if isinstance(at, _dt.datetime):
            ms = int(at.timestamp() * 1000)
        else:
            ms = int(time.time() * 1000) + int(at or 0)
        self._increment = (self._increment + 1) & 0xFFF
        return ((ms - DISCORD_EPOCH_MS) << 22) | (1 << 17) | self._increment

    def make_for_shard(self, shard_id: int, shard_count: int) -> int:
        ms = int(time.time() * 1000)
        while True:
            sid = self.make(at=ms - int(time.time() * 1000))
            if (sid >> 22) % shard_count == shard_id:
                return sid
            ms -= 1


def snowflake_time(snowflake: int) -> _dt.datetime:
    return _dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, _dt.UTC)


def iso(when: _dt.datetime | None) -> str | None:
    if when is None:
        return None
    return _iso_utc(when) if when.tzinfo is _dt.UTC else when.isoformat()


@functools.lru_cache(maxsize=4096)
def _iso_utc(when: _dt.datetime) -> str:
    """A UTC time's ISO text, remembered: payloads give the same few times (a message's, a member's) again and again
    (equal UTC times have the same text)."""
    return when.isoformat()


def utcnow() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


# --------------------------------------------------------------------------------------------- users
@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    global_name: str | None = None
    dms_closed: bool = False

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    guild: FakeGuild
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: _dt.datetime = field(default_factory=utcnow)

    @property
    def permissions(self) -> int:
        if self.user.id == self.guild.owner_id:
            return P.ALL
        value = self.guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        return P.ALL if value & P.ADMINISTRATOR else value

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


# --------------------------------------------------------------------------------------------- guilds, channels
@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    locale: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)  # includes threads
    members: dict[int, FakeMember] = field(default_factory=dict)
    created: _dt.datetime = field(default_factory=utcnow)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def shard_id(self, shard_count: int) -> int:
        return (self.id >> 22) % shard_count

    def member(self, user: FakeUser | int) -> FakeMember | None:
        return self.members.get(getattr(user, "id", user))

    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if not c.is_thread]

    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def payload(self, *, bot_id: int, full_members: bool = True) -> dict[str, Any]:
        members = list(self.members.values())
        if not full_members:
            members = [m for m in members if m.user.id == bot_id]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "icon_hash": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "widget_enabled": False,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": self.locale,
            "features": [],
            "max_members": 500000,
            "max_video_channel_users": 25,
            "application_id": None,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "joined_at": iso(self.created),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [m.payload() for m in members],
            "voice_states": [],
            "presences": [],
            "channels": [c.payload() for c in self.channels.values() if not c.is_thread and not c.deleted],
            "threads": [
                c.payload() for c in self.channels.values() if c.is_thread and not c.deleted and not c.archived
            ],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
            "lazy": True,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


TEXT, DM, VOICE, CATEGORY, NEWS, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 2, 4, 5, 11, 12


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str | None = None
    guild: FakeGuild | None = None
    parent: FakeChannel | None = None
    position: int = 0
    topic: str | None = None
    recipient: FakeUser | None = None  # DMs
    owner_id: int | None = None  # threads
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    last_activity: float = 0.0  # threads: the fake's clock at their last message (or unarchiving); idle ones archive
    rate_limit_per_user: int = 0
    thread_members: set[int] = field(default_factory=set)
    created: _dt.datetime = field(default_factory=utcnow)
    deleted: bool = False
    message_ids: list[int] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD, 10)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> str | None:
        return str(self.message_ids[-1]) if self.message_ids else None

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self.last_message_id,
                "flags": 0,
                "recipients": [self.recipient.payload()] if self.recipient else [],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "flags": 0,
            "rate_limit_per_user": self.rate_limit_per_user,
            "last_message_id": self.last_message_id,
            "parent_id": str(self.parent.id) if self.parent else None,
        }
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id),
                    "message_count": len(self.message_ids),
                    "total_message_sent": len(self.message_ids),
                    "member_count": len(self.thread_members),
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": iso(self.created),
                        "locked": self.locked,
                        "invitable": self.invitable,
                        "create_timestamp": iso(self.created),
                    },
                }
            )
            return data
        data.update(
            {
                "position": self.position,
                "permission_overwrites": [],
                "nsfw": False,
                "topic": self.topic,
                "default_auto_archive_duration": 1440,
                "default_thread_rate_limit_per_user": 0,
            }
        )
        if self.type == VOICE:
            data.update({"bitrate": 64000, "user_limit": 0, "rtc_region": None, "video_quality_mode": 1})
        return data

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name or 'DM'} type={self.type} id={self.id}>"


# --------------------------------------------------------------------------------------------- messages
@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def image_size(self) -> tuple[int, int] | None:
        if self.data[:8] == b"\x89PNG\r\n\x1a\n" and len(self.data) >= 24:
            return struct.unpack(">II", self.data[16:24])
        return None

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        dims = self.image_size()
        if dims:
            data["width"], data["height"] = dims
        if self.description:
            data["description"] = self.description
        if self.ephemeral:
            data["ephemeral"] = True
        return data

    def __repr__(self) -> str:
        return f"<FakeAttachment {self.filename} {self.size}B>"


_CONTENT_TYPES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "txt": "text/plain; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "svg": "image/svg+xml",
}


def guess_content_type(filename: str) -> str | None:
    ext = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    return _CONTENT_TYPES.get(ext)


def walk_components(components: list[dict] | None) -> Iterator[dict]:
    """Depth-first over a component tree (action rows, containers, sections' accessories, labels)."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components"))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


SELECT_TYPES = (3, 5, 6, 7, 8)
FLAG_CROSSPOSTED, FLAG_SUPPRESS_EMBEDS, FLAG_EPHEMERAL, FLAG_LOADING, FLAG_COMPONENTS_V2 = 1, 4, 64, 128, 1 << 15


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: _dt.datetime = field(default_factory=utcnow)
    edited_timestamp: _dt.datetime | None = None
    reactions: dict[str, list[int]] = field(default_factory=dict)  # emoji key -> user ids in order
    webhook_id: int | None = None
    interaction_metadata: dict | None = None
    interaction_legacy: dict | None = None
    reference: dict | None = None
    pinned: bool = False
    tts: bool = False
    deleted: bool = False
    ephemeral_user: FakeUser | None = None  # set for ephemeral messages: the only user who sees it
    thread: FakeChannel | None = None
    versions: list[dict] = field(default_factory=VersionList)  # snapshots, oldest first (the current is last)
    mentions: list[int] = field(default_factory=list)  # users this message pinged (content + allowed_mentions)

    # ----------------------------------------------------------------------- what users see
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def edits(self) -> int:
        """How many times the message was edited after creation."""
        return max(0, len(self.versions) - 1)

    @property
    def embed(self) -> dict | None:
        return self.embeds[0] if self.embeds else None

    @property
    def files(self) -> dict[str, bytes]:
        return {a.filename: a.data for a in self.attachments}

    def attachment(self, filename: str) -> FakeAttachment | None:
        return next((a for a in self.attachments if a.filename == filename), None)

    @property
    def descriptions(self) -> dict[str, str | None]:
        """Each attachment's description (its alt text, what a screen reader speaks), by file name; None: none."""
        return {a.filename: a.description for a in self.attachments}

    def all_components(self) -> list[dict]:
        return list(walk_components(self.components))

    def buttons(self, *, enabled_only: bool = False) -> list[dict]:
        return [
            c
            for c in walk_components(self.components)
            if c.get("type") == 2 and not (enabled_only and c.get("disabled"))
        ]

    def selects(self) -> list[dict]:
        return [c for c in walk_components(self.components) if c.get("type") in SELECT_TYPES]

    def component(self, custom_id: str) -> dict | None:
        return next((c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None)

    def find_button(
        self,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        prefix: str | None = None,
        emoji: str | None = None,
        contains: str | None = None,
        enabled_only: bool = False,
    ) -> dict | None:
        """First button matching every criterion given (label exact, custom_id exact or prefix, emoji name,
        `contains`: substring of the label)."""
        for comp in self.buttons(enabled_only=enabled_only):
            if label is not None and comp.get("label") != label:
                continue
            if contains is not None and contains not in (comp.get("label") or ""):
                continue
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if prefix is not None and not (comp.get("custom_id") or "").startswith(prefix):
                continue
            if emoji is not None and (comp.get("emoji") or {}).get("name") != emoji:
                continue
            return comp
        return None

    def button(self, label: str | None = None, **criteria: Any) -> dict:
        """Like find_button but raises LookupError (listing the buttons present) when nothing matches."""
        found = self.find_button(label, **criteria)
        if found is None:
            raise LookupError(
                f"no button {label=!r} {criteria} on message {self.id}; buttons: "
                f"{[(b.get('label'), b.get('custom_id')) for b in self.buttons()]}"
            )
        return found

    def find_select(
        self, custom_id: str | None = None, *, prefix: str | None = None, placeholder: str | None = None
    ) -> dict | None:
        for comp in self.selects():
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if prefix is not None and not (comp.get("custom_id") or "").startswith(prefix):
                continue
            if placeholder is not None and comp.get("placeholder") != placeholder:
                continue
            return comp
        return None

    def select_menu(self, custom_id: str | None = None, **criteria: Any) -> dict:
        found = self.find_select(custom_id, **criteria)
        if found is None:
            raise LookupError(
                f"no select {custom_id=!r} {criteria} on message {self.id}; selects: "
                f"{[s.get('custom_id') for s in self.selects()]}"
            )
        return found

    def text(self) -> str:
        """Content plus embed titles/descriptions/fields and V2 text displays: handy for `in` assertions."""
        parts = [self.content or ""]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
            parts.append((e.get("author") or {}).get("name") or "")
        for comp in walk_components(self.components):
            if comp.get("type") == 10:
                parts.append(comp.get("content") or "")
        return "\n".join(p for p in parts if p)

    # ----------------------------------------------------------------------- API payloads
    def snapshot(self, *, copy: bool = True) -> dict[str, Any]:
        """The version users see now. copy=False shares the message's embeds and components (for a caller that
        packs it at once)."""
        return {
            "content": self.content,
            "embeds": json_copy(self.embeds) if copy else self.embeds,
            "components": json_copy(self.components) if copy else self.components,
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
            "edited_timestamp": self.edited_timestamp,
        }

    def record_version(self) -> None:
        """Keeps the current version in `versions`, packed straight from the message (no copy first)."""
        self.versions.append(self.snapshot(copy=False))

    def reactions_payload(self, bot_id: int) -> list[dict]:
        out = []
        for key, users in self.reactions.items():
            if not users:
                continue
            out.append(
                {
                    "emoji": emoji_payload(key),
                    "count": len(users),
                    "me": bot_id in users,
                    "me_burst": False,
                    "burst_colors": [],
                    "burst_count": 0,
                    "count_details": {"burst": 0, "normal": len(users)},
                }
            )
        return out

    def payload(self, bot_id: int, *, with_guild: bool = False, copy: bool = True) -> dict[str, Any]:
        """The API JSON. copy=False shares the message's embeds, components and interaction records, for a
        caller that encodes or packs the payload at once and changes none of its nested values."""
        clone = json_copy if copy else _same
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": iso(self.edited_timestamp),
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [{"id": str(user_id)} for user_id in self.mentions],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": clone(self.embeds),
            "components": clone(self.components),
            "pinned": self.pinned,
            "flags": self.flags,
        }
        reactions = self.reactions_payload(bot_id)
        if reactions:
            data["reactions"] = reactions
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = clone(self.interaction_metadata)
        if self.interaction_legacy is not None:
            data["interaction"] = clone(self.interaction_legacy)
        if self.reference is not None:
            data["message_reference"] = clone(self.reference)
        if self.thread is not None:
            data["thread"] = self.thread.payload()
        if with_guild and self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
            member = self.channel.guild.member(self.author)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        flags += " deleted" if self.deleted else ""
        return (
            f"<FakeMessage id={self.id} channel={self.channel.id} by {self.author.name}{flags}: {self.content!r:.60}>"
        )


def emoji_key(emoji: str) -> str:
    """Normalise '🚨', 'name:id', '<:name:id>', '<a:name:id>' to '🚨' or 'name:id'."""
    emoji = emoji.strip()
    if emoji.startswith("<") and emoji.endswith(">"):
        parts = emoji[1:-1].split(":")
        return f"{parts[-2]}:{parts[-1]}"
    return emoji


def emoji_payload(key: str) -> dict[str, Any]:
    if ":" in key:
        name, _, eid = key.rpartition(":")
        return {"id": eid, "name": name, "animated": False}
    return {"id": None, "name": key}


# --------------------------------------------------------------------------------------------- calls
@dataclass(eq=False)
class UploadedFile:
    field: str
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(eq=False)
class Call:
    """One REST request the bot made, and what the fake answered."""

    seq: int
    method: str
    route: str | None  # discord.py's Route path template, e.g. "/channels/{channel_id}/messages"; None if unknown
    path: str  # concrete path after the API base
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    status: int = 0
    response: Any = None
    fault: bool = False
    time: float = field(default_factory=time.monotonic)

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"

    @property
    def file_names(self) -> list[str]:
        return [f.filename for f in self.files]

    def file(self, filename: str) -> bytes | None:
        return next((f.data for f in self.files if f.filename == filename), None)

    def matches(self, pattern: str | Callable[[Call], bool]) -> bool:
        """pattern: "METHOD /route/{template}", "/route/{template}" (any method), or a predicate."""
        if callable(pattern):
            return bool(pattern(self))
        method, _, route = pattern.partition(" ") if " " in pattern else ("", "", pattern)
        return (not method or method.upper() == self.method) and route == self.route

    def __repr__(self) -> str:
        extra = f" files={self.file_names}" if self.files else ""
        return f"<Call #{self.seq} {self.method} {self.path} -> {self.status}{' (fault)' if self.fault else ''}{extra}>"


# bodies are kept packed (Call.__init__ sets them through these)
Call.json = Packed("json")  # type: ignore[assignment]
Call.response = Packed("response")  # type: ignore[assignment]


class ApiError(Exception):
    """Raised inside handlers: becomes a Discord-style JSON error answer."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


@dataclass(eq=False)
class Fault:
    """A pending injected failure: the next `count` calls matching `pattern` get this answer."""

    pattern: str | Callable[[Call], bool]
    status: int
    count: int = 1
    retry_after: float = 0.05
    code: int | None = None
    message: str | None = None
    is_global: bool = False
    hits: list[Call] = field(default_factory=list)

    @property
    def remaining(self) -> int:
        return self.count - len(self.hits)

    def body(self) -> dict[str, Any]:
        if self.status == 429:
            body: dict[str, Any] = {
                "message": self.message or "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.is_global,
            }
            if self.code is not None:
                body["code"] = self.code
            return body
        default = {
            500: "500: Internal Server Error",
            502: "502: Bad Gateway",
            503: "503: Service Unavailable",
            504: "504: Gateway Timeout",
        }.get(self.status, "error")
        return {"message": self.message or default, "code": self.code if self.code is not None else 0}


@dataclass(eq=False)
class Delay:
    """Network latency for the next `count` calls matching `pattern`: the fake applies each call `apply_after` seconds
    after it arrives and answers it `respond_after` seconds after applying it (so writes can land, and their answers
    come back, in another order than they were sent)."""

    pattern: str | Callable[[Call], bool]
    apply_after: float = 0.0
    respond_after: float = 0.0
    count: int = 1
    hits: list[Call] = field(default_factory=list)

    @property
    def remaining(self) -> int:
        return self.count - len(self.hits)
