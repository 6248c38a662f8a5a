"""The fake Discord's traffic as a phoneview record (`../shared/tools/phoneview/FORMAT.md`): one JSON line per
interaction the fake sent and per REST request the bot made, with the uploaded files saved beside it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

KINDS = {2: "command", 3: "component", 5: "modal"}


def label_of(message: dict | None, custom_id: str | None) -> str | None:
    """What a pressed component reads as: its label, else its emoji's name, else a select's placeholder."""
    stack = list((message or {}).get("components") or [])
    while stack:
        component = stack.pop()
        if custom_id and component.get("custom_id") == custom_id:
            return component.get("label") or (component.get("emoji") or {}).get("name") or component.get("placeholder")
        stack += component.get("components") or []
        if isinstance(component.get("accessory"), dict):
            stack.append(component["accessory"])
    return None


def _response_id(call) -> str | None:
    answer = call.response if isinstance(call.response, dict) else {}
    if "resource" in answer:
        found = ((answer.get("resource") or {}).get("message") or {}).get("id")
    else:
        found = answer.get("id")
    return None if found is None else str(found)


def lines(fake, *, game: str, channel, users, locale: str) -> list[dict]:
    """The record's lines (meta first). The fake stamps with the loop's monotonic clock: shifted to the epoch."""
    shift = time.time() - time.monotonic()
    out: list[dict] = [
        {
            "record": "meta",
            "game": game,
            "locale": locale,
            "bot_id": str(fake.bot_user.id),
            "guild_id": str(channel.guild.id),
            "channel_id": str(channel.id),
            "users": [str(user.id) for user in users],
        }
    ]
    for interaction in fake.interactions:
        payload = interaction.payload
        data, source = payload.get("data") or {}, payload.get("message") or {}
        kind = interaction.interaction_type
        out.append(
            {
                "record": "interaction",
                "at": interaction.created_at + shift,
                "id": str(interaction.id),
                "token": interaction.token,
                "user": str(interaction.user.id),
                "channel_id": str(interaction.channel.id),
                "kind": KINDS.get(kind, "other"),
                "command": data.get("name") if kind == 2 else None,
                "options": data.get("options"),
                "custom_id": data.get("custom_id"),
                "component_type": data.get("component_type"),
                "values": data.get("values"),
                "message_id": source.get("id"),
                "message_ephemeral": bool((source.get("flags") or 0) & 64),
                "label": label_of(source, data.get("custom_id")),
            }
        )
    for call in fake.calls:
        out.append(
            {
                "record": "rest",
                "at": call.time + shift,
                "method": call.method,
                "path": call.path,
                "status": call.status,
                "json": call.json,
                "files": call.files,
                "response_id": _response_id(call),
            }
        )
    return out


def write(fake, folder: Path, *, game: str, channel, users, locale: str) -> Path:
    """Writes `folder/record.jsonl` and the uploaded files under `folder/files/`; returns the record's path."""
    files_dir = folder / "files"
    files_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    path = folder / "record.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for line in lines(fake, game=game, channel=channel, users=users, locale=locale):
            if line["record"] == "rest":
                saved = []
                for part in line["files"]:
                    count += 1
                    name = f"{count:04d}-" + re.sub(r"[^A-Za-z0-9._-]+", "_", part.filename or "file")[-80:]
                    (files_dir / name).write_bytes(part.data)
                    saved.append(
                        {"field": part.field, "filename": part.filename, "size": len(part.data), "saved": name}
                    )
                line["files"] = saved
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    return path
