"""Storage, on SQLite and on PostgreSQL alike: the schema, one transaction per action, the version check that keeps
two processes from committing the same table, group commit, and timers by shard."""

import asyncio
import threading

import pytest

from bot.storage import MIGRATIONS, Conflict, SeatRow, Storage, TimerRow
from bot.tables import TableError, TableService
from tests.support.backends import both_backends

pytestmark = both_backends
BIG = 1_234_567_890_123_456_789  # Discord ids need 64 bits


async def running(storage, channel_id=10, guild_id=1):
    table_id = await storage.create_table(
        "tiny",
        guild_id,
        channel_id,
        BIG,
        {"target": 10},
        2**62 - 1,
        "ja",
        [SeatRow(BIG, "alice", None), SeatRow(None, "", "hard")],
    )
    await storage.start_game(
        table_id, [SeatRow(BIG, "alice", None), SeatRow(None, "", "hard")], {"target": 10}, '{"s": 0}', [0, 0]
    )
    return table_id


async def test_the_schema_is_migrated_and_keeps_64_bit_ids(storage, database_target):
    assert await storage.schema_version() == len(MIGRATIONS)
    table_id = await running(storage, channel_id=BIG, guild_id=BIG)
    row = await storage.load_table(table_id)
    assert (row.guild_id, row.channel_id, row.host_id, row.seed, row.locale) == (BIG, BIG, BIG, 2**62 - 1, "ja")
    assert [(s.user_id, s.ai_level) for s in row.seats] == [(BIG, None), (None, "hard")]
    again = await Storage(database_target).open()  # a second start migrates nothing and sees the same
    try:
        assert await again.schema_version() == len(MIGRATIONS)
        assert (await again.load_table(table_id)).seats == row.seats
    finally:
        await again.close()


async def test_an_action_commits_log_snapshot_seats_timers_and_result_together(storage, database_target):
    table_id = await running(storage)
    timer = TimerRow(table_id, "deadline", 1, 1234.5, '{"kind": "turn", "seats": [1]}')
    seats = [SeatRow(BIG, "alice", "normal", 3, True, True), SeatRow(None, "", "hard")]
    await storage.record_action(
        table_id,
        1,
        0,
        {"type": "add", "n": 2, "word": "ボーダー"},
        "user",
        '{"s": 1}',
        [1, 0],
        seats=seats,
        timers=[timer],
    )
    reader = await Storage(database_target).open()  # acknowledged means visible to another connection
    try:
        row = await reader.load_table(table_id)
        assert (row.version, row.state, row.marks, row.status) == (1, '{"s": 1}', [1, 0], "running")
        assert row.seats == seats
        assert await reader.timers() == [timer]
        assert [a["action"] for a in await reader.actions(table_id)] == [{"type": "add", "n": 2, "word": "ボーダー"}]
    finally:
        await reader.close()
    await storage.record_action(
        table_id, 2, -1, {"type": "timeout"}, "timeout", '{"s": 2}', [1, 2], result={"winners": [1], "scores": [3, 10]}
    )
    row = await storage.load_table(table_id)
    assert (row.status, row.version) == ("finished", 2)
    assert await storage.result(table_id) == {"winners": [1], "scores": [3, 10]}
    assert await storage.timers() == []  # a finished game has nothing pending


async def test_an_action_on_a_stale_version_is_refused_and_changes_nothing(storage):
    table_id = await running(storage)
    await storage.record_action(table_id, 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0])
    for seq in (1, 3):  # the same move again (another process), or one built on a version never committed
        with pytest.raises(Conflict):
            await storage.record_action(
                table_id,
                seq,
                1,
                {"type": "add", "n": 2},
                "user",
                '{"bad": 1}',
                [0, 0],
                timers=[TimerRow(table_id, "ai", seq, 1.0, "")],
            )
    row = await storage.load_table(table_id)
    assert (row.version, row.state) == (1, '{"s": 1}')
    assert [a["seq"] for a in await storage.actions(table_id)] == [1] and await storage.timers() == []


