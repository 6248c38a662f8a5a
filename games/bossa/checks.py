"""BOSSa's test hooks (games/checks.py): the deck, the removed tiles and each hand until the choices open them."""

from __future__ import annotations

from games.checks import GameChecks, Hidden, rotate


def hidden(state) -> list[Hidden]:
    data = state.to_dict()

    def tile(kind: str, name: str, knowers=frozenset()) -> Hidden:
        return Hidden(kind, name, forms=(name,), knowers=knowers, piece=name)

    found = [tile("deck", name) for name in data["deck"]]
    removed = data.get("removed")
    for name in [removed] if isinstance(removed, str) else list(removed or []):
        found.append(tile("removed tile", name))
    public_hands = state.view(None)["hands"]
    for seat, hand in enumerate(data["hands"]):
        if public_hands[seat] is not None:
            continue  # the hands are open once the choices are made
        knowers = frozenset(s for s in range(state.players) if (state.view(s)["hands"][seat] is not None))
        found += [tile("hand before the choice", name, knowers) for name in hand]
    return found


def twin(state, audience):
    data = state.to_dict()
    public_hands = state.view(None)["hands"]
    mine = state.view(audience)["hands"] if audience is not None else [None] * state.players
    removed_is_str = isinstance(data["removed"], str)
    removed = [data["removed"]] if removed_is_str else list(data["removed"] or [])
    pool = removed + list(data["deck"])
    moving_hands = [s for s in range(state.players) if public_hands[s] is None and mine[s] is None]
    for s in moving_hands:
        pool += data["hands"][s]
    pool = rotate(pool)
    removed, pool = pool[: len(removed)], pool[len(removed) :]
    data["removed"] = removed[0] if removed_is_str else removed
    data["deck"], pool = pool[: len(data["deck"])], pool[len(data["deck"]) :]
    for s in moving_hands:
        size = len(data["hands"][s])
        data["hands"][s], pool = sorted(pool[:size]), pool[size:]
    return type(state).from_dict(data)


CHECKS = GameChecks(hidden=hidden, twin=twin, action_bound=60)  # its longest self-play game: 17 actions
