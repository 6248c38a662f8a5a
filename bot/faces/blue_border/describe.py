"""Blue Border's board in sentences (bot/describe.py): whose turn and what they decide (or the result), the
reader's own row, the other divers' rows, the table's rules and field, the last moves.

A card in a slot shows only its shade until a call reveals it, so a diver's row is said as how many slots are filled
and the numbers revealed: a shade is never put into words (the picture's shades are the game's, a twin state's
differ). Drawn from the view alone, as bot/faces/blue_border/image.py draws the picture: every number it shows (the
border, the bottoms, the round, rounds won, revealed cards, the deck's and the piles' counts, the discard) is said."""

from __future__ import annotations

from bot.describe import Scene
from bot.faces.words import join_names
from bot.i18n import t

GAME = "blue_border"
KEY = "blue_border.describe"


def describe(scene: Scene) -> list[str]:
    view, locale = scene.view, scene.locale
    sentences = [_first(scene)]
    if scene.finished and view["rounds"] > 1:
        scores = join_names([f"{scene.names[seat]} {score}" for seat, score in enumerate(view["round_scores"])], locale)
        sentences.append(t(f"{KEY}.rounds_won", locale, scores=scores))
    own = scene.seat
    if own is not None:
        sentences.append(_diver(scene, view["divers"][own], own=True))
        if view["chart"]:  # the reader's own picture holds their row against the colour chart
            sentences.append(t(f"{KEY}.chart", locale, lightest=view["chart"][0]["number"], deepest=len(view["chart"])))
    sentences += [_diver(scene, diver) for diver in view["divers"] if diver["seat"] != own]
    sentences.append(_rules(view, locale))
    if not scene.finished:  # the picture's field and discard are gone once the game is over
        sentences.append(_field(view, locale))
        sentences.append(_discard(view, locale))
    return [*sentences, *scene.last]


def _first(scene: Scene) -> str:
    """Whose turn and what they must decide; at the end, the best divers."""
    view, locale, names = scene.view, scene.locale, scene.names
    if scene.finished:
        if not scene.winners:
            return t(f"{KEY}.drawn", locale)
        return t(f"{KEY}.won", locale, names=join_names([names[s] for s in scene.winners], locale))
    acting = list(scene.to_act) or list(view["to_act"])
    phase = view["phase"]
    if phase == "call_window":
        placement = view["placement"]
        return t(
            f"{KEY}.call_window",
            locale,
            seat=names[placement["seat"]],
            slot=placement["slot"],
            names=join_names([names[s] for s in acting], locale),
        )
    if phase == "reward":
        return t(f"{KEY}.reward", locale, seat=names[view["caller_seat"]])
    return t(f"{KEY}.turn", locale, seat=names[view["active_seat"]])


def _diver(scene: Scene, diver: dict, own: bool = False) -> str:
    """One diver's row: how many of the seven slots are filled, the numbers revealed, a skip owed, rounds won."""
    view, locale = scene.view, scene.locale
    slots, filled = view["slots"], diver["filled"]
    name = t(f"{KEY}.you", locale, name=scene.names[diver["seat"]]) if own else scene.names[diver["seat"]]
    if filled:
        shape = f"{KEY}.filled" if filled > 1 else f"{KEY}.filled_one"
        row = t(shape, locale, filled=filled, slots=len(slots), first=slots[0], last=slots[filled - 1])
    else:
        row = t(f"{KEY}.empty", locale)
    parts = [row]
    revealed = [
        t(f"{GAME}.revealed", locale, slot=slots[index], number=card["number"])
        for index, card in enumerate(diver["slots"])
        if card is not None and "number" in card
    ]
    if revealed:
        parts.append(t(f"{KEY}.revealed", locale, cards=t(f"{GAME}.list_sep", locale).join(revealed)))
    elif filled:
        parts.append(t(f"{KEY}.none_revealed", locale))
    if diver["skip"]:
        parts.append(t(f"{GAME}.label.skip", locale))
    if view["rounds"] > 1 and not scene.finished:
        parts.append(t(f"{KEY}.diver_rounds", locale, count=view["round_scores"][diver["seat"]]))
    return t(f"{KEY}.diver", locale, name=name, row=t(f"{KEY}.part_sep", locale).join(parts))


def _rules(view: dict, locale: str) -> str:
    settings = view["settings"]
    if view["rounds"] > 1:
        return t(
            f"{KEY}.rules_round",
            locale,
            border=settings["border"],
            bottoms=settings["bottoms"],
            round=view["round"],
            rounds=view["rounds"],
        )
    return t(f"{KEY}.rules", locale, border=settings["border"], bottoms=settings["bottoms"])


def _field(view: dict, locale: str) -> str:
    """The deck's and the four piles' counts (their top cards show only a shade)."""
    piles = t(f"{KEY}.part_sep", locale).join(
        t(f"{KEY}.pile", locale, pile_number=number + 1, count=pile["height"])
        for number, pile in enumerate(view["piles"])
    )
    return t(f"{KEY}.field", locale, count=view["deck"]["count"], piles=piles)


def _discard(view: dict, locale: str) -> str:
    """The discard is face up: every number in it, smallest first (as the picture lays them)."""
    if not view["discard"]:
        return t(f"{KEY}.discard_empty", locale)
    numbers = t(f"{GAME}.list_sep", locale).join(str(n) for n in sorted(view["discard"]))
    return t(f"{KEY}.discard", locale, numbers=numbers)
