"""BOSSa's table on Discord: what the public message carries, the setup peek and the move chooser, without Discord.

The leak test: the public message (embed, custom_ids, labels, file name, and the PNG) must be a function of public
information only. Before the high roller's choice, the hands, the removed tile and the deck are all hidden, so we
permute those tiles among themselves; afterwards only the removed tile and the deck are, so we permute those. For
states met in random games every textual part and the image must stay identical."""

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
from bot.faces.bossa.image import draw_board
from bot.faces.bossa.words import bossa_tile
from bot.tables import Table, TableError
from cogs.bossa import BossaPresenter, decode_move, encode_move, event_line, placement_label
from tests.support.tables import running_table, text_of

SPEC = games.get("bossa")
CHOOSING = ("choose", "choose_colour")


def presenter(**cog) -> BossaPresenter:
    return BossaPresenter(SimpleNamespace(deadlines={}, **cog))


def make_table(state, recent=()) -> Table:
    return running_table("bossa", state, name="player", recent=recent)


def shuffle_hidden(state, rng: random.Random):
    """A copy of `state` with its hidden tiles permuted: hands, removed tile and deck before the choice (nobody has
    seen a hand then, as far as the public is concerned), the removed tile and the deck after it."""
    data = state.to_dict()
    choosing = data["phase"] in CHOOSING
    pool = [data["removed"]] + data["deck"] + (data["hands"][0] + data["hands"][1] if choosing else [])
    rng.shuffle(pool)
    data["removed"], rest = pool[0], pool[1:]
    data["deck"], rest = rest[: len(data["deck"])], rest[len(data["deck"]) :]
    if choosing:
        size = len(data["hands"][0])
        data["hands"] = [sorted(rest[:size]), sorted(rest[size:])]
    return type(state).from_dict(data)


def random_states(seeds=(0, 1, 2), every=1):
    """(state, recent) for the states of seeded random games (snapshot copies), ending states included."""
    for seed in seeds:
        state = SPEC.new(2, {}, seed)
        rng = random.Random(seed)
        recent: deque = deque(maxlen=8)
        step = 0
        while not state.finished:
            if step % every == 0:
                yield SPEC.load(state.to_json()), list(recent)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            places = [a for a in legal if a["type"] == "place"]
            action = rng.choice(places if places and rng.random() < 0.8 else legal)
            recent.append((seat, state.apply(seat, action)))
            step += 1
        yield state, list(recent)


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def components(board):
    return [item.item for item in board.items]


def chooser_actions(board) -> list[dict]:
    """Every engine action an ephemeral chooser page can send."""
    actions = []
    for component in components(board):
        what = component.custom_id.split(":", 3)[3]
        if isinstance(component, discord.ui.Select):
            assert what.startswith("u.ms")
            actions += [decode_move(option.value) for option in component.options]
        elif what.startswith("u.mv"):
            actions.append(decode_move(what.split(".", 2)[2]))
    return actions


def offered(shown: BossaPresenter, table: Table, board) -> list[dict]:
    """Every engine action the public message offers: its action buttons and select options, and through a "More…"
    option (or an enabled chooser button) every page of that chooser, whose actions may repeat the select's."""
    actions = []
    seat = table.state.to_act()[0]
    targets = []
    for component in components(board):
        what = component.custom_id.split(":", 3)[3]
        if what.startswith("a."):
            actions.append(codec.decode(what[2:]))
        elif isinstance(component, discord.ui.Select):
            assert what.startswith("u.ms")
            for option in component.options:
                if option.value.startswith("+"):
                    targets.append(option.value[1:])
                else:
                    actions.append(decode_move(option.value))
    for target in targets:
        if True:
            page = 0
            while True:
                chooser = shown.chooser(table, seat, target, page, "en")
                check_components(chooser)
                actions += chooser_actions(chooser)
                nxt = [c for c in components(chooser) if c.custom_id.endswith(f"u.pg.{target}.{page + 1}")]
                if not nxt or nxt[0].disabled:
                    break
                page += 1
    unique = []
    for action in actions:
        if action not in unique:
            unique.append(action)
    return unique


