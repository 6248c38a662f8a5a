"""Storage faults as a state: which errors mean "storage cannot commit right now" (connection lost, disk full,
read-only, locked past the busy timeout), and the one place that remembers whether it can.

A fault is not a bug: it says nothing about the action that met it, it passes when the database comes back, and the
log says so twice (once when storage fails, once when it recovers), not once per press or timer. Refusals of an
action by storage (Conflict, a unique key) are answers, not faults.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time

log = logging.getLogger("bot.storage")


def _postgres_faults() -> tuple[type[BaseException], ...]:
    try:
        import asyncpg
    except ImportError:  # SQLite alone
        return ()
    errors = asyncpg.exceptions
    return (
        errors.PostgresConnectionError,
        errors.InterfaceError,
        errors.InsufficientResourcesError,
        errors.OperatorInterventionError,
        errors.ReadOnlySQLTransactionError,
        errors.LockNotAvailableError,
    )


_POSTGRES: tuple[type[BaseException], ...] | None = None


def is_fault(error: BaseException) -> bool:
    """Whether `error`, raised by storage, means it cannot read or commit right now (not that the action is wrong)."""
    global _POSTGRES
    if isinstance(error, sqlite3.IntegrityError):
        return False
    if isinstance(error, (sqlite3.OperationalError, sqlite3.DatabaseError, OSError, asyncio.TimeoutError)):
        return True
    if _POSTGRES is None:
        _POSTGRES = _postgres_faults()
    return isinstance(error, _POSTGRES)


class StorageUnwritable(RuntimeError):
    """Storage opened but cannot commit (a read-only file or database, a full disk): the bot refuses to start."""

    def __init__(self, target: str, error: BaseException) -> None:
        self.target = re.sub(r"//[^@/]*@", "//", target)  # a URL's password stays out of the message
        self.error = f"{type(error).__name__}: {error}"
        super().__init__(f"{self.target}: {self.error}")


async def check_writable(storage) -> None:
    """Commit the health probe once on an opened `storage`; StorageUnwritable if that meets a fault."""
    try:
        await storage.probe()
    except Exception as error:
        if is_fault(error):
            raise StorageUnwritable(storage.target, error) from None
        raise


class StorageHealth:
    """Whether storage could commit at the last attempt. Any failed read or write sets it down; only a committed
    write (an action, a lobby change, the health probe) brings it back up, so a read-only database stays down."""

    def __init__(self, clock=time.monotonic) -> None:
        self.clock = clock
        self.down_since: float | None = None  # clock() when it failed (None: up)
        self.failures = 0  # operations that met a fault, ever (the metrics count them)
        self.outages = 0  # transitions from up to down
        self.last_error = ""

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self, error: BaseException) -> None:
        self.failures += 1
        self.last_error = f"{type(error).__name__}: {error}"
        if self.down_since is None:
            self.down_since = self.clock()
            self.outages += 1
            log.warning(
                "storage cannot commit (%s); presses are refused and timers retried until it can", self.last_error
            )

    def succeeded(self) -> None:
        if self.down_since is not None:
            seconds = self.clock() - self.down_since
            self.down_since = None
            log.warning("storage commits again after %.1f s", seconds)
