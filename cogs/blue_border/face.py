"""Blue Border's face (bot.faces): its presenter, the shades its pictures draw, its words and its terminal."""

from bot.faces import GameFace
from cogs.blue_border import BlueBorderPresenter
from cogs.blue_border.describe import describe
from cogs.blue_border.terminal import TERMINAL
from cogs.blue_border.words import event_extra
from games.data import load

FACE = GameFace(
    presenter=BlueBorderPresenter,
    terminal=TERMINAL,
    palette=lambda: list(load("blue_border/palette.json")["shades"]),
    event_extra=event_extra,
    image_names=("blue_border.png", "chart.png"),
    describe=describe,
)
