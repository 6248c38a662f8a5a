"""DEEP DIVE's board picture, drawn from `view(None)` only (face-down tiles appear as counts), so it can hold
nothing a player may not see.

Top: the start/last-dive token and the end trigger. The ocean: five depth bands, each with its face-down stack
(count), the face-up tiles grouped by kind (food in its colour with its points, rocks, open water, predators with
the trapped penguins in their owners' colours), the diver's penguin at the current depth and, in solo, the
automaton's penguin. Below: one panel per player (and the automaton): seat disc, free / trapped penguins, rocks,
the tableau as rows of three colours (complete rows framed) and the score."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from bot.render import (INK, MIN_TEXT, MUTED, PHONE_WIDTH, above, cached, canvas, centred_text, drawn_once, font,
                        frozen, layer, png, readable_on)
from bot.render import legend as draw_legend
from bot.render import legend_height, result_banner, seat_colour, text_width, turn_arrow
from bot.i18n import t

WIDTH = PHONE_WIDTH
TOP_H = 60
DEPTH_H = 84
TILE = 62
GAP = 6
LANE_X = 62  # the lane where the diver's / automaton's penguins swim
STACK_X = 142
GROUPS_X = 222
PANEL_H = 140
CELL_W, CELL_H = 40, 30
ROWS_X = 232
SCORE_W = 96

HIGHLIGHT = "#f6e05e"
BAND = ["#2b6cb0", "#245a96", "#1c4679", "#15345c", "#0e2340"]
FOOD = {"pink": "#f687b3", "green": "#68d391", "yellow": "#f6e05e"}
WATER_FILL = "#90cdf4"
ROCK_FILL = "#8a8f98"
PREDATOR_FILL = "#3b1e24"
BACK_FILL = "#0b3954"
PANEL = "#252d3b"
AUTOMATON = "#a0aec0"


def food_colour(colour: str) -> str:
    return FOOD.get(colour, "#cbd5e0")


def parse(tile: str) -> tuple[str, str | None, int | None]:
    """("food", colour, points) or (kind, None, None)."""
    if tile.startswith("food:"):
        _, colour, points = tile.split(":")
        return "food", colour, int(points)
    return tile, None, None


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
    points = [(0.18, 0.35), (0.42, 0.14), (0.74, 0.2), (0.9, 0.5), (0.78, 0.84), (0.34, 0.88), (0.1, 0.66)]
    draw.polygon([(x0 + px * w, y0 + py * h) for px, py in points], fill=fill, outline="#2d3748", width=2)


def fin(draw, box: tuple[float, float, float, float], fill: str = "#e2e8f0") -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.polygon([(x0 + 0.18 * w, y1 - 0.3 * h), (x0 + 0.62 * w, y0 + 0.12 * h), (x0 + 0.56 * w, y1 - 0.3 * h)],
                 fill=fill)
    draw.line([(x0 + 0.08 * w, y1 - 0.3 * h), (x1 - 0.08 * w, y1 - 0.3 * h)], fill="#63b3ed", width=3)


@drawn_once(lambda count: (-24, -14, 20, 18))
def badge(draw, x: float, y: float, count: int) -> None:
    """A small ×n count in a tile's top-right corner."""
    box = (x - 22, y - 12, x + 18, y + 16)
    draw.rounded_rectangle(box, radius=8, fill="#1a202c", outline=INK, width=2)
    centred_text(draw, box, f"x{count}", MIN_TEXT)


