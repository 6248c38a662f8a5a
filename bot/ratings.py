"""Skill ratings: which seats of a finished game count, and their new ratings (openskill's Plackett-Luce model).

Pure and deterministic: no I/O, no clock. The same finished games folded in the same order (finish time, then table
id) give the same numbers, so a recompute from the stored results equals what was updated game by game.

- A game counts when it is not a practice table and at least `MIN_PEOPLE` people sat at it.
- Its entrants are its people, each as themselves, and its AI seats, each as its level ("ai:strong"): a level has a
  rating of its own, so people see where it stands (a level at several seats of one game counts once: it won if any
  of them won). A seat an AI took over from an absent person (or a kicked one)
  counts for nobody, neither the person nor the AI standing in. Fewer than two entrants left: nothing is rated.
- Ranks: the game's own final order (`GameState.ranks`: places with ties, the winners first), among the entrants
  left; without one (a final state this code cannot read), the winners share first place and everybody else second
  (a game nobody won is a tie of all). A level at several seats takes its best place.
- People are ranked by a conservative figure, `ordinal` = mu - 3 sigma, and read it as `figure`: 1000 + 40 x the
  ordinal, rounded (a new rating reads 1000). A rating is provisional while its sigma is above `PROVISIONAL_SIGMA`
  (a player's first eight two-player games).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
PROVISIONAL_SIGMA = 6.5
MIN_PEOPLE = 2
OVERALL = (0, 0)  # the (guild_id, season) of the ratings across every server
FIGURE_START = 1000  # the figure a new rating reads
FIGURE_STEP = 40  # the figure's points per point of the ordinal


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True)
class Entrant:
    player: str  # "u:<user id>" for a person, "ai:<level>" for an AI level
    name: str
    won: bool
    rank: int | None = None  # the entrant's place, 0 the best; None: 0 for a winner, 1 for the rest

    @property
    def place(self) -> int:
        return self.rank if self.rank is not None else int(not self.won)


@dataclass(frozen=True)
class SeatFacts:
    """What the ratings need of a seat at the end of its game."""

    user_id: int | None
    name: str
    ai_level: str | None
    taken_over: bool


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def figure(mu: float, sigma: float) -> int:
    """The figure people read, the one place it is made: the ordinal on a scale read at a glance, the same order.
    A new rating reads 1000 (its ordinal is 0), a first loss a little under; the figure would fall below zero only
    past an ordinal of -25, which takes a skill estimate far below any new player's."""
    return round(FIGURE_START + FIGURE_STEP * ordinal(mu, sigma))


def person(user_id: int) -> str:
    return f"u:{user_id}"


def ai_player(level: str) -> str:
    return f"ai:{level}"


def ai_level_of(player: str) -> str | None:
    return player[3:] if player.startswith("ai:") else None


def user_of(player: str) -> int | None:
    return int(player[2:]) if player.startswith("u:") else None


def entrants(
    seats: list[SeatFacts], winners: Iterable[int], options: Mapping, ranks: list[int] | None = None
) -> list[Entrant]:
    """The seats a finished game rates (see the module's docstring); [] when the game does not count. `ranks`: each
    seat's place in the game's final order (None: winners against the rest)."""
    if options.get("practice") or sum(seat.user_id is not None for seat in seats) < MIN_PEOPLE:
        return []
    won = set(winners)
    counted: dict[str, Entrant] = {}
    for number, seat in enumerate(seats):
        if seat.taken_over:
            continue
        if seat.user_id is not None:
            player, name = person(seat.user_id), seat.name
        elif seat.ai_level is not None:
            player, name = ai_player(seat.ai_level), seat.ai_level
        else:
            continue
        already = counted.get(player)
        rank = None if ranks is None else ranks[number]
        if already is not None and rank is not None:
            rank = min(rank, already.place)
        counted[player] = Entrant(player, name, number in won or (already is not None and already.won), rank)
    return list(counted.values()) if len(counted) >= 2 else []


def rate(current: Mapping[str, Rating], counted: list[Entrant]) -> list[Rating]:
    """Each entrant's rating after this game, in the order of `counted`. `current` holds those rated before (anyone
    missing starts fresh)."""
    before = [current.get(entrant.player, Rating()) for entrant in counted]
    teams = [[MODEL.create_rating([rating.mu, rating.sigma])] for rating in before]
    ranks: list[float] = [entrant.place for entrant in counted]
    after = MODEL.rate(teams, ranks=ranks)
    return [
        Rating(team[0].mu, team[0].sigma, old.games + 1, old.wins + int(entrant.won))
        for entrant, old, team in zip(counted, before, after)
    ]