async def test_two_processes_never_both_commit_one_table(storage, database_target):
    """A handover overlap: the old owner and the new one both hold the table; only the first commit counts, the
    other is told the board moved on, and the log has one row per version."""
    first = TableService(storage)
    table = await first.open("tiny", guild_id=1, channel_id=10, host_id=1, host_name="a", options={"target": 10})
    await first.join(table.id, 2, "b")
    await first.start(table.id, 1)
    other_storage = await Storage(database_target).open()
    try:
        second = TableService(other_storage)
        await second.get(table.id)  # loaded at version 0, like the process taking the shard over
        await second.submit(table.id, 1, 0, {"type": "add", "n": 2})
        stale_copy = await first.get(table.id)
        pressed = asyncio.create_task(first.submit(table.id, 1, 0, {"type": "add", "n": 1}))
        queued = asyncio.create_task(first.play.act(stale_copy, 1, None, {"type": "add", "n": 1}, "user"))
        for task in (pressed, queued):  # the press, and one queued behind it on the same stale copy
            with pytest.raises(TableError) as refused:
                await task
            assert refused.value.code == "stale"
        log = await storage.actions(table.id)
        assert [(a["seq"], a["action"]["n"]) for a in log] == [(1, 2)]
        reloaded = await first.get(table.id)  # the refused process reloads the committed truth and goes on
        assert reloaded.version == 1 and reloaded.state.counter == 2
        await first.submit(table.id, 2, 1, {"type": "add", "n": 1})
        assert [a["seq"] for a in await other_storage.actions(table.id)] == [1, 2]
    finally:
        await other_storage.close()


async def test_group_commit_puts_many_tables_in_one_transaction_and_refuses_only_the_stale(storage):
    tables = [await running(storage, channel_id=100 + n) for n in range(60)]
    await storage.record_action(tables[7], 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0])
    before = storage.group.transactions
    outcomes = await asyncio.gather(
        *(
            storage.record_action(
                table_id,
                1,
                0,
                {"type": "add", "n": 2},
                "user",
                '{"s": 2}',
                [1, 0],
                timers=[TimerRow(table_id, "ai", 1, 5.0, "")],
            )
            for table_id in tables
        ),
        return_exceptions=True,
    )
    refused = [table_id for table_id, outcome in zip(tables, outcomes) if outcome is not None]
    assert refused == [tables[7]] and isinstance(outcomes[7], Conflict)
    assert storage.group.transactions - before < 10, "60 actions arriving together took one commit each"
    for table_id in tables:
        log = await storage.actions(table_id)
        assert [a["action"]["n"] for a in log] == ([1] if table_id == tables[7] else [2])
    assert len(await storage.timers()) == 59


async def test_each_action_s_committing_is_told_on_the_event_loop_before_its_commit_returns(storage):
    """`committing` lets the loop work while the disk does: told once per action, on the loop's own thread, before
    the action's record_action returns (alone, and in a group that shares one transaction)."""
    tables = [await running(storage, channel_id=200 + n) for n in range(8)]
    told: list[tuple[int, bool]] = []
    loop_thread = threading.current_thread()

    async def record(table_id: int, seq: int) -> None:
        def committing() -> None:
            told.append((table_id, threading.current_thread() is loop_thread))

        await storage.record_action(
            table_id, seq, 0, {"type": "add", "n": seq}, "user", "{}", [seq, 0], committing=committing
        )
        assert (table_id, True) in told, "record_action returned before its committing was told"

    await record(tables[0], 1)
    assert told == [(tables[0], True)]
    told.clear()
    await asyncio.gather(*(record(table_id, 1) for table_id in tables[1:]))
    assert sorted(told) == sorted((table_id, True) for table_id in tables[1:])


