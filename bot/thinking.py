"""Where the AI thinks: off the event loop, in a worker thread, so a searching level (which may take most of a
second) never holds up other tables, button presses or heartbeats.

The agent gets its own copies of the view and the legal actions, so nothing it touches is shared with the live
table while it thinks; the table service still checks the table's version when the chosen action is applied."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from games.contract import copy_json


async def think(agent: Callable, view: dict, legal: list[dict], rng: random.Random, level: str) -> dict:
    """The agent's choice, computed in a worker thread (asyncio's default executor)."""
    return await asyncio.to_thread(agent, copy_json(view), copy_json(legal), rng, level)
