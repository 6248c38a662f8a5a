"""Forged, broken and misdirected interactions against a running table of every real game, through the fake Discord.

A real Discord client only sends what a message shows, so these presses are built the way the fake builds a press
(its `_new_interaction`: an INTERACTION_CREATE with any custom_id and values) to stand for old messages, tampered
clients and plain bad luck: wrong users, unknown and absurd table ids, stale and future versions, actions that do
not parse, that no seat may make, or that belong to another phase, select values nobody offered, lobby steps on a
running table, and slash command options outside what the command declares.

For every one: the bot answers the person (an ephemeral message with a text), nothing is logged as an error
(discord.py logs every unhandled exception in a command, a view item or an event at ERROR), the fake saw no broken
request, and the table, its version, its seats and its stored log are exactly as before."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import string

import pytest

import games
from bot import codec
from cogs.ui import BUTTON_TEMPLATE, SELECT_TEMPLATE
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import MESSAGE_COMPONENT
from tests.fakediscord.server import FakeTimeout
from tests.support.drive import button, forge_slash
from tests.support.e2e import Harness

REAL_GAMES = games.built_in()
HUGE = 9_999_999_999_999_999_999  # 19 digits: fits the custom_id template, not a 64-bit integer


def codes(actions: list[dict]) -> list[str]:
    """The actions a custom_id can carry (some games send lists through a chooser step instead)."""
    out = []
    for action in actions:
        with contextlib.suppress(codec.BadCode):
            out.append(codec.encode(action))
    return out


def routable(custom_id: str) -> bool:
    """Whether the bot's components could carry this id at all (discord.py routes nothing else to the bot)."""
    return bool(re.fullmatch(BUTTON_TEMPLATE, custom_id) or re.fullmatch(SELECT_TEMPLATE, custom_id))


@contextlib.asynccontextmanager
async def running_table(tmp_path, game: str):
    """The bot, and a running table of `game` seated with people only (no AI moves while we poke at it)."""
    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start()
        try:
            spec = games.get(game)
            players = [h.alice, h.bob, h.carol][: max(2, spec.min_players)][: spec.max_players]
            await fake.slash(h.alice, h.channel, "play", {"game": game})
            board = fake.channel_messages(fake.threads(h.channel)[-1])[0]
            for user in players[1:]:
                await fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
            start = await fake.wait_for(
                lambda: (b := button(board, "u.start")) and not b.get("disabled") and b, what="the start button"
            )
            await fake.press(h.alice, board, custom_id=start["custom_id"])
            table = await h.service.get(int(start["custom_id"].split(":")[1]))
            assert table.status == "running"
            yield h, table, board, players
        finally:
            await h.stop()
        assert h.scanner.leaks == []


@pytest.fixture
def errors(caplog):
    caplog.set_level(logging.INFO)
    return lambda: [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]


async def forge(h: Harness, user, message, custom_id: str, values: list | None = None):
    """A component interaction as the fake's press()/select() make it, with any custom_id and values.

    Discord delivers a press only for a component its message shows (and discord.py drops any other), so the
    message shows the forged component while it is pressed: an old or tampered copy of the table message."""
    message = h.fake.message(message)
    if values is None:
        component = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
        data = {"custom_id": custom_id, "component_type": 2}
    else:
        options = [{"label": f"{n}", "value": value} for n, value in enumerate(values)] or [
            {"label": "-", "value": "-"}
        ]
        component = {"type": 3, "custom_id": custom_id, "options": options, "min_values": 0, "max_values": 25}
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
    shown = message.components
    message.components = [*shown[:4], {"type": 1, "components": [component]}]
    try:
        inter = h.fake._new_interaction(MESSAGE_COMPONENT, user, message.channel, data, message=message, name=custom_id)
    finally:
        if message.components[-1]["components"] == [component]:
            message.components = shown
    return await h.fake._outcome(inter, 5.0, None)