async def test_timers_of_owned_shards_only(storage):
    ids = {}
    for guild in (4 << 22, 5 << 22):  # Discord's shard of a guild: (guild_id >> 22) % shard_count
        table_id = await running(storage, channel_id=guild, guild_id=guild)
        await storage.record_action(
            table_id,
            1,
            0,
            {"type": "add", "n": 1},
            "user",
            "{}",
            [1, 0],
            timers=[TimerRow(table_id, "deadline", 1, 9.0, "")],
        )
        ids[(guild >> 22) % 2] = table_id
    for shard in (0, 1):
        owned = await storage.timers(lambda guild_id: (guild_id >> 22) % 2 == shard)
        assert [t.table_id for t in owned] == [ids[shard]]
    assert len(await storage.timers()) == 2


async def test_a_group_writes_seats_timers_and_results_of_each_table_and_refuses_only_a_broken_log(storage):
    """A batch of tables whose actions change seats, timers or end the game; one table's log already holds the
    row its action would add (a damaged log): that action alone is refused, the others commit whole."""
    tables = [await running(storage, channel_id=300 + n) for n in range(12)]
    await storage._transaction(
        [
            (
                "INSERT INTO actions (table_id, seq, seat, action, source, at) VALUES (?, 1, 0, '{}', 'user', 0)",
                (tables[5],),
                False,
            )
        ]
    )

    def write(n, table_id):
        extra = {}
        if n % 3 == 0:
            extra["seats"] = [SeatRow(BIG, "alice", "normal", n, True, True), SeatRow(None, "", "hard")]
        if n % 3 == 1:
            extra["timers"] = [TimerRow(table_id, "deadline", 1, 100.0 + n, "{}"), TimerRow(table_id, "ai", 1, 2, "")]
        if n % 4 == 2:
            extra["result"] = {"winners": [0], "scores": [n, 0]}
        return storage.record_action(table_id, 1, 0, {"type": "add", "n": n}, "user", f'{{"s": {n}}}', [1, 0], **extra)

    outcomes = await asyncio.gather(*(write(n, t) for n, t in enumerate(tables)), return_exceptions=True)
    assert [n for n, outcome in enumerate(outcomes) if outcome is not None] == [5]
    assert isinstance(outcomes[5], Conflict)
    timers = {(t.table_id, t.kind): t.due_at for t in await storage.timers()}
    for n, table_id in enumerate(tables):
        row = await storage.load_table(table_id)
        if n == 5:
            assert (row.version, row.state) == (0, '{"s": 0}')
            continue
        ended = n % 4 == 2
        assert (row.version, row.state, row.status) == (1, f'{{"s": {n}}}', "finished" if ended else "running")
        assert [a["action"]["n"] for a in await storage.actions(table_id)] == [n]
        assert row.seats[0].timeouts == (n if n % 3 == 0 else 0)
        assert await storage.result(table_id) == ({"winners": [0], "scores": [n, 0]} if ended else None)
        if n % 3 == 1 and not ended:
            assert timers[(table_id, "deadline")] == 100.0 + n and (table_id, "ai") in timers
        else:
            assert not any(key[0] == table_id for key in timers)


async def test_sqlite_commits_reach_the_disk_before_the_answer(storage, backend):
    """synchronous=FULL: an acknowledged move survives a power cut, not only a killed process."""
    if backend != "sqlite":
        assert (await storage._row("SHOW synchronous_commit"))[0] == "on"
        return
    assert (await storage._row("PRAGMA synchronous"))[0] == 2  # FULL
    assert (await storage._row("PRAGMA journal_mode"))[0] == "wal"


