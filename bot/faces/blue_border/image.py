"""Blue Border's pictures, drawn for a phone (PHONE_WIDTH wide, shown 252 CSS px): the table's rules strip (border,
bottoms, round), every diver's 7 slots (shades; numbers only where revealed) with the turn marked, the deck and the
four field piles with their counts, the face-up discard; at the end the result over the divers' boards. A diver's
own picture (nothing in Blue Border is private) is their row beside the colour chart. Drawn from `view(None)` (plus
the viewer's seat) only, so it can hold nothing a player may not see."""

from __future__ import annotations

from functools import lru_cache

from bot.i18n import t
from bot.render.canvas import canvas
from bot.render.encode import png
from bot.render.inks import HIGHLIGHT, INK, MUTED, PANEL
from bot.render.phone import MIN_TEXT, PHONE_WIDTH
from bot.render.sprites import cached, cached_many, frozen, layer
from bot.render.text import font, text_width
from bot.render.widgets import above, centred_text, crown, readable_on, result_banner, seat_disc, turn_arrow

WIDTH = PHONE_WIDTH
LEFT = 64  # the diver's disc lies left of it, their slots right of it
GAP = 8
CARD_W = (WIDTH - LEFT - 10 - 6 * GAP) // 7  # 54
CARD_H = 64
ROW_H = CARD_H + 12  # a diver's row, frame included
HEADER_H = 36  # the rules strip
ROWS_TOP = HEADER_H + 8  # the first diver's slots
EMPTY = "#2d3748"
PILE_W = CARD_W + 11  # a pile's column of the field: its card, the edges behind it (up to 8 px right) and a pixel
COLUMN = WIDTH // 5  # the deck and the four piles share the width
FIELD_H = 116  # the field's panel: edges, cards and their counts
DISCARD_W, DISCARD_H, DISCARD_STEP, DISCARD_ROW = 36, 36, 40, 40
CHART_COLUMNS, CHART_W, CHART_H, CHART_ROW = 8, 56, 40, 46


def _card(draw, x: int, y: int, card: dict | None, *, label: str = "", highlight: bool = False) -> None:
    """A slot: empty (with its label), or a card in its shade with its number where revealed (drawn once, pasted)."""
    cached(
        draw,
        ("bb.card", frozen(card), label, highlight),
        x,
        y,
        (-6, -6, CARD_W + 6, CARD_H + 6),
        lambda d, px, py: _paint_card(d, px, py, card, label=label, highlight=highlight),
    )


def _cards(draw, places: list[tuple[int, int, dict | None, str, bool]]) -> None:
    """Slots (x, y, card, label, highlight), each as `_card` draws it (the same sprites), in one pass."""
    cached_many(
        draw,
        [(("bb.card", frozen(card), label, highlight), x, y) for x, y, card, label, highlight in places],
        (-6, -6, CARD_W + 6, CARD_H + 6),
        lambda d, px, py, key: _paint_card(
            d, px, py, None if key[1] is None else dict(key[1]), label=key[2], highlight=key[3]
        ),
    )


def _paint_card(draw, x: float, y: float, card: dict | None, *, label: str, highlight: bool) -> None:
    box = (x, y, x + CARD_W, y + CARD_H)
    if card is None:
        draw.rounded_rectangle(box, radius=8, outline=MUTED, width=2, fill=EMPTY)
        if label:
            centred_text(draw, box, label, 28, fill=MUTED)
    else:
        draw.rounded_rectangle(box, radius=8, fill=card["shade"], outline="#0b1a2e", width=2)
        if "number" in card:
            centred_text(draw, box, str(card["number"]), 36, fill=readable_on(card["shade"]))
    if highlight:
        draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), radius=10, outline=HIGHLIGHT, width=5)


def _stack(draw, x: int, y: int, top: dict | None, height: int) -> None:
    """A field pile or the deck: a few edges behind the top card show it is a stack."""
    for offset in (8, 4)[: max(0, min(2, height - 1))][::-1] if height > 1 else ():
        draw.rounded_rectangle(
            (x + offset, y - offset, x + CARD_W + offset, y + CARD_H - offset),
            radius=8,
            fill="#1a365d",
            outline="#0b1a2e",
            width=2,
        )
    _card(draw, x, y, top)


