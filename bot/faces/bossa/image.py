"""BOSSa's board picture, drawn from one seat's `view` (the public message uses `view(None)`), so it holds nothing
that view does not. Drawn for a phone: PHONE_WIDTH wide, at most PHONE_HEIGHT tall while playing (PHONE_END_HEIGHT
with the result banner), no text under MIN_TEXT.

Top: the two lines, each a panel: a header (the line's chip, its owner's disc, how many of 6 columns it has), then a
row of slots left to right: the descending side's open end, its columns (nearest the die last), the die, the
ascending side's columns and its open end. Above every slot the number it stands for (open ends in yellow); a column
is its stack of tiles (smaller when the line is long or a column tall, so the picture stays one phone screen); an
open end is a dashed box with the tile counts it takes ("1/2": one or two tiles). Below: one panel per player (seat
disc, their die in their line's colours, hand size, the action markers R / E / S, struck out once used, and the hand:
face-up tiles, or backs while hidden). At the bottom: the deck and the tiles out of play, then the markers' legend.

A tile is drawn as two halves: a dark half with white pips (its white dots) and a light half with black pips (its
black dots), like the two dice: the white die is dark with white pips, the black die light with black pips.

A seat's own picture (`draw_hand`, "My view") is its hand alone: the rest is on the table."""

from __future__ import annotations

from bot.i18n import t
from bot.render.caches import bounded
from bot.render.canvas import canvas
from bot.render.encode import png
from bot.render.inks import BACKGROUND, INK, MUTED
from bot.render.phone import MIN_TEXT, PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from bot.render.sprites import cached, drawn_once, frozen, layer
from bot.render.text import font, text_width
from bot.render.widgets import above, centred_text, result_banner, seat_disc, turn_arrow
from games.bossa.tiles import dots

WIDTH = PHONE_WIDTH
MARGIN = 8  # the panels' outer edge
INNER = 16  # where a panel's content starts
TILE_W, TILE_H = 70, 36
TILE_GAP = 3
DIE = 44
SLOT_MAX = 66
HAND_STEP = TILE_W + 8
HAND_ROW = (WIDTH - 2 * INNER + 8) // HAND_STEP  # full-size tiles in one row (6)
HAND_MIN_SCALE = 0.7  # a longer hand is drawn smaller, down to this, before it takes a second row
GAP = 6  # between panels
LABEL = 26  # the size of a slot's number

HIGHLIGHT = "#f6e05e"
PANEL = "#273041"
PANEL_EDGE = "#3a4558"
DARK_HALF = "#2c2f38"  # the white dots' half (and the white die)
LIGHT_HALF = "#f1e9d2"  # the black dots' half (and the black die)
WHITE_PIP = "#ffffff"
BLACK_PIP = "#111111"
FADED_WHITE_PIP = "#5d6270"
FADED_BLACK_PIP = "#c9bfa3"
BACK = "#8b5e34"
BACK_EDGE = "#5c3b1e"
NEUTRAL_DIE = "#a0aec0"
# a die's fill and pips by its colour; any other (None: no colour yet) is neutral
DIE_LOOKS: dict[str | None, tuple[str, str]] = {"white": (DARK_HALF, WHITE_PIP), "black": (LIGHT_HALF, BLACK_PIP)}
MARKER_FILL = "#d69e2e"
MARKERS = ("redraw", "exchange", "stack")  # letters: bossa.picture.marker.<name>
SIDES = ("down", "up")
COLOURS = ("white", "black")

# Pip positions on a 3 x 3 grid (column, row), as on a die.
PIPS = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


# --- small drawings ------------------------------------------------------------------------------
def pips(draw, box: tuple[float, float, float, float], count: int, colour: str, radius: float) -> None:
    x0, y0, x1, y1 = box
    step_x, step_y = (x1 - x0) / 4, (y1 - y0) / 4
    for column, row in PIPS.get(count, ()):
        cx, cy = x0 + step_x * (column + 1), y0 + step_y * (row + 1)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)


