"""The ratings at work: every finished table rated once, in finish order, off the event loop.

`catch_up` rates every finished table storage holds that the ratings have not seen (bot/storage/ratings.py), oldest
first: the same call is the backfill at start (records finished before ratings existed, or while the bot was down)
and the end-of-game hook (a `TableListener`'s `on_finished`). `recompute` forgets every rating and
catches up from the first record: the same numbers, since both fold the same games in the same order.

A game is rated by its own final order, read from its stored final state (`GameState.ranks`); a state this code
cannot read (a rules version it no longer plays) is rated by its stored winners against the rest.

One catch-up runs at a time in a process. Across processes (a cluster on one database) the writes are optimistic: a
second process rating the same table meets its primary key and commits nothing; one rating another table whose
players' ratings changed since it read them is refused (Conflict, nothing written) and reads them again.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
from typing import Any

import games
from bot.ratings import OVERALL, Entrant, Rating, SeatFacts, ai_player, entrants, person, rate
from bot.storage import Conflict
from bot.storage.ratings import FinishedTable, RatingChange
from bot.tables.listeners import TableListener

log = logging.getLogger(__name__)

FIRST_SEASON = 1
RATE_ATTEMPTS = 5  # reads of a table's ratings before a catch-up gives up on it (another process keeps changing them)


def season_at(seasons: list[tuple[int, float]], moment: float) -> int:
    """The season a server was in at `moment` (seasons: its (number, started_at) after the first, in order)."""
    starts = [started for _, started in seasons]
    index = bisect.bisect_right(starts, moment)
    return seasons[index - 1][0] if index else FIRST_SEASON


def changes_for(table: FinishedTable, scopes: list[tuple[int, int]], current: dict) -> list[RatingChange]:
    """Every entrant's new rating in every scope (pure; run in a thread). current: scope -> player -> Rating."""
    counted = entrants([SeatFacts(*seat) for seat in table.seats], table.winners, table.options, final_ranks(table))
    changes: list[RatingChange] = []
    if not counted:
        return changes
    for scope in scopes:
        before = current.get(scope, {})
        after = rate(before, counted)
        for entrant, new in zip(counted, after):
            old = before.get(entrant.player, Rating())
            changes.append(_change(scope, entrant, old, new))
    return changes


def final_ranks(table: FinishedTable) -> list[int] | None:
    """Each seat's place in the game's final order, from its stored final state (pure; in the worker thread); None
    when there is no finished state this code reads: the ratings then rate its winners against the rest."""
    if table.state is None:
        return None
    try:
        state = games.get(table.game).load(table.state)
        ranks = state.ranks() if state.finished else None
    except Exception as error:  # noqa: BLE001 - any state this code cannot read is rated by its stored winners
        log.info("ratings: table %s rated by its winners, its final state unread (%r)", table.id, error)
        return None
    return ranks if ranks is not None and len(ranks) == len(table.seats) else None


def _change(scope: tuple[int, int], entrant: Entrant, old: Rating, new: Rating) -> RatingChange:
    return RatingChange(
        scope[0],
        scope[1],
        entrant.player,
        entrant.name,
        entrant.won,
        old.mu,
        old.sigma,
        new.mu,
        new.sigma,
        new.games,
        new.wins,
        old.games,
    )


class RatingService(TableListener):
    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self._lock = asyncio.Lock()
        self._pending: asyncio.Task | None = None
        self._again = False
        self.rated = 0  # tables counted by this process

    async def catch_up(self) -> int:
        """Rate every finished table not rated yet, in finish order; returns how many counted."""
        counted = 0
        async with self._lock:
            while batch := await self.storage.unrated_tables():
                for table in batch:
                    counted += await self._rate(table)
        self.rated += counted
        return counted

    async def _rate(self, table: FinishedTable) -> int:
        """Rate one table: read its entrants' ratings, compute, save; read again while another process changed one of
        them in between (bounded: past that, the next catch-up tries again)."""
        attempt = 1
        while True:
            changes = await self._changes(table)
            try:
                await self.storage.save_rated(table, changes)
            except Conflict:
                if attempt == RATE_ATTEMPTS:
                    raise
                attempt += 1
                log.info("ratings: table %s met a rating changed by another process; reading again", table.id)
                continue
            except Exception as error:
                if type(error).__name__ in ("IntegrityError", "UniqueViolationError"):
                    return 0  # another process rated it first
                raise
            return int(bool(changes))

    async def _changes(self, table: FinishedTable) -> list[RatingChange]:
        """The table's rating changes from the ratings stored now (the computation in a worker thread)."""
        scopes = [OVERALL]
        if table.guild_id:
            seasons = await self.storage.seasons(table.guild_id)
            scopes.append((table.guild_id, season_at(seasons, table.finished_at)))
        # a superset of the entrants
        players = {player for seat in table.seats if (player := _player_of(seat)) is not None}
        current = {}
        for scope in scopes:
            stored = await self.storage.current_ratings(table.game, *scope, sorted(players))
            current[scope] = {player: Rating(*values) for player, values in stored.items()}
        return await asyncio.to_thread(changes_for, table, scopes, current)

    async def recompute(self) -> int:
        """Every rating again from the stored results (seasons kept); returns how many games counted."""
        async with self._lock:
            await self.storage.forget_ratings()
        return await self.catch_up()

    def start_catch_up(self) -> asyncio.Task:
        """A catch-up in the background; asked for while one runs, it runs once more after it."""
        self._again = True
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().create_task(self._catch_up_while_asked())
        return self._pending

    async def _catch_up_while_asked(self) -> None:
        while self._again:
            self._again = False
            try:
                await self.catch_up()
            except Exception:  # the next finished game (or the next start) catches up again
                log.exception("ratings: catching up failed")

    async def on_finished(self, table: Any) -> None:
        """A game that just finished is rated in the background."""
        self.start_catch_up()

    def stop(self) -> None:
        """Cancel a catch-up under way (shutdown): each table's rating is one transaction, the rest waits for the next
        start."""
        if self._pending is not None:
            self._pending.cancel()


def _player_of(seat: tuple) -> str | None:
    user_id, _name, ai_level, _taken = seat
    if user_id is not None:
        return person(user_id)
    return ai_player(ai_level) if ai_level else None
