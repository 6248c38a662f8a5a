"""What storage keeps of the skill ratings (bot/ratings.py computes them, bot/rating_service.py runs them).

- `rated_tables`: every finished table the ratings have seen, counted or not (`counted` 0: practice, too few people);
  the tables still missing are the ones to rate next, in finish order (the backfill, and a game whose rating a crash
  interrupted).
- `ratings`: each player's current rating per game and scope. A scope is (guild_id, season) for a server's season,
  or (0, 0) for every server together. `player` is "u:<user id>" or "ai:<level>"; `name` is the last name seen.
- `rating_changes`: each rated game's rating of each entrant before and after, per scope: the history a chart draws,
  the trend, best and recent games.
- `rating_seasons`: when a server's seasons began. A server without a row is in season 1; a reset starts the next.
  Ratings of past seasons stay, keyed by their season.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage.core import StorageCore
from bot.storage.steps import MustChange

RATINGS_MIGRATION = """
    CREATE TABLE rated_tables (
        table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
        counted INTEGER NOT NULL
    );
    CREATE TABLE ratings (
        game TEXT NOT NULL,
        guild_id INTEGER NOT NULL,
        season INTEGER NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        PRIMARY KEY (game, guild_id, season, player)
    );
    CREATE TABLE rating_changes (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        season INTEGER NOT NULL,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        won INTEGER NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, guild_id, season, player)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes(player, guild_id, season, game, at);
    CREATE TABLE rating_seasons (
        guild_id INTEGER NOT NULL,
        season INTEGER NOT NULL,
        started_at REAL NOT NULL,
        PRIMARY KEY (guild_id, season)
    );
"""

RATING_RELATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "rated_tables": (("table_id", "counted"), ("table_id",)),
    "ratings": (
        ("game", "guild_id", "season", "player", "name", "mu", "sigma", "games", "wins"),
        ("game", "guild_id", "season", "player"),
    ),
    "rating_changes": (
        (
            "table_id",
            "guild_id",
            "season",
            "player",
            "game",
            "won",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
            "at",
        ),
        ("table_id", "guild_id", "season", "player"),
    ),
    "rating_seasons": (("guild_id", "season", "started_at"), ("guild_id", "season")),
}

ORDINAL = "(mu - 3 * sigma)"


@dataclass
class FinishedTable:
    """A finished table as the ratings read it."""

    id: int
    game: str
    guild_id: int | None
    options: dict
    winners: list[int]
    finished_at: float
    seats: list[tuple]  # (user_id, name, ai_level, taken_over), by seat number
    state: str | None = None  # the game's final state as saved (its final order: GameState.ranks)


@dataclass
class RatingChange:
    """An entrant's new rating in one scope, and the rating it was computed from (`games_before` 0: none yet)."""

    guild_id: int
    season: int
    player: str
    name: str
    won: bool
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    games: int
    wins: int
    games_before: int


# Optimistic writes: a rating row changes only if it is still the one read (each rated game adds one to `games`, so
# the count is the row's version), and a first rating is inserted only if none appeared meanwhile.
RATING_UPDATE = MustChange(
    "UPDATE ratings SET name = ?, mu = ?, sigma = ?, games = ?, wins = ?"
    " WHERE game = ? AND guild_id = ? AND season = ? AND player = ? AND games = ?"
)
RATING_INSERT = MustChange(
    "INSERT INTO ratings (game, guild_id, season, player, name, mu, sigma, games, wins)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, guild_id, season, player) DO NOTHING"
)