@drawn_once(lambda tile_id, scale=1.0, counted=None: (-2, -2, TILE_W * scale + 2, TILE_H * scale + 2))
def tile(draw, x: float, y: float, tile_id: str, scale: float = 1.0, counted: str | None = None) -> None:
    """A face-up tile: white dots on the dark left half, black dots on the light right half. In a line, the half
    that line does not count (`counted` names the colour it does) has faded pips."""
    w, h = TILE_W * scale, TILE_H * scale
    counts = dots()[tile_id]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6 * scale, fill=LIGHT_HALF, outline="#0b0f16", width=2)
    draw.rounded_rectangle((x, y, x + w / 2, y + h), radius=6 * scale, fill=DARK_HALF, outline="#0b0f16", width=2)
    draw.rectangle((x + w / 2 - 6 * scale, y + 2, x + w / 2, y + h - 2), fill=DARK_HALF)
    draw.line((x + w / 2, y + 2, x + w / 2, y + h - 2), fill="#0b0f16", width=2)
    radius = max(2.0, 5.2 * scale)
    white_pip = FADED_WHITE_PIP if counted == "black" else WHITE_PIP
    black_pip = FADED_BLACK_PIP if counted == "white" else BLACK_PIP
    pips(draw, (x + 1, y + 1, x + w / 2 - 1, y + h - 1), counts["white"], white_pip, radius)
    pips(draw, (x + w / 2 + 1, y + 1, x + w - 1, y + h - 1), counts["black"], black_pip, radius)


@drawn_once(lambda scale=1.0: (-2, -2, TILE_W * scale + 2, TILE_H * scale + 2))
def back(draw, x: float, y: float, scale: float = 1.0) -> None:
    """A face-down tile."""
    w, h = TILE_W * scale, TILE_H * scale
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6 * scale, fill=BACK, outline=BACK_EDGE, width=2)
    draw.rounded_rectangle(
        (x + 6 * scale, y + 6 * scale, x + w - 6 * scale, y + h - 6 * scale),
        radius=4 * scale,
        outline="#a97b4f",
        width=2,
    )


@drawn_once(lambda value, colour, size=DIE: (-2, -2, size + 2, size + 2))
def die(draw, x: float, y: float, value: int | None, colour: str | None, size: float = DIE) -> None:
    """The white die is dark with white pips, the black die light with black pips; None: not yet placed."""
    fill, pip = DIE_LOOKS.get(colour, (NEUTRAL_DIE, BLACK_PIP))
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size * 0.18, fill=fill, outline="#0b0f16", width=2)
    if value is None:
        centred_text(draw, (x, y, x + size, y + size), "?", max(MIN_TEXT, int(size * 0.55)), fill=pip)
    else:
        pips(draw, (x + 2, y + 2, x + size - 2, y + size - 2), value, pip, size * 0.085)


def dashed_box(draw, box: tuple[float, float, float, float], colour: str, dash: int = 6) -> None:
    """A box's outline in dashes (drawn once per size, colour and dash, then pasted)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cached(
        draw,
        ("bossa.dashed", w, h, colour, dash),
        x0,
        y0,
        (-2, -2, w + 2, h + 2),
        lambda d, x, y: paint_dashed_box(d, (x, y, x + w, y + h), colour, dash),
    )


def paint_dashed_box(draw, box: tuple[float, float, float, float], colour: str, dash: int) -> None:
    x0, y0, x1, y1 = box
    for x in range(int(x0), int(x1), dash * 2):
        draw.line((x, y0, min(x + dash, x1), y0), fill=colour, width=2)
        draw.line((x, y1, min(x + dash, x1), y1), fill=colour, width=2)
    for y in range(int(y0), int(y1), dash * 2):
        draw.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=2)
        draw.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=2)


def panel(draw, y: int, height: int) -> None:
    """A line's or a player's panel from `y`, `height` high (a layer's backdrop)."""
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height), radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)


def line_chip(draw, box: tuple[float, float, float, float], colour: str, locale: str) -> None:
    """The line's name on a chip in its die's colours (dark for white, light for black: told apart without hue)."""
    fill, ink = (DARK_HALF, WHITE_PIP) if colour == "white" else (LIGHT_HALF, BLACK_PIP)
    draw.rounded_rectangle(box, radius=8, fill=fill, outline="#0b0f16", width=2)
    centred_text(draw, box, t(f"bossa.picture.line.{colour}", locale), MIN_TEXT, fill=ink)


