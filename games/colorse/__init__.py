"""COLORSE ノロイをつかまえろ!: duel with hand signs for Noroi cards and fill a 3x2 box without explosions
(3-4 players)."""

from games.colorse.ai import choose
from games.colorse.checks import CHECKS
from games.colorse.hint import reason as hint_reason
from games.colorse.rules import ColorseState
from games.colorse.strong import choose as strong_choose
from games.contract import GameSpec
from games.search import with_strong

SPEC = GameSpec(
    id="colorse",
    order=5,
    names={"en": "COLORSE: Catch the Noroi!", "ja": "COLORSE ノロイをつかまえろ!"},
    min_players=3,
    max_players=4,
    options={"sign_timeout": 30, "turn_timeout": 90},
    choices={"sign_timeout": [15, 30, 60, 120], "turn_timeout": [30, 60, 90, 180, 300]},
    state_class=ColorseState,
    agent=with_strong(choose, strong_choose),
    ai_levels=("easy", "normal", "strong"),
    rules_file="colorse.md",
    checks=CHECKS,
    hint_reason=hint_reason,
)
ColorseState.spec = SPEC
