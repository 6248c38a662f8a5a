"""BOSSa's board picture, drawn from one seat's `view` (the public message uses `view(None)`), so it holds nothing
that view does not.

Top: the two lines, each a row of slots left to right: the descending side's open end, its columns (nearest the die
last), the die, the ascending side's columns and its open end. Above every slot the number it stands for (open ends
in yellow); a column is its stack of tiles; an open end is a dashed box with the tile counts it takes (1 or 2
little tiles, ...). Below: one panel per player (seat disc, their die in their line's colours, hand size, the
action markers R / E / S, struck out once used, and the hand: face-up tiles, or backs while hidden). At the bottom:
the deck and the tiles out of play.

A tile is drawn as two halves: a dark half with white pips (its white dots) and a light half with black pips (its
black dots), like the two dice: the white die is dark with white pips, the black die light with black pips."""
from __future__ import annotations

from bot.render import (BACKGROUND, INK, MIN_TEXT, MUTED, PHONE_WIDTH, above, bounded, cached, canvas, centred_text,
                        drawn_once, font, frozen, layer, png, readable_on)
from bot.render import legend as draw_legend
from bot.render import legend_height, result_banner, seat_colour, turn_arrow
from bot.i18n import t
from games.bossa.tiles import dots

WIDTH = PHONE_WIDTH
MARGIN = 14
TILE_W, TILE_H = 70, 36
SLOT = 77
TILE_GAP = 4
DIE = 52
HAND_STEP = TILE_W + 10
PER_ROW = (WIDTH - 2 * MARGIN) // HAND_STEP

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
    radius = 5.2 * scale
    white_pip = FADED_WHITE_PIP if counted == "black" else WHITE_PIP
    black_pip = FADED_BLACK_PIP if counted == "white" else BLACK_PIP
    pips(draw, (x + 1, y + 1, x + w / 2 - 1, y + h - 1), counts["white"], white_pip, radius)
    pips(draw, (x + w / 2 + 1, y + 1, x + w - 1, y + h - 1), counts["black"], black_pip, radius)


@drawn_once(lambda scale=1.0: (-2, -2, TILE_W * scale + 2, TILE_H * scale + 2))
def back(draw, x: float, y: float, scale: float = 1.0) -> None:
    """A face-down tile."""
    w, h = TILE_W * scale, TILE_H * scale
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6 * scale, fill=BACK, outline=BACK_EDGE, width=2)
    draw.rounded_rectangle((x + 6 * scale, y + 6 * scale, x + w - 6 * scale, y + h - 6 * scale), radius=4 * scale,
                           outline="#a97b4f", width=2)


@drawn_once(lambda value, colour, size=DIE: (-2, -2, size + 2, size + 2))
def die(draw, x: float, y: float, value: int | None, colour: str | None, size: float = DIE) -> None:
    """The white die is dark with white pips, the black die light with black pips; None: not yet placed."""
    fill, pip = {"white": (DARK_HALF, WHITE_PIP), "black": (LIGHT_HALF, BLACK_PIP)}.get(colour, (NEUTRAL_DIE, BLACK_PIP))
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size * 0.18, fill=fill, outline="#0b0f16", width=2)
    if value is None:
        centred_text(draw, (x, y, x + size, y + size), "?", int(size * 0.55), fill=pip)
    else:
        pips(draw, (x + 2, y + 2, x + size - 2, y + size - 2), value, pip, size * 0.085)


@drawn_once(lambda seat, radius=15: (-radius - 2 * MIN_TEXT, -radius - 2 * MIN_TEXT, radius + 2 * MIN_TEXT,
                                       radius + 2 * MIN_TEXT))
def seat_disc(draw, cx: float, cy: float, seat: int, radius: float = 15) -> None:
    colour = seat_colour(seat)
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour, outline="#0b0f16", width=2)
    centred_text(draw, (cx - radius, cy - radius, cx + radius, cy + radius), str(seat + 1), max(MIN_TEXT, int(radius * 1.2)),
                 fill=readable_on(colour))


