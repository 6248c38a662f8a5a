"""DEEP DIVE: penguins dive through five depths for food (1-6 players; 1 = solo against the automaton)."""

from games.contract import GameSpec
from games.deep_dive.ai import choose
from games.deep_dive.checks import CHECKS
from games.deep_dive.expectimax import choose as strong_choose
from games.deep_dive.hint import reason as hint_reason
from games.deep_dive.rules import DeepDiveState
from games.deep_dive.tiles import difficulties
from games.search import with_strong

SPEC = GameSpec(
    id="deep_dive",
    order=4,
    names={"en": "DEEP DIVE", "ja": "DEEP DIVE"},
    min_players=1,
    max_players=6,
    options={"difficulty": "medium", "turn_timeout": 90},
    choices={"difficulty": difficulties(), "turn_timeout": [30, 60, 90, 120, 180, 300]},
    state_class=DeepDiveState,
    agent=with_strong(choose, strong_choose),
    ai_levels=("easy", "normal", "strong"),
    rules_file="deep_dive.md",
    checks=CHECKS,
    hint_reason=hint_reason,
)
DeepDiveState.spec = SPEC
