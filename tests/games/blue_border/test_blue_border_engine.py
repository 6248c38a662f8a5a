"""Contract behaviour: random games finish, serialisation, determinism, refused actions, options, deadlines and
timeouts, the catalogues, and hidden information (no view or event ever carries a hidden card's number)."""

import inspect
import json
import random
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from bot.i18n import forms
from games.blue_border import SPEC, cards
from games.blue_border.rules import BlueBorderState
from games.contract import SYSTEM, Deadline, IllegalAction

from .helpers import BASELINE, call, dive, new, of_type, random_game, take_deck

CATALOGUES = Path(__file__).resolve().parents[3] / "data" / "blue_border" / "i18n"


def test_two_hundred_random_four_player_games_finish():
    kinds = Counter()
    for seed in range(200):
        state, actions = random_game(seed)
        assert state.finished and len(state.result()["scores"]) == 4
        kinds.update(action["type"] for _, action in actions)
    assert {"take", "pass", "call", "no_call", "reward"} <= set(kinds)


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {}),
        (3, {"cards": 24, "bottoms": 20}),
        (4, {"rounds": 3, "round_settings": "shuffle"}),
        (2, {"border": 8, "cards": 28, "rounds": 5}),
        (3, {"round_settings": [{"border": 8}, {"bottoms": 24}], "rounds": 3}),
    ],
)
def test_random_games_finish_with_every_player_count_and_setting(players, options):
    for seed in range(15):
        state, _ = random_game(seed, players=players, call_chance=0.3, options=options)
        assert state.finished
        assert sum(state.result()["scores"]) == len([w for w in state.round_winners if w is not None])


def test_random_games_reach_reshuffles_skips_and_rewards():
    seen = Counter()

    last = {}

    def watch(state):
        seen["skip"] += any(state.skip)
        seen["reshuffle"] += state.round == last.get("round") and len(state.deck) > last["deck"]
        last.update(round=state.round, deck=len(state.deck))

    for seed in range(15):
        last.clear()
        random_game(seed, call_chance=0.35, on_state=watch)
    assert seen["skip"] and seen["reshuffle"]


def test_to_json_round_trips_in_every_state():
    def check(state):
        text = state.to_json()
        assert SPEC.load(text).to_json() == text

    for seed in range(3):
        random_game(seed, call_chance=0.3, on_state=check)


def test_same_seed_and_actions_give_the_same_game():
    state, actions = random_game(11, call_chance=0.4, options={"rounds": 3})
    replay = SPEC.new(4, {"rounds": 3}, seed=11)
    for seat, action in actions:
        replay.apply(seat, action)
    assert replay.to_json() == state.to_json()


def test_the_saved_dict_does_not_share_lists_with_the_live_state():
    state = new(list(range(1, 33)))
    saved = state.to_dict()
    take_deck(state)
    assert saved["boards"][0] == [] and saved["deck"][0] == 5


BAD_ACTIONS = [
    None,
    {},
    {"type": 3},
    {"type": "fly"},
    {"type": "take"},
    {"type": "take", "source": "pile", "pile": 9},
    {"type": "take", "source": "deck", "extra": 1},
    {"type": "pass", "pile": -1},
    {"type": "call"},
    {"type": "no_call"},
    {"type": "reward", "source": "discard", "card": 99},
    {"type": "reward", "source": "none"},
    {"type": "timeout"},
    {"type": "take", "source": "pile", "pile": 1.0},
    {"type": "pass", "pile": True},
    {"type": "take", "source": "pile", "pile": [0]},
]


def test_refused_actions_leave_the_state_unchanged():
    def check(state):
        before = state.to_json()
        for seat in range(state.players):
            for action in BAD_ACTIONS:
                if action is not None and action in state.legal_actions(seat):
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
                assert state.to_json() == before

    random_game(0, call_chance=0.3, on_state=check)


