"""DEEP DIVE's board picture for a phone (PHONE_WIDTH wide, at most PHONE_HEIGHT tall while playing), drawn from
`view(None)` only (face-down tiles appear as counts), so it can hold nothing a player may not see.

Top strip: the start/last-dive token on its owner's disc, the end trigger, and who acts now (their penguin, disc
and depth). The ocean: five depth bands, each with its number, the diver's (and the solo automaton's) penguin, its
face-down stack (count) and its face-up tiles grouped by kind (food in its colour with its points, rocks, open
water, predators with the trapped penguins in their owners' colours; "xN" for several alike). Below, two panels a
row, one per player (and the automaton): seat disc and score; free penguins, trapped ones as the depth they are
caught at, rocks held; the tableau as rows of three colours (pink, green, yellow from the top; complete rows framed
in gold). At the end: the result banner over the panels (the ocean's leftovers are left out)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from bot.i18n import t
from bot.render.canvas import canvas
from bot.render.encode import png
from bot.render.inks import INK, MUTED, seat_colour
from bot.render.phone import MIN_TEXT, PHONE_WIDTH
from bot.render.sprites import cached, drawn_once, frozen, layer
from bot.render.text import text_width
from bot.render.widgets import above, centred_text, readable_on, result_banner
from games.deep_dive.tiles import PREDATOR, ROCK, WATER, parse_food

WIDTH = PHONE_WIDTH
TOP_H = 40
DEPTH_H = 48
TILE = 40  # a face-up tile (smaller when a depth is crowded)
MIN_TILE = 32
GAP = 6
LABEL_BOX = (4, 5, 40, 43)  # a band's depth number, from the band's top
DIVER_X, BOT_X = 62, 84  # the lane where the diver's / automaton's penguins swim
STACK_X = 98
GROUPS_X = 150
PANEL_W, PANEL_H = 246, 84
PANEL_STEP = 88
PANEL_XS = (4, 254)
LEFT_W = 104  # a panel's disc, score, penguins and rocks; the tableau right of it
CELL_H = 24

HIGHLIGHT = "#f6e05e"
BAND = ["#2b6cb0", "#245a96", "#1c4679", "#15345c", "#0e2340"]
FOOD = {"pink": "#f687b3", "green": "#68d391", "yellow": "#f6e05e"}
WATER_FILL = "#90cdf4"
ROCK_FILL = "#a0aec0"
PREDATOR_FILL = "#3b1e24"
PREDATOR_EDGE = "#e53e3e"
BACK_FILL = "#0b3954"
PANEL = "#252d3b"
TOP_FILL = "#14202e"
AUTOMATON = "#a0aec0"


def food_colour(colour: str) -> str:
    return FOOD.get(colour, "#cbd5e0")


# --- small drawings ------------------------------------------------------------------------------
@drawn_once(lambda size, colour, outline=None: (-size, -size, size, size))
def penguin(draw, cx: float, cy: float, size: float, colour: str, *, outline: str | None = None) -> None:
    """A penguin seen from the front: body in the seat colour, white belly, eyes, orange beak."""
    w, h = size * 0.62, size
    draw.ellipse((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=colour, outline=outline or "#0b0f16", width=2)
    bw, bh = w * 0.62, h * 0.62
    draw.ellipse((cx - bw / 2, cy - bh / 2 + h * 0.16, cx + bw / 2, cy + bh / 2 + h * 0.16), fill="#f7fafc")
    eye = max(1.5, size * 0.06)
    for dx in (-w * 0.17, w * 0.17):
        draw.ellipse((cx + dx - eye, cy - h * 0.26 - eye, cx + dx + eye, cy - h * 0.26 + eye), fill="#0b0f16")
    beak_y = cy - h * 0.14
    draw.polygon([(cx - size * 0.08, beak_y), (cx + size * 0.08, beak_y), (cx, beak_y + size * 0.1)], fill="#ed8936")


def rock_shape(draw, box: tuple[float, float, float, float], fill: str = ROCK_FILL) -> None:
    """A rock filling `box` (drawn once per size and fill, then pasted: an outlined polygon is slow in Pillow)."""
    x0, y0, x1, y1 = box
    _rock(draw, x0, y0, x1 - x0, y1 - y0, fill)


@drawn_once(lambda w, h, fill: (-2, -2, w + 2, h + 2))
def _rock(draw, x0: float, y0: float, w: float, h: float, fill: str) -> None:
    points = [(0.1, 0.3), (0.42, 0.06), (0.78, 0.14), (0.96, 0.5), (0.82, 0.9), (0.3, 0.94), (0.04, 0.68)]
    draw.polygon([(x0 + px * w, y0 + py * h) for px, py in points], fill=fill, outline="#2d3748", width=2)


def fin(draw, box: tuple[float, float, float, float], fill: str = "#e2e8f0") -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.polygon(
        [(x0 + 0.18 * w, y1 - 0.3 * h), (x0 + 0.62 * w, y0 + 0.12 * h), (x0 + 0.56 * w, y1 - 0.3 * h)], fill=fill
    )
    draw.line([(x0 + 0.08 * w, y1 - 0.3 * h), (x1 - 0.08 * w, y1 - 0.3 * h)], fill="#63b3ed", width=3)


def badge_width(count: int) -> int:
    return max(36, int(text_width(f"x{count}", MIN_TEXT)) + 10)


@drawn_once(lambda count: (-badge_width(count) / 2 - 1, -12, badge_width(count) / 2 + 1, 12))
def badge(draw, cx: float, cy: float, count: int) -> None:
    """ "xN": how many tiles alike a group holds, a pill centred on (cx, cy) (over its tile's bottom edge)."""
    half = badge_width(count) / 2
    box = (cx - half, cy - 11, cx + half, cy + 11)
    draw.rounded_rectangle(box, radius=10, fill="#1a202c", outline=INK, width=2)
    centred_text(draw, box, f"x{count}", MIN_TEXT)


@drawn_once(lambda tile, size=TILE, raised=False: (-2, -2, size + 2, size + 2))
def tile_face(draw, x: int, y: int, tile: str, *, size: int = TILE, raised: bool = False) -> None:
    """A face-up tile, its top-left at (x, y); food shows its points (`raised`: above a count's pill)."""
    box = (x, y, x + size, y + size)
    food = parse_food(tile)
    if food is not None:
        colour, points = food
        fill = food_colour(colour)
        draw.rounded_rectangle(box, radius=8, fill=fill, outline="#0b0f16", width=2)
        middle = y + (12 if raised else size / 2)  # raised: clear of the count's pill at the bottom
        centred_text(
            draw,
            (x, middle - 10, x + size, middle + 10),
            str(points),
            28 if size >= 38 and not raised else MIN_TEXT,
            fill=readable_on(fill),
        )
    elif tile == ROCK:
        draw.rounded_rectangle(box, radius=8, fill="#4a5568", outline="#0b0f16", width=2)
        rock_shape(draw, (x + 5, y + 5, x + size - 5, y + size - 5))
    elif tile == WATER:
        draw.rounded_rectangle(box, radius=8, fill=WATER_FILL, outline="#0b0f16", width=2)
        for fx, fy, r in ((0.3, 0.62, 0.12), (0.6, 0.4, 0.09), (0.7, 0.7, 0.06), (0.42, 0.28, 0.05)):
            cx, cy, rr = x + fx * size, y + fy * size, r * size
            draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline="#ffffff", width=2)
    else:  # predator
        draw.rounded_rectangle(box, radius=8, fill=PREDATOR_FILL, outline=PREDATOR_EDGE, width=2)
        fin(draw, (x + 4, y + 2, x + size - 4, y + size - 6))


