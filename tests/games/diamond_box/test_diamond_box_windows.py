"""The board's windows, kept up to date card by card, against the same grid read from scratch: whole games, copies
and saved games."""

import gc
import random

import pytest

from games.diamond_box import SPEC
from games.diamond_box.cards import card_ids
from games.diamond_box.geometry import ROTATIONS, Board
from games.diamond_box.rules import DiamondBoxState

from .diamond_box_support import grid_of, oracle_placements, placement_keys

EVERY_ROTATION = ROTATIONS["all"]


def assert_reads_as_fresh(board: Board) -> None:
    """Every card's placements (rotation, x, y, covered) on `board` are those of a new board of its grid."""
    fresh = Board(board.grid)
    for card in card_ids():
        assert sorted(board.covering_placements(card, EVERY_ROTATION)) == sorted(
            fresh.covering_placements(card, EVERY_ROTATION)
        ), card
        assert sorted(board.placements(card, EVERY_ROTATION)) == sorted(fresh.placements(card, EVERY_ROTATION)), card


def play(players: int, seed: int, rotations: str, on_move) -> DiamondBoxState:
    """A seeded game: mostly one of the 25 best placements (the table's select), sometimes any legal one."""
    state = SPEC.new(players, {"rotations": rotations}, seed=seed)
    rng = random.Random(f"windows/{seed}")
    while not state.finished:
        seat = state.to_act()[0]
        options = state.ranked_placements()[:25] if rng.random() < 0.8 else state.placement_penalties()
        state.apply(seat, dict(rng.choice(options)[0]))
        on_move(state, rng)
    return state


@pytest.mark.parametrize(
    "players, rotations, seeds", [(2, "all", range(6)), (3, "half", range(6, 9)), (4, "all", range(9, 12))]
)
def test_after_every_placement_the_played_board_lists_what_a_fresh_board_of_its_grid_lists(players, rotations, seeds):
    moves = 0

    def check(state, _rng):
        nonlocal moves
        moves += 1
        assert_reads_as_fresh(state.board)

    for seed in seeds:
        play(players, seed, rotations, check)
    assert moves >= 10 * len(seeds)  # whole games, not a few opening moves


def test_a_copy_shares_nothing_with_its_board_as_both_go_on():
    copies = 0

    def check(state, rng):
        nonlocal copies
        assert_reads_as_fresh(state.board)  # every window asked for: the copy inherits full caches
        copy = state.board.copy()
        grid = dict(state.board.grid)
        # The copy goes on alone: a legal placement, then another of a card the copy then holds.
        for _ in range(2):
            card = rng.choice(card_ids())
            options = copy.placements(card, EVERY_ROTATION)
            rotation, x, y, _ = rng.choice(sorted(options))
            copy.place(card, rotation, x, y)
        copies += 1
        assert state.board.grid == grid
        assert_reads_as_fresh(state.board)
        assert_reads_as_fresh(copy)

    for seed in (21, 22):
        play(2, seed, "all", check)
    assert copies > 20


def test_a_game_saved_and_loaded_at_any_move_lists_the_same_actions_and_goes_on_alike():
    def check(state, rng):
        if state.finished:
            return
        seat = state.to_act()[0]
        loaded = DiamondBoxState.from_dict(state.to_dict())
        assert loaded.to_json() == state.to_json()
        assert loaded.legal_actions(seat) == state.legal_actions(seat)  # the same order, not only the same set
        assert set(placement_keys(state.legal_actions(seat))) == oracle_placements(
            grid_of(state), state.hands[seat], state.rotations
        )
        action = rng.choice(state.legal_actions(seat))
        twin = DiamondBoxState.from_dict(state.to_dict())
        twin.apply(seat, dict(action))
        again = DiamondBoxState.from_dict(twin.to_dict())
        if not twin.finished:
            after = twin.to_act()[0]
            assert twin.legal_actions(after) == again.legal_actions(after)

    for seed in (31, 32):
        play(2, seed, "all", check)


def test_a_boards_windows_leave_the_garbage_collector_nothing_to_walk():
    """A board keeps hundreds of windows, updated at every placement: each is plain values (the colours it sees as
    bits, not a set), so once the collector has looked at them it never walks them again."""
    state = play(3, 4, "all", lambda state, rng: None)
    board = Board(state.board.grid)
    for card in card_ids()[:3]:
        board.covering_placements(card, EVERY_ROTATION)  # both shapes' windows found
    gc.collect()
    gc.collect()  # a tuple is let go once what it holds is: (letters, window) after its window
    windows = [entry for shape in board._windows.values() for entry in shape.values()]
    assert len(windows) > 100 and not any(gc.is_tracked(entry) for entry in windows)
