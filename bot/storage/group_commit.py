"""Group commit: actions of many tables that arrive together share one transaction, and each caller returns only
after the commit that holds its action."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.storage.faults import StorageHealth, is_fault
from bot.storage.rows import ActionWrite


class GroupCommit:
    """Group commit, leader and followers. An action that arrives while no commit is under way is committed at once by
    its own caller (no task to wait for: on a busy event loop every extra wake-up is a loop turn of latency). Actions
    that arrive during a commit queue up; when it ends, one task commits everything queued in one transaction, then
    the next batch, and so on: under concurrency the batches grow by themselves. Every caller returns only after the
    commit that holds its action."""

    MAX_BATCH = 256

    def __init__(self, commit_batch: Callable[[list[ActionWrite]], Any], health: StorageHealth | None = None) -> None:
        self._commit_batch = commit_batch
        self.health = health or StorageHealth()
        self._pending: list[tuple[ActionWrite, asyncio.Future]] = []
        self._committing = 0  # commits under way (a caller's own, or the batch task's)
        self._idle: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        self.transactions = 0  # committed batches
        self.actions = 0  # committed actions

    async def submit(self, write: ActionWrite) -> None:
        if not self._committing:
            self._begin()
            try:
                error = (await self._commit([write]))[0]
            finally:
                self._end()
            if error is not None:
                raise error
            return
        future = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        await future

    def _begin(self) -> None:
        self._committing += 1
        if self._idle is None:
            self._idle = asyncio.Event()
        self._idle.clear()

    def _end(self) -> None:
        self._committing -= 1
        if self._pending and not self._committing:  # what queued meanwhile: the next batch, in a task of its own
            self._begin()
            self._task = asyncio.get_running_loop().create_task(self._drain())
        elif not self._committing:
            assert self._idle is not None  # made by the _begin this ends
            self._idle.set()

    async def _commit(self, writes: list[ActionWrite]) -> list[BaseException | None]:
        try:
            errors = await self._commit_batch(writes)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the transaction failed: nothing in it is acknowledged
            if is_fault(error):
                self.health.failed(error)
            return [error] * len(writes)
        self.health.succeeded()
        self.transactions += 1
        self.actions += sum(error is None for error in errors)
        return errors

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending[: self.MAX_BATCH], self._pending[self.MAX_BATCH :]
                try:
                    errors = await self._commit([write for write, _ in batch])
                except asyncio.CancelledError:
                    self._fail(batch + self._pending, ConnectionError("storage closed before the commit"))
                    self._pending = []
                    raise
                for (_, future), error in zip(batch, errors):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            self._end()

    @staticmethod
    def _fail(batch, error: BaseException) -> None:
        for _, future in batch:
            if not future.done():
                future.set_exception(error)

    async def wait_idle(self) -> None:
        while self._committing:
            assert self._idle is not None  # made by the _begin of the commit under way
            await self._idle.wait()