async def test_an_older_sqlite_database_keeps_its_actions_and_timers_through_the_key_ordered_tables(tmp_path, backend):
    """Migration 4 (SQLite alone) rebuilds the action log and the timers WITHOUT ROWID; every row stays."""
    if backend != "sqlite":
        return
    import aiosqlite

    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path) as db:  # a database as version 3 left it
        for number, script in enumerate(MIGRATIONS[:3], start=1):
            await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        await db.execute(
            "INSERT INTO tables (id, game, channel_id, host_id, status, options, seed, created_at,"
            " updated_at, version, state, marks) VALUES (7, 'tiny', 1, 1, 'running', '{}', 1, 0, 0, 2,"
            " '{\"s\": 2}', '[0, 0]')"
        )
        await db.executemany(
            "INSERT INTO actions VALUES (7, ?, 0, ?, 'user', 1.5)",
            [(seq, f'{{"type": "add", "n": {seq}}}') for seq in (1, 2)],
        )
        await db.execute("INSERT INTO timers VALUES (7, 'deadline', 2, 99.5, '{\"kind\": \"turn\"}')")
        await db.commit()
    storage = await Storage(path).open()
    try:
        assert await storage.schema_version() == len(MIGRATIONS)
        assert [(a["seq"], a["action"]) for a in await storage.actions(7)] == [
            (1, {"type": "add", "n": 1}),
            (2, {"type": "add", "n": 2}),
        ]
        assert await storage.timers() == [TimerRow(7, "deadline", 2, 99.5, '{"kind": "turn"}')]
        sql = (await storage._row("SELECT sql FROM sqlite_master WHERE name = 'actions'"))[0]
        assert "WITHOUT ROWID" in sql  # (the timers moved on into their tables' rows: migration 5)
        await storage.record_action(7, 3, 0, {"type": "add", "n": 3}, "user", '{"s": 3}', [3, 0])
        assert [a["seq"] for a in await storage.actions(7)] == [1, 2, 3]
    finally:
        await storage.close()


async def test_an_sqlite_commit_of_a_running_table_writes_one_page_of_each_relation(storage, backend):
    """What each action's fsync must write: the table's row (its timers in it) and its log row, one page each (a
    status set again rewrote the two indexes on it; a rowid table wrote its key's index beside it; timers of their own
    were a third page). The index on `wake_at` adds a page only when the earliest timer enters another WAKE_GRID step:
    here once, at the first deadline."""
    if backend != "sqlite":
        return
    table_id = await running(storage)
    await storage._rows("PRAGMA wal_checkpoint(TRUNCATE)")
    before = (await storage._row("PRAGMA wal_checkpoint(PASSIVE)"))[1]
    for seq in range(1, 21):
        await storage.record_action(
            table_id,
            seq,
            0,
            {"type": "add", "n": seq},
            "user",
            f'{{"s": {seq}}}',
            [seq, 0],
            timers=[TimerRow(table_id, "deadline", seq, 100.0 + seq, '{"kind": "turn"}')],
        )
    frames = (await storage._row("PRAGMA wal_checkpoint(PASSIVE)"))[1] - before
    assert frames <= 20 * 2 + 1
    row = await storage.load_table(table_id)
    assert (row.version, row.status) == (20, "running")


