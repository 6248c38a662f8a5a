"""Ratings kept by storage and run by the rating service, on SQLite and on PostgreSQL: every finished game rated once
in finish order, per server season and overall; practice tables and taken-over seats left out; AI levels rated; a
recompute from the records gives the same numbers; a season reset keeps the past season; the migration and the
backfill of records stored before ratings existed."""

import asyncio
import itertools
import time

import pytest

from bot.rating_service import RATE_ATTEMPTS, RatingService
from bot.ratings import OVERALL, ordinal
from bot.storage import MIGRATIONS, Conflict, SeatRow, Storage
from tests.games.deep_dive.helpers import three_divers_by_points
from tests.support.backends import both_backends

pytestmark = both_backends
BIG = 1_234_567_890_123_456_789
GUILD, OTHER = 10, 20
channels = itertools.count(1000)


def person(number: int, user_id: int, name: str, taken_over: bool = False) -> SeatRow:
    return SeatRow(user_id, name, "normal" if taken_over else None, 0, False, taken_over)


def ai(number: int, level: str) -> SeatRow:
    return SeatRow(None, f"AI {number}", level)


async def finished(storage, seats, winners, guild_id=GUILD, options=None, game="tiny", state='{"s": 0}'):
    """A table whose game ended at once (start_game with its result), as a finished game is stored. The default
    state is no game's: the table is rated by its winners against the rest."""
    options = options or {"target": 10}
    table_id = await storage.create_table(
        game, guild_id, next(channels), seats[0].user_id or 1, options, 1, "en", seats
    )
    await storage.start_game(
        table_id, seats, options, state, [0] * len(seats), result={"winners": winners, "scores": []}
    )
    return table_id


async def everything(storage):
    return {name: await storage.dump(name) for name in ("rated_tables", "ratings", "rating_changes")}


async def test_a_finished_game_is_rated_once_per_server_and_overall(storage):
    service = RatingService(storage)
    table_id = await finished(storage, [person(0, BIG, "ann"), person(1, 2, "ben")], [0])
    assert await service.catch_up() == 1
    assert await service.catch_up() == 0  # seen: never rated twice
    for scope in (OVERALL, (GUILD, 1)):
        board = await storage.leaderboard("tiny", *scope)
        assert [(row["player"], row["games"], row["wins"]) for row in board] == [(f"u:{BIG}", 1, 1), ("u:2", 1, 0)]
    history = await storage.rating_history(f"u:{BIG}", GUILD, 1, "tiny")
    assert [(h["table"], h["won"]) for h in history] == [(table_id, True)]
    assert ordinal(history[0]["mu"], history[0]["sigma"]) > ordinal(history[0]["mu_before"], history[0]["sigma_before"])
    assert await storage.leaderboard("tiny", OTHER, 1) == []


async def test_practice_tables_taken_over_seats_and_lone_people_are_left_out(storage):
    service = RatingService(storage)
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [0], options={"target": 10, "practice": True})
    await finished(storage, [person(0, 1, "ann"), ai(1, "strong")], [1])  # one person
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben", taken_over=True)], [1])  # ben's zombie wins
    assert await service.catch_up() == 0
    assert await storage.leaderboard("tiny", *OVERALL) == []
    assert [row[1] for row in await storage.dump("rated_tables")] == [0, 0, 0]  # seen, not counted
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben", taken_over=True), person(2, 3, "cho")], [1])
    assert await service.catch_up() == 1
    assert {row["player"] for row in await storage.leaderboard("tiny", *OVERALL)} == {"u:1", "u:3"}


async def test_ai_levels_have_ratings_of_their_own(storage):
    service = RatingService(storage)
    for _ in range(3):
        await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben"), ai(2, "strong"), ai(3, "easy")], [2])
    await service.catch_up()
    board = await storage.leaderboard("tiny", GUILD, 1)
    assert board[0]["player"] == "ai:strong" and board[0]["games"] == 3 and board[0]["wins"] == 3
    assert {row["player"] for row in board} == {"ai:strong", "ai:easy", "u:1", "u:2"}


