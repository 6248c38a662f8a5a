"""Table settings: checking the options, each round's border/bottoms, each round's deck.

`round_settings`: None (every round uses `border`/`bottoms`), a list of {"border": .., "bottoms": ..}
(entry r-1 for round r; a missing key or a round past the list falls back to the options), or "shuffle"
(each round draws from data/blue_border/round_shuffle.json with the state's rng).

`stacked`: {"deck": [numbers, top first], "start": seat} fixes round 1; or {"decks": [[...], [...]], "start": seat}
fixes one deck per round. In either, the first 4 cards go to field piles 0..3 and the rest is the deck, top first.
A stacked deck may hold any distinct numbers the palette can draw (more or fewer than `cards`); rounds past the
stacked decks, and reshuffles on exhaustion, shuffle with the state's rng, so they stay deterministic.
"""
from __future__ import annotations

from games.blue_border import cards
from games.contract import IllegalAction, Rng


def _bad(name: str) -> IllegalAction:
    return IllegalAction("bad_option", "blue_border.error.bad_option", option=name)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seconds(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def checked(options: dict, players: int) -> dict:
    """A copy of `options` once every value is usable; raises IllegalAction (bad_option / bad_stacked)."""
    options = dict(options)
    highest = cards.highest_card()
    if not _is_int(options["cards"]) or not 8 <= options["cards"] <= highest:
        raise _bad("cards")
    for name in ("border", "bottoms"):
        if not _is_int(options[name]) or not 1 <= options[name] <= highest:
            raise _bad(name)
    if not _is_int(options["rounds"]) or options["rounds"] < 1:
        raise _bad("rounds")
    for name in ("call_window", "turn_timeout"):
        if not _is_seconds(options[name]):
            raise _bad(name)
    if not isinstance(options["chart"], bool):
        raise _bad("chart")
    plan = options.get("round_settings")
    if plan is not None and plan != "shuffle":
        if not isinstance(plan, list) or not all(_round_entry_ok(entry, highest) for entry in plan):
            raise _bad("round_settings")
    if options.get("stacked") is not None:
        _check_stacked(options["stacked"], players, highest)
    return options


def _round_entry_ok(entry, highest: int) -> bool:
    return (isinstance(entry, dict) and set(entry) <= {"border", "bottoms"}
            and all(_is_int(value) and 1 <= value <= highest for value in entry.values()))


def _check_stacked(stacked, players: int, highest: int) -> None:
    bad = IllegalAction("bad_stacked", "blue_border.error.bad_stacked")
    if not isinstance(stacked, dict) or set(stacked) - {"deck", "decks", "start"}:
        raise bad
    if ("deck" in stacked) == ("decks" in stacked):
        raise bad
    decks = stacked_decks(stacked)
    if not isinstance(decks, list) or not decks:
        raise bad
    for deck in decks:
        if (not isinstance(deck, list) or not all(_is_int(n) and 1 <= n <= highest for n in deck)
                or len(set(deck)) != len(deck)):
            raise bad
    start = stacked.get("start", 0)
    if not _is_int(start) or not 0 <= start < players:
        raise bad


def stacked_decks(stacked: dict | None) -> list:
    if not stacked:
        return []
    return [stacked["deck"]] if "deck" in stacked else stacked["decks"]


def first_start(options: dict, players: int, rng: Rng) -> int:
    stacked = options.get("stacked")
    if stacked:
        return stacked.get("start", 0)
    return rng.randint(0, players - 1)


def round_rules(options: dict, round_number: int, rng: Rng) -> tuple[int, int]:
    """(border, bottoms) for round `round_number` (1-based)."""
    plan = options.get("round_settings")
    if plan == "shuffle":
        choices = cards.round_shuffle_choices()
        return rng.choice(choices["border"]), rng.choice(choices["bottoms"])
    if isinstance(plan, list) and round_number <= len(plan):
        entry = plan[round_number - 1]
        return entry.get("border", options["border"]), entry.get("bottoms", options["bottoms"])
    return options["border"], options["bottoms"]


def round_deck(options: dict, round_number: int, rng: Rng) -> list[int]:
    """The round's full deck, top first (the first 4 become the field piles)."""
    decks = stacked_decks(options.get("stacked"))
    if round_number <= len(decks):
        return list(decks[round_number - 1])
    deck = list(range(1, options["cards"] + 1))
    rng.shuffle(deck)
    return deck