async def test_timers_by_kind_kept_across_a_restart(storage, database_target):
    """Every way a timer is written or removed, each kind apart from the others, read back by a new process."""
    lobby = TimerRow(0, "lobby", 0, 1763865827.1234567, '{"minutes": 10}')
    table_id = await storage.create_table(
        "tiny", 1, 10, BIG, {}, 1, "en", [SeatRow(BIG, "alice", None)], idle_timer=lobby
    )
    assert lobby.table_id == table_id and await storage.timer(table_id, "lobby") == lobby
    assert await storage.lobbies_without_idle_timer() == []
    await storage.save_lobby(table_id, host_id=BIG, options={}, seats=[SeatRow(BIG, "alice", None)])
    assert await storage.timers() == [lobby]  # idle_timer left as it was
    pushed = TimerRow(table_id, "lobby", 0, 2000.25, '{"minutes": 20}')
    await storage.save_lobby(table_id, host_id=BIG, options={}, seats=[SeatRow(BIG, "alice", None)], idle_timer=pushed)
    assert await storage.timers() == [pushed]
    await storage.save_lobby(table_id, host_id=BIG, options={}, seats=[SeatRow(BIG, "alice", None)], idle_timer=None)
    assert await storage.timers() == [] and await storage.timer(table_id, "lobby") is None
    assert [row[0] for row in await storage.lobbies_without_idle_timer()] == [table_id]
    await storage.set_timer(pushed)
    await storage.set_timer(TimerRow(table_id, "nudge", 3, 50.0, "{}"))  # a kind beside the lobby's
    await storage.start_game(table_id, [SeatRow(BIG, "alice", None), SeatRow(None, "", "hard")], {}, '{"s": 0}', [0, 0])
    assert await storage.timers() == [TimerRow(table_id, "nudge", 3, 50.0, "{}")]  # the start drops the lobby's
    deadline = TimerRow(table_id, "deadline", 1, 1763865999.875, '{"kind": "turn", "seats": [0], "名": "\\"x\\""}')
    ai = TimerRow(table_id, "ai", 1, 12.5, "")
    await storage.replace_timers(table_id, [deadline, ai])
    await storage.record_action(table_id, 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0])  # None: kept
    assert await storage.timers() == [ai, deadline]
    told = TimerRow(table_id, "nudge", 1, 99.0, '{"told": ["0"]}')
    await storage.set_timer(told)
    await storage.set_timer(TimerRow(table_id, "ai", 2, 13.5, ""))  # the same kind again: replaced
    await storage.clear_timer(table_id, "deadline")
    assert await storage.timer(table_id, "deadline") is None
    other = await running(storage, channel_id=11)
    await storage.set_timer(TimerRow(other, "deadline", 1, 5.0, ""))
    again = await Storage(database_target).open()  # a restart: what the bot arms at startup
    try:
        assert await again.timers() == [
            TimerRow(table_id, "ai", 2, 13.5, ""),
            told,
            TimerRow(other, "deadline", 1, 5.0, ""),
        ]
        assert await again.timer(table_id, "nudge") == told and await again.timer(table_id, "lobby") is None
        await again.clear_timer(table_id)
        assert await again.timers() == [TimerRow(other, "deadline", 1, 5.0, "")]
        await again.record_action(other, 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0], timers=[])
        assert await again.timers() == []  # []: none pending
    finally:
        await again.close()


async def test_a_group_commit_keeps_the_timers_of_actions_that_leave_them_unchanged(storage):
    tables = [await running(storage, channel_id=400 + n) for n in range(30)]
    for table_id in tables:
        await storage.set_timer(TimerRow(table_id, "deadline", 0, 7.0, "old"))
    before = storage.group.transactions
    await asyncio.gather(
        *(
            storage.record_action(
                table_id,
                1,
                0,
                {"type": "add", "n": 1},
                "user",
                '{"s": 1}',
                [1, 0],
                timers=None if n % 2 else [TimerRow(table_id, "ai", 1, float(n), "")],
            )
            for n, table_id in enumerate(tables)
        )
    )
    assert storage.group.transactions - before < 10
    timers = {t.table_id: t for t in await storage.timers()}
    for n, table_id in enumerate(tables):
        expected = TimerRow(table_id, "deadline", 0, 7.0, "old") if n % 2 else TimerRow(table_id, "ai", 1, n, "")
        assert timers[table_id] == expected and await storage.timer(table_id, expected.kind) == expected
        assert (await storage.load_table(table_id)).timers == [expected]  # what a table loaded from storage arms