async def test_a_recompute_from_the_records_gives_the_same_numbers(storage):
    service = RatingService(storage)
    people = [(1, "ann"), (2, "ben"), (3, "cho"), (BIG, "dan")]
    for number in range(12):  # rated game by game, as they end, across two servers
        first, second = people[number % 4], people[(number * 3 + 1) % 4]
        seats = [person(0, *first), person(1, *second), ai(2, "normal")]
        await finished(storage, seats, [number % 3] if number % 5 else [0, 1], guild_id=GUILD if number % 2 else OTHER)
        await service.catch_up()
        if number == 6:
            await storage.start_season(GUILD, time.time())  # a season reset part way
    step_by_step = await everything(storage)
    assert len(step_by_step["rating_changes"]) > 40
    assert await RatingService(storage).recompute() == 12
    assert await everything(storage) == step_by_step


async def test_a_game_is_rated_by_the_final_order_of_its_stored_state_and_recomputed_alike(storage):
    service = RatingService(storage)
    divers = [person(0, 1, "ann"), person(1, 2, "ben"), person(2, 3, "cho")]
    state = three_divers_by_points()  # points 3, 2 and 1
    await finished(storage, divers, state.result()["winners"], game="deep_dive", state=state.to_json())
    assert await service.catch_up() == 1
    board = await storage.leaderboard("deep_dive", *OVERALL)
    assert [row["player"] for row in board] == ["u:1", "u:2", "u:3"]
    assert board[0]["mu"] > board[1]["mu"] > board[2]["mu"]
    rated = await everything(storage)
    assert await RatingService(storage).recompute() == 1
    assert await everything(storage) == rated


async def test_a_season_reset_starts_the_servers_ratings_again_and_keeps_the_last_season(storage):
    service = RatingService(storage)
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [0])
    await service.catch_up()
    assert await storage.start_season(GUILD, time.time()) == 2
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [1])
    await service.catch_up()
    season_one = {row["player"]: row["wins"] for row in await storage.leaderboard("tiny", GUILD, 1)}
    season_two = {row["player"]: row["wins"] for row in await storage.leaderboard("tiny", GUILD, 2)}
    overall = {row["player"]: row["games"] for row in await storage.leaderboard("tiny", *OVERALL)}
    assert season_one == {"u:1": 1, "u:2": 0} and season_two == {"u:2": 1, "u:1": 0}
    assert overall == {"u:1": 2, "u:2": 2}  # every server's figure is never reset
    assert [season for season, _ in await storage.seasons(GUILD)] == [2]
    assert await storage.start_season(GUILD, 2e12) == 3


async def test_the_migration_and_the_backfill_rate_games_stored_before_ratings(database_target, backend, monkeypatch):
    import bot.storage.postgres
    import bot.storage.sqlite

    module = bot.storage.sqlite if backend == "sqlite" else bot.storage.postgres
    monkeypatch.setattr(module, "MIGRATIONS", MIGRATIONS[:5])
    old = await Storage(database_target).open()  # a database as version 5 left it, with two finished games
    try:
        assert await old.schema_version() == 5
        # today's code writes the columns later versions added: lend them while the old games are written
        later = ("wake_at", "shown")
        await old._transaction([(f"ALTER TABLE tables ADD COLUMN {name} TEXT", (), False) for name in later])
        for _ in range(2):
            await finished(old, [person(0, 1, "ann"), person(1, 2, "ben")], [1])
        await old._transaction([(f"ALTER TABLE tables DROP COLUMN {name}", (), False) for name in later])
    finally:
        await old.close()
    monkeypatch.undo()
    storage = await Storage(database_target).open()
    try:
        assert await storage.schema_version() == len(MIGRATIONS)
        assert await RatingService(storage).catch_up() == 2
        board = await storage.leaderboard("tiny", GUILD, 1)
        assert [(row["player"], row["games"], row["wins"]) for row in board] == [("u:2", 2, 2), ("u:1", 2, 0)]
    finally:
        await storage.close()


