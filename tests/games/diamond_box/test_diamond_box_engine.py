"""The generic engine checks (docs/engines.md): random games, round trips, determinism, hidden information,
catalogues."""

import json
import random
import re
from pathlib import Path

import pytest

from bot.i18n import forms
from games.contract import SYSTEM, IllegalAction
from games.diamond_box import SPEC

ROOT = Path(__file__).resolve().parents[3]


def play_random(players: int, seed: int, options: dict | None = None, on_step=None):
    state = SPEC.new(players, options or {}, seed=seed)
    rng = random.Random(f"random/{seed}")
    actions, events = [], []
    while not state.finished:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        before = state.to_json()
        new_events = state.apply(seat, action)
        if on_step:
            on_step(before, action, new_events, state)
        actions.append((seat, action))
        events.extend(new_events)
        assert len(actions) < 500
    return state, actions, events


@pytest.mark.parametrize("players, games", [(2, 40), (3, 40), (4, 150)])
def test_random_games_finish_with_winners_holding_the_fewest_cards(players, games):
    for seed in range(games):
        state, _, events = play_random(players, seed)
        result = state.result()
        counts = [len(hand) for hand in state.view(None)["hands"]]
        assert result["scores"] == counts
        assert result["winners"] and all(counts[w] == min(counts) for w in result["winners"])
        assert events[-1]["type"] in ("hand_emptied", "deck_exhausted")
        # No card is lost or duplicated: hands + centre + deck are the 50 cards.
        data = state.to_dict()
        every = [*data["deck"], *(p["card"] for p in data["centre"]), *(c for h in data["hands"] for c in h)]
        assert len(every) == len(set(every)) == 50


def test_ai_games_finish_for_both_levels():
    for seed in range(6):
        state = SPEC.new(4, seed=seed)
        rng = random.Random(seed)
        while not state.finished:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = SPEC.agent(state.view(seat), legal, rng, SPEC.ai_levels[seat % 2])
            assert action in legal
            state.apply(seat, action)


def test_every_state_round_trips_through_json():
    def check(_before, _action, _events, state):
        assert SPEC.load(state.to_json()).to_json() == state.to_json()
        assert SPEC.load(state.to_json()).legal_actions(state.to_act()[0] if state.to_act() else 0) == (
            state.legal_actions(state.to_act()[0] if state.to_act() else 0)
        )

    for seed in range(5):
        play_random(3, seed, on_step=check)
    fresh = SPEC.new(2, seed="x")
    assert SPEC.load(fresh.to_json()).to_json() == fresh.to_json()


def test_same_seed_and_actions_give_the_same_game():
    state, actions, _ = play_random(4, 7)
    again = SPEC.new(4, {}, seed=7)
    for seat, action in actions:
        again.apply(seat, action)
    assert again.to_json() == state.to_json()
    assert SPEC.new(4, seed=7).to_json() != SPEC.new(4, seed=8).to_json()


def test_illegal_actions_leave_the_state_unchanged():
    state = SPEC.new(3, seed=3)
    seat = state.to_act()[0]
    other = (seat + 1) % 3
    before = state.to_json()
    bad = [
        (other, state.legal_actions(seat)[0]),
        (seat, {"type": "pass"}),
        (seat, {"card": "x"}),
        (seat, "place"),
        (SYSTEM, {"type": "place"}),
        (seat, {"type": "timeout"}),
        (seat, {**state.legal_actions(seat)[0], "x": 99}),
    ]
    for who, action in bad:
        with pytest.raises(IllegalAction):
            state.apply(who, action)
        assert state.to_json() == before


def test_no_view_and_no_event_reveals_the_deck_order():
    def check(before, _action, events, state):
        data = state.to_dict()
        deck = data["deck"]
        shuffled = dict(data, deck=list(reversed(deck)))
        other = SPEC.state_class.from_dict(shuffled)
        for seat in (None, *range(state.players)):
            assert state.view(seat) == other.view(seat)
            json.dumps(state.view(seat))
        base = dict(state.view(None), seat=0)
        assert state.view(0) == base  # all else is public: every seat sees the same
        assert not set(deck) & set(re.findall(r"[a-z]+:[WB]{6}", json.dumps(events)))

    for seed in range(6):
        play_random(4, seed, on_step=check)