def check_components(board) -> None:
    ids = [c.custom_id for c in components(board)]
    assert len(ids) == len(set(ids))
    for component in components(board):
        assert len(component.custom_id) <= 100 and component.custom_id.startswith(("bg:7:5:", "bs:7:5:"))
        if isinstance(component, discord.ui.Select):
            assert 1 <= len(component.options) <= 25 and len(component.placeholder or "") <= 150
            assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in component.options)
        else:
            assert len(component.label or "") <= 80
    board.view()  # discord.py refuses more than 5 rows, 5 buttons a row, or a select sharing its row


@pytest.fixture
def view_as_image(monkeypatch):
    """Stand-in for the PNG where a test walks many states: the image is drawn from the view it is given alone, so
    that view's JSON stands for it (the real drawing is compared in its own, sparser test)."""
    monkeypatch.setattr(
        "cogs.bossa.draw_board", lambda view, locale: json.dumps([view, locale], sort_keys=True).encode()
    )


# --- hidden information ------------------------------------------------------------------------------
def leak_check(locale: str, every: int, seeds=(0, 1, 2)) -> tuple[int, int]:
    shown = presenter()
    rng = random.Random(99)
    checked = before_choice = 0
    for state, recent in random_states(seeds=seeds, every=every):
        board = shown.public(make_table(state, recent), locale)
        for _ in range(2):
            twin_state = shuffle_hidden(state, rng)
            twin = shown.public(make_table(twin_state, recent), locale)
            assert text_of(twin) == text_of(board)
            assert twin.image == board.image
        if state.phase in CHOOSING:
            before_choice += 1
            # the low roller's private board holds no hand either
            low = 1 - state.high_seat
            mine = shown.private(make_table(state, recent), low, locale)
            assert text_of(shown.private(make_table(twin_state, recent), low, locale)) == text_of(mine)
            assert mine.image == shown.private(make_table(twin_state, recent), low, locale).image
        checked += 1
    return checked, before_choice


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_public_board_does_not_depend_on_hidden_tiles(locale, view_as_image):
    checked, before_choice = leak_check(locale, every=1, seeds=tuple(range(12)))
    assert checked > 150 and before_choice >= 12


def test_the_drawn_image_does_not_depend_on_hidden_tiles():
    checked, before_choice = leak_check("en", every=3, seeds=(3, 4, 5))
    assert checked > 8 and before_choice >= 2


def test_the_shuffle_really_moves_the_hidden_tiles():
    rng = random.Random(5)
    state = SPEC.new(2, {}, 1)
    assert any(shuffle_hidden(state, rng).hands != state.hands for _ in range(5))
    state.apply(state.high_seat, {"type": "choose", "choice": "white"})
    twins = [shuffle_hidden(state, rng) for _ in range(5)]
    assert all(twin.hands == state.hands for twin in twins)  # public now: left in place
    assert any(twin.deck != state.deck or twin.removed != state.removed for twin in twins)


def test_the_leak_check_would_catch_a_leak():
    class Leaky(BossaPresenter):
        def public(self, table, locale):
            board = super().public(table, locale)
            board.embed.set_footer(text=str(table.state.hands[0]))
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


def test_a_leaky_image_would_be_caught_too():
    state = SPEC.new(2, {}, 3)
    private = state.view(state.high_seat)  # what the high roller alone sees
    twin = shuffle_hidden(state, random.Random(2))
    assert draw_board(state.view(None)) == draw_board(twin.view(None))
    assert draw_board(private) != draw_board(state.view(None))


# --- the setup ---------------------------------------------------------------------------------------
def stacked(dice=(5, 2)):
    """Removed w3b0; seat 0 holds w0b1 w1b0 w2b0 w4b0, seat 1 w0b2 w0b3 w1b1 w2b2; the deck follows."""
    deck = ["w3b0", "w1b0", "w2b0", "w0b1", "w4b0", "w0b2", "w0b3", "w1b1", "w2b2", "w1b2", "w2b1", "w0b4"]
    return SPEC.new(2, {"stacked": {"deck": deck, "dice": list(dice)}}, 1)