FACE_DOWN = 38


@drawn_once(lambda count: (-2, -8, FACE_DOWN + 8, FACE_DOWN + 2))
def face_down(draw, x: int, y: int, count: int) -> None:
    """A depth's face-down stack, its top-left at (x, y), with how many tiles it holds."""
    box = (x, y, x + FACE_DOWN, y + FACE_DOWN)
    if count == 0:
        draw.rounded_rectangle(box, radius=8, outline=MUTED, width=2)
        centred_text(draw, box, "0", 28, fill=MUTED)
        return
    for offset in (6, 3):  # a stack
        if count > offset // 3:
            draw.rounded_rectangle(
                (x + offset, y - offset, x + FACE_DOWN + offset, y + FACE_DOWN - offset),
                radius=8,
                fill="#072536",
                outline="#4fd1c5",
                width=1,
            )
    draw.rounded_rectangle(box, radius=8, fill=BACK_FILL, outline="#4fd1c5", width=2)
    centred_text(draw, box, str(count), 28)


@drawn_once(lambda r, seat: (-r - 2 * MIN_TEXT, -r - 2 * MIN_TEXT, r + 2 * MIN_TEXT, r + 2 * MIN_TEXT))
def seat_disc(draw, cx: float, cy: float, r: float, seat: int | None) -> None:
    """A seat's numbered disc in its colour (None: the automaton's grey "A")."""
    colour = seat_colour(seat) if seat is not None else AUTOMATON
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline="#0b0f16", width=2)
    centred_text(
        draw,
        (cx - r, cy - r, cx + r, cy + r),
        str(seat + 1) if seat is not None else "A",
        max(MIN_TEXT, int(r * 1.1)),
        fill=readable_on(colour),
    )