@pytest.mark.parametrize(
    "action,code",
    [
        ({"type": "take", "source": "pile", "pile": 7}, "no_such_pile"),
        ({"type": "pass", "pile": 4}, "no_such_pile"),
        ({"type": "call"}, "no_window"),
        ({"type": "reward", "source": "none"}, "illegal_action"),
        ({"type": "take", "source": "pile", "pile": 1.0}, "no_such_pile"),
        ({"type": "take", "source": "deck", "extra": 1}, "illegal_action"),
    ],
)
def test_refusals_name_their_reason(action, code):
    state = new(list(range(1, 33)))
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, action)
    assert refused.value.code == code
    assert refused.value.key == (f"blue_border.error.{code}" if code != "illegal_action" else "error.illegal_action")


def test_a_pile_emptied_for_good_refuses_takes_by_name():
    state = new([1, 2, 3, 4], players=2)
    state.apply(0, {"type": "take", "source": "pile", "pile": 0})
    state.apply(1, {"type": "no_call"})
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, {"type": "take", "source": "pile", "pile": 0})
    assert refused.value.code == "pile_empty"


@pytest.mark.parametrize(
    "options",
    [
        {"cards": 5},
        {"cards": 33},
        {"border": 0},
        {"bottoms": "25"},
        {"rounds": 0},
        {"call_window": 0},
        {"chart": "yes"},
        {"round_settings": "random"},
        {"round_settings": [{"border": "9"}]},
        {"round_settings": [{"colour": 1}]},
        {"stacked": {"deck": [1, 1, 2, 3, 4], "start": 0}},
        {"stacked": {"deck": [1, 2, 3, 33], "start": 0}},
        {"stacked": {"deck": [1, 2, 3, 4], "start": 4}},
        {"stacked": {"deck": [1, 2, 3, 4], "decks": [[1, 2, 3, 4]]}},
        {"stacked": [1, 2, 3]},
    ],
)
def test_unusable_options_are_refused(options):
    with pytest.raises(IllegalAction) as refused:
        SPEC.new(4, options, seed=0)
    assert refused.value.code in ("bad_option", "bad_stacked")


def test_the_lobby_choices_are_valid_settings():
    for name, values in SPEC.choices.items():
        for value in values:
            assert not SPEC.new(4, {name: value}, seed=0).finished


# --- deadlines and timeouts ------------------------------------------------------------------
def test_a_turn_has_a_turn_deadline_for_the_active_diver():
    state = new(list(range(1, 33)), start=2, turn_timeout=60)
    assert state.deadline() == Deadline("turn", 60, (2,))
    assert state.legal_actions(SYSTEM) == [{"type": "timeout"}]


def test_a_call_window_waits_for_the_divers_who_may_still_call():
    state = dive([5], players=4, call_window=15)
    assert state.deadline() == Deadline("call_window", 15, (1, 2, 3), window=True)
    state.apply(2, {"type": "no_call"})
    assert state.deadline() == Deadline("call_window", 15, (1, 3), window=True)


def test_a_reward_choice_has_a_deadline_for_the_caller():
    state = dive([10], players=4, turn_timeout=30)
    call(state, 3)
    assert state.deadline() == Deadline("reward", 30, (3,))


def test_a_window_timeout_closes_it_without_a_call():
    state = dive([10], players=4)
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert of_type(events, "window_closed")[0]["timeout"] is True
    assert state.phase == "turn" and state.active == 1 and len(state.boards[0]) == 1


def test_a_turn_timeout_passes_for_the_absent_diver_onto_a_pile_the_ai_picks():
    piles = set()
    for seed in range(4):
        state = new(list(range(1, 33)), players=3, seed=seed)
        events = state.apply(SYSTEM, {"type": "timeout"})
        assert [event["type"] for event in events] == ["turn_timeout", "passed"]
        assert events[1]["seat"] == 0 and state.boards[0] == [] and state.active == 1
        again = new(list(range(1, 33)), players=3, seed=seed)
        assert again.apply(SYSTEM, {"type": "timeout"}) == events  # the seeded AI choice replays
        piles.add(events[1]["pile"])
    assert piles <= {0, 1, 2, 3}


