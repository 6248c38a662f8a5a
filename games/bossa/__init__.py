"""BOSSa advanced rules (坊茶 アドバンスドルール): two players race to empty their hands onto two dotted lines."""

from games.bossa.ai import choose
from games.bossa.checks import CHECKS
from games.bossa.hint import reason as hint_reason
from games.bossa.rules import BossaState
from games.bossa.strong import choose as strong_choose
from games.contract import GameSpec
from games.search import with_strong

SPEC = GameSpec(
    id="bossa",
    order=3,
    names={"en": "BOSSa (advanced rules)", "ja": "坊茶 BOSSa（アドバンスドルール）"},
    min_players=2,
    max_players=2,
    options={"turn_timeout": 90},
    choices={"turn_timeout": [30, 60, 90, 120, 180, 300]},
    state_class=BossaState,
    agent=with_strong(choose, strong_choose),
    ai_levels=("normal", "strong"),
    rules_file="bossa.md",
    checks=CHECKS,
    hint_reason=hint_reason,
)
BossaState.spec = SPEC
