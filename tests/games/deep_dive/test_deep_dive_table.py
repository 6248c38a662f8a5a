"""DEEP DIVE's table on Discord: what the public message carries, checked without Discord.

The leak test: the public message (embed, custom_ids, select options, file name, and the PNG itself) must be a
function of public information only. The only hidden things are the face-down tiles (and the ones removed at
setup), so for states met in random games we permute, within each depth, the face-down and removed tiles among
themselves (the public view is unchanged, the ocean under it is not) and require everything to stay identical."""

import io
import json
import random
from collections import deque
from types import SimpleNamespace

import discord
import pytest
from PIL import Image

import games
from bot import codec
from bot.faces.deep_dive.image import draw_board
from bot.tables import Table
from cogs.deep_dive import DeepDivePresenter, event_line
from tests.support.tables import running_table, text_of

SPEC = games.get("deep_dive")
W, X = "water", "predator"
FLIP, DEEPER, KEEP = {"type": "flip"}, {"type": "deeper"}, {"type": "keep"}


def presenter(**cog) -> DeepDivePresenter:
    return DeepDivePresenter(SimpleNamespace(deadlines={}, **cog))


def make_table(state, recent=()) -> Table:
    return running_table("deep_dive", state, name="diver", recent=recent)


def stacked(players: int, depths: dict[int, list[str]], start: int = 0):
    piles = {str(depth): list(depths.get(depth, [W] * 10)) for depth in range(1, 6)}
    return SPEC.new(players, {"stacked": {"depths": piles, "start": start}}, seed=1)


def shuffle_hidden(state, rng: random.Random):
    """A copy of `state` whose face-down and removed tiles are permuted within each depth."""
    data = state.to_dict()
    for index, pile in enumerate(data["face_down"]):
        removed = data["removed"][index]
        pool = pile + removed
        rng.shuffle(pool)
        data["face_down"][index], data["removed"][index] = pool[: len(pile)], pool[len(pile) :]
    return type(state).from_dict(data)


def random_states(players_list=(1, 2, 4, 6), seeds=(0, 1), every=1):
    """(state, recent) for the states of seeded random games (the state is a snapshot copy)."""
    for players in players_list:
        for seed in seeds:
            state = SPEC.new(players, {}, seed)
            rng = random.Random(seed * 31 + players)
            recent: deque = deque(maxlen=8)
            step = 0
            while not state.finished:
                if step % every == 0:
                    yield SPEC.load(state.to_json()), list(recent)
                seat = state.to_act()[0]
                action = rng.choice(state.legal_actions(seat))
                recent.append((seat, state.apply(seat, action)))
                step += 1
            yield state, list(recent)


def offered(board) -> list[dict]:
    """Every engine action the public message's components can send."""
    actions = []
    for item in board.items:
        component = item.item
        what = component.custom_id.split(":", 3)[3]
        if isinstance(component, discord.ui.Select):
            actions += [codec.decode(option.value) for option in component.options]
        elif what.startswith("a."):
            actions.append(codec.decode(what[2:]))
        elif what.startswith("u.rnone."):
            actions.append({"type": "retreat_take", "depth": None})
    return actions


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


@pytest.fixture
def view_as_image(monkeypatch):
    """Stand-in for the PNG where a test walks many states: the image is drawn from view(None) alone, so the view's
    JSON stands for it (the real drawing is compared in its own, sparser test)."""
    monkeypatch.setattr(
        "cogs.deep_dive.draw_board", lambda view, locale: json.dumps([view, locale], sort_keys=True).encode()
    )


def leak_check(locale: str, every: int, seeds=(0, 1)) -> int:
    shown = presenter()
    rng = random.Random(99)
    checked = changed = 0
    for state, recent in random_states(seeds=seeds, every=every):
        if state.finished:
            continue
        table = make_table(state, recent)
        board = shown.public(table, locale)
        twin_state = shuffle_hidden(state, rng)
        changed += twin_state.face_down != state.face_down
        twin = shown.public(make_table(twin_state, recent), locale)
        assert text_of(twin) == text_of(board)
        assert twin.image == board.image
        checked += 1
    assert changed > checked // 2
    return checked


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_public_board_does_not_depend_on_the_face_down_tiles(locale, view_as_image):
    assert leak_check(locale, every=3) > 250


def test_the_drawn_image_does_not_depend_on_the_face_down_tiles():
    assert leak_check("en", every=17, seeds=(3,)) > 20


def test_the_leak_check_would_catch_a_leak():
    class Leaky(DeepDivePresenter):
        def public(self, table, locale):
            board = super().public(table, locale)
            board.embed.set_footer(text=str(table.state.face_down[0][:1]))
            return board

    shown = Leaky(SimpleNamespace(deadlines={}))
    state = SPEC.new(2, {}, 3)
    rng = random.Random(1)
    differs = [
        text_of(shown.public(make_table(shuffle_hidden(state, rng)), "en"))
        != text_of(shown.public(make_table(state), "en"))
        for _ in range(5)
    ]
    assert any(differs)


