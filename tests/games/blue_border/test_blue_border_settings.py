"""Settings that can be played: bottoms scaled to the cards in use, and tables that could never be won refused."""

import json
from pathlib import Path

import pytest

from bot.simulate import play_one
from games.blue_border import SPEC, border, settings
from games.contract import IllegalAction

from .helpers import dive, of_type

CATALOGUES = Path(__file__).resolve().parents[3] / "data" / "blue_border" / "i18n"


@pytest.mark.parametrize("cards, bottoms", [(32, 25), (28, 22), (24, 19), (16, 13)])
def test_the_default_bottoms_scales_with_the_cards_in_use(cards, bottoms):
    assert SPEC.new(3, {"cards": cards}, seed=0).bottoms == bottoms


def test_a_d_under_the_scaled_bottoms_is_called_off():
    state = dive([5, 12, 15, 18], players=2, cards=24)  # D = 18, under 24 cards' bottoms 19
    assert of_type(state.apply(1, {"type": "call"}), "call_succeeded")[0]["rules"] == ["bottoms"]
    state = dive([5, 12, 15, 19], players=2, cards=24)
    assert of_type(state.apply(1, {"type": "call"}), "call_failed")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ai_self_play_with_24_cards_finishes(players):
    for seed in range(3):
        state, count = play_one(
            "blue_border", players, seed, [SPEC.agent] * players, max_actions=2000, options={"cards": 24}
        )
        assert state.finished and state.result()["winners"]


@pytest.mark.parametrize(
    "options, deepest",
    [
        ({"cards": 24, "bottoms": 25}, 24),
        ({"cards": 28, "bottoms": 28, "border": 7}, 27),
        ({"cards": 32, "bottoms": 32, "border": 8}, 31),  # 8, 16, 24, 32 leaves no distinct way back to G
        ({"cards": 24, "round_settings": [{"border": 9}, {"bottoms": 26}], "rounds": 3}, 24),
    ],
)
def test_a_bottoms_no_card_can_reach_is_refused_naming_the_deepest_d(options, deepest):
    with pytest.raises(IllegalAction) as refused:
        SPEC.new(3, options, seed=0)
    assert refused.value.code == "unplayable" and refused.value.key == "blue_border.error.unplayable"
    assert refused.value.params["deepest"] == deepest and refused.value.params["cards"] == options["cards"]


def test_a_border_too_narrow_for_any_board_is_refused():
    with pytest.raises(IllegalAction) as refused:
        SPEC.new(2, {"border": 1}, seed=0)
    assert refused.value.code == "unplayable" and refused.value.key == "blue_border.error.no_legal_board"


def test_only_the_settings_some_round_plays_are_checked():
    assert SPEC.new(2, {"cards": 24, "rounds": 1, "round_settings": [{}, {"bottoms": 26}]}, seed=0).bottoms == 19
    state = SPEC.new(2, {"cards": 24, "bottoms": 26, "rounds": 1, "round_settings": [{"bottoms": 20}]}, seed=0)
    assert state.bottoms == 20
    with pytest.raises(IllegalAction):
        SPEC.new(2, {"cards": 24, "bottoms": 26, "rounds": 3, "round_settings": [{"bottoms": 20}]}, seed=0)


@pytest.mark.parametrize("border_line, cards", [(b, c) for b in (2, 5, 8, 9) for c in (8, 16, 24, 28, 32)])
def test_the_deepest_board_is_a_legal_dive_of_distinct_cards(border_line, cards):
    board = settings.deepest_board(border_line, cards)
    assert len(set(board)) == 7 and all(1 <= n <= cards for n in board)
    assert all(
        border.is_legal(slot, n, board[slot - 1] if slot else None, border_line, board[3])
        for slot, n in enumerate(board)
    )
    assert settings.playable(border_line, board[3], cards) and not settings.playable(border_line, board[3] + 1, cards)


def test_shuffled_rounds_with_24_cards_draw_scaled_playable_settings_only():
    drawn = set()
    for seed in range(40):
        state = SPEC.new(3, {"cards": 24, "rounds": 1, "round_settings": "shuffle"}, seed=seed)
        drawn.add((state.border, state.bottoms))
    assert drawn <= {(b, s) for b in (8, 9) for s in (18, 19, 20)}
    assert all(settings.playable(b, s, 24) for b, s in drawn) and {b for b, _ in drawn} == {8, 9}


def test_the_refusals_read_in_both_languages():
    for locale in ("en", "ja"):
        messages = json.loads((CATALOGUES / f"{locale}.json").read_text(encoding="utf-8"))
        text = messages["blue_border.error.unplayable"].format(border=9, bottoms=25, cards=24, deepest=24, slot="D")
        assert "24" in text and "25" in text
        assert "9" in messages["blue_border.error.no_legal_board"].format(border=9, cards=24)
