"""The hidden-information scanner (tests/support/leakscan.py) through the fake Discord: it finds real leaks of every
kind it claims to (each test below plants one in a presenter of the running bot), tells recipients apart (a DM or
an ephemeral answer may show its reader's own secrets, nobody else's), and finds nothing in honest games of every
kind, played to the end by people pressing what the board offers and AI seats.

Every e2e test runs the same scanner (tests/support/e2e.py); these tests prove that it would notice."""

from __future__ import annotations

import contextlib
import io
import random

import discord
import pytest
from PIL import Image, PngImagePlugin

import games
from cogs.bossa import tile_text
from cogs.diamond_box import card_name
from cogs.ui import TableButton, action_id
from tests.fakediscord import FakeDiscord
from tests.support import leakscan
from tests.support.drive import button, move, open_table, play_out
from tests.support.e2e import Harness


@contextlib.asynccontextmanager
async def world(tmp_path, *, differential: bool = True, **config):
    async with FakeDiscord() as fake:
        h = Harness(fake, tmp_path / "db.sqlite3")
        await h.start(**config)
        h.scanner.differential = differential
        try:
            yield h
        finally:
            await h.stop()


def presenter_of(h: Harness, game: str):
    return h.bot.get_cog("TableCog").presenters[game]


def patch(monkeypatch, h: Harness, game: str, name: str, make):
    """Replace one method of the running bot's presenter for `game` by make(honest)."""
    presenter = presenter_of(h, game)
    monkeypatch.setattr(presenter, name, make(getattr(presenter, name)))


def leaks_of(h: Harness, *words: str) -> list[str]:
    return [leak for leak in h.scanner.leaks if all(word in leak for word in words)]


async def refresh(h: Harness, table) -> None:
    """Have the bot edit the table message now (as after any change) and wait until that edit is recorded: the
    refresher's pending edit draws the table after this revision whether it was already waiting or starts now."""
    refresher = h.bot.get_cog("TableCog").refresher
    before = len(h.fake.calls)
    table.revision += 1  # as any change would
    refresher.request(table)
    await refresher.flush()
    assert any(c.method == "PATCH" for c in h.fake.calls[before:]), "the bot did not edit the table message"


# --- the render check: values that are also ordinary words or numbers -------------------------------------------
async def test_a_hidden_card_number_in_plain_words_is_caught(tmp_path, monkeypatch):
    async with world(tmp_path) as h:

        def make(honest):
            def leaky(table, locale):
                board = honest(table, locale)
                board.embed.add_field(name="Tip", value=f"the next diver will love {table.state.deck[0]}")
                return board

            return leaky

        patch(monkeypatch, h, "blue_border", "public", make)
        await open_table(h, "blue_border", h.bob)
        assert leaks_of(h, "blue_border board for everybody depends on hidden values", "will love")


async def test_a_deep_dive_face_down_tile_is_caught(tmp_path, monkeypatch):
    from cogs.deep_dive import tile_name

    async with world(tmp_path) as h:

        def make(honest):
            def leaky(table, locale):
                board = honest(table, locale)
                state = table.state
                depth = max(0, min(len(state.face_down) - 1, state.depth - 1))
                if state.face_down[depth]:
                    board.embed.set_footer(text=f"under the next tile: {tile_name(state.face_down[depth][0], locale)}")
                return board

            return leaky

        patch(monkeypatch, h, "deep_dive", "public", make)
        await open_table(h, "deep_dive", h.bob)
        assert leaks_of(h, "deep_dive board for everybody depends on hidden values", "under the next tile")


async def test_a_colorse_sign_before_the_reveal_is_caught_and_the_honest_board_is_not(tmp_path, monkeypatch):
    async with world(tmp_path) as h:
        table, board = await open_table(h, "colorse", h.bob, h.carol)
        users = {0: h.alice, 1: h.bob, 2: h.carol}
        rng = random.Random(4)
        while table.state.phase != "sign":
            await h.fake.wait_for(lambda: f":{table.id}:{table.version}:" in str(board.components))
            await move(h.fake, table, board, users[table.state.to_act()[0]], rng)
        parent = table.state.parent
        await h.fake.select(users[parent], board, board.selects()[0]["custom_id"], ["sign,sign=doh"])
        assert table.state.signs[0] == "doh" and table.state.phase == "sign"
        await refresh(h, table)
        assert h.scanner.leaks == []  # the honest board says only who has chosen

        def make(honest):
            def leaky(table, locale):
                board = honest(table, locale)
                chosen = [s for s in table.state.signs if s]
                board.embed.add_field(name="…", value="👀 " + ", ".join(chosen) if chosen else "-")
                return board

            return leaky

        patch(monkeypatch, h, "colorse", "public", make)
        await refresh(h, table)
        assert leaks_of(h, "colorse board for everybody depends on hidden values", "doh")


