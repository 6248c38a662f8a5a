"""Hints decide from the member's own view: twin states whose hidden parts are permuted (the strong AI's own test,
tests/games/search) give the same hint; on a lesson table still on its script the hint is the script's move, and
off it the strongest AI's, with the game's reason in figures taken from the seat's view (checked here against what
the move then does in the state); a lone legal move says so. Host-only options never reach an engine."""

import random

import pytest

import games
from bot import hints, lessons, practice
from bot.faces import coach
from tests.support.permuted import CASES, advance

OPTIONS = {"practice": True, "hints": True}


@pytest.mark.parametrize("game", sorted(CASES))
def test_permuting_every_hidden_part_never_changes_the_hint(game):
    spec = games.get(game)
    players, wanted, permute = CASES[game]
    state, seat = advance(spec, players, 5, 6, wanted)
    found, twins = set(), set()
    for shuffle in range(3):
        twin = spec.state_class.from_dict(state.to_dict())
        if shuffle:
            permuter = random.Random(shuffle)
            permute(twin, permuter, seat) if game == "colorse" else permute(twin, permuter)
        assert twin.view(seat) == state.view(seat)
        twins.add(twin.to_json())
        hint = hints.hint(game, twin, seat, "table/7", OPTIONS, 7)
        assert hint.action in state.legal_actions(seat)
        found.add((repr(hint.action), hint.reason, repr(hint.params)))
    assert len(twins) > 1, "the permutation changed nothing: the test would prove nothing"
    assert len(found) == 1


def test_on_a_lesson_the_hint_is_the_scripts_move_and_off_it_the_strongest_ais():
    game = "bossa"
    plan = lessons.lesson(game)
    state = lessons.start(game, 3)
    options = {**OPTIONS, "lesson": True}
    number = next(n for n, (seat, _) in enumerate(plan.script) if seat == plan.seat and n > 1)
    for seat, action in plan.script[:number]:
        state.apply(seat, action)
    on_script = hints.hint(game, state, plan.seat, "s", options, number)
    assert (on_script.action, on_script.reason) == (plan.script[number][1], "learn.reason.scripted")
    off_script = hints.hint(game, state, plan.seat, "s", options, number + 1)  # the version says: off the script
    assert off_script.reason.startswith("learn.reason.bossa.") and off_script.action in state.legal_actions(plan.seat)


def test_a_lone_move_is_hinted_as_such():
    state = lessons.start("deep_dive", 1)
    assert hints.hint("deep_dive", state, 0, "s", OPTIONS).reason == "learn.reason.only"


def test_host_options_never_reach_the_engine():
    options = {"stacked": {"x": 1}, "practice": True, "lesson": True, "hints": True}
    assert practice.engine_options(options) == {"stacked": {"x": 1}}
    assert practice.hints_allowed({"practice": True}) and not practice.hints_allowed({})


def _at_lesson_move(game: str, number: int):
    """The lesson's state before its script move `number`: (state, seat, action, the game's reason for that move)."""
    plan, state = lessons.lesson(game), lessons.start(game, 1)
    for seat, action in plan.script[:number]:
        state.apply(seat, action)
    seat, action = plan.script[number]
    key, params = games.get(game).hint_reason(state.view(seat), action, state.legal_actions(seat))
    return state, seat, action, key, params


def test_diamond_box_names_the_penalty_the_placement_costs_and_the_cards_worst():
    state, seat, action, key, params = _at_lesson_move("diamond_box", 1)
    drawn = next(event for event in state.apply(seat, action) if event["type"] == "penalty_drawn")
    assert (key, params) == ("learn.reason.diamond_box.penalty", {"count": drawn["count"], "worst": 5})
    assert coach.reason_text(hints.Hint(action, key, params), "en").startswith("it costs 2 penalty cards")