def dashed_box(draw, box: tuple[float, float, float, float], colour: str, dash: int = 7) -> None:
    """A box's outline in dashes (drawn once per size, colour and dash, then pasted)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cached(draw, ("bossa.dashed", w, h, colour, dash), x0, y0, (-2, -2, w + 2, h + 2),
           lambda d, x, y: paint_dashed_box(d, (x, y, x + w, y + h), colour, dash))


def paint_dashed_box(draw, box: tuple[float, float, float, float], colour: str, dash: int) -> None:
    x0, y0, x1, y1 = box
    for x in range(int(x0), int(x1), dash * 2):
        draw.line((x, y0, min(x + dash, x1), y0), fill=colour, width=2)
        draw.line((x, y1, min(x + dash, x1), y1), fill=colour, width=2)
    for y in range(int(y0), int(y1), dash * 2):
        draw.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=2)
        draw.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=2)


def size_text(draw, box: tuple[float, float, float, float], sizes: list[int]) -> None:
    """How many tiles an open end takes, as digits ("1/2": one or two tiles)."""
    centred_text(draw, box, "/".join(str(size) for size in sizes), 28 if len(sizes) < 3 else MIN_TEXT, fill=HIGHLIGHT)


# --- the lines ------------------------------------------------------------------------------------
def line_slots(line: dict) -> list[tuple[str, dict | None]]:
    """Left to right: ("end", down end), ("column", ...) for the descending side outwards-in, ("die", None), the
    ascending columns, ("end", up end)."""
    slots: list[tuple[str, dict | None]] = []
    ends = line["ends"]
    if ends["down"] is not None:
        slots.append(("end", {**ends["down"], "side": "down"}))
    slots += [("column", column) for column in reversed(line["columns"]["down"])]
    slots.append(("die", None))
    slots += [("column", column) for column in line["columns"]["up"]]
    if ends["up"] is not None:
        slots.append(("end", {**ends["up"], "side": "up"}))
    return slots


def column_height(line: dict) -> int:
    tallest = max((len(c["tiles"]) for side in SIDES for c in line["columns"][side]), default=1)
    return max(DIE, TILE_H + 26, tallest * (TILE_H + TILE_GAP))


LINE_HEAD, LABEL_H = 36, 32


def line_height(line: dict) -> int:
    return LINE_HEAD + LABEL_H + column_height(line) + 14


def draw_line(draw, y: int, colour: str, line: dict, locale: str) -> int:
    """A line's panel, drawn once per everything it shows and pasted whole (from an even row: the row above a
    panel is background). Returns its bottom."""
    height, odd = line_height(line), y & 1
    layer(draw, ("bossa.line", colour, frozen(line), locale, odd), (0, y - odd, WIDTH, y + height + 1),
          lambda d, _x, top: paint_line(d, top + odd, colour, line, locale), fill=BACKGROUND,
          backdrop=(("bossa.panel", height, odd), lambda d, _x, top: panel(d, top + odd, height)))
    return y + height


def panel(draw, y: int, height: int) -> None:
    """A line's or a player's panel from `y`, `height` high (a layer's backdrop)."""
    draw.rounded_rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + height), radius=12, fill=PANEL,
                           outline=PANEL_EDGE, width=2)


def paint_line(draw, y: int, colour: str, line: dict, locale: str) -> int:
    """A line on its panel (`panel`) from `y`."""
    height = line_height(line)
    # header: a chip in the line's colours, its owner, and how many of 6 columns it has
    chip_fill, chip_text = (DARK_HALF, WHITE_PIP) if colour == "white" else (LIGHT_HALF, BLACK_PIP)
    draw.rounded_rectangle((MARGIN, y + 4, MARGIN + 110, y + 32), radius=8, fill=chip_fill, outline="#0b0f16", width=2)
    centred_text(draw, (MARGIN, y + 4, MARGIN + 110, y + 32), t(f"bossa.picture.line.{colour}", locale), MIN_TEXT,
                 fill=chip_text)
    if line["owner_seat"] is not None:
        seat_disc(draw, MARGIN + 134, y + 18, line["owner_seat"], 16)
    count = line["column_count"]
    draw.text((WIDTH - MARGIN, y + 18), t("bossa.picture.columns", locale, count=count), font=font(MIN_TEXT),
              fill=HIGHLIGHT if count >= 5 else INK, anchor="rm")
    top = y + LINE_HEAD
    body = top + LABEL_H
    if line["die"] is None:
        die(draw, WIDTH / 2 - DIE / 2, body, None, colour)
        return y + height
    slots = line_slots(line)
    x = (WIDTH - len(slots) * SLOT) / 2
    die_value = line["die"]
    stacked = []  # every column's tiles, pasted in one pass after the slots (nothing else is drawn where they go)
    for kind, item in slots:
        cx = x + SLOT / 2
        label_box = (x, top, x + SLOT, top + LABEL_H)
        if kind == "die":
            centred_text(draw, label_box, str(die_value), 28, fill=INK)
            die(draw, cx - DIE / 2, body, die_value, colour)
        elif kind == "column":
            centred_text(draw, label_box, str(item["value"]), 28, fill=INK)
            stacked += [(cx - TILE_W / 2, body + level * (TILE_H + TILE_GAP), tile_id)
                        for level, tile_id in enumerate(item["tiles"])]
        else:
            centred_text(draw, label_box, str(item["value"]), 30, fill=HIGHLIGHT)
            box = (cx - TILE_W / 2, body, cx + TILE_W / 2, body + TILE_H + 8)
            dashed_box(draw, box, HIGHLIGHT)
            size_text(draw, box, item["sizes"])
            arrow_y = top + LABEL_H / 2
            if item["side"] == "down":
                draw.polygon([(x + 4, arrow_y), (x + 14, arrow_y - 7), (x + 14, arrow_y + 7)], fill=HIGHLIGHT)
            else:
                draw.polygon([(x + SLOT - 4, arrow_y), (x + SLOT - 14, arrow_y - 7), (x + SLOT - 14, arrow_y + 7)],
                             fill=HIGHLIGHT)
        x += SLOT
    tile.many(draw, stacked, counted=colour)
    return y + height


