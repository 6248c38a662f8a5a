"""Blue Border's board picture: every diver's 7 slots (shades; numbers only where revealed), the four field piles
(top shade and height), the deck top and count, the discard with numbers. Drawn from `view(None)` only, so it
can hold nothing a player may not see."""
from __future__ import annotations

from bot.i18n import t
from functools import lru_cache

from bot.render import (HIGHLIGHT, INK, MIN_TEXT, MUTED, PANEL, PHONE_WIDTH, above, cached, cached_many, canvas,
                        centred_text, font, frozen, layer, png, readable_on, result_banner, seat_disc, text_width,
                        turn_arrow)

LEFT = 64
GAP = 8
CARD_W = (PHONE_WIDTH - LEFT - 10 - 6 * GAP) // 7
CARD_H = int(CARD_W * 1.3)
WIDTH = PHONE_WIDTH
EMPTY = "#2d3748"
DISCARD_W, DISCARD_H, DISCARD_STEP = 44, 52, 50
PILE_W = CARD_W + 11  # a pile's column of the field: its card, the edges behind it (up to 8 px right) and a pixel


def _card(draw, x: int, y: int, card: dict | None, *, label: str = "", highlight: bool = False, scale: float = 1) -> None:
    """A slot: empty (with its label), or a card in its shade with its number where revealed (drawn once, pasted)."""
    key = ("bb.card", frozen(card), label, highlight, scale)
    w, h = int(CARD_W * scale), int(CARD_H * scale)
    cached(draw, key, x, y, (-6, -6, w + 6, h + 6),
           lambda d, px, py: _paint_card(d, px, py, card, label=label, highlight=highlight, scale=scale))


def _cards(draw, places: list[tuple[int, int, dict | None, str, bool]]) -> None:
    """Full-size slots (x, y, card, label, highlight), each as `_card` draws it (the same sprites), in one pass."""
    cached_many(draw, [(("bb.card", frozen(card), label, highlight, 1), x, y)
                       for x, y, card, label, highlight in places],
                (-6, -6, CARD_W + 6, CARD_H + 6),
                lambda d, px, py, key: _paint_card(d, px, py, None if key[1] is None else dict(key[1]), label=key[2],
                                                   highlight=key[3], scale=1))


def _paint_card(draw, x: int, y: int, card: dict | None, *, label: str, highlight: bool, scale: float) -> None:
    w, h = int(CARD_W * scale), int(CARD_H * scale)
    box = (x, y, x + w, y + h)
    if card is None:
        draw.rounded_rectangle(box, radius=8, outline=MUTED, width=2, fill=EMPTY)
        if label:
            centred_text(draw, box, label, max(MIN_TEXT, int(28 * scale)), fill=MUTED)
    else:
        draw.rounded_rectangle(box, radius=8, fill=card["shade"], outline="#0b1a2e", width=2)
        if "number" in card:
            centred_text(draw, box, str(card["number"]), max(MIN_TEXT, int(40 * scale)), fill=readable_on(card["shade"]))
    if highlight:
        draw.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), radius=10, outline=HIGHLIGHT, width=5)


def _stack(draw, x: int, y: int, top: dict | None, height: int) -> None:
    """A field pile or the deck: a few edges behind the top card show it is a stack."""
    for offset in (8, 4)[: max(0, min(2, height - 1))][::-1] if height > 1 else ():
        draw.rounded_rectangle((x + offset, y - offset, x + CARD_W + offset, y + CARD_H - offset), radius=8,
                               fill="#1a365d", outline="#0b1a2e", width=2)
    _card(draw, x, y, top)


def _pile(draw, x: int, y: int, number: int, pile: dict) -> None:
    _stack(draw, x, y, pile["top"], pile["height"])
    disc = (x + 6, y + 6, x + 40, y + 40)
    draw.ellipse(disc, fill="#1a202c", outline=INK, width=2)
    centred_text(draw, disc, str(number + 1), MIN_TEXT)