def test_blue_border_names_the_slot_and_the_rule_the_shade_breaks_but_never_a_hidden_number():
    state, seat, action, key, params = _at_lesson_move("blue_border", 22)
    called = next(event for event in state.apply(seat, action) if event["type"] == "call_succeeded")
    assert called["rules"] == ["difference"]
    assert (key, params["slot"], params["rule_key"]) == (
        "learn.reason.blue_border.breaks",
        called["slot"],
        "blue_border.rule.difference",
    )
    text = coach.reason_text(hints.Hint(action, key, params), "en")
    assert text == "by its shade the card in C breaks the rule: neighbours differ by at most 9."
    assert not any(str(number) in text for number in called["discarded"])  # 17 and 29 were face down until the call


def test_bossa_names_the_number_the_column_makes_and_the_tiles_it_plays():
    state, seat, action, key, params = _at_lesson_move("bossa", 4)
    placed = next(event for event in state.apply(seat, action) if event["type"] == "placed")
    assert key == "learn.reason.bossa.place"
    assert (params["value"], params["count"], params["left"]) == (placed["value"], 3, 1)
    assert coach.reason_text(hints.Hint(action, key, params), "en").startswith("White line, Ascending side: 3 tiles")


def test_deep_dive_names_the_odds_of_the_next_depth_from_the_public_counts_and_the_food_it_keeps():
    state, seat, action, key, params = _at_lesson_move("deep_dive", 3)
    depth = params["depth"]
    unseen = state.face_down[depth - 1] + state.removed[depth - 1]
    safe = sum(tile != "predator" for tile in unseen) / len(unseen)
    assert key == "learn.reason.deep_dive.skip" and depth == 2 and params["safe"] == round(100 * safe)
    state, seat, action, key, params = _at_lesson_move("deep_dive", 6)
    taken = next(event for event in state.apply(seat, action) if event["type"] == "take")
    assert (key, params) == ("learn.reason.deep_dive.food", {"points": 3, "colour_key": "deep_dive.colour.green"})
    assert taken["tile"] == "food:green:3"
    assert coach.reason_text(hints.Hint(action, key, params), "ja") == "緑のフード3点を持ち帰れます。"


def test_colorse_names_what_a_sign_wins_and_how_full_the_box_gets():
    _, _, action, key, params = _at_lesson_move("colorse", 18)
    assert action["sign"] == "zorf" and (key, params["count"]) == ("learn.reason.colorse.sign", 2)
    assert coach.reason_text(hints.Hint(action, key, params), "en") == "Zōf beats Dō and takes 2 common cards."
    state, seat, action, key, params = _at_lesson_move("colorse", 22)
    state.apply(seat, action)
    assert key == "learn.reason.colorse.fills"
    assert params["count"] == sum(entry is not None for entry in state.boxes[seat]) == 1


def test_every_reason_of_a_played_game_has_its_words_in_both_languages():
    for game in games.built_in():
        plan, state = lessons.lesson(game), lessons.start(game, 1)
        spec = games.get(game)
        for seat, action in plan.script:
            legal = state.legal_actions(seat)
            key, params = spec.hint_reason(state.view(seat), action, legal)
            for locale in ("en", "ja"):
                text = coach.reason_text(hints.Hint(action, key, params), locale)
                assert "{" not in text and key not in text, (game, key, locale, text)
            state.apply(seat, action)


@pytest.mark.parametrize("game", games.built_in())
def test_every_legal_move_of_a_random_game_gets_a_reason_in_words(game):
    spec, rng = games.get(game), random.Random(3)
    state = spec.new(spec.max_players, None, 3)
    while not state.finished:
        acting = [seat for seat in state.to_act() if seat >= 0]
        if not acting:
            state.apply(-1, {"type": "timeout"})
            continue
        seat = rng.choice(acting)
        legal, view = state.legal_actions(seat), state.view(seat)
        for action in legal[:12]:
            key, params = spec.hint_reason(view, action, legal)
            for locale in ("en", "ja"):
                text = coach.reason_text(hints.Hint(action, key, params), locale)
                assert "{" not in text and not text.startswith("learn."), (action, text)
        state.apply(seat, rng.choice(legal))