async def test_an_old_database_keeps_its_timers_through_the_move_into_table_rows(database_target, backend, monkeypatch):
    """Migration 5 moves each table's timer rows into its row (and drops the timers table); every timer stays, to
    the last digit of its due time, and the tables go on from there."""
    import bot.storage.postgres
    import bot.storage.sqlite

    module = bot.storage.sqlite if backend == "sqlite" else bot.storage.postgres
    monkeypatch.setattr(module, "MIGRATIONS", MIGRATIONS[:4])
    old = await Storage(database_target).open()  # a database as version 4 left it
    try:
        assert await old.schema_version() == 4
        lobby, playing, quiet = 7, 8, 9
        await old._transaction(
            [
                (
                    "INSERT INTO tables (id, game, guild_id, channel_id, host_id, status, options, seed,"
                    " version, state, marks, created_at, updated_at) VALUES (?, 'tiny', ?, ?, 1, ?, '{}',"
                    " 1, 0, ?, '[0, 0]', 0, 0)",
                    [
                        (lobby, 1, 20, "lobby", None),
                        (playing, 2, 21, "running", '{"s": 0}'),
                        (quiet, 1, 22, "running", '{"s": 0}'),
                    ],
                    True,
                )
            ]
        )
        kept = [
            TimerRow(lobby, "lobby", 0, 1763865827.1234567, '{"minutes": 10}'),
            TimerRow(playing, "ai", 4, 0.1, ""),
            TimerRow(playing, "deadline", 3, 1763866000.0, '{"kind": "turn", "seats": [1], "名前": "\\"a\\""}'),
            TimerRow(playing, "nudge", 2, 99.5, '{"told": []}'),
        ]
        await old._transaction(
            [
                (
                    "INSERT INTO timers (table_id, kind, version, due_at, detail) VALUES (?, ?, ?, ?, ?)",
                    [(t.table_id, t.kind, t.version, t.due_at, t.detail) for t in kept],
                    True,
                )
            ]
        )
    finally:
        await old.close()
    monkeypatch.undo()
    storage = await Storage(database_target).open()
    try:
        assert await storage.schema_version() == len(MIGRATIONS)
        assert await storage.timers() == kept
        assert await storage.timers(lambda guild_id: guild_id == 2) == kept[1:]
        assert await storage.timer(playing, "deadline") == kept[2] and await storage.timer(quiet, "ai") is None
        assert await storage.lobbies_without_idle_timer() == []
        tables = (
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            if backend == "sqlite"
            else "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
        )
        assert "timers" not in {row[0] for row in await storage._rows(tables)}
        await storage.record_action(playing, 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0])
        await storage.record_action(
            quiet,
            1,
            0,
            {"type": "add", "n": 1},
            "user",
            '{"s": 1}',
            [1, 0],
            timers=[TimerRow(quiet, "deadline", 1, 3.0, "")],
        )
        assert await storage.timers() == [*kept, TimerRow(quiet, "deadline", 1, 3.0, "")]
    finally:
        await storage.close()


async def test_the_timers_armed_at_start_are_those_of_open_tables(storage):
    """A table cancelled by a process that died before it cleared the timers: nothing of it is armed again."""
    lobby = await storage.create_table(
        "tiny", 1, 30, BIG, {}, 1, "en", [SeatRow(BIG, "alice", None)], idle_timer=TimerRow(0, "lobby", 0, 50.0, "")
    )
    playing, cancelled = await running(storage, channel_id=31), await running(storage, channel_id=32)
    for table_id in (playing, cancelled):
        await storage.set_timer(TimerRow(table_id, "deadline", 1, 60.0, ""))
    await storage.set_status(cancelled, "cancelled")
    assert [(t.table_id, t.kind) for t in await storage.timers()] == [(lobby, "lobby"), (playing, "deadline")]


async def test_a_persons_open_tables_are_found_by_their_seat_with_where_they_are_and_their_deadline(storage):
    """/tables: lobbies and running games where the person sits (in any guild, an AI standing in for them too), the
    most recently changed first; never a finished or cancelled table, nor one they do not sit at."""
    other = BIG - 1
    lobby = await storage.create_table(
        "tiny", 1, 40, other, {}, 1, "en", [SeatRow(other, "bob", None), SeatRow(BIG, "alice", None)]
    )
    await storage.set_message(lobby, 40, 400)
    elsewhere = await running(storage, channel_id=41, guild_id=BIG)
    await storage.set_message(elsewhere, 41, 410)
    due = TimerRow(elsewhere, "deadline", 1, 1_700_000_000.25, '{"kind": "turn", "seats": [0]}')
    await storage.record_action(
        elsewhere,
        1,
        0,
        {"type": "add", "n": 1},
        "user",
        "{}",
        [1, 0],
        timers=[due, TimerRow(elsewhere, "ai", 1, 5.0, "")],
    )
    stood_in = await running(storage, channel_id=42)
    await storage.save_seats(stood_in, [SeatRow(BIG, "alice", "normal", 3, False, True), SeatRow(None, "", "hard")])
    finished, cancelled = await running(storage, channel_id=43), await running(storage, channel_id=44)
    await storage.record_action(finished, 1, 0, {"type": "add"}, "user", "{}", [1, 0], result={"winners": [0]})
    await storage.set_status(cancelled, "cancelled")
    not_mine = await storage.create_table("tiny", 1, 45, other, {}, 1, "en", [SeatRow(other, "bob", None)])

    mine = await storage.tables_of(BIG)
    assert [t.id for t in mine] == [stood_in, elsewhere, lobby]
    assert {t.id: (t.game, t.guild_id, t.channel_id, t.message_id, t.status) for t in mine} == {
        lobby: ("tiny", 1, 40, 400, "lobby"),
        elsewhere: ("tiny", BIG, 41, 410, "running"),
        stood_in: ("tiny", 1, 42, None, "running"),
    }
    assert [t.deadline for t in mine] == [None, due, None]  # the deadline timer alone, its due time to the digit
    assert [t.id for t in await storage.tables_of(other)] == [not_mine, lobby]
    assert await storage.tables_of(12345) == []