# --- the lines ------------------------------------------------------------------------------------
def line_slots(line: dict) -> list[tuple[str, dict]]:
    """Left to right: ("end", down end), ("column", ...) for the descending side outwards-in, ("die", its value),
    the ascending columns, ("end", up end); each slot's "value" is the number above it."""
    slots: list[tuple[str, dict]] = []
    ends = line["ends"]
    if ends["down"] is not None:
        slots.append(("end", {**ends["down"], "side": "down"}))
    slots += [("column", column) for column in reversed(line["columns"]["down"])]
    slots.append(("die", {"value": line["die"]}))
    slots += [("column", column) for column in line["columns"]["up"]]
    if ends["up"] is not None:
        slots.append(("end", {**ends["up"], "side": "up"}))
    return slots


LINE_HEAD = 30
END_H = 40  # an open end's box


def form(line: dict) -> tuple[bool, int, int]:
    """What a line's size depends on: (its die placed, how many slots it has (`line_slots`), its tallest column)."""
    columns, ends = line["columns"], line["ends"]
    slots = 1 + len(columns["down"]) + len(columns["up"]) + (ends["down"] is not None) + (ends["up"] is not None)
    tallest = max((len(c["tiles"]) for side in SIDES for c in columns[side]), default=0)
    return line["die"] is not None, slots, tallest