CHOICES = ["bg:7:5:a.choose,choice=white", "bg:7:5:a.choose,choice=black", "bg:7:5:a.choose,choice=first"]


def test_setup_shows_the_dice_the_three_public_choices_and_the_peek():
    state = stacked()
    board = presenter().public(make_table(state), "en")
    ids = [c.custom_id for c in components(board)]
    assert ids == [*CHOICES, "bg:7:5:u.view"]  # the high roller's look at their hand: "My view"
    text = json.dumps(board.embed.to_dict(), ensure_ascii=False)
    assert "player0's turn" in text and not board.embed.fields  # the dice and the face-down hands are drawn
    assert "W1·B0" not in text  # no tile of any hand


def test_the_high_roller_gets_the_dm_and_their_hand_privately_and_chooses_on_the_table():
    state = stacked()
    table = make_table(state)
    shown = presenter()
    assert shown.private_news(table, [{"type": "game_started"}]) == [0]
    assert shown.private_news(table, [{"type": "drew", "seat": 0}]) == []
    board = shown.private(table, 0, "en")
    assert board.items == []  # the choices are the table's buttons: one press, one REST call
    public = [
        codec.decode(c.custom_id.split(":", 3)[3][2:])
        for c in components(shown.public(table, "en"))
        if ":a." in c.custom_id
    ]
    assert sorted(map(key, public)) == sorted(map(key, state.legal_actions(0)))
    hand = board.embed.description
    assert "W1·B0" in hand and "W2·B0" in hand and board.image  # seat 0's hand: w0b1 w1b0 w2b0 w4b0, and its picture
    low = shown.private(table, 1, "en")
    assert low.items == [] and "W0·B2" not in json.dumps(low.embed.to_dict(), ensure_ascii=False)
    assert low.embed.description.count("\n") == 0  # nothing private: one line (and a picture of the backs)
    state.apply(0, {"type": "choose", "choice": "white"})
    assert shown.private_news(make_table(state), [{"type": "game_started"}]) == []


def test_after_first_the_other_player_takes_a_line_publicly():
    state = stacked()
    state.apply(0, {"type": "choose", "choice": "first"})
    board = presenter().public(make_table(state), "en")
    ids = [c.custom_id for c in components(board)]
    assert ids == ["bg:7:5:a.choose,choice=white", "bg:7:5:a.choose,choice=black", "bg:7:5:u.view"]
    assert presenter().private(make_table(state), 0, "en").items == []  # the choice is no longer theirs


class Response:
    def __init__(self):
        self.sent = []

    async def send_message(self, *args, **kwargs):
        self.sent.append(("send", args, kwargs))

    async def edit_message(self, *args, **kwargs):
        self.sent.append(("edit", args, kwargs))


def interaction(user_id: int):
    return SimpleNamespace(user=SimpleNamespace(id=user_id), locale="en-US", response=Response())


async def test_ids_of_retired_buttons_are_not_answered_so_the_press_is_refused_as_stale():
    state = stacked(dice=(2, 5))  # seat 1 rolled higher: the hand is behind My view, no `peek` button any more
    table = make_table(state)
    shown = presenter()
    for name in ("peek", "end.wu", "opt.r"):
        pressed = interaction(1001)
        assert not await shown.on_ui(pressed, table, name, None)
        assert pressed.response.sent == []


