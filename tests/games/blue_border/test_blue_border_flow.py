"""Turns (take, pass, covered piles), deck exhaustion, the win on G, and rounds."""

from games.blue_border import SPEC

from .helpers import (
    BASELINE,
    call,
    close_window,
    dive,
    dive_deck,
    new,
    numbers,
    of_type,
    take_deck,
    take_until_round_ends,
)


def test_setup_turns_the_first_four_cards_into_piles_and_the_start_diver_begins():
    state = new(list(range(1, 33)), players=3, start=2)
    assert state.piles == [[1], [2], [3], [4]] and state.deck[0] == 5 and len(state.deck) == 28
    assert state.phase == "turn" and state.active == 2


def test_a_take_fills_the_next_slot_and_an_emptied_pile_is_refilled_from_the_deck():
    state = new(list(range(1, 33)), players=2)
    events = state.apply(0, {"type": "take", "source": "pile", "pile": 1})
    assert of_type(events, "took")[0] == {
        "type": "took",
        "seat": 0,
        "source": "pile",
        "pile": 1,
        "pile_number": 2,
        "slot": "A",
    }
    assert numbers(state, 0) == [2] and state.piles[1] == [5] and state.deck[0] == 6
    assert state.phase == "call_window" and state.to_act() == [1]


def test_a_pass_covers_the_chosen_pile_and_opens_no_window():
    state = new(list(range(1, 33)), players=2)
    events = state.apply(0, {"type": "pass", "pile": 3})
    assert events == [{"type": "passed", "seat": 0, "pile": 3, "pile_number": 4}]
    assert state.piles[3] == [4, 5] and state.boards[0] == []
    assert state.phase == "turn" and state.active == 1


def test_a_covered_card_comes_back_when_the_card_above_is_taken():
    state = new(list(range(1, 33)), players=2)
    state.apply(0, {"type": "pass", "pile": 3})
    state.apply(1, {"type": "take", "source": "pile", "pile": 3})
    assert numbers(state, 1) == [5]
    assert state.piles[3] == [4] and state.deck[0] == 6  # not refilled: the pile is not empty


def test_a_take_is_final_there_is_no_pass_once_the_card_is_placed():
    state = new(list(range(1, 33)), players=2)
    take_deck(state)
    assert all(action["type"] not in ("pass", "take") for action in state.legal_actions(0))


def test_the_deck_is_rebuilt_as_soon_as_its_last_card_is_taken():
    """Seed ⑧: 14 is passed onto pile 0 (burying 10), 20 is called off into the discard, then the deck's last
    card (5) is taken: field and discard are shuffled at once into a new deck and 4 fresh piles."""
    state = new([10, 11, 12, 13, 14, 20, 5], players=2)
    state.apply(0, {"type": "pass", "pile": 0})  # pile 0: [10, 14]
    take_deck(state)  # seat 1: A = 20, illegal
    call(state, 0)
    state.apply(0, {"type": "reward", "source": "none"})
    assert state.active == 0 and state.deck == [5] and state.discard == [20]
    events = take_deck(state)  # seat 0 takes 5, the deck's last card
    assert of_type(events, "deck_reshuffled") == [{"type": "deck_reshuffled", "deck_count": 2}]
    assert all(len(pile) == 1 for pile in state.piles) and len(state.deck) == 2 and state.discard == []
    assert sorted(state.deck + [n for pile in state.piles for n in pile]) == [10, 11, 12, 13, 14, 20]
    close_window(state)
    assert {"type": "take", "source": "deck"} in state.legal_actions(1)
    assert any(action["type"] == "pass" for action in state.legal_actions(1))


def test_a_pass_turning_the_last_card_rebuilds_the_deck_at_once():
    state = new([1, 2, 3, 4, 10], players=2)
    events = state.apply(0, {"type": "pass", "pile": 0})  # pile 0: [1, 10], the deck is empty
    assert of_type(events, "deck_reshuffled") == [{"type": "deck_reshuffled", "deck_count": 1}]
    assert all(len(pile) == 1 for pile in state.piles) and len(state.deck) == 1


def test_with_too_few_cards_off_the_boards_the_piles_show_them_all_and_the_deck_stays_empty():
    state = new([1, 2, 3, 4, 10], players=2)
    take_deck(state)  # seat 0 takes 10: the deck is empty, nothing is buried or discarded
    assert state.deck == [] and state.piles == [[1], [2], [3], [4]]
    close_window(state)
    assert {"type": "take", "source": "deck"} not in state.legal_actions(1)


def test_the_discard_goes_into_the_new_deck():
    state = new([1, 2, 3, 4, 10, 5, 30], players=2)
    take_deck(state)  # seat 0: A = 10, illegal
    call(state, 1)  # 10 is discarded
    state.apply(1, {"type": "reward", "source": "none"})
    take_deck(state)  # seat 1 takes 5
    close_window(state)
    events = take_deck(state)  # seat 0 takes 30, the deck's last card
    assert of_type(events, "deck_reshuffled") == [{"type": "deck_reshuffled", "deck_count": 1}]
    assert sorted(state.deck + [n for pile in state.piles for n in pile]) == [1, 2, 3, 4, 10]
    assert state.discard == [] and numbers(state, 0) == [30] and numbers(state, 1) == [5]  # boards stay


def test_when_every_card_is_on_a_board_the_round_ends_with_no_winner():
    state = new([1, 2, 3, 4], players=2)
    events = []
    for pile in range(4):
        events += state.apply(state.active, {"type": "take", "source": "pile", "pile": pile})
        events += close_window(state)
    assert of_type(events, "round_drawn") and of_type(events, "game_drawn")
    assert state.finished and state.result() == {"winners": [], "scores": [0, 0]}
    assert state.ranks() == [0, 0]  # nobody won: a tie of all


