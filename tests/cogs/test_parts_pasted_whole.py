"""Parts of a board pasted whole (no mask) over their part of a panel are the parts drawn there in place: a COLORSE
player's 3 x 2 box, for every kind of slot (a face-down corner's edge passes its slot by a row), acting or not; Blue
Border's deck and piles on the field. Byte for byte, in both languages."""
from __future__ import annotations

import copy
import random

import pytest

import bot.render as render
import cogs.blue_border.image as blue_border
import cogs.colorse.image as image
import games

ENTRIES = [None, {"back": True}, {"card": "S"}, {"card": "S", "colour": "G"}, {"card": "R"}, {"card": "BY"},
           {"card": "Y", "face_down": True}, {"card": "RG", "face_down": True}]


def boxed_views() -> list[dict]:
    """A few views of a 4-player game played at random (seeded), each seat's own view too, every box filled with
    one kind of slot."""
    state, rng, views = games.get("colorse").new(4, {}, 3), random.Random(3), []
    for _ in range(6):
        seat = rng.choice([seat for seat in state.to_act() if seat >= 0])
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (None, seat):
            for entry in ENTRIES:
                view = copy.deepcopy(state.view(viewer))
                view["boxes"] = [[entry] * 6 for _ in view["boxes"]]
                views.append(view)
    return views


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_box_pasted_whole_is_the_box_drawn_in_place(monkeypatch, locale):
    views = boxed_views()
    assert any(image.seat_is_acting(view, seat) for view in views for seat in range(4))
    render.clear_caches()
    whole = [image.draw_board(view, locale) for view in views]
    real_layer, boxes = image.layer, []

    def box_in_place(draw, key, box, paint, fill=render.BACKGROUND, backdrop=None):
        """The box's slots drawn on the panel in place, slot by slot (its layer's paint without its backdrop)."""
        if key[0] == "colorse.box":
            boxes.append(key)
            return paint(draw, box[0], box[1])
        return real_layer(draw, key, box, paint, fill, backdrop)

    monkeypatch.setattr(image, "layer", box_in_place)
    render.clear_caches()
    in_place = [image.draw_board(view, locale) for view in views]
    assert len({key[-1] for key in boxes}) == len(ENTRIES)  # a box of every kind of slot, as a layer
    assert whole == in_place


def in_place(monkeypatch, module, names: set[str], drawn: list) -> None:
    """`module`'s layers named `names` drawn in place (their paint without their backdrop), each key into `drawn`."""
    real_layer = module.layer

    def layer(draw, key, box, paint, fill=render.BACKGROUND, backdrop=None):
        if key[0] in names:
            drawn.append(key)
            return paint(draw, box[0], box[1])
        return real_layer(draw, key, box, paint, fill, backdrop)

    monkeypatch.setattr(module, "layer", layer)


@pytest.mark.parametrize("players", [2, 4])
def test_blue_border_piles_pasted_whole_are_the_piles_drawn_in_place(monkeypatch, players):
    spec, rng = games.get("blue_border"), random.Random(players)
    state, views = spec.new(players, {}, players), []
    while not state.finished and len(views) < 60:
        seat = rng.choice([seat for seat in state.to_act() if seat >= 0])
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        views.append(state.view(None))
    render.clear_caches()
    whole = [blue_border.draw_board(view, ("en", "ja")[index % 2]) for index, view in enumerate(views)]
    drawn: list = []
    in_place(monkeypatch, blue_border, {"bb.pile", "bb.deck"}, drawn)
    render.clear_caches()
    assert whole == [blue_border.draw_board(view, ("en", "ja")[index % 2]) for index, view in enumerate(views)]
    assert {key[1] for key in drawn if key[0] == "bb.pile"} == {0, 1, 2, 3} and ("bb.deck" in {key[0] for key in drawn})
