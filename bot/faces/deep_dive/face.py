"""DEEP DIVE's face (bot.faces): its public board's picture, its words and its terminal (its colours are
data/inks.json's)."""

from bot.faces import GameFace
from bot.faces.deep_dive.describe import describe
from bot.faces.deep_dive.image import draw_board
from bot.faces.deep_dive.terminal import TERMINAL
from bot.faces.deep_dive.words import WORDS

FACE = GameFace(
    draw_board=draw_board,
    terminal=TERMINAL,
    words=WORDS,
    image_names=("deep_dive.png", "deep_dive_own.png"),
    describe=describe,
)
