"""Engine contract: random games finish, serialisation, determinism, illegal actions, deadlines and timeouts."""

import json
import random

import pytest

import games
from games import SYSTEM, IllegalAction
from games.colorse import SPEC
from tests.games.colorse.helpers import PAD, new, of_type, signs, take, types

DECK = ["R", "R", "R", "R", "G", "B", "Y"] + PAD


def random_game(players: int, seed: int, timeout_chance: float = 0.03):
    """Play a seeded game with random legal actions (and some timeouts); yield (state, seat, action, events)."""
    state, chooser = SPEC.new(players, {}, seed=seed), random.Random(seed)
    while not state.finished:
        if chooser.random() < timeout_chance:
            seat, action = SYSTEM, {"type": "timeout"}
        else:
            seat = chooser.choice(state.to_act())
            action = chooser.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        yield state, seat, action, events


def test_spec_is_registered_with_its_options_and_choices():
    assert games.get("colorse") is SPEC
    assert (SPEC.min_players, SPEC.max_players) == (3, 4)
    assert SPEC.options == {"sign_timeout": 30, "turn_timeout": 90}
    assert 30 in SPEC.choices["sign_timeout"] and 90 in SPEC.choices["turn_timeout"]
    with pytest.raises(IllegalAction):
        SPEC.new(2)
    with pytest.raises(IllegalAction):
        SPEC.new(5)


@pytest.mark.parametrize(
    "stacked",
    [
        {"deck": ["R", "X", "R", "R", "G", "B", "Y"]},  # unknown card
        {"deck": ["R", "R", "R", "R", "G", "B"]},  # too short to deal and lay out
        {"deck": DECK, "first_parent": 4},
        {"deck": DECK, "next_decks": [["R"]]},
        {"deck": DECK, "surprise": 1},
    ],
)
def test_a_bad_stacked_option_is_refused(stacked):
    with pytest.raises(IllegalAction) as error:
        SPEC.new(4, {"stacked": stacked})
    assert error.value.key == "colorse.error.bad_stacked"


def test_a_bad_timeout_option_is_refused():
    with pytest.raises(IllegalAction) as error:
        SPEC.new(4, {"sign_timeout": 0})
    assert error.value.key == "colorse.error.bad_option"


def test_the_unstacked_deck_holds_the_48_cards_of_the_data_file():
    state = SPEC.new(4, {}, seed=7)
    everything = sorted(
        state.deck
        + state.common
        + [e["card"] for b in state.boxes for e in b if e]
        + [s["card"] for s in state.starting if s]
    )
    assert len(everything) == 48
    assert {card: everything.count(card) for card in set(everything)} == {
        "R": 8,
        "G": 8,
        "B": 8,
        "Y": 8,
        "RG": 2,
        "RB": 2,
        "RY": 2,
        "GB": 2,
        "GY": 2,
        "BY": 2,
        "S": 4,
    }


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_finish_with_a_two_round_winner(players):
    for seed in range(25):
        *_, (state, *_) = random_game(players, seed)
        result = state.result()
        assert len(result["winners"]) == 1 and result["scores"][result["winners"][0]] == 2
        assert sorted(result["scores"])[-2] < 2


def test_legal_actions_are_listed_once_and_only_acting_seats_have_any():
    for seed in range(6):
        for state, *_ in random_game(4, seed):
            acting = state.to_act()
            for seat in range(4):
                legal = state.legal_actions(seat)
                assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal)
                assert bool(legal) == (seat in acting) or state.finished
            assert state.legal_actions(SYSTEM) == ([] if state.finished else [{"type": "timeout"}])


def test_to_json_round_trips_in_every_state():
    for seed in range(3):
        for state, *_ in random_game(4, seed):
            assert SPEC.load(state.to_json()).to_json() == state.to_json()


def test_same_seed_and_actions_give_the_same_game():
    for seed in (1, 2):
        first = [(state.to_json(), events) for state, _, _, events in random_game(4, seed)]
        second = [(state.to_json(), events) for state, _, _, events in random_game(4, seed)]
        assert first == second


def test_a_loaded_game_continues_exactly_like_the_original():
    state = SPEC.new(4, {}, seed=11)
    chooser = random.Random(3)
    for _ in range(40):
        seat = chooser.choice(state.to_act())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    copy = SPEC.load(state.to_json())
    for _ in range(3):  # timeouts draw from the state's own random source
        assert copy.apply(SYSTEM, {"type": "timeout"}) == state.apply(SYSTEM, {"type": "timeout"})
    assert copy.to_json() == state.to_json()