def snapshot(table) -> tuple:
    return (
        table.state.to_json(),
        table.version,
        table.status,
        [(s.user_id, s.ai_level, s.timeouts, s.more_time_used) for s in table.seats],
        dict(table.options),
    )


def answered_privately(answer) -> str:
    """The bot's answer to a refused press: ephemeral, with something to read. Returns a description if not."""
    if answer.type is None:
        return f"no answer ({answer.error})"
    if not answer.ephemeral:
        return f"answered publicly (type {answer.type})"
    message = answer.message
    if not (message.content or message.embeds):
        return "an empty answer"
    return ""


def legal_for(table, user) -> list[dict]:
    seat = table.seat_of(user.id)
    return table.state.legal_actions(seat) if seat is not None else []


def forged_ids(table, board, rng: random.Random, count: int) -> list[tuple[str, list | None]]:
    """Custom ids and values no honest board would send now (a seeded mix of every kind of wrong)."""
    t, v = table.id, table.version
    offered = [c["custom_id"] for c in board.all_components() if c.get("custom_id")]
    legal = [a for s in range(table.state.players) for a in table.state.legal_actions(s)]
    legal_codes = codes(legal) or ["take"]
    # actions of another game or phase: every kind of action the engine knows, from a few other moments
    elsewhere = other_phase_actions(table)
    fixed = [
        (f"bg:999999:{v}:a.{legal_codes[0]}", None),  # a table that does not exist
        (f"bg:{HUGE}:{v}:a.{legal_codes[0]}", None),  # a table id no database holds
        (f"bg:{t}:{HUGE % 10**9}:a.{legal_codes[0]}", None),  # a version from the future
        (f"bg:{t}:{v}:a.", None),  # nothing to decode
        (f"bg:{t}:{v}:a.{legal_codes[0]},{legal_codes[0]}", None),  # duplicated fields
        (f"bg:{t}:{v}:a.{legal_codes[0]},n=99999999999999999999999", None),
        (f"bg:{t}:{v}:a.launch,missiles=~t", None),  # no such action
        (f"bg:{t}:{v}:a.~n", None),
        (f"bg:{t}:{v}:u.", None),
        (f"bg:{t}:{v}:u.nonsense", None),
        (f"bg:{t}:{v}:u.start", None),
        (f"bg:{t}:{v}:u.join", None),
        (f"bg:{t}:{v}:u.ai_add", None),
        (f"bg:{t}:{v}:u.ai_remove", None),
        (f"bg:{t}:{v}:u.settings", None),
        (f"bg:{t}:{v}:u.rematch", None),
        (f"bg:{t}:{v}:u.more", None),  # no deadline is waiting for the presser
        (f"bg:{t}:{v}:u.back", None),  # nobody is away
        (f"bs:{t}:0:u.setval.turn_timeout", ["0"]),  # a lobby setting while running
        (f"bs:{t}:0:u.setval.nonexistent", ["99"]),
        (f"bs:{t}:0:u.setopt", ["nonexistent"]),
        (f"bs:{t}:0:u.ai_level", ["godlike"]),
        (f"bs:{t}:{v}:u.act", ["launch,missiles=1"]),  # select values nobody offered
        (f"bs:{t}:{v}:u.act", [""]),
        (f"bs:{t}:{v}:u.act", [",,,"]),
        (f"bs:{t}:{v}:u.act", ["x" * 100]),
        (f"bs:{t}:{v}:u.act", []),
        (f"bs:{t}:{v}:u.act", [f"{legal_codes[0]}={HUGE}"]),
        (f"bg:{t}:{v}:u.act", None),  # a select's step pressed as a button
    ]
    other = codes(elsewhere)
    fixed += [(f"bs:{t}:{v}:u.act", [code]) for code in other[:6]]
    fixed += [(f"bg:{t}:{v}:a.{code}", None) for code in other[6:12]]
    randoms = []
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:  # garbage after a valid prefix
            what = "".join(
                rng.choice(string.ascii_letters + string.digits + ",=.~:_-") for _ in range(rng.randint(1, 40))
            )
            randoms.append((f"bg:{t}:{v}:{rng.choice(['a.', 'u.', ''])}{what}", None))
        elif kind == 1:  # a legal code with a field changed to something out of range
            action = dict(rng.choice(legal)) if legal else {"type": "take"}
            keys = [k for k in action if k != "type"] or ["type"]
            action[rng.choice(keys)] = rng.choice([-1, 10**6, HUGE, "zzz", True, None])
            with contextlib.suppress(codec.BadCode):
                randoms.append((f"bg:{t}:{v}:a.{codec.encode(action)}", None))
        elif kind == 2:  # a stale copy of a button the board shows
            if offered:
                cid = rng.choice(offered).split(":")
                if len(cid) >= 4:
                    randoms.append(
                        (
                            ":".join(
                                [cid[0], cid[1], str(max(0, v - 1 - rng.randrange(3)) if v else HUGE % 10**9), *cid[3:]]
                            ),
                            None,
                        )
                    )
        else:  # a select with values from nowhere
            values = [
                "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 30)))
                for _ in range(rng.randint(1, 3))
            ]
            randoms.append((f"bs:{t}:{v}:u.act", values))
    return [(custom_id, values) for custom_id, values in fixed + randoms if routable(custom_id)]


