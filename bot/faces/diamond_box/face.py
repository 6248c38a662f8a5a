"""Diamond Box's face (bot.faces): its public board's picture, its cards' colours, its words and its terminal."""

from bot.faces import GameFace
from bot.faces.diamond_box.describe import describe
from bot.faces.diamond_box.image import draw_board
from bot.faces.diamond_box.terminal import TERMINAL
from bot.faces.diamond_box.words import WORDS, card_name
from games.data import load


def palette() -> list[str]:
    cards = load("diamond_box/cards.json")
    return [*(colour["rgb"] for colour in cards["colours"]), *cards["diamonds"].values()]


FACE = GameFace(
    draw_board=draw_board,
    terminal=TERMINAL,
    palette=palette,
    words=WORDS,
    piece_name=card_name,
    image_names=("diamond_box.png", "placements.png"),
    describe=describe,
)
