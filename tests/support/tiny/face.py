"""Tiny's face (bot.faces.GameFace): the presenter (cog.py), and in the terminal the plain board of the seats; its
board in words is describe.py. It draws no picture, names no piece, and its actions and events use the catalogue's
default keys."""

from bot.faces import GameFace, TerminalFace
from bot.terminal.boards import generic
from tests.support.tiny.cog import TinyPresenter
from tests.support.tiny.describe import describe

FACE = GameFace(presenter=TinyPresenter, terminal=TerminalFace(board=generic), describe=describe)