def other_phase_actions(table) -> list[dict]:
    """Legal actions of this game met later in a random game (most belong to another phase now)."""
    spec = table.spec
    state = spec.new(table.state.players, {}, 12345)
    rng = random.Random(1)
    seen: list[dict] = []
    for _ in range(400):
        if state.finished:
            break
        acting = [s for s in state.to_act() if s >= 0]
        if not acting:
            state.apply(-1, {"type": "timeout"})
            continue
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        for action in legal:
            if action["type"] not in {a["type"] for a in seen}:
                seen.append(action)
        state.apply(seat, rng.choice(legal))
    now = [a for s in range(table.state.players) for a in table.state.legal_actions(s)]
    return [a for a in seen if a not in now]


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_forged_presses_are_answered_and_change_nothing(tmp_path, game, errors):
    async with running_table(tmp_path, game) as (h, table, board, players):
        before = snapshot(table)
        log_before = await h.bot.storage.actions(table.id)
        rng = random.Random(game)
        outsiders = [h.mod] + [u for u in (h.alice, h.bob, h.carol) if u not in players]
        problems = []
        for custom_id, values in forged_ids(table, board, rng, count=24):
            user = rng.choice(players + outsiders)
            if custom_id.endswith(("u.more", "u.back")):
                user = h.mod  # a player's own "more time" while a deadline waits for them is not forged
            if custom_id.startswith(("bg:", "bs:")) and ":a." in custom_id:
                with contextlib.suppress(codec.BadCode, IndexError):
                    if codec.decode(custom_id.split(":a.", 1)[1]) in legal_for(table, user) and custom_id.split(":")[
                        2
                    ] == str(table.version):
                        continue  # by chance a move this person may really make
            if values and custom_id.endswith("u.act"):
                with contextlib.suppress(codec.BadCode):
                    if codec.decode(values[0]) in legal_for(table, user):
                        continue
            try:
                answer = await forge(h, user, board, custom_id, values)
            except FakeTimeout:
                problems.append(f"{custom_id} {values}: no answer at all")
                continue
            wrong = answered_privately(answer)
            if wrong:
                problems.append(f"{custom_id} {values} by {user.name}: {wrong}")
            if snapshot(table) != before:
                problems.append(f"{custom_id} {values} by {user.name} changed the table")
                break
        assert problems == []
        assert await h.bot.storage.actions(table.id) == log_before
        assert errors() == [] and h.fake.internal_errors == []


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_other_peoples_moves_are_refused(tmp_path, game, errors):
    """Every move anybody may make now, and every button the table shows, pressed by each person who may not."""
    async with running_table(tmp_path, game) as (h, table, board, players):
        before = snapshot(table)
        t, v = table.id, table.version
        moves = [
            f"bg:{t}:{v}:a.{code}"
            for s in table.state.to_act()
            if s >= 0
            for code in codes(table.state.legal_actions(s))
        ]
        moves += [c["custom_id"] for c in board.all_components() if ":a." in c.get("custom_id", "")]
        pressed = 0
        for custom_id in dict.fromkeys(moves):
            if not routable(custom_id):
                continue
            for user in [h.mod, *players]:
                if codec.decode(custom_id.split(":a.", 1)[1]) in legal_for(table, user):
                    continue  # theirs to make
                answer = await forge(h, user, board, custom_id)
                assert not answered_privately(answer), (custom_id, user.name, answered_privately(answer))
                assert snapshot(table) == before, (custom_id, user.name)
                pressed += 1
        assert pressed >= len(players)
        assert errors() == [] and h.fake.internal_errors == []