# --- turns -------------------------------------------------------------------------------------------
def test_components_offer_exactly_the_legal_actions_and_fit_discord(view_as_image):
    shown = presenter()
    phases = set()
    for state, recent in random_states(seeds=(5, 6, 7)):
        table = make_table(state, recent)
        board = shown.public(table, "en")
        if state.finished:
            assert board.items == []
            continue
        phases.add(state.phase)
        check_components(board)
        ids = [c.custom_id for c in components(board)]
        assert ("bg:7:5:u.view" in ids) == (state.phase in CHOOSING)  # a hand is private only before the choice
        assert {component.row for component in components(board) if component.custom_id != "bg:7:5:u.view"} <= {0, 1}
        if state.phase == "choose":
            assert ids == [*CHOICES, "bg:7:5:u.view"]
        legal = state.legal_actions(state.to_act()[0])
        assert sorted(map(key, offered(shown, table, board))) == sorted(map(key, legal))
    assert {"choose", "play"} <= phases


def test_moves_round_trip_through_their_compact_codes():
    seen = 0
    for state, _ in random_states(seeds=(8,)):
        if state.phase != "play":
            continue
        for action in state.legal_actions(state.to_act()[0]):
            code = encode_move(action)
            assert decode_move(code) == action and len(code) <= 40
            seen += 1
    assert seen > 50
    for bad in ("", "p", "pwu.", "pwu.3", "pwu.99", "pzu.31", "swu.31", "sbdx.31", "x.31", "r.7", "q.31"):
        with pytest.raises(codec.BadCode):
            decode_move(bad)


def crowded_state():
    """Eleven tiles in each hand: 121 exchanges, more than one page of selects."""
    state = SPEC.new(2, {}, 4)
    state.apply(state.high_seat, {"type": "choose", "choice": "black"})
    data = state.to_dict()
    pool = data["hands"][0] + data["hands"][1] + data["deck"]
    data["hands"] = [sorted(pool[:11]), sorted(pool[11:22])]
    data["deck"] = pool[22:]
    return type(state).from_dict(data)


def test_a_long_list_is_paged_with_selects_and_nothing_is_left_out():
    state = crowded_state()
    seat = state.to_act()[0]
    table = make_table(state)
    shown = presenter()
    exchanges = [a for a in state.legal_actions(seat) if a["type"] == "exchange"]
    assert len(exchanges) == 121
    first = shown.chooser(table, seat, "exchange", 0, "en")
    check_components(first)
    selects = [c for c in components(first) if isinstance(c, discord.ui.Select)]
    assert len(selects) == 4 and all(len(s.options) == 25 for s in selects)
    pages = [c.custom_id for c in components(first) if not isinstance(c, discord.ui.Select)]
    assert pages == ["bg:7:5:u.pg.exchange.-1", "bg:7:5:u.pg.exchange.1"]
    second = shown.chooser(table, seat, "exchange", 1, "en")
    assert "Page 2/2" in second.embed.footer.text
    got = chooser_actions(first) + chooser_actions(second)
    assert sorted(map(key, got)) == sorted(map(key, exchanges))
    board = shown.public(table, "en")
    assert sorted(map(key, offered(shown, table, board))) == sorted(map(key, state.legal_actions(seat)))


async def test_the_chooser_opens_for_the_active_player_only_and_sends_the_move():
    pressed = []

    async def press_action(interaction, table, version, action):
        pressed.append((version, action))

    shown = presenter(press_action=press_action)
    state = crowded_state()
    seat = state.to_act()[0]
    table = make_table(state)
    with pytest.raises(TableError):
        await shown.on_ui(interaction(1000 + 1 - seat), table, "ms4", ["+exchange"])
    mine = interaction(1000 + seat)
    assert await shown.on_ui(mine, table, "ms4", ["+exchange"])
    ((kind, _, kwargs),) = mine.response.sent
    assert kind == "send" and kwargs["ephemeral"]
    assert await shown.on_ui(mine, table, "pg.exchange.1", None)
    assert mine.response.sent[-1][0] == "edit"
    place = next(a for a in state.legal_actions(seat) if a["type"] == "place")
    exchange = next(a for a in state.legal_actions(seat) if a["type"] == "exchange")
    assert await shown.on_ui(mine, table, f"mv4.{encode_move(place)}", None)
    assert await shown.on_ui(mine, table, "ms5.0", [encode_move(exchange)])
    assert not await shown.on_ui(mine, table, "nonsense", None)
    assert not await shown.on_ui(mine, table, "end.zz", None)
    assert pressed == [(4, place), (5, exchange)]


