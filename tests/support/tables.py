"""A running table as the presenters draw it, and what a table message says, for the games' table tests."""

from __future__ import annotations

from collections import deque

from bot.tables import Seat, Table


def running_table(game: str, state, *, table_id: int = 7, version: int = 5, name: str = "p", recent=()) -> Table:
    """A running table of `state`, its seats people named `name`0, `name`1, ..., its recent actions `recent`."""
    return Table(
        id=table_id,
        game=game,
        guild_id=1,
        channel_id=2,
        message_id=3,
        host_id=1000,
        status="running",
        options={},
        seed=1,
        version=version,
        locale="en",
        seats=[Seat(1000 + n, f"{name}{n}") for n in range(state.players)],
        state=state,
        recent=deque(recent, maxlen=8),
    )


def text_of(board, picture: bool = False) -> list:
    """Everything a table message says (its embed, less the image URL that names the attachment; its file name,
    content and components), and its picture's bytes with `picture`."""
    embed = board.embed.to_dict()
    embed.pop("image", None)
    parts = [embed, board.image_name, board.content]
    parts += [(item.item if hasattr(item, "item") else item).to_component_dict() for item in board.items]
    return [*parts, board.image] if picture else parts
