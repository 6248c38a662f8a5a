"""COLORSE's test hooks (games/checks.py): signs and face-down cards share their names with public ones, so the
render check (a twin with other seats' signs and face-down cards changed) covers them."""

from __future__ import annotations

from games.checks import GameChecks, rotate
from games.colorse.rules import FACE_DOWN_SLOT

SIGNS = ("doh", "zorf", "rau")


def twin(state, audience):
    data = state.to_dict()
    parent, child = data["parent"], data["child"]
    for index, seat in enumerate((parent, child)):
        sign = data["signs"][index]
        if sign and seat != audience:
            data["signs"][index] = SIGNS[(SIGNS.index(sign) + 1) % 3]
    hidden = []
    for owner, box in enumerate(data["boxes"]):
        if owner != audience:
            hidden += [entry for entry in box if entry and entry.get("face_down")]
    for owner, entry in enumerate(data["starting"]):
        if entry and owner != audience and entry.get("stage") != "special" and "card" in entry:
            hidden.append(entry)
    cards = rotate([entry["card"] for entry in hidden])
    for entry, card in zip(hidden, cards):
        entry["card"] = card
    common = data["common"]
    if len(common) > FACE_DOWN_SLOT and common[FACE_DOWN_SLOT] is not None and data["deck"]:
        common[FACE_DOWN_SLOT], data["deck"][0] = data["deck"][0], common[FACE_DOWN_SLOT]
    data["deck"] = rotate(list(data["deck"]))
    return type(state).from_dict(data)


# its longest self-play game: 362 actions (4 players)
CHECKS = GameChecks(
    twin=twin,
    action_bound=1_200,
    leak_test_players=3,
    codes={"a colour letter": r"(?<![A-Za-z0-9])[RGBYSW]{1,3}(?![A-Za-z0-9'’])"},  # R/G/B/Y and S, the SPECIAL
)
