"""Blue Border (ブルーボーダー): divers take cards they see only as shades of blue and call ボーダー！ on others."""

from games.blue_border.ai import choose
from games.blue_border.checks import CHECKS
from games.blue_border.hint import reason as hint_reason
from games.blue_border.rules import BlueBorderState
from games.blue_border.strong import choose as strong_choose
from games.contract import GameSpec
from games.search import with_strong

SPEC = GameSpec(
    id="blue_border",
    order=1,
    names={"en": "Blue Border", "ja": "ブルーボーダー"},
    min_players=2,
    max_players=4,
    options={
        "border": 9,
        "bottoms": None,
        "cards": 32,
        "rounds": 1,
        "call_window": 10,
        "chart": True,
        "turn_timeout": 90,
        "round_settings": None,
    },
    choices={
        "border": [8, 9],
        "bottoms": [None, *range(16, 29)],
        "cards": [24, 28, 32],
        "rounds": [1, 3, 5],
        "call_window": [5, 10, 15, 20, 30],
        "chart": [True, False],
        "turn_timeout": [30, 60, 90, 120, 180],
        "round_settings": [None, "shuffle"],
    },
    state_class=BlueBorderState,
    agent=with_strong(choose, strong_choose),
    ai_levels=("easy", "normal", "hard", "strong"),
    rules_file="blue_border.md",
    race_actions=frozenset({"call"}),
    checks=CHECKS,
    hint_reason=hint_reason,
)
BlueBorderState.spec = SPEC
