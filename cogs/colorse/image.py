"""COLORSE's board picture: every player's 3x2 box (face-down bonus cards as backs), the common cards (the face-down
one as a back), held cards, round wins, parent (P) and child (C). Drawn from `view(None)`: no hidden card, no sign."""
from __future__ import annotations

from bot.render import INK, MUTED, canvas, centred_text, font, png, seat_colour
from games.data import load

CELL = 54
GAP = 6
ROW_H = 2 * CELL + GAP + 30
LEFT = 70


def _palette() -> dict:
    return load("colorse/palette.json")


def _card(draw, x: int, y: int, entry: dict | None, size: int = CELL) -> None:
    palette = _palette()
    box = (x, y, x + size, y + size)
    if entry is None:
        draw.rounded_rectangle(box, radius=6, outline=MUTED, width=2, fill=palette["empty"])
        return
    if entry.get("face_down") and "card" not in entry or entry.get("back"):
        draw.rounded_rectangle(box, radius=6, fill=palette["back"], outline="#111111", width=2)
        for offset in range(6, size, 12):
            draw.line((x + offset, y + 4, x + 4, y + offset), fill=palette["back_pattern"], width=2)
        return
    card = entry["card"]
    if card == "S":
        colour = entry.get("colour")
        draw.rounded_rectangle(box, radius=6, fill=palette[colour] if colour else palette["special"],
                               outline="#111111", width=2)
        centred_text(draw, box, "S", size // 2, fill="#111111")
        return
    colours = [palette[letter] for letter in card]
    if len(colours) == 1:
        draw.rounded_rectangle(box, radius=6, fill=colours[0], outline="#111111", width=2)
    else:  # a two-colour card: split along the diagonal
        draw.rounded_rectangle(box, radius=6, fill=colours[0], outline="#111111", width=2)
        draw.polygon([(x + size - 2, y + 2), (x + size - 2, y + size - 2), (x + 2, y + size - 2)], fill=colours[1])
        draw.rounded_rectangle(box, radius=6, outline="#111111", width=2)
    if entry.get("face_down"):  # the owner's own bonus card, in a private board
        draw.rectangle((x + 4, y + 4, x + 14, y + 14), fill=palette["back"])


def draw_board(view: dict) -> bytes:
    players = view["players"]
    common_y = 20 + players * ROW_H + 10
    width = LEFT + 3 * (CELL + GAP) + 40 + 6 * (CELL // 2 + GAP) + 120
    image, draw = canvas(width, common_y + CELL + 40)
    for seat in range(players):
        y = 20 + seat * ROW_H
        disc = (14, y + CELL - 18, 50, y + CELL + 18)
        draw.ellipse(disc, fill=seat_colour(seat))
        centred_text(draw, disc, str(seat + 1), 20)
        role = "P" if seat == view["parent_seat"] else "C" if seat == view["child_seat"] else ""
        if role:
            draw.text((22, y + CELL + 22), role, fill=INK, font=font(18))
        box = view["boxes"][seat]
        for index in range(6):  # slots 0-2 are the bottom row, 3-5 the top row
            column, top = index % 3, index >= 3
            x = LEFT + column * (CELL + GAP)
            _card(draw, x, y + (0 if top else CELL + GAP), box[index] if index < len(box) else None)
        held_x = LEFT + 3 * (CELL + GAP) + 30
        for number, card in enumerate(view["held"][seat]):
            _card(draw, held_x + number * (CELL // 2 + GAP), y + CELL // 2, {"card": card}, CELL // 2)
        wins_x = width - 100
        for number in range(view["rounds_to_win"]):
            filled = number < view["round_wins"][seat]
            draw.ellipse((wins_x + number * 30, y + CELL - 10, wins_x + number * 30 + 20, y + CELL + 10),
                         fill="#f6e05e" if filled else None, outline="#f6e05e", width=2)
    draw.text((LEFT, common_y - 4), "COMMON", fill=MUTED, font=font(14))
    for slot, card in enumerate(view["common"]):
        x = LEFT + slot * (CELL + GAP)
        entry = None if card is None else ({"back": True} if card.get("face_down") else {"card": card["card"]})
        _card(draw, x, common_y + 14, entry)
    draw.text((LEFT + 3 * (CELL + GAP) + 20, common_y + 30), f"DECK {view['deck_count']}", fill=INK, font=font(16))
    return png(image)