# --- the payload check: tokens in any place of any message, even without the render check -----------------------
async def open_running(h: Harness, game: str):
    humans = {"colorse": (h.bob, h.carol)}.get(game, (h.bob,))
    return await open_table(h, game, *humans)


LEAKY_BOARDS = {
    # the hidden value a presenter slips in, and where: each must be found in the payload itself
    "a face-down Blue Border card in a button's custom_id": (
        "blue_border",
        "card",
        lambda table, board: board.items.append(
            TableButton(
                action_id(table.id, table.version, {"type": "take", "source": "deck", "card": table.state.deck[0]}),
                label="?",
                row=3,
            )
        ),
    ),
    "the Blue Border deck's order in a footer": (
        "blue_border",
        "deck order",
        lambda table, board: board.embed.set_footer(text=" ".join(map(str, table.state.deck[3:6]))),
    ),
    "BOSSa's removed tile as the table writes tiles": (
        "bossa",
        "removed tile",
        lambda table, board: board.embed.add_field(name="…", value=tile_text(table.state.removed, "ja")),
    ),
    "the next Diamond Box card in a select option": (
        "diamond_box",
        "deck",
        lambda table, board: board.items.append(
            discord.ui.Select(
                custom_id=f"bs:{table.id}:{table.version}:u.peek",
                row=3,
                options=[discord.SelectOption(label=card_name(table.state.deck[0], "en"), value="x")],
            )
        ),
    ),
    "the seed in the message content": (
        "deep_dive",
        "seed",
        lambda table, board: setattr(board, "content", f"good luck (#{table.seed})"),
    ),
}


@pytest.mark.parametrize("case", sorted(LEAKY_BOARDS))
async def test_a_hidden_token_in_a_payload_is_caught(tmp_path, monkeypatch, case):
    game, kind, plant = LEAKY_BOARDS[case]
    async with world(tmp_path, differential=False) as h:  # the payload check alone

        def make(honest):
            def leaky(table, locale):
                board = honest(table, locale)
                plant(table, board)
                return board

            return leaky

        patch(monkeypatch, h, game, "public", make)
        await open_running(h, game)
        found = leaks_of(h, "to everybody", f"'s {kind} ")
        assert found, h.scanner.leaks
        assert h.scanner.coverage[(game, "payload")] > 0


async def test_png_metadata_and_odd_file_names_are_caught(tmp_path, monkeypatch):
    async with world(tmp_path, differential=False) as h:

        def make(honest):
            def leaky(table, locale):
                board = honest(table, locale)
                info = PngImagePlugin.PngInfo()
                info.add_text("Comment", "drawn by bodoge")
                out = io.BytesIO()
                Image.open(io.BytesIO(board.image)).save(out, "PNG", pnginfo=info)
                board.image = out.getvalue() + b"extra"
                return board

            return leaky

        patch(monkeypatch, h, "diamond_box", "public", make)
        await open_running(h, "diamond_box")
        assert leaks_of(h, "PNG metadata chunk tEXt") and leaks_of(h, "bytes after IEND")
        assert any("drawn by bodoge" in text for text in [leakscan.payload_text(c)[0] for c in h.fake.calls])


# --- recipients ---------------------------------------------------------------------------------------------------
async def bossa_before_the_choice(h: Harness):
    table, board = await open_table(h, "bossa", h.bob)
    users = {0: h.alice, 1: h.bob}
    high = table.state.view(None)["high_seat"]
    assert table.state.view(None)["hands"] == [None, None]
    return table, board, users, high


