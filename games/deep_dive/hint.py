"""Why a hinted move is good, from the seat's view: the chance, from the public counts of unseen tiles, that a
depth's next tile is no predator, or the food a take brings home."""

from __future__ import annotations

from games.deep_dive.tiles import parse_food

PREDATOR = "predator"


def safe_percent(view: dict, depth: int) -> int | None:
    """The chance in percent that the next tile flipped at `depth` is no predator (None past the deepest)."""
    if not 1 <= depth <= len(view["depths"]):
        return None
    unseen = view["depths"][depth - 1]["unseen"]
    total = sum(unseen.values())
    return round(100 * (total - unseen.get(PREDATOR, 0)) / total) if total else None


def reason(view: dict, action: dict, legal: list) -> tuple[str, dict]:
    turn = view.get("turn") or {}
    kind, depth = action["type"], turn.get("depth") or 0
    target = {"flip": depth, "deeper": depth + 1, "skip": depth + 1, "swallow": action.get("depth")}.get(kind)
    if target is not None:
        safe = safe_percent(view, target)
        if safe is not None:
            return f"learn.reason.deep_dive.{kind}", {"depth": target, "safe": safe}
    tile = turn.get("flipped") if kind == "keep" else action.get("tile")
    food = parse_food(tile) if isinstance(tile, str) else None
    if kind in ("keep", "take", "retreat_take") and food is not None:
        colour, points = food
        return "learn.reason.deep_dive.food", {"points": points, "colour_key": f"deep_dive.colour.{colour}"}
    if kind in ("keep", "take", "retreat_take") and tile == "rock":
        return "learn.reason.deep_dive.rock", {}
    return "learn.reason.generic", {}