def test_components_offer_exactly_the_legal_actions_and_fit_discord(view_as_image):
    shown = presenter()
    phases = set()
    for state, recent in random_states(players_list=(1, 3, 5), seeds=(2,), every=1):
        table = make_table(state, recent)
        board = shown.public(table, "en")
        if state.finished:
            assert board.items == []
            continue
        phases.add(state.phase)
        legal = state.legal_actions(state.to_act()[0])
        assert sorted(map(key, offered(board))) == sorted(map(key, legal))
        ids = [item.item.custom_id for item in board.items]
        # no "My view": DEEP DIVE hides nothing from one player that it shows another (the table's own row has it)
        assert len(ids) == len(set(ids)) and "bg:7:5:u.view" not in ids
        assert {item.item.row for item in board.items} <= {0, 1}  # row 2 is the table's own
        for item in board.items:
            component = item.item
            assert len(component.custom_id) <= 100 and component.custom_id.startswith(("bg:7:5:", "bs:7:5:"))
            if isinstance(component, discord.ui.Select):
                assert len(component.options) <= 25 and len(component.placeholder or "") <= 150
                assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in component.options)
            else:
                assert len(component.label or "") <= 80
        board.view()  # discord.py refuses rows with more than 5 buttons or a select sharing its row
    assert {"dive", "revealed"} <= phases


def test_every_state_renders_in_both_locales():
    shown = presenter()
    for state, recent in random_states(players_list=(1, 2), seeds=(5,)):
        for locale in ("en", "ja"):
            board = shown.public(make_table(state, recent), locale)
            assert board.image and board.embed.description
            assert len(board.embed) <= 6000 and all(len(f.value) <= 1024 for f in board.embed.fields)
            texts = [board.embed.description] + [f.name + f.value for f in board.embed.fields]
            texts += [item.item.label or "" for item in board.items if hasattr(item.item, "label")]
            for text in texts:  # every placeholder filled, every tile in words
                assert "{" not in text and "}" not in text and "food:" not in text and "deep_dive." not in text


def test_the_board_png_has_no_metadata():
    state = stacked(2, {1: ["food:pink:2", W, W]})
    state.apply(state.to_act()[0], FLIP)
    board = presenter().public(make_table(state), "ja")
    image = Image.open(io.BytesIO(board.image))
    assert image.format == "PNG" and image.info == {} and board.image_name == "deep_dive.png"
    for chunk in (b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"tIME"):
        assert chunk not in board.image


def test_a_dive_shows_flip_and_face_up_takes_then_keep_or_deeper():
    state = stacked(2, {1: ["food:pink:2", "rock", W, W, W], 2: [X] * 5})
    seat = state.to_act()[0]
    state.apply(seat, FLIP)
    ids = [item.item.custom_id for item in presenter().public(make_table(state), "en").items]
    assert ids == ["bg:7:5:a.keep", "bg:7:5:a.deeper"]
    state.apply(seat, DEEPER)  # pink 2 stays face up at depth 1; the diver is at depth 2
    state.apply(seat, FLIP)  # a predator: the next diver's turn starts at depth 1
    board = presenter().public(make_table(state), "en")
    ids = [item.item.custom_id for item in board.items]
    assert ids == ["bg:7:5:a.flip", "bg:7:5:a.take,tile=food:pink:2"]
    labels = [(str(item.item.emoji), item.item.label, item.item.row) for item in board.items]
    assert ("🔄", "Flip", 0) in labels and ("🩷", "Pink 2", 1) in labels
    assert board.embed.description.startswith("🔵 diver1's turn: flip or take (depth 1)")


def test_swallow_is_a_select_of_depths():
    state = stacked(2, {1: ["rock", W, W, W, W], 2: [X] * 5})
    for seat, action in ((0, FLIP), (0, KEEP), (1, FLIP), (1, FLIP)):  # seat 1: open water, then a predator
        state.apply(seat, action)
    assert state.current == 0 and state.rocks[0] == 1
    board = presenter().public(make_table(state), "en")
    selects = [item.item for item in board.items if isinstance(item.item, discord.ui.Select)]
    assert len(selects) == 1 and selects[0].custom_id == "bs:7:5:u.act"
    assert [codec.decode(o.value) for o in selects[0].options] == [
        a for a in state.legal_actions(0) if a["type"] == "swallow"
    ]
    assert sorted(map(key, offered(board))) == sorted(map(key, state.legal_actions(0)))


