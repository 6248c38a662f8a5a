"""What a seat may see. Nobody sees the number of a card in play, not even its owner, so every seat's view
is the public view plus its own seat number.

A hidden card is {"shade": "#rrggbb"} (the colour to draw, nothing else); a revealed card is
{"shade": ..., "number": n}. The discard is face up, so it is a list of numbers (in the order discarded).
Only the top card of each field pile and of the deck is visible.
"""

from __future__ import annotations

from games.blue_border import cards
from games.blue_border.cards import SLOTS


def build_view(state, seat: int | None) -> dict:
    placement = state.placement
    return {
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "rounds": state.options["rounds"],
        "round_scores": list(state.round_scores),
        "round_winner_seats": list(state.round_winners),
        "settings": {
            "border": state.border,
            "bottoms": state.bottoms,
            "cards": state.options["cards"],
            "chart": state.options["chart"],
            "call_window": state.options["call_window"],
            "turn_timeout": state.options["turn_timeout"],
        },
        "chart": _chart(state.options["cards"]) if state.options["chart"] else None,
        "slots": list(SLOTS),
        "divers": [_diver(state, s) for s in range(state.players)],
        "piles": [{"top": _hidden(pile[-1]) if pile else None, "height": len(pile)} for pile in state.piles],
        "deck": {"top": _hidden(state.deck[0]) if state.deck else None, "count": len(state.deck)},
        "discard": list(state.discard),
        "phase": state.phase,
        "active_seat": None if state.finished else state.active,
        "placement": None
        if placement is None
        else {"seat": placement["seat"], "slot": SLOTS[placement["slot"]], "slot_index": placement["slot"]},
        "may_call_seats": list(state.may_call),
        "caller_seat": state.caller,
        "last_called_seat": state.last_called,
        "skip_seats": [s for s in range(state.players) if state.skip[s]],
        "to_act": state.to_act(),
        "finished": state.finished,
        "winner_seats": None if state.winner_seats is None else list(state.winner_seats),
    }


def _hidden(number: int) -> dict:
    return {"shade": cards.shade(number)}


def _card(card: dict) -> dict:
    if card["revealed"]:
        return {"shade": cards.shade(card["number"]), "number": card["number"]}
    return _hidden(card["number"])


def _diver(state, seat: int) -> dict:
    board = state.boards[seat]
    return {
        "seat": seat,
        "slots": [_card(card) for card in board] + [None] * (len(SLOTS) - len(board)),
        "filled": len(board),
        "skip": state.skip[seat],  # owes a skip, and may not call until it is served
    }


def _chart(count: int) -> list[dict]:
    """The colour chart printed on the diver board: public, shown when the `chart` option is on."""
    return [{"number": n, "shade": cards.shade(n)} for n in range(1, count + 1)]