def test_a_reward_timeout_takes_nothing_and_play_resumes():
    state = dive([10], players=4)
    call(state, 2)
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert events[0] == {"type": "reward_declined", "seat": 2, "timeout": True}
    assert state.phase == "turn" and state.active == 1 and state.boards[2] == []


def test_call_is_the_race_action():
    assert SPEC.race_actions == frozenset({"call"})


# --- catalogues ------------------------------------------------------------------------------
def catalogue(locale: str) -> dict:
    return json.loads((CATALOGUES / f"{locale}.json").read_text(encoding="utf-8"))


def recorded_games(count: int, **options):
    """Random games where the host's timer sometimes runs out; yields (state before, events) per action."""
    for seed in range(count):
        state = SPEC.new(4, options, seed=seed)
        chooser = random.Random(seed)
        while not state.finished:
            if chooser.random() < 0.05:
                seat, action = SYSTEM, {"type": "timeout"}
            else:
                seat = chooser.choice(state.to_act())
                legal = state.legal_actions(seat)
                action = chooser.choice(legal)
                if {"type": "call"} in legal:
                    action = {"type": "call" if chooser.random() < 0.3 else "no_call"}
            hidden_before = {number for number, _ in hidden_cards(state)}
            events = state.apply(seat, action)
            yield state, hidden_before, events


def test_every_event_has_a_message_formatted_from_its_fields_in_both_languages():
    events = [event for _, _, batch in recorded_games(40, rounds=3, cards=24) for event in batch]
    kinds = {event["type"] for event in events}
    assert kinds >= {
        "took",
        "passed",
        "call_window_opened",
        "declined",
        "window_closed",
        "called",
        "call_succeeded",
        "call_failed",
        "card_lost",
        "skip_incurred",
        "skip_served",
        "reward_taken",
        "reward_declined",
        "turn_timeout",
        "round_won",
        "round_started",
        "deck_reshuffled",
        "game_won",
    }
    for locale in ("en", "ja"):
        messages = catalogue(locale)
        for event in events:
            fields = {
                name
                for text in forms(messages[f"blue_border.event.{event['type']}"])
                for _, name, _, _ in string.Formatter().parse(text)
                if name
            }
            assert fields <= set(event), (locale, event["type"], fields - set(event))


def test_every_event_type_and_error_code_is_in_both_catalogues():
    source = inspect.getsource(BlueBorderState)
    event_types = set(re.findall(r'"type": "([a-z_]+)"', source)) - {
        "take",
        "pass",
        "call",
        "no_call",
        "reward",
        "timeout",
    }
    event_types |= {"game_won", "game_drawn"}
    codes = set(re.findall(r'(?:return|else) "([a-z_]+)"', inspect.getsource(BlueBorderState._refusal)))
    assert len(codes) == 9
    codes |= {"bad_option", "bad_stacked"}
    for locale in ("en", "ja"):
        messages = catalogue(locale)
        assert {"blue_border.name", "blue_border.summary"} <= set(messages)
        assert all(f"blue_border.event.{kind}" in messages for kind in event_types), locale
        assert all(f"blue_border.error.{code}" in messages for code in codes), locale
        assert set(messages) == set(catalogue("en"))


# --- hidden information ----------------------------------------------------------------------
def hidden_cards(state):
    """(number, where) for every card in play whose number nobody may know: where a view describes it, or
    None for a card under a pile's or the deck's top, which no view describes at all."""
    found = []
    for seat, board in enumerate(state.boards):
        found += [
            (card["number"], ("divers", seat, "slots", slot)) for slot, card in enumerate(board) if not card["revealed"]
        ]
    for index, pile in enumerate(state.piles):
        found += [
            (number, ("piles", index, "top") if depth == len(pile) - 1 else None) for depth, number in enumerate(pile)
        ]
    found += [(number, ("deck", "top") if depth == 0 else None) for depth, number in enumerate(state.deck)]
    return found


