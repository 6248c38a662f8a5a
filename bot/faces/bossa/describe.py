"""BOSSa's board in words (bot/describe.py): what a screen reader speaks for the picture, from one seat's view.

In the order a player asks: whose turn and what they must decide (or the result), the reader's own hand and markers,
the other player's, the two lines (each slot's number and the tiles lying there, as the picture shows them from the
descending end to the ascending end), the deck and the tiles out of play, then the last move. The lines' colours are
named in words; tiles are their two dot counts, as everywhere in BOSSa's text."""

from __future__ import annotations

from bot.describe import Scene
from bot.faces.bossa.words import bossa_tile, bossa_tiles
from bot.i18n import t

CAT = "bossa_describe"
COLOURS = ("white", "black")
SIDES = ("down", "up")  # left to right, as the picture draws a line
MARKERS = ("redraw", "exchange", "stack")


def describe(scene: Scene) -> list[str]:
    view, locale = scene.view, scene.locale
    others = [seat for seat in range(len(view["hand_counts"])) if seat != scene.seat]
    return [
        turn(scene),
        *([seat_sentence(scene, scene.seat, you=True)] if scene.seat is not None else []),
        *(seat_sentence(scene, seat) for seat in others),
        *(line_sentence(scene, colour) for colour in COLOURS),
        t(f"{CAT}.deck", locale, count=view["deck_count"]),
        out_of_play(view, locale),
        *scene.last,
    ]


def turn(scene: Scene) -> str:
    """Whose turn and what they decide; the result once the game is over."""
    view, locale, names = scene.view, scene.locale, scene.names
    if scene.finished or view["phase"] == "over":
        reason = t(f"bossa.end.{view['end_reason']}", locale) if view.get("end_reason") else ""
        winners = list(scene.winners) or list((view.get("result") or {}).get("winners", []))
        if not winners:
            return t(f"{CAT}.draw", locale, reason=reason)
        return t(f"{CAT}.won", locale, name=" & ".join(names[s] for s in winners), reason=reason)
    acting = [s for s in scene.to_act if s >= 0] or [view["active_seat"]]
    name = " & ".join(names[s] for s in acting)
    return t(f"{CAT}.turn.{view['phase']}", locale, name=name)


def markers_text(view: dict, seat: int, locale: str) -> str:
    left = [t(f"bossa.action.{name}", locale) for name in MARKERS if name in view["unused_actions"][seat]]
    if not left:
        return t("bossa_table.seat.no_actions", locale)
    return t(f"{CAT}.markers", locale, markers=t(f"{CAT}.list_sep", locale).join(left))


def seat_sentence(scene: Scene, seat: int, you: bool = False) -> str:
    """A player: their line and die, their hand (face up, or how many face down), their action markers left."""
    view, locale = scene.view, scene.locale
    colour, die = view["colours"][seat], view["dice"][seat]
    line = t(f"{CAT}.die.{colour}" if colour else f"{CAT}.die.none", locale, die=die)
    count, hand = view["hand_counts"][seat], view["hands"][seat]
    if hand is None:
        held = t(f"{CAT}.hand_hidden", locale, count=count)
    elif scene.seat == seat and view["phase"] in ("choose", "choose_colour"):
        held = t(f"{CAT}.hand_peek", locale, count=count, tiles=bossa_tiles(hand, locale))
    elif hand:
        held = t(f"{CAT}.hand", locale, count=count, tiles=bossa_tiles(hand, locale))
    else:
        held = t(f"{CAT}.hand_empty", locale, count=count)
    key = f"{CAT}.you" if you else f"{CAT}.seat"
    return t(key, locale, name=scene.names[seat], line=line, hand=held, markers=markers_text(view, seat, locale))


def line_sentence(scene: Scene, colour: str) -> str:
    """A line as the picture draws it, left to right: the descending side's open end and columns, the die, the
    ascending side's columns and open end; each column its number and its tiles."""
    view, locale = scene.view, scene.locale
    line = view["lines"][colour]
    name = t(f"bossa.line.{colour}", locale)
    if line["die"] is None:
        return t(f"{CAT}.line_unset", locale, line=name)
    owner = scene.names[line["owner_seat"]]
    head = t(f"{CAT}.line", locale, line=name, owner=owner, die=line["die"], count=line["column_count"])
    sides = []
    for side in SIDES:
        columns = line["columns"][side]
        parts = [
            t(f"{CAT}.column", locale, value=column["value"], tiles=bossa_tiles(column["tiles"], locale))
            for column in columns
        ]
        end = line["ends"][side]
        if end is None:
            parts.append(t(f"{CAT}.end_closed", locale))
        else:
            sizes = t("bossa_table.or", locale).join(str(size) for size in end["sizes"])
            parts.append(t(f"{CAT}.end", locale, value=end["value"], sizes=sizes, count=end["sizes"][-1]))
        sides.append(t(f"{CAT}.side.{side}", locale, parts=t(f"{CAT}.part_sep", locale).join(parts)))
    return t(f"{CAT}.sentence_sep", locale).join([head, *sides])


def out_of_play(view: dict, locale: str) -> str:
    out = view["out_of_play"]
    if not out:
        return t(f"{CAT}.out_none", locale, count=0)
    return t(
        f"{CAT}.out",
        locale,
        count=len(out),
        tiles=t(f"{CAT}.list_sep", locale).join(bossa_tile(tile, locale) for tile in out),
    )
