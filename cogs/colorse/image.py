"""COLORSE's pictures, drawn for a phone (see bot/render.py): one panel per player (seat disc, PARENT / CHILD, the
3 x 2 box, cards held for placing, a star per round won), the common cards and the deck, and a legend. Every colour
carries its shape too (data/colorse/symbols.json), for colour-blind players.

`draw_board(view)` draws any seat's view: from `view(None)` (the table) a face-down card is a back; from a player's
own view, their own face-down bonus cards show face up with a dark corner (only they see that picture)."""
from __future__ import annotations

from bot.render import (HIGHLIGHT, INK, MIN_TEXT, MUTED, PANEL, PHONE_WIDTH, above, canvas, centred_text, drawn_once,
                        font, frozen, layer, png, result_banner, seat_disc, symbol, turn_arrow)
from bot.render import legend as draw_legend
from bot.render import legend_height
from bot.i18n import t
from games.data import load

CARD = 76
GAP = 8
PAD = 10
ROW_H = 2 * CARD + GAP + 2 * PAD
BOX_X = 118
HELD_X = BOX_X + 3 * (CARD + GAP) + 14
HELD = 58
STAR = 40
WINS_X = PHONE_WIDTH - 16


def palette() -> dict:
    return load("colorse/palette.json")


def symbols() -> dict:
    return load("colorse/symbols.json")


@drawn_once(lambda size, filled: (-size, -size, size, size))
def star(draw, cx: float, cy: float, size: float, filled: bool) -> None:
    box = (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2)
    if filled:
        symbol(draw, box, "star", fill=HIGHLIGHT, outline="#0b0f16")
    else:
        symbol(draw, box, "star", fill="#3a4558", outline=MUTED)


@drawn_once(lambda size: (-2, -2, size + 2, size + 2))
def card_back(draw, x: float, y: float, size: float) -> None:
    colours = palette()
    box = (x, y, x + size, y + size)
    draw.rounded_rectangle(box, radius=8, fill=colours["back"], outline="#111111", width=2)
    for offset in range(8, int(size) * 2, 14):
        draw.line((x + max(4, offset - size + 4), y + min(offset, size - 4), x + min(offset, size - 4),
                   y + max(4, offset - size + 4)), fill=colours["back_pattern"], width=3)
    draw.rounded_rectangle(box, radius=8, outline="#111111", width=2)


@drawn_once(lambda size, card, colour=None: (-2, -2, size + 2, size + 2))
def card_face(draw, x: float, y: float, size: float, card: str, colour: str | None = None) -> None:
    """A face-up card: one colour, two colours split on the diagonal, or SPECIAL (white "S" until it has a colour).
    Each colour's shape sits in its part of the card."""
    colours, shapes = palette(), symbols()
    box = (x, y, x + size, y + size)
    mark = size * 0.34
    if card == "S":
        draw.rounded_rectangle(box, radius=8, fill=colours[colour] if colour else colours["special"],
                               outline="#111111", width=2)
        centred_text(draw, (x, y + size * 0.34, x + size, y + size), "S", int(size * 0.5), fill="#111111")
        if colour:
            symbol(draw, (x + 5, y + 5, x + 5 + mark, y + 5 + mark), shapes[colour])
        return
    if len(card) == 1:
        draw.rounded_rectangle(box, radius=8, fill=colours[card], outline="#111111", width=2)
        big = size * 0.5
        symbol(draw, (x + (size - big) / 2, y + (size - big) / 2, x + (size + big) / 2, y + (size + big) / 2),
               shapes[card])
        return
    first, second = card
    draw.rounded_rectangle(box, radius=8, fill=colours[first], outline="#111111", width=2)
    draw.polygon([(x + size - 2, y + 2), (x + size - 2, y + size - 2), (x + 2, y + size - 2)], fill=colours[second])
    draw.line((x + size - 2, y + 2, x + 2, y + size - 2), fill="#111111", width=2)
    draw.rounded_rectangle(box, radius=8, outline="#111111", width=2)
    symbol(draw, (x + 6, y + 6, x + 6 + mark, y + 6 + mark), shapes[first])
    symbol(draw, (x + size - 6 - mark, y + size - 6 - mark, x + size - 6, y + size - 6), shapes[second])


def slot(draw, x: float, y: float, entry: dict | None, size: float = CARD) -> None:
    if entry is None:
        draw.rounded_rectangle((x, y, x + size, y + size), radius=8, outline="#4a5568", width=2, fill="#232a36")
        return
    if entry.get("back") or (entry.get("face_down") and "card" not in entry):
        card_back(draw, x, y, size)
        return
    card_face(draw, x, y, size, entry["card"], entry.get("colour"))
    if entry.get("face_down"):  # the owner's own bonus card: face down on the table
        corner = size * 0.36
        draw.polygon([(x + size - corner, y + size), (x + size, y + size - corner), (x + size, y + size)],
                     fill=palette()["back"], outline="#111111")


@drawn_once(lambda entry, size=CARD: (-2, -2, size + 2, size + 2))
def slot_part(draw, x: float, y: float, entry: tuple | None, *, size: float = CARD) -> None:
    """`slot` drawn once per (entry, size), `entry` its `frozen` items: a box's, a hand's or the common slots are
    pasted in one pass (`slot_part.many`)."""
    slot(draw, x, y, None if entry is None else dict(entry), size)