@drawn_once(lambda depth: (-2, -2, 24, 34))
def caught(draw, x: float, y: float, depth: int) -> None:
    """A trapped penguin in a panel, its top-left at (x, y): a predator's red tile with the depth it is caught at."""
    box = (x, y, x + 22, y + 32)
    draw.rounded_rectangle(box, radius=6, fill=PREDATOR_FILL, outline=PREDATOR_EDGE, width=2)
    centred_text(draw, box, str(depth), MIN_TEXT)


@drawn_once(lambda kind, number: (-2, -2, 32, 34))
def kept(draw, x: float, y: float, kind: str, number: int) -> None:
    """What a panel counts (rocks; the automaton's open water), its top-left at (x, y): the icon, the count on it."""
    box = (x, y, x + 30, y + 32)
    if kind == "rock":
        fill = ROCK_FILL if number else "#3a4150"
        rock_shape(draw, box, fill=fill)
    else:
        fill = WATER_FILL if number else "#3a4150"
        draw.rounded_rectangle(box, radius=6, fill=fill, outline="#0b0f16", width=2)
    centred_text(draw, box, str(number), MIN_TEXT, fill=readable_on(fill) if number else MUTED)


def token_width(word: str) -> int:
    return max(64, int(text_width(word, MIN_TEXT)) + 24)


@drawn_once(lambda word, last: (-2, -18, token_width(word) + 2, 18))
def token(draw, x: float, cy: float, word: str, last: bool) -> None:
    """The start / last-dive token, a pill from x, centred on cy, as wide as its word: gold "1st", red-orange "LAST"
    once flipped (deep_dive.picture.first / last)."""
    fill = "#dd6b20" if last else "#d69e2e"
    box = (x, cy - 15, x + token_width(word), cy + 15)
    draw.rounded_rectangle(box, radius=15, fill=fill, outline="#fefcbf", width=2)
    centred_text(draw, box, word, MIN_TEXT, fill="#1a202c")


def token_word(view: dict, locale: str) -> str:
    return t("deep_dive.picture.last" if view["last_dive"] else "deep_dive.picture.first", locale)


# --- the ocean -----------------------------------------------------------------------------------
def groups(face_up: list[dict], colours: list[str]) -> list[tuple[str, int, list[int]]]:
    """Face-up tiles by kind: (tile, count, trapped penguin seats), takeable ones first."""
    counts: Counter = Counter(slot["tile"] for slot in face_up)
    trapped = [slot["penguin_seat"] for slot in face_up if slot.get("penguin_seat") is not None]
    order = {colour: index for index, colour in enumerate(colours)}

    def key(tile: str) -> tuple[int, int, int]:
        food = parse_food(tile)
        if food is not None:
            colour, points = food
            return 1, order.get(colour, 9), points
        return {ROCK: 0, WATER: 2, PREDATOR: 3}.get(tile, 4), 9, 0

    return [(tile, counts[tile], sorted(trapped) if tile == PREDATOR else []) for tile in sorted(counts, key=key)]


