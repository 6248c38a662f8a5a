"""Blue Border's test hooks (games/checks.py): every card number not yet revealed is secret, and so is the deck's
order; a twin moves the hidden numbers round. Its picture shows hidden cards' shades."""

from __future__ import annotations

from games.checks import GameChecks, Hidden, rotate


def hidden(state) -> list[Hidden]:
    numbers = [c["number"] for board in state.boards for c in board if not c["revealed"]]
    numbers += [n for pile in state.piles for n in pile] + list(state.deck)
    found = [Hidden("card", str(n), forms=(f"card={n}", f"number={n}")) for n in sorted(set(numbers))]
    deck = list(state.deck)
    join = r"(?:\s*[,、]\s*|\s+)"
    for i in range(len(deck) - 2):  # the deck's order: any three cards in a row, as a list would write them
        a, b, c = deck[i : i + 3]
        found.append(Hidden("deck order", f"{a},{b},{c}", pattern=rf"(?<!\d){a}{join}{b}{join}{c}(?!\d)"))
    return found


def twin(state, audience):
    data = state.to_dict()
    places = [(card, "number") for board in data["boards"] for card in board if not card["revealed"]]
    places += [(pile, i) for pile in data["piles"] for i in range(len(pile))]
    places += [(data["deck"], i) for i in range(len(data["deck"]))]
    numbers = rotate([holder[key] for holder, key in places])
    for (holder, key), number in zip(places, numbers):
        holder[key] = number
    return type(state).from_dict(data)


# Its lengths are heavy-tailed: the hardest setting (4 divers, border 8, bottoms 28, 32 cards) took 87 to 2,179
# actions for one round (30 seeds) and 1,231 to 4,852 for five (11 seeds); random divers fill boards badly and the
# deck is reshuffled again and again (19,201 actions at worst in 40 seeded games).
CHECKS = GameChecks(
    hidden=hidden,
    twin=twin,
    picture_shows_hidden_shades=True,
    seats_know_more=False,
    action_bound_per_round=6_000,
    random_play_bound=100_000,
    leak_test_players=3,
)