def numbers_in(value) -> list:
    if isinstance(value, dict):
        return [n for item in value.values() for n in numbers_in(item)]
    if isinstance(value, list):
        return [n for item in value for n in numbers_in(item)]
    return [value] if isinstance(value, int) and not isinstance(value, bool) else []


def number_paths(value, path=()):
    """Paths of every "number" key in a view."""
    if isinstance(value, dict):
        return [path + (key,) for key in value if key == "number"] + [
            p for key, item in value.items() for p in number_paths(item, path + (key,))
        ]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in number_paths(item, path + (index,))]
    return []


def at(view, path):
    for step in path:
        view = view[step]
    return view


def check_views(state):
    view = state.view(None)
    for seat in range(state.players):  # nobody sees more than anyone else, not even their own cards
        assert state.view(seat) == {**view, "seat": seat}
    json.dumps(view)
    for number, where in hidden_cards(state):
        if where is not None:  # the card is described by its shade and nothing else
            assert at(view, where) == {"shade": cards.shade(number)}
    # Below the tops, piles and the deck are only a height and a count.
    assert all(set(pile) == {"top", "height"} for pile in view["piles"])
    assert set(view["deck"]) == {"top", "count"}
    for path in number_paths(view):  # numbers appear only on revealed cards and on the chart
        assert path[0] == "chart" or (path[0] == "divers" and state.boards[path[1]][path[3]]["revealed"])
    assert set(view["discard"]) == set(state.discard)


def test_views_never_carry_a_hidden_number_in_long_random_games():
    for seed, players in [(0, 4), (1, 3), (2, 2)]:
        random_game(
            seed, players=players, call_chance=0.4, on_state=check_views, options={"rounds": 2, "chart": seed % 2 == 0}
        )


def test_events_never_name_a_card_that_stays_hidden():
    card_fields = {"number", "card", "discarded", "revealed"}
    for state, hidden_before, events in recorded_games(20):
        still_hidden = hidden_before & {number for number, _ in hidden_cards(state)}
        for event in events:
            for name in card_fields & set(event):
                assert not set(numbers_in(event[name])) & still_hidden, event
            assert not set(event) & {"numbers", "value", "values", "shade"}


def test_a_view_shows_the_placement_callers_skips_and_settings():
    state = dive([5, 12, 22], players=4, bottoms=24)
    view = state.view(2)
    assert view["phase"] == "call_window" and view["placement"] == {"seat": 0, "slot": "C", "slot_index": 2}
    assert view["may_call_seats"] == [1, 2, 3] and view["seat"] == 2
    assert view["settings"]["border"] == 9 and view["settings"]["bottoms"] == 24
    assert view["deck"]["count"] == len(state.deck) and [p["height"] for p in view["piles"]] == [1, 1, 1, 1]
    assert view["divers"][0]["filled"] == 3 and view["divers"][0]["slots"][3:] == [None] * 4
    assert view["chart"][0] == {"number": 1, "shade": cards.shade(1)} and len(view["chart"]) == 32
    call(state, 2)
    assert state.view(None)["caller_seat"] == 2 and state.view(None)["phase"] == "reward"
    assert SPEC.new(2, {"chart": False}, seed=0).view(None)["chart"] is None


def test_the_palette_has_32_distinct_shades_from_light_to_deep():
    shades = cards.shades()
    assert len(shades) == 32 == len(set(shades))
    assert all(re.fullmatch(r"#[0-9a-f]{6}", shade) for shade in shades)
    luminance = [sum(int(shade[i : i + 2], 16) for i in (1, 3, 5)) for shade in shades]
    assert luminance == sorted(luminance, reverse=True)


def test_a_stacked_game_needs_no_more_cards_than_it_lists():
    state = dive(BASELINE)
    assert sorted(
        state.deck + [n for pile in state.piles for n in pile] + [c["number"] for board in state.boards for c in board]
    ) == list(range(1, 33))