def automaton_picks(view: dict, number: int) -> list[str] | None:
    """The tiles the automaton chooses among at depth `number`; None unless it is choosing there."""
    turn, bot = view["turn"], view.get("automaton")
    if turn and bot and turn["phase"] == "automaton_pick" and bot["pick_depth"] == number:
        return bot["pick_options"]
    return None


def draw_depth(draw, view: dict, depth: dict, y: int) -> None:
    """A depth's band, drawn once per everything it shows and pasted whole (with the two rows below it, where its
    bottom line may reach: the next band covers them)."""
    number = depth["depth"]
    turn = view["turn"]
    bot = view.get("automaton")
    diver_here = bool(turn and turn["phase"] in ("dive", "revealed") and turn["depth"] == number)
    retreat_here = bool(turn and turn["phase"] == "retreat" and number in turn["retreat_depths"])
    picks = automaton_picks(view, number)
    bot_here = bool(bot is not None and bot["depth"] == number and not view["finished"])
    flipped = turn["flipped"] if turn and turn["phase"] == "revealed" and turn["depth"] == number else None
    places = tile_places(view, depth, y)
    # what the band shows: its face-up groups (tile and count; not the trapped penguins, drawn over it), not the
    # order of its face-up slots or the tiles it has yet to show
    shown = tuple([(tile, count) for tile, count, _trapped, _x, _top, _size in places])
    key = (
        "dd.depth",
        number,
        depth["face_down"],
        shown,
        turn["diver_seat"] if diver_here else None,
        retreat_here,
        tuple(sorted(picks)) if picks is not None else None,
        bot_here,
        flipped,
    )
    # its band, frame and number a backdrop of their own (`paint_band`), copied to start it
    frame = (
        (seat_colour(turn["diver_seat"]) if diver_here else HIGHLIGHT)
        if (diver_here or retreat_here or picks is not None)
        else None
    )
    layer(
        draw,
        key,
        (0, y, WIDTH, y + DEPTH_H + 2),
        lambda d, _x, top: paint_depth(d, view, depth, top),
        backdrop=(("dd.band", number, frame), lambda d, _x, top: paint_band(d, number, frame, top)),
    )
    draw_trapped(draw, places)


def paint_band(draw, number: int, frame: str | None, y: int) -> None:
    """A depth's band at `y`: its colour, its bottom line, its frame (the turn's colour, if any) and its number."""
    draw.rectangle((0, y, WIDTH, y + DEPTH_H - 1), fill=BAND[(number - 1) % len(BAND)])
    draw.line((0, y + DEPTH_H - 1, WIDTH, y + DEPTH_H - 1), fill="#0b1a2e", width=2)
    if frame is not None:
        draw.rectangle((1, y + 1, WIDTH - 2, y + DEPTH_H - 2), outline=frame, width=3)
    x0, y0, x1, y1 = LABEL_BOX
    label_box = (x0, y + y0, x1, y + y1)
    draw.rounded_rectangle(label_box, radius=10, fill="#0b1a2e")
    centred_text(draw, label_box, str(number), 30)