def test_filling_g_wins_when_the_window_closes_without_a_call():
    state = dive(BASELINE)
    events = state.apply(1, {"type": "no_call"})
    assert of_type(events, "round_won")[0]["seat"] == 0
    assert of_type(events, "game_won")[0]["winner_seats"] == [0]
    assert state.finished and state.result() == {"winners": [0], "scores": [1, 0]}
    assert state.legal_actions(1) == [] and state.deadline() is None


def test_an_illegal_g_nobody_calls_still_wins():
    state = dive(BASELINE[:6] + [10])
    state.apply(1, {"type": "no_call"})
    assert state.finished and state.result()["winners"] == [0]


def test_a_failed_call_on_g_lets_the_diver_win():
    state = dive(BASELINE)
    events = call(state, 1)
    assert of_type(events, "call_failed") and of_type(events, "round_won")[0]["seat"] == 0
    assert state.finished and state.result()["winners"] == [0]


def test_a_successful_call_on_g_stops_the_win():
    state = dive(BASELINE[:6] + [10])  # G = 10 > border
    events = call(state, 1)
    assert of_type(events, "call_succeeded")[0]["discarded"] == [13, 10]
    assert not state.finished and numbers(state, 0) == BASELINE[:5]
    assert state.phase == "reward"


def test_a_timeout_closing_the_window_on_g_wins():
    state = dive(BASELINE)
    events = state.apply(-1, {"type": "timeout"})
    assert of_type(events, "window_closed")[0]["timeout"] is True and state.finished


def rounds_game(**options):
    """Two divers; in every round the start diver receives the baseline dive and nobody calls."""
    decks = [dive_deck(BASELINE, 2, diver=r % 2, start=r % 2) for r in range(5)]
    return SPEC.new(2, {"stacked": {"decks": decks, "start": 0}, **options}, seed=7)


def test_shuffled_rounds_draw_border_and_bottoms_each_round_and_announce_them():
    state = rounds_game(rounds=3, round_settings="shuffle")
    seen = [(state.border, state.bottoms)]
    events = take_until_round_ends(state)
    started = of_type(events, "round_started")[0]
    assert of_type(events, "round_won")[0]["seat"] == 0
    assert started["round"] == 2 and started["start_seat"] == 1  # clockwise of the previous start
    assert (started["border"], started["bottoms"]) == (state.border, state.bottoms)
    assert state.view(None)["settings"]["border"] == state.border
    assert state.boards == [[], []] and state.discard == [] and state.round_scores == [1, 0]
    assert sorted(state.deck + [n for pile in state.piles for n in pile]) == list(range(1, 33))
    seen.append((state.border, state.bottoms))
    take_until_round_ends(state)  # seat 1 starts and wins round 2
    seen.append((state.border, state.bottoms))
    assert state.round == 3 and state.round_scores == [1, 1] and state.active == 0
    events = take_until_round_ends(state)
    assert of_type(events, "game_won")[0]["winner_seats"] == [0]
    assert state.finished and state.result() == {"winners": [0], "scores": [2, 1]}
    assert all(border in (8, 9) and bottoms in (24, 25, 26) for border, bottoms in seen)


def test_a_shuffled_border_is_the_one_calls_are_judged_by():
    outcomes = set()
    for seed in range(12):
        state = dive([9], seed=seed, round_settings="shuffle")  # A = 9: legal only under border 9
        succeeded = bool(of_type(call(state, 1), "call_succeeded"))
        assert succeeded == (state.border == 8)
        outcomes.add(succeeded)
    assert outcomes == {True, False}


def test_listed_round_settings_apply_round_by_round_then_fall_back_to_the_options():
    state = rounds_game(rounds=5, border=9, bottoms=25, round_settings=[{"border": 8, "bottoms": 24}, {"bottoms": 26}])
    assert (state.border, state.bottoms) == (8, 24)
    take_until_round_ends(state)
    assert (state.border, state.bottoms) == (9, 26)
    take_until_round_ends(state)
    assert (state.border, state.bottoms) == (9, 25)


def test_a_majority_of_rounds_ends_the_game_early():
    state = rounds_game(rounds=5)
    for _ in range(4):
        take_until_round_ends(state)  # the start diver alternates and wins each round
    assert not state.finished and state.round_scores == [2, 2]
    take_until_round_ends(state)
    assert state.finished and state.result() == {"winners": [0], "scores": [3, 2]}
    assert state.ranks() == [0, 1]


def test_the_final_order_is_rounds_won():
    """A finished five-round game's saved state given four divers: rounds won rank them, equal counts tied."""
    state = rounds_game(rounds=5)
    for _ in range(5):
        take_until_round_ends(state)
    data = state.to_dict()
    data["players"], data["round_scores"], data["winner_seats"] = 4, [3, 0, 1, 1], [0]
    assert SPEC.state_class.from_dict(data).ranks() == [0, 2, 1, 1]


def test_rounds_past_the_stacked_decks_use_a_fresh_shuffle_of_all_cards():
    state = SPEC.new(2, {"stacked": {"deck": dive_deck(BASELINE), "start": 0}, "rounds": 3}, seed=3)
    take_until_round_ends(state)
    assert state.round == 2 and state.active == 1
    assert sorted(state.deck + [n for pile in state.piles for n in pile]) == list(range(1, 33))
