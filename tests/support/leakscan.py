"""The hidden-information scanner: nothing the bot sends may carry a value its recipient may not know at that moment.

Two checks, both reporting to `LeakScanner.leaks`:

1. Payloads (every REST call the fake records). At the moment a call is recorded, the scanner reads every open
   table of the bot's own TableService and lists its secrets (`secrets_of`): the seed of every table (it fixes every
   shuffle), and per game the values nobody (or only one seat) may know, each with the forms a payload could write it
   in. The call's recipient decides what it may carry: a message in a guild channel or a public interaction answer is
   for everybody; an ephemeral answer, its followups and edits, and a DM are for one person, who may see what their
   seat's view shows. The scanner searches all the text of the payload: content, embeds, component custom_ids,
   labels, placeholders, select option labels and values, attachments' descriptions (the alt text a screen reader
   speaks: on the table message, private answers, DMs and replays alike, judged for the same recipient as the
   text), file names, text files, and PNG metadata chunks (tEXt, iTXt, zTXt, eXIf, tIME: any of them, or bytes
   after IEND, is itself a failure).
   Races: a payload is rendered a moment before the fake records it, and a value may turn secret in between (a new
   round reshuffles revealed cards into the deck). So the scanner judges a payload by what was secret when it was
   drawn, decided by the order of events, never by a clock: every board, spectator and private view a presenter
   draws is remembered with the secrets of its table at that moment, and a payload showing that drawing (the same
   embed, and the presenter's own components) is judged by them. A presenter's `on_ui` answer is judged by what was
   secret both when the press reached it and when the answer was recorded; any other payload by what is secret
   when it is recorded.

2. Renders (opt-in, `differential=True`). Numbers and names that also appear legitimately (a Blue Border card
   number, a DEEP DIVE tile, a COLORSE sign) cannot be told apart as tokens. So each time a presenter draws a
   board (public) or a private view (for one seat), the scanner draws it again from a twin state: the same table
   with every value that audience may not know permuted (`twin_of`). Honest output is a function of what the
   audience may know, so the twin's text (and, where the image shows no hidden value's shade, its image) must be
   identical; any difference names a leak. A picture's description (`Presenter.described`) is drawn again from
   the twin too and must be the same words (but where the game's picture shows hidden cards' shades, as for the
   image).
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import json
import re
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
from bot.faces import face
from bot.tables import TableListener

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_METADATA = {b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"tIME"}
EXPORT_FILE = re.compile(r"bodoge-\d+\.(json|txt)|bodoge-\d+-replay\.gif")  # /table log's exports, records, replays
HOST_FILES = {"board.png", "chart.png"}  # the plain board, the ratings chart of /stats
GIF_SIGNATURES = (b"GIF87a", b"GIF89a")
GIF_LOOP = b"NETSCAPE2.0"  # the application extension that makes a GIF loop: the only one allowed
REMEMBERED = 256  # drawings (and on_ui presses) kept to match payloads against: far more than are ever in flight
EPHEMERAL = 64
SEPARATOR = "\x00"  # between the strings of a payload: no pattern matches across two of them
PUBLIC = None  # the audience "everybody"


@dataclass(frozen=True)
class Secret:
    """A value hidden from everybody but `knowers` (seats), and how a payload could write it."""

    kind: str
    value: str
    forms: tuple[str, ...] = ()
    pattern: str | None = None  # a regular expression instead of (or besides) the literal forms
    knowers: frozenset = frozenset()

    def regex(self) -> re.Pattern:
        return _compile(self.forms, self.pattern)


@functools.lru_cache(maxsize=4096)
def _compile(forms: tuple[str, ...], pattern: str | None) -> re.Pattern:
    parts = [rf"(?<![A-Za-z0-9_]){re.escape(form)}(?![A-Za-z0-9_])" for form in forms if form]
    if pattern:
        parts.append(pattern)
    return re.compile("|".join(parts))


# --- what is secret: each game says (its spec's `checks.hidden`, games/checks.py) -------------------------------
def allowed_file(name: str) -> bool:
    """A file name the bot may send: the plain board's, a game's picture (its face's `image_names`), an export."""
    return name in HOST_FILES or name in _picture_names() or bool(EXPORT_FILE.fullmatch(name))


def _picture_names() -> frozenset[str]:
    return frozenset(name for game in games.ids() for name in face(game).image_names)


def _game_secrets(table) -> list[Secret]:
    """The game's hidden values as Secrets; a hidden piece is also searched in words, as its face names it."""
    found = []
    piece_name = face(table.game).piece_name
    for hidden in table.spec.checks.hidden(table.state):
        forms = hidden.forms
        if hidden.piece is not None and piece_name is not None:
            forms += tuple(piece_name(hidden.piece, locale) for locale in ("en", "ja"))
        found.append(Secret(hidden.kind, hidden.value, forms, hidden.pattern, hidden.knowers))
    return found


def secrets_of(table) -> list[Secret]:
    """Everything secret at this table now (the seed even in the lobby: it fixes the coming deal)."""
    found = [Secret("seed", str(table.seed), forms=(str(table.seed),))]
    state = table.state
    rng = getattr(state, "rng", None)
    if rng is not None and str(rng.seed) != str(table.seed) and len(str(rng.seed)) >= 6:
        found.append(Secret("seed", str(rng.seed), forms=(str(rng.seed),)))
    if table.status == "running" and state is not None and table.spec.checks.hidden is not None:
        found += _game_secrets(table)
    return found


# --- twins: the same situation with what an audience may not know permuted (the spec's `checks.twin`) ------------
def twin_of(table, audience: int | None):
    """The table with every value `audience` may not know permuted, or None for a game without a twin."""
    make = table.spec.checks.twin
    if make is None or table.state is None:
        return None
    return dataclasses.replace(table, state=make(table.state, audience))


def board_text(board) -> list:
    """Everything textual a TableMessage carries (the embed's image URL only names the attachment)."""
    embed = board.embed.to_dict()
    embed.pop("image", None)
    parts: list[Any] = [embed, board.image_name, board.content]
    for item in board.items:
        component = item.item if hasattr(item, "item") else item
        parts.append(component.to_component_dict())
    return parts


# --- reading a payload ---------------------------------------------------------------------------------------------
def png_chunks(data: bytes) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """(type, body) of every chunk, and whatever follows IEND."""
    chunks, pos = [], len(PNG_SIGNATURE)
    while pos + 8 <= len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        chunks.append((kind, body))
        pos += 12 + length
        if kind == b"IEND":
            return chunks, data[pos:]
    return chunks, b""


def gif_extensions(data: bytes) -> tuple[list[tuple[int, bytes]], bytes]:
    """A GIF's extension blocks, (label, data) each (a frame's timing 0xF9, a comment 0xFE, plain text 0x01, an
    application's 0xFF), and the bytes after its trailer."""

    def blocks(at: int) -> tuple[bytes, int]:
        body = bytearray()
        while data[at]:
            body += data[at + 1 : at + 1 + data[at]]
            at += 1 + data[at]
        return bytes(body), at + 1

    def colour_table(packed: int) -> int:
        return 3 * 2 ** ((packed & 7) + 1) if packed & 0x80 else 0

    found, at = [], 13 + colour_table(data[10])
    while at < len(data):
        kind, at = data[at], at + 1
        if kind == 0x3B:
            return found, data[at:]
        if kind == 0x21:
            body, end = blocks(at + 1)
            found.append((data[at], body))
            at = end
        elif kind == 0x2C:
            at += 9 + colour_table(data[at + 8]) + 1  # the image's place, its colours, its LZW code size
            _, at = blocks(at)
        else:
            raise ValueError(f"not a GIF block: 0x{kind:02X}")
    raise ValueError("a GIF without its trailer")


def replay_leaks(record: dict) -> list[str]:
    """What is wrong with the frames a replay of `record` shows (bot/faces/replay.py): each frame's source must be the
    public view of the game at that move (`view(None)`), carry no seed and no hidden value, and stay the same when
    everything hidden at that moment is permuted (the twin)."""
    from bot.faces import replay
    from bot.tables import Seat, Table

    problems = []
    checked = {}
    for state, entry in replay.replayed(record):
        frame = replay.frame_of(state, entry)
        checked[frame.move] = frame
        if frame.view != state.view(None):
            problems.append(f"move {frame.move}: a frame's source is not the public view")
        if state.finished:
            continue  # the end is public
        table = Table(
            id=record["table"], game=record["game"], guild_id=1, channel_id=1, message_id=1, host_id=1,
            status="running", options=record["options"], seed=record["seed"], version=frame.move, locale="en",
            state=state, seats=[Seat(None if s["ai"] else 1000 + n, s["name"]) for n, s in enumerate(record["seats"])],
        )  # fmt: skip
        text = json.dumps(frame.view, ensure_ascii=False)
        for secret in secrets_of(table):
            if secret.regex().search(text):
                problems.append(f"move {frame.move}: a frame shows the {secret.kind} {secret.value!r}")
        twin = twin_of(table, PUBLIC)
        if twin is not None:
            other = replay.frame_of(twin.state, entry)
            if _unshaded(record["game"], other.view) != _unshaded(record["game"], frame.view):
                problems.append(f"move {frame.move}: a frame depends on hidden values")
    frames, _ = replay.frame_sources(record)
    for frame in frames:
        if checked.get(frame.move) != frame:
            problems.append(f"move {frame.move}: a frame that is not the public view at that move")
    return problems


def _unshaded(game: str, value: Any) -> Any:
    """A view without its shades where the game shows hidden cards' shades (they may differ in a twin)."""
    if not games.get(game).checks.picture_shows_hidden_shades:
        return value
    if isinstance(value, dict):
        return {k: _unshaded(game, v) for k, v in value.items() if k != "shade"}
    if isinstance(value, list):
        return [_unshaded(game, v) for v in value]
    return value


def _chunk_text(kind: bytes, body: bytes) -> str:
    try:
        if kind == b"zTXt":
            key, _, rest = body.partition(b"\0")
            return key.decode("latin-1") + " " + zlib.decompress(rest[1:]).decode("latin-1")
        if kind == b"iTXt":
            key, _, rest = body.partition(b"\0")
            compressed, rest = rest[0], rest[2:]
            _lang, _, rest = rest.partition(b"\0")
            _tkey, _, text = rest.partition(b"\0")
            return key.decode("latin-1") + " " + (zlib.decompress(text) if compressed else text).decode("utf-8")
        return body.decode("latin-1")
    except (ValueError, zlib.error, IndexError):
        return body.decode("latin-1", "replace")


def payload_text(call) -> tuple[str, list[str]]:
    """All the text a call carries (JSON strings, file names, text files, PNG text chunks), and the problems found
    in its files themselves (metadata chunks, unexpected names)."""
    strings: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            strings.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            strings.append(str(value))

    walk(call.json)  # every attachment's description (a picture's alt text) among its strings
    problems = []
    for upload in call.files:
        name = upload.filename or ""
        strings.append(name)
        if name and not allowed_file(name):
            problems.append(f"unexpected file name {name!r}")
        data = upload.data or b""
        if data.startswith(PNG_SIGNATURE):
            chunks, trailing = png_chunks(data)
            for kind, body in chunks:
                if kind in PNG_METADATA:
                    problems.append(f"PNG metadata chunk {kind.decode()} in {name}")
                    strings.append(_chunk_text(kind, body))
            if trailing:
                problems.append(f"{len(trailing)} bytes after IEND in {name}")
                strings.append(trailing.decode("latin-1"))
        elif data.startswith(GIF_SIGNATURES):
            extensions, trailing = gif_extensions(data)
            for label, body in extensions:
                if label == 0xF9 or (label == 0xFF and body.startswith(GIF_LOOP)):
                    continue
                problems.append(f"GIF extension 0x{label:02X} in {name}")
                strings.append(body.decode("latin-1"))
            if trailing:
                problems.append(f"{len(trailing)} bytes after the GIF trailer in {name}")
                strings.append(trailing.decode("latin-1"))
        elif name.endswith((".json", ".txt")):
            strings.append(data.decode("utf-8", "replace"))
    return SEPARATOR.join(strings), problems


# --- the scanner -----------------------------------------------------------------------------------------------------
class _ScanningList(list):
    """The fake's list of recorded calls: tells the scanner about each call as the fake records it."""

    scanner: LeakScanner

    def append(self, call) -> None:
        super().append(call)
        self.scanner.check(call)


@dataclass
class LeakScanner(TableListener):
    fake: object
    service: object
    differential: bool = False
    leaks: list[str] = field(default_factory=list)
    scanned: int = 0
    renders_checked: int = 0
    errors: list[str] = field(default_factory=list)  # the scanner's own trouble (also listed in leaks)
    # what each recent drawing showed and what was secret at its table then, newest last
    _drawings: collections.deque = field(default_factory=lambda: collections.deque(maxlen=REMEMBERED))
    _presses: collections.OrderedDict = field(default_factory=collections.OrderedDict)  # token -> table, secrets
    _cog: object = None
    # (game, "payload" | "render" | "shown to its knower: <kind>") -> how often: what the checks really looked at
    coverage: Counter = field(default_factory=Counter)

    def install(self) -> None:
        previous = self.fake.calls
        if isinstance(previous, _ScanningList):  # a restarted bot: one scanner's findings carry on to the next
            self.leaks = previous.scanner.leaks
            self.errors = previous.scanner.errors
            self.scanned = previous.scanner.scanned
            self.coverage = previous.scanner.coverage
        calls = _ScanningList(previous)
        calls.scanner = self
        self.fake.calls = calls
        self.service.listen(self)
        self._hook_replays()

    def _hook_replays(self) -> None:
        """Every replay the bot asks the render pool for has its frames' sources checked (`replay_leaks`) first."""
        from bot.faces import replay

        original = getattr(replay.replay_picture, "__wrapped__", replay.replay_picture)
        scanner = self

        def checked(record: dict, locale: str):
            try:
                problems = replay_leaks(record)
            except Exception as error:
                scanner._trouble(f"replay of table {record.get('table')}: {error!r}")
            else:
                scanner.leaks.extend(f"replay of table {record['table']}: {problem}" for problem in problems)
                scanner.coverage[(record["game"], "replay frames")] += 1
            return original(record, locale)

        checked.__wrapped__ = original
        replay.replay_picture = checked

    def _trouble(self, text: str) -> None:
        """The scanner could not check something: a failure too (a scanner that stops looking must not pass)."""
        self.errors.append(text)
        self.leaks.append(f"scanner error: {text}")

    # --- observing the tables -------------------------------------------------------------------------------
    async def on_change(self, table, events) -> None:
        try:
            self._hook_presenters()
        except Exception as error:  # a listener's failure would be logged as the bot's own error
            self._trouble(f"observing table {table.id}: {error!r}")

    def observe(self, table_id: int | None = None) -> dict:
        """Every open table's secrets now (or one table's), by audience: (table id, audience) -> (game, hidden,
        known)."""
        snapshot = {}
        for table in list(self.service._tables.values()):
            if table.status not in ("lobby", "running") or table_id not in (None, table.id):
                continue
            try:
                found = secrets_of(table)
            except Exception as error:  # the scanner must never break the bot's run; report instead
                self._trouble(f"secrets of table {table.id}: {error!r}")
                continue
            players = table.state.players if table.state is not None else len(table.seats)
            for audience in [PUBLIC, *range(players)]:
                hidden = [s for s in found if audience not in s.knowers]
                known = [s for s in found if audience in s.knowers]
                snapshot[(table.id, audience)] = (table.game if table.status == "running" else "lobby", hidden, known)
        return snapshot

    def drawn(self, table, board) -> None:
        """A presenter drew `board` for `table` just now: remember it with the table's secrets at this moment."""
        self._drawings.append(
            (table.id, _embed_keys([board.embed.to_dict()]), _custom_ids(board_text(board)), self.observe(table.id))
        )

    def pressed(self, interaction, table) -> None:
        """A press reached a presenter's on_ui: its answer is drawn from now on."""
        self._presses[interaction.token] = (table.id, self.observe(table.id))
        while len(self._presses) > REMEMBERED:
            self._presses.popitem(last=False)

    def _as_drawn(self, call, now: dict) -> dict:
        """The secrets to judge `call` by: those of the drawing it shows, or those at the press it answers (and
        still secret), else those of now."""
        body = call.json if isinstance(call.json, dict) else {}
        embeds = (body.get("data") if isinstance(body.get("data"), dict) else body).get("embeds") or []
        keys, ids = _embed_keys(embeds), _custom_ids(call.json)
        basis = dict(now)
        matched = set()
        for table_id, drawn_keys, drawn_ids, secrets in reversed(self._drawings):
            if table_id not in matched and drawn_keys & keys and drawn_ids <= ids:
                matched.add(table_id)
                for key in [key for key in now if key[0] == table_id]:  # not open then: nothing was secret
                    basis[key] = secrets.get(key, (now[key][0], [], []))
                self.coverage[("any", "payload judged as drawn")] += 1
        press = self._presses.get(call.params.get("webhook_token", ""))
        if press is not None and press[0] not in matched:
            for key, (game, hidden, _known) in press[1].items():
                if key in now:
                    before = {(s.kind, s.value) for s in hidden}
                    basis[key] = (game, [s for s in now[key][1] if (s.kind, s.value) in before], now[key][2])
        return basis

    # --- where a payload goes ----------------------------------------------------------------------------------
    def recipient(self, call) -> int | None:
        """The user id a call is for alone (ephemeral answers, their edits and followups, DMs), or None: everybody."""
        body = call.json if isinstance(call.json, dict) else {}
        route = call.route or ""
        fake = self.fake
        if route.startswith(("/interactions/", "/webhooks/")):
            inter = fake.interactions_by_token.get(call.params.get("webhook_token", ""))
            if inter is None:
                return None
            user = inter.user.id
            if route.endswith("/callback"):
                kind, data = body.get("type"), body.get("data") or {}
                if kind in (4, 5):
                    return user if (data.get("flags") or 0) & EPHEMERAL else None
                if kind == 7:
                    source = inter.source_message
                    return user if source is not None and source.ephemeral else None
                return user  # modal, autocomplete: only the presser sees them
            if call.method == "POST":
                original = inter.original
                if inter.type == 5 and original is not None and original.loading and not inter.first_followup_used:
                    return user if original.ephemeral else None
                return user if (body.get("flags") or 0) & EPHEMERAL else None
            target = call.params.get("message_id", "@original")
            message = (
                inter.original
                if target == "@original"
                else fake.messages.get(int(target))
                if str(target).isdigit()
                else None
            )
            return user if message is not None and message.ephemeral else None
        channel_id = call.params.get("channel_id")
        if channel_id is not None and str(channel_id).isdigit():
            channel = fake.channels.get(int(channel_id))
            if channel is not None and channel.is_dm and channel.recipient is not None:
                return channel.recipient.id
        return None

    # --- checking a call ------------------------------------------------------------------------------------------
    def check(self, call) -> None:
        if call.method == "GET":
            return
        try:
            self._check(call)
        except Exception as error:  # never break the fake's request handling
            self._trouble(f"{call!r}: {error!r}")

    def _check(self, call) -> None:
        self._hook_presenters()
        self.scanned += 1
        text, problems = payload_text(call)
        user = self.recipient(call)
        for problem in problems:
            self.leaks.append(f"{call.method} {call.path}: {problem}")
        if not text:
            return
        snapshot = self._as_drawn(call, self.observe())
        tables = {t.id: t for t in list(self.service._tables.values())}
        for (table_id, audience), (game, hidden, known) in snapshot.items():
            table = tables.get(table_id)
            seat = table.seat_of(user) if (table is not None and user is not None) else None
            if audience != seat:
                continue
            self.coverage[(game, "payload")] += 1
            for secret in known:
                if secret.regex().search(text):
                    self.coverage[(game, f"shown to its knower: {secret.kind}")] += 1
            for secret in hidden:
                match = secret.regex().search(text)
                if match:
                    who = "everybody" if user is None else f"user {user} (seat {seat})"
                    self.leaks.append(
                        f"{call.method} {call.path} to {who}: table {table_id}'s {secret.kind} "
                        f"{secret.value!r} written as {match.group(0)!r}"
                    )

    # --- the render check -----------------------------------------------------------------------------------------
    def _hook_presenters(self) -> None:
        if self._cog is not None:
            return
        for listener in self.service.listeners:
            cog = listener
            if cog is not None and hasattr(cog, "presenters") and hasattr(cog, "presenter"):
                self._cog = cog
                break
        else:
            return
        cog = self._cog
        plain = cog.presenter
        scanner = self

        def presenter(game: str):
            return _CheckedPresenter(plain(game), scanner)

        cog.presenter = presenter

    def check_render(self, method: str, table, audience, board, render: Callable) -> None:
        self.drawn(table, board)
        if not self.differential:
            return
        try:
            twin = twin_of(table, audience)
            if twin is None:
                return
            other = render(twin)
        except Exception as error:
            self._trouble(f"twin of table {table.id} ({table.game}) for {audience}: {error!r}")
            return
        self.renders_checked += 1
        self.coverage[(table.game, "render")] += 1
        mine, theirs = board_text(board), board_text(other)
        who = "everybody" if audience is None else f"seat {audience}"
        if mine != theirs:
            self.leaks.append(f"{table.game} {method} for {who} depends on hidden values: {_difference(mine, theirs)}")
        elif not table.spec.checks.picture_shows_hidden_shades and board.image != other.image:
            self.leaks.append(f"{table.game} {method} image for {who} depends on hidden values")

    def check_description(self, table, audience, board, describe: Callable) -> None:
        """The words a picture is sent with, drawn again from the audience's twin: they must be the same."""
        if not self.differential or not board.description or table.spec.checks.picture_shows_hidden_shades:
            return
        try:
            twin = twin_of(table, audience)
            if twin is None:
                return
            other = describe(twin)
        except Exception as error:
            self._trouble(f"twin description of table {table.id} ({table.game}) for {audience}: {error!r}")
            return
        self.coverage[(table.game, "description")] += 1
        if other != board.description:
            who = "everybody" if audience is None else f"seat {audience}"
            self.leaks.append(
                f"{table.game} description for {who} depends on hidden values: "
                f"{_difference([board.description], [other])}"
            )


class _Blank:
    """A board's stand-in for describing a twin: the same picture slot, no description yet."""

    def __init__(self, board) -> None:
        self.__dict__["image"] = board.__dict__.get("image")
        self.description = None


class _CheckedPresenter:
    """A presenter whose boards and private views are drawn twice: as is, and from the audience's twin."""

    def __init__(self, presenter, scanner: LeakScanner) -> None:
        self._presenter, self._scanner = presenter, scanner

    def __getattr__(self, name: str):
        return getattr(self._presenter, name)

    def public(self, table, locale):
        board = self._presenter.public(table, locale)
        self._scanner.check_render("board", table, PUBLIC, board, lambda twin: self._presenter.public(twin, locale))
        return board

    def spectator(self, table, locale):
        board = self._presenter.spectator(table, locale)
        self._scanner.check_render(
            "spectator view", table, PUBLIC, board, lambda twin: self._presenter.spectator(twin, locale)
        )
        return board

    def private(self, table, seat, locale):
        board = self._presenter.private(table, seat, locale)
        self._scanner.check_render(
            "private view", table, seat, board, lambda twin: self._presenter.private(twin, seat, locale)
        )
        return board

    def described(self, board, table, seat, locale, *args, **kwargs):
        board = self._presenter.described(board, table, seat, locale, *args, **kwargs)
        self._scanner.check_description(
            table,
            seat,
            board,
            lambda twin: self._presenter.described(_Blank(board), twin, seat, locale, *args, **kwargs).description,
        )
        return board

    async def on_ui(self, interaction, table, name, values):
        self._scanner.pressed(interaction, table)
        return await self._presenter.on_ui(interaction, table, name, values)


def _embed_keys(embeds: list) -> set[str]:
    """What identifies a drawn embed in a payload: all of it but the image (named by the attachment) and the footer
    and type (which the table cog and discord.py may add)."""
    return {
        json.dumps(
            {k: v for k, v in embed.items() if k not in ("image", "footer", "type")}, sort_keys=True, default=str
        )
        for embed in embeds
        if isinstance(embed, dict)
    }


def _custom_ids(value: Any) -> frozenset:
    found = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            if isinstance(item.get("custom_id"), str):
                found.add(item["custom_id"])
            for inner in item.values():
                walk(inner)
        elif isinstance(item, list):
            for inner in item:
                walk(inner)

    walk(value)
    return frozenset(found)


def _difference(mine: list, theirs: list) -> str:
    a = json.dumps(mine, ensure_ascii=False, sort_keys=True, default=str)
    b = json.dumps(theirs, ensure_ascii=False, sort_keys=True, default=str)
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"...{a[max(0, start - 60) : start + 60]!r} vs twin ...{b[max(0, start - 60) : start + 60]!r}"