def paint_depth(draw, view: dict, depth: dict, y: int) -> None:
    """A depth over its band (`paint_band`): the penguins in its lane, its face-down stack, its face-up tiles."""
    number = depth["depth"]
    turn = view["turn"]
    bot = view.get("automaton")
    retreat_here = bool(turn and turn["phase"] == "retreat" and number in turn["retreat_depths"])
    diver_here = bool(turn and turn["phase"] in ("dive", "revealed") and turn["depth"] == number)
    mid = y + DEPTH_H / 2
    if bot is not None and bot["depth"] == number and not view["finished"]:
        penguin(draw, BOT_X, mid + 4, 32, AUTOMATON)
    if diver_here:
        penguin(draw, DIVER_X, mid, 40, seat_colour(turn["diver_seat"]), outline=HIGHLIGHT)
    face_down(draw, STACK_X, y + 6, depth["face_down"])
    flipped = turn["flipped"] if turn and turn["phase"] == "revealed" and turn["depth"] == number else None
    picks = set(automaton_picks(view, number) or ())
    places = tile_places(view, depth, y)
    for tile, count, _trapped, x, top, size in places:
        tile_face(draw, x, top, tile, size=size, raised=count > 1 and tile.startswith("food"))
    for tile, _count, _trapped, x, top, size in places:
        if tile == flipped or tile in picks or (retreat_here and tile != "water" and tile != "predator"):
            draw.rounded_rectangle(
                (x - 2, top - 2, x + size + 2, top + size + 2), radius=10, outline=HIGHLIGHT, width=3
            )  # within the band (its layer's box)
    for _tile, count, _trapped, x, top, size in places:
        if count > 1:
            badge(draw, x + size // 2, top + size - 7, count)  # at the tile's bottom, inside the band


def tile_places(view: dict, depth: dict, y: int) -> list[tuple[str, int, list[int], int, int, int]]:
    """A depth's face-up groups (`groups`) with where each is drawn: (tile, count, trapped, x, top, size)."""
    found = groups(depth["face_up"], view["colours"])
    room = WIDTH - 4 - GROUPS_X
    size = TILE if len(found) * (TILE + GAP) - GAP <= room else max(MIN_TILE, room // max(1, len(found)) - 4)
    step = size + (GAP if size == TILE else 4)
    size -= size % 2
    top = y + 2
    return [
        (tile, count, trapped, GROUPS_X + index * step, top, size) for index, (tile, count, trapped) in enumerate(found)
    ]


def draw_trapped(draw, places: list[tuple[str, int, list[int], int, int, int]]) -> None:
    """The trapped penguins on a depth's predators (its `tile_places`), in their owners' colours, from the tile's
    top (its count's pill is at its bottom): drawn in place, after the band."""
    for _tile, _count, trapped, x, top, size in places:
        if trapped:
            small, per_row = (18, 3) if len(trapped) <= 6 else (14, 4)
            step = (size - 6) / per_row
            for index, seat in enumerate(trapped[: per_row * 2]):
                px = x + 3 + step / 2 + (index % per_row) * step
                py = top + small / 2 + 2 + (index // per_row) * (small * 0.75)
                penguin(draw, px, py, small, seat_colour(seat))


# --- the players ---------------------------------------------------------------------------------
def draw_rows(draw, rows: list[dict], colours: list[str], x0: int, y: int, width: int) -> None:
    """A panel's tableau from (x0, y), within `width`: one column of three cells (pink, green, yellow from the top)
    per row, complete rows framed in gold (drawn once per tableau, then pasted)."""
    key = ("dd.rows", tuple(tuple(sorted(row.items())) for row in rows), tuple(colours), width)
    cached(
        draw,
        key,
        x0,
        y,
        (-4, -4, width + 4, len(colours) * (CELL_H + 2) + 4),
        lambda d, px, py: paint_rows(d, rows, colours, px, py, width),
    )


def paint_rows(draw, rows: list[dict], colours: list[str], x0: float, y: float, width: int) -> None:
    lines = [y + index * (CELL_H + 2) for index in range(len(colours))]
    if not rows:
        for top, colour in zip(lines, colours):
            draw.rounded_rectangle((x0, top, x0 + 19, top + CELL_H), radius=4, outline=food_colour(colour), width=2)
        return
    step = min(22, (width + 2) // len(rows))  # narrower cells for a long tableau, always within the panel
    cell = step - 2
    for number, row in enumerate(rows):
        x = x0 + number * step
        values = [row.get(colour) for colour in colours]
        for top, colour, value in zip(lines, colours, values):
            _food_cell(draw, (x, top, x + cell, top + CELL_H), colour, value, radius=4, line=1, size=MIN_TEXT)
        if all(value is not None for value in values):
            draw.rounded_rectangle(
                (x - 1, y - 3, x + cell + 1, lines[-1] + CELL_H + 3), radius=5, outline=HIGHLIGHT, width=2
            )


def panel_place(index: int, top: int) -> tuple[int, int]:
    """Where the `index`-th panel's top-left corner is, the panels starting at `top`: two a row."""
    return PANEL_XS[index % 2], top + (index // 2) * PANEL_STEP


def winner(view: dict, tableau: dict | None) -> bool:
    if not (view["finished"] and view["result"]):
        return False
    winners = view["result"].get("winners", [])
    return tableau["seat"] in winners if tableau is not None else not winners


def draw_panel(draw, view: dict, x: int, y: int, tableau: dict | None, bot: dict | None) -> None:
    """A player's (or the automaton's) panel, drawn once per everything it shows and pasted whole."""
    turn = view["turn"]
    seat = tableau["seat"] if tableau is not None else None
    diving = bool(seat is not None and turn and turn["diver_seat"] == seat and turn["phase"] in ("dive", "revealed"))
    key = ("dd.panel", frozen(tableau), frozen(bot), tuple(view["colours"]), diving, winner(view, tableau))
    # a player's backdrop: the panel, its turn's frame, the seat's disc and, in their own view, its ring
    marks = (seat, seat in view["to_act"], view.get("seat") == seat) if seat is not None else None
    layer(
        draw,
        (key, marks),
        (x, y, x + PANEL_W, y + PANEL_H),
        lambda d, px, py: paint_panel(d, px, py, tableau, bot, view["colours"], diving, winner(view, tableau)),
        backdrop=(("dd.panel_back", marks), lambda d, px, py: paint_panel_back(d, px, py, marks)),
    )


def paint_panel_back(draw, x: int, y: int, marks: tuple[int, bool, bool] | None) -> None:
    """A panel's backdrop: the panel, the seat's disc and, for a player (`marks` = seat, to act, own view), the
    turn's frame, and the ring of their own view."""
    draw.rounded_rectangle((x, y, x + PANEL_W - 1, y + PANEL_H - 1), radius=12, fill=PANEL)
    if marks is None:
        seat_disc(draw, x + 22, y + 22, 17, None)
        return
    seat, to_act, own = marks
    if to_act:
        draw.rounded_rectangle((x, y, x + PANEL_W - 1, y + PANEL_H - 1), radius=12, outline=HIGHLIGHT, width=3)
    seat_disc(draw, x + 22, y + 22, 17, seat)
    if own:  # a player's own view
        draw.ellipse((x + 22 - 21, y + 1, x + 22 + 21, y + 43), outline=INK, width=2)


def paint_panel(
    draw, x: int, y: int, tableau: dict | None, bot: dict | None, colours: list[str], diving: bool, won: bool
) -> None:
    """A player's (or the automaton's) panel on its backdrop (`paint_panel_back`): score; penguins, rocks; tableau."""
    line = y + 48
    if tableau is not None:
        free, trapped = tableau["free_penguins"], tableau["trapped_depths"]
        colour = seat_colour(tableau["seat"])
        waiting = free - (1 if diving else 0)
        penguin.many(draw, [(x + 15 + index * 23, line + 16, 30, colour) for index in range(waiting)])
        for index in range(waiting, free):  # the one out diving: an outline where it waits
            cx = x + 15 + index * 23
            draw.ellipse((cx - 9, line + 2, cx + 9, line + 30), outline=colour, width=2)
        caught.many(draw, [(x + 4 + (free + index) * 23, line, depth) for index, depth in enumerate(trapped)])
        rocks, score, rows, extra = tableau["rocks"], tableau["score"], tableau["rows"], []
    else:
        assert bot is not None  # a panel is a player's or the automaton's
        label = (x + 4, line, x + 30, line + 32)  # the automaton's depth
        draw.rounded_rectangle(label, radius=6, fill=BAND[bot["depth"] - 1], outline=INK, width=1)
        centred_text(draw, label, str(bot["depth"]), MIN_TEXT)
        rocks, score, rows, extra = bot["rocks"], bot["score"], bot["rows"], [("water", bot["water"], x + 36)]
    for kind, number, kx in [("rock", rocks, x + 72)] + extra:
        kept(draw, kx, line, kind, number)
    box = (x + 44, y + 4, x + LEFT_W - 2, y + 40)
    if won:
        draw.rounded_rectangle(box, radius=8, fill="#3b3216", outline=HIGHLIGHT, width=2)
    centred_text(draw, box, str(score), 32, fill=HIGHLIGHT if won else INK)
    draw_rows(draw, rows, colours, x + LEFT_W + 2, y + 4, PANEL_W - LEFT_W - 8)


# --- the top strip -------------------------------------------------------------------------------
def draw_top(draw, view: dict, locale: str) -> None:
    """The top strip: the token (whose it is, which side shows), the end trigger, and who acts now (a layer: it
    changes when the token does; the mark of who acts is pasted over it)."""
    word = token_word(view, locale)
    ended = bool(view["end_triggered"] and not view["last_dive"] and not view["finished"])
    end_word = t("deep_dive.picture.end_triggered", locale) if ended else None
    layer(
        draw,
        ("dd.top", view["start_seat"], word, view["last_dive"], end_word),
        (0, 0, WIDTH, TOP_H),
        lambda d, _x, _y: paint_top(d, view["start_seat"], word, view["last_dive"], end_word),
    )
    turn = view["turn"]
    if turn is not None:  # who acts now: a penguin in their colour, their disc and the depth they are at
        diving = turn["phase"] in ("dive", "revealed")
        turn_mark(
            draw,
            WIDTH - 120,
            TOP_H / 2,
            turn["diver_seat"],
            (turn["depth"], depth_word(turn["depth"], locale)) if diving else None,
        )


def paint_top(draw, start_seat: int, word: str, last_dive: bool, end_word: str | None) -> None:
    draw.rectangle((0, 0, WIDTH, TOP_H - 1), fill=TOP_FILL)
    seat_disc(draw, 22, TOP_H / 2, 16, start_seat)
    token(draw, 44, TOP_H / 2, word, last_dive)
    left = 44 + token_width(word) + 10
    if end_word is not None:
        box = (left, 5, left + max(120, int(text_width(end_word, MIN_TEXT)) + 20), TOP_H - 5)
        draw.rounded_rectangle(box, radius=10, fill=PREDATOR_EDGE)
        centred_text(draw, box, end_word, MIN_TEXT)


@lru_cache(maxsize=64)
def depth_word(depth: int, locale: str) -> str:
    return t("deep_dive.picture.depth_short", locale, depth=depth)


@drawn_once(lambda seat, dive: (-20, -20, 118, 20))
def turn_mark(draw, x: float, cy: float, seat: int, dive: tuple[int, str] | None) -> None:
    """Who acts now, from x (centred on cy): a penguin in their colour, their disc and, while they dive, the depth
    they are at (`dive`: the depth and its label)."""
    penguin(draw, x, cy, 36, seat_colour(seat), outline=HIGHLIGHT)
    seat_disc(draw, x + 32, cy, 15, seat)
    if dive is not None:
        depth, label = dive
        box = (x + 54, cy - 16, x + 114, cy + 16)
        draw.rounded_rectangle(box, radius=8, fill=BAND[depth - 1], outline=INK, width=2)
        centred_text(draw, box, label, MIN_TEXT)


# --- the whole picture ---------------------------------------------------------------------------
def result_entries(view: dict) -> list[tuple[int | None, str, bool]]:
    winners = (view["result"] or {}).get("winners", [])
    entries = [(t["seat"], str(t["score"]), t["seat"] in winners) for t in view["tableaux"]]
    if view.get("automaton"):
        entries.append((None, str(view["automaton"]["score"]), not winners))
    return entries


def panels_height(count: int) -> int:
    return -(-count // 2) * PANEL_STEP


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board (or a player's own view, their panel ringed) with its words in `locale`: the top strip, the ocean
    and the panels while playing; at the end the result banner over the panels."""
    tableaux = view["tableaux"]
    bot = view.get("automaton")
    count = len(tableaux) + (1 if bot else 0)
    banner = result_banner(result_entries(view), locale=locale, width=WIDTH) if view["finished"] else None
    # at the end: the result and the tableaux, not the ocean's leftovers (one phone screen holds them)
    ocean = len(view["depths"]) * DEPTH_H if banner is None else 0
    top = 0 if banner is not None else TOP_H
    panels_y = top + ocean + 4
    image, draw = canvas(WIDTH, panels_y + panels_height(count))
    if banner is None:
        draw_top(draw, view, locale)
    if ocean:
        for index, depth in enumerate(view["depths"]):
            draw_depth(draw, view, depth, top + index * DEPTH_H)
    for index, tableau in enumerate(tableaux):
        draw_panel(draw, view, *panel_place(index, panels_y), tableau, None)
    if bot:
        draw_panel(draw, view, *panel_place(len(tableaux), panels_y), None, bot)
    if banner is not None:
        image = above(banner, image)
    return png(image)


# --- a player's own picture ----------------------------------------------------------------------
OWN_CELL_W, OWN_CELL_H = 40, 32


def draw_own(view: dict) -> bytes:
    """A player's own tableau, large (their private view: DEEP DIVE hides nothing else from them): their disc and
    score, free and trapped penguins, rocks, and the tableau's rows with each row's points beneath (a complete row
    framed in gold, counted whole; an incomplete one counts half). No words: the same in every language."""
    seat = view["seat"]
    tableau = next(entry for entry in view["tableaux"] if entry["seat"] == seat)
    colours = view["colours"]
    rows = tableau["rows"]
    height = 16 + len(colours) * (OWN_CELL_H + 4) + 34
    image, draw = canvas(WIDTH, height)
    draw.rounded_rectangle((4, 4, WIDTH - 5, height - 5), radius=14, fill=PANEL)
    seat_disc(draw, 36, 40, 26, seat)
    centred_text(draw, (68, 14, 136, 66), str(tableau["score"]), 44)
    free, trapped = tableau["free_penguins"], tableau["trapped_depths"]
    colour = seat_colour(seat)
    penguin.many(draw, [(26 + index * 30, 100, 40, colour) for index in range(free)])
    caught.many(draw, [(15 + (free + index) * 30, 84, depth) for index, depth in enumerate(trapped)])
    kept(draw, 112, 84, "rock", tableau["rocks"])
    x0, y0 = 160, 14
    if not rows:
        for index, colour_name in enumerate(colours):
            top = y0 + index * (OWN_CELL_H + 4)
            draw.rounded_rectangle(
                (x0, top, x0 + OWN_CELL_W, top + OWN_CELL_H), radius=6, outline=food_colour(colour_name), width=2
            )
        return png(image)
    step = max(24, min(OWN_CELL_W + 6, (WIDTH - 12 - x0) // len(rows)))
    cell = step - 4
    for number, row in enumerate(rows):
        x = x0 + number * step
        values = [row.get(colour_name) for colour_name in colours]
        complete = all(value is not None for value in values)
        for index, (colour_name, value) in enumerate(zip(colours, values)):
            top = y0 + index * (OWN_CELL_H + 4)
            _food_cell(draw, (x, top, x + cell, top + OWN_CELL_H), colour_name, value, radius=6, line=2, size=28)
        bottom = y0 + len(colours) * (OWN_CELL_H + 4)
        if complete:
            draw.rounded_rectangle((x - 2, y0 - 3, x + cell + 2, bottom - 1), radius=7, outline=HIGHLIGHT, width=3)
        present = [value for value in values if value is not None]
        points = sum(present) if complete else sum(present) // 2
        centred_text(
            draw,
            (x - 4, bottom, x + cell + 4, bottom + 28),
            str(points),
            MIN_TEXT,
            fill=HIGHLIGHT if complete else MUTED,
        )
    return png(image)


def _food_cell(draw, box, colour: str, value: int | None, *, radius: int, line: int, size: int) -> None:
    """A tableau's cell: an empty outline, or the food's colour with its points."""
    if value is None:
        draw.rounded_rectangle(box, radius=radius, outline="#4a5568", width=line)
        return
    fill = food_colour(colour)
    draw.rounded_rectangle(box, radius=radius, fill=fill)
    centred_text(draw, box, str(value), size, fill=readable_on(fill))
