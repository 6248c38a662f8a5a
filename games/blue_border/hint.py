"""Why a hinted move is good, from the seat's view: a card's shade read against the colour chart (its number when
revealed), judged by the rules of the slot it would fill (games/blue_border/border.py). The words name the slot and
the rule, never a number: a face-down card's number is hidden even from the seat that sees its shade."""

from __future__ import annotations

from games.blue_border.border import broken_rules
from games.blue_border.cards import chart_number


def _number(card: dict) -> int:
    return card["number"] if "number" in card else chart_number(card["shade"])


def _next_slot(view: dict, seat: int) -> tuple[int, int | None]:
    """The seat's next empty slot and the number the chart gives its last card (None on an empty board)."""
    cards = [card for card in view["divers"][seat]["slots"] if card is not None]
    return len(cards), (_number(cards[-1]) if cards else None)


def _offered(view: dict, action: dict) -> dict | None:
    """The card a take or reward action gets, as the view shows it (None: the deck's top unseen, or no card)."""
    source = action.get("source")
    if source == "pile":
        return view["piles"][action["pile"]]["top"]
    if source == "deck":
        return view["deck"]["top"]
    if source == "discard":
        return {"number": action["card"]}
    return None


def reason(view: dict, action: dict, legal: list) -> tuple[str, dict]:
    settings = view["settings"]
    limits = {"border": settings["border"], "bottoms": settings["bottoms"]}
    if action["type"] in ("call", "no_call"):
        placement = view["placement"]
        slots = view["divers"][placement["seat"]]["slots"]
        index = placement["slot_index"]
        number = _number(slots[index])
        previous = _number(slots[index - 1]) if index else None
        broken = broken_rules(index, number, previous, **limits)
        params = {"slot": view["slots"][index], **limits}
        if broken:
            return "learn.reason.blue_border.breaks", {**params, "rule_key": f"blue_border.rule.{broken[0]}"}
        return "learn.reason.blue_border.keeps", params
    slot, previous = _next_slot(view, view["seat"])
    if slot >= len(view["slots"]):
        return "learn.reason.generic", {}
    params = {"slot": view["slots"][slot], **limits}
    card = _offered(view, action)
    if action["type"] == "reward" and card is None:
        return "learn.reason.blue_border.none", params
    if card is None:
        return "learn.reason.blue_border.wait", {**params, "pile": action.get("pile", 0) + 1}
    number = _number(card)
    fits = not broken_rules(slot, number, previous, **limits)
    return f"learn.reason.blue_border.{'fits' if fits else 'least_bad'}", params