@drawn_once(lambda tile, size=TILE: (-2, -2, size + 2, size + 2))
def tile_face(draw, x: int, y: int, tile: str, *, size: int = TILE) -> None:
    kind, colour, points = parse(tile)
    box = (x, y, x + size, y + size)
    if kind == "food":
        fill = food_colour(colour)
        draw.rounded_rectangle(box, radius=10, fill=fill, outline="#0b0f16", width=2)
        ink = readable_on(fill)
        centred_text(draw, box, str(points), int(size * 0.5), fill=ink)
    elif kind == "rock":
        draw.rounded_rectangle(box, radius=10, fill="#4a5568", outline="#0b0f16", width=2)
        rock_shape(draw, (x + 6, y + 6, x + size - 6, y + size - 6))
    elif kind == "water":
        draw.rounded_rectangle(box, radius=10, fill=WATER_FILL, outline="#0b0f16", width=2)
        for fx, fy, r in ((0.3, 0.62, 0.12), (0.6, 0.4, 0.09), (0.7, 0.7, 0.06), (0.42, 0.28, 0.05)):
            cx, cy, rr = x + fx * size, y + fy * size, r * size
            draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline="#ffffff", width=2)
    else:  # predator
        draw.rounded_rectangle(box, radius=10, fill=PREDATOR_FILL, outline="#e53e3e", width=2)
        fin(draw, (x + 4, y + 2, x + size - 4, y + size - 8))


@drawn_once(lambda count: (-2, -8, TILE + 9, TILE + 2))
def face_down(draw, x: int, y: int, count: int) -> None:
    box = (x, y, x + TILE, y + TILE)
    if count == 0:
        draw.rounded_rectangle(box, radius=10, outline=MUTED, width=2)
        centred_text(draw, box, "0", 30, fill=MUTED)
        return
    for offset in (6, 3):  # a stack
        if count > offset // 3:
            draw.rounded_rectangle((x + offset, y - offset, x + TILE + offset, y + TILE - offset), radius=10,
                                   fill="#072536", outline="#4fd1c5", width=1)
    draw.rounded_rectangle(box, radius=10, fill=BACK_FILL, outline="#4fd1c5", width=2)
    centred_text(draw, box, str(count), 32)


@drawn_once(lambda r, seat: (-r - 2 * MIN_TEXT, -r - 2 * MIN_TEXT, r + 2 * MIN_TEXT, r + 2 * MIN_TEXT))
def seat_disc(draw, cx: float, cy: float, r: float, seat: int | None) -> None:
    colour = seat_colour(seat) if seat is not None else AUTOMATON
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline="#0b0f16", width=2)
    centred_text(draw, (cx - r, cy - r, cx + r, cy + r), str(seat + 1) if seat is not None else "A",
                 max(MIN_TEXT, int(r * 1.1)),
                 fill=readable_on(colour))


@drawn_once(lambda colour, depth: (-18, -28, 18, 55))
def caught(draw, cx: float, cy: float, colour: str, depth: int) -> None:
    """A trapped penguin of the panel's row centred on (cx, cy): on a predator, the depth it is caught at below."""
    draw.rounded_rectangle((cx - 16, cy - 26, cx + 16, cy + 24), radius=8, fill=PREDATOR_FILL, outline="#e53e3e",
                           width=2)
    penguin(draw, cx, cy, 32, colour)
    label = (cx - 16, cy + 26, cx + 16, cy + 53)
    draw.rounded_rectangle(label, radius=6, fill=BAND[depth - 1], outline=INK, width=1)
    centred_text(draw, label, str(depth), MIN_TEXT)


def token_width(word: str) -> int:
    return max(76, int(text_width(word, MIN_TEXT)) + 24)


@drawn_once(lambda word, last: (-2, -18, token_width(word) + 2, 18))
def token(draw, x: float, cy: float, word: str, last: bool) -> None:
    """The start / last-dive token, a pill from x, centred on cy, as wide as its word: gold "1st", red-orange "LAST"
    once flipped (deep_dive.picture.first / last)."""
    fill = "#dd6b20" if last else "#d69e2e"
    box = (x, cy - 16, x + token_width(word), cy + 16)
    draw.rounded_rectangle(box, radius=16, fill=fill, outline="#fefcbf", width=3)
    centred_text(draw, box, word, MIN_TEXT, fill="#1a202c")


def token_word(view: dict, locale: str) -> str:
    return t("deep_dive.picture.last" if view["last_dive"] else "deep_dive.picture.first", locale)