class RatingQueries(StorageCore):
    """The ratings' queries, shared by both backends (mixed into Storage)."""

    async def unrated_tables(self, limit: int = 200) -> list[FinishedTable]:
        """Finished tables the ratings have not seen yet, in finish order (finish time, then id)."""
        rows = await self._rows(
            "SELECT t.id, t.game, t.guild_id, t.options, r.winners, r.finished_at, t.state"
            " FROM tables t JOIN results r ON r.table_id = t.id"
            " LEFT JOIN rated_tables d ON d.table_id = t.id"
            " WHERE t.status = 'finished' AND d.table_id IS NULL"
            " ORDER BY r.finished_at, t.id LIMIT ?",
            (limit,),
        )
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats: dict[int, list[tuple]] = {table_id: [] for table_id in ids}
        for table_id, user_id, name, ai_level, taken_over in await self._rows(
            "SELECT table_id, user_id, name, ai_level, taken_over FROM seats"
            f" WHERE table_id IN ({', '.join('?' * len(ids))}) ORDER BY table_id, seat",
            ids,
        ):
            seats[table_id].append((user_id, name, ai_level, bool(taken_over)))
        return [
            FinishedTable(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), float(r[5]), seats[r[0]], r[6])
            for r in rows
        ]

    async def current_ratings(self, game: str, guild_id: int, season: int, players: list[str]) -> dict[str, tuple]:
        """player -> (mu, sigma, games, wins) of those already rated in this scope."""
        if not players:
            return {}
        rows = await self._rows(
            "SELECT player, mu, sigma, games, wins FROM ratings WHERE game = ? AND guild_id = ? AND season = ?"
            f" AND player IN ({', '.join('?' * len(players))})",
            (game, guild_id, season, *players),
        )
        return {row[0]: (row[1], row[2], row[3], row[4]) for row in rows}

    async def save_rated(self, table: FinishedTable, changes: list[RatingChange]) -> None:
        """A table seen by the ratings, with its entrants' new ratings in every scope, in one transaction. A second
        process rating the same table meets the primary key (IntegrityError) and commits nothing; a rating another
        process changed since it was read rolls it all back with Conflict (read again and recompute)."""
        steps: list[tuple[str, Any, bool]] = [
            ("INSERT INTO rated_tables (table_id, counted) VALUES (?, ?)", (table.id, int(bool(changes))), False)
        ]
        if changes:
            updates = [
                (c.name, c.mu, c.sigma, c.games, c.wins, table.game, c.guild_id, c.season, c.player, c.games_before)
                for c in changes
                if c.games_before
            ]
            inserts = [
                (table.game, c.guild_id, c.season, c.player, c.name, c.mu, c.sigma, c.games, c.wins)
                for c in changes
                if not c.games_before
            ]
            steps += [
                (RATING_UPDATE, updates, True),
                (RATING_INSERT, inserts, True),
                (
                    "INSERT INTO rating_changes (table_id, guild_id, season, player, game, won, mu_before,"
                    " sigma_before, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            table.id,
                            c.guild_id,
                            c.season,
                            c.player,
                            table.game,
                            int(c.won),
                            c.mu_before,
                            c.sigma_before,
                            c.mu,
                            c.sigma,
                            table.finished_at,
                        )
                        for c in changes
                    ],
                    True,
                ),
            ]
        await self._transaction(steps)

    async def forget_ratings(self) -> None:
        """Every rating and change gone, every table unseen (seasons stay): the start of a recompute."""
        await self._transaction(
            [
                ("DELETE FROM rating_changes", (), False),
                ("DELETE FROM ratings", (), False),
                ("DELETE FROM rated_tables", (), False),
            ]
        )

    # --- seasons ---------------------------------------------------------------------------
    async def seasons(self, guild_id: int) -> list[tuple[int, float]]:
        """(season, started_at) of a server's seasons after the first, in order."""
        rows = await self._rows(
            "SELECT season, started_at FROM rating_seasons WHERE guild_id = ? ORDER BY season", (guild_id,)
        )
        return [(row[0], row[1]) for row in rows]

    async def start_season(self, guild_id: int, started_at: float) -> int:
        """The server's next season, from `started_at`; returns its number."""
        current = await self._value("SELECT MAX(season) FROM rating_seasons WHERE guild_id = ?", (guild_id,))
        season = (current or 1) + 1
        await self._transaction(
            [
                (
                    "INSERT INTO rating_seasons (guild_id, season, started_at) VALUES (?, ?, ?)",
                    (guild_id, season, started_at),
                    False,
                )
            ]
        )
        return season

    # --- what the commands show ------------------------------------------------------------
    async def leaderboard(self, game: str, guild_id: int, season: int, limit: int = 10) -> list[dict]:
        rows = await self._rows(
            "SELECT player, name, mu, sigma, games, wins FROM ratings WHERE game = ? AND guild_id = ? AND season = ?"
            f" ORDER BY {ORDINAL} DESC, player LIMIT ?",
            (game, guild_id, season, limit),
        )
        return [{"player": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "games": r[4], "wins": r[5]} for r in rows]

    async def player_ratings(self, player: str, guild_id: int, season: int) -> list[dict]:
        """A player's rating in each game of this scope, most played first."""
        rows = await self._rows(
            "SELECT game, name, mu, sigma, games, wins FROM ratings WHERE player = ? AND guild_id = ? AND season = ?"
            " ORDER BY games DESC, game",
            (player, guild_id, season),
        )
        return [{"game": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "games": r[4], "wins": r[5]} for r in rows]

    async def rating_history(self, player: str, guild_id: int, season: int, game: str | None = None) -> list[dict]:
        """A player's rated games in this scope, oldest first (one game, or every game)."""
        query = (
            "SELECT table_id, game, won, mu_before, sigma_before, mu, sigma, at FROM rating_changes"
            " WHERE player = ? AND guild_id = ? AND season = ?"
        )
        params: list = [player, guild_id, season]
        if game is not None:
            query += " AND game = ?"
            params.append(game)
        rows = await self._rows(query + " ORDER BY at, table_id", params)
        return [
            {
                "table": r[0],
                "game": r[1],
                "won": bool(r[2]),
                "mu_before": r[3],
                "sigma_before": r[4],
                "mu": r[5],
                "sigma": r[6],
                "at": r[7],
            }
            for r in rows
        ]

    async def recent_changes(self, game: str, guild_id: int, season: int, players: list[str], last: int) -> dict:
        """Each player's (mu, sigma) before their `last`-th latest game in this scope (the start of their trend)."""
        if not players:
            return {}
        rows = await self._rows(
            "SELECT player, mu_before, sigma_before FROM rating_changes"
            " WHERE game = ? AND guild_id = ? AND season = ?"
            f" AND player IN ({', '.join('?' * len(players))}) ORDER BY player, at DESC, table_id DESC",
            (game, guild_id, season, *players),
        )
        start: dict[str, tuple[float, float]] = {}
        counts: dict[str, int] = {}
        for player, mu_before, sigma_before in rows:
            counts[player] = counts.get(player, 0) + 1
            if counts[player] <= last:
                start[player] = (mu_before, sigma_before)
        return start
