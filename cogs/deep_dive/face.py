"""DEEP DIVE's face (bot.faces): its presenter, its words and its terminal (its colours are data/inks.json's)."""

from bot.faces import GameFace
from cogs.deep_dive import DeepDivePresenter
from cogs.deep_dive.describe import describe
from cogs.deep_dive.terminal import TERMINAL
from cogs.deep_dive.words import WORDS

FACE = GameFace(
    presenter=DeepDivePresenter,
    terminal=TERMINAL,
    words=WORDS,
    image_names=("deep_dive.png", "deep_dive_own.png"),
    describe=describe,
)
