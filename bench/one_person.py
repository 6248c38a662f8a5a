"""The games section's person, in the people's process (bench/people.py): one person pressing at a time, in the
slices the bench's process asks for, on the do-nothing button or at one table of a game. Each slice reports what it
cost this process (the fake Discord and the person) beside what it did."""

from __future__ import annotations

import asyncio
import random
import time

from bench.person import FLOOR_ID, acting_user, move, press_floor, showing


class OnePerson:
    def __init__(self, people) -> None:
        self.people = people
        self.user = next(iter(people.users.values()))  # the first of the guild's four presses the button
        self.table = None  # the Mirror of the table played
        self.rng = random.Random(0)

    def handlers(self) -> dict:
        return {"floor": self.floor, "play": self.play, "moves": self.moves, "calls_since": self.calls_since}

    async def floor(self, message_id: int, seconds: float, custom_id: str = FLOOR_ID) -> dict:
        """A do-nothing button (`custom_id`) on message `message_id` pressed for `seconds`."""
        cpu = time.process_time()
        presses, took = await press_floor(
            self.people.fake, self.user, self.people.fake.message(message_id), seconds, custom_id
        )
        return {"presses": presses, "elapsed": took, "cpu": time.process_time() - cpu}

    async def play(self, table_id: int, game: str, message_id: int) -> None:
        """The table the next slices play, and a person's choices as the bench made them for its game."""
        self.table = self.people.mirror(table_id, game, message_id)
        self.rng = random.Random(game)

    async def moves(self, seconds: float) -> dict:
        """Moves at the table for `seconds`, by whoever may act (a finished table replaced by a new one of its game):
        the actions accepted, the presses they took, the fake's last call before them (`mark`), and the seconds and
        CPU spent waiting for new tables (`opening`, `opening_cpu`: opening a game is not a move of it)."""
        fake, rng, users = self.people.fake, self.rng, self.people.users
        mark = fake.calls[-1].seq if fake.calls else 0
        actions = pressed = 0
        opening = opening_cpu = 0.0
        start_time, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start_time < seconds:
            if self.table.status != "running":
                opened, opened_cpu = time.perf_counter(), time.process_time()
                self.table = await self.people.replace(self.table.game)
                opening += time.perf_counter() - opened
                opening_cpu += time.process_time() - opened_cpu
            table = self.table
            user = acting_user(users, table.acting, rng)
            if user is None:  # a timer's turn (e.g. a call window closing)
                await asyncio.sleep(0.01)
                continue
            await showing(fake, table, table.board)
            version = table.version
            pressed += await move(fake, table, table.board, user, rng)
            actions += table.version > version
        return {
            "actions": actions,
            "presses": pressed,
            "elapsed": time.perf_counter() - start_time,
            "cpu": time.process_time() - cpu,
            "mark": mark,
            "opening": opening,
            "opening_cpu": opening_cpu,
        }

    async def calls_since(self, mark: int) -> int:
        """The bot's REST calls after `mark` that change something (GETs left out)."""
        return sum(1 for call in self.people.fake.calls if call.seq > mark and call.method != "GET")