def slot_width(slots: int) -> int:
    return min(SLOT_MAX, (WIDTH - 2 * MARGIN - 8) // slots)


@bounded(1024)
def column_scale(shape: tuple[bool, int, int], body_cap: int) -> float:
    """The size of the tiles of a line of `shape` (`form`): as wide as its slots allow, and short enough for its
    tallest column to fit `body_cap` (hundredths, so few sizes are drawn)."""
    _placed, slots, count = shape
    scale = (slot_width(slots) - 6) / TILE_W
    if count:
        scale = min(scale, (body_cap / count - TILE_GAP) / TILE_H)
    return int(scale * 100) / 100


@bounded(1024)
def body_height(shape: tuple[bool, int, int], body_cap: int) -> int:
    placed, _slots, count = shape
    if not placed:
        return DIE
    stack = count * (round(TILE_H * column_scale(shape, body_cap)) + TILE_GAP) - TILE_GAP if count else 0
    return max(DIE, END_H, stack)


def line_height(shape: tuple[bool, int, int], body_cap: int) -> int:
    return LINE_HEAD + (LABEL + 4 if shape[0] else 0) + body_height(shape, body_cap) + 10


def draw_line(draw, y: int, colour: str, line: dict, locale: str, body_cap: int) -> int:
    """A line's panel, drawn once per everything it shows and pasted whole (from an even row: the row above a
    panel is background). Returns its bottom."""
    height, odd = line_height(form(line), body_cap), y & 1
    layer(
        draw,
        ("bossa.line", colour, frozen(line), locale, body_cap, odd),
        (0, y - odd, WIDTH, y + height + 1),
        lambda d, _x, top: paint_line(d, top + odd, colour, line, locale, body_cap),
        fill=BACKGROUND,
        backdrop=(("bossa.panel", height, odd), lambda d, _x, top: panel(d, top + odd, height)),
    )
    return y + height


def paint_line(draw, y: int, colour: str, line: dict, locale: str, body_cap: int) -> int:
    """A line on its panel (`panel`) from `y`."""
    shape = form(line)
    height = line_height(shape, body_cap)
    mid = y + LINE_HEAD / 2 + 2
    chip_w = max(100, int(text_width(t(f"bossa.picture.line.{colour}", locale), MIN_TEXT)) + 20)
    line_chip(draw, (INNER, mid - 14, INNER + chip_w, mid + 14), colour, locale)
    if line["owner_seat"] is not None:
        seat_disc(draw, INNER + chip_w + 22, mid, 14, line["owner_seat"])
    count = line["column_count"]
    draw.text(
        (WIDTH - INNER, mid),
        t("bossa.picture.columns", locale, count=count),
        font=font(MIN_TEXT),
        fill=HIGHLIGHT if count >= 5 else INK,
        anchor="rm",
    )
    top = y + LINE_HEAD
    if line["die"] is None:
        die(draw, WIDTH / 2 - DIE / 2, top, None, colour)
        return y + height
    body = top + LABEL + 4
    slots = line_slots(line)
    slot = slot_width(len(slots))
    scale = column_scale(shape, body_cap)
    tile_w, step = TILE_W * scale, round(TILE_H * scale) + TILE_GAP
    x = (WIDTH - len(slots) * slot) // 2
    stacked = []  # every column's tiles, pasted in one pass after the slots (nothing else is drawn where they go)
    for kind, item in slots:
        cx = x + slot / 2
        label_box = (x, top, x + slot, top + LABEL + 4)
        if kind == "die":
            centred_text(draw, label_box, str(item["value"]), LABEL, fill=INK)
            die(draw, cx - DIE / 2, body, item["value"], colour)
        elif kind == "column":
            centred_text(draw, label_box, str(item["value"]), LABEL, fill=INK)
            stacked += [
                (round(cx - tile_w / 2), body + level * step, tile_id) for level, tile_id in enumerate(item["tiles"])
            ]
        else:
            centred_text(draw, label_box, str(item["value"]), LABEL, fill=HIGHLIGHT)
            box = (x + 3, body, x + slot - 3, body + END_H)
            dashed_box(draw, box, HIGHLIGHT)
            sizes = "/".join(str(size) for size in item["sizes"])
            size = LABEL if text_width(sizes, LABEL) <= slot - 10 else MIN_TEXT
            centred_text(draw, box, sizes, size, fill=HIGHLIGHT)
            # the way the line grows: a small arrow on the end's outer edge, under its number
            ay = body + END_H + 6
            if item["side"] == "down":
                draw.polygon([(x + 3, ay), (x + 13, ay - 5), (x + 13, ay + 5)], fill=HIGHLIGHT)
            else:
                draw.polygon([(x + slot - 3, ay), (x + slot - 13, ay - 5), (x + slot - 13, ay + 5)], fill=HIGHLIGHT)
        x += slot
    tile.many(draw, stacked, scale=scale, counted=colour)
    return y + height


# --- the players ----------------------------------------------------------------------------------
PLAYER_HEAD = 38


@bounded(64)
def hand_layout(count: int) -> tuple[float, int, int]:
    """(scale, per row, rows) of a hand of `count` tiles: full size in one row if it fits, else smaller, else in
    rows."""
    if count <= HAND_ROW:
        return 1.0, HAND_ROW, 1
    room = WIDTH - 2 * INNER + 8
    scale = int((room / count - 8) / TILE_W * 100) / 100
    if scale >= HAND_MIN_SCALE:
        return scale, count, 1
    return 1.0, HAND_ROW, -(-count // HAND_ROW)


def player_height(view: dict, seat: int) -> int:
    return hand_height(view["hand_counts"][seat])


def hand_height(count: int) -> int:
    """A player's panel's height, by their hand's size."""
    scale, _per_row, rows = hand_layout(count)
    return PLAYER_HEAD + rows * (round(TILE_H * scale) + 6) + 6


def draw_player(draw, y: int, view: dict, seat: int, locale: str) -> int:
    """A player's panel (its frame pasted whole, from an even row, as `draw_line`'s) with the player drawn on it in
    place: a move changes both players' hands, so a panel drawn once and pasted would be drawn anew at nearly every
    move, at more cost than drawing its few parts (each a cached sprite) straight on the board. Returns its bottom."""
    height, odd = player_height(view, seat), y & 1
    layer(
        draw,
        ("bossa.panel", height, odd),
        (0, y - odd, WIDTH, y + height + 1),
        lambda d, _x, top: panel(d, top + odd, height),
        fill=BACKGROUND,
    )
    paint_player(draw, y, view, seat, locale)
    # over it, touching nothing else: the turn's frame and arrow, and the die (so the panel is the same, drawn once,
    # whoever is to play and whatever the dice show)
    mid = y + PLAYER_HEAD / 2 + 2
    if view["active_seat"] == seat and view["phase"] != "over":
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height), radius=12, outline=HIGHLIGHT, width=4)
        turn_arrow(draw, INNER + 34, mid, 14)
    die(draw, INNER + 56, mid - 15, view["dice"][seat], view["colours"][seat], size=30)
    return y + height


