"""Diamond Box (ダイヤの箱): 2-4 players lay their public hands onto a shared stack of 2 x 3 diamond cards."""

from games.contract import GameSpec
from games.diamond_box.ai import choose, penalty_of
from games.diamond_box.checks import CHECKS
from games.diamond_box.hint import reason as hint_reason
from games.diamond_box.rules import DiamondBoxState
from games.diamond_box.strong import choose as strong_choose
from games.search import with_strong

SPEC = GameSpec(
    id="diamond_box",
    order=2,
    names={"en": "Diamond Box", "ja": "ダイヤの箱"},
    min_players=2,
    max_players=4,
    options={"rotations": "all", "turn_timeout": 60},
    choices={"rotations": ["all", "half"], "turn_timeout": [30, 60, 120, 180]},
    state_class=DiamondBoxState,
    agent=with_strong(choose, strong_choose),
    ai_levels=("easy", "normal", "strong"),
    rules_file="diamond_box.md",
    checks=CHECKS,
    hint_reason=hint_reason,
)
DiamondBoxState.spec = SPEC

__all__ = ["SPEC", "DiamondBoxState", "choose", "penalty_of"]
