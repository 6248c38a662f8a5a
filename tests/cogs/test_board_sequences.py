"""A game's public boards drawn one after another, as a render worker draws a table's moves, are byte for byte the
boards drawn with empty caches: whatever a picture reuses from the boards drawn before it (sprites at the same
place, layers, parts pasted in one pass, a frame pasted as its sides), it is a function of its view alone. Also with
another game's boards drawn in between, as a worker serving several tables does; and Blue Border's, DEEP DIVE's and
COLORSE's boards mixed with each seat's own view in both languages, as a worker draws a table's moves and its
players' private pictures."""

from __future__ import annotations

import random
from functools import cache

import pytest

import games
from bot.render.caches import clear_caches

SEEDS = {"diamond_box": range(1, 7), "bossa": range(1, 5)}  # other games: one seed (their games are longer)
# (game, players): every player count of the two games whose boards change most per move; one of each other game
CASES = [
    ("diamond_box", 2),
    ("diamond_box", 3),
    ("diamond_box", 4),
    ("bossa", 2),
    ("blue_border", 3),
    ("deep_dive", 2),
    ("colorse", 3),
]
OTHER = {
    "diamond_box": ("bossa", 2),
    "bossa": ("diamond_box", 4),
    "blue_border": ("diamond_box", 3),
    "deep_dive": ("bossa", 2),
    "colorse": ("diamond_box", 2),
}
# (game, players) for public and own views mixed: the largest table of each, and DEEP DIVE alone against its automaton
MIXED = [("blue_border", 4), ("deep_dive", 1), ("deep_dive", 4), ("colorse", 4)]


def image_module(game: str):
    return __import__(f"bot.faces.{game}.image", fromlist=["draw_board"])


def played(game: str, players: int, seed: int, moves: int):
    """(seat that moved, state) after each move of a game played at random (seeded), while anyone can move."""
    spec = games.get(game)
    state, rng = spec.new(players, {}, seed), random.Random(seed)
    for _ in range(moves):
        acting = [seat for seat in state.to_act() if seat >= 0]
        if state.finished or not acting:
            break
        seat = rng.choice(acting)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield seat, state


@cache
def views(game: str, players: int, seed: int, moves: int = 40) -> tuple[dict, ...]:
    """The public view after each move of a game played at random (seeded)."""
    return tuple(state.view(None) for _seat, state in played(game, players, seed, moves))


def boards(game: str, players: int) -> list[tuple[str, dict]]:
    return [
        (f"{game} {players}p seed {seed} move {number}", view)
        for seed in SEEDS.get(game, (1,))
        for number, view in enumerate(views(game, players, seed), 1)
    ]


def fresh(game: str, view: dict) -> bytes:
    clear_caches()
    return image_module(game).draw_board(view)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_successive_boards_are_the_boards_drawn_fresh(game, players):
    assert game in games.built_in()
    sequence = boards(game, players)
    assert len(sequence) >= 3 * len(SEEDS.get(game, (1,)))
    draw = image_module(game).draw_board
    clear_caches()
    in_turn = [draw(view) for _label, view in sequence]
    other_game, other_players = OTHER[game]
    others = [view for _label, view in boards(other_game, other_players)]
    clear_caches()
    interleaved = []
    for index, (_label, view) in enumerate(sequence):
        image_module(other_game).draw_board(others[index % len(others)])
        interleaved.append(draw(view))
    for (label, view), drawn, between in zip(sequence, in_turn, interleaved):
        expected = fresh(game, view)
        assert drawn == expected, f"{label}: drawn after the boards before it"
        assert between == expected, f"{label}: drawn with another game's boards in between"


def mixed(game: str, players: int, seed: int = 2, moves: int = 30) -> list[tuple[str, dict, str]]:
    """(label, view, locale) after each move: the public view, then the view of the seat that moved, in English and
    Japanese by turns."""
    seen = []
    for number, (seat, state) in enumerate(played(game, players, seed, moves), 1):
        locale = ("en", "ja")[number % 2]
        seen.append((f"{game} {players}p move {number} public {locale}", state.view(None), locale))
        seen.append((f"{game} {players}p move {number} seat {seat} {locale}", state.view(seat), locale))
    return seen


@pytest.mark.parametrize(("game", "players"), MIXED)
def test_public_and_own_views_in_both_languages_drawn_in_turn_are_the_pictures_drawn_fresh(game, players):
    sequence = mixed(game, players)
    assert len(sequence) >= 20
    draw = image_module(game).draw_board
    clear_caches()
    in_turn = [draw(view, locale) for _label, view, locale in sequence]
    for (label, view, locale), drawn in zip(sequence, in_turn):
        clear_caches()
        assert drawn == draw(view, locale), f"{label}: drawn after the pictures before it"
