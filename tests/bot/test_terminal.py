import asyncio

import pytest

from bot.terminal import play_in_terminal


@pytest.mark.parametrize("game, players", [("blue_border", 2), ("tiny", 3)])
async def test_a_terminal_game_runs_to_its_end_against_ai_seats(game, players):
    shown: list[str] = []
    answers = iter(["x", "99"] + ["1"] * 5000)  # nonsense first: asked again, nothing applied
    code = await play_in_terminal(game, players, 7, "en", read=lambda prompt: next(answers), write=shown.append)
    assert code == 0
    assert any(line.startswith("Game over") for line in shown)
    assert any("1." in line for line in shown)  # the numbered legal actions were offered
