"""COLORSE's face (bot.faces): its public board's picture, its colours, its words and its terminal."""

from bot.faces import GameFace
from bot.faces.colorse.describe import describe
from bot.faces.colorse.image import draw_board
from bot.faces.colorse.terminal import TERMINAL
from bot.faces.colorse.words import WORDS
from games.data import load

FACE = GameFace(
    draw_board=draw_board,
    terminal=TERMINAL,
    palette=lambda: [colour for key, colour in load("colorse/palette.json").items() if not key.startswith("_")],
    words=WORDS,
    image_names=("colorse.png",),
    describe=describe,
)
