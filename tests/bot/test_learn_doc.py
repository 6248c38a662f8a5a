"""docs/learn.md's lesson tables are what playing each lesson's script through the engine gives (regenerate them with
`python -m tests.support.lesson_rules`), and every lesson meets its game's main rules within its script."""

from bot import lessons
from tests.support import lesson_rules

MAIN_RULES = {  # event types a first game must show, per game
    "blue_border": {"took", "passed", "called", "call_succeeded", "call_failed", "reward_taken", "card_lost"},
    "diamond_box": {"card_placed", "penalty_drawn"},
    "bossa": {"chose_first", "placed", "exchanged", "stacked"},
    "deep_dive": {"flip", "trapped", "skip", "take", "deeper", "retreat", "retreat_take"},
    "colorse": {"special_coloured", "signs_revealed", "took", "took_face_down", "placed", "vanished", "round_won"},
}


def test_the_docs_lesson_tables_are_the_scripts_played_through_the_engine():
    text = lesson_rules.DOC.read_text(encoding="utf-8")
    assert lesson_rules.block() in text, "run: python -m tests.support.lesson_rules"


def test_every_lesson_meets_its_games_main_rules():
    for game, wanted in MAIN_RULES.items():
        met = {kind for kind, *_ in lesson_rules.first_events(game)}
        assert lessons.available(game) and wanted <= met, (game, wanted - met)
