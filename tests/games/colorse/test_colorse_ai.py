"""The agent: legal choices from its own view only, sensible takes and placements, a mixed sign strategy."""

import random

from games.colorse import SPEC
from games.colorse.ai import _Reader, choose
from tests.games.colorse.helpers import PAD, arrange, new, signs, take


def test_the_agent_always_picks_a_legal_action_at_both_levels():
    for level in SPEC.ai_levels:
        for seed in range(2):
            state, rng = SPEC.new(4, {}, seed=seed), random.Random(seed)
            while not state.finished:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                action = choose(state.view(seat), legal, rng, level)
                assert action in legal
                state.apply(seat, action)


def test_the_agent_beats_random_players():
    wins = 0
    for seed in range(12):
        state, rng = SPEC.new(4, {}, seed=f"ai-{seed}"), random.Random(seed)
        while not state.finished:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, choose(state.view(seat), legal, rng, "normal") if seat == 0 else rng.choice(legal))
        wins += state.result()["winners"] == [0]
    assert wins >= 8  # a random seat would win about 3 of 12


def test_the_agent_chooses_the_same_sign_whatever_the_rival_has_chosen():
    picks = {}
    for rival_sign in ("doh", "zorf", "rau"):
        state = new(["R", "G", "B", "Y", "G", "B", "Y"] + PAD)
        state.apply(1, {"type": "sign", "sign": rival_sign})
        picks[rival_sign] = [
            choose(state.view(0), state.legal_actions(0), random.Random(n), "normal") for n in range(20)
        ]
    assert picks["doh"] == picks["zorf"] == picks["rau"]


def test_the_sign_mix_keeps_every_sign_possible_and_shifts_when_the_rival_nears_a_full_box():
    state = new(["R", "G", "Y", "Y", "Y", "Y", "Y"] + PAD)
    arrange(state, 0, ["R", "Y", None, None, None, None])
    arrange(state, 1, ["G", "B", None, None, None, None])
    even = _Reader(state.view(0)).sign_mix(0.15)
    arrange(state, 1, ["G", "B", "G", "B", "G", None])  # any of the Y cards fills the rival's box
    threatened = _Reader(state.view(0)).sign_mix(0.15)
    for mix in (even, threatened):
        assert abs(sum(mix.values()) - 1) < 1e-9 and all(0.05 <= p <= 0.9 for p in mix.values())
    assert sum(abs(even[s] - threatened[s]) for s in even) > 0.2


def test_the_agent_takes_a_card_that_does_not_vanish():
    state = new(["R", "G", "B", "Y", "R", "G", "RY"] + PAD)
    signs(state, "doh", "rau")  # seat 0 (red) takes one: R or the face-down card would risk vanishing
    action = choose(state.view(0), state.legal_actions(0), random.Random(0), "normal")
    assert action == {"type": "take", "slot": 1}


def test_the_agent_gives_a_special_a_colour_its_neighbour_lacks_and_orders_two_cards_safely():
    state = new(["R", "G", "B", "Y", "S", "R", "Y"] + PAD)
    signs(state, "zorf", "doh")
    take(state, 0, 1)  # S and R beside a red card
    first = choose(state.view(0), state.legal_actions(0), random.Random(0), "normal")
    assert first["card"] == "S" and first["colour"] != "R"  # S first, then R goes to slot 2, away from slot 0
    state.apply(0, first)
    state.apply(0, choose(state.view(0), state.legal_actions(0), random.Random(0), "normal"))
    assert sum(entry is not None for entry in state.boxes[0]) == 3


def test_a_past_winner_agent_places_its_bonus_card_face_down():
    legal = [{"type": "bonus", "face_down": True}, {"type": "bonus", "face_down": False}]
    state = new(["R", "G", "B", "Y", "R", "G", "RY"] + PAD)
    assert choose(state.view(0), legal, random.Random(0), "normal") == {"type": "bonus", "face_down": True}


def test_the_strong_level_reads_the_rival_from_what_the_rival_can_see_and_answers_its_mix():
    from games.colorse import strong

    state = new(["R", "G", "Y", "Y", "Y", "Y", "Y"] + PAD)
    arrange(state, 0, ["~R", "Y", None, None, None, None])  # seat 0's face-down card: the rival cannot see it
    arrange(state, 1, ["G", "B", "G", "B", "G", None])
    modelled = strong.rival_view(state.view(0), 1)
    actual = state.view(1)
    assert "card" not in modelled["boxes"][0][0]
    for key in ("boxes", "starting", "common", "held", "seat", "sign"):
        assert modelled[key] == actual[key], key
    rival_mix = _Reader(actual).sign_mix(0.15)
    table = _Reader(state.view(0))._sign_table()
    mix = strong.sign_mix(state.view(0))
    worth = {
        mine: sum(rival_mix[theirs] * table[(mine, theirs)] for theirs in rival_mix if (mine, theirs) != ("rau", "rau"))
        for mine in mix
    }
    chosen = [sign for sign, weight in mix.items() if weight > 0]
    assert abs(sum(mix.values()) - 1) < 1e-9 and chosen
    others = [worth[sign] for sign in mix if sign not in chosen]
    assert all(worth[sign] >= max(others, default=-1e9) - 1e-9 or sign == "rau" for sign in chosen)
