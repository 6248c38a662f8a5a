"""Diamond Box pictures: the centre (frame colours, white/black diamonds, card outlines, a coordinate grid) and every
hand (hands are public). The chooser's picture also marks where each offered placement would go."""
from __future__ import annotations

from bot.render import INK, MUTED, canvas, centred_text, font, png, seat_colour
from games.data import load

CELL = 34
MARGIN = 2  # empty cells drawn around the group, where new cards may go
MINI = 12


def _colours() -> dict:
    data = load("diamond_box/cards.json")
    return {c["id"]: c["rgb"] for c in data["colours"]}, data["diamonds"]


def _diamond(draw, x: int, y: int, size: int, colour: str) -> None:
    half, inset = size // 2, max(2, size // 6)
    draw.polygon([(x + half, y + inset), (x + size - inset, y + half), (x + half, y + size - inset),
                  (x + inset, y + half)], fill=colour, outline="#555555")


def draw_board(view: dict, marks: list[tuple[str, int, int]] | None = None) -> bytes:
    frames, diamonds = _colours()
    bounds = view["bounds"]
    x0, x1 = bounds["x_min"] - MARGIN, bounds["x_max"] + MARGIN
    y0, y1 = bounds["y_min"] - MARGIN, bounds["y_max"] + MARGIN
    left, top = 40, 30
    grid_w, grid_h = (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL
    hands = view["hands"]
    hand_h = 3 * MINI + 16
    longest = max((len(hand) for hand in hands), default=0)
    width = max(left + grid_w + 20, 44 + longest * (3 * MINI + 10) + 10)
    height = top + grid_h + 20 + len(hands) * (hand_h + 8) + 10
    image, draw = canvas(width, height)
    px = lambda x: left + (x - x0) * CELL  # noqa: E731
    py = lambda y: top + (y - y0) * CELL  # noqa: E731
    for x in range(x0, x1 + 1):
        centred_text(draw, (px(x), top - 24, px(x) + CELL, top - 4), str(x), 12, fill=MUTED)
        draw.line((px(x), top, px(x), top + grid_h), fill="#2a3140")
    for y in range(y0, y1 + 1):
        centred_text(draw, (4, py(y), left - 4, py(y) + CELL), str(y), 12, fill=MUTED)
        draw.line((left, py(y), left + grid_w, py(y)), fill="#2a3140")
    for cell in view["grid"]:
        x, y = px(cell["x"]), py(cell["y"])
        draw.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=frames[cell["colour"]])
        _diamond(draw, x, y, CELL, diamonds[cell["diamond"]])
    for index, card in enumerate(view["centre"]):
        xs = [c["x"] for c in card["cells"]]
        ys = [c["y"] for c in card["cells"]]
        top_card = index == len(view["centre"]) - 1
        draw.rectangle((px(min(xs)), py(min(ys)), px(max(xs)) + CELL - 1, py(max(ys)) + CELL - 1),
                       outline="#f6e05e" if top_card else "#111111", width=3 if top_card else 1)
    for label, x, y in marks or []:
        box = (px(x) + 2, py(y) + 2, px(x) + 24, py(y) + 18)
        draw.rounded_rectangle(box, radius=4, fill="#111111", outline="#f6e05e")
        centred_text(draw, box, label, 11)
    hands_y = top + grid_h + 20
    for seat, hand in enumerate(hands):
        y = hands_y + seat * (hand_h + 8)
        draw.ellipse((8, y + 8, 32, y + 32), fill=seat_colour(seat))
        centred_text(draw, (8, y + 8, 32, y + 32), str(seat + 1), 14)
        if view.get("turn_seat") == seat:
            draw.rectangle((4, y, width - 4, y + hand_h), outline="#f6e05e", width=2)
        for number, card in enumerate(hand):
            colour, pattern = card.split(":")
            cx = 44 + number * (3 * MINI + 10)
            draw.rectangle((cx - 2, y + 4, cx + 3 * MINI + 1, y + 2 * MINI + 7), fill=frames[colour])
            for index, diamond in enumerate(pattern):
                _diamond(draw, cx + (index % 3) * MINI, y + 6 + (index // 3) * MINI, MINI, diamonds[diamond])
            draw.text((cx, y + 2 * MINI + 10), str(number + 1), fill=INK, font=font(11))
    return png(image)
