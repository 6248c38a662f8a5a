"""Game records: everything needed to replay a game through its engine (seats, settings, seed, action log)."""

from __future__ import annotations

import json
from pathlib import Path

import games
from bot.practice import engine_options
from bot.storage import Storage

FORMAT = "bodoge-record/1"


async def export(storage: Storage, table_id: int) -> dict:
    row = await storage.load_table(table_id)
    if row is None:
        raise KeyError(table_id)
    return {
        "format": FORMAT,
        "table": row.id,
        "game": row.game,
        "options": row.options,
        "seed": row.seed,
        "status": row.status,
        "seats": [{"seat": s.seat, "name": s.name, "ai": s.user_id is None, "ai_level": s.ai_level} for s in row.seats],
        "actions": [{k: e[k] for k in ("seq", "seat", "action", "source")} for e in await storage.actions(table_id)],
        "result": await storage.result(table_id),
    }


def move_list(table, record: dict, locale: str) -> str:
    """A readable, localised list of the moves (what each action was, and what happened)."""
    from bot.i18n import t
    from bot.text import format_event, seat_name

    spec = games.get(record["game"])
    state = spec.new(len(record["seats"]), engine_options(record["options"]), record["seed"])
    lines = [t("record.header", locale, game=spec.name(locale), id=record["table"])]
    for entry in record["actions"]:
        who = seat_name(table, entry["seat"], locale)
        action = ", ".join(f"{k}={v}" for k, v in entry["action"].items() if k != "type")
        lines.append(f"{entry['seq']:4}. {who}: {entry['action']['type']}" + (f" ({action})" if action else ""))
        for event in state.apply(entry["seat"], entry["action"]):
            lines.append("      " + format_event(table, event, locale))
    return "\n".join(lines) + "\n"


def replay(record: dict):
    """Replay a record; returns the final state. Raises on a record the engine refuses."""
    if record.get("format") != FORMAT:
        raise ValueError("not a Bodoge Host record")
    spec = games.get(record["game"])
    state = spec.new(len(record["seats"]), engine_options(record["options"]), record["seed"])
    for entry in record["actions"]:
        state.apply(entry["seat"], entry["action"])
    return state


def replay_file(path: str | Path) -> tuple[bool, str]:
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
        state = replay(record)
    except Exception as error:  # noqa: BLE001 - reported to the user
        return False, f"replay failed: {error}"
    expected = record.get("result")
    if expected is None:
        return True, f"replayed {len(record['actions'])} actions; the game was not finished"
    got = state.result() if state.finished else None
    if (
        got is None
        or got["winners"] != expected["winners"]
        or list(got.get("scores", [])) != list(expected.get("scores", []))
    ):
        return False, f"replay reached {got}, but the record says {expected}"
    return True, f"replayed {len(record['actions'])} actions: same result {expected}"