@drawn_once(lambda count: (-2, -2, CARD + 2, CARD + 2))
def deck(draw, x: float, y: float, count: int) -> None:
    """The deck: a back with its count (drawn once per count, pasted)."""
    card_back(draw, x, y, CARD)
    label = (x + 8, y + CARD / 2 - 20, x + CARD - 8, y + CARD / 2 + 20)
    draw.rounded_rectangle(label, radius=8, fill="#1a202c")
    centred_text(draw, label, str(count), 30)


@drawn_once(lambda word, fill: (-PHONE_WIDTH / 2, -2, PHONE_WIDTH / 2, 36))
def role_pill(draw, cx: float, y: float, word: str, fill: str) -> None:
    width = font(MIN_TEXT).getlength(word) + 16
    box = (cx - width / 2, y, cx + width / 2, y + 32)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline="#0b0f16", width=2)
    centred_text(draw, box, word, MIN_TEXT, fill="#111111")


def draw_seat(draw, view: dict, seat: int, y: int, locale: str) -> None:
    """A player's panel, drawn once per everything it shows and pasted whole."""
    role = "parent" if seat == view["parent_seat"] else "child" if seat == view["child_seat"] else None
    acting = seat_is_acting(view, seat)
    key = ("colorse.seat", seat, acting, view.get("seat") == seat, role, frozen(view["boxes"][seat]),
           tuple(view["held"][seat]), view["rounds_to_win"], view["round_wins"][seat], locale)
    layer(draw, key, (0, y, PHONE_WIDTH, y + ROW_H - 5), lambda d, _x, top: paint_seat(d, view, seat, top, locale),
          backdrop=(("colorse.panel", acting), lambda d, _x, top: d.rounded_rectangle(
              (6, top, PHONE_WIDTH - 6, top + ROW_H - 6), radius=12, fill=PANEL,
              outline=HIGHLIGHT if acting else "#3a4558", width=4 if acting else 2)))


def paint_seat(draw, view: dict, seat: int, y: float, locale: str) -> None:
    """A player's panel on its backdrop (`draw_seat`)."""
    acting = seat_is_acting(view, seat)
    own = view.get("seat") == seat
    seat_disc(draw, 58, y + 44, 28, seat)
    if acting:
        turn_arrow(draw, 12, y + 44, 16)
    if seat == view["parent_seat"]:
        role_pill(draw, 58, y + 86, t("colorse.picture.parent", locale), "#f6ad55")
    elif seat == view["child_seat"]:
        role_pill(draw, 58, y + 86, t("colorse.picture.child", locale), "#90cdf4")
    if own:
        role_pill(draw, 58, y + 126, t("picture.you", locale), "#e2e8f0")
    box = view["boxes"][seat]
    # slots 0-2 are the bottom row, 3-5 the top row
    slot_part.many(draw, [(BOX_X + (index % 3) * (CARD + GAP), y + PAD + (0 if index >= 3 else CARD + GAP),
                           frozen(box[index]) if index < len(box) else None) for index in range(6)])
    slot_part.many(draw, [(HELD_X + number * (HELD + 8), y + ROW_H / 2 - HELD / 2 - 3, (("card", card),))
                          for number, card in enumerate(view["held"][seat])], size=HELD)
    wins, rounds = view["round_wins"][seat], view["rounds_to_win"]
    star.many(draw, [(WINS_X - STAR / 2 - (rounds - 1 - number) * (STAR + 8), y + ROW_H / 2 - 3, STAR, number < wins)
                     for number in range(rounds)])


def seat_is_acting(view: dict, seat: int) -> bool:
    phase = view["phase"]
    if phase == "sign":
        return seat in (view["parent_seat"], view["child_seat"]) and seat not in view["chosen_seats"]
    if phase == "take":
        return bool(view["takes"]) and view["takes"][0]["seat"] == seat
    if phase == "place":
        return view["placing_seat"] == seat
    return False


def legend_items(locale: str) -> list:
    def won(draw, box):
        star(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, box[3] - box[1], True)

    def back(draw, box):
        card_back(draw, box[0], box[1], box[3] - box[1])

    def turn(draw, box):
        turn_arrow(draw, box[0] + 4, (box[1] + box[3]) / 2, 20)

    return [(won, t("colorse.picture.round_won", locale)), (back, t("picture.face_down", locale)),
            (turn, t("picture.to_act", locale))]


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board (or a seat's own view) with its words in `locale`."""
    players = view["players"]
    legend = legend_items(locale)
    common_y = 8 + players * ROW_H
    legend_y = common_y + 36 + CARD + 12
    height = legend_y + legend_height(legend, PHONE_WIDTH - 24) + 12
    image, draw = canvas(PHONE_WIDTH, height)
    for seat in range(players):
        draw_seat(draw, view, seat, 8 + seat * ROW_H, locale)
    draw.text((BOX_X, common_y + 4), t("colorse.picture.common", locale), font=font(MIN_TEXT), fill=MUTED)
    slot_part.many(draw, [(BOX_X + number * (CARD + GAP), common_y + 36, None if card is None else
                           (("back", True),) if card.get("face_down") else (("card", card["card"]),))
                          for number, card in enumerate(view["common"])])
    deck_x = HELD_X + 20
    draw.text((deck_x, common_y + 4), t("picture.deck", locale), font=font(MIN_TEXT), fill=MUTED)
    deck(draw, deck_x, common_y + 36, view["deck_count"])
    draw_legend(draw, 12, legend_y, PHONE_WIDTH - 24, legend, key=("colorse", locale))
    if view["phase"] == "over":
        entries = [(seat, t("picture.wins", locale, count=wins), seat == view["winner_seat"])
                   for seat, wins in enumerate(view["round_wins"])]
        image = above(result_banner(entries, locale=locale), image)
    return png(image)