async def test_a_players_own_secret_may_reach_them_privately_and_nobody_else(tmp_path, monkeypatch):
    async with world(tmp_path, differential=False) as h:
        table, board, users, high = await bossa_before_the_choice(h)
        # honest: the high roller's hand goes to them by DM and in "my view"; nothing is held against that
        await h.fake.wait_for(lambda: h.fake.dms(users[high]), what="the high roller's DM")
        await h.fake.press(users[high], board, custom_id=button(board, "u.view")["custom_id"])
        assert h.scanner.coverage[("bossa", "shown to its knower: hand before the choice")] >= 2
        assert h.scanner.leaks == []

        # leaky: everybody's private view shows the high roller's hand
        def make(honest):
            def leaky(table, seat, locale):
                board = honest(table, seat, locale)
                board.embed.add_field(name="…", value=" ".join(table.state.hands[table.state.high_seat]))
                return board

            return leaky

        patch(monkeypatch, h, "bossa", "private", make)
        low = 1 - high
        await h.fake.press(users[high], board, custom_id=button(board, "u.view")["custom_id"])
        assert h.scanner.leaks == []  # still their own
        seen = await h.fake.press(users[low], board, custom_id=button(board, "u.view")["custom_id"])
        assert seen.ephemeral
        assert leaks_of(h, f"to user {users[low].id} (seat {low})", "hand before the choice")
        # and by DM
        count = len(h.scanner.leaks)
        await h.bot.get_cog("TableCog").deliver(table, [low])
        assert len(h.scanner.leaks) > count and "/channels/" in h.scanner.leaks[-1]


async def test_a_private_secret_on_the_public_message_is_caught(tmp_path, monkeypatch):
    async with world(tmp_path, differential=False) as h:
        table, board, users, high = await bossa_before_the_choice(h)

        def make(honest):
            def leaky(table, locale):
                board = honest(table, locale)
                board.content = "psst: " + table.state.hands[table.state.high_seat][0]
                return board

            return leaky

        patch(monkeypatch, h, "bossa", "public", make)
        await refresh(h, table)
        assert leaks_of(h, "to everybody", "hand before the choice")


# --- honest play -----------------------------------------------------------------------------------------------------
def recipients(h: Harness) -> dict:
    """How the scanner classed the bot's messages so far: everybody, or one user."""
    kinds = {"public": 0, "private": 0}
    for call in h.fake.calls:
        if (
            call.method in ("POST", "PATCH")
            and call.json
            and ("messages" in (call.route or "") or (call.route or "").endswith("/callback"))
        ):
            kinds["private" if h.scanner.recipient(call) is not None else "public"] += 1
    return kinds


REAL_GAMES = games.built_in()


async def open_game(h: Harness, game: str, humans: list, ai: int):
    """A running table of `game`: the first human opens it, the others join, the host adds `ai` AI seats."""
    await h.fake.slash(humans[0], h.channel, "play", {"game": game})
    board = h.fake.channel_messages(h.fake.threads(h.channel)[-1])[0]
    for user in humans[1:]:
        await h.fake.press(user, board, custom_id=button(board, "u.join")["custom_id"])
    for _ in range(ai):
        chooser = await h.fake.press(humans[0], board, custom_id=button(board, "u.ai_add")["custom_id"])
        if chooser.ephemeral:
            select = chooser.message.selects()[0]
            levels = [o["value"] for o in select["options"] if o["value"] != "-"]  # "-" would remove an AI
            await h.fake.select(humans[0], chooser.message, select["custom_id"], [levels[-1]])
    table = await h.service.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    start = await h.fake.wait_for(
        lambda: (b := button(board, "u.start")) and not b.get("disabled") and b, what="the start button"
    )
    assert len(table.seats) == len(humans) + ai
    await h.fake.press(humans[0], board, custom_id=start["custom_id"])
    assert table.status == "running"
    return table, board


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_honest_games_leak_nothing(tmp_path, game):
    spec = games.get(game)
    players = max(spec.min_players, min(spec.max_players, spec.checks.leak_test_players))
    nothing_private = not spec.checks.seats_know_more  # no "My view": nothing one player knows and another does not
    async with world(tmp_path, ai_delay=0.01, edit_delay=0.01) as h:
        humans = [h.alice, h.bob, h.carol][: players if players < 3 else players - 1]
        table, board = await open_game(h, game, humans, players - len(humans))
        users = dict(enumerate(humans))
        for user in humans:  # everybody looks at their own view once: private payloads of every game that has one
            mine = button(board, "u.view")  # (Blue Border, Diamond Box, DEEP DIVE: nothing private, no "My view";
            if nothing_private:  # Diamond Box's chooser is the private payload looked at)
                assert mine is None
                mine = button(board, "u.move")
                if mine is None:
                    continue
            if mine is not None:
                looked = await h.fake.press(user, board, custom_id=mine["custom_id"])
                assert looked.ephemeral
        await play_out(h, table, board, users, seed=11, limit=4000)
        assert table.status == "finished"
        await h.bot.get_cog("TableCog").refresher.flush()  # the bot's last edits
        scanner = h.scanner
        assert scanner.errors == [] and scanner.leaks == []
        # a whole game's payloads: BOSSa's games are short (one table edit a move, ~12 moves: 17-21 payloads)
        assert scanner.coverage[(game, "payload")] > (15 if game == "bossa" else 20)
        assert scanner.coverage[(game, "render")] > 5
        assert scanner.coverage[("any", "payload judged as drawn")] > 5  # boards matched to their drawing
        kinds = recipients(h)
        assert kinds["public"] > 5 and kinds["private"] >= (0 if nothing_private else len(humans))


