"""Table settings: checking the options, each round's border/bottoms, each round's deck.

`bottoms`: None (the default) scales with the cards in use, round(25 × cards / 32) with halves rounded up
(32 → 25, 28 → 22, 24 → 19). Every border/bottoms/cards combination a table could play (the options, each listed
round, every "shuffle" draw) must leave some legal full board A..G of distinct cards 1..cards: otherwise a slot
could never hold a legal card and nobody could ever win, so the table is refused ("unplayable", naming the
deepest D those cards allow).

`round_settings`: None (every round uses `border`/`bottoms`), a list of {"border": .., "bottoms": ..}
(entry r-1 for round r; a missing key or a round past the list falls back to the options), or "shuffle"
(each round draws from data/blue_border/round_shuffle.json with the state's rng; the file's bottoms are for
32 cards and scale as the default does, and only playable combinations are drawn).

`stacked`: {"deck": [numbers, top first], "start": seat} fixes round 1; or {"decks": [[...], [...]], "start": seat}
fixes one deck per round. In either, the first 4 cards go to field piles 0..3 and the rest is the deck, top first.
A stacked deck may hold any distinct numbers the palette can draw (more or fewer than `cards`); rounds past the
stacked decks, and reshuffles on exhaustion, shuffle with the state's rng, so they stay deterministic.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from games.blue_border import cards
from games.blue_border.cards import DEEPEST, SLOTS
from games.contract import IllegalAction, Rng

FULL_DECK = 32  # the cards the seed's bottoms (25) and the shuffle's bottoms are meant for


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
    if not _is_int(options["border"]) or not 1 <= options["border"] <= highest:
        raise _bad("border")
    if options["bottoms"] is not None and (not _is_int(options["bottoms"]) or not 1 <= options["bottoms"] <= highest):
        raise _bad("bottoms")
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
    _check_playable(options)
    return options


def scaled_bottoms(bottoms: int, cards_in_use: int) -> int:
    """A bottoms meant for the full 32 cards, scaled to the cards in use (halves round up)."""
    return (2 * bottoms * cards_in_use + FULL_DECK) // (2 * FULL_DECK)


def default_bottoms(cards_in_use: int) -> int:
    return scaled_bottoms(25, cards_in_use)


def table_bottoms(options: dict) -> int:
    """The table's bottoms: the host's number, or the default scaled to the cards in use."""
    if options["bottoms"] is None:
        return default_bottoms(options["cards"])
    return options["bottoms"]


@cache
def deepest_board(border: int, cards_in_use: int) -> list[int] | None:
    """A legal full board A..G of distinct cards 1..cards_in_use with the deepest D possible, or None when no legal
    full board exists under `border`. Both halves obey the same rules (1..border at the surface end, strictly
    deeper towards D, steps of at most `border`), so they are two disjoint climbs to D."""
    for depth in range(cards_in_use, DEEPEST, -1):
        climbs = (
            [climb for climb in product(*(range(1, depth) for _ in range(DEEPEST))) if _climbs_to(climb, depth, border)]
            if depth <= 4 * border
            else []
        )
        for left in climbs:
            for right in climbs:
                if not set(left) & set(right):
                    return [*left, depth, *reversed(right)]
    return None


def _climbs_to(climb: tuple[int, ...], depth: int, border: int) -> bool:
    steps = (*climb, depth)
    return 1 <= climb[0] <= border and all(0 < b - a <= border for a, b in zip(steps, steps[1:]))


def playable(border: int, bottoms: int, cards_in_use: int) -> bool:
    board = deepest_board(border, cards_in_use)
    return board is not None and board[DEEPEST] >= bottoms


def _unplayable(border: int, bottoms: int, cards_in_use: int) -> IllegalAction:
    board = deepest_board(border, cards_in_use)
    if board is None:
        return IllegalAction("unplayable", "blue_border.error.no_legal_board", border=border, cards=cards_in_use)
    return IllegalAction(
        "unplayable",
        "blue_border.error.unplayable",
        border=border,
        bottoms=bottoms,
        cards=cards_in_use,
        deepest=board[DEEPEST],
        slot=SLOTS[DEEPEST],
    )


def _check_playable(options: dict) -> None:
    """Refuse a table under which some round could never be won (see the module's docstring)."""
    cards_in_use, plan, rounds = options["cards"], options.get("round_settings"), options["rounds"]
    listed = plan[:rounds] if isinstance(plan, list) else []
    combinations = [
        (entry.get("border", options["border"]), entry.get("bottoms", table_bottoms(options))) for entry in listed
    ]
    if plan != "shuffle" and len(listed) < rounds:  # rounds past the list play the options
        combinations.append((options["border"], table_bottoms(options)))
    if plan == "shuffle" and not _shuffle_choices(cards_in_use):
        choices = cards.round_shuffle_choices()
        combinations.append((max(choices["border"]), scaled_bottoms(min(choices["bottoms"]), cards_in_use)))
    for border, bottoms in combinations:
        if not playable(border, bottoms, cards_in_use):
            raise _unplayable(border, bottoms, cards_in_use)


def _shuffle_choices(cards_in_use: int) -> dict[int, list[int]]:
    """Border -> the scaled bottoms a "shuffle" round may draw with it (playable combinations only)."""
    choices = cards.round_shuffle_choices()
    found = {}
    for border in choices["border"]:
        bottoms = [scaled_bottoms(b, cards_in_use) for b in choices["bottoms"]]
        bottoms = [b for b in bottoms if playable(border, b, cards_in_use)]
        if bottoms:
            found[border] = bottoms
    return found


def _round_entry_ok(entry, highest: int) -> bool:
    return (
        isinstance(entry, dict)
        and set(entry) <= {"border", "bottoms"}
        and all(_is_int(value) and 1 <= value <= highest for value in entry.values())
    )


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
        if (
            not isinstance(deck, list)
            or not deck
            or not all(_is_int(n) and 1 <= n <= highest for n in deck)
            or len(set(deck)) != len(deck)
        ):  # an empty deck leaves nothing to play: the round is drawn at once
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
        choices = _shuffle_choices(options["cards"])
        border = rng.choice(sorted(choices))
        return border, rng.choice(choices[border])
    if isinstance(plan, list) and round_number <= len(plan):
        entry = plan[round_number - 1]
        return entry.get("border", options["border"]), entry.get("bottoms", table_bottoms(options))
    return options["border"], table_bottoms(options)


def round_deck(options: dict, round_number: int, rng: Rng) -> list[int]:
    """The round's full deck, top first (the first 4 become the field piles)."""
    decks = stacked_decks(options.get("stacked"))
    if round_number <= len(decks):
        return list(decks[round_number - 1])
    deck = list(range(1, options["cards"] + 1))
    rng.shuffle(deck)
    return deck
