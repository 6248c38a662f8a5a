"""Play any game through the fake Discord as a person would: press what the table message offers (and what the
ephemeral choosers it opens offer) until the table moves on, a move before a step that opens or pages a chooser.
Used to play whole games of every kind end to end, and by bench/person.py."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

HOST_BUTTONS = ("u.view", "u.log", "u.more", "u.back", "u.rematch", "u.chart", "u.settings", "u.cancel", "u.leave")


def _live(components: list[dict]) -> list[dict]:
    return [
        c
        for c in components
        if c.get("custom_id") and not c.get("disabled") and not c["custom_id"].endswith(HOST_BUTTONS)
    ]


def person_order(candidates: list[dict], rng: random.Random) -> list[dict]:
    """What a person tries first: something that plays a move (an action button, a select of moves), then any other
    select, then a button that opens or pages a chooser; in random order within each kind."""

    def kind(component: dict) -> int:
        what = component["custom_id"].split(":", 3)[-1]
        if what.startswith(("a.", "u.act", "u.ms", "u.mv")):
            return 0
        return 1 if component.get("type") != 2 else 2

    shuffled = list(candidates)
    rng.shuffle(shuffled)
    return sorted(shuffled, key=kind)


async def _use(fake, user, message, component: dict, rng: random.Random):
    if component.get("type") == 2:
        return await fake.press(user, message, custom_id=component["custom_id"])
    option = rng.choice(component["options"])
    return await fake.select(user, message, component["custom_id"], [option["value"]])


async def move(
    fake, table, board, user, rng: random.Random, depth: int = 5, pressed: Callable[[dict, float], None] | None = None
) -> bool:
    """Make one move for `user` through the UI; True when the table's version advanced. `pressed` is told of each
    press answered: the component and the seconds its answer took."""
    before = table.version
    messages = [board]
    for _ in range(depth):
        message = messages[-1]
        candidates = _live(message.all_components())
        if not candidates:
            return False
        candidates = person_order(candidates, rng)
        opened = None
        for component in candidates[:6]:
            if component["custom_id"] not in {c.get("custom_id") for c in message.all_components()}:
                break  # the message moved on under the person (an answer showed the board as it now is)
            started = time.perf_counter()
            outcome = await _use(fake, user, message, component, rng)
            if pressed is not None:
                pressed(component, time.perf_counter() - started)
            if table.version > before or table.status != "running":
                return True
            if outcome.ephemeral and outcome.message is not None and _live(outcome.message.all_components()):
                opened = outcome.message
                break
        if opened is None:
            return False
        messages.append(opened)
    return table.version > before


async def caught_up(h, table, board) -> None:
    """Wait until the table message shows the table's latest version (or the game is over)."""
    await h.fake.wait_for(
        lambda: (
            any(f":{table.version}:" in c.get("custom_id", "") for c in board.all_components())
            or table.status != "running"
        ),
        timeout=10,
        what="the board to catch up",
    )


async def play_out(h, table, board, users: dict, *, seed: int = 0, limit: int = 1500) -> None:
    """Play until the table is finished: people (seat -> fake user) move through the UI, AI seats by themselves."""
    rng = random.Random(seed)
    for _ in range(limit):
        if table.status != "running":
            return
        await caught_up(h, table, board)
        acting = [s for s in table.state.to_act() if s in users and not table.seats[s].is_ai]
        if not acting:
            await asyncio.sleep(0.02)
            continue
        await move(h.fake, table, board, users[rng.choice(acting)], rng)
    raise AssertionError(f"table {table.id} did not finish in {limit} steps")
