"""Diamond Box pictures, drawn for a phone (see bot/render/phone.py): the centre (frame colours, each with its shape for
colour-blind players, white/black diamonds, the last card outlined) with its columns lettered and rows numbered (the
cells the move list names), every hand (hands are public) with its seat's disc and size and the seat to act framed,
the deck, a player's own hand, and the chooser's placements, each in its own little picture of the centre with the
card laid in its footprint at its rotation, numbered and with its penalty."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot.i18n import t
from bot.render.caches import bounded
from bot.render.canvas import canvas
from bot.render.encode import png
from bot.render.inks import HIGHLIGHT, INK, MUTED, PANEL
from bot.render.phone import MIN_TEXT, PHONE_END_HEIGHT, PHONE_HEIGHT, PHONE_WIDTH
from bot.render.sprites import cached, cached_many, layer
from bot.render.text import font
from bot.render.widgets import above, centred_text, result_banner, seat_disc, symbol, turn_arrow
from bot.render.widgets import legend as draw_legend
from games.data import load
from games.diamond_box.geometry import card_cells

MARGIN = 1  # empty cells drawn around the group, where new cards may go
PAD = 8
MAX_CELL = 48
GRID_LINE = "#2a3140"
THUMB_COLUMNS = 3
THUMB_GAP = 12


@cache
def palette() -> tuple[dict, dict, dict]:
    data = load("diamond_box/cards.json")
    symbols = load("diamond_box/symbols.json")
    return {c["id"]: c["rgb"] for c in data["colours"]}, data["diamonds"], symbols


def diamond(draw, x: float, y: float, size: float, colour: str) -> None:
    half, inset = size / 2, max(2, size / 7)
    draw.polygon(
        [(x + half, y + inset), (x + size - inset, y + half), (x + half, y + size - inset), (x + inset, y + half)],
        fill=colour,
        outline="#555555",
    )


def cell(draw, x: float, y: float, size: float, frame: str, diamond_letter: str) -> None:
    """One cell: its frame colour, the colour's shape in the top-left corner, the diamond (drawn once, then pasted;
    a cell of fractional size, in the chooser's little pictures, is drawn in place: its edges depend on where)."""
    if size != int(size):
        return paint_cell(draw, x, y, size, frame, diamond_letter)
    cached(
        draw,
        ("db.cell", size, frame, diamond_letter),
        x,
        y,
        (0, 0, size, size),
        lambda d, px, py: paint_cell(d, px, py, size, frame, diamond_letter),
    )


def paint_cell(draw, x: float, y: float, size: float, frame: str, diamond_letter: str) -> None:
    frames, diamonds, symbols = palette()
    draw.rectangle((x, y, x + size - 1, y + size - 1), fill=frames[frame], outline="#151a22")
    diamond(draw, x + size * 0.12, y + size * 0.12, size * 0.82, diamonds[diamond_letter])
    if size < 22:  # too small for a readable shape (the chooser's little pictures)
        return
    mark = size * 0.28
    symbol(draw, (x + 3, y + 3, x + 3 + mark, y + 3 + mark), symbols[frame], fill="#ffffff", outline="#111111")


def card(draw, x: float, y: float, size: float, card_id: str) -> None:
    """A card at rotation 0 (3 x 2 cells of `size`), drawn once, then pasted."""
    cached(
        draw,
        ("db.card", size, card_id),
        x,
        y,
        (-3, -3, 3 * size + 3, 2 * size + 3),
        lambda d, px, py: paint_card(d, px, py, size, card_id),
    )


