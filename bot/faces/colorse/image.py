"""COLORSE's pictures, drawn for a phone (bot/render/phone.py: PHONE_WIDTH wide, shown 252 CSS px wide): the round and
a legend on top, then the players' panels two to a row (seat disc, PARENT / CHILD, a mark for a duellist who has
or has not chosen a sign yet, a star per round to win, filled when won, the 3 x 2 box), then the common cards
numbered 1-3 as the take buttons name them, the deck with its count, and the cards waiting to be placed, each over
its holder's disc. Every colour carries its shape too (data/colorse/symbols.json), for colour-blind players.

`draw_board(view)` draws the table from `view(None)`, where a face-down card is a back. `draw_private(view)` draws
what one seat alone knows: its own box (its face-down bonus cards face up with a dark corner), its sign, the cards it
holds or starts with."""

from __future__ import annotations

from bot.i18n import t
from bot.render.canvas import canvas
from bot.render.encode import png
from bot.render.inks import HIGHLIGHT, INK, MUTED, PANEL
from bot.render.phone import MIN_TEXT, PHONE_WIDTH
from bot.render.sprites import drawn_once, frozen, layer
from bot.render.text import font, text_width
from bot.render.widgets import above, centred_text, result_banner, seat_disc, symbol
from bot.render.widgets import legend as draw_legend
from games.data import load

MARGIN = 8
BAND = 38  # the round and the legend
PANEL_W = (PHONE_WIDTH - 3 * MARGIN) // 2  # two panels to a row
CARD = 60  # a box's card
GAP = 6
HEADER = 42  # a panel's disc, role and stars
PANEL_H = HEADER + 2 * CARD + GAP + 8
BOX_X = (PANEL_W - 3 * CARD - 2 * GAP) // 2
STAR = 24
STRIP_LABEL = 28  # COMMON / DECK / TO PLACE over the strip's cards
STRIP_CARD = 60
STRIP_UNDER = 30  # the common cards' numbers and the holders' discs under the strip
HELD_X = MARGIN + 3 * (STRIP_CARD + GAP) + STRIP_CARD + 2 * 14
DECK_X = MARGIN + 3 * (STRIP_CARD + GAP) + 6


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
        draw.line(
            (
                x + max(4, offset - size + 4),
                y + min(offset, size - 4),
                x + min(offset, size - 4),
                y + max(4, offset - size + 4),
            ),
            fill=colours["back_pattern"],
            width=3,
        )
    draw.rounded_rectangle(box, radius=8, outline="#111111", width=2)


@drawn_once(lambda size, card, colour=None: (-2, -2, size + 2, size + 2))
def card_face(draw, x: float, y: float, size: float, card: str, colour: str | None = None) -> None:
    """A face-up card: one colour, two colours split on the diagonal, or SPECIAL: white with the four colours' marks
    until it has a colour, then that colour and its shape, ringed in white. Each colour's shape sits in its part."""
    colours, shapes = palette(), symbols()
    box = (x, y, x + size, y + size)
    mark = size * 0.36
    if card == "S":
        if colour:
            draw.rounded_rectangle(box, radius=8, fill=colours[colour], outline="#111111", width=2)
            draw.rounded_rectangle(
                (x + 4, y + 4, x + size - 4, y + size - 4), radius=6, outline=colours["special"], width=3
            )
            big = size * 0.46
            symbol(
                draw,
                (x + (size - big) / 2, y + (size - big) / 2, x + (size + big) / 2, y + (size + big) / 2),
                shapes[colour],
            )
            return
        draw.rounded_rectangle(box, radius=8, fill=colours["special"], outline="#111111", width=2)
        small, inset = size * 0.3, size * 0.12
        for letter, (cx, cy) in zip("RGBY", ((0, 0), (1, 0), (0, 1), (1, 1))):
            left = x + inset + cx * (size - 2 * inset - small)
            top = y + inset + cy * (size - 2 * inset - small)
            symbol(draw, (left, top, left + small, top + small), shapes[letter], fill=colours[letter])
        return
    if len(card) == 1:
        draw.rounded_rectangle(box, radius=8, fill=colours[card], outline="#111111", width=2)
        big = size * 0.5
        symbol(
            draw, (x + (size - big) / 2, y + (size - big) / 2, x + (size + big) / 2, y + (size + big) / 2), shapes[card]
        )
        return
    first, second = card[0], card[1]  # a two-colour card: its colour letters
    draw.rounded_rectangle(box, radius=8, fill=colours[first], outline="#111111", width=2)
    draw.polygon([(x + size - 2, y + 2), (x + size - 2, y + size - 2), (x + 2, y + size - 2)], fill=colours[second])
    draw.line((x + size - 2, y + 2, x + 2, y + size - 2), fill="#111111", width=2)
    draw.rounded_rectangle(box, radius=8, outline="#111111", width=2)
    symbol(draw, (x + 5, y + 5, x + 5 + mark, y + 5 + mark), shapes[first])
    symbol(draw, (x + size - 5 - mark, y + size - 5 - mark, x + size - 5, y + size - 5), shapes[second])


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
        draw.polygon(
            [(x + size - corner, y + size), (x + size, y + size - corner), (x + size, y + size)],
            fill=palette()["back"],
            outline="#111111",
        )


