"""Blue Border's board picture: every diver's 7 slots (shades; numbers only where revealed), the four field piles
(top shade and height), the deck top and count, the discard with numbers. Drawn from `view(None)` only, so it
can hold nothing a player may not see."""
from __future__ import annotations

from bot.render import INK, MUTED, canvas, centred_text, font, png, readable_on, seat_colour

CARD_W, CARD_H, GAP = 62, 84, 10
LEFT = 70
WIDTH = LEFT + 7 * (CARD_W + GAP) + 20
HIGHLIGHT = "#f6e05e"
EMPTY = "#2d3748"


def _card(draw, x: int, y: int, card: dict | None, *, label: str = "", highlight: bool = False, scale: float = 1) -> None:
    w, h = int(CARD_W * scale), int(CARD_H * scale)
    box = (x, y, x + w, y + h)
    if card is None:
        draw.rounded_rectangle(box, radius=8, outline=MUTED, width=2, fill=EMPTY)
        if label:
            centred_text(draw, box, label, int(22 * scale), fill=MUTED)
    else:
        draw.rounded_rectangle(box, radius=8, fill=card["shade"], outline="#0b1a2e", width=2)
        if "number" in card:
            centred_text(draw, box, str(card["number"]), int(30 * scale), fill=readable_on(card["shade"]))
    if highlight:
        draw.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), radius=10, outline=HIGHLIGHT, width=4)


def draw_board(view: dict) -> bytes:
    divers = view["divers"]
    row_h = CARD_H + 26
    field_y = 20 + len(divers) * row_h + 10
    discard_y = field_y + CARD_H + 40
    rows_of_discard = max(1, -(-len(view["discard"]) // 16))
    height = discard_y + 30 + rows_of_discard * 44 + 10
    image, draw = canvas(WIDTH, height)
    placement = view.get("placement")
    for diver in divers:
        y = 20 + diver["seat"] * row_h
        colour = seat_colour(diver["seat"])
        draw.ellipse((14, y + CARD_H // 2 - 18, 50, y + CARD_H // 2 + 18), fill=colour)
        centred_text(draw, (14, y + CARD_H // 2 - 18, 50, y + CARD_H // 2 + 18), str(diver["seat"] + 1), 20)
        if view.get("active_seat") == diver["seat"]:
            draw.polygon([(4, y + CARD_H // 2 - 8), (12, y + CARD_H // 2), (4, y + CARD_H // 2 + 8)], fill=HIGHLIGHT)
        for index, card in enumerate(diver["slots"]):
            x = LEFT + index * (CARD_W + GAP)
            just_placed = bool(placement and placement["seat"] == diver["seat"] and placement["slot_index"] == index)
            _card(draw, x, y, card, label=view["slots"][index], highlight=just_placed)
        if diver["skip"]:
            draw.text((LEFT, y + CARD_H + 4), "SKIP", fill=HIGHLIGHT, font=font(16))
    # field: deck, then the four piles
    deck = view["deck"]
    _card(draw, LEFT, field_y, deck["top"], label="")
    draw.text((LEFT, field_y + CARD_H + 4), f"DECK {deck['count']}", fill=INK, font=font(16))
    for number, pile in enumerate(view["piles"]):
        x = LEFT + (number + 2) * (CARD_W + GAP)
        _card(draw, x, field_y, pile["top"], label="")
        draw.text((x, field_y + CARD_H + 4), f"{number + 1}  x{pile['height']}", fill=INK, font=font(16))
    # the discard is face up: its numbers are public
    draw.text((LEFT, discard_y), "DISCARD", fill=MUTED, font=font(14))
    for index, number in enumerate(view["discard"]):
        x = LEFT + (index % 16) * 34
        y = discard_y + 18 + (index // 16) * 44
        _card(draw, x, y, {"shade": _shade_of(view, number), "number": number}, scale=0.45)
    return png(image)


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
    image, draw = canvas(20 + per_row * 72, 20 + rows * 96)
    for index, entry in enumerate(chart):
        x, y = 20 + (index % per_row) * 72, 20 + (index // per_row) * 96
        _card(draw, x, y, entry)
    return png(image)
