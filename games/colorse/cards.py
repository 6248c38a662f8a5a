"""Cards and boxes: the colour logic shared by the rules and the AI.

A card is a descriptor string from data/colorse/cards.json: one colour ("R"), two colours in the data file's
colour order ("RG"), or "S" for a SPECIAL. A box is a list of 6 slots, index = row * 3 + column with row 0 the
bottom row, so "the leftmost empty slot of the lowest row" is simply the first empty index. A slot holds None or
an entry dict: {"card": "RG"}, {"card": "S", "colour": "B"}, or {"card": ..., "face_down": True} (a view may
leave out the card of a face-down entry: it has no colour either way).
"""

from __future__ import annotations

from games.data import load

COLUMNS, ROWS = 3, 2
BOX_SIZE = COLUMNS * ROWS

_DATA = load("colorse/cards.json")
COLOURS: tuple[str, ...] = tuple(_DATA["colours"])
SPECIAL: str = _DATA["special"]
DESCRIPTORS: tuple[str, ...] = tuple(entry["card"] for entry in _DATA["cards"])


def full_deck() -> list[str]:
    """All cards of the game, unshuffled."""
    return [entry["card"] for entry in _DATA["cards"] for _ in range(entry["count"])]


def colours_of(entry: dict | None) -> frozenset[str]:
    """The colours a box entry (or a placed card) counts as; face-down cards and unplaced SPECIALs have none."""
    if entry is None or entry.get("face_down"):
        return frozenset()
    if entry["card"] == SPECIAL:
        return frozenset(entry.get("colour") or ())
    return frozenset(entry["card"])


def empty_box() -> list[dict | None]:
    return [None] * BOX_SIZE


def next_slot(box: list) -> int | None:
    """Where the next card goes: bottom row first, left to right (gaps included)."""
    for index, entry in enumerate(box):
        if entry is None:
            return index
    return None


def neighbours(slot: int) -> list[int]:
    """The orthogonally adjacent slots."""
    row, column = divmod(slot, COLUMNS)
    found = [row * COLUMNS + c for c in (column - 1, column + 1) if 0 <= c < COLUMNS]
    found += [r * COLUMNS + column for r in (row - 1, row + 1) if 0 <= r < ROWS]
    return found


def vanishing_slots(box: list, slot: int, entry: dict) -> list[int]:
    """Slots that vanish if `entry` goes into `slot`: the neighbours sharing a colour, plus `slot` itself when
    any do. No chain reaction."""
    colours = colours_of(entry)
    hit = [n for n in neighbours(slot) if colours & colours_of(box[n])]
    return sorted(hit + [slot]) if hit else []


def place(box: list, entry: dict) -> tuple[int, list[dict]]:
    """Put `entry` in the next slot of `box` (in place) and resolve vanishing.
    Returns (the slot used, the entries that vanished, placed card included)."""
    slot = next_slot(box)
    if slot is None:
        raise ValueError("box is full")
    gone = vanishing_slots(box, slot, entry)
    box[slot] = entry
    vanished = [box[s] for s in gone]
    for s in gone:
        box[s] = None
    return slot, vanished


def top_right_slot(box: list) -> int | None:
    """The rightmost card of the top row, else of the bottom row; None for an empty box."""
    for row in reversed(range(ROWS)):
        for column in reversed(range(COLUMNS)):
            if box[row * COLUMNS + column] is not None:
                return row * COLUMNS + column
    return None


def card_count(box: list) -> int:
    return sum(entry is not None for entry in box)


def is_full(box: list) -> bool:
    return card_count(box) == BOX_SIZE