def paint_player(draw, y: int, view: dict, seat: int, locale: str) -> int:
    """A player on their panel (`panel`), without the turn's frame and arrow and the die (`draw_player`)."""
    height = player_height(view, seat)
    mid = y + PLAYER_HEAD / 2 + 2
    seat_disc(draw, INNER + 14, mid, 15, seat)
    x = INNER + 98
    count = view["hand_counts"][seat]
    draw.text((x, mid), t("bossa.picture.hand", locale, count=count), font=font(28), fill=INK, anchor="lm")
    if view.get("seat") == seat:  # a player's own view
        you = (x + 128, mid - 15, x + 198, mid + 15)
        draw.rounded_rectangle(you, radius=10, fill="#e2e8f0", outline="#0b0f16", width=2)
        centred_text(draw, you, t("picture.you", locale), MIN_TEXT, fill="#111111")
    # the action markers, right-aligned: bright while unused, struck out once spent (drawn once, then pasted)
    unused = tuple(name in view["unused_actions"][seat] for name in MARKERS)
    cached(
        draw,
        ("bossa.markers", unused, locale),
        WIDTH - INNER,
        mid,
        (-40 * len(MARKERS) - 4, -24, 4, 24),
        lambda d, px, py: markers(d, px, py, unused, locale),
    )
    hand_tiles(draw, y + PLAYER_HEAD, view["hands"][seat], count)
    return y + height


