"""BOSSa's face (bot.faces): its public board's picture, its words and its terminal (its colours are
data/inks.json's)."""

from bot.faces import GameFace
from bot.faces.bossa.describe import describe
from bot.faces.bossa.image import draw_board
from bot.faces.bossa.terminal import TERMINAL
from bot.faces.bossa.words import WORDS, event_extra, tile_text

FACE = GameFace(
    draw_board=draw_board,
    terminal=TERMINAL,
    words=WORDS,
    event_extra=event_extra,
    piece_name=tile_text,
    image_names=("bossa.png",),
    describe=describe,
)
