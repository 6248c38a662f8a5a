"""Hidden information: secret signs, the face-down common card, the deck, face-down bonus cards."""

import random

from games import SYSTEM
from games.colorse import SPEC
from games.colorse.signs import SIGNS
from tests.games.colorse.helpers import PAD, new, of_type

DECK = ["R", "R", "R", "R", "G", "B", "Y"] + PAD
OTHER_CARD = {
    "R": "G",
    "G": "B",
    "B": "Y",
    "Y": "RG",
    "RG": "S",
    "S": "GY",
    "GY": "R",
    "RB": "R",
    "RY": "R",
    "GB": "R",
    "BY": "R",
}


def test_a_chosen_sign_is_seen_by_its_chooser_only_until_both_have_chosen():
    state = new(DECK)
    events = state.apply(0, {"type": "sign", "sign": "zorf"})
    assert events == [{"type": "sign_chosen", "seat": 0}]
    assert state.to_act() == [1]
    assert state.view(0)["sign"] == "zorf" and state.view(0)["chosen_seats"] == [0]
    for viewer in (None, 1, 2, 3):
        view = state.view(viewer)
        assert view["sign"] is None and view["chosen_seats"] == [0] and view["last_duel"] is None
        assert "zorf" not in str(view)
    events = state.apply(1, {"type": "sign", "sign": "doh"})
    assert events[0] == {"type": "sign_chosen", "seat": 1}
    assert of_type(events, "signs_revealed")[0] == {
        "type": "signs_revealed",
        "parent_seat": 0,
        "child_seat": 1,
        "parent_sign": "zorf",
        "child_sign": "doh",
        "result": "zorf_takes_two",
    }
    assert state.view(2)["last_duel"]["parent_sign"] == "zorf"


def test_while_the_child_has_chosen_the_parent_sees_only_that_the_child_has_chosen():
    state = new(DECK)
    state.apply(1, {"type": "sign", "sign": "rau"})
    view = state.view(0)
    assert view["chosen_seats"] == [1] and view["sign"] is None and "rau" not in str(view)


def _hide(state, viewer):
    """A copy of `state` that differs only in what `viewer` may not know."""
    copy = SPEC.load(state.to_json())
    for role, seat in enumerate((copy.parent, copy.child)):
        if seat != viewer and copy.signs[role] is not None:
            copy.signs[role] = SIGNS[(SIGNS.index(copy.signs[role]) + 1) % 3]
    if copy.common[2] is not None:
        copy.common[2] = OTHER_CARD[copy.common[2]]
    copy.deck = [OTHER_CARD[card] for card in reversed(copy.deck)]
    for owner, box in enumerate(copy.boxes):
        for entry in box:
            if owner != viewer and entry is not None and entry.get("face_down"):
                entry["card"] = OTHER_CARD[entry["card"]]
    for owner, start in enumerate(copy.starting):
        if owner != viewer and start is not None and start["stage"] == "bonus":
            start["card"] = OTHER_CARD[start["card"]]
    return copy


def test_no_view_changes_with_what_its_seat_may_not_know():
    checked = {"sign": 0, "bonus": 0, "face_down": 0}
    for seed in range(4):
        state, chooser = SPEC.new(4, {}, seed=seed), random.Random(seed)
        while not state.finished:
            for viewer in (None, 0, 1, 2, 3):
                assert _hide(state, viewer).view(viewer) == state.view(viewer)
            checked["sign"] += state.phase == "sign" and any(state.signs)
            checked["bonus"] += any(s is not None and s["stage"] == "bonus" for s in state.starting)
            checked["face_down"] += any((e or {}).get("face_down") for box in state.boxes for e in box)
            seat = chooser.choice(state.to_act())
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert all(count > 0 for count in checked.values()), checked  # every kind of secret was exercised


def test_no_event_names_a_sign_before_both_are_chosen():
    for seed in range(10):
        state, chooser = SPEC.new(3, {}, seed=seed), random.Random(seed)
        while not state.finished:
            if state.phase == "sign" and chooser.random() < 0.1:
                seat, action = SYSTEM, {"type": "timeout"}
            else:
                seat = chooser.choice(state.to_act())
                action = chooser.choice(state.legal_actions(seat))
            events = state.apply(seat, action)
            for index, event in enumerate(events):
                if event["type"] in ("sign_chosen", "sign_assigned"):
                    assert set(event) == {"type", "seat"}
                if event["type"] == "signs_revealed":
                    assert {"parent_sign", "child_sign"} <= set(event)
                    assert all(not any(s in str(e) for s in SIGNS) for e in events[:index])
            if action["type"] == "sign" and not of_type(events, "signs_revealed"):
                assert events == [{"type": "sign_chosen", "seat": seat}]


def test_the_face_down_common_card_and_the_deck_are_hidden_from_everyone():
    state = new(["R", "R", "R", "R", "G", "B", "S", "RG", "GB"])
    for viewer in (None, 0, 1, 2, 3):
        view = state.view(viewer)
        assert view["common"][2] == {"face_down": True} and view["deck_count"] == 2
        assert "S" not in str(view["common"]) and "RG" not in str(view) and "GB" not in str(view)