async def test_ids_the_bot_never_makes_are_dropped_quietly(tmp_path, errors):
    """discord.py routes only ids matching the bot's templates; anything else must not disturb the bot either."""
    async with running_table(tmp_path, "blue_border") as (h, table, board, players):
        before = snapshot(table)
        for custom_id in [f"bg:{table.id}:0:a." + "x" * 80, "bg:x:0:a.take", f"zz:{table.id}:0:a.take", "bg:1:0:a.é"]:
            assert not routable(custom_id)
            with contextlib.suppress(FakeTimeout):
                message = h.fake.message(board)
                shown = message.components
                message.components = [
                    *shown[:4],
                    {"type": 1, "components": [{"type": 2, "style": 2, "label": "?", "custom_id": custom_id}]},
                ]
                inter = h.fake._new_interaction(
                    MESSAGE_COMPONENT,
                    h.alice,
                    board.channel,
                    {"custom_id": custom_id, "component_type": 2},
                    message=message,
                )
                message.components = shown
                await h.fake._outcome(inter, 0.3, None)
        await asyncio.sleep(0.1)
        assert snapshot(table) == before
        assert errors() == [] and h.fake.internal_errors == []


async def test_a_press_on_a_board_that_moved_on_is_answered_with_the_current_board(tmp_path, errors):
    async with running_table(tmp_path, "diamond_box") as (h, table, board, players):
        old = [
            c
            for c in board.all_components()
            if ":a." in c.get("custom_id", "") or c.get("custom_id", "").endswith(("u.act", "u.choose"))
        ]
        seat = table.state.to_act()[0]
        from tests.support.drive import move

        assert await move(h.fake, table, board, players[seat], random.Random(1))
        before = snapshot(table)
        stale = [
            c["custom_id"].replace(f":{table.id}:{table.version}:", ":0:")
            for c in board.all_components()
            if ":a." in c.get("custom_id", "")
        ]
        stale += [c["custom_id"] for c in old if ":a." in c["custom_id"]]
        for cid in stale[:6]:
            for user in players:
                answer = await forge(h, user, board, cid)
                assert not answered_privately(answer), (cid, answered_privately(answer))
        assert snapshot(table) == before
        assert errors() == []


# --- slash commands with options no honest client would send ---------------------------------------------------------
BAD_SLASH = [
    ("stats", [{"name": "game", "type": 3, "value": "no_such_game"}]),
    ("stats", [{"name": "scope", "type": 3, "value": "galaxy"}]),
    ("leaderboard", [{"name": "game", "type": 3, "value": "no_such_game"}]),
    ("leaderboard", [{"name": "scope", "type": 3, "value": "galaxy"}, {"name": "game", "type": 3, "value": "bossa"}]),
    ("rules", [{"name": "game", "type": 3, "value": "no_such_game"}]),
    ("play", [{"name": "game", "type": 3, "value": "x" * 90}]),
    ("table log", [{"name": "table", "type": 4, "value": 10**30}]),
    ("table log", [{"name": "table", "type": 4, "value": -5}]),
    ("table log", [{"name": "table", "type": 4, "value": 987654321}]),
]