def _count_label(draw, x: int, y: int, text: str) -> None:
    draw.text((x + CARD_W / 2 + 4, y), text, font=font(MIN_TEXT), fill=INK, anchor="mt")


@lru_cache(maxsize=512)
def _count_word(key: str, locale: str, count: int) -> str:
    """A count's words (a plural message: its rules looked up once per count, not once per board)."""
    return t(key, locale, count=count)


def result_entries(view: dict, locale: str = "en") -> list[tuple[int, str, bool]]:
    winners = view["winner_seats"] or []
    if view["rounds"] > 1:
        return [(seat, t("picture.wins", locale, count=score), seat in winners)
                for seat, score in enumerate(view["round_scores"])]
    return [(d["seat"], f"{d['filled']}/7", d["seat"] in winners) for d in view["divers"]]


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board (or a diver's own view, their row marked) with its words in `locale`."""
    divers = view["divers"]
    row_h = CARD_H + 14
    field_y = 10 + len(divers) * row_h + 14
    discard_y = field_y + CARD_H + 44
    per_row = (WIDTH - 20) // DISCARD_STEP
    rows_of_discard = max(1, -(-len(view["discard"]) // per_row))
    height = discard_y + 34 + rows_of_discard * (DISCARD_H + 6) + 8
    image, draw = canvas(WIDTH, height)
    placement = view.get("placement")
    acting = set(view.get("to_act") or []) if not view["finished"] else set()
    for diver in divers:
        seat = diver["seat"]
        y = 10 + seat * row_h
        to_act = view.get("active_seat") == seat or (view["phase"] != "turn" and seat in acting)
        own = view.get("seat") == seat
        word = None
        if diver["skip"] or own:
            word = t("blue_border.picture.skip", locale) if diver["skip"] else t("picture.you", locale)
        placed = placement["slot_index"] if placement and placement["seat"] == seat else None
        cards = tuple(frozen(card) for card in diver["slots"])
        # a diver's row, drawn once and pasted whole (a move changes one row); the turn's frame and arrow drawn
        # over it, unless a word under the disc may meet them
        framed = to_act and word is not None
        key = ("bb.row", seat, framed, own, diver["skip"], word, cards, tuple(view["slots"]), placed)
        # (its frame, disc and word a backdrop of their own, copied to start it: the same for all its cards)
        layer(draw, key, (0, y - 6, WIDTH, y + CARD_H + 6),
              lambda d, _x, top: _row_cards(d, top + 6, diver["slots"], view["slots"], placed),
              backdrop=(("bb.row_back", seat, framed, own, diver["skip"], word),
                        lambda d, _x, top: _row_back(d, top + 6, seat, framed, own, diver["skip"], word)))
        if to_act and not framed:
            _turn_frame(draw, y)
    # the field: the deck, then the four piles, each with how many cards it holds
    draw.rectangle((0, field_y - 8, WIDTH, field_y + CARD_H + 40), fill=PANEL)
    deck = view["deck"]
    # the deck, drawn once per top card and height (up to the three edges it shows), pasted as the piles are
    layer(draw, ("bb.deck", frozen(deck["top"]), min(deck["count"], 3)),
          (LEFT, field_y - 8, LEFT + PILE_W, field_y + CARD_H + 1),
          lambda d, px, py: _stack(d, px, py + 8, deck["top"], deck["count"]), fill=PANEL)
    _count_label(draw, LEFT, field_y + CARD_H + 6, _count_word("picture.deck_count", locale, deck["count"]))
    for number, pile in enumerate(view["piles"]):
        x = LEFT + (number + 2) * (CARD_W + GAP) + (number * GAP) // 2
        # the pile and its number, drawn once per top card and height (up to the three edges it shows) on the
        # field's colour, pasted whole (no mask) over its column of the field, where nothing else is drawn
        left = x & ~1
        layer(draw, ("bb.pile", number, frozen(pile["top"]), min(pile["height"], 3), x - left),
              (left, field_y - 8, left + PILE_W, field_y + CARD_H + 1),
              lambda d, px, py: _pile(d, px + x - left, py + 8, number, pile), fill=PANEL)
        _count_label(draw, x, field_y + CARD_H + 6, _count_word("blue_border.picture.cards", locale, pile["height"]))
    # the discard is face up: its numbers are public
    word = t("blue_border.picture.discard", locale)
    discard = tuple((number, _shade_of(view, number)) for number in view["discard"])
    layer(draw, ("bb.discard", word, discard, per_row), (0, discard_y, WIDTH, height),
          lambda d, _x, top: _discard(d, top, word, discard, per_row))
    if view["finished"]:
        image = above(result_banner(result_entries(view, locale), locale=locale), image)
    return png(image, exact=True)


def _row_back(draw, y: int, seat: int, to_act: bool, own: bool, skip: bool, word: str | None) -> None:
    """A diver's row at `y` before its slots: the turn's frame and arrow, their disc (ringed in their own view;
    "skip" or "you" beneath)."""
    mid = y + CARD_H // 2
    if to_act:
        _turn_frame(draw, y)
    shift = 14 if skip or own else 0
    if own:  # a player's own view: their row, ringed and marked
        draw.ellipse((40 - 26, mid - shift - 26, 40 + 26, mid - shift + 26), outline=INK, width=3)
    seat_disc(draw, 40, mid - shift, 20, seat)
    if word is not None:
        centre = min(40, LEFT - 4 - text_width(word, MIN_TEXT) / 2)  # clear of the first card
        draw.text((centre, mid + 14), word, font=font(MIN_TEXT), fill=HIGHLIGHT if skip else INK, anchor="mt")


def _row_cards(draw, y: int, slots: list, labels: list[str], placed: int | None) -> None:
    """A diver's 7 slots at `y` (over `_row_back`), the one just placed highlighted."""
    _cards(draw, [(LEFT + index * (CARD_W + GAP), y, card, labels[index], index == placed)
                  for index, card in enumerate(slots)])


def _turn_frame(draw, y: int) -> None:
    """The frame and arrow of a row whose diver is to act."""
    draw.rounded_rectangle((2, y - 5, WIDTH - 2, y + CARD_H + 5), radius=10, outline=HIGHLIGHT, width=3)
    turn_arrow(draw, 6, y + CARD_H // 2, 14)


def _discard(draw, top: int, word: str, discard: tuple, per_row: int) -> None:
    """The discard from `top`: its title, then every discarded number in its shade (the discard is face up)."""
    draw.text((12, top), word, font=font(MIN_TEXT), fill=MUTED)
    cached_many(draw, [(("bb.discarded", number, shade), 12 + (index % per_row) * DISCARD_STEP,
                        top + 32 + (index // per_row) * (DISCARD_H + 6))
                       for index, (number, shade) in enumerate(discard)],
                (-2, -2, DISCARD_W + 2, DISCARD_H + 2), lambda d, x, y, key: _discard_card(d, x, y, *key[1:]))


def _discard_card(draw, x: int, y: int, number: int, shade: str) -> None:
    box = (x, y, x + DISCARD_W, y + DISCARD_H)
    draw.rounded_rectangle(box, radius=6, fill=shade, outline="#0b1a2e", width=2)
    centred_text(draw, box, str(number), MIN_TEXT, fill=readable_on(shade))


def _shade_of(view: dict, number: int) -> str:
    """A revealed number's shade, for drawing the discard (the chart is public; without it, a neutral grey)."""
    for entry in view.get("chart") or []:
        if entry["number"] == number:
            return entry["shade"]
    return "#a0aec0"


def draw_chart(chart: list[dict]) -> bytes:
    """The colour chart (色見表): every shade with its number. Public information."""
    per_row = 8
    rows = -(-len(chart) // per_row)
    image, draw = canvas(WIDTH, 16 + rows * (CARD_H + 10))
    for index, entry in enumerate(chart):
        x, y = 12 + (index % per_row) * (CARD_W + 2), 12 + (index // per_row) * (CARD_H + 10)
        _card(draw, x, y, entry)
    return png(image, exact=True)