@drawn_once(lambda entry, size=CARD: (-2, -2, size + 2, size + 2))
def slot_part(draw, x: float, y: float, entry: tuple | None, *, size: float = CARD) -> None:
    """`slot` drawn once per (entry, size), `entry` its `frozen` items: a box's, a hand's or the common slots are
    pasted in one pass (`slot_part.many`)."""
    slot(draw, x, y, None if entry is None else dict(entry), size)


@drawn_once(lambda count: (-2, -2, STRIP_CARD + 2, STRIP_CARD + 2))
def deck(draw, x: float, y: float, count: int) -> None:
    """The deck: a back with its count (drawn once per count, pasted)."""
    card_back(draw, x, y, STRIP_CARD)
    label = (x + 6, y + STRIP_CARD / 2 - 18, x + STRIP_CARD - 6, y + STRIP_CARD / 2 + 18)
    draw.rounded_rectangle(label, radius=8, fill="#1a202c")
    centred_text(draw, label, str(count), 28)


@drawn_once(lambda word, fill: (-PHONE_WIDTH / 2, -2, PHONE_WIDTH / 2, 34))
def role_pill(draw, cx: float, y: float, word: str, fill: str) -> None:
    width = font(MIN_TEXT).getlength(word) + 16
    box = (cx - width / 2, y, cx + width / 2, y + 32)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline="#0b0f16", width=2)
    centred_text(draw, box, word, MIN_TEXT, fill="#111111")


def pill(draw, x: float, y: float, word: str, fill: str) -> float:
    """A role pill starting at x; returns its right edge."""
    width = text_width(word, MIN_TEXT) + 16
    role_pill(draw, x + width / 2, y, word, fill)
    return x + width


@drawn_once(lambda chosen: (-14, -14, 14, 14))
def chosen_mark(draw, cx: float, cy: float, chosen: bool) -> None:
    """On a duellist's disc while signs are chosen: a tick once chosen, three dots while still choosing."""
    draw.ellipse(
        (cx - 13, cy - 13, cx + 13, cy + 13), fill="#38a169" if chosen else "#4a5568", outline="#0b0f16", width=2
    )
    if chosen:
        draw.line((cx - 7, cy, cx - 2, cy + 6, cx + 7, cy - 6), fill="#ffffff", width=4)
    else:
        for dx in (-6, 0, 6):
            draw.ellipse((cx + dx - 2, cy - 2, cx + dx + 2, cy + 2), fill="#ffffff")


def role_of(view: dict, seat: int) -> str | None:
    if view["phase"] == "over":
        return None
    return "parent" if seat == view["parent_seat"] else "child" if seat == view["child_seat"] else None


def chosen_of(view: dict, seat: int) -> bool | None:
    """During the signs: whether a duellist has chosen (None for everyone else, and in other phases)."""
    if view["phase"] != "sign" or seat not in (view["parent_seat"], view["child_seat"]):
        return None
    return seat in view["chosen_seats"]


ROLE_FILL = {"parent": "#f6ad55", "child": "#90cdf4"}


def header(draw, x: float, y: float, width: float, view: dict, seat: int, locale: str, you: bool = False) -> None:
    """A seat's disc, YOU, its role, the duellist's chosen mark, and its stars at the right."""
    seat_disc(draw, x + 24, y + 22, 17, seat)
    right = x + 46
    if you:
        right = pill(draw, right, y + 6, t("picture.you", locale), "#e2e8f0") + 6
    role = role_of(view, seat)
    if role:
        right = pill(draw, right, y + 6, t(f"colorse.picture.{role}", locale), ROLE_FILL[role]) + 4
    chosen = chosen_of(view, seat)
    if chosen is not None:
        chosen_mark(draw, right + 13, y + 22, chosen)
    wins, rounds = view["round_wins"][seat], view["rounds_to_win"]
    star.many(
        draw,
        [
            (x + width - 6 - STAR / 2 - (rounds - 1 - number) * (STAR + 2), y + 22, STAR, number < wins)
            for number in range(rounds)
        ],
    )