async def test_the_command_line_recomputes_the_same_ratings(storage, database_target, capsys):
    from bot.__main__ import main

    for winners in ([0], [1], [0, 1]):
        await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben"), ai(2, "hard")], winners)
    await RatingService(storage).catch_up()
    before = await everything(storage)
    assert await asyncio.to_thread(main, ["recompute-ratings", "--database", database_target]) == 0
    assert "3 rated games" in capsys.readouterr().out
    assert await everything(storage) == before


async def test_the_computation_runs_off_the_event_loop(storage, monkeypatch):
    import threading

    import bot.rating_service

    threads = []
    compute = bot.rating_service.changes_for

    def recorded(*args):
        threads.append(threading.get_ident())
        return compute(*args)

    monkeypatch.setattr(bot.rating_service, "changes_for", recorded)
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [0])
    assert await RatingService(storage).catch_up() == 1
    assert len(threads) == 1 and threads[0] != threading.get_ident()


@pytest.mark.parametrize("ann_rated_before", [False, True], ids=["first-rating", "rated-before"])
async def test_two_processes_rating_at_once_lose_no_update(storage, database_target, monkeypatch, ann_rated_before):
    """Two processes on one database rate two tables ann sat at: the second read ann's rating before the first
    committed its own, and writes after it. Its write is refused whole, it reads again, and both games count."""
    if ann_rated_before:
        await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [1])
        await RatingService(storage).catch_up()
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [0])
    await finished(storage, [person(0, 1, "ann"), person(1, 3, "cho")], [1])
    earlier, later = await storage.unrated_tables()
    other = await Storage(database_target).open()
    try:
        first, second = RatingService(storage), RatingService(other)
        save = other.save_rated
        saved_games = []

        async def save_once_the_first_committed(table, changes):
            if not saved_games:
                assert await first._rate(earlier) == 1  # between the second's read and its write
            saved_games.append({(c.guild_id, c.player): c.games for c in changes})
            await save(table, changes)

        monkeypatch.setattr(other, "save_rated", save_once_the_first_committed)
        assert await second._rate(later) == 1
    finally:
        await other.close()
    before = int(ann_rated_before)
    ann = {(guild_id, "u:1"): before + 1 for guild_id in (OVERALL[0], GUILD)}
    assert [{key: games for key, games in saved.items() if key[1] == "u:1"} for saved in saved_games] == [
        ann,  # computed from the rating read before the first committed: refused
        {key: games + 1 for key, games in ann.items()},  # read again
    ]
    for scope in (OVERALL, (GUILD, 1)):
        board = {row["player"]: row["games"] for row in await storage.leaderboard("tiny", *scope)}
        assert board == {"u:1": before + 2, "u:2": before + 1, "u:3": 1}
    both_rated = await everything(storage)
    assert await RatingService(storage).recompute() == 2 + before
    assert await everything(storage) == both_rated


async def test_a_rating_changed_underneath_every_time_gives_up_and_writes_nothing(storage, monkeypatch):
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [0])
    service = RatingService(storage)
    attempts = []

    async def always_changed(table, changes):
        attempts.append(table.id)
        raise Conflict("a rating changed underneath")

    monkeypatch.setattr(storage, "save_rated", always_changed)
    with pytest.raises(Conflict):
        await service.catch_up()
    assert len(attempts) == RATE_ATTEMPTS
    monkeypatch.undo()
    assert await storage.dump("ratings") == [] and await storage.dump("rated_tables") == []
    assert await service.catch_up() == 1  # the next catch-up rates it


async def test_a_stale_rating_write_is_refused_whole(storage):
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [0])
    await finished(storage, [person(0, 1, "ann"), person(1, 2, "ben")], [1])
    earlier, later = await storage.unrated_tables()
    service = RatingService(storage)
    stale = await service._changes(later)  # read before the earlier table's rating
    assert await service._rate(earlier) == 1
    before = await everything(storage)
    with pytest.raises(Conflict):
        await storage.save_rated(later, stale)
    assert await everything(storage) == before
