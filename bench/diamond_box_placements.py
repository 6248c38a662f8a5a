"""Diamond Box's legal placements per move: the board as played (its windows kept up to date move by move) against
the same position found from scratch (a state rebuilt from its dict), in one run.

    .venv/bin/python bench/diamond_box_placements.py [--games 30] [--players 2,3,4] [--seed 0]

Plays seeded games as the bench's person does (a random one of the 25 best placements, the table's select). Each
move is applied, and the next seat's placements listed, twice: on the played state, and on a copy rebuilt from
`to_dict()` just before, its board's windows left to find from scratch (as every move did when a placement cleared
them); both must list the same. Also times `Board.copy()` (the strong AI copies the board for every determinisation).
Prints the mean and median µs per move and the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.diamond_box import SPEC  # noqa: E402
from games.diamond_box.geometry import Board  # noqa: E402
from games.diamond_box.rules import DiamondBoxState  # noqa: E402


def timed(call) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1e6, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30, help="games per player count")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    played, fresh, copies = [], [], []

    def move(state: DiamondBoxState, action: dict) -> list:
        state.apply(state.to_act()[0], dict(action))
        return state._placements()

    for players in map(int, args.players.split(",")):
        for seed in range(args.seed, args.seed + args.games):
            state = SPEC.new(players, {}, seed=seed)
            rng = random.Random(f"placements/{seed}")
            state._placements()
            while not state.finished:
                action = rng.choice(state.ranked_placements()[:25])[0]
                rebuilt = DiamondBoxState.from_dict(state.to_dict())
                rebuilt._placements()  # listed, as the played state's are (apply checks the action against them)
                rebuilt.board = Board(rebuilt.board.grid)  # its windows not found
                copies.append(timed(state.board.copy)[0])
                spent, listed = timed(lambda: move(state, action))
                played.append(spent)
                spent, again = timed(lambda: move(rebuilt, action))
                fresh.append(spent)
                assert listed == again, "the played board and the rebuilt one disagree"
    print(f"moves {len(played)}; µs per move (apply, then the next seat's placements), mean / median")
    print(f"  placements, board as played   {statistics.fmean(played):8.0f} {statistics.median(played):8.0f}")
    print(f"  placements, from scratch      {statistics.fmean(fresh):8.0f} {statistics.median(fresh):8.0f}")
    print(f"  Board.copy()                  {statistics.fmean(copies):8.0f} {statistics.median(copies):8.0f}")
    print(f"  ratio played / from scratch   {statistics.fmean(played) / statistics.fmean(fresh):8.2f}")


if __name__ == "__main__":
    main()