def acting_seats(view: dict) -> set[int]:
    phase = view["phase"]
    if phase == "sign":
        return {s for s in (view["parent_seat"], view["child_seat"]) if s not in view["chosen_seats"]}
    if phase == "take":
        return {view["takes"][0]["seat"]} if view["takes"] else set()
    if phase == "place":
        return {view["placing_seat"]} if view["placing_seat"] is not None else set()
    if phase == "setup":
        return {seat for seat, entry in enumerate(view["starting"]) if entry is not None}
    return set()


def box_slots(x: float, y: float, box: list, size: float, gap: float) -> list:
    # slots 0-2 are the bottom row, 3-5 the top row
    return [
        (
            x + (index % 3) * (size + gap),
            y + (0 if index >= 3 else size + gap),
            frozen(box[index]) if index < len(box) else None,
        )
        for index in range(6)
    ]


def panel_origin(seat: int) -> tuple[int, int]:
    row, column = divmod(seat, 2)
    return MARGIN + column * (PANEL_W + MARGIN), BAND + row * (PANEL_H + MARGIN)


def draw_seat(draw, view: dict, seat: int, locale: str) -> None:
    """A player's panel, drawn once per everything it shows and pasted whole."""
    x, y = panel_origin(seat)
    acting = seat in acting_seats(view)
    key = (
        "colorse.panel2",
        seat,
        acting,
        role_of(view, seat),
        chosen_of(view, seat),
        frozen(view["boxes"][seat]),
        view["rounds_to_win"],
        view["round_wins"][seat],
        locale,
    )
    layer(
        draw,
        key,
        (x, y, x + PANEL_W, y + PANEL_H),
        lambda d, left, top: paint_seat(d, view, seat, left, top, locale),
        backdrop=(
            ("colorse.panel2", acting),
            lambda d, left, top: d.rounded_rectangle(
                (left, top, left + PANEL_W - 1, top + PANEL_H - 1),
                radius=12,
                fill=PANEL,
                outline=HIGHLIGHT if acting else "#3a4558",
                width=5 if acting else 2,
            ),
        ),
    )


def paint_seat(draw, view: dict, seat: int, x: float, y: float, locale: str) -> None:
    """A player's panel on its backdrop (`draw_seat`)."""
    header(draw, x, y, PANEL_W, view, seat, locale)
    slot_part.many(draw, box_slots(x + BOX_X, y + HEADER, view["boxes"][seat], CARD, GAP))


def waiting_cards(view: dict) -> list[tuple[int, dict]]:
    """(holder, card entry) for every card waiting to be placed: taken cards, and starting cards awaiting a choice
    (a SPECIAL's colour is public; a past winner's card is a back to everyone else)."""
    found = []
    for seat, entry in enumerate(view["starting"]):
        if entry is not None:
            found.append((seat, {"card": entry["card"]} if "card" in entry else {"back": True}))
    for seat, hand in enumerate(view["held"]):
        found += [(seat, {"card": card}) for card in hand]
    return found


def draw_strip(draw, view: dict, y: int, locale: str) -> None:
    """The common cards (numbered as the take buttons say), the deck, the cards waiting to be placed."""
    label = font(MIN_TEXT)
    draw.text((MARGIN + 2, y - 3), t("colorse.picture.common", locale), font=label, fill=MUTED)
    draw.text((DECK_X, y - 3), t("picture.deck", locale), font=label, fill=MUTED)
    cards_y = y + STRIP_LABEL
    slot_part.many(
        draw,
        [
            (
                MARGIN + number * (STRIP_CARD + GAP),
                cards_y,
                None if card is None else (("back", True),) if card.get("face_down") else (("card", card["card"]),),
            )
            for number, card in enumerate(view["common"])
        ],
        size=STRIP_CARD,
    )
    for number in range(len(view["common"])):
        cx = MARGIN + number * (STRIP_CARD + GAP) + STRIP_CARD / 2
        draw.text((cx, cards_y + STRIP_CARD + STRIP_UNDER / 2 + 1), str(number + 1), font=label, fill=INK, anchor="mm")
    deck(draw, DECK_X, cards_y, view["deck_count"])
    waiting = waiting_cards(view)
    if not waiting:
        return
    draw.text((HELD_X, y - 3), t("colorse.picture.to_place", locale), font=label, fill=MUTED)
    room = PHONE_WIDTH - MARGIN - HELD_X
    size = STRIP_CARD if len(waiting) * STRIP_CARD + (len(waiting) - 1) * 4 <= room else (room - 12) // 4
    size -= size % 2
    for number, (seat, entry) in enumerate(waiting[:4]):
        left = HELD_X + number * (size + 4)
        slot_part(draw, left, cards_y + (STRIP_CARD - size), frozen(entry), size=size)
        seat_disc(draw, left + size / 2, cards_y + STRIP_CARD + STRIP_UNDER / 2 + 1, 14, seat)


