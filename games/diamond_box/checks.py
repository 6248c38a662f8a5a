"""Diamond Box's test hooks (games/checks.py): the deck's cards are secret; every hand is open."""

from __future__ import annotations

from games.checks import GameChecks, Hidden, rotate


def hidden(state) -> list[Hidden]:
    return [Hidden("deck", card, forms=(card,), piece=card) for card in state.to_dict()["deck"]]


def twin(state, audience):
    data = state.to_dict()
    data["deck"] = rotate(list(data["deck"]))
    return type(state).from_dict(data)


# its longest self-play game: 43 actions (3-4 players)
CHECKS = GameChecks(
    hidden=hidden,
    twin=twin,
    seats_know_more=False,
    action_bound=150,
    codes={"a colour letter": r"(?<![A-Za-z0-9])[RGBYSW]{1,3}(?![A-Za-z0-9'’])"},  # its W/B diamonds, colour ids
)
