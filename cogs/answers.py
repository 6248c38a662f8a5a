"""Private answers that never pile up under a table, however many days its game lasts.

A private (ephemeral) answer can be removed only through its interaction's token, which Discord honours for 15
minutes. So every answer a table gives a member is kept under its kind (a refusal, "Done", My view, the log, a hint,
a chart, a chooser, ...) in its channel: a new one of the same kind replaces the member's previous one, and each goes
by itself before its token dies — a short answer after `reply_seconds`, any other after `ANSWER_SECONDS`. Past that
it could never be replaced, so none outlives it. An answer whose token has died all the same (a slow machine, a
deletion Discord refused) is left to the member: the bot never calls Discord with a dead token."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import aiohttp
import discord

if TYPE_CHECKING:
    from cogs.table import TableCog

log = logging.getLogger(__name__)
TOKEN_SECONDS = 15 * 60  # an interaction token's life on Discord
ANSWER_SECONDS = 14 * 60  # a private answer's: it goes while its token still works
SHORT = {"refusal", "done"}  # answers that go after the cog's `reply_seconds`
KEPT = 2000  # answers remembered to be replaced (each goes by itself anyway)
NEW_MESSAGE = (
    discord.InteractionResponseType.channel_message,
    discord.InteractionResponseType.deferred_channel_message,
)


@dataclass(eq=False)
class Answer:
    delete: Callable[[], Awaitable[object]]
    born: float  # when its interaction (and so its token) was created, by the host's clock (bot/clock.py)
    timer: asyncio.Task | None = field(default=None)


def kind_of(what: str) -> str:
    """The kind of the private answer a press gives, from its custom_id's action: the button's name without its
    version or page (`u.pg.3.1` -> `pg`, `u.ms12` -> `ms`); an action's answer is "Done"."""
    if not what.startswith("u.") or what.startswith("u.act"):
        return "done"
    return what[2:].split(".")[0].rstrip("0123456789") or "ui"


class PrivateAnswers:
    def __init__(self, cog: TableCog) -> None:
        self.cog = cog
        self.seconds = ANSWER_SECONDS  # how long an answer that is not short stays
        self.kept: dict[tuple[int, int, str], Answer] = {}  # (channel, member, kind) -> their latest answer
        self._tasks: set[asyncio.Task] = set()
        self.deleted = 0

    def keep(
        self,
        interaction: discord.Interaction,
        kind: str,
        delete: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        """`interaction` just gave its member a private answer of `kind` (its response, unless `delete` removes a
        followup): their previous one of that kind in this channel goes now, and this one goes in time."""
        interaction.extras["private"] = kind
        key = (interaction.channel_id or 0, interaction.user.id, kind)
        answer = Answer(delete or interaction.delete_original_response, self.clock())
        previous = self.kept.pop(key, None)
        self.kept[key] = answer  # the newest last: the oldest are forgotten first when there are too many
        while len(self.kept) > KEPT:
            self.kept.pop(next(iter(self.kept)))  # its timer still removes it
        if previous is not None:
            if previous.timer is not None:
                previous.timer.cancel()
            self._spawn(self._delete(previous))
        seconds = self.cog.reply_seconds if kind in SHORT else self.seconds
        answer.timer = self._spawn(self._go(key, answer, min(seconds, ANSWER_SECONDS)))

    def after_press(self, interaction: discord.Interaction, what: str) -> None:
        """After a table press was handled: a new private message it answered with and did not keep itself is kept
        under the kind of the button pressed."""
        if "private" in interaction.extras or interaction.response.type not in NEW_MESSAGE:
            return
        self.keep(interaction, kind_of(what))

    @property
    def clock(self):
        return self.cog.service.clock

    async def _go(self, key: tuple[int, int, str], answer: Answer, seconds: float) -> None:
        await self.clock.sleep_until(answer.born + seconds)
        if self.kept.get(key) is answer:
            del self.kept[key]
        await self._delete(answer)

    async def _delete(self, answer: Answer) -> None:
        if self.clock() - answer.born >= TOKEN_SECONDS:
            return  # its token is dead: only the member can dismiss it now
        try:
            await answer.delete()
            self.deleted += 1
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            # dismissed by the member already, or Discord's clock says the token is dead (401 50027)
            log.debug("a private answer could not be deleted (%r)", error)

    def _spawn(self, coroutine) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.kept.clear()
