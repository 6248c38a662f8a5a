"""COLORSE's table without Discord: nothing public depends on a pending sign or a face-down card."""

import io
import random
from types import SimpleNamespace

from PIL import Image

import games
from bot import codec
from bot.tables import Table
from cogs.colorse import ColorsePresenter
from tests.support.tables import running_table, text_of

SPEC = games.get("colorse")
SIGNS = ["doh", "zorf", "rau"]


def make_table(state) -> Table:
    return running_table("colorse", state, table_id=9, version=4)


def states(count=8, steps=300):
    for seed in range(count):
        state = SPEC.new(3 + seed % 2, {}, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.finished:
                break
            yield state
            acting = [s for s in state.to_act() if s >= 0]
            seat = rng.choice(acting) if acting else -1
            state.apply(seat, rng.choice(state.legal_actions(seat)) if acting else {"type": "timeout"})


def with_other_secrets(state, rng):
    """The same public situation with every pending sign and every face-down card replaced."""
    data = state.to_dict()
    data["signs"] = [rng.choice(SIGNS) if sign else None for sign in data["signs"]]
    for box in data["boxes"]:
        for entry in box:
            if entry and entry.get("face_down"):
                entry["card"] = rng.choice(["R", "G", "B", "Y", "RG", "BY"])
    return type(state).from_dict(data)


def test_public_board_does_not_depend_on_pending_signs_or_face_down_cards():
    presenter = ColorsePresenter(SimpleNamespace(deadlines={}))
    rng = random.Random(5)
    checked = pending = 0
    for number, state in enumerate(states()):
        if number % 3:
            continue
        original = text_of(presenter.public(make_table(state), "ja"), picture=True)
        assert text_of(presenter.public(make_table(with_other_secrets(state, rng)), "ja"), picture=True) == original
        checked += 1
        pending += any(state.signs)
    assert checked > 100 and pending > 5


def test_the_public_sign_select_is_the_same_whoever_chose_what():
    """In a duel the table message carries one select of the three signs: its options are the same for every state
    of the duel (nothing marks a pick), and no button or custom_id names a sign."""
    presenter = ColorsePresenter(SimpleNamespace(deadlines={}))
    seen_sign_phase = False
    for state in states(count=3):
        board = presenter.public(make_table(state), "en")
        ids = [item.item.custom_id for item in board.items]
        assert not any("sign,sign=" in i for i in ids)
        assert all(len(i) <= 100 for i in ids) and len(ids) == len(set(ids))
        if state.phase == "sign":
            seen_sign_phase = True
            assert ids == ["bs:9:4:u.act", "bg:9:4:u.view"]
            options = board.items[0].item.options
            assert [o.value for o in options] == [f"sign,sign={s}" for s in SIGNS]
            assert not any(o.default for o in options)
        else:
            legal = []
            for seat in state.to_act():
                legal += [a for a in state.legal_actions(seat) if a not in legal]
            # a few choices are buttons, more are one select's options: every legal action is offered once
            offered = [i.split(":a.", 1)[1] for i in ids if ":a." in i]
            for item in board.items:
                if item.item.custom_id.endswith("u.act"):
                    offered += [o.value for o in item.item.options]
            assert sorted(offered) == sorted(codec.encode(a) for a in legal)
    assert seen_sign_phase


def test_the_board_png_has_no_metadata():
    presenter = ColorsePresenter(SimpleNamespace(deadlines={}))
    board = presenter.public(make_table(next(iter(states(count=1)))), "en")
    assert Image.open(io.BytesIO(board.image)).info == {} and b"tEXt" not in board.image
