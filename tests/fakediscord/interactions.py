"""Interactions the fake dispatched, their outcome, and slash-command option resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import FakeAttachment, FakeChannel, FakeMember, FakeMessage, FakeRole, FakeUser, Packed

if TYPE_CHECKING:
    from .server import FakeDiscord

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    1,
    4,
    5,
    6,
    7,
    8,
    9,
)
TOKEN_SECONDS = 15 * 60  # an interaction token's life: its webhook (followups, @original) answers 50027 after it


class FakeInteraction:
    """An interaction the fake sent, and what the bot did with it (its "outcome").

    `type` is the callback type the bot answered with (4 message, 5 deferred message, 6 deferred update,
    7 update message, 8 autocomplete result, 9 modal), None while unanswered or when the callback failed.
    `message` is what users see as the response: the new message (4, 5) or the component's message (6, 7).
    Properties read the fake's store, so they always show the message's current state.
    """

    payload = Packed("payload")  # what the bot was sent, kept packed (a fresh copy on each read)
    response_data = Packed("response_data")

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        id: int,
        token: str,
        interaction_type: int,
        user: FakeUser,
        channel: FakeChannel,
        payload: dict[str, Any],
        message: FakeMessage | None = None,
        parent: FakeInteraction | None = None,
        name: str | None = None,
    ) -> None:
        self.fake = fake
        self.id, self.token, self.interaction_type = id, token, interaction_type
        self.user, self.channel, self.payload, self.source_message = user, channel, payload, message
        self.parent = parent
        self.name = name  # command name (slash) or custom_id (components, modals)
        self.type: int | None = None
        self.response_data: dict[str, Any] | None = None
        self.error: dict[str, Any] | None = None
        self.expired = False
        self.original: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.modal: dict[str, Any] | None = None
        self.choices: list[dict[str, Any]] | None = None
        self.created_at = fake._loop_time()
        self.issued_at = fake.clock()  # its token works for TOKEN_SECONDS from here, by the fake's clock
        self.responded_at: float | None = None
        self.first_followup_used = False
        self.rejections: list[Any] = []  # the bot's callback/followup/edit calls the fake refused (4xx), as Calls

    # ---------------------------------------------------------------- state
    @property
    def response_type(self) -> int | None:
        return self.type

    @property
    def responded(self) -> bool:
        return self.type is not None

    @property
    def failed(self) -> bool:
        return self.error is not None

    @property
    def deferred(self) -> bool:
        return self.type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def settled(self) -> bool:
        """Answered, and a deferred "thinking" response was followed through (edited or followed up)."""
        if self.error is not None:
            return True
        if self.type is None:
            return False
        if self.type == DEFERRED_CHANNEL_MESSAGE:
            return self.original is None or self.original.deleted or not self.original.loading
        return True

    # ---------------------------------------------------------------- what the user sees
    @property
    def message(self) -> FakeMessage | None:
        return self.original

    @property
    def content(self) -> str | None:
        return self.original.content if self.original else None

    @property
    def embeds(self) -> list[dict]:
        return self.original.embeds if self.original else []

    @property
    def embed(self) -> dict | None:
        return self.original.embed if self.original else None

    @property
    def components(self) -> list[dict]:
        return self.original.components if self.original else []

    @property
    def files(self) -> list[FakeAttachment]:
        return list(self.original.attachments) if self.original else []

    @property
    def ephemeral(self) -> bool:
        return bool(self.original and self.original.ephemeral)

    @property
    def messages(self) -> list[FakeMessage]:
        """The response message (if any) then every followup, current versions."""
        out = (
            [self.original]
            if self.original is not None and self.type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
            else []
        )
        return out + [m for m in self.followups if m is not self.original]

    def text(self) -> str:
        return "\n".join(m.text() for m in self.messages)

    def button(self, label: str | None = None, **criteria: Any) -> dict:
        if self.original is None:
            raise LookupError("the interaction has no response message")
        return self.original.button(label, **criteria)

    async def wait_followups(self, count: int = 1, timeout: float | None = None) -> list[FakeMessage]:
        await self.fake.wait_for(
            lambda: len([m for m in self.followups if m is not self.original]) >= count,
            timeout=timeout,
            what=f"{count} followup(s) to interaction {self.id}",
        )
        return [m for m in self.followups if m is not self.original]

    async def wait_settled(self, timeout: float | None = None) -> FakeInteraction:
        await self.fake.wait_for(lambda: self.settled, timeout=timeout, what=f"interaction {self.id} to settle")
        return self

    async def wait_edit(self, timeout: float | None = None) -> FakeMessage:
        """Waits for the response message (or the component's message) to change after now."""
        target = self.original or self.source_message
        if target is None:
            raise LookupError("nothing to wait for: no message")
        before = len(target.versions)
        await self.fake.wait_for(
            lambda: len(target.versions) > before or target.deleted,
            timeout=timeout,
            what=f"an edit of message {target.id}",
        )
        return target

    def __repr__(self) -> str:
        state = f"error={self.error}" if self.error else f"type={self.type}"
        if self.rejections:
            state += f" rejected={[(c.status, (c.response or {}).get('code')) for c in self.rejections]}"
        return f"<FakeInteraction {self.name!r} id={self.id} by {self.user.name} {state}>"


Outcome = FakeInteraction


# ------------------------------------------------------------------------------------------- slash commands
OPTION_TYPES = {
    "SUB_COMMAND": 1,
    "SUB_COMMAND_GROUP": 2,
    "STRING": 3,
    "INTEGER": 4,
    "BOOLEAN": 5,
    "USER": 6,
    "CHANNEL": 7,
    "ROLE": 8,
    "MENTIONABLE": 9,
    "NUMBER": 10,
    "ATTACHMENT": 11,
}


def _names(node: dict[str, Any]) -> set[str]:
    return {node.get("name")} | set((node.get("name_localizations") or {}).values())


def find_command(commands: list[dict[str, Any]], path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Resolves "table status" against a command list: (top-level command, [group?, subcommand?] nodes)."""
    words = path.split()
    if not words:
        raise LookupError("empty command name")
    top = next((c for c in commands if c.get("type", 1) == 1 and words[0] in _names(c)), None)
    if top is None:
        raise LookupError(f"no slash command {words[0]!r}; synced: {sorted(c['name'] for c in commands)}")
    chain: list[dict[str, Any]] = []
    node = top
    for word in words[1:]:
        sub = next((o for o in node.get("options") or [] if o.get("type") in (1, 2) and word in _names(o)), None)
        if sub is None:
            raise LookupError(
                f"no subcommand {word!r} under {path!r}; have "
                f"{[o['name'] for o in node.get('options') or [] if o.get('type') in (1, 2)]}"
            )
        chain.append(sub)
        node = sub
    if any(o.get("type") in (1, 2) for o in node.get("options") or []):
        raise LookupError(f"{path!r} is a group: name one of its subcommands")
    return top, chain


def build_options(
    fake: FakeDiscord,
    leaf: dict[str, Any],
    values: dict[str, Any],
    guild: Any,
    resolved: dict[str, dict],
    focused: str | None = None,
) -> list[dict[str, Any]]:
    schema = {o["name"]: o for o in leaf.get("options") or []}
    out = []
    for name, value in values.items():
        opt = schema.get(name)
        if opt is None:
            for o in schema.values():
                if name in _names(o):
                    opt = o
        if opt is None:
            raise LookupError(f"command {leaf.get('name')!r} has no option {name!r}; options: {sorted(schema)}")
        out.append(_option_value(fake, opt, value, guild, resolved, focused=focused == name))
    if focused is None:
        missing = [
            o["name"]
            for o in schema.values()
            if o.get("required") and o["name"] not in {entry["name"] for entry in out}
        ]
        if missing:
            raise ValueError(f"missing required option(s) {missing} for {leaf.get('name')!r}")
    return out


def _option_value(
    fake: FakeDiscord, opt: dict[str, Any], value: Any, guild: Any, resolved: dict[str, dict], *, focused: bool
) -> dict[str, Any]:
    otype = opt["type"]
    entry: dict[str, Any] = {"name": opt["name"], "type": otype}
    if focused:
        entry["focused"] = True
        entry["value"] = str(value) if otype != 10 else value
        return entry
    if otype == 3:
        value = str(value)
    elif otype == 4:
        value = int(value)
    elif otype == 10:
        value = float(value)
    elif otype == 5:
        value = bool(value)
    elif otype in (6, 9) and isinstance(value, (FakeUser, FakeMember)):
        user = value.user if isinstance(value, FakeMember) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        member = guild.member(user) if guild is not None else None
        if member is not None:
            resolved.setdefault("members", {})[str(user.id)] = member.payload(with_user=False, with_permissions=True)
        value = str(user.id)
    elif otype == 7 and isinstance(value, FakeChannel):
        ch = value.payload()
        ch["permissions"] = str(fake._member_permissions(guild, None))
        resolved.setdefault("channels", {})[str(value.id)] = ch
        value = str(value.id)
    elif otype in (8, 9) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        value = str(value.id)
    elif otype == 11 and isinstance(value, tuple):
        filename, data = value
        att = fake._make_attachment(None, filename, data, ephemeral=True)
        resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
        value = str(att.id)
    elif otype in (6, 7, 8, 9, 11):
        value = str(getattr(value, "id", value))
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {opt['name']!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
    if otype in (4, 10):
        if opt.get("min_value") is not None and value < opt["min_value"]:
            raise ValueError(f"option {opt['name']!r}: {value} < min_value {opt['min_value']}")
        if opt.get("max_value") is not None and value > opt["max_value"]:
            raise ValueError(f"option {opt['name']!r}: {value} > max_value {opt['max_value']}")
    if otype == 3:
        if opt.get("max_length") is not None and len(value) > opt["max_length"]:
            raise ValueError(f"option {opt['name']!r}: longer than max_length {opt['max_length']}")
    entry["value"] = value
    return entry


def wrap_chain(chain: list[dict[str, Any]], leaf_options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Nests leaf options inside the subcommand group / subcommand entries."""
    options = leaf_options
    for node in reversed(chain):
        options = [{"name": node["name"], "type": node["type"], "options": options}]
    return options


# ------------------------------------------------------------------------------------------- modals
def modal_submit_components(modal: dict[str, Any], values: dict[str, Any]) -> list[dict[str, Any]]:
    """Mirrors the modal's layout with the user's answers (text inputs: str; selects: list of str)."""
    seen: set[str] = set()

    def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
        cid = comp.get("custom_id")
        ctype = comp.get("type")
        if ctype == 4:
            value = values.get(cid, comp.get("value") or "")
            if comp.get("required", True) and not value:
                raise ValueError(f"text input {cid!r} is required")
            if comp.get("max_length") is not None and len(value) > comp["max_length"]:
                raise ValueError(f"text input {cid!r} longer than max_length {comp['max_length']}")
            if value and comp.get("min_length") is not None and len(value) < comp["min_length"]:
                raise ValueError(f"text input {cid!r} shorter than min_length {comp['min_length']}")
            seen.add(cid)
            return {"type": 4, "custom_id": cid, "value": value}
        if ctype in (3, 5, 6, 7, 8):
            seen.add(cid)
            chosen = values.get(cid, [])
            return {"type": ctype, "custom_id": cid, "values": list(chosen)}
        return None

    out = []
    for comp in modal.get("components") or []:
        if comp.get("type") == 1:
            inner = [a for a in (answer(c) for c in comp.get("components") or []) if a]
            out.append({"type": 1, "components": inner})
        elif comp.get("type") == 18 and isinstance(comp.get("component"), dict):
            inner = answer(comp["component"])
            if inner:
                out.append({"type": 18, "component": inner})
        else:
            inner = answer(comp)
            if inner:
                out.append(inner)
    unknown = set(values) - seen
    if unknown:
        raise LookupError(f"modal has no input(s) {sorted(unknown)}")
    return out