async def test_timers_due_before_a_moment_are_read_through_each_table_s_wake_time(storage):
    """`wake_at` follows every way a table's timers are written; a table whose timers are all later is not read."""
    soon, later, ended = [await running(storage, channel_id=40 + n) for n in range(3)]
    await storage.set_timer(TimerRow(soon, "deadline", 0, 1000.0, ""))
    await storage.set_timer(TimerRow(soon, "nudge", 0, 90_000.0, ""))
    await storage.record_action(
        later, 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0], timers=[TimerRow(later, "ai", 1, 5000.0, "")]
    )
    await storage.replace_timers(ended, [TimerRow(ended, "deadline", 0, 10.0, "")])
    await storage.record_action(
        ended, 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0], result={"winners": [0]}
    )
    assert await storage.timers_due_before(1000.0) == []
    assert await storage.timers_due_before(1000.5) == [TimerRow(soon, "deadline", 0, 1000.0, "")]
    assert [(t.table_id, t.kind) for t in await storage.timers_due_before(100_000.0)] == [
        (soon, "deadline"),
        (soon, "nudge"),
        (later, "ai"),
    ]
    assert await storage.timers_due_before(100_000.0, lambda guild_id: guild_id == 2) == []
    await storage.clear_timer(soon, "deadline")
    assert await storage.timers_due_before(80_000.0) == [TimerRow(later, "ai", 1, 5000.0, "")]
    plan = "EXPLAIN QUERY PLAN " if storage.dialect == "sqlite" else "EXPLAIN "
    shown = " ".join(
        str(list(row))
        for row in await storage._rows(
            plan + "SELECT id, guild_id, timers FROM tables WHERE wake_at < ? AND status IN ('lobby', 'running')",
            (5.0,),
        )
    )
    assert "tables_by_wake" in shown or storage.dialect != "sqlite"  # PostgreSQL picks by its statistics


async def test_a_running_table_is_behind_until_its_message_s_mark_is_stored(storage):
    from bot.storage.rows import shown_mark

    tables = [await running(storage, channel_id=50 + n) for n in range(3)]
    for table_id in tables:
        await storage.set_message(table_id, 900 + table_id, 500 + table_id)
    behind, count = await storage.running_tables_behind()
    assert count == 3 and sorted(behind) == sorted(tables)  # no mark yet: all of them

    def mark(row):
        return shown_mark(row.version, row.seats, row.timers)

    await storage.record_shown({table_id: mark(await storage.load_table(table_id)) for table_id in tables})
    assert await storage.running_tables_behind() == ([], 3)
    await storage.record_action(tables[0], 1, 0, {"type": "add", "n": 1}, "user", '{"s": 1}', [1, 0])  # a move
    await storage.save_seats(tables[1], [SeatRow(BIG, "alice", "hard", taken_over=True), SeatRow(None, "", "hard")])
    assert sorted((await storage.running_tables_behind())[0]) == sorted(tables[:2])
    assert (await storage.running_tables_behind(lambda guild_id: guild_id == 2))[0] == []