def test_many_face_up_tiles_become_a_select():
    foods = [f"food:{colour}:{points}" for colour in ("pink", "green", "yellow") for points in (1, 2)]
    state = stacked(2, {1: foods + [W] * 6, 2: ["food:yellow:3"] * 10})
    for turn in range(6):  # each diver flips a food at depth 1, leaves it, and keeps yellow 3 at depth 2
        for action in (FLIP, DEEPER, FLIP, KEEP):
            state.apply(turn % 2, action)
    board = presenter().public(make_table(state), "en")
    ids = [item.item.custom_id for item in board.items]
    assert ids == ["bg:7:5:a.flip", "bs:7:5:u.act"]
    assert sorted(map(key, offered(board))) == sorted(map(key, state.legal_actions(0)))


def test_the_automatons_tie_break_asks_the_human():
    state = stacked(1, {1: [W, W, W, W], 2: ["food:pink:3", "food:green:3", X, W], 3: [X, X, W]})
    for action in (FLIP, FLIP, DEEPER, FLIP, FLIP, FLIP, DEEPER, FLIP):
        state.apply(0, action)
    assert state.phase == "automaton_pick"
    board = presenter().public(make_table(state), "en")
    ids = [item.item.custom_id for item in board.items]
    assert ids == ["bg:7:5:a.automaton_pick,tile=food:green:3", "bg:7:5:a.automaton_pick,tile=food:pink:3"]
    assert board.embed.description.startswith("🔴 diver0's turn: pick the automaton's food")
    assert [item.item.label for item in board.items] == ["Green 3", "Pink 3"]


def test_a_retreat_offers_its_tiles_and_nothing():
    # Seat 0 meets a predator at depth 1 three times; seat 1 leaves green 2 and yellow 2 face up there.
    state = stacked(2, {1: [X, "food:green:2", X, "food:yellow:2", X] + [W] * 5, 2: ["food:pink:3"] * 6})
    for seat, actions in (
        (0, [FLIP]),
        (1, [FLIP, DEEPER, FLIP, KEEP]),
        (0, [FLIP]),
        (1, [FLIP, DEEPER, FLIP, KEEP]),
        (0, [FLIP]),
    ):
        for action in actions:
            state.apply(seat, action)
    assert state.phase == "retreat"
    board = presenter().public(make_table(state), "en")
    select, nothing = (item.item for item in board.items)  # two tiles: one select (two buttons overflow a phone)
    assert isinstance(select, discord.ui.Select)
    assert [option.label for option in select.options] == [
        "Take green food (2) (depth 1)",
        "Take yellow food (2) (depth 1)",
    ]
    assert nothing.custom_id == "bg:7:5:u.rnone.5" and nothing.label == "Nothing"
    assert sorted(map(key, offered(board))) == sorted(map(key, state.legal_actions(0)))
    board.view()


async def test_take_nothing_goes_through_the_dispatcher_with_the_boards_version():
    pressed = []

    async def press_action(interaction, table, version, action):
        pressed.append((version, action))

    shown = presenter(press_action=press_action)
    state = stacked(2, {})
    table = make_table(state)
    assert await shown.on_ui(None, table, "rnone.4", None)
    assert await shown.on_ui(None, table, "sel1.5", ["take,tile=rock"])
    assert not await shown.on_ui(None, table, "nonsense", None)
    assert pressed == [(4, {"type": "retreat_take", "depth": None}), (5, {"type": "take", "tile": "rock"})]


def test_event_lines_name_tiles_in_words():
    table = make_table(stacked(2, {}))
    line = event_line(table, {"type": "flip", "seat": 0, "depth": 2, "tile": "food:yellow:3"}, "en")
    assert line == "🔴 diver0 flips yellow food (3) at depth 2."
    ja = event_line(table, {"type": "automaton_take", "depth": 1, "tile": "rock"}, "ja")
    assert "岩" in ja and "rock" not in ja
    end = event_line(table, {"type": "game_end", "winner_seats": [1], "scores": [4, 9]}, "en")
    assert "🔵 diver1" in end and "🔴 4 · 🔵 9" in end
    solo = event_line(
        make_table(stacked(1, {})), {"type": "game_end", "winner_seats": [], "scores": [4], "automaton_score": 7}, "en"
    )
    assert "Automaton" in solo and "🤖 7" in solo


def test_the_image_is_quick():
    import time

    state, _ = next(iter(random_states(players_list=(6,), seeds=(0,), every=60)))
    view = state.view(None)
    draw_board(view)
    start = time.perf_counter()
    for _ in range(3):
        draw_board(view)
    assert (time.perf_counter() - start) / 3 < 0.25  # generous: the target is ~50 ms on an idle core


def test_a_players_private_picture_does_not_depend_on_the_face_down_tiles():
    shown = presenter()
    rng = random.Random(7)
    checked = 0
    for state, recent in random_states(seeds=(2,), every=15):
        if state.finished:
            continue
        twin = shuffle_hidden(state, rng)
        for seat in range(state.players):
            mine = shown.private(make_table(state, recent), seat, "en")
            theirs = shown.private(make_table(twin, recent), seat, "en")
            assert text_of(mine) == text_of(theirs) and mine.image == theirs.image
        checked += 1
    assert checked >= 3
