"""Scripted COLORSE situations: stacked decks, duels, and (where play cannot reach a box quickly) arranged boxes."""

from __future__ import annotations

from games.colorse import SPEC

# Padding cards for a deck's tail: one colour, so refills never decide a test by accident.
PAD = ["Y"] * 12


def new(deck: list[str], first_parent: int = 0, players: int = 4, next_decks: list | None = None, **options):
    """A game whose round-1 deck is exactly `deck` (top first): seats 0.. get one starting card each, then the
    common cards (two face up, one face down), then the refills."""
    stacked = {"deck": deck, "first_parent": first_parent}
    if next_decks is not None:
        stacked["next_decks"] = next_decks
    return SPEC.new(players, {"stacked": stacked, **options}, seed=1)


def signs(state, parent_sign: str, child_sign: str) -> list[dict]:
    """Both duellists choose (parent first); returns all events."""
    events = state.apply(state.parent, {"type": "sign", "sign": parent_sign})
    return events + state.apply(state.child, {"type": "sign", "sign": child_sign})


def take(state, *slots: int) -> list[dict]:
    events = []
    for slot in slots:
        events += state.apply(state.to_act()[0], {"type": "take", "slot": slot})
    return events


def place(state, card: str, colour: str | None = None) -> list[dict]:
    action = {"type": "place", "card": card}
    if colour:
        action["colour"] = colour
    return state.apply(state.to_act()[0], action)


def arrange(state, seat: int, slots: list[str | None]) -> None:
    """Set a box directly (for boxes that play reaches only after many duels): "RG" a card, "S:B" a placed
    SPECIAL, "~R" a face-down card, None an empty slot."""
    box = []
    for text in slots:
        if text is None:
            box.append(None)
        elif text.startswith("~"):
            box.append({"card": text[1:], "face_down": True})
        elif text.startswith("S:"):
            box.append({"card": "S", "colour": text[2:]})
        else:
            box.append({"card": text})
    state.boxes[seat] = box


def box(state, seat: int) -> list[str | None]:
    """A box in the notation of `arrange`."""
    shown = []
    for entry in state.boxes[seat]:
        if entry is None:
            shown.append(None)
        elif entry.get("face_down"):
            shown.append("~" + entry["card"])
        elif entry["card"] == "S":
            shown.append("S:" + entry["colour"])
        else:
            shown.append(entry["card"])
    return shown


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]
