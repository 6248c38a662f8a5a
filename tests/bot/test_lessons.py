"""The lessons as data: each script plays through the engine contract from its stacked deal (whatever the table's
seed), meets the game's main rules, and every coach moment has its words in both languages."""

import pytest

import games
from bot import lessons
from bot.i18n import has
from games.contract import offers

# the events a first game must meet, per game: the main rules at work
MAIN_RULES = {
    "blue_border": {"took", "passed", "call_succeeded", "call_failed", "skip_incurred", "card_lost", "reward_taken"},
    "diamond_box": {"card_placed", "penalty_drawn"},
    "bossa": {"chose_first", "chose_line", "placed", "exchanged", "stacked"},
    "deep_dive": {"flip", "trapped", "take", "deeper", "skip", "retreat", "retreat_take"},
    "colorse": {"special_coloured", "signs_revealed", "took", "took_face_down", "placed", "vanished", "round_won"},
}
GAMES = list(MAIN_RULES)  # the shipped games (tests register others)


def test_every_shipped_game_has_a_lesson():
    assert all(lessons.available(game) for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 987654321])
def test_the_script_plays_to_its_end_and_meets_the_main_rules(game, seed):
    plan = lessons.lesson(game)
    state = lessons.start(game, seed)
    met: set[str] = set()
    for number, (seat, action) in enumerate(plan.script):
        assert lessons.step(game, state, number) == number  # on the script, whatever the seed
        assert offers(state.legal_actions(seat), state.listed_form(action)), (number, seat, action)
        met.update(event["type"] for event in state.apply(seat, action))  # IllegalAction: the script broke
    assert lessons.step(game, state, len(plan.script)) == len(plan.script)
    assert MAIN_RULES[game] <= met, MAIN_RULES[game] - met
    assert any(seat == plan.seat for seat, _ in plan.script)  # the member plays part of it
    assert 0 <= plan.seat < plan.players and plan.ai_level in games.get(game).ai_levels


@pytest.mark.parametrize("game", GAMES)
def test_coach_moments_are_in_order_within_the_script_and_worded_in_both_languages(game):
    plan = lessons.lesson(game)
    ats = [at for at, _ in plan.moments]
    assert ats == sorted(set(ats)) and ats[0] == 0 and ats[-1] <= len(plan.script)
    for _, moment in plan.moments:
        for locale in ("en", "ja"):
            assert has(plan.line_key(moment), locale), (moment, locale)


@pytest.mark.parametrize("game", GAMES)
def test_the_ai_plays_the_script_only_while_the_table_is_on_it(game):
    plan = lessons.lesson(game)
    state = lessons.start(game, 5)
    for number, (seat, action) in enumerate(plan.script):  # up to the member's first move with a choice
        others = [a for a in state.legal_actions(plan.seat) if a != action] if seat == plan.seat else []
        if others:
            break
        if seat != plan.seat:
            assert lessons.scripted(game, state, number, seat) == action
            assert lessons.scripted(game, state, number, plan.seat) is None  # not the member's move
        state.apply(seat, action)
    else:
        raise AssertionError("the lesson never gives the member a choice")
    state.apply(plan.seat, others[0])  # the member plays another move
    assert lessons.step(game, state, number + 1) is None
    assert all(lessons.scripted(game, state, number + 1, seat) is None for seat in range(plan.players))


def test_the_coach_line_is_the_latest_moment_reached():
    plan = lessons.lesson("blue_border")
    (first_at, first), (second_at, second) = plan.moments[:2]
    assert lessons.moment("blue_border", first_at) == first
    assert lessons.moment("blue_border", second_at) == second
    assert lessons.moment("blue_border", len(plan.script) + 5) == plan.moments[-1][1]
