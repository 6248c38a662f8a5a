"""Scripted BOSSa games: stacked hands, deck and dice, and short names for actions."""

from __future__ import annotations

from games.bossa import SPEC
from games.bossa.tiles import all_tiles


def deal(hand0, hand1, deck=(), dice=(5, 2), removed=None, pad=True, **options):
    """A game whose hands, deck (top first) and dice are exactly these; `pad` appends every unused tile
    (in id order) under the deck so that a script never runs it out; `removed` defaults to an unused tile."""
    used = [*hand0, *hand1, *deck]
    spare = [tile for tile in all_tiles() if tile not in used]
    if removed is None:
        removed = spare.pop()
    else:
        spare.remove(removed)
    order = [removed, *hand0, *hand1, *deck, *(spare if pad else [])]
    return SPEC.new(2, {"stacked": {"deck": order, "dice": list(dice)}, **options}, seed=1)


def start(hand0, hand1, deck=(), dice=(5, 2), first=0, colour0="white", **kwargs):
    """Deal, then make the setup choices so that seat 0 owns `colour0` and `first` moves first."""
    state = deal(hand0, hand1, deck, dice, **kwargs)
    high, colours = state.high_seat, {0: colour0, 1: "black" if colour0 == "white" else "white"}
    if first == high:
        state.apply(high, choose("first"))
        state.apply(1 - high, choose(colours[1 - high]))
    else:
        state.apply(high, choose(colours[high]))
    return state


def choose(choice: str) -> dict:
    return {"type": "choose", "choice": choice}


def place(line: str, side: str, *tiles: str) -> dict:
    return {"type": "place", "line": line, "side": side, "tiles": sorted(tiles)}


def stack(line: str, side: str, index: int, *tiles: str) -> dict:
    return {"type": "stack", "line": line, "side": side, "index": index, "tiles": sorted(tiles)}


def redraw(tile: str) -> dict:
    return {"type": "redraw", "tile": tile}


def exchange(give: str, take: str) -> dict:
    return {"type": "exchange", "give": give, "take": take}


def play(state, *moves: tuple[int, dict]) -> list[dict]:
    """Apply (seat, action) pairs in order; return all their events."""
    events = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events


def groups_at(state, seat: int, line: str, side: str) -> list[list[str]]:
    """The tile groups `seat` may place at one open end, as legal_actions lists them."""
    return [
        action["tiles"]
        for action in state.legal_actions(seat)
        if action["type"] == "place" and action["line"] == line and action["side"] == side
    ]


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def stack_win_game():
    """Seat 0 (white, die 5) is down to w2b1 and draws w4b1: together they make the 6 of two tiles."""
    state = start(
        ["w1b0", "w5b0", "w1b1", "w2b0"], ["w0b1", "w0b3", "w0b4", "w0b5"], ["w4b0", "w0b6", "w2b1", "w0b2", "w4b1"]
    )
    play(
        state,
        (0, place("white", "up", "w1b0", "w5b0")),
        (1, place("black", "down", "w0b1")),
        (0, place("white", "up", "w1b1", "w2b0", "w4b0")),
        (1, place("black", "up", "w0b3")),
    )
    return state


def six_columns_game(pad=True):
    """White (die 4) belongs to seat 0; seat 1 lays its sixth column and keeps one tile (w0b3)."""
    state = start(
        ["w3b0", "w1b2", "w2b0", "w4b0"],
        ["w1b0", "w1b1", "w5b0", "w2b1"],
        ["w0b6", "w2b2", "w0b5", "w3b1", "w0b4", "w0b3"],
        dice=(4, 3),
        removed="w6b0",
        pad=pad,
    )
    play(
        state,
        (0, place("white", "down", "w3b0")),
        (1, place("white", "down", "w1b0", "w1b1")),
        (0, place("white", "down", "w1b2")),
        (1, place("white", "up", "w5b0")),
        (0, place("white", "up", "w2b0", "w4b0")),
    )
    return state


SIXTH_COLUMN = place("white", "up", "w2b1", "w2b2", "w3b1")
