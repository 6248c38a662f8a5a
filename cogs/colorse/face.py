"""COLORSE's face (bot.faces): its presenter, its colours, its words and its terminal."""

from bot.faces import GameFace
from cogs.colorse import ColorsePresenter
from cogs.colorse.describe import describe
from cogs.colorse.terminal import TERMINAL
from cogs.colorse.words import WORDS
from games.data import load

FACE = GameFace(
    presenter=ColorsePresenter,
    terminal=TERMINAL,
    palette=lambda: [colour for key, colour in load("colorse/palette.json").items() if not key.startswith("_")],
    words=WORDS,
    image_names=("colorse.png",),
    describe=describe,
)