# --- the players ----------------------------------------------------------------------------------
PLAYER_HEAD = 48


def hand_rows(count: int) -> int:
    return max(1, -(-count // PER_ROW))


def player_height(view: dict, seat: int) -> int:
    return PLAYER_HEAD + hand_rows(view["hand_counts"][seat]) * (TILE_H + 8) + 10


def draw_player(draw, y: int, view: dict, seat: int, locale: str) -> int:
    """A player's panel, drawn once per everything it shows and pasted whole (from an even row, as `draw_line`).
    Returns its bottom."""
    height, odd = player_height(view, seat), y & 1
    key = ("bossa.player", seat, view["hand_counts"][seat], view.get("seat") == seat,
           tuple(view["unused_actions"][seat]), frozen(view["hands"][seat]), locale, odd)
    layer(draw, key, (0, y - odd, WIDTH, y + height + 1),
          lambda d, _x, top: paint_player(d, top + odd, view, seat, locale), fill=BACKGROUND,
          backdrop=(("bossa.panel", height, odd), lambda d, _x, top: panel(d, top + odd, height)))
    # over it, touching nothing else: the turn's frame and arrow, and the die (so the panel is the same, drawn once,
    # whoever is to play and whatever the dice show)
    mid = y + PLAYER_HEAD / 2 + 2
    if view["active_seat"] == seat:
        draw.rounded_rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + height), radius=12, outline=HIGHLIGHT, width=4)
        turn_arrow(draw, MARGIN + 38, mid, 14)
    die(draw, MARGIN + 60, mid - 15, view["dice"][seat], view["colours"][seat], size=30)
    return y + height