def _pile(draw, x: int, y: int, number: int, pile: dict) -> None:
    """A field pile with its number (as the take buttons name it) in a disc on its top card."""
    _stack(draw, x, y, pile["top"], pile["height"])
    disc = (x + 3, y + 3, x + 35, y + 35)
    draw.ellipse(disc, fill="#1a202c", outline=INK, width=2)
    centred_text(draw, disc, str(number + 1), MIN_TEXT)


@lru_cache(maxsize=512)
def _count_word(key: str, locale: str, count: int) -> str:
    """A count's words (a plural message: its rules looked up once per count, not once per board)."""
    return t(key, locale, count=count)


def result_entries(view: dict, locale: str = "en") -> list[tuple[int | None, str, bool]]:
    winners = view["winner_seats"] or []
    if view["rounds"] > 1:
        return [
            (seat, t("picture.wins", locale, count=score), seat in winners)
            for seat, score in enumerate(view["round_scores"])
        ]
    return [(d["seat"], f"{d['filled']}/7", d["seat"] in winners) for d in view["divers"]]


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The public board in `locale`; a diver's own view (`view["seat"]` set) is their own picture (`_own`)."""
    if view.get("seat") is not None:
        return _own(view, locale)
    divers = view["divers"]
    finished = view["finished"]
    field_y = ROWS_TOP + len(divers) * ROW_H
    word = t("blue_border.picture.discard", locale)
    discard = tuple((number, _shade_of(view, number)) for number in sorted(view["discard"]))
    spots, rows = _discard_spots(len(discard), text_width(word, MIN_TEXT))
    discard_y = field_y + FIELD_H + 4
    height = field_y + 2 if finished else discard_y + rows * DISCARD_ROW + 6
    image, draw = canvas(WIDTH, height)
    _header(draw, view, locale)
    _rows(draw, view, divers, locale)
    if not finished:
        _field(draw, view, locale, field_y)
        # the discard is face up: its numbers are public
        layer(
            draw,
            ("bb.discard", word, discard),
            (0, discard_y, WIDTH, height),
            lambda d, _x, top: _discard(d, top, word, discard, spots),
        )
    else:
        image = above(result_banner(result_entries(view, locale), locale=locale), image)
    return png(image, exact=True)


def _header(draw, view: dict, locale: str) -> None:
    """The rules strip: the border and the bottoms in force (a shuffled round draws its own), and the round."""
    settings = view["settings"]
    rules = t("blue_border.picture.rules", locale, border=settings["border"], bottoms=settings["bottoms"])
    rounds = (
        t("blue_border.picture.round", locale, round=view["round"], rounds=view["rounds"]) if view["rounds"] > 1 else ""
    )
    layer(
        draw,
        ("bb.header", rules, rounds),
        (0, 0, WIDTH, HEADER_H),
        lambda d, x, y: _paint_header(d, y, rules, rounds),
        fill=PANEL,
    )