def catalogue(locale: str) -> dict:
    return json.loads((ROOT / "data" / "diamond_box" / "i18n" / f"{locale}.json").read_text(encoding="utf-8"))


def test_catalogues_name_every_event_and_error_and_format_with_event_fields():
    seen = {}
    for seed in range(30):
        _, _, events = play_random(2 + seed % 3, seed)
        for event in events:
            seen.setdefault(event["type"], event)
    for seed in range(2):  # skilled play ends by emptying a hand
        state = SPEC.new(2, seed=seed)
        while not state.finished:
            seat = state.to_act()[0]
            action = SPEC.agent(state.view(seat), state.legal_actions(seat), random.Random(seed), "easy")
            for event in state.apply(seat, action):
                seen.setdefault(event["type"], event)
    timeout_state = SPEC.new(2, seed=1)
    seen.setdefault("timed_out", timeout_state.apply(SYSTEM, {"type": "timeout"})[0])
    assert {"card_placed", "penalty_drawn", "hand_emptied", "deck_exhausted", "timed_out"} <= set(seen)
    source = "".join(p.read_text() for p in (ROOT / "games" / "diamond_box").glob("*.py"))
    errors = set(re.findall(r'_error\(\s*"([a-z_]+)"', source)) | set(re.findall(r'return "([a-z_]+)"', source))
    errors |= set(re.findall(r'"([a-z_]+)" if', source)) | set(re.findall(r'else "([a-z_]+)"', source))
    assert {"diamond_mismatch", "frame_clash", "must_cover", "not_touching"} <= errors
    for locale in ("en", "ja"):
        messages = catalogue(locale)
        assert messages["diamond_box.name"] and messages["diamond_box.summary"]
        for kind, event in seen.items():
            for text in forms(messages[f"diamond_box.event.{kind}"]):
                text.format(**event)
        for code in errors:
            assert messages[f"diamond_box.error.{code}"]
        messages["diamond_box.action.place"].format(**SPEC.new(2).legal_actions(SPEC.new(2).to_act()[0])[0])
    assert set(catalogue("en")) == set(catalogue("ja"))


def test_the_choices_text_names_exactly_the_listed_placements_and_is_legal_agrees_with_the_generic_check():
    """The table service compares `choices_text` instead of the JSON of every placement: it must name the same
    set, position by position (a stale memo after a move would keep the text, and the mark, unchanged). The key
    lookup behind `is_legal` must judge as strictly as the contract's scan of the listed actions."""
    from games.contract import GameState

    for seed in range(4):
        state = SPEC.new(2 + seed % 2, {"rotations": "all" if seed % 2 else "half"}, seed)
        rng = random.Random(seed)
        texts = []
        while not state.finished and len(texts) < 12:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            text = state.choices_text(seat)
            assert text.split(";") == [f"{a['card']},{a['rotation']},{a['x']},{a['y']}" for a in legal]
            assert all(state.choices_text(other) == "" for other in range(state.players) if other != seat)
            assert state.choices_text(SYSTEM) is None  # the timeout keeps the default digest
            texts.append(text)
            move = rng.choice(legal)
            odd = [
                {**move, "x": True} if move["x"] == 1 else {**move, "x": float(move["x"])},
                {**move, "extra": 1},
                {**move, "rotation": (move["rotation"] + 180) % 360},
                {"type": "timeout"},
                {**move, "x": 99},
            ]
            for action in [move, *odd]:
                assert state.is_legal(seat, action) == GameState.is_legal(state, seat, action), action
            state.apply(seat, move)
        assert len(set(texts)) == len(texts)  # every move changed the seat's choices, so every digest changed
