"""Blue Border's, DEEP DIVE's and COLORSE's pictures drawn one after another in both languages, the public board
mixed with each seat's own view (as a render worker draws a table's moves and its players' private pictures), are
byte for byte the pictures drawn with empty caches: their rows, bands, panels, backdrops and parts pasted in one
pass are functions of what they show alone (see test_board_sequences.py for every game's public boards)."""
from __future__ import annotations

import random

import pytest

import bot.render as render
import games

# (game, players): the largest table of each, and DEEP DIVE alone against its automaton
CASES = [("blue_border", 4), ("deep_dive", 1), ("deep_dive", 4), ("colorse", 4)]


def image_module(game: str):
    return __import__(f"cogs.{game}.image", fromlist=["draw_board"])


def pictures(game: str, players: int, seed: int = 2, moves: int = 30) -> list[tuple[str, dict, str]]:
    """(label, view, locale) after each move of a game played at random: the public view, then the view of the seat
    that moved, in English and Japanese by turns."""
    spec = games.get(game)
    state, rng, seen = spec.new(players, {}, seed), random.Random(seed), []
    for number in range(moves):
        acting = [seat for seat in state.to_act() if seat >= 0]
        if state.finished or not acting:
            break
        seat = rng.choice(acting)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        locale = ("en", "ja")[number % 2]
        seen.append((f"{game} {players}p move {number + 1} public {locale}", state.view(None), locale))
        seen.append((f"{game} {players}p move {number + 1} seat {seat} {locale}", state.view(seat), locale))
    return seen


@pytest.mark.parametrize(("game", "players"), CASES)
def test_successive_pictures_are_the_pictures_drawn_fresh(game, players):
    sequence = pictures(game, players)
    assert len(sequence) >= 20
    draw = image_module(game).draw_board
    render.clear_caches()
    in_turn = [draw(view, locale) for _label, view, locale in sequence]
    for (label, view, locale), drawn in zip(sequence, in_turn):
        render.clear_caches()
        assert drawn == draw(view, locale), f"{label}: drawn after the pictures before it"
