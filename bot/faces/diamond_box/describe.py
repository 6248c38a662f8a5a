"""Diamond Box's board in sentences (bot/describe.py): whose turn (or the result), the reader's own hand, the other
hands (every hand is public), the deck's count and the centre, the last moves.

Cards are named as everywhere else in the game (bot/faces/diamond_box/words.py: the frame's colour in words, the
diamonds as ◇ white and ◆ black, top row then bottom row); the centre's cells by the column letters and row numbers
the picture labels (bot/faces/diamond_box/image.py), the coordinates its placement list names. Drawn from the view
alone; the deck's order, the one secret, is not in it."""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from operator import itemgetter

from bot.describe import Scene
from bot.faces.diamond_box.image import board_area, coordinate
from bot.faces.diamond_box.words import DIAMOND, card_name
from bot.faces.words import join_names
from bot.i18n import t

KEY = "diamond_box.describe"


def describe(scene: Scene) -> list[str]:
    view, locale = scene.view, scene.locale
    # the deck's count right after the turn: it is the game's clock (the fewest cards win when it runs out), and
    # with every count said before any hand's cards, a long hand can push only cards off the description's end
    sentences = [_first(scene), t(f"{KEY}.deck", locale, count=view["deck_count"])]
    own = scene.seat
    others = [seat for seat in range(len(view["hands"])) if seat != own]
    if own is not None:
        sentences.append(_hand(scene, own, own=True))
    sentences.append(_counts(scene, others))
    sentences += [_hand(scene, seat) for seat in others if view["hands"][seat]]
    sentences.append(_centre(view, locale))
    sentences.append(t(f"{KEY}.legend", locale, white=DIAMOND["W"], black=DIAMOND["B"]))
    sentences += _rows(view, locale)
    if not scene.last and view["last_move"] is None and view["setup"] and not scene.finished:
        sentences += _setup(scene)
    return [*sentences, *scene.last]


def _first(scene: Scene) -> str:
    """Whose turn and what they do; at the end, how it ended and who won."""
    view, locale, names = scene.view, scene.locale, scene.names
    if scene.finished:
        winners = join_names([names[s] for s in scene.winners], locale)
        emptied = [seat for seat, hand in enumerate(view["hands"]) if not hand]
        if emptied:
            return t(f"{KEY}.end_emptied", locale, seat=names[emptied[0]])
        return t(f"{KEY}.end_deck", locale, names=winners)
    seat = view["turn_seat"] if view["turn_seat"] is not None else next(iter(scene.to_act), 0)
    return t(f"{KEY}.turn", locale, seat=names[seat])


def _counts(scene: Scene, seats: list[int]) -> str:
    """How many cards each of `seats` holds (the picture's number beside each hand; at the end, its result)."""
    locale, hands = scene.locale, scene.view["hands"]
    counts = [t(f"{KEY}.count", locale, name=scene.names[seat], count=len(hands[seat])) for seat in seats]
    return t(f"{KEY}.counts", locale, counts=join_names(counts, locale))


def _hand(scene: Scene, seat: int, own: bool = False) -> str:
    """A seat's cards in hand order (as the picture lays them); the reader's own with their count."""
    locale, hand = scene.locale, scene.view["hands"][seat]
    cards = t(f"{KEY}.list_sep", locale).join(card_name(card, locale) for card in hand)
    if own:
        if not hand:
            return t(f"{KEY}.own_empty", locale, name=scene.names[seat])
        return t(f"{KEY}.own", locale, name=scene.names[seat], count=len(hand), cards=cards)
    return t(f"{KEY}.hand", locale, name=scene.names[seat], cards=cards)


def _centre(view: dict, locale: str) -> str:
    """How many cards lie in the centre, and the last one laid (outlined on the picture): which, turned how, where."""
    centre = view["centre"]
    last = centre[-1]
    return t(
        f"{KEY}.centre",
        locale,
        count=len(centre),
        card=card_name(last["card"], locale),
        rotation=t(f"diamond_box.rotation.{last['rotation']}", locale),
        cell=coordinate(board_area(view), last["x"], last["y"]),
    )


def _rows(view: dict, locale: str) -> list[str]:
    """The visible cells row by row, each named as the picture labels it (B3): runs of neighbouring cells of one
    frame colour, each with its diamonds left to right. (A column's letter is never said alone: it would read as a
    colour's code.)"""
    area = board_area(view)
    return [row_sentence(tuple(map(_CELL, cells)), y, area, locale) for y, cells in groupby(view["grid"], key=_ROW)]


_CELL, _ROW = itemgetter("x", "colour", "diamond"), itemgetter("y")


@lru_cache(maxsize=4096)  # a move changes a row or two: the others are said as before
def row_sentence(cells: tuple[tuple[int, str, str], ...], y: int, area: tuple[int, int, int, int], locale: str) -> str:
    """Row `y`'s cells (x, colour, diamond), left to right, as runs of neighbours of one colour."""
    runs = []
    # neighbours (x rising with the index) of one colour
    for _, numbered in groupby(enumerate(cells), key=lambda item: (item[1][0] - item[0], item[1][1])):
        run = [cell for _, cell in numbered]
        runs.append(
            t(
                f"{KEY}.run" if len(run) > 1 else f"{KEY}.run_one",
                locale,
                first=coordinate(area, run[0][0], y),
                last=coordinate(area, run[-1][0], y),
                colour=t(f"diamond_box.colour.{run[0][1]}", locale),
                diamonds="".join(DIAMOND[diamond] for _x, _colour, diamond in run),
            )
        )
    return t(f"{KEY}.row", locale, runs=t(f"{KEY}.list_sep", locale).join(runs))


def _setup(scene: Scene) -> list[str]:
    """Before the first card is laid: who starts and why (and a swap or re-deal that found them)."""
    setup, locale = scene.view["setup"], scene.locale
    said = []
    if setup.get("deals", 1) > 1:
        said.append(t("diamond_box.view.setup_redealt", locale, deals=setup["deals"]))
    if setup.get("swapped"):
        said.append(t("diamond_box.view.setup_swapped", locale))
    if setup.get("start_seat") is not None:
        said.append(t("diamond_box.view.start", locale, seat=scene.names[setup["start_seat"]]))
    return said
