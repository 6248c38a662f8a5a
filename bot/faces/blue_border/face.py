"""Blue Border's face (bot.faces): its public board's picture, the shades its pictures draw, its words and its
terminal."""

from bot.faces import GameFace
from bot.faces.blue_border.describe import describe
from bot.faces.blue_border.image import draw_board
from bot.faces.blue_border.terminal import TERMINAL
from bot.faces.blue_border.words import event_extra
from games.data import load

FACE = GameFace(
    draw_board=draw_board,
    terminal=TERMINAL,
    palette=lambda: list(load("blue_border/palette.json")["shades"]),
    event_extra=event_extra,
    image_names=("blue_border.png", "chart.png"),
    describe=describe,
)
