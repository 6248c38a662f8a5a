"""DEEP DIVE's board picture, drawn from `view(None)` only (face-down tiles appear as counts), so it can hold
nothing a player may not see.

Top: the start/last-dive token and the end trigger. The ocean: five depth bands, each with its face-down stack
(count), the face-up tiles grouped by kind (food in its colour with its points, rocks, open water, predators with
the trapped penguins in their owners' colours), the diver's penguin at the current depth and, in solo, the
automaton's penguin. Below: one panel per player (and the automaton): seat disc, free / trapped penguins, rocks,
the tableau as rows of three colours (complete rows framed) and the score."""
from __future__ import annotations

from collections import Counter

from bot.render import INK, MUTED, canvas, centred_text, font, png, readable_on, seat_colour

WIDTH = 900
TOP_H = 64
DEPTH_H = 96
TILE = 66
GAP = 8
LANE_X = 86  # the lane where the diver's / automaton's penguins swim
STACK_X = 168
GROUPS_X = 252
PANEL_H = 128
CELL_W, CELL_H = 34, 28
ROWS_X = 316

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
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    points = [(0.18, 0.35), (0.42, 0.14), (0.74, 0.2), (0.9, 0.5), (0.78, 0.84), (0.34, 0.88), (0.1, 0.66)]
    draw.polygon([(x0 + px * w, y0 + py * h) for px, py in points], fill=fill, outline="#2d3748", width=2)


def fin(draw, box: tuple[float, float, float, float], fill: str = "#e2e8f0") -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.polygon([(x0 + 0.18 * w, y1 - 0.3 * h), (x0 + 0.62 * w, y0 + 0.12 * h), (x0 + 0.56 * w, y1 - 0.3 * h)],
                 fill=fill)
    draw.line([(x0 + 0.08 * w, y1 - 0.3 * h), (x1 - 0.08 * w, y1 - 0.3 * h)], fill="#63b3ed", width=3)


def badge(draw, x: float, y: float, count: int) -> None:
    """A small ×n count in a tile's top-right corner."""
    box = (x - 15, y - 9, x + 15, y + 11)
    draw.rounded_rectangle(box, radius=8, fill="#1a202c", outline=INK, width=1)
    centred_text(draw, box, f"x{count}", 15)


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


def face_down(draw, x: int, y: int, count: int) -> None:
    box = (x, y, x + TILE, y + TILE)
    if count == 0:
        draw.rounded_rectangle(box, radius=10, outline=MUTED, width=2)
        centred_text(draw, box, "0", 28, fill=MUTED)
        return
    for offset in (6, 3):  # a stack
        if count > offset // 3:
            draw.rounded_rectangle((x + offset, y - offset, x + TILE + offset, y + TILE - offset), radius=10,
                                   fill="#072536", outline="#4fd1c5", width=1)
    draw.rounded_rectangle(box, radius=10, fill=BACK_FILL, outline="#4fd1c5", width=2)
    centred_text(draw, box, str(count), 30)


def seat_disc(draw, cx: float, cy: float, r: float, seat: int | None) -> None:
    colour = seat_colour(seat) if seat is not None else AUTOMATON
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline="#0b0f16", width=2)
    centred_text(draw, (cx - r, cy - r, cx + r, cy + r), str(seat + 1) if seat is not None else "A", int(r * 1.1),
                 fill=readable_on(colour))


