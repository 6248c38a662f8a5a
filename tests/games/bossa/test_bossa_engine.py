"""Contract behaviour: random games finish, serialisation, determinism, refused actions, deadlines and timeouts,
hidden information, and the catalogue messages for every event."""

import json
import random
import re
import string
from pathlib import Path

import pytest

from bot.faces.words import event_fields
from bot.i18n import forms
from games.bossa import SPEC
from games.bossa.lines import tiles_on
from games.contract import SYSTEM, Deadline, IllegalAction

from .helpers import choose, deal

TILE = re.compile(r"w\db\d")
EVENT_TYPES = (
    "timeout",
    "chose_first",
    "chose_line",
    "territories_set",
    "hands_revealed",
    "drew",
    "placed",
    "stacked",
    "redrew",
    "exchanged",
    "hand_emptied",
    "line_completed",
    "stuck",
    "deck_out",
    "deck_out_draw",
)
CATALOGUES = Path(__file__).resolve().parents[3] / "data" / "bossa" / "i18n"


def random_game(seed, on_step=None):
    """One game of random legal actions; on_step(state, events) after each. Returns (state, actions)."""
    state = SPEC.new(2, {}, seed=seed)
    chooser = random.Random(seed)
    actions = []
    while not state.finished:
        seat = state.to_act()[0]
        action = chooser.choice(state.legal_actions(seat))
        actions.append((seat, action))
        events = state.apply(seat, action)
        if on_step:
            on_step(state, events)
    return state, actions


def test_random_games_finish_with_a_result():
    reasons = set()
    for seed in range(150):
        state, actions = random_game(seed)
        result = state.result()
        assert len(result["scores"]) == 2 and len(result["winners"]) <= 1
        assert state.legal_actions(0) == state.legal_actions(1) == state.legal_actions(SYSTEM) == []
        reasons.add(state.end_reason)
    assert reasons == {"empty_hand", "six_columns", "stuck", "deck_empty"}


def test_every_state_round_trips_through_json():
    def check(state, events):
        assert SPEC.load(state.to_json()).to_json() == state.to_json()
        assert state.copy().to_json() == state.to_json()

    for seed in range(5):
        random_game(seed, check)


def test_the_same_seed_and_actions_give_the_same_game():
    first, actions = random_game(11)
    again = SPEC.new(2, {}, seed=11)
    for seat, action in actions:
        again.apply(seat, action)
    assert again.to_json() == first.to_json()


def test_refused_actions_leave_the_state_unchanged():
    state = SPEC.new(2, {}, seed=3)
    state.apply(state.high_seat, choose("white"))
    seat = state.active
    before = state.to_json()
    for who, action in [
        (1 - seat, choose("white")),
        (seat, {"type": "place"}),
        (seat, "place"),
        (seat, {"type": "place", "line": "white", "side": "down", "tiles": ["w9b9"]}),
        (seat, {"type": "choose", "choice": "first"}),
    ]:
        with pytest.raises(IllegalAction):
            state.apply(who, action)
        assert state.to_json() == before


def test_a_finished_game_refuses_everything():
    state, _ = random_game(4)
    with pytest.raises(IllegalAction) as error:
        state.apply(0, {"type": "timeout"})
    assert error.value.code == "game_over"


def test_each_decision_has_a_turn_deadline_for_the_seat_awaited():
    state = deal(["w1b0", "w2b0", "w3b0", "w4b0"], ["w0b1", "w0b2", "w0b3", "w0b4"], dice=(2, 5), turn_timeout=30)
    assert state.deadline() == Deadline("turn", 30, (1,))
    state.apply(1, choose("first"))
    assert state.deadline() == Deadline("turn", 30, (0,))
    state.apply(0, choose("white"))
    assert state.deadline() == Deadline("turn", 30, (1,))
    assert SPEC.options == {"turn_timeout": 90} and 90 in SPEC.choices["turn_timeout"]


def test_a_timeout_lets_the_agent_play_the_absent_seat_deterministically():
    state = SPEC.new(2, {}, seed=5)
    assert state.legal_actions(SYSTEM) == [{"type": "timeout"}]
    twin = SPEC.load(state.to_json())
    high = state.high_seat
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert events[0] == {"type": "timeout", "seat": high}
    assert state.phase != "choose"
    for _ in range(4):  # the agent also plays ordinary turns
        seat = state.active
        events = state.apply(SYSTEM, {"type": "timeout"})
        assert events[0] == {"type": "timeout", "seat": seat} and events[1]["seat"] == seat
    for _ in range(5):
        twin.apply(SYSTEM, {"type": "timeout"})
    assert twin.to_json() == state.to_json()


def visible_tiles(state, seat):
    tiles = set(state.out)
    for line in state.lines.values():
        tiles.update(tiles_on(line))
    if state.phase in ("choose", "choose_colour"):
        if seat == state.high_seat:
            tiles.update(state.hands[seat])
    else:
        tiles.update(tile for hand in state.hands for tile in hand)
    return tiles


def test_views_and_events_never_show_the_removed_tile_the_deck_or_an_unrevealed_hand():
    def check(state, events):
        public = visible_tiles(state, None)
        assert set(TILE.findall(json.dumps(events))) <= public
        for seat in (None, 0, 1):
            shown = set(TILE.findall(json.dumps(state.view(seat))))
            assert shown <= visible_tiles(state, seat)
            assert state.removed not in shown and not shown & set(state.deck)

    for seed in range(40):
        state = SPEC.new(2, {}, seed=seed)
        check(state, [])
        chooser = random.Random(seed)
        while not state.finished:
            seat = state.to_act()[0]
            check(state, state.apply(seat, chooser.choice(state.legal_actions(seat))))


def test_views_do_not_depend_on_the_deck_order_or_the_removed_tile():
    hands = (["w1b0", "w2b0", "w3b0", "w4b0"], ["w0b1", "w0b2", "w0b3", "w0b4"])
    one = deal(*hands, ["w5b0", "w6b0"], removed="w1b1")
    other = deal(*hands, ["w6b0", "w1b1"], removed="w5b0")
    for seat in (None, 0, 1):
        assert one.view(seat) == other.view(seat)


def test_every_event_and_error_has_a_message_in_both_catalogues():
    events = []
    for seed in range(60):
        random_game(seed, lambda state, new: events.extend(new))
    assert {event["type"] for event in events} <= set(EVENT_TYPES)
    for locale in ("en", "ja"):
        catalogue = json.loads((CATALOGUES / f"{locale}.json").read_text(encoding="utf-8"))
        assert {"bossa.name", "bossa.summary", "bossa.error.bad_stacked"} <= set(catalogue)
        assert {f"bossa.event.{kind}" for kind in EVENT_TYPES} <= set(catalogue)
        for event in events:
            fields = {
                name
                for text in forms(catalogue[f"bossa.event.{event['type']}"])
                for _, name, _, _ in string.Formatter().parse(text)
                if name
            }
            # the event's own fields, and what bot/faces/bossa/words.py derives (whose line: own or the opponent's)
            assert fields <= set(event_fields("bossa", event, locale)), (locale, event["type"])
    english = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
    japanese = json.loads((CATALOGUES / "ja.json").read_text(encoding="utf-8"))
    assert set(english) == set(japanese)
