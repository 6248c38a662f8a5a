import random

from games.diamond_box import SPEC, choose, penalty_of

from .diamond_box_support import fillers, stacked_state

GREEN = "green:BBBWWW"


def test_both_levels_choose_a_legal_least_penalty_placement_in_ordinary_positions():
    for seed in range(8):
        state = SPEC.new(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(6):
            if state.finished:
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            least = min(state.penalty_of(a) for a in legal)
            for level in SPEC.ai_levels:
                action = choose(view, legal, rng, level)
                assert action in legal
                if view["deck_count"] > 6:  # far from the end, penalty comes first
                    assert state.penalty_of(action) == least
            state.apply(seat, rng.choice(legal))


def test_penalty_of_a_view_matches_the_engine():
    state = SPEC.new(2, seed=5)
    seat = state.to_act()[0]
    view = state.view(seat)
    for action in state.legal_actions(seat):
        assert penalty_of(view, action) == state.penalty_of(action)


def test_normal_ends_the_game_with_a_penalty_when_that_leaves_it_the_fewest_cards():
    hand = [GREEN, *fillers(4)]
    state = stacked_state([hand, fillers(5, hand)], extra=1)
    data = state.to_dict()
    data["hands"][0] = data["hands"][0][:3]  # three cards against five, one card left in the deck
    state = SPEC.state_class.from_dict(data)
    legal = state.legal_actions(0)
    assert min(state.penalty_of(a) for a in legal) == 0
    action = choose(state.view(0), legal, random.Random(0), "normal")
    assert state.penalty_of(action) > 0  # drawing the last card ends the game: 3 cards against 5
    state.apply(0, action)
    assert state.finished and state.result()["winners"] == [0]


def test_normal_beats_easy_and_both_crush_random_play():
    def share(levels, games, players):
        won = 0.0
        for seed in range(games):
            state = SPEC.new(players, seed=f"ai/{seed}")
            rng = random.Random(seed)
            hero = seed % players
            while not state.finished:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                level = levels[0] if seat == hero else levels[1]
                action = rng.choice(legal) if level == "random" else choose(state.view(seat), legal, rng, level)
                state.apply(seat, action)
            winners = state.result()["winners"]
            won += (hero in winners) / len(winners)
        return won / games

    assert share(("normal", "random"), 20, 4) >= 0.9
    assert share(("easy", "random"), 20, 2) >= 0.9
    assert share(("normal", "easy"), 30, 2) > 0.55
