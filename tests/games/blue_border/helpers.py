"""Scripting Blue Border situations with stacked decks."""

from __future__ import annotations

import random

from games.blue_border import SPEC

BASELINE = [5, 12, 19, 27, 20, 13, 6]  # a legal dive A..G for border 8 and 9, bottoms up to 27


def new(deck: list[int], players: int = 4, start: int = 0, seed: int = 1, **options):
    """A game whose round-1 deck is `deck` (first 4 cards: piles 0..3, then the deck, top first)."""
    return SPEC.new(players, {"stacked": {"deck": deck, "start": start}, **options}, seed=seed)


def act(state, seat: int, action: dict) -> list[dict]:
    return state.apply(seat, action)


def take_deck(state) -> list[dict]:
    return state.apply(state.active, {"type": "take", "source": "deck"})


def close_window(state) -> list[dict]:
    """Every eligible diver answers "no call"."""
    events = []
    while state.phase == "call_window":
        events += state.apply(state.to_act()[0], {"type": "no_call"})
    return events


def call(state, seat: int) -> list[dict]:
    return state.apply(seat, {"type": "call"})


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


def numbers(state, seat: int) -> list[int]:
    return [card["number"] for card in state.boards[seat]]


def fillers(used, count: int) -> list[int]:
    spare = [n for n in range(1, 33) if n not in set(used)]
    return spare[:count]


def dive_deck(cards: list[int], players: int = 2, diver: int = 0, start: int = 0) -> list[int]:
    """A full 32-card deck where, every diver taking the deck's top card in turn from `start`, `diver` receives
    `cards` in order and the others receive filler cards (ascending numbers not in `cards`)."""
    spare = iter(fillers(cards, 32))
    deck = [next(spare) for _ in range(4)]
    seat, wanted = start, iter(cards)
    for _ in range(len(cards) * players):
        if seat == diver:
            number = next(wanted, None)
            if number is None:
                break
            deck.append(number)
        else:
            deck.append(next(spare))
        seat = (seat + 1) % players
    return deck + list(spare)


def take_until_round_ends(state) -> list[dict]:
    """Everyone takes the deck's top card and nobody calls, until the round (or game) changes."""
    events, current = [], state.round
    while not state.finished and state.round == current:
        events += take_deck(state)
        events += close_window(state)
    return events


def dive(seat0_cards: list[int], players: int = 2, seed: int = 1, **options):
    """Seat 0 places `seat0_cards` (the others take fillers); every window but the last is left uncalled.
    Returns the state with the call window on seat 0's last card open."""
    state = new(dive_deck(seat0_cards, players), players=players, seed=seed, **options)
    for index in range(len(seat0_cards)):
        if index:
            close_window(state)
            for _ in range(players - 1):
                take_deck(state)
                close_window(state)
        assert state.active == 0
        take_deck(state)
    assert state.phase == "call_window" and state.placement == {"seat": 0, "slot": len(seat0_cards) - 1}
    return state


def random_game(
    seed: int, players: int = 4, call_chance: float = 0.15, options=None, on_state=None, agent_seats: dict | None = None
):
    """A game of random legal actions (a window's seats answer in random order; each calls with `call_chance`
    so games end in a few hundred actions). agent_seats: seat -> AI level. Returns (state, actions)."""
    state = SPEC.new(players, options or {}, seed=seed)
    chooser = random.Random(seed)
    actions = []
    while not state.finished:
        if on_state:
            on_state(state)
        seat = chooser.choice(state.to_act())
        legal = state.legal_actions(seat)
        if agent_seats and seat in agent_seats:
            action = SPEC.agent(state.view(seat), legal, random.Random(chooser.random()), agent_seats[seat])
        elif {"type": "call"} in legal:
            action = {"type": "call"} if chooser.random() < call_chance else {"type": "no_call"}
        else:
            action = chooser.choice(legal)
        state.apply(seat, action)
        actions.append((seat, action))
    if on_state:
        on_state(state)
    return state, actions
