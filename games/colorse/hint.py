"""Why a hinted move is good, from the seat's view: what a sign wins and whom it beats, and where a card would land
in the seat's own box: how full it gets, or what vanishes (games/colorse/cards.py)."""

from __future__ import annotations

from games.colorse import cards
from games.colorse.signs import beats, win_takes


def _landing(view: dict, entry: dict) -> tuple[str, dict]:
    box = [None if slot is None else dict(slot) for slot in view["boxes"][view["seat"]]]
    if cards.is_full(box):
        return "learn.reason.generic", {}
    _, vanished = cards.place(box, entry)
    if vanished:
        return "learn.reason.colorse.vanishes", {"count": len(vanished)}
    if cards.is_full(box):
        return "learn.reason.colorse.completes", {}
    slot = cards.next_slot(box)
    assert slot is not None  # the box is not full
    safe = sum(not cards.vanishing_slots(box, slot, {"card": colour}) for colour in cards.COLOURS)
    return "learn.reason.colorse.fills", {"count": cards.card_count(box), "safe": safe}


def reason(view: dict, action: dict, legal: list) -> tuple[str, dict]:
    kind = action["type"]
    if kind == "sign":
        sign = action["sign"]
        return "learn.reason.colorse.sign", {
            "sign_key": f"colorse.sign.{sign}",
            "beaten_key": f"colorse.sign.{beats(sign)}",
            "count": win_takes(sign),
        }
    if kind == "bonus" or (kind == "take" and view["common"][action["slot"]].get("face_down")):
        if action.get("face_down", True):
            return "learn.reason.colorse.face_down", {}
        return "learn.reason.generic", {}
    if kind == "take":
        return _landing(view, {"card": view["common"][action["slot"]]["card"]})
    if kind == "place":
        entry = {"card": action["card"], **({"colour": action["colour"]} if "colour" in action else {})}
        return _landing(view, entry)
    if kind == "special":
        return _landing(view, {"card": cards.SPECIAL, "colour": action["colour"]})
    return "learn.reason.generic", {}