def legend_items(locale: str) -> list:
    def won(draw, box):
        star(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, box[3] - box[1], True)

    def back(draw, box):
        card_back(draw, box[0], box[1], box[3] - box[1])

    return [(won, t("colorse.picture.round_won", locale)), (back, t("picture.face_down", locale))]


def draw_band(draw, view: dict, locale: str) -> None:
    """The round, and the legend of the marks no word explains."""
    items = legend_items(locale)
    width = sum(32 + 8 + text_width(word, MIN_TEXT) + 24 for _icon, word in items)
    draw_legend(
        draw, int(PHONE_WIDTH - MARGIN - width + 24), 2, int(width), items, row_h=32, key=("colorse.band", locale)
    )
    draw.text(
        (MARGIN + 4, 18),
        t("colorse.picture.round", locale, round=view["round"]),
        font=font(MIN_TEXT),
        fill=INK,
        anchor="lm",
    )


def board_height(view: dict) -> int:
    rows = -(-view["players"] // 2)
    panels = BAND + rows * (PANEL_H + MARGIN)
    if view["phase"] == "over":
        return panels
    return panels + STRIP_LABEL + STRIP_CARD + STRIP_UNDER + MARGIN


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board with its words in `locale` (from `view(None)`: nothing hidden is in it)."""
    image, draw = canvas(PHONE_WIDTH, board_height(view))
    draw_band(draw, view, locale)
    for seat in range(view["players"]):
        draw_seat(draw, view, seat, locale)
    if view["phase"] == "over":
        entries: list[tuple[int | None, str, bool]] = [
            (seat, t("picture.wins", locale, count=wins), seat == view["winner_seat"])
            for seat, wins in enumerate(view["round_wins"])
        ]
        image = above(result_banner(entries, locale=locale), image)
    else:
        rows = -(-view["players"] // 2)
        draw_strip(draw, view, BAND + rows * (PANEL_H + MARGIN), locale)
    return png(image)


# --- a seat's own picture --------------------------------------------------------------------------------------
OWN_CARD = 72
OWN_GAP = 8
OWN_HEADER = 52
OWN_SIDE = MARGIN + 3 * OWN_CARD + 2 * OWN_GAP + 24


def own_items(view: dict) -> list[tuple[str, dict]]:
    """(label key, card entry) for the cards this seat holds or starts with, besides its box."""
    seat = view["seat"]
    items = []
    start = view["starting"][seat] if view["starting"] else None
    if start is not None and "card" in start:
        items.append(("colorse.picture.starting", {"card": start["card"]}))
    items += [("colorse.picture.to_place", {"card": card}) for card in view["held"][seat]]
    return items


def draw_private(view: dict, locale: str = "en") -> bytes:
    """One seat's own view: its panel, large, with its sign (while chosen and secret) and the cards it holds."""
    seat = view["seat"]
    height = OWN_HEADER + 2 * OWN_CARD + OWN_GAP + 2 * MARGIN
    image, draw = canvas(PHONE_WIDTH, height)
    acting = seat in acting_seats(view)
    draw.rounded_rectangle(
        (4, 2, PHONE_WIDTH - 5, height - 3),
        radius=12,
        fill=PANEL,
        outline=HIGHLIGHT if acting else "#3a4558",
        width=5 if acting else 2,
    )
    header(draw, 4, 4, PHONE_WIDTH - 8, view, seat, locale, you=True)
    slot_part.many(draw, box_slots(MARGIN + 8, OWN_HEADER + 4, view["boxes"][seat], OWN_CARD, OWN_GAP), size=OWN_CARD)
    x, y = OWN_SIDE, OWN_HEADER + 4
    label = font(MIN_TEXT)
    if view["sign"]:
        draw.text((x, y), t("colorse.picture.your_sign", locale), font=label, fill=MUTED)
        draw.text((x, y + 34), t(f"colorse.picture.sign.{view['sign']}", locale), font=font(40), fill=HIGHLIGHT)
        y += 96
    items = own_items(view)
    if items:
        draw.text((x, y), t(items[0][0], locale), font=label, fill=MUTED)
        slot_part.many(
            draw,
            [(x + number * (64 + 6), y + 34, frozen(entry)) for number, (_key, entry) in enumerate(items[:2])],
            size=64,
        )
    return png(image)