def test_the_move_selects_name_the_line_side_and_value():
    state = stacked()
    state.apply(0, {"type": "choose", "choice": "white"})  # seat 0: white line, die 5; seat 1 (die 2) moves first
    board = presenter().public(make_table(state), "en")
    selects = [c for c in components(board) if isinstance(c, discord.ui.Select)]
    heads = [{o.label.split(":")[0] for o in select.options} for select in selects]
    placeholders = [select.placeholder for select in selects]
    assert [select.row for select in selects] == [0, 1]
    assert "Place tiles" in placeholders[0] and heads[0] <= {"White ◀ 4", "White ▶ 6", "Black ◀ 1", "Black ▶ 3"}
    assert {"Black ◀ 1", "Black ▶ 3"} <= heads[0]
    assert "Redraw, exchange or stack" in placeholders[1] and {"Redraw", "Exchange"} <= heads[1]
    assert not board.embed.fields


# --- rendering ---------------------------------------------------------------------------------------
def test_every_state_renders_in_both_locales():
    shown = presenter()
    for state, recent in random_states(seeds=(9,)):
        for locale in ("en", "ja"):
            table = make_table(state, recent)
            boards = [shown.public(table, locale)] + [shown.private(table, seat, locale) for seat in (0, 1)]
            for board in boards:
                assert board.image and board.embed.description and not board.embed.fields
                assert len(board.embed) <= 6000 and all(len(f.value) <= 1024 for f in board.embed.fields)
                text = json.dumps(board.embed.to_dict(), ensure_ascii=False)
                assert "{" not in text.replace('{"', "").replace('"}', "").replace("{}", "")
                assert "bossa_table." not in text and "w0b" not in text and "w1b" not in text


def test_event_lines_show_tiles_by_their_dots():
    table = make_table(stacked())
    line = event_line(table, {"type": "exchanged", "seat": 0, "other_seat": 1, "gave": "w3b1", "took": "w0b2"}, "en")
    assert "W3·B1" in line and "W0·B2" in line and "player1" in line
    ja = event_line(table, {"type": "redrew", "seat": 1, "discarded": "w2b0", "tile": "w1b4"}, "ja")
    assert "白2黒0" in ja and "白1黒4" in ja


def test_the_board_png_has_no_metadata():
    state = stacked()
    state.apply(0, {"type": "choose", "choice": "black"})
    board = presenter().public(make_table(state), "ja")
    image = Image.open(io.BytesIO(board.image))
    assert image.format == "PNG" and image.info == {} and board.image_name == "bossa.png"
    for chunk in (b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"tIME"):
        assert chunk not in board.image


def test_the_image_is_quick():
    import time

    states = [state for state, _ in random_states(seeds=(0,), every=6)]
    view = states[len(states) // 2].view(None)
    draw_board(view)
    start = time.perf_counter()
    for _ in range(3):
        draw_board(view)
    assert (time.perf_counter() - start) / 3 < 0.25  # generous: the target is ~50 ms on an idle core


def test_words_made_once_say_what_the_position_says():
    """Placements and tiles are worded once per what they name (memoised): along seeded games, each table message
    (its selects and its board in words) is the one worded from nothing."""
    shown = presenter()

    def message(table, locale):
        board = shown.described(shown.public(table, locale), table, None, locale)
        return [*text_of(board), board.description]

    labels = 0
    for state, recent in random_states(seeds=(4, 5)):
        table = make_table(state, recent)
        remembered = [message(table, locale) for locale in ("en", "ja")]  # with the words of positions before
        labels += placement_label.cache_info().currsize
        fresh = []
        for locale in ("en", "ja"):
            placement_label.cache_clear()
            bossa_tile.cache_clear()
            fresh.append(message(table, locale))
        assert remembered == fresh
    assert labels  # the selects' placements were worded through the memo