def hand_tiles(draw, top: float, hand: list[str] | None, count: int) -> None:
    """A hand's tiles (backs when `hand` is None) in rows from `top`."""
    scale, per_row, _rows = hand_layout(count)
    step_x, step_y = round(TILE_W * scale) + 8, round(TILE_H * scale) + 6
    places = [(INNER + (index % per_row) * step_x, top + (index // per_row) * step_y) for index in range(count)]
    if hand is None:
        back.many(draw, places, scale=scale)
    else:
        tile.many(draw, [(tx, ty, tile_id) for (tx, ty), tile_id in zip(places, hand)], scale=scale)


def marker(draw, box: tuple[float, float, float, float], letter: str, unused: bool) -> None:
    if unused:
        draw.rounded_rectangle(box, radius=6, fill=MARKER_FILL, outline="#0b0f16", width=2)
        centred_text(draw, box, letter, MIN_TEXT, fill="#111111")
    else:
        draw.rounded_rectangle(box, radius=6, outline=MUTED, width=2)
        centred_text(draw, box, letter, MIN_TEXT, fill=MUTED)
        draw.line((box[0] + 4, box[3] - 4, box[2] - 4, box[1] + 4), fill=MUTED, width=2)


def markers(draw, right: float, mid: float, unused: tuple[bool, ...], locale: str) -> None:
    """The action markers (`MARKERS`, `unused` says which are left), right-aligned at `right`, centred on `mid`."""
    for name, left in reversed(list(zip(MARKERS, unused))):
        marker(draw, (right - 34, mid - 17, right, mid + 17), t(f"bossa.picture.marker.{name}", locale), left)
        right -= 40


# --- the deck, the tiles out of play and the legend ---------------------------------------------------
OUT_SCALE = 0.6
FOOT_ROW = 32


def out_places(view: dict, locale: str) -> tuple[tuple[int, int], ...]:
    """Where each tile out of play goes, relative to the footer's top-left: after the deck's and the count's words,
    then in further rows from the left edge."""
    return _out_places(view["deck_count"], len(view["out_of_play"]), locale)


@bounded(256)
def _out_places(deck_count: int, count: int, locale: str) -> tuple[tuple[int, int], ...]:
    """`out_places` of a footer (a board asks for them several times: its height as it fits, then its tiles)."""
    deck = t("picture.deck_count", locale, count=deck_count)
    out = t("bossa.picture.out_of_play", locale, count=count)
    x = INNER + 46 + text_width(deck, MIN_TEXT) + 20 + text_width(out, MIN_TEXT) + 10
    step, width = int(TILE_W * OUT_SCALE) + 4, int(TILE_W * OUT_SCALE)
    places, row = [], 0
    for _tile in range(count):
        if x + width > WIDTH - INNER:
            x, row = INNER, row + 1
        places.append((int(x), row * FOOT_ROW))
        x += step
    return tuple(places)


def footer_height(view: dict, locale: str) -> int:
    places = out_places(view, locale)
    return (places[-1][1] if places else 0) + FOOT_ROW + 4


def draw_footer(draw, y: int, view: dict, locale: str) -> int:
    mid = y + FOOT_ROW / 2
    tile_top = int(mid - TILE_H * OUT_SCALE / 2)
    back(draw, INNER, tile_top, scale=OUT_SCALE)
    deck = t("picture.deck_count", locale, count=view["deck_count"])
    draw.text((INNER + 46, mid), deck, font=font(MIN_TEXT), fill=INK, anchor="lm")
    x = INNER + 46 + text_width(deck, MIN_TEXT) + 20
    draw.text(
        (x, mid),
        t("bossa.picture.out_of_play", locale, count=len(view["out_of_play"])),
        font=font(MIN_TEXT),
        fill=MUTED,
        anchor="lm",
    )
    tile.many(
        draw,
        [(tx, tile_top + dy, tile_id) for (tx, dy), tile_id in zip(out_places(view, locale), view["out_of_play"])],
        scale=OUT_SCALE,
    )
    return y + footer_height(view, locale)


LEGEND_H = 34


def draw_legend(draw, y: int, locale: str) -> int:
    """One row: what R, E and S stand for (drawn once per language, then pasted)."""
    words = [(t(f"bossa.picture.marker.{name}", locale), t(f"bossa.picture.{name}", locale)) for name in MARKERS]
    cached(draw, ("bossa.legend", locale), 0, y, (0, 0, WIDTH, LEGEND_H), lambda d, px, py: paint_legend(d, py, words))
    return y + LEGEND_H


def paint_legend(draw, y: float, words: list[tuple[str, str]]) -> None:
    box_w, after = 30, 6
    need = sum(box_w + after + text_width(word, MIN_TEXT) for _letter, word in words)
    gap = max(8, min(28, (WIDTH - 2 * INNER - need) / max(1, len(words) - 1)))
    x = (WIDTH - need - gap * (len(words) - 1)) / 2
    mid = y + LEGEND_H / 2
    for letter, word in words:
        marker(draw, (x, mid - 15, x + box_w, mid + 15), letter, True)
        draw.text((x + box_w + after, mid), word, font=font(MIN_TEXT), fill=INK, anchor="lm")
        x += box_w + after + text_width(word, MIN_TEXT) + gap


# --- the whole picture -------------------------------------------------------------------------------
TOP = 6
BODY_CAP = 110  # a line's columns are at most this tall (tiles shrink to fit), less when the picture would be taller


def fixed_height(view: dict, locale: str, legend: bool) -> int:
    """Everything but the lines' bodies."""
    return _fixed_height(
        tuple(view["lines"][c]["die"] is not None for c in COLOURS),
        tuple(view["hand_counts"]),
        view["deck_count"],
        len(view["out_of_play"]),
        locale,
        legend,
    )


@bounded(1024)
def _fixed_height(
    placed: tuple[bool, ...], hand_counts: tuple[int, ...], deck_count: int, out_count: int, locale: str, legend: bool
) -> int:
    height = TOP + 2 * (GAP + LINE_HEAD + 10) + sum(LABEL + 4 for die in placed if die)
    height += sum(hand_height(count) + GAP for count in hand_counts)
    places = _out_places(deck_count, out_count, locale)
    height += (places[-1][1] if places else 0) + FOOT_ROW + 4 + (LEGEND_H if legend else 0) + 4
    return height


def fitted(view: dict, locale: str, limit: int) -> tuple[int, bool]:
    """(cap, legend): the tallest a line's columns may be drawn, and whether the legend is drawn (not at the end,
    nor when there is no room for it), so that the board is at most `limit` tall."""
    shapes = tuple(form(view["lines"][c]) for c in COLOURS)
    return _fitted(shapes, fixed_height(view, locale, True), fixed_height(view, locale, False), view["phase"], limit)


@bounded(1024)
def _fitted(
    shapes: tuple[tuple[bool, int, int], ...], with_legend: int, without: int, phase: str, limit: int
) -> tuple[int, bool]:
    legend = phase != "over"
    while True:
        room = limit - (with_legend if legend else without)
        cap = BODY_CAP
        while cap > DIE and sum(body_height(shape, cap) for shape in shapes) > room:
            cap -= 4
        if not legend or sum(body_height(shape, cap) for shape in shapes) <= room:
            return cap, legend
        legend = False


def result_entries(view: dict, locale: str) -> list[tuple[int | None, str, bool]]:
    """Each seat's value under its disc in the result banner: what the game ended on (hand sizes when a hand
    emptied or the deck ran out, else columns in one's own line; the message says who was stuck). Words from the
    picture catalogue only: the picture font holds no other characters."""
    winners = (view.get("result") or {}).get("winners", [])
    reason = view.get("end_reason")
    columns = {line["owner_seat"]: line["column_count"] for line in view["lines"].values()}
    entries: list[tuple[int | None, str, bool]] = []
    for seat in range(len(view["hand_counts"])):
        if reason in ("empty_hand", "deck_empty"):
            value = t("bossa.picture.hand", locale, count=view["hand_counts"][seat])
        else:
            value = t("bossa.picture.columns", locale, count=columns.get(seat, 0))
        entries.append((seat, value, seat in winners))
    return entries


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board (or a seat's own view) with its words in `locale`."""
    over = view["phase"] == "over"
    banner = result_banner(result_entries(view, locale), locale=locale, width=WIDTH) if over else None
    limit = PHONE_END_HEIGHT - banner.height if banner is not None else PHONE_HEIGHT
    lines = view["lines"]
    cap, legend = fitted(view, locale, limit)
    height = fixed_height(view, locale, legend) + sum(body_height(form(lines[c]), cap) for c in COLOURS)
    image, draw = canvas(WIDTH, height, BACKGROUND)
    y = TOP
    for colour in COLOURS:
        y = draw_line(draw, y, colour, lines[colour], locale, cap) + GAP
    for seat in range(len(view["hand_counts"])):
        y = draw_player(draw, y, view, seat, locale) + GAP
    y = draw_footer(draw, y, view, locale)
    if legend:
        draw_legend(draw, y, locale)
    if banner is not None:
        image = above(banner, image)
    return png(image)


def draw_hand(view: dict) -> bytes:
    """A seat's own picture: its disc, its die and its hand, large (face-down backs while even it may not see
    them), without words (the message says whose hand it is). Nothing else: the table shows the rest."""
    seat = view["seat"]
    hand = view["hands"][seat]
    count = view["hand_counts"][seat]
    scale = 1.3 if count <= 4 else 1.0
    step = round(TILE_W * scale) + 12
    per_row = max(1, (WIDTH - 2 * INNER + 12) // step)
    rows = max(1, -(-count // per_row))
    height = 12 + PLAYER_HEAD + rows * (round(TILE_H * scale) + 10) + 10
    image, draw = canvas(WIDTH, height, BACKGROUND)
    panel(draw, 4, height - 8)
    mid = 4 + PLAYER_HEAD / 2 + 4
    seat_disc(draw, INNER + 14, mid, 15, seat)
    die(draw, INNER + 40, mid - 15, view["dice"][seat], view["colours"][seat], size=30)
    left = (WIDTH - (min(per_row, count) * step - 12)) // 2
    places = [
        (left + (index % per_row) * step, 4 + PLAYER_HEAD + 6 + (index // per_row) * (round(TILE_H * scale) + 10))
        for index in range(count)
    ]
    if hand is None:
        back.many(draw, places, scale=scale)
    else:
        tile.many(draw, [(x, y, tile_id) for (x, y), tile_id in zip(places, hand)], scale=scale)
    return png(image)
