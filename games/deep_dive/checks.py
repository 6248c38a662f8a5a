"""DEEP DIVE's test hooks (games/checks.py): face-down tiles share their names with public ones, so the render check
(a twin with the face-down and removed tiles of each depth mixed) covers them."""

from __future__ import annotations

from games.checks import GameChecks, rotate


def twin(state, audience):
    data = state.to_dict()
    for depth, pile in enumerate(data["face_down"]):
        removed = data["removed"][depth]
        mixed = rotate(list(pile) + list(removed))
        data["face_down"][depth], data["removed"][depth] = mixed[: len(pile)], mixed[len(pile) :]
    return type(state).from_dict(data)


# its longest self-play game: 239 actions (5-6 divers, easy)
CHECKS = GameChecks(twin=twin, seats_know_more=False, action_bound=750)
