"""How one person of bench/run.py plays: a move through a table's message and the choosers it opens, as
tests/support/drive.py makes it, and presses on the do-nothing button. `table` is the bot's Table or a `Mirror` of it
(bench/states.py): what a person may know of it besides its message."""

from __future__ import annotations

import random
import time

from bot import codec
from tests.fakediscord import FakeTimeout
from tests.support import drive

FLOOR_ID = "bf:1:0:a.add,n=1"  # the do-nothing button's custom_id (bench.floors.Floor), as long as a table button's


def is_race(table, custom_id: str) -> bool:
    what = custom_id.split(":", 3)[-1]
    if not what.startswith("a."):
        return False
    try:
        return codec.decode(what[2:]).get("type") in table.spec.race_actions
    except codec.BadCode:
        return False


async def move(fake, table, board, user, rng: random.Random, presses: list | None = None) -> int:
    """One move for `user` through the table message (and the choosers it opens, two deep), as tests/support/drive.py
    makes it; every press's latency goes to `presses` as (ms, race?). Returns the number of presses answered."""
    count = 0

    def pressed(component: dict, seconds: float) -> None:
        nonlocal count
        count += 1
        if presses is not None:
            presses.append((seconds * 1000, is_race(table, component["custom_id"])))

    try:
        await drive.move(fake, table, board, user, rng, depth=3, pressed=pressed)
    except (LookupError, PermissionError):  # the message changed under the person's finger
        pass
    return count


async def showing(fake, table, board, timeout: float = 2.0) -> None:
    """A person presses what the table message shows now: after a change the bot showed by its own edit (a timer,
    a move made in an ephemeral chooser), wait until the message shows the table's version."""
    try:
        await fake.wait_for(
            lambda: (
                table.status != "running"
                or any(f":{table.id}:{table.version}:" in c.get("custom_id", "") for c in board.all_components())
            ),
            timeout=timeout,
        )
    except FakeTimeout:  # the press below is then refused as stale, as a person's would be
        pass


def acting_ids(table) -> tuple:
    """The user ids who may act now at the bot's Table (no AI seat)."""
    if table.status != "running" or table.state is None:
        return ()
    seats = table.seats
    return tuple(seats[s].user_id for s in table.state.to_act() if 0 <= s < len(seats) and not seats[s].is_ai)


def acting_user(users: dict, acting: tuple, rng: random.Random):
    """One of the people who may act now (`users`: id -> FakeUser), or None."""
    return users[rng.choice(acting)] if acting else None


async def press_floor(fake, user, board, seconds: float, custom_id: str = FLOOR_ID) -> tuple[int, float]:
    """One person pressing a do-nothing button for `seconds`: (presses answered, seconds taken)."""
    presses, start_time = 0, time.perf_counter()
    while time.perf_counter() - start_time < seconds:
        await fake.press(user, board, custom_id=custom_id)
        presses += 1
    return presses, time.perf_counter() - start_time
