"""Parts of a board pasted whole (no mask) over their part of a panel are the parts drawn there in place: Blue
Border's deck and piles on the field, byte for byte, in both languages."""

from __future__ import annotations

import random

import pytest

import bot.faces.blue_border.image as blue_border
import games
from bot.render.caches import clear_caches
from bot.render.inks import BACKGROUND


def in_place(monkeypatch, module, names: set[str], drawn: list) -> None:
    """`module`'s layers named `names` drawn in place (their paint without their backdrop), each key into `drawn`."""
    real_layer = module.layer

    def layer(draw, key, box, paint, fill=BACKGROUND, backdrop=None):
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
    clear_caches()
    whole = [blue_border.draw_board(view, ("en", "ja")[index % 2]) for index, view in enumerate(views)]
    drawn: list = []
    in_place(monkeypatch, blue_border, {"bb.pile", "bb.deck"}, drawn)
    clear_caches()
    assert whole == [blue_border.draw_board(view, ("en", "ja")[index % 2]) for index, view in enumerate(views)]
    assert {key[1] for key in drawn if key[0] == "bb.pile"} == {0, 1, 2, 3} and ("bb.deck" in {key[0] for key in drawn})