# --- races: a payload is judged by what was secret when it was drawn, never by a clock --------------------------------
class _Stub:
    """Just enough of a fake, a table service and a table for the scanner, with the table's secret under control."""

    def __init__(self) -> None:
        self.calls, self.interactions_by_token, self.channels, self.listeners = [], {}, {}, []
        self.table = type(
            "T",
            (),
            {
                "id": 1,
                "game": "tiny",
                "status": "running",
                "state": None,
                "seats": [0, 1],
                "seed": 4_242_424_242,
                "seat_of": lambda self, user: None,
            },
        )()
        self._tables = {1: self.table}

    def listen(self, listener) -> None:
        self.listeners.append(listener)


def _payload(text: str, embed: dict):
    from types import SimpleNamespace

    return SimpleNamespace(
        method="PATCH",
        path="/channels/5/messages/6",
        route="/channels/{channel_id}/messages/{id}",
        params={"channel_id": "5"},
        json={"content": text, "embeds": [embed]},
        files=[],
    )


def test_a_value_that_turned_secret_after_the_drawing_is_not_held_against_it():
    stub = _Stub()
    scanner = leakscan.LeakScanner(stub, stub)
    scanner.install()
    seed = str(stub.table.seed)
    board = type(
        "B",
        (),
        {
            "embed": discord.Embed(title="table", description=f"dealt from {seed}"),
            "image_name": "board.png",
            "content": None,
            "items": [],
        },
    )()
    stub.table.status = "finished"  # nothing secret: the seed may be shown
    scanner.drawn(stub.table, board)
    stub.table.status = "running"  # ... and by the time the edit is recorded, it is secret again
    stub.calls.append(_payload("", board.embed.to_dict()))
    assert scanner.leaks == [] and scanner.coverage[("any", "payload judged as drawn")] == 1
    # the same value drawn while it was secret is a leak, however the payload is recorded
    scanner.drawn(stub.table, board)
    stub.table.status = "finished"
    stub.calls.append(_payload("", board.embed.to_dict()))
    stub.table.status = "running"
    stub.calls.append(_payload("", board.embed.to_dict()))
    assert len(scanner.leaks) == 1 and "seed" in scanner.leaks[0]
    # a payload no drawing explains is judged by what is secret when it is recorded
    stub.calls.append(_payload(f"by the way: {seed}", {"title": "something else"}))
    assert len(scanner.leaks) == 2


# --- a picture's description (its alt text) ---------------------------------------------------------------------
def leaky_sentences(honest):
    """A board in words that also says the high roller's hand, whoever reads it."""

    def leaky(table, seat, locale):
        return [*honest(table, seat, locale), " ".join(table.state.hands[table.state.high_seat])]

    return leaky


async def test_a_secret_in_a_pictures_description_is_caught_for_its_recipient(tmp_path, monkeypatch):
    async with world(tmp_path, differential=False) as h:  # the payload check alone
        table, board, users, high = await bossa_before_the_choice(h)
        patch(monkeypatch, h, "bossa", "sentences", leaky_sentences)
        await refresh(h, table)
        assert leaks_of(h, "to everybody", "hand before the choice")  # the table message's picture
        count = len(h.scanner.leaks)
        mine = await h.fake.press(users[high], board, custom_id=button(board, "u.view")["custom_id"])
        said = " ".join(description or "" for description in mine.message.descriptions.values())
        assert table.state.hands[high][0] in said
        assert len(h.scanner.leaks) == count  # their own hand, in words, to them alone
        await h.fake.press(users[1 - high], board, custom_id=button(board, "u.view")["custom_id"])
        assert leaks_of(h, f"to user {users[1 - high].id} (seat {1 - high})", "hand before the choice")


async def test_a_description_that_depends_on_hidden_values_is_caught_by_the_render_check(tmp_path, monkeypatch):
    async with world(tmp_path) as h:
        table, board, users, high = await bossa_before_the_choice(h)
        patch(monkeypatch, h, "bossa", "sentences", leaky_sentences)
        await refresh(h, table)
        assert leaks_of(h, "bossa description for everybody depends on hidden values")
        assert h.scanner.coverage[("bossa", "description")] > 0
