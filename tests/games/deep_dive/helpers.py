"""Scripted oceans for DEEP DIVE rule tests."""

from __future__ import annotations

from games.deep_dive import SPEC

P1, P2, P3, P4, P5, P6 = (f"food:pink:{n}" for n in range(1, 7))
G1, G2, G3, G4, G5, G6 = (f"food:green:{n}" for n in range(1, 7))
Y1, Y2, Y3, Y4, Y5, Y6 = (f"food:yellow:{n}" for n in range(1, 7))
W, R, X = "water", "rock", "predator"
# Padding that keeps a depth from running out during a test (flipping it traps nobody who does not flip it).
FILL = [W] * 10


def stacked(players: int, depths: dict[int, list[str]], start: int = 0, **options):
    """A game whose face-down piles are exactly `depths` (flipped front first); missing depths are padded."""
    piles = {str(depth): list(depths.get(depth, FILL)) for depth in range(1, 6)}
    return SPEC.new(players, {"stacked": {"depths": piles, "start": start}, **options}, seed=1)


def act(state, seat: int, *actions: dict) -> list[dict]:
    """Apply actions in turn for one seat; return all their events."""
    events = []
    for action in actions:
        events += state.apply(seat, action)
    return events


FLIP, KEEP, DEEPER, SKIP = {"type": "flip"}, {"type": "keep"}, {"type": "deeper"}, {"type": "skip"}


def take(tile: str) -> dict:
    return {"type": "take", "tile": tile}


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def three_divers_by_points():
    """A finished three-diver game: each keeps one pink (6, 4 and 2 points, alone in a row: 3, 2 and 1 points); the
    third flip empties depth 1 and triggers the end, and every last dive meets a predator."""
    state = stacked(3, {1: [P6, P4, P2], 2: [X] * 12})
    for seat in (0, 1, 2):
        act(state, seat, FLIP, KEEP)
    for seat in (0, 1, 2):
        act(state, seat, FLIP)
    return state
