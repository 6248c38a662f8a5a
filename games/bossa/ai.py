"""The BOSSa agent: one turn of look-ahead (its move, then the opponent's best reply) on a determinised game.

It sees only its view: the hidden tiles (deck order and the removed tile) are dealt at random from those it
cannot see. Priorities: win now; never allow a winning reply or a stuck turn of its own; make the opponent stuck;
otherwise shrink its hand, grow its own line, and spend action markers only when no plain placement holds."""

from __future__ import annotations

import random

from games.bossa.lines import SIDES, column_total, tiles_on
from games.bossa.rules import BossaState
from games.bossa.tiles import COLOURS, all_tiles

WIN = 1000.0
HAND_WEIGHT = 10.0  # per tile fewer in hand than the opponent
LINE_WEIGHTS = (0, 1, 3, 6, 10, 16, 0)  # worth of 0..6 columns in one's own line (6 ends the game)
MARKER_WEIGHTS = {"redraw": 2.0, "exchange": 5.0, "stack": 3.0}  # exchange alone keeps a player from being stuck
MOBILITY_WEIGHT = 4.0  # per hand tile that fits somewhere now
SAMPLES = 4  # determinisations averaged: the opponent's next draw is unknown
SURE_WINS = ("empty_hand", "six_columns")  # wins decided before the opponent's (hidden) draw
RISKY = -WIN / 4  # a placement expected to be worse than this lets the markers be considered


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "normal") -> dict:
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "choose":
        return _choose_territory(view, legal)
    if view["phase"] == "choose_colour":
        return rng.choice(legal)  # no hand has been seen yet, and either die stays with its roller
    return _choose_move(view, legal, rng)


def _choose_move(view: dict, legal: list[dict], rng: random.Random) -> dict:
    me = view["seat"]
    samples = [determinise(view, rng) for _ in range(SAMPLES)]
    order = list(range(len(legal)))
    rng.shuffle(order)  # equal scores: no fixed preference
    for index in order:  # an immediate win needs no look-ahead
        after = samples[0].copy()
        after._apply(me, legal[index])
        if after.winners == [me] and after.end_reason in SURE_WINS:
            return legal[index]
    plain = [index for index in order if legal[index]["type"] == "place"]
    best_index, best = _best(samples, me, legal, plain)
    if best_index is None or best <= RISKY:  # no placement holds: now the markers matter
        best_index, best = _best(samples, me, legal, order)
    assert best_index is not None  # `order` holds every legal action, and each scores above -inf
    return legal[best_index]


def _best(samples: list[BossaState], me: int, legal: list[dict], indices: list[int]) -> tuple[int | None, float]:
    best_index, best = None, -float("inf")
    for index in indices:
        value = sum(_look_ahead(state, me, legal[index]) for state in samples) / len(samples)
        if value > best:
            best_index, best = index, value
    return best_index, best


def _look_ahead(state: BossaState, me: int, action: dict) -> float:
    """The value of `action` against the opponent's best reply (after which our own turn's draw is made)."""
    after = state.copy()
    after._apply(me, action)
    if after.finished:
        return evaluate(after, me)
    opponent = after.active
    worst = float("inf")
    for reply in after.legal_actions(opponent):
        answered = after.copy()
        answered._apply(opponent, reply)
        worst = min(worst, evaluate(answered, me))
        if worst <= -WIN:
            break
    return worst


def evaluate(state: BossaState, me: int) -> float:
    """Terminal: +-WIN (0 for a draw); otherwise hand sizes, own-line progress, markers and mobility."""
    if state.finished:
        winners = state.winners or []
        return 0.0 if not winners else (WIN if me in winners else -WIN)
    return _standing(state, me) - _standing(state, 1 - me)


def _standing(state: BossaState, seat: int) -> float:
    colour = state.colours[seat]
    assert colour is not None  # chosen before any play
    own_line = state.lines[colour]
    return (
        -HAND_WEIGHT * len(state.hands[seat])
        + LINE_WEIGHTS[min(column_total(own_line), 6)]
        + sum(MARKER_WEIGHTS[marker] for marker in state.unused[seat])
        + MOBILITY_WEIGHT * _fitting_tiles(state, seat)
    )


def _fitting_tiles(state: BossaState, seat: int) -> int:
    fitting = set()
    for action in state.placements(seat):
        fitting.update(action["tiles"])
    return len(fitting)


def _choose_territory(view: dict, legal: list[dict]) -> dict:
    """The peek: take the colour under which this hand fits clearly better, else take the first move."""
    me = view["seat"]
    fits = {}
    for colour in COLOURS:
        state = _hypothetical_start(view, colour)
        fits[colour] = _fitting_tiles(state, me)
    better = max(COLOURS, key=lambda colour: fits[colour])
    if fits[better] - min(fits.values()) >= 2:
        return {"type": "choose", "choice": better}
    return {"type": "choose", "choice": "first"}


def _hypothetical_start(view: dict, colour: str) -> BossaState:
    """The empty lines as they would be if this seat owned `colour` (only its own hand is known)."""
    me = view["seat"]
    colours: list[str | None] = [None, None]
    colours[me], colours[1 - me] = colour, COLOURS[1 - COLOURS.index(colour)]
    lines = {c: {"die": view["dice"][colours.index(c)], "up": [], "down": []} for c in COLOURS}
    hands: list[list[str]] = [[], []]
    hands[me] = list(view["hands"][me])
    return BossaState.from_dict(_state_data(view, colours, lines, hands, deck=[], removed=""))


def determinise(view: dict, rng: random.Random) -> BossaState:
    """A full game state consistent with the view: the unseen tiles shuffled into the deck (and the removed tile)."""
    lines = {
        colour: {
            "die": view["lines"][colour]["die"],
            **{side: [column["tiles"] for column in view["lines"][colour]["columns"][side]] for side in SIDES},
        }
        for colour in COLOURS
    }
    seen = {tile for hand in view["hands"] for tile in hand}
    seen.update(view["out_of_play"])
    for line in lines.values():
        seen.update(tiles_on(line))
    unseen = [tile for tile in all_tiles() if tile not in seen]
    rng.shuffle(unseen)
    count = view["deck_count"]
    removed = unseen[count] if len(unseen) > count else ""
    return BossaState.from_dict(_state_data(view, view["colours"], lines, view["hands"], unseen[:count], removed))


def _state_data(view, colours, lines, hands, deck, removed) -> dict:
    return {
        "players": 2,
        "options": {"turn_timeout": 0},
        "phase": "play",
        "removed": removed,
        "hands": hands,
        "deck": deck,
        "dice": view["dice"],
        "high_seat": view["high_seat"],
        "active": view["seat"],
        "colours": colours,
        "first_seat": view["first_seat"],
        "lines": lines,
        "unused": view["unused_actions"],
        "out": view["out_of_play"],
        "winners": None,
        "end_reason": None,
        "rng": {"seed": 0, "count": 0},
    }
