"""COLORSE's board in words (bot/describe.py): what a screen reader speaks for the picture, from one seat's view.

In the order a player asks: whose turn and what they must decide (the duel's signs, a take, a placement, a starting
card) or the result, the reader's own secrets (their sign, their face-down cards), every player's role, rounds won,
box row by row and the cards waiting to be placed, then the round, the three common cards as the take buttons number
them and the deck, then the last move. Every card is its colours in words (or SPECIAL), never a colour alone; a card
the view shows face down is a face-down card."""

from __future__ import annotations

from bot.describe import Scene
from bot.faces.colorse.words import colorse_card, colorse_colour, colorse_sign
from bot.faces.words import join_names
from bot.i18n import t

CAT = "colorse_describe"
COLUMNS = 3  # a box's row: slots 0-2 the bottom row, 3-5 the top row, left to right


def describe(scene: Scene) -> list[str]:
    view = scene.view
    seats = range(view["players"])
    return [
        turn(scene),
        *(own(scene) if scene.seat is not None else []),
        *(seat_sentence(scene, seat) for seat in seats if seat == scene.seat),
        *(seat_sentence(scene, seat) for seat in seats if seat != scene.seat),
        *([] if view["phase"] == "over" else [shared(scene)]),
        *scene.last,
    ]


def names_of(scene: Scene, seats) -> str:
    return join_names([scene.names[seat] for seat in seats], scene.locale)


def turn(scene: Scene) -> str:
    view, locale, names = scene.view, scene.locale, scene.names
    phase = view["phase"]
    if phase == "over" or scene.finished:
        winner = view["winner_seat"]
        if winner is None:
            return t(f"{CAT}.over", locale)
        wins = view["round_wins"][winner]
        return t(f"{CAT}.won", locale, name=names[winner], count=wins)
    acting = [seat for seat in scene.to_act if seat >= 0]
    if phase == "sign":
        parent, child = view["parent_seat"], view["child_seat"]
        chosen = [seat for seat in (parent, child) if seat in view["chosen_seats"]]
        key = "sign_one" if chosen else "sign_both"
        return t(
            f"{CAT}.turn.{key}",
            locale,
            parent=names[parent],
            child=names[child],
            name=names_of(scene, acting),
            chosen=names_of(scene, chosen),
        )
    if phase == "take":
        takes = view["takes"]
        first = takes[0] if takes else {"seat": acting[0] if acting else 0, "count": 1}
        text = t(f"{CAT}.turn.take", locale, name=names[first["seat"]], count=first["count"])
        for later in takes[1:]:
            text += t(f"{CAT}.then_take", locale, name=names[later["seat"]], count=later["count"])
        return text + t(f"{CAT}.end", locale)
    if phase == "place":
        seat = view["placing_seat"] if view["placing_seat"] is not None else acting[0]
        cards = join_names([colorse_card(card, locale) for card in view["held"][seat]], locale)
        return t(f"{CAT}.turn.place", locale, name=names[seat], cards=cards)
    what = []
    for seat in acting:
        entry = view["starting"][seat] or {}
        stage = "special" if entry.get("stage") == "special" else "bonus"
        what.append(t(f"{CAT}.setup.{stage}", locale, name=names[seat]))
    return t(f"{CAT}.turn.setup", locale, names=names_of(scene, acting), what=t(f"{CAT}.list_sep", locale).join(what))


def own(scene: Scene) -> list[str]:
    """The reader's secrets: the sign they chose while the duel waits, a starting card only they know."""
    view, locale, seat = scene.view, scene.locale, scene.seat
    found = []
    if view.get("sign"):
        found.append(t(f"{CAT}.your_sign", locale, sign=colorse_sign(view["sign"], locale)))
    start = view["starting"][seat] if view["starting"] else None
    if start is not None and start.get("stage") == "bonus" and "card" in start:
        found.append(t(f"{CAT}.your_start", locale, card=colorse_card(start["card"], locale)))
    return found


def card_words(entry: dict | None, locale: str) -> str:
    if entry is None:
        return t(f"{CAT}.empty", locale)
    if entry.get("face_down"):
        if "card" in entry:  # the owner's own bonus card
            return t(f"{CAT}.own_face_down", locale, card=colorse_card(entry["card"], locale))
        return t("colorse.card.back", locale)
    if entry["card"] == "S" and entry.get("colour"):
        return t(f"{CAT}.special_as", locale, colour=colorse_colour(entry["colour"], locale))
    return colorse_card(entry["card"], locale)


def box_words(box: list, locale: str) -> str:
    rows = []
    for row, name in ((box[:COLUMNS], "bottom"), (box[COLUMNS:], "top")):
        if all(entry is None for entry in row):
            rows.append(t(f"{CAT}.row_empty.{name}", locale))
        else:
            cells = t(f"{CAT}.cell_sep", locale).join(card_words(entry, locale) for entry in row)
            rows.append(t(f"{CAT}.row.{name}", locale, cells=cells))
    return t(f"{CAT}.list_sep", locale).join(rows)


def waiting(view: dict, seat: int, locale: str) -> str:
    """The cards `seat` has to place (taken this duel) or to decide (a starting card), as the picture's strip."""
    cards = []
    entry = view["starting"][seat]
    if entry is not None:
        if "card" in entry and entry.get("stage") == "special":
            cards.append(t(f"{CAT}.starting_special", locale))
        elif "card" in entry:
            cards.append(t(f"{CAT}.starting", locale, card=colorse_card(entry["card"], locale)))
        else:
            cards.append(t(f"{CAT}.starting_hidden", locale))
    cards += [colorse_card(card, locale) for card in view["held"][seat]]
    return t(f"{CAT}.to_place", locale, cards=join_names(cards, locale)) if cards else ""


def seat_sentence(scene: Scene, seat: int) -> str:
    view, locale = scene.view, scene.locale
    role = ""
    if view["phase"] != "over":
        if seat == view["parent_seat"]:
            role = t(f"{CAT}.role.parent", locale)
        elif seat == view["child_seat"]:
            role = t(f"{CAT}.role.child", locale)
    if view["phase"] == "sign" and seat in (view["parent_seat"], view["child_seat"]):
        role += t(f"{CAT}.chosen" if seat in view["chosen_seats"] else f"{CAT}.choosing", locale)
    return t(
        f"{CAT}.you" if seat == scene.seat else f"{CAT}.seat",
        locale,
        name=scene.names[seat],
        role=role,
        wins=t(f"{CAT}.wins", locale, count=view["round_wins"][seat], rounds=view["rounds_to_win"]),
        box=box_words(view["boxes"][seat], locale),
        waiting=waiting(view, seat, locale),
    )


def shared(scene: Scene) -> str:
    view, locale = scene.view, scene.locale
    common = []
    for number, card in enumerate(view["common"], start=1):
        if card is None:
            words = t(f"{CAT}.empty", locale)
        elif card.get("face_down"):
            words = t("colorse.card.back", locale)
        else:
            words = colorse_card(card["card"], locale)
        common.append(t(f"{CAT}.common_card", locale, number=number, card=words))
    return t(
        f"{CAT}.shared",
        locale,
        round=view["round"],
        common=t(f"{CAT}.list_sep", locale).join(common),
        deck=t(f"{CAT}.deck", locale, count=view["deck_count"]),
    )