# --- the ocean -----------------------------------------------------------------------------------
def groups(face_up: list[dict], colours: list[str]) -> list[tuple[str, int, list[int]]]:
    """Face-up tiles by kind: (tile, count, trapped penguin seats), takeable ones first."""
    counts: Counter = Counter(slot["tile"] for slot in face_up)
    trapped = [slot["penguin_seat"] for slot in face_up if slot.get("penguin_seat") is not None]
    order = {colour: index for index, colour in enumerate(colours)}

    def key(tile: str):
        kind, colour, points = parse(tile)
        rank = {"rock": 0, "food": 1, "water": 2, "predator": 3}.get(kind, 4)
        return rank, order.get(colour, 9), points or 0

    return [(tile, counts[tile], sorted(trapped) if tile == "predator" else []) for tile in sorted(counts, key=key)]


def draw_depth(draw, view: dict, depth: dict, y: int) -> None:
    """A depth's band, drawn once per everything it shows and pasted whole (with the two rows below it, where its
    bottom line may reach: the next band covers them)."""
    number = depth["depth"]
    turn = view["turn"]
    bot = view.get("automaton")
    diver_here = bool(turn and turn["phase"] in ("dive", "revealed") and turn["depth"] == number)
    retreat_here = bool(turn and turn["phase"] == "retreat" and number in turn["retreat_depths"])
    pick_here = bool(turn and turn["phase"] == "automaton_pick" and bot and bot["pick_depth"] == number)
    bot_here = bool(bot is not None and bot["depth"] == number and not view["finished"])
    flipped = turn["flipped"] if turn and turn["phase"] == "revealed" and turn["depth"] == number else None
    places = tile_places(view, depth, y)
    # what the band shows: its face-up groups (tile and count; not the trapped penguins, drawn over it), not the
    # order of its face-up slots or the tiles it has yet to show
    shown = tuple([(tile, count) for tile, count, _trapped, _x, _top, _size in places])
    key = ("dd.depth", number, depth["face_down"], shown, turn["diver_seat"] if diver_here else None,
           retreat_here, tuple(sorted(bot["pick_options"])) if pick_here else None, bot_here, flipped)
    # its band, frame and number a backdrop of their own (`paint_band`), copied to start it
    frame = (seat_colour(turn["diver_seat"]) if diver_here else HIGHLIGHT) if (
        diver_here or retreat_here or pick_here) else None
    layer(draw, key, (0, y, WIDTH, y + DEPTH_H + 2), lambda d, _x, top: paint_depth(d, view, depth, top),
          backdrop=(("dd.band", number, frame), lambda d, _x, top: paint_band(d, number, frame, top)))
    draw_trapped(draw, places)


def paint_band(draw, number: int, frame: str | None, y: int) -> None:
    """A depth's band at `y`: its colour, its bottom line, its frame (the turn's colour, if any) and its number."""
    draw.rectangle((0, y, WIDTH, y + DEPTH_H - 1), fill=BAND[(number - 1) % len(BAND)])
    draw.line((0, y + DEPTH_H - 1, WIDTH, y + DEPTH_H - 1), fill="#0b1a2e", width=2)
    if frame is not None:
        draw.rectangle((2, y + 2, WIDTH - 3, y + DEPTH_H - 3), outline=frame, width=4)
    label_box = (8, y + 14, 56, y + DEPTH_H - 14)
    draw.rounded_rectangle(label_box, radius=12, fill="#0b1a2e")
    centred_text(draw, label_box, str(number), 36)


