"""What people may know of a table besides its message, shared between the bot's process and the people's
(bench/people.py): `States`, written by the bot's process for each change its table service commits, and `Mirror`,
a table as the people's process reads it."""

from __future__ import annotations

import mmap
from pathlib import Path

import games
from bench.person import acting_ids


class States:
    """What people may know of each table besides its message, written by the bot's process and read by the
    people's: one 64-bit word per table id (its version, whether it runs, which of the people may act) in a file
    both processes map. Telling a change is a store: no message, no system call, no process woken (a socket write
    that wakes the people's process cost the bot's loop 10-25 us of CPU per change)."""

    SIZE = 1 << 16  # table ids it holds

    def __init__(self, path: str | Path, users: list[int], create: bool = False) -> None:
        with open(path, "w+b" if create else "r+b") as file:
            if create:
                file.truncate(self.SIZE * 8)
            self._map = mmap.mmap(file.fileno(), self.SIZE * 8)
        self.words = memoryview(self._map).cast("Q")
        self.users = users  # a person's bit in the word is 1 << their index here
        self.bits = {user: 1 << n for n, user in enumerate(users)}

    def tell(self, table) -> None:
        """Note the bot's Table as it is now (in the bot's process)."""
        word = table.version << 9
        if table.status == "running":
            word |= 256
            for user in acting_ids(table):
                word |= self.bits[user]
        self.words[table.id] = word

    def version(self, table_id: int) -> int:
        return self.words[table_id] >> 9

    def status(self, table_id: int) -> str:
        return "running" if self.words[table_id] & 256 else "over"

    def acting(self, table_id: int) -> tuple:
        word = self.words[table_id]
        return tuple(user for n, user in enumerate(self.users) if word >> n & 1)

    def close(self) -> None:
        self.words.release()
        self._map.close()


class Mirror:
    """A table as its people know it: its message in the fake and its word in `States`. Has what `move` reads of
    the bot's Table."""

    def __init__(self, states: States, table_id: int, game: str, board) -> None:
        self.states, self.id, self.game, self.board = states, table_id, game, board
        self.spec = games.get(game)

    version = property(lambda self: self.states.version(self.id))
    status = property(lambda self: self.states.status(self.id))
    acting = property(lambda self: self.states.acting(self.id))
