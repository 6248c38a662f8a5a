"""Diamond Box's face (bot.faces): its presenter, its cards' colours, its words and its terminal."""

from bot.faces import GameFace
from cogs.diamond_box import DiamondBoxPresenter, card_name
from cogs.diamond_box.describe import describe
from cogs.diamond_box.terminal import TERMINAL
from cogs.diamond_box.words import WORDS
from games.data import load


def palette() -> list[str]:
    cards = load("diamond_box/cards.json")
    return [*(colour["rgb"] for colour in cards["colours"]), *cards["diamonds"].values()]


FACE = GameFace(
    presenter=DiamondBoxPresenter,
    terminal=TERMINAL,
    palette=palette,
    words=WORDS,
    piece_name=card_name,
    image_names=("diamond_box.png", "placements.png"),
    describe=describe,
)
