"""Tiny's face (bot.faces.GameFace): in the terminal the plain board of the seats; its
board in words is describe.py. It draws no picture, names no piece, and its actions and events use the catalogue's
default keys."""

from bot.faces import GameFace, TerminalFace
from bot.faces.boards import generic
from tests.support.tiny.describe import describe

FACE = GameFace(terminal=TerminalFace(board=generic), describe=describe)