def paint_player(draw, y: int, view: dict, seat: int, locale: str) -> int:
    """A player on their panel (`panel`), without the turn's frame and arrow and the die (`draw_player`)."""
    height = player_height(view, seat)
    mid = y + PLAYER_HEAD / 2 + 2
    seat_disc(draw, MARGIN + 16, mid, seat)
    x = MARGIN + 104
    count = view["hand_counts"][seat]
    draw.text((x, mid), t("bossa.picture.hand", locale, count=count), font=font(28), fill=INK, anchor="lm")
    if view.get("seat") == seat:  # a player's own view
        you = (x + 150, mid - 16, x + 220, mid + 16)
        draw.rounded_rectangle(you, radius=10, fill="#e2e8f0", outline="#0b0f16", width=2)
        centred_text(draw, you, t("picture.you", locale), MIN_TEXT, fill="#111111")
    # the action markers, right-aligned: bright while unused, struck out once spent (drawn once, then pasted)
    unused = tuple(name in view["unused_actions"][seat] for name in MARKERS)
    cached(draw, ("bossa.markers", unused, locale), WIDTH - MARGIN, mid, (-40 * len(MARKERS) - 4, -24, 4, 24),
           lambda d, x, y: markers(d, x, y, unused, locale))
    hand = view["hands"][seat]
    top = y + PLAYER_HEAD
    places = [(MARGIN + (index % PER_ROW) * HAND_STEP, top + (index // PER_ROW) * (TILE_H + 8))
              for index in range(count)]
    if hand is None:
        back.many(draw, places)
    else:
        tile.many(draw, [(tx, ty, tile_id) for (tx, ty), tile_id in zip(places, hand)])
    return y + height


def markers(draw, right: float, mid: float, unused: tuple[bool, ...], locale: str) -> None:
    """The action markers (`MARKERS`, `unused` says which are left), right-aligned at `right`, centred on `mid`."""
    for name, left in reversed(list(zip(MARKERS, unused))):
        letter = t(f"bossa.picture.marker.{name}", locale)
        box = (right - 34, mid - 17, right, mid + 17)
        if left:
            draw.rounded_rectangle(box, radius=6, fill="#d69e2e", outline="#0b0f16", width=2)
            centred_text(draw, box, letter, MIN_TEXT, fill="#111111")
        else:
            draw.rounded_rectangle(box, radius=6, outline=MUTED, width=2)
            centred_text(draw, box, letter, MIN_TEXT, fill=MUTED)
            draw.line((box[0] + 4, box[3] - 4, box[2] - 4, box[1] + 4), fill=MUTED, width=2)
        right -= 40


# --- the deck and the tiles out of play -------------------------------------------------------------
OUT_SCALE = 0.6
OUT_STEP = int(TILE_W * OUT_SCALE) + 6
OUT_X = MARGIN + 130
OUT_PER_ROW = (WIDTH - MARGIN - OUT_X) // OUT_STEP


def footer_height(view: dict) -> int:
    rows = max(1, -(-len(view["out_of_play"]) // OUT_PER_ROW))
    return max(TILE_H + 44, 34 + rows * (int(TILE_H * OUT_SCALE) + 6)) + 10


def draw_footer(draw, y: int, view: dict, locale: str) -> int:
    back(draw, MARGIN, y + 6)
    draw.text((MARGIN + TILE_W / 2, y + TILE_H + 10), t("picture.deck_count", locale, count=view["deck_count"]),
              font=font(MIN_TEXT), fill=INK,
              anchor="mt")
    draw.text((OUT_X, y + 2), t("bossa.picture.out_of_play", locale, count=len(view["out_of_play"])),
              font=font(MIN_TEXT), fill=MUTED)
    tile.many(draw, [(OUT_X + (index % OUT_PER_ROW) * OUT_STEP,
                      y + 32 + (index // OUT_PER_ROW) * (int(TILE_H * OUT_SCALE) + 6), tile_id)
                     for index, tile_id in enumerate(view["out_of_play"])], scale=OUT_SCALE)
    return y + footer_height(view)


@bounded(8)
def legend_items(locale: str) -> tuple:
    """The legend's icons and words in `locale` (built once per locale: read it, never change it)."""
    def end(draw, box):
        dashed_box(draw, box, HIGHLIGHT, dash=5)
        centred_text(draw, box, "2", MIN_TEXT, fill=HIGHLIGHT)

    def marker(letter):
        def icon(draw, box):
            draw.rounded_rectangle(box, radius=6, fill="#d69e2e", outline="#0b0f16", width=2)
            centred_text(draw, box, letter, MIN_TEXT, fill="#111111")
        return icon

    def turn(draw, box):
        turn_arrow(draw, box[0] + 4, (box[1] + box[3]) / 2, 20)

    return ((end, t("bossa.picture.open_end", locale)),
            *((marker(t(f"bossa.picture.marker.{name}", locale)), t(f"bossa.picture.{name}", locale))
              for name in MARKERS),
            (turn, t("picture.to_play", locale)))


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board (or a seat's own view) with its words in `locale`."""
    lines = view["lines"]
    legend = legend_items(locale)
    height = 12 + sum(line_height(lines[c]) + 10 for c in COLOURS) + 6
    height += sum(player_height(view, seat) + 10 for seat in range(len(view["hand_counts"])))
    height += footer_height(view) + 4 + legend_height(legend, WIDTH - 2 * MARGIN) + 8
    image, draw = canvas(WIDTH, height, BACKGROUND)
    y = 12
    for colour in COLOURS:
        y = draw_line(draw, y, colour, lines[colour], locale) + 10
    y += 6
    for seat in range(len(view["hand_counts"])):
        y = draw_player(draw, y, view, seat, locale) + 10
    y = draw_footer(draw, y, view, locale)
    draw_legend(draw, MARGIN, y, WIDTH - 2 * MARGIN, legend, key=("bossa", locale))
    if view["phase"] == "over":
        winners = (view.get("result") or {}).get("winners", [])
        columns = {line["owner_seat"]: line["column_count"] for line in lines.values()}
        entries = [(seat, t("bossa.picture.columns", locale, count=columns.get(seat, 0)), seat in winners)
                   for seat in range(len(view["hand_counts"]))]
        image = above(result_banner(entries, locale=locale), image)
    return png(image)