def paint_card(draw, x: float, y: float, size: float, card_id: str) -> None:
    colour, pattern = card_id.split(":")
    for index, letter in enumerate(pattern):
        paint_cell(draw, x + (index % 3) * size, y + (index // 3) * size, size, colour, letter)
    draw.rectangle((x - 2, y - 2, x + 3 * size + 1, y + 2 * size + 1), outline="#0b0f16", width=3)


def extent(view: dict, extra: Sequence[tuple[int, int]] = (), margin: int = MARGIN) -> tuple[int, int, int, int]:
    bounds = view["bounds"]
    xs = [bounds["x_min"], bounds["x_max"], *(x for x, _ in extra)]
    ys = [bounds["y_min"], bounds["y_max"], *(y for _, y in extra)]
    return min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin


def draw_centre(
    draw,
    view: dict,
    left: float,
    top: float,
    size: float,
    area: tuple[int, int, int, int],
    placement: dict | None = None,
    outline_last: bool = True,
) -> None:
    """The visible cells of the centre within `area` (x0, x1, y0, y1); with `placement`, that card laid on top."""
    x0, x1, y0, y1 = area
    px = lambda x: left + (x - x0) * size  # noqa: E731
    py = lambda y: top + (y - y0) * size  # noqa: E731
    grid = tuple((entry["x"], entry["y"], entry["colour"], entry["diamond"]) for entry in view["grid"])
    if placement is None:
        paint_grid(draw, grid, left, top, size, area)
    else:  # the chooser: the same centre under every placement, drawn once
        cached(
            draw,
            ("db.centre", grid, size, area),
            left,
            top,
            (-2, -2, (x1 - x0 + 1) * size + 2, (y1 - y0 + 1) * size + 2),
            lambda d, x, y: paint_grid(d, grid, x, y, size, area),
        )
    if view["centre"] and outline_last and placement is None:
        last = view["centre"][-1]["cells"]
        xs, ys = [c["x"] for c in last], [c["y"] for c in last]
        draw.rectangle(
            (px(min(xs)) - 2, py(min(ys)) - 2, px(max(xs) + 1) + 1, py(max(ys) + 1) + 1), outline=HIGHLIGHT, width=4
        )
    if placement is not None:
        cells = card_cells(placement["card"], placement["rotation"], placement["x"], placement["y"])
        colour = placement["card"].split(":")[0]
        occupied = {(entry["x"], entry["y"]) for entry in view["grid"]}
        for cx, cy, letter in cells:
            cell(draw, px(cx), py(cy), size, colour, letter)
            if (cx, cy) not in occupied:  # a protruding cell: one penalty card
                draw.line((px(cx) + 2, py(cy + 1) - 3, px(cx + 1) - 3, py(cy) + 2), fill=HIGHLIGHT, width=3)
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        frame = (px(min(xs)) - 3, py(min(ys)) - 3, px(max(xs) + 1) + 2, py(max(ys) + 1) + 2)
        draw.rectangle(frame, outline="#ffffff", width=4)
        draw.rectangle((frame[0] - 2, frame[1] - 2, frame[2] + 2, frame[3] + 2), outline="#0b0f16", width=2)


def paint_grid(draw, grid: tuple, left: float, top: float, size: float, area: tuple[int, int, int, int]) -> None:
    """The centre's background, grid lines and cells (x, y, colour, diamond) within `area`."""
    x0, x1, y0, y1 = area
    px = lambda x: left + (x - x0) * size  # noqa: E731
    py = lambda y: top + (y - y0) * size  # noqa: E731
    right, bottom = px(x1 + 1), py(y1 + 1)
    draw.rectangle((left, top, right, bottom), fill="#161b24")
    # each line as `draw.line` draws it (width 1), without its per-call work
    lines, ink = draw.draw.draw_lines, draw._getink(GRID_LINE)[0]
    for x in range(x0, x1 + 2):
        lines((px(x), top, px(x), bottom), ink, 1)
    for y in range(y0, y1 + 2):
        lines((left, py(y), right, py(y)), ink, 1)
    if size != int(size):
        for x, y, colour, letter in grid:
            cell(draw, px(x), py(y), size, colour, letter)
        return
    cached_many(
        draw,
        [(("db.cell", size, colour, letter), px(x), py(y)) for x, y, colour, letter in grid],
        (0, 0, size, size),
        lambda d, x, y, key: paint_cell(d, x, y, size, key[2], key[3]),
    )


LABEL = 30  # the strip of column letters (above the centre) and row numbers (left of it)
GAP = 6
FOOTER = 44
HAND_LEFT = 104  # a hand's cards start right of its seat's disc and count
MAX_HAND_CELL = 20
MIN_HAND_CELL = 7
GOOD_CELL = 36  # the centre's cells, before the hands' cards shrink to keep them
PLAY_HEIGHT = 520  # a board while playing, when GOOD_CELL allows: the rest of a phone screen keeps the answer below
MIN_CELL = 6


def board_area(view: dict) -> tuple[int, int, int, int]:
    """The centre's cells the public board draws and labels (x0, x1, y0, y1): the group and one empty cell around
    it."""
    return extent(view)


def column_name(index: int) -> str:
    """A column's letter on the board: A, B, ... Z, then AA, AB, ..."""
    return chr(65 + index) if index < 26 else chr(64 + index // 26) + chr(65 + index % 26)


def coordinate(area: tuple[int, int, int, int], x: int, y: int) -> str:
    """Cell (x, y) as the board labels it: its column's letter and its row's number (e.g. B3)."""
    return f"{column_name(x - area[0])}{y - area[2] + 1}"


def count_chip(draw, cx: float, cy: float, count: int | str) -> None:
    """A hand's size: the number on a little card."""
    box = (cx - 17, cy - 22, cx + 17, cy + 22)
    draw.rounded_rectangle(box, radius=5, fill="#e2e8f0", outline="#0b0f16", width=2)
    centred_text(draw, box, str(count), 28, fill="#111111")


@bounded(8)
def legend_items(locale: str) -> tuple:
    """The legend's icons and words in `locale` (built once per locale: read it, never change it)."""

    def chip(draw, box):
        count_chip(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, "5")

    def last(draw, box):
        draw.rectangle(box, fill="#3b6fd6", outline=HIGHLIGHT, width=4)

    return ((chip, t("diamond_box.picture.in_hand", locale)), (last, t("diamond_box.picture.last", locale)))


def hand_columns(cell_size: int) -> int:
    return max(1, int((PHONE_WIDTH - HAND_LEFT - 12) // (3 * cell_size + 8)))


def hand_height(count: int, cell_size: int, columns: int) -> int:
    rows = max(1, -(-count // columns))
    return max(52, rows * (2 * cell_size + 10) + 14)


def hands_height(view: dict, cell_size: int) -> int:
    return _hands_height(tuple(len(hand) for hand in view["hands"]), cell_size)


@bounded(1024)
def _hands_height(counts: tuple[int, ...], cell_size: int) -> int:
    columns = hand_columns(cell_size)
    return sum(hand_height(count, cell_size, columns) + GAP for count in counts)


def grid_cap(view: dict) -> int:
    """The centre's largest cells: MAX_CELL, or what the picture's width allows."""
    return _grid_cap(board_area(view))


def _grid_cap(area: tuple[int, int, int, int]) -> int:
    x0, x1, _, _ = area
    return int(min(MAX_CELL, (PHONE_WIDTH - 2 * PAD - LABEL) / (x1 - x0 + 1)))


def board_layout(view: dict, limit: int, hands: bool = True):
    """(the centre's cell size, the hands' cell size) for a board at most `limit` tall: the fewest rows of cards
    in the hands, then the largest cards, that leave the centre's cells at least GOOD_CELL (or what its width
    allows); when no size of card leaves that much, the largest centre. Without `hands`: the centre's cell size."""
    return _board_layout(board_area(view), tuple(len(hand) for hand in view["hands"]), limit, hands)


@bounded(1024)
def _board_layout(area: tuple[int, int, int, int], counts: tuple[int, ...], limit: int, hands: bool):
    """`board_layout` of a centre of `area` and hands of `counts` cards."""
    _, _, y0, y1 = area
    rows, cap = y1 - y0 + 1, _grid_cap(area)
    if not hands:
        return max(MIN_CELL, int(min(cap, (limit - PAD - LABEL - GAP - FOOTER) / rows)))
    options = []
    for hand_cell in range(MAX_HAND_CELL, MIN_HAND_CELL - 1, -1):
        room = limit - PAD - LABEL - GAP - _hands_height(counts, hand_cell) - FOOTER
        per_row = hand_columns(hand_cell)
        card_rows = sum(max(1, -(-count // per_row)) for count in counts)
        options.append((int(min(cap, room / rows)), card_rows, hand_cell))
    good = [option for option in options if option[0] >= min(GOOD_CELL, cap)]
    size, _, hand_cell = (
        min(good, key=lambda option: (option[1], -option[2]))
        if good
        else max(options, key=lambda option: (option[0], option[2]))
    )
    return max(MIN_CELL, size), hand_cell  # MIN_CELL: never reached by a game played to the rules so far


def draw_hands(draw, view: dict, top: int, cell_size: int) -> None:
    columns = hand_columns(cell_size)
    y = top
    for seat, hand in enumerate(view["hands"]):
        height = hand_height(len(hand), cell_size, columns)
        acting = view.get("turn_seat") == seat and not view["finished"]
        # a hand's panel, drawn once and pasted whole (a move changes one hand); from an even row: the row above
        # a panel is background
        odd = y & 1
        layer(
            draw,
            ("db.hand", seat, tuple(hand), cell_size, columns, odd),
            (0, y - odd, PHONE_WIDTH, y + height + 1),
            lambda d, _x, panel_top: paint_hand(d, panel_top + odd, seat, hand, cell_size, columns),
            backdrop=(("db.panel", height, odd), lambda d, _x, panel_top: hand_panel(d, panel_top + odd, height)),
        )
        if acting:  # the turn's frame and arrow over it: the panel is the same (drawn once) whoever is to play
            draw.rounded_rectangle((4, y, PHONE_WIDTH - 4, y + height), radius=10, outline=HIGHLIGHT, width=4)
            turn_arrow(draw, 7, y + height / 2, 12)
        y += height + GAP


def hand_panel(draw, y: int, height: int) -> None:
    """A hand's panel from `y`, `height` high (the turn's frame is drawn over it)."""
    draw.rounded_rectangle((4, y, PHONE_WIDTH - 4, y + height), radius=10, fill=PANEL, outline="#3a4558", width=2)


def small_card(draw, x: float, y: float, size: int, card_id: str) -> None:
    """A card in a public hand: its cells, and its colour's shape once on its corner (cells too small for one each)."""
    paint_card(draw, x, y, size, card_id)
    if size < 22:
        _, _, symbols = palette()
        symbol(draw, (x - 5, y - 5, x + 11, y + 11), symbols[card_id.split(":")[0]], fill="#ffffff", outline="#111111")


def paint_hand(draw, y: int, seat: int, hand: list[str], cell_size: int, columns: int) -> None:
    """One seat's hand on its panel (`hand_panel`) from `y`: its disc, its hand's size and its cards."""
    middle = y + max(26, cell_size + 12)
    seat_disc(draw, 40, middle, 20, seat)
    count_chip(draw, 80, middle, len(hand))
    step_x, step_y = 3 * cell_size + 8, 2 * cell_size + 10
    cached_many(
        draw,
        [
            (
                ("db.small", cell_size, card_id),
                HAND_LEFT + 4 + number % columns * step_x,
                y + 12 + number // columns * step_y,
            )
            for number, card_id in enumerate(hand)
        ],
        (-6, -6, 3 * cell_size + 3, 2 * cell_size + 3),
        lambda d, x, y, key: small_card(d, x, y, cell_size, key[2]),
    )


def area_size(area: tuple[int, int, int, int], width: float, cap: float) -> float:
    x0, x1, y0, y1 = area
    return min(cap, width / (x1 - x0 + 1))


def result_entries(view: dict, locale: str = "en") -> list[tuple[int | None, str, bool]]:
    return [
        (seat, t("diamond_box.picture.cards", locale, count=len(hand)), seat in view["winner_seats"])
        for seat, hand in enumerate(view["hands"])
    ]


def draw_labels(draw, area: tuple[int, int, int, int], left: int, top: int, size: int) -> None:
    """Column letters above the centre and row numbers left of it: the coordinates the move list names."""
    x0, x1, y0, y1 = area
    text_size = MIN_TEXT if size < 40 else 26
    for index in range(0, x1 - x0 + 1, -(-20 // size)):
        draw.text(
            (left + index * size + size / 2, top - LABEL / 2),
            column_name(index),
            font=font(text_size),
            fill=MUTED,
            anchor="mm",
        )
    every = -(-MIN_TEXT // size)  # rows thinner than the digits: every other (or third) row named
    for index in range(0, y1 - y0 + 1, every):
        draw.text(
            (left - 6, top + index * size + size / 2), str(index + 1), font=font(text_size), fill=MUTED, anchor="rm"
        )


def draw_board(view: dict, locale: str = "en") -> bytes:
    """The public board with its words in `locale`: the centre with its coordinates, every hand (hands are public)
    with the seat to act framed, the deck; at the end the result (every hand's size) above the centre instead of
    the hands."""
    area = board_area(view)
    columns, rows = area[1] - area[0] + 1, area[3] - area[2] + 1
    banner = result_banner(result_entries(view, locale), locale=locale) if view["finished"] else None
    if banner is not None:  # the result: the banner says every hand's size, the centre stays; no hands
        size, hand_cell, hands_h = board_layout(view, PHONE_END_HEIGHT - banner.height, hands=False), 0, 0
    else:
        size, hand_cell = board_layout(view, PLAY_HEIGHT)
        if size < min(GOOD_CELL, grid_cap(view)):  # a large centre or large hands: the whole height
            size, hand_cell = board_layout(view, PHONE_HEIGHT)
        hands_h = hands_height(view, hand_cell)
    grid_w, grid_h = columns * size, rows * size
    height = PAD + LABEL + grid_h + GAP + hands_h + FOOTER
    image, draw = canvas(PHONE_WIDTH, height)
    left = LABEL + PAD + (PHONE_WIDTH - 2 * PAD - LABEL - grid_w) // 2
    top = PAD + LABEL
    draw_labels(draw, area, left, top, size)
    draw_centre(draw, view, left, top, size, area)
    if hands_h:
        draw_hands(draw, view, top + grid_h + GAP, hand_cell)
    y = height - FOOTER + 2
    legend = legend_items(locale) if hands_h else legend_items(locale)[1:]  # no hands: no hand sizes to explain
    draw_legend(draw, 8, y, PHONE_WIDTH - 150, legend, key=("db", locale))
    draw.text(
        (PHONE_WIDTH - 12, y + 20),
        t("picture.deck_count", locale, count=view["deck_count"]),
        font=font(28),
        fill=INK,
        anchor="rm",
    )
    if banner is not None:
        image = above(banner, image)
    return png(image)


def draw_hand(view: dict, seat: int, best: dict[str, int], locale: str = "en") -> bytes:
    """A player's own hand: each card numbered as in the chooser, with its cheapest penalty (`best`); no cards: a
    line saying so."""
    hand = view["hands"][seat]
    if not hand:
        image, draw = canvas(PHONE_WIDTH, 80)
        draw.text(
            (PHONE_WIDTH / 2, 40), t("diamond_box.picture.no_cards", locale), font=font(30), fill=INK, anchor="mm"
        )
        return png(image)
    columns = 3 if len(hand) <= 9 else 4
    size = 44 if columns == 3 else 34
    cell_w = (PHONE_WIDTH - 2 * PAD) / columns
    rows = max(1, -(-len(hand) // columns))
    row_h = 2 * size + 50
    while PAD + rows * row_h + 4 > PHONE_HEIGHT and size > 20:
        size -= 2
        row_h = 2 * size + 50
    image, draw = canvas(PHONE_WIDTH, PAD + rows * row_h + 4)
    for number, card_id in enumerate(hand):
        row, column = divmod(number, columns)
        x = round(PAD + column * cell_w + (cell_w - 3 * size) / 2)
        y = PAD + row * row_h
        card(draw, x, y + 6, size, card_id)
        label = f"{number + 1}" + (f"  +{best[card_id]}" if card_id in best else "")
        draw.text((x + 1.5 * size, y + 2 * size + 14), label, font=font(28), fill=INK, anchor="mt")
    return png(image)


def placement_layout(view: dict, placements: list[tuple[int, dict, int]]) -> dict:
    """Where the chooser's picture puts everything: the canvas size, the centre's cell size and area, and per
    placement its panel, its number's badge and its footprint (pixel boxes x0, y0, x1, y1)."""
    thumb_w = (PHONE_WIDTH - 2 * PAD - (THUMB_COLUMNS - 1) * THUMB_GAP) / THUMB_COLUMNS
    footprints = [
        (x, y)
        for _, action, _ in placements
        for x, y, _ in card_cells(action["card"], action["rotation"], action["x"], action["y"])
    ]
    area = extent(view, footprints, margin=0)
    head = 40
    rows = max(1, -(-len(placements) // THUMB_COLUMNS))
    room = (PHONE_HEIGHT - PAD) / rows - THUMB_GAP - head - 8  # every row of pictures within a phone's height
    # whole pixels: a cell is then drawn once and pasted
    size = max(4, int(min(area_size(area, thumb_w - 8, 40), room / (area[3] - area[2] + 1))))
    grid_w, grid_h = (area[1] - area[0] + 1) * size, (area[3] - area[2] + 1) * size
    thumb_h = head + grid_h + 8
    panels = []
    for index, (_number, action, _penalty) in enumerate(placements):
        row, column = divmod(index, THUMB_COLUMNS)
        # whole pixels: every panel's centre is then the same pixels, drawn once (draw_centre)
        x, y = round(PAD + column * (thumb_w + THUMB_GAP)), round(PAD + row * (thumb_h + THUMB_GAP))
        x_end, y_end = round(PAD + column * (thumb_w + THUMB_GAP) + thumb_w), round(y + thumb_h)
        left, top = round(x + (thumb_w - grid_w) / 2), y + head
        cells = card_cells(action["card"], action["rotation"], action["x"], action["y"])
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        footprint = (
            left + (min(xs) - area[0]) * size,
            top + (min(ys) - area[2]) * size,
            left + (max(xs) + 1 - area[0]) * size,
            top + (max(ys) + 1 - area[2]) * size,
        )
        panels.append(
            {
                "panel": (x, y, x_end, y_end),
                "badge": (x + 4, y + 4, x + 58, y + head - 2),
                "grid": (left, top),
                "footprint": footprint,
            }
        )
    return {
        "width": PHONE_WIDTH,
        "height": PAD + rows * (thumb_h + THUMB_GAP),
        "size": size,
        "area": area,
        "head": head,
        "panels": panels,
    }


def draw_placements(view: dict, placements: list[tuple[int, dict, int]]) -> bytes:
    """Numbered little pictures of the centre, one per offered placement (number, action, penalty): the card laid
    at its place and rotation, its footprint framed in white, protruding cells struck through."""
    layout = placement_layout(view, placements)
    image, draw = canvas(layout["width"], layout["height"])
    for (number, action, penalty), boxes in zip(placements, layout["panels"]):
        x, y, x1, y1 = boxes["panel"]
        draw.rounded_rectangle(boxes["panel"], radius=10, fill=PANEL, outline="#3a4558", width=2)
        draw.rounded_rectangle(boxes["badge"], radius=8, fill=HIGHLIGHT)
        centred_text(draw, boxes["badge"], str(number), 28, fill="#111111")
        middle = y + layout["head"] / 2 + 2
        draw.text((x1 - 8, middle), f"+{penalty}", font=font(30), fill="#68d391" if penalty == 0 else INK, anchor="rm")
        left, top = boxes["grid"]
        draw_centre(draw, view, left, top, layout["size"], layout["area"], placement=action)
    return png(image)