@pytest.mark.parametrize("command,options", BAD_SLASH, ids=[f"{c} {o[0]['value']!s:.12}" for c, o in BAD_SLASH])
async def test_slash_options_out_of_range_are_answered(tmp_path, errors, command, options):
    async with running_table(tmp_path, "bossa") as (h, table, board, players):
        before = snapshot(table)
        answer = await forge_slash(h, h.carol, command, options)
        assert answer.type is not None, answer.error
        assert answer.ephemeral and (answer.message.content or answer.message.embeds)
        assert snapshot(table) == before
        assert errors() == [] and h.fake.internal_errors == []


async def test_server_settings_refuse_values_outside_their_choices(tmp_path, errors):
    async with running_table(tmp_path, "bossa") as (h, table, board, players):
        for options in (
            [{"name": "language", "type": 3, "value": "klingon"}],
            [{"name": "turn_timer", "type": 4, "value": -1}],
            [{"name": "turn_timer", "type": 4, "value": 10**12}],
            [{"name": "idle_lobby_minutes", "type": 4, "value": 7}],
            [{"name": "idle_lobby_minutes", "type": 4, "value": -(10**12)}],
        ):
            answer = await forge_slash(h, h.mod, "settings", options)
            assert answer.type is not None and answer.ephemeral
        settings = await h.bot.storage.guild_settings(h.guild.id)
        assert settings.get("locale") in (None, "ja", "en")
        assert settings.get("timers", {}).get("turn_timeout") in (None, 30, 60, 90, 120, 180)
        assert "lobby_idle_minutes" not in settings
        # the next table still opens and renders
        await h.service.cancel(table.id, h.alice.id)
        opened = await h.fake.slash(h.alice, h.channel, "play", {"game": "bossa"})
        assert opened.type is not None
        assert errors() == [] and h.fake.internal_errors == []


def confused(action: dict) -> list[dict]:
    """The action with one number written as a truth value or the other way round: equal in Python (True == 1),
    never what the engine offered."""
    out = []
    for key, value in action.items():
        if isinstance(value, bool):
            out.append({**action, key: int(value)})
        elif isinstance(value, int) and value in (0, 1):
            out.append({**action, key: bool(value)})
    return out


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_moves_with_a_number_for_a_truth_value_are_refused(tmp_path, game, errors):
    """`a.take,slot=~f` is not `slot=0`: an engine compares actions with ==, so the door must compare types too."""
    async with running_table(tmp_path, game) as (h, table, board, players):
        rng = random.Random(7)
        tried = 0
        for _ in range(300):
            if table.status != "running":
                break
            acting = [s for s in table.state.to_act() if s >= 0]
            if not acting:
                await h.service.expire(table.id, table.version)
                continue
            for seat in acting:
                for action in table.state.legal_actions(seat):
                    for variant in codes(confused(action)):
                        before = snapshot(table)
                        answer = await forge(h, players[seat], board, f"bg:{table.id}:{table.version}:a.{variant}")
                        assert not answered_privately(answer), (variant, answered_privately(answer))
                        assert snapshot(table) == before, variant
                        tried += 1
            if tried >= 12:
                break
            seat = rng.choice(acting)
            await h.service.submit(
                table.id, players[seat].id, table.version, rng.choice(table.state.legal_actions(seat))
            )
        # games whose early moves always carry a 0 or 1 (BOSSa's carry tile lists, chosen in steps, not codes; a
        # DEEP DIVE game may end before anybody swallows at depth 1)
        assert tried > 0 or game not in ("blue_border", "diamond_box", "colorse")
        assert errors() == [] and h.fake.internal_errors == []