def token(draw, cx: float, cy: float, r: float, last: bool) -> None:
    """The start / last-dive token: gold when it shows the start, red-orange once flipped to LAST DIVE."""
    fill = "#dd6b20" if last else "#d69e2e"
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline="#fefcbf", width=3)
    centred_text(draw, (cx - r, cy - r, cx + r, cy + r), "LAST" if last else "1st", int(r * 0.7), fill="#1a202c")


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
    number = depth["depth"]
    turn = view["turn"]
    bot = view.get("automaton")
    draw.rectangle((0, y, WIDTH, y + DEPTH_H - 1), fill=BAND[(number - 1) % len(BAND)])
    draw.line((0, y + DEPTH_H - 1, WIDTH, y + DEPTH_H - 1), fill="#0b1a2e", width=2)
    diver_here = bool(turn and turn["phase"] in ("dive", "revealed") and turn["depth"] == number)
    retreat_here = bool(turn and turn["phase"] == "retreat" and number in turn["retreat_depths"])
    pick_here = bool(turn and turn["phase"] == "automaton_pick" and bot and bot["pick_depth"] == number)
    if diver_here or retreat_here or pick_here:
        frame = seat_colour(turn["diver_seat"]) if diver_here else HIGHLIGHT
        draw.rectangle((2, y + 2, WIDTH - 3, y + DEPTH_H - 3), outline=frame, width=4)
    # depth number
    label_box = (10, y + 14, 74, y + DEPTH_H - 14)
    draw.rounded_rectangle(label_box, radius=12, fill="#0b1a2e")
    centred_text(draw, (10, y + 16, 74, y + 50), str(number), 34)
    centred_text(draw, (10, y + 50, 74, y + DEPTH_H - 16), "DEPTH", 12, fill=MUTED)
    # penguins in the lane: the diver (left), the automaton (right)
    mid = y + DEPTH_H / 2
    if diver_here:
        penguin(draw, LANE_X + 20, mid, 56, seat_colour(turn["diver_seat"]), outline=HIGHLIGHT)
    if bot is not None and bot["depth"] == number and not view["finished"]:
        penguin(draw, LANE_X + 58, mid + 8, 40, AUTOMATON)
        centred_text(draw, (LANE_X + 44, y + 4, LANE_X + 72, y + 22), "A", 16)
    face_down(draw, STACK_X, y + (DEPTH_H - TILE) // 2, depth["face_down"])
    x = GROUPS_X
    flipped = turn["flipped"] if turn and turn["phase"] == "revealed" and turn["depth"] == number else None
    picks = set(bot["pick_options"]) if pick_here else set()
    top = y + (DEPTH_H - TILE) // 2
    for tile, count, trapped in groups(depth["face_up"], view["colours"]):
        tile_face(draw, x, top, tile)
        if tile == flipped or tile in picks or (retreat_here and tile != "water" and tile != "predator"):
            draw.rounded_rectangle((x - 4, top - 4, x + TILE + 4, top + TILE + 4), radius=12, outline=HIGHLIGHT,
                                   width=4)
        if count > 1:
            badge(draw, x + TILE - 6, top + 2, count)
        if trapped:  # trapped penguins on the predators, in their owners' colours
            size, per_row = (30, 3) if len(trapped) <= 6 else (20, 4)
            step = (TILE - 8) / per_row
            for index, seat in enumerate(trapped[:per_row * 3]):
                px = x + 4 + step / 2 + (index % per_row) * step
                py = top + TILE - size / 2 - 2 - (index // per_row) * (size * 0.8)
                penguin(draw, px, py, size, seat_colour(seat))
        x += TILE + GAP


# --- the players ---------------------------------------------------------------------------------
def draw_rows(draw, rows: list[dict], colours: list[str], x0: int, y: int, width: int) -> None:
    """The tableau: one triplet of cells (one per colour) per row; complete rows framed, row score beneath."""
    if not rows:
        for index, colour in enumerate(colours):
            draw.rounded_rectangle((x0, y + index * CELL_H, x0 + CELL_W, y + (index + 1) * CELL_H - 3), radius=5,
                                   outline=food_colour(colour), width=1)
        return
    step = min(CELL_W + 10, max(18, width // len(rows)))
    cell_w = min(CELL_W, step - 4)
    for number, row in enumerate(rows):
        x = x0 + number * step
        values = [row.get(colour) for colour in colours]
        complete = all(value is not None for value in values)
        if complete:
            draw.rounded_rectangle((x - 3, y - 3, x + cell_w + 3, y + len(colours) * CELL_H), radius=6,
                                   outline=HIGHLIGHT, width=2)
        for index, colour in enumerate(colours):
            box = (x, y + index * CELL_H, x + cell_w, y + (index + 1) * CELL_H - 3)
            value = row.get(colour)
            if value is None:
                draw.rounded_rectangle(box, radius=5, outline="#4a5568", width=1)
            else:
                fill = food_colour(colour)
                draw.rounded_rectangle(box, radius=5, fill=fill)
                centred_text(draw, box, str(value), 20 if cell_w >= 26 else 15, fill=readable_on(fill))
        present = [value for value in values if value is not None]
        score = sum(present) if complete else sum(present) // 2
        centred_text(draw, (x, y + len(colours) * CELL_H, x + cell_w, y + len(colours) * CELL_H + 18), str(score),
                     15, fill=HIGHLIGHT if complete else MUTED)


def draw_panel(draw, view: dict, y: int, tableau: dict | None, bot: dict | None) -> None:
    draw.rounded_rectangle((8, y + 4, WIDTH - 8, y + PANEL_H - 4), radius=14, fill=PANEL)
    colours = view["colours"]
    mid = y + PANEL_H / 2
    turn = view["turn"]
    if tableau is not None:
        seat = tableau["seat"]
        acting = seat in view["to_act"]
        if acting:
            draw.rounded_rectangle((8, y + 4, WIDTH - 8, y + PANEL_H - 4), radius=14, outline=HIGHLIGHT, width=3)
        seat_disc(draw, 48, y + 40, 26, seat)
        if view["start_seat"] == seat:
            token(draw, 48, y + 96, 20, view["last_dive"])
        # penguins: free ones in colour, trapped ones dark with their depth
        trapped = tableau["trapped_depths"]
        free = tableau["free_penguins"]
        diving = bool(turn and turn["diver_seat"] == seat and turn["phase"] in ("dive", "revealed"))
        for index in range(free + len(trapped)):
            cx = 102 + index * 36
            if index < free:
                shown_free = free - (1 if diving else 0)
                if index < shown_free:
                    penguin(draw, cx, y + 40, 40, seat_colour(seat))
                else:  # the one out diving: an outline where it waits
                    draw.ellipse((cx - 12, y + 20, cx + 12, y + 60), outline=seat_colour(seat), width=2)
            else:  # caught: on a little predator tile, with the depth it is caught at
                draw.rounded_rectangle((cx - 17, y + 16, cx + 17, y + 64), radius=8, fill=PREDATOR_FILL,
                                       outline="#e53e3e", width=2)
                penguin(draw, cx, y + 42, 34, seat_colour(seat))
                depth = trapped[index - free]
                draw.rounded_rectangle((cx - 13, y + 64, cx + 13, y + 86), radius=6, fill=BAND[depth - 1])
                centred_text(draw, (cx - 13, y + 64, cx + 13, y + 86), str(depth), 16)
        rocks = tableau["rocks"]
        score, complete = tableau["score"], tableau["complete_rows"]
        rows = tableau["rows"]
        extra_icons = []
    else:
        seat_disc(draw, 48, y + 40, 26, None)
        penguin(draw, 102, y + 40, 40, AUTOMATON)
        draw.rounded_rectangle((89, y + 64, 115, y + 86), radius=6, fill=BAND[bot["depth"] - 1])
        centred_text(draw, (89, y + 64, 115, y + 86), str(bot["depth"]), 16)
        rocks, score, complete, rows = bot["rocks"], bot["score"], bot["complete_rows"], bot["rows"]
        extra_icons = [("water", bot["water"])]
    # rocks (and, for the automaton, open water it kept)
    x = 214
    for kind, count in [("rock", rocks)] + extra_icons:
        if kind == "rock":
            rock_shape(draw, (x, y + 14, x + 40, y + 54), fill=ROCK_FILL if count else "#3a4150")
        else:
            tile_face(draw, x + 2, y + 16, "water", size=36)
        draw.text((x + 20, y + 58), f"x{count}", fill=INK if count else MUTED, font=font(20), anchor="ma")
        x += 48
    # tableau rows
    draw_rows(draw, rows, colours, ROWS_X, y + 16, WIDTH - ROWS_X - 120)
    # score
    box = (WIDTH - 110, y + 14, WIDTH - 20, y + 70)
    won = bool(view["finished"] and view["result"]) and (
        tableau["seat"] in view["result"].get("winners", []) if tableau is not None
        else not view["result"].get("winners"))
    if won:
        draw.rounded_rectangle((8, y + 4, WIDTH - 8, y + PANEL_H - 4), radius=14, outline=HIGHLIGHT, width=4)
    draw.rounded_rectangle(box, radius=12, fill="#1a202c", outline=HIGHLIGHT if won else MUTED, width=3 if won else 2)
    centred_text(draw, box, str(score), 36)
    for index in range(complete):  # one star-dot per complete row
        cx = WIDTH - 100 + (index % 8) * 10
        cy = y + 82 + (index // 8) * 10
        draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=HIGHLIGHT)


def draw_top(draw, view: dict) -> None:
    draw.rectangle((0, 0, WIDTH, TOP_H), fill="#14202e")
    # the token: whose it is and which side shows
    seat_disc(draw, 34, TOP_H / 2, 20, view["start_seat"])
    token(draw, 84, TOP_H / 2, 24, view["last_dive"])
    x = 124
    if view["end_triggered"] and not view["last_dive"]:
        draw.rounded_rectangle((x, 14, x + 150, TOP_H - 14), radius=10, fill="#9c4221")
        centred_text(draw, (x, 14, x + 150, TOP_H - 14), "END TRIGGERED", 18)
    if view["finished"]:
        draw.rounded_rectangle((x, 14, x + 150, TOP_H - 14), radius=10, fill="#2f855a")
        centred_text(draw, (x, 14, x + 150, TOP_H - 14), "GAME OVER", 18)
    turn = view["turn"]
    if turn is not None:  # who acts now: a penguin in their colour and the depth they are at
        seat = turn["diver_seat"]
        penguin(draw, WIDTH - 150, TOP_H / 2, 46, seat_colour(seat), outline=HIGHLIGHT)
        seat_disc(draw, WIDTH - 108, TOP_H / 2, 16, seat)
        if turn["phase"] in ("dive", "revealed"):
            box = (WIDTH - 82, 12, WIDTH - 16, TOP_H - 12)
            draw.rounded_rectangle(box, radius=8, fill=BAND[turn["depth"] - 1], outline=INK, width=1)
            centred_text(draw, box, f"D{turn['depth']}", 22)


def draw_board(view: dict) -> bytes:
    tableaux = view["tableaux"]
    bot = view.get("automaton")
    panels = len(tableaux) + (1 if bot else 0)
    ocean_y = TOP_H
    panels_y = ocean_y + len(view["depths"]) * DEPTH_H + 10
    height = panels_y + panels * PANEL_H + 8
    image, draw = canvas(WIDTH, height)
    draw_top(draw, view)
    for index, depth in enumerate(view["depths"]):
        draw_depth(draw, view, depth, ocean_y + index * DEPTH_H)
    for index, tableau in enumerate(tableaux):
        draw_panel(draw, view, panels_y + index * PANEL_H, tableau, None)
    if bot:
        draw_panel(draw, view, panels_y + len(tableaux) * PANEL_H, None, bot)
    return png(image)
