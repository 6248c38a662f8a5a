"""BOSSa's face (bot.faces): its presenter, its words and its terminal (its colours are data/inks.json's)."""

from bot.faces import GameFace
from cogs.bossa import BossaPresenter, tile_text
from cogs.bossa.describe import describe
from cogs.bossa.terminal import TERMINAL
from cogs.bossa.words import WORDS, event_extra

FACE = GameFace(
    presenter=BossaPresenter,
    terminal=TERMINAL,
    words=WORDS,
    event_extra=event_extra,
    piece_name=tile_text,
    image_names=("bossa.png",),
    describe=describe,
)