def paint_depth(draw, view: dict, depth: dict, y: int) -> None:
    """A depth over its band (`paint_band`): the penguins in its lane, its face-down stack, its face-up tiles."""
    number = depth["depth"]
    turn = view["turn"]
    bot = view.get("automaton")
    retreat_here = bool(turn and turn["phase"] == "retreat" and number in turn["retreat_depths"])
    pick_here = bool(turn and turn["phase"] == "automaton_pick" and bot and bot["pick_depth"] == number)
    diver_here = bool(turn and turn["phase"] in ("dive", "revealed") and turn["depth"] == number)
    # penguins in the lane: the diver (left), the automaton (right)
    mid = y + DEPTH_H / 2
    if diver_here:
        penguin(draw, LANE_X + 20, mid, 54, seat_colour(turn["diver_seat"]), outline=HIGHLIGHT)
    if bot is not None and bot["depth"] == number and not view["finished"]:
        penguin(draw, LANE_X + 56, mid + 10, 40, AUTOMATON)
        centred_text(draw, (LANE_X + 42, y + 2, LANE_X + 72, y + 26), "A", MIN_TEXT)
    face_down(draw, STACK_X, y + (DEPTH_H - TILE) // 2, depth["face_down"])
    flipped = turn["flipped"] if turn and turn["phase"] == "revealed" and turn["depth"] == number else None
    picks = set(bot["pick_options"]) if pick_here else set()
    places = tile_places(view, depth, y)
    if places:  # the tiles in one pass, then their marks and counts (each within its own tile's gap: no overlap)
        tile_face.many(draw, [(x, top, tile) for tile, _count, _trapped, x, top, _size in places], size=places[0][5])
    for tile, count, _trapped, x, top, size in places:
        if tile == flipped or tile in picks or (retreat_here and tile != "water" and tile != "predator"):
            draw.rounded_rectangle((x - 4, top - 4, x + size + 4, top + size + 4), radius=12, outline=HIGHLIGHT,
                                   width=4)
        if count > 1:
            badge(draw, x + size - 20, top + 1, count)  # inside the tile's top-right corner


def tile_places(view: dict, depth: dict, y: int) -> list[tuple[str, int, list[int], int, int, int]]:
    """A depth's face-up groups (`groups`) with where each is drawn: (tile, count, trapped, x, top, size)."""
    found = groups(depth["face_up"], view["colours"])
    size = int(min(TILE, (WIDTH - 8 - GROUPS_X) / max(1, len(found)) - GAP))  # a crowded depth: smaller tiles
    top = y + (DEPTH_H - size) // 2
    return [(tile, count, trapped, GROUPS_X + index * (size + GAP), top, size)
            for index, (tile, count, trapped) in enumerate(found)]


def draw_trapped(draw, places: list[tuple[str, int, list[int], int, int, int]]) -> None:
    """The trapped penguins on a depth's predators (its `tile_places`), in their owners' colours: drawn in place,
    after the band (off the half-pixel grid, their pixels depend on where they are)."""
    for _tile, _count, trapped, x, top, size in places:
        if trapped:
            small, per_row = (28, 3) if len(trapped) <= 6 else (20, 4)
            step = (size - 8) / per_row
            for index, seat in enumerate(trapped[:per_row * 3]):
                px = x + 4 + step / 2 + (index % per_row) * step
                py = top + size - small / 2 - 2 - (index // per_row) * (small * 0.8)
                penguin(draw, px, py, small, seat_colour(seat))


# --- the players ---------------------------------------------------------------------------------
def draw_rows(draw, rows: list[dict], colours: list[str], x0: int, y: int, width: int) -> None:
    """The tableau: one triplet of cells (one per colour) per row; complete rows framed, row score beneath (drawn
    once per tableau, then pasted)."""
    key = ("dd.rows", tuple(tuple(sorted(row.items())) for row in rows), tuple(colours), width)
    right = max(width, len(rows) * (CELL_W + 8)) + CELL_W + 8
    cached(draw, key, x0, y, (-6, -6, right, len(colours) * CELL_H + 32),
           lambda d, px, py: paint_rows(d, rows, colours, px, py, width))


def paint_rows(draw, rows: list[dict], colours: list[str], x0: int, y: int, width: int) -> None:
    if not rows:
        for index, colour in enumerate(colours):
            draw.rounded_rectangle((x0, y + index * CELL_H, x0 + CELL_W, y + (index + 1) * CELL_H - 3), radius=5,
                                   outline=food_colour(colour), width=2)
        return
    step = min(CELL_W + 8, max(30, width // len(rows)))
    cell_w = min(CELL_W, step - 4)
    for number, row in enumerate(rows):
        x = x0 + number * step
        values = [row.get(colour) for colour in colours]
        complete = all(value is not None for value in values)
        if complete:
            draw.rounded_rectangle((x - 3, y - 3, x + cell_w + 3, y + len(colours) * CELL_H), radius=6,
                                   outline=HIGHLIGHT, width=3)
        for index, colour in enumerate(colours):
            box = (x, y + index * CELL_H, x + cell_w, y + (index + 1) * CELL_H - 3)
            value = row.get(colour)
            if value is None:
                draw.rounded_rectangle(box, radius=5, outline="#4a5568", width=2)
            else:
                fill = food_colour(colour)
                draw.rounded_rectangle(box, radius=5, fill=fill)
                centred_text(draw, box, str(value), MIN_TEXT, fill=readable_on(fill))
        present = [value for value in values if value is not None]
        score = sum(present) if complete else sum(present) // 2
        centred_text(draw, (x - 4, y + len(colours) * CELL_H, x + cell_w + 4, y + len(colours) * CELL_H + 26),
                     str(score), MIN_TEXT, fill=HIGHLIGHT if complete else MUTED)


def draw_panel(draw, view: dict, y: int, tableau: dict | None, bot: dict | None, locale: str) -> None:
    """A player's (or the automaton's) panel, drawn once per everything it shows and pasted whole."""
    turn, seat = view["turn"], tableau and tableau["seat"]
    key = ("dd.panel", frozen(tableau), frozen(bot), tuple(view["colours"]), locale, view["last_dive"],
           seat in view["to_act"], view.get("seat") == seat, view["start_seat"] == seat,
           bool(turn and turn["diver_seat"] == seat and turn["phase"] in ("dive", "revealed")),
           bool(view["finished"] and view["result"]) and (
               seat in view["result"].get("winners", []) if tableau is not None
               else not view["result"].get("winners")))
    # a player's backdrop: the panel, its turn's frame and arrow, the seat's disc and ring (what changes least)
    marks = None if tableau is None else (seat, seat in view["to_act"], view.get("seat") == seat)
    layer(draw, key, (0, y, WIDTH, y + PANEL_H), lambda d, _x, top: paint_panel(d, view, top, tableau, bot, locale),
          backdrop=(("dd.panel_back", marks), lambda d, _x, top: paint_panel_back(d, top, marks)))


def paint_panel_back(draw, y: int, marks: tuple[int, bool, bool] | None) -> None:
    """A panel's backdrop: the panel and, for a player (`marks` = seat, to act, own view), the turn's frame and
    arrow, the seat's disc, ringed in their own view."""
    draw.rounded_rectangle((8, y + 4, WIDTH - 8, y + PANEL_H - 4), radius=14, fill=PANEL)
    if marks is not None:
        seat, to_act, own = marks
        if to_act:
            draw.rounded_rectangle((8, y + 4, WIDTH - 8, y + PANEL_H - 4), radius=14, outline=HIGHLIGHT, width=4)
            turn_arrow(draw, 12, y + 40, 14)
        seat_disc(draw, 46, y + 40, 24, seat)
        if own:  # a player's own view
            draw.ellipse((46 - 30, y + 10, 46 + 30, y + 70), outline=INK, width=3)


def paint_panel(draw, view: dict, y: int, tableau: dict | None, bot: dict | None, locale: str) -> None:
    """A player's (or the automaton's) panel on its backdrop (`draw_panel`, `paint_panel_back`)."""
    colours = view["colours"]
    turn = view["turn"]
    if tableau is not None:
        seat = tableau["seat"]  # its frame, arrow, disc and ring are its backdrop (`paint_panel_back`)
        if view["start_seat"] == seat:
            token(draw, 16, y + 115, token_word(view, locale), view["last_dive"])  # below the trapped depths
        # penguins: free ones in colour, trapped ones on a predator with the depth they are caught at
        trapped = tableau["trapped_depths"]
        free = tableau["free_penguins"]
        diving = bool(turn and turn["diver_seat"] == seat and turn["phase"] in ("dive", "revealed"))
        count = free + len(trapped)
        shown_free = free - (1 if diving else 0)
        colour = seat_colour(seat)
        penguin.many(draw, [(104 + index * 34, y + 44, 40, colour) for index in range(shown_free)])
        for index in range(shown_free, free):  # the one out diving: an outline where it waits
            cx = 104 + index * 34
            draw.ellipse((cx - 12, y + 24, cx + 12, y + 64), outline=colour, width=3)
        caught.many(draw, [(104 + index * 34, y + 44, colour, trapped[index - free]) for index in range(free, count)])
        rocks = tableau["rocks"]
        score, rows = tableau["score"], tableau["rows"]
        extra_icons = []
        x = 104 + count * 34
    else:
        seat_disc(draw, 46, y + 40, 24, None)
        penguin(draw, 104, y + 44, 40, AUTOMATON)
        label = (88, y + 72, 120, y + 102)
        draw.rounded_rectangle(label, radius=6, fill=BAND[bot["depth"] - 1], outline=INK, width=1)
        centred_text(draw, label, str(bot["depth"]), MIN_TEXT)
        rocks, score, rows = bot["rocks"], bot["score"], bot["rows"]
        extra_icons = [("water", bot["water"])]
        x = 138
    # rocks (and, for the automaton, open water it kept)
    for kind, number in [("rock", rocks)] + extra_icons:
        kept(draw, x, y, kind, number)
        x += 50
    # tableau rows, then the score
    rows_x = x + 8
    draw_rows(draw, rows, colours, rows_x, y + 16, WIDTH - rows_x - SCORE_W - 24)
    won = bool(view["finished"] and view["result"]) and (
        tableau["seat"] in view["result"].get("winners", []) if tableau is not None
        else not view["result"].get("winners"))
    score_box(draw, WIDTH - SCORE_W - 16, y + 16, score, won, t("deep_dive.picture.score", locale))


@drawn_once(lambda kind, number: (-24, 16, 64, 104))
def kept(draw, x: float, y: float, kind: str, number: int) -> None:
    """What a panel counts (rocks; the automaton's open water) from x, its panel's top at y: the icon, its count."""
    if kind == "rock":
        rock_shape(draw, (x, y + 20, x + 40, y + 60), fill=ROCK_FILL if number else "#3a4150")
    else:
        tile_face(draw, x + 2, y + 22, "water", size=36)
    draw.text((x + 20, y + 66), f"x{number}", fill=INK if number else MUTED, font=font(MIN_TEXT), anchor="ma")


@drawn_once(lambda score, won, word: (-48, -2, SCORE_W + 48, 108))
def score_box(draw, x: float, y: float, score: int, won: bool, word: str) -> None:
    """A panel's score from (x, y) (ringed in gold for a winner), `word` beneath it."""
    box = (x, y, x + SCORE_W - 2, y + 60)
    draw.rounded_rectangle(box, radius=12, fill="#1a202c", outline=HIGHLIGHT if won else MUTED, width=3 if won else 2)
    centred_text(draw, box, str(score), 40)
    draw.text(((box[0] + box[2]) / 2, y + 68), word, font=font(MIN_TEXT), fill=MUTED, anchor="mt")


def draw_top(draw, view: dict, locale: str) -> None:
    """The top band: the token (whose it is, which side shows), the end trigger, and who acts now (a layer: it
    changes when the token does; the mark of who acts is pasted over it)."""
    word = token_word(view, locale)
    ended = bool(view["end_triggered"] and not view["last_dive"] and not view["finished"])
    end_word = t("deep_dive.picture.end_triggered", locale) if ended else None
    layer(draw, ("dd.top", view["start_seat"], word, view["last_dive"], end_word), (0, 0, WIDTH, TOP_H + 1),
          lambda d, _x, _y: paint_top(d, view["start_seat"], word, view["last_dive"], end_word))
    turn = view["turn"]
    if turn is not None:  # who acts now: a penguin in their colour and the depth they are at
        diving = turn["phase"] in ("dive", "revealed")
        turn_mark(draw, WIDTH - 150, TOP_H / 2, turn["diver_seat"], turn["depth"] if diving else None,
                  depth_word(turn["depth"], locale) if diving else None)


def paint_top(draw, start_seat: int, word: str, last_dive: bool, end_word: str | None) -> None:
    draw.rectangle((0, 0, WIDTH, TOP_H), fill="#14202e")
    seat_disc(draw, 30, TOP_H / 2, 20, start_seat)
    token(draw, 62, TOP_H / 2, word, last_dive)
    left = 62 + token_width(word) + 12
    if end_word is not None:
        box = (left, 12, left + 220, TOP_H - 12)
        draw.rounded_rectangle(box, radius=10, fill="#9c4221")
        centred_text(draw, box, end_word, MIN_TEXT)


@lru_cache(maxsize=64)
def depth_word(depth: int, locale: str) -> str:
    return t("deep_dive.picture.depth_short", locale, depth=depth)


@drawn_once(lambda seat, depth, label: (-48, -30, 142, 30))
def turn_mark(draw, x: float, cy: float, seat: int, depth: int | None, label: str | None) -> None:
    """Who acts now, from x (centred on cy): a penguin in their colour, their disc and, while they dive, the depth
    they are at (`label`)."""
    penguin(draw, x, cy, 46, seat_colour(seat), outline=HIGHLIGHT)
    seat_disc(draw, x + 42, cy, 18, seat)
    if depth is not None:
        box = (x + 68, cy - 20, x + 138, cy + 20)
        draw.rounded_rectangle(box, radius=8, fill=BAND[depth - 1], outline=INK, width=2)
        size = 28
        while size > MIN_TEXT and text_width(label, size) > box[2] - box[0] - 8:
            size -= 2
        centred_text(draw, box, label, size)


def legend_items(locale: str) -> list:
    def same(draw, box):
        badge(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2 - 2, 2)

    def hidden(draw, box):
        draw.rounded_rectangle(box, radius=6, fill=BACK_FILL, outline="#4fd1c5", width=2)

    def row(draw, box):
        draw.rounded_rectangle(box, radius=6, outline=HIGHLIGHT, width=3)

    def depth(draw, box):
        draw.rounded_rectangle(box, radius=6, fill=BAND[2], outline=INK, width=1)
        centred_text(draw, box, "3", MIN_TEXT)

    def start(draw, box):
        draw.rounded_rectangle(box, radius=(box[3] - box[1]) / 2, fill="#d69e2e", outline="#fefcbf", width=2)

    words = [t(f"deep_dive.picture.{name}", locale)
             for name in ("token", "face_down_count", "same_tiles", "depth", "complete_row")]
    return [*zip((start, hidden, same, depth, row), words),
            (lambda draw, box: turn_arrow(draw, box[0] + 4, (box[1] + box[3]) / 2, 20), t("picture.to_act", locale))]


def result_entries(view: dict) -> list[tuple[int | None, str, bool]]:
    winners = (view["result"] or {}).get("winners", [])
    entries = [(t["seat"], str(t["score"]), t["seat"] in winners) for t in view["tableaux"]]
    if view.get("automaton"):
        entries.append((None, str(view["automaton"]["score"]), not winners))
    return entries


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The board (or a player's own view, their panel ringed) with its words in `locale`."""
    tableaux = view["tableaux"]
    bot = view.get("automaton")
    panels = len(tableaux) + (1 if bot else 0)
    legend = legend_items(locale)
    ocean_y = TOP_H
    panels_y = ocean_y + len(view["depths"]) * DEPTH_H + 8
    legend_y = panels_y + panels * PANEL_H + 4
    height = legend_y + legend_height(legend, WIDTH - 24) + 12
    image, draw = canvas(WIDTH, height)
    draw_top(draw, view, locale)
    for index, depth in enumerate(view["depths"]):
        draw_depth(draw, view, depth, ocean_y + index * DEPTH_H)
    for index, tableau in enumerate(tableaux):
        draw_panel(draw, view, panels_y + index * PANEL_H, tableau, None, locale)
    if bot:
        draw_panel(draw, view, panels_y + len(tableaux) * PANEL_H, None, bot, locale)
    draw_legend(draw, 12, legend_y, WIDTH - 24, legend, key=("dd", locale))
    if view["finished"]:
        image = above(result_banner(result_entries(view), locale=locale), image)
    return png(image)