def _paint_header(draw, top: int, rules: str, rounds: str) -> None:
    draw.rectangle((0, top, WIDTH - 1, top + HEADER_H - 1), fill=PANEL)  # its own band, layered or drawn in place
    draw.text((12, top + HEADER_H // 2), rules, font=font(MIN_TEXT), fill=INK, anchor="lm")
    if rounds:
        draw.text((WIDTH - 12, top + HEADER_H // 2), rounds, font=font(MIN_TEXT), fill=HIGHLIGHT, anchor="rm")


def _rows(draw, view: dict, divers: list[dict], locale: str, own: int | None = None, top: int = ROWS_TOP) -> None:
    """Every diver's row (or only `own`'s, ringed, at `top`): disc, slots, the turn's frame, a skip's tag."""
    placement = view.get("placement")
    acting = set(view.get("to_act") or []) if not view["finished"] else set()
    scores = view["round_scores"] if view["rounds"] > 1 else None
    for diver in divers:
        seat = diver["seat"]
        if own is not None and seat != own:
            continue
        y = top + (0 if own is not None else seat * ROW_H)
        # the one diver to act is framed (the diver to take, the caller choosing a reward); in a call window the
        # card placed is marked instead (anyone else may call)
        to_act = own is None and (
            view.get("active_seat") == seat if view["phase"] == "turn" else view["phase"] == "reward" and seat in acting
        )
        placed = placement["slot_index"] if placement and placement["seat"] == seat else None
        cards = tuple(frozen(card) for card in diver["slots"])
        score = None if scores is None else scores[seat]
        skip = t("blue_border.picture.skips", locale) if diver["skip"] else None
        below = t("picture.you", locale) if own is not None else None
        # a diver's row, drawn once and pasted whole (a move changes one row); its frame, disc and marks a backdrop
        # of their own, copied to start it
        back = ("bb.row_back", seat, to_act, own is not None, score, below)
        layer(
            draw,
            ("bb.row", back, cards, tuple(view["slots"]), placed, skip),
            (0, y - 6, WIDTH, y + CARD_H + 6),
            lambda d, _x, row_top: _row_cards(d, row_top + 6, diver["slots"], view["slots"], placed, skip),
            backdrop=(
                back,
                lambda d, _x, row_top: _row_back(d, row_top + 6, seat, to_act, own is not None, score, below),
            ),
        )


def _row_back(draw, y: int, seat: int, to_act: bool, own: bool, score: int | None, below: str | None) -> None:
    """A diver's row at `y` before its slots: the turn's frame and arrow, their disc (ringed in their own picture),
    beneath it their rounds won (a crown and a count) or "you"."""
    mid = y + CARD_H // 2
    if to_act:
        draw.rounded_rectangle((2, y - 5, WIDTH - 2, y + CARD_H + 5), radius=10, outline=HIGHLIGHT, width=3)
        turn_arrow(draw, 4, mid - (12 if score is not None else 0), 12)
    shift = 12 if score is not None or below else 0
    if own:
        draw.ellipse((38 - 24, mid - shift - 24, 38 + 24, mid - shift + 24), outline=INK, width=3)
    seat_disc(draw, 38, mid - shift, 20, seat)
    if below:
        draw.text((38, mid + 14), below, font=font(MIN_TEXT), fill=INK, anchor="mt")
    elif score is not None:
        crown(draw, 26, mid + 22, 20)
        draw.text((40, mid + 22), str(score), font=font(MIN_TEXT), fill=HIGHLIGHT, anchor="lm")


def _row_cards(draw, y: int, slots: list, labels: list[str], placed: int | None, skip: str | None) -> None:
    """A diver's 7 slots at `y` (over `_row_back`), the one just placed highlighted; a diver who owes a skip has a
    tag over their empty slots (a skip is owed only with no card placed)."""
    _cards(
        draw,
        [(LEFT + index * (CARD_W + GAP), y, card, labels[index], index == placed) for index, card in enumerate(slots)],
    )
    if skip:
        first = next((index for index, card in enumerate(slots) if card is None), len(slots) - 1)
        x0 = LEFT + first * (CARD_W + GAP)
        box = (x0, y + CARD_H // 2 - 20, WIDTH - 10, y + CARD_H // 2 + 20)
        draw.rounded_rectangle(box, radius=8, fill="#3b3216", outline=HIGHLIGHT, width=2)
        centred_text(draw, box, skip, MIN_TEXT, fill=HIGHLIGHT)


def _field(draw, view: dict, locale: str, top: int) -> None:
    """The deck, then the four piles, each with how many cards it holds beneath it."""
    draw.rectangle((0, top, WIDTH, top + FIELD_H - 1), fill=PANEL)
    y = top + 16  # a stack's top card (its edges reach 8 px above)
    deck = view["deck"]
    x = COLUMN // 2 - (CARD_W + 8) // 2
    left = x & ~1
    # the deck, drawn once per top card and height (up to the three edges it shows), pasted as the piles are
    layer(
        draw,
        ("bb.deck", frozen(deck["top"]), min(deck["count"], 3), x - left),
        (left, y - 8, left + PILE_W, y + CARD_H + 1),
        lambda d, px, py: _stack(d, px + x - left, py + 8, deck["top"], deck["count"]),
        fill=PANEL,
    )
    _count(draw, COLUMN // 2, y + CARD_H + 6, _count_word("picture.deck_count", locale, deck["count"]))
    for number, pile in enumerate(view["piles"]):
        centre = COLUMN * (number + 1) + COLUMN // 2
        x = centre - (CARD_W + 8) // 2
        # the pile and its number, drawn once per top card and height on the field's colour, pasted whole (no mask)
        # over its column of the field, where nothing else is drawn
        left = x & ~1
        layer(
            draw,
            ("bb.pile", number, frozen(pile["top"]), min(pile["height"], 3), x - left),
            (left, y - 8, left + PILE_W, y + CARD_H + 1),
            lambda d, px, py: _pile(d, px + x - left, py + 8, number, pile),
            fill=PANEL,
        )
        _count(draw, centre, y + CARD_H + 6, _count_word("blue_border.picture.cards", locale, pile["height"]))


def _count(draw, centre: int, y: int, text: str) -> None:
    draw.text((centre, y), text, font=font(MIN_TEXT), fill=INK, anchor="mt")


def _discard_spots(count: int, word_width: float) -> tuple[list[tuple[int, int]], int]:
    """Where each discarded number goes (x, row) — the first row after the word, the others the full width — and
    how many rows (at least one, for the word)."""
    spots, row, x = [], 0, 12 + int(word_width) + 14
    for _ in range(count):
        if x + DISCARD_W > WIDTH - 8:
            row, x = row + 1, 12
        spots.append((x, row))
        x += DISCARD_STEP
    return spots, row + 1


def _discard(draw, top: int, word: str, discard: tuple, spots: list[tuple[int, int]]) -> None:
    """The discard from `top`: its word, then every discarded number in its shade, in order (it is face up)."""
    draw.text((12, top + DISCARD_H // 2 + 2), word, font=font(MIN_TEXT), fill=MUTED, anchor="lm")
    cached_many(
        draw,
        [
            (("bb.discarded", number, shade), x, top + 2 + row * DISCARD_ROW)
            for (number, shade), (x, row) in zip(discard, spots)
        ],
        (-2, -2, DISCARD_W + 2, DISCARD_H + 2),
        lambda d, x, y, key: _small_card(d, x, y, *key[1:]),
    )


def _small_card(
    draw, x: float, y: float, number: int, shade: str, width: int = DISCARD_W, height: int = DISCARD_H
) -> None:
    box = (x, y, x + width, y + height)
    draw.rounded_rectangle(box, radius=6, fill=shade, outline="#0b1a2e", width=2)
    centred_text(draw, box, str(number), MIN_TEXT, fill=readable_on(shade))


def _shade_of(view: dict, number: int) -> str:
    """A revealed number's shade, for drawing the discard (the chart is public; without it, a neutral grey)."""
    for entry in view.get("chart") or []:
        if entry["number"] == number:
            return entry["shade"]
    return "#a0aec0"


def _own(view: dict, locale: str) -> bytes:
    """A diver's own picture: nobody sees their own numbers, so it holds nothing private; their row (ringed, "you")
    under the rules strip, and the colour chart (when the table uses it) to hold their shades against."""
    chart = view.get("chart") or []
    chart_rows = -(-len(chart) // CHART_COLUMNS)
    chart_y = ROWS_TOP + ROW_H + 8
    height = chart_y + (chart_rows * CHART_ROW + 8 if chart else 0)
    image, draw = canvas(WIDTH, height)
    _header(draw, view, locale)
    _rows(draw, view, view["divers"], locale, own=view["seat"])
    if chart:
        _chart_grid(draw, chart, chart_y)
    return png(image, exact=True)


def _chart_grid(draw, chart: list[dict], top: int) -> None:
    """Every shade of the chart with its number, CHART_COLUMNS to a row, from `top`."""
    step = (WIDTH - 16) // CHART_COLUMNS
    cached_many(
        draw,
        [
            (
                ("bb.chart", entry["number"], entry["shade"]),
                8 + (step - CHART_W) // 2 + (index % CHART_COLUMNS) * step,
                top + (index // CHART_COLUMNS) * CHART_ROW,
            )
            for index, entry in enumerate(chart)
        ],
        (-2, -2, CHART_W + 2, CHART_H + 2),
        lambda d, x, y, key: _small_card(d, x, y, key[1], key[2], CHART_W, CHART_H),
    )


def draw_chart(chart: list[dict]) -> bytes:
    """The colour chart (色見表): every shade with its number. Public information."""
    rows = -(-len(chart) // CHART_COLUMNS)
    image, draw = canvas(WIDTH, 16 + rows * CHART_ROW)
    _chart_grid(draw, chart, 10)
    return png(image, exact=True)