@pytest.mark.parametrize(
    "seat, action",
    [
        (0, {"type": "sign", "sign": "paper"}),
        (2, {"type": "sign", "sign": "doh"}),  # not a duellist
        (0, {"type": "take", "slot": 0}),  # not the take phase
        (0, {"type": "place", "card": "R"}),
        (0, {"type": "bonus", "face_down": True}),  # never won a round
        (0, {"type": "special", "colour": "R"}),
        (0, {"kind": "sign"}),
        (0, "doh"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged(seat, action):
    state = new(DECK)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.to_json() == before


def test_a_sign_cannot_be_changed_once_chosen_and_a_missing_take_slot_is_refused():
    state = new(DECK)
    state.apply(0, {"type": "sign", "sign": "zorf"})
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(0, {"type": "sign", "sign": "doh"})
    assert error.value.code == "not_your_turn" and state.to_json() == before
    state.apply(1, {"type": "sign", "sign": "doh"})
    take(state, 0)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "take", "slot": 0})  # slot 0 is empty until the refill
    assert state.to_json() == before


def test_deadlines_wait_for_the_undecided_signs_then_for_the_acting_seat():
    state = new(DECK, sign_timeout=20, turn_timeout=60)
    assert state.deadline() == games.Deadline("sign", 20, (0, 1), window=True)
    state.apply(1, {"type": "sign", "sign": "doh"})
    assert state.deadline() == games.Deadline("sign", 20, (0,), window=True)
    state.apply(0, {"type": "sign", "sign": "zorf"})
    assert state.deadline() == games.Deadline("turn", 60, (0,))
    take(state, 0, 1)
    assert state.deadline() == games.Deadline("turn", 60, (0,))


def test_setup_decisions_have_a_deadline_for_every_undecided_seat():
    state = new(["S", "R", "S", "R", "G", "B", "Y"] + PAD, turn_timeout=45)
    assert state.deadline() == games.Deadline("setup", 45, (0, 2))
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert types(events)[:2] == ["timed_out", "special_coloured"]
    assert state.phase == "sign" and all(state.boxes[s][0]["colour"] in "RGBY" for s in (0, 2))


def test_sign_timeout_gives_random_signs_to_those_who_have_not_chosen():
    state = new(DECK)
    state.apply(1, {"type": "sign", "sign": "rau"})
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert types(events)[:2] == ["sign_assigned", "signs_revealed"]
    assert events[0] == {"type": "sign_assigned", "seat": 0}
    revealed = of_type(events, "signs_revealed")[0]
    assert revealed["child_sign"] == "rau" and revealed["parent_sign"] in ("doh", "zorf", "rau")


def test_sign_timeout_with_nobody_chosen_assigns_both_from_the_games_random_source():
    outcomes = set()
    for seed in range(12):
        state = SPEC.new(4, {"stacked": {"deck": DECK, "first_parent": 0}}, seed=seed)
        events = state.apply(SYSTEM, {"type": "timeout"})
        assert types(events)[:3] == ["sign_assigned", "sign_assigned", "signs_revealed"]
        again = SPEC.new(4, {"stacked": {"deck": DECK, "first_parent": 0}}, seed=seed)
        assert again.apply(SYSTEM, {"type": "timeout"}) == events  # reproducible
        outcomes.add(of_type(events, "signs_revealed")[0]["result"])
    assert len(outcomes) > 2


def test_turn_timeout_lets_the_ai_do_the_absent_takers_whole_step():
    state = new(["R", "R", "R", "R", "R", "G", "Y"] + PAD)
    signs(state, "zorf", "doh")
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert (
        types(events)[0] == "timed_out" and len(of_type(events, "took")) + len(of_type(events, "took_face_down")) == 2
    )
    assert state.phase == "place" and state.to_act() == [0]
    events = state.apply(SYSTEM, {"type": "timeout"})
    assert len(of_type(events, "placed")) == 2 and state.phase == "sign" and (state.parent, state.child) == (1, 2)
    assert of_type(events, "vanished") == [] and sum(e is not None for e in state.boxes[0]) == 3  # placed well
