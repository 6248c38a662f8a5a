"""The subset of Discord's request validation that catches real bot bugs (answers 400 / 50035 like Discord).

Limits: https://discord.com/developers/docs/resources/message, .../interactions/message-components,
.../interactions/application-commands. Only common limits are checked; anything not checked passes.
"""

from __future__ import annotations

import re
from typing import Any

from .models import FLAG_COMPONENTS_V2, ApiError, UploadedFile, walk_components

LOCALES = {
    "id",
    "da",
    "de",
    "en-GB",
    "en-US",
    "es-ES",
    "es-419",
    "fr",
    "hr",
    "it",
    "lt",
    "hu",
    "nl",
    "no",
    "pl",
    "pt-BR",
    "ro",
    "fi",
    "sv-SE",
    "vi",
    "tr",
    "cs",
    "el",
    "bg",
    "ru",
    "uk",
    "hi",
    "th",
    "zh-CN",
    "ja",
    "zh-TW",
    "ko",
}
_COMMAND_NAME = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
MAX_FILE_BYTES = 10 * 1024 * 1024  # a bot's attachment limit in a server without boosts
MAX_ATTACHMENT_DESCRIPTION = 1024  # an attachment's alt text (what a screen reader speaks for a picture)


class Errors:
    """Collects Discord-style nested `errors` for a 50035 Invalid Form Body answer."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: list[Any], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_if_any(self) -> None:
        if self.tree:
            raise ApiError(400, 50035, "Invalid Form Body", self.tree)


def _max_len(errors: Errors, path: list[Any], value: Any, limit: int, *, min_len: int = 0) -> int:
    if value is None:
        return 0
    if not isinstance(value, str):
        errors.add(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.")
        return 0
    if len(value) > limit:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
    if len(value) < min_len:
        errors.add(path, "BASE_TYPE_MIN_LENGTH", f"Must be {min_len} or more in length.")
    return len(value)


def check_embeds(errors: Errors, embeds: list[dict], base: list[Any]) -> None:
    if len(embeds) > 10:
        errors.add(base, "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, e in enumerate(embeds):
        p = base + [i]
        total += _max_len(errors, p + ["title"], e.get("title"), 256)
        total += _max_len(errors, p + ["description"], e.get("description"), 4096)
        fields = e.get("fields") or []
        if len(fields) > 25:
            errors.add(p + ["fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            total += _max_len(errors, p + ["fields", j, "name"], f.get("name"), 256, min_len=1)
            total += _max_len(errors, p + ["fields", j, "value"], f.get("value"), 1024, min_len=1)
        total += _max_len(errors, p + ["footer", "text"], (e.get("footer") or {}).get("text"), 2048)
        total += _max_len(errors, p + ["author", "name"], (e.get("author") or {}).get("name"), 256)
    if total > 6000:
        errors.add(base, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def check_components(errors: Errors, components: list[dict], flags: int) -> None:
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if not v2:
        if len(components) > 5:
            errors.add(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                errors.add(
                    ["components", i, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'
                )
                continue
            children = row.get("components") or []
            if not 1 <= len(children) <= 5:
                errors.add(
                    ["components", i, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
                )
            if any(c.get("type") != 2 for c in children) and len(children) > 1:
                errors.add(
                    ["components", i, "components"],
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
    seen: set[str] = set()
    for comp in walk_components(components):
        ctype = comp.get("type")
        cid = comp.get("custom_id")
        if cid is not None:
            if len(cid) > 100:
                errors.add(["components"], "BASE_TYPE_MAX_LENGTH", f"custom_id {cid!r} must be 100 or fewer in length.")
            if cid in seen:
                errors.add(
                    ["components"],
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"Component custom id cannot be duplicated ({cid})",
                )
            seen.add(cid)
        if ctype == 2:
            label = comp.get("label")
            if label is not None and len(label) > 80:
                errors.add(
                    ["components"], "BASE_TYPE_MAX_LENGTH", f"button label {label!r} must be 80 or fewer in length."
                )
            if not label and not comp.get("emoji"):
                errors.add(["components"], "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required")
            if comp.get("style") == 5:
                if not comp.get("url"):
                    errors.add(["components"], "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
            elif comp.get("style") != 6 and not cid:
                errors.add(["components"], "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required")
        elif ctype == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.add(["components"], "BASE_TYPE_BAD_LENGTH", "select options must be between 1 and 25 in length.")
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                errors.add(
                    ["components"], "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Select option values must be unique"
                )
            for o in options:
                for key in ("label", "value"):
                    if not o.get(key) or len(o.get(key)) > 100:
                        errors.add(["components"], "BASE_TYPE_BAD_LENGTH", f"select option {key} must be 1..100 long")
                if o.get("description") and len(o["description"]) > 100:
                    errors.add(["components"], "BASE_TYPE_MAX_LENGTH", "select option description must be 100 or fewer")
            max_values = comp.get("max_values", 1)
            if max_values > len(options):
                errors.add(
                    ["components"], "SELECT_COMPONENT_MAX_VALUES_EXCEEDED", "max_values exceeds the number of options"
                )
        if ctype in (3, 5, 6, 7, 8):
            ph = comp.get("placeholder")
            if ph and len(ph) > 150:
                errors.add(["components"], "BASE_TYPE_MAX_LENGTH", "placeholder must be 150 or fewer in length.")
        if ctype == 10:
            _max_len(errors, ["components"], comp.get("content"), 4000)


def check_message(
    data: dict, files: list[UploadedFile], *, existing_has_body: bool = False, creating: bool = True
) -> None:
    """Validates a create (or, with creating=False, an edit) payload."""
    errors = Errors()
    flags = data.get("flags") or 0
    content = data.get("content")
    if content is not None:
        _max_len(errors, ["content"], content, 2000)
    embeds = data.get("embeds") or []
    check_embeds(errors, embeds, ["embeds"])
    components = data.get("components") or []
    check_components(errors, components, flags)
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        errors.add(
            ["content"],
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
        )
    if len(files) > 10:
        errors.add(["files"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for i, entry in enumerate(data.get("attachments") or []):
        if isinstance(entry, dict):
            _max_len(errors, ["attachments", i, "description"], entry.get("description"), MAX_ATTACHMENT_DESCRIPTION)
    errors.raise_if_any()
    for f in files:
        if len(f.data) > MAX_FILE_BYTES:
            raise ApiError(413, 40005, "Request entity too large")
    if creating and not (content or embeds or components or files or data.get("sticker_ids") or data.get("poll")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_commands(commands: list[dict]) -> None:
    errors = Errors()
    names: set[tuple[str, int]] = set()
    for i, cmd in enumerate(commands):
        ctype = cmd.get("type", 1)
        key = (cmd.get("name"), ctype)
        if key in names:
            errors.add(
                [i, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique ({key[0]})",
            )
        names.add(key)
        _check_command_node(errors, cmd, [i], chat=ctype == 1, top=True)
    if len([c for c in commands if c.get("type", 1) == 1]) > 100:
        errors.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer chat input commands.")
    errors.raise_if_any()


def _check_name(errors: Errors, path: list[Any], name: Any, chat: bool) -> None:
    if not isinstance(name, str) or not name:
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    if chat and (not _COMMAND_NAME.match(name) or name != name.lower()):
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid ({name!r})")
    if len(name) > 32:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 32 or fewer in length.")


def _check_command_node(errors: Errors, node: dict, path: list[Any], *, chat: bool, top: bool = False) -> None:
    _check_name(errors, path + ["name"], node.get("name"), chat)
    for locale, value in (node.get("name_localizations") or {}).items():
        if locale not in LOCALES:
            errors.add(path + ["name_localizations", locale], "LOCALE_INVALID", f"Invalid locale {locale!r}")
        _check_name(errors, path + ["name_localizations", locale], value, chat)
    if chat:
        _max_len(errors, path + ["description"], node.get("description"), 100, min_len=1)
        for locale, value in (node.get("description_localizations") or {}).items():
            if locale not in LOCALES:
                errors.add(path + ["description_localizations", locale], "LOCALE_INVALID", f"Invalid locale {locale!r}")
            _max_len(errors, path + ["description_localizations", locale], value, 100, min_len=1)
    options = node.get("options") or []
    if len(options) > 25:
        errors.add(path + ["options"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen_optional = False
    option_names: set[str] = set()
    for j, opt in enumerate(options):
        p = path + ["options", j]
        if opt.get("name") in option_names:
            errors.add(p + ["name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
        option_names.add(opt.get("name"))
        if opt.get("type") in (1, 2):
            _check_command_node(errors, opt, p, chat=True)
            continue
        if opt.get("required"):
            if seen_optional:
                errors.add(
                    p + ["required"],
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        _check_command_node(errors, opt, p, chat=True)
        choices = opt.get("choices") or []
        if len(choices) > 25:
            errors.add(p + ["choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for k, choice in enumerate(choices):
            _max_len(errors, p + ["choices", k, "name"], choice.get("name"), 100, min_len=1)
            for locale in choice.get("name_localizations") or {}:
                if locale not in LOCALES:
                    errors.add(p + ["choices", k, "name_localizations", locale], "LOCALE_INVALID", "Invalid locale")
