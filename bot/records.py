"""Game records: everything needed to replay a game through its engine (seats, settings, seed, the version of the
rules it was played under, action log). A record replays under its own version of the rules, or is refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import games
from bot.practice import engine_options
from bot.storage import Storage
from games.contract import SYSTEM, UnsupportedRules

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
        "rules": rules_of(row.state) if row.state is not None else games.get(row.game).rules_version,
        "status": row.status,
        "seats": [
            {"seat": n, "name": s.name, "ai": s.user_id is None, "ai_level": s.ai_level}
            for n, s in enumerate(row.seats)
        ],
        "actions": [{k: e[k] for k in ("seq", "seat", "action", "source")} for e in await storage.actions(table_id)],
        "result": await storage.result(table_id),
    }


def rules_of(saved: str) -> int:
    """The version of the rules a saved state plays (1 when it names none)."""
    return json.loads(saved).get("rules", 1)


def new_game(record: dict):
    """The record's game as it started, under the rules the record was played with (1 when it names none);
    UnsupportedRules when this code no longer (or not yet) plays them."""
    spec = games.get(record["game"])
    return spec.new(
        len(record["seats"]), engine_options(record["options"]), record["seed"], rules=record.get("rules", 1)
    )


def replay(record: dict):
    """Replay a record; returns the final state. Raises on a record the engine refuses."""
    if record.get("format") != FORMAT:
        raise ValueError("not a Bodoge Host record")
    state = new_game(record)
    for entry in record["actions"]:
        state.apply(entry["seat"], entry["action"])
    return state


def replay_file(path: str | Path, locale: str = "en") -> tuple[bool, str]:
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
        state = replay(record)
    except UnsupportedRules as error:
        from bot.i18n import t

        return False, t(error.key, locale, **error.params)
    except Exception as error:  # noqa: BLE001 - reported to the user
        return False, f"replay failed: {error}"
    expected = record.get("result")
    if expected is None:
        return True, f"replayed {len(record['actions'])} actions; the game was not finished"
    if not reaches(state, expected):
        return False, f"replay reached {state.result() if state.finished else None}, but the record says {expected}"
    return True, f"replayed {len(record['actions'])} actions: same result {expected}"


def reaches(state, expected: dict | None) -> bool:
    """Whether a replayed game ended with the `expected` result (its winners and scores)."""
    got = state.result() if state.finished else None
    return (
        got is not None
        and expected is not None
        and got["winners"] == expected["winners"]
        and list(got.get("scores", [])) == list(expected.get("scores", []))
    )


def played_by_ai(game: str, players: int, seed: int, names: list[str] | None = None, table: int = 1) -> dict:
    """A whole game played by the game's own agent (its first level; SYSTEM's timeout when nobody else may act), as a
    finished table's record, for benchmarks and tests."""
    spec = games.get(game)
    state, rng = spec.new(players, {}, seed), random.Random(seed)
    actions: list[dict] = []
    while not state.finished:
        acting = [s for s in state.to_act() if s >= 0]
        if acting:
            seat = rng.choice(acting)
            action = spec.agent(state.view(seat), state.legal_actions(seat), rng, spec.ai_levels[0])
        else:
            seat, action = SYSTEM, {"type": "timeout"}
        state.apply(seat, action)
        actions.append({"seq": len(actions) + 1, "seat": seat, "action": action, "source": "ai"})
    names = names or [f"Player {n + 1}" for n in range(players)]
    return {
        "format": FORMAT,
        "table": table,
        "game": game,
        "options": {},
        "seed": seed,
        "status": "finished",
        "seats": [{"seat": n, "name": name, "ai": False, "ai_level": None} for n, name in enumerate(names)],
        "actions": actions,
        "result": state.result(),
    }
