"""Writes `<game>.json` beside this file: states saved mid-game and at the end, each with the action played next
and the state after it. The files in the repository were written by the code before states carried a rules
version, and must stay as they are: `tests/games/test_saved_states.py` proves such states still load and play.

    .venv/bin/python -m tests.games.saved_states.capture
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import games

HERE = Path(__file__).parent
CASES = {game: [(games.get(game).max_players, seed) for seed in (1, 2)] for game in games.ids() if game != "tiny"}
CASES["deep_dive"].append((1, 3))  # solo: the automaton's fields


def positions(game: str, players: int, seed: int) -> list[dict]:
    spec = games.get(game)
    state, rng, found, step = spec.new(players, {}, seed), random.Random(seed), [], 0
    while True:
        acting = [seat for seat in state.to_act() if seat >= 0] or ([games.SYSTEM] if state.deadline() else [])
        if state.finished or not acting:
            found.append({"players": players, "state": state.to_json(), "seat": None, "action": None, "after": None})
            return found
        seat = acting[0]
        action = rng.choice(state.legal_actions(seat))
        if step in (0, 3, 11, 40) or step % 97 == 50:
            before = state.to_json()
            state.apply(seat, action)
            found.append(
                {"players": players, "state": before, "seat": seat, "action": action, "after": state.to_json()}
            )
        else:
            state.apply(seat, action)
        step += 1


def main() -> None:
    for game, cases in CASES.items():
        saved = [position for players, seed in cases for position in positions(game, players, seed)]
        (HERE / f"{game}.json").write_text(json.dumps(saved, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        print(game, len(saved))


if __name__ == "__main__":
    main()
