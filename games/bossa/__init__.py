"""BOSSa advanced rules (坊茶 アドバンスドルール): two players race to empty their hands onto two dotted lines."""
from games.bossa.ai import choose
from games.bossa.rules import BossaState
from games.contract import GameSpec

SPEC = GameSpec(
    id="bossa",
    names={"en": "BOSSa (advanced rules)", "ja": "坊茶 BOSSa（アドバンスドルール）"},
    min_players=2,
    max_players=2,
    options={"turn_timeout": 90},
    choices={"turn_timeout": [30, 60, 90, 120, 180, 300]},
    state_class=BossaState,
    agent=choose,
    ai_levels=("normal",),
    rules_file="bossa.md",
)
BossaState.spec = SPEC
