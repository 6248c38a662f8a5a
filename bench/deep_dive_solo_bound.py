"""An upper bound for DEEP DIVE solo against the hard automaton: an omniscient diver.

    nice -n 19 .venv/bin/python bench/deep_dive_solo_bound.py [--games 200] [--seed 22000] [--width 100] [--own]

The diver reads the true face-down order from the state (bench only: never a level) and plans the whole game with a
beam search over rounds (one dive of the diver and the automaton's turn, every distinct way a dive can end, and the
diver's choice when the automaton ties), keeping the `width` best states by the margin so far. Once the order is
known the game is deterministic, so the best plan found is played for real through the engine (its actions replayed
on the same seed) and the engine's final scores are the figures. A beam can miss the best plan (the figures are
what an omniscient diver reaches at least); the table shows the width's effect.
Prints the mean scores of the diver and of the automaton,
the share of games the diver won (ties by score counted as won) and the mean number of the diver's turns.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.deep_dive import scoring, tiles  # noqa: E402
from games.deep_dive.automaton import food_candidates  # noqa: E402
from games.deep_dive.rules import DeepDiveState  # noqa: E402

DEPTHS = 5
COLOURS = tiles.colours()
RULE = tiles.setup_data()["automaton_scoring"]["hard"]
PENGUINS = tiles.penguins_per_player()
FLIP, KEEP, DEEPER, SKIP = {"type": "flip"}, {"type": "keep"}, {"type": "deeper"}, {"type": "skip"}


def _food(tile: str):
    return tiles.parse_food(tile)


def _with(row: tuple, tile: str) -> tuple:
    return tuple(sorted(row + (tile,)))


def _without(row: tuple, tile: str) -> tuple:
    items = list(row)
    items.remove(tile)
    return tuple(items)


def _set(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1 :]


class Plan:
    """The solo game with the order known. A state is a tuple:
    (ptr, up, cols, rocks, trapped, bot_depth, bot_counts, bot_score, triggered, last_dive), where ptr counts the
    tiles flipped per depth, up holds the face-up food/rocks per depth (sorted), cols the diver's columns."""

    def __init__(self, order: list[list[str]]) -> None:
        self.order = order
        self.sizes = tuple(len(pile) for pile in order)

    def start(self) -> tuple:
        return ((0,) * DEPTHS, ((),) * DEPTHS, ((),) * len(COLOURS), 0, (), 1, (0,) * len(COLOURS), 0, False, False)

    def spent(self, ptr, up, depth) -> bool:
        return ptr[depth - 1] == self.sizes[depth - 1] and not up[depth - 1]

    # --- the diver's turn: every distinct way a dive can end -------------------------------------------------
    def dives(self, state: tuple) -> dict:
        ptr, up, cols, rocks, trapped, *_ = state
        out: dict = {}

        def end(acts, ptr, up, cols, rocks, trapped, trig):
            key = (ptr, up, cols, rocks, trapped, trig)
            if key not in out:
                out[key] = acts

        def acquire(acts, ptr, up, rocks, trapped, trig, tile):
            if tile == tiles.ROCK:
                end(acts, ptr, up, cols, rocks + 1, trapped, trig)
            else:
                colour, points = _food(tile)
                index = COLOURS.index(colour)
                end(acts, ptr, up, _set(cols, index, cols[index] + (points,)), rocks, trapped, trig)

        def at(depth, acts, ptr, up, rocks, trig, at_start):
            while depth <= DEPTHS and self.spent(ptr, up, depth):
                depth += 1
            if depth > DEPTHS:
                end(acts, ptr, up, cols, rocks, trapped, trig)
                return
            if at_start and rocks:
                for deeper in range(depth + 1, DEPTHS + 1):
                    if not self.spent(ptr, up, deeper):
                        at(deeper, acts + [{"type": "swallow", "depth": deeper}], ptr, up, rocks - 1, trig, False)
            row = up[depth - 1]
            for tile in sorted(set(row)):
                acquire(
                    acts + [{"type": "take", "tile": tile}],
                    ptr,
                    _set(up, depth - 1, _without(row, tile)),
                    rocks,
                    trapped,
                    trig,
                    tile,
                )
            if ptr[depth - 1] < self.sizes[depth - 1]:
                tile = self.order[depth - 1][ptr[depth - 1]]
                after = _set(ptr, depth - 1, ptr[depth - 1] + 1)
                now = trig or after[depth - 1] == self.sizes[depth - 1]
                flipped = acts + [FLIP]
                if tile == tiles.PREDATOR:
                    caught = trapped + (depth,)
                    if len(caught) < PENGUINS:
                        end(flipped, after, up, cols, rocks, tuple(sorted(caught)), now)
                    else:
                        choices = [(where, got) for where in sorted(set(caught)) for got in sorted(set(up[where - 1]))]
                        refuse = [{"type": "retreat_take", "depth": None}] if choices else []
                        end(flipped + refuse, after, up, cols, rocks, (), now)
                        for where in sorted(set(caught)):
                            for got in sorted(set(up[where - 1])):
                                take = {"type": "retreat_take", "depth": where, "tile": got}
                                left = _set(up, where - 1, _without(up[where - 1], got))
                                acquire(flipped + [take], after, left, rocks, (), now, got)
                elif tile == tiles.WATER:
                    at(depth + 1, flipped, after, up, rocks, now, False)
                elif depth == DEPTHS:
                    acquire(flipped, after, up, rocks, trapped, now, tile)
                else:
                    acquire(flipped + [KEEP], after, up, rocks, trapped, now, tile)
                    at(depth + 1, flipped + [DEEPER], after, _set(up, depth - 1, _with(row, tile)), rocks, now, False)
            if depth in trapped or (trig and ptr[depth - 1] == self.sizes[depth - 1]):
                at(depth + 1, acts + [SKIP], ptr, up, rocks, trig, False)

        at(1, [], ptr, up, rocks, state[8], True)
        return out

    # --- the automaton's turn ---------------------------------------------------------------------------------
    def automaton(self, ptr, up, bot_depth, counts, score, trig) -> list:
        """[(acts, ptr, up, bot_depth, counts, score, trig)]: one entry, or one per tie the diver may break."""
        for _ in range(DEPTHS):
            if ptr[bot_depth - 1] < self.sizes[bot_depth - 1]:
                break
            bot_depth = bot_depth % DEPTHS + 1
        else:
            return [([], ptr, up, bot_depth, counts, score, trig)]
        depth = bot_depth
        tile = self.order[depth - 1][ptr[depth - 1]]
        ptr = _set(ptr, depth - 1, ptr[depth - 1] + 1)
        trig = trig or ptr[depth - 1] == self.sizes[depth - 1]
        bot_depth = depth % DEPTHS + 1
        if tile != tiles.PREDATOR:
            return [([], ptr, up, bot_depth, *self.bot_takes(counts, score, tile), trig)]
        columns = {colour: [0] * count for colour, count in zip(COLOURS, counts)}
        options = food_candidates(list(up[depth - 1]), columns)
        if not options:
            return [([], ptr, up, bot_depth, counts, score, trig)]
        acts = (lambda tile: [{"type": "automaton_pick", "tile": tile}]) if len(options) > 1 else (lambda tile: [])
        return [
            (
                acts(tile),
                ptr,
                _set(up, depth - 1, _without(up[depth - 1], tile)),
                bot_depth,
                *self.bot_takes(counts, score, tile),
                trig,
            )
            for tile in options
        ]

    @staticmethod
    def bot_takes(counts, score, tile):
        if tile == tiles.WATER:
            return counts, score + RULE["water"]
        if tile == tiles.ROCK:
            return counts, score + RULE["rock"]
        colour, points = _food(tile)
        index = COLOURS.index(colour)
        return _set(counts, index, counts[index] + 1), score + points

    def rounds(self, state: tuple) -> list:
        """Every distinct state after one dive and the automaton's turn: [(acts, state, finished)]."""
        result = []
        bot_depth, counts, score, _, last = state[5:]
        for (ptr, up, cols, rocks, trapped, trig), acts in self.dives(state).items():
            for more, ptr2, up2, depth2, counts2, score2, trig2 in self.automaton(
                ptr, up, bot_depth, counts, score, trig
            ):
                nxt = (ptr2, up2, cols, rocks, trapped, depth2, counts2, score2, trig2, last or trig2)
                result.append((acts + more, nxt, last))
        return result


def diver_score(cols: tuple) -> int:
    return scoring.row_score(dict(zip(COLOURS, (list(c) for c in cols))))


def outlook(state: tuple, own: bool = False) -> float:
    """The beam's ranking: the margin so far (`own`: the diver's score alone), incomplete rows counted between half
    and full."""
    cols = state[2]
    height = max(len(c) for c in cols)
    value = 0.0
    for i in range(height):
        points = [c[i] for c in cols if i < len(c)]
        value += sum(points) * (1.0 if len(points) == len(cols) else 0.5 + 0.15 * len(points))
    return value + 0.5 * state[3] - (0 if own else state[7])


def plan_game(order: list[list[str]], width: int, own: bool = False) -> tuple[list[dict], int, int]:
    """The best plan the beam finds: (actions, diver score, automaton score) as the plan model counts them.
    The best by margin; with `own`, by the diver's own score (the automaton ignored)."""
    plan = Plan(order)
    goal = (lambda mine, bot: (mine, -bot)) if own else (lambda mine, bot: (mine - bot, mine))
    beam = [(plan.start(), None)]
    best = None
    while beam:
        children: dict = {}
        for state, path in beam:
            for acts, nxt, finished in plan.rounds(state):
                if finished:
                    mine, bot = diver_score(nxt[2]), nxt[7]
                    if best is None or goal(mine, bot) > goal(best[1], best[2]):
                        best = ((path, acts), mine, bot)
                elif nxt not in children:
                    children[nxt] = (path, acts)
        ranked = sorted(children, key=lambda state: outlook(state, own), reverse=True)[:width]
        beam = [(state, children[state]) for state in ranked]
    path, actions = best[0], []
    while path is not None:
        path, acts = path
        actions[:0] = acts
    return actions, best[1], best[2]


def play(seed: int, width: int, own: bool = False) -> tuple[int, int, int]:
    state = DeepDiveState.new_game(1, {"difficulty": "hard"}, seed, rules=1)
    order = [list(pile) for pile in state.face_down]  # the omniscient read: the true face-down order
    actions, mine, bot = plan_game(order, width, own)
    turns = 1  # the first dive starts with the game
    for action in actions:
        turns += sum(event["type"] == "dive_start" for event in state.apply(0, action))
    assert state.finished, f"seed {seed}: the plan did not end the game"
    result = state.result()
    assert (result["scores"][0], result["automaton"]["score"]) == (mine, bot), f"seed {seed}: model and engine differ"
    return mine, bot, turns


def fresh_odds() -> tuple[float, float]:
    """Without foresight, on a fresh ocean: (the best expected food points of one dive for a diver free to start at
    and skip any depth, judging the odds perfectly; the hard automaton's expected points a flip, predators aside)."""
    worth = {tiles.WATER: RULE["water"], tiles.ROCK: RULE["rock"], tiles.PREDATOR: 0}
    best, automaton = 0.0, []
    for counts in reversed(tiles.composition(1)):
        total = sum(counts.values())
        points = {tile: (_food(tile) or (None, 0))[1] for tile in counts}
        flip = (
            sum(
                count * (best if tile == tiles.WATER else 0.0 if tile == tiles.PREDATOR else max(points[tile], best))
                for tile, count in counts.items()
            )
            / total
        )
        best = max(best, flip)
        automaton.append(sum(count * worth.get(tile, points[tile]) for tile, count in counts.items()) / total)
    return best, statistics.mean(automaton)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=22_000, help="seed of the first game (the bench's seeds)")
    parser.add_argument("--width", type=int, action="append", help="beam widths to compare (default 100)")
    parser.add_argument(
        "--own",
        action="store_true",
        help="plan for the diver's own score alone (how much of the margin is the automaton starved)",
    )
    args = parser.parse_args()
    dive, flip = fresh_odds()
    print(
        f"without foresight, fresh ocean: one dive (any start, free skips) {dive:.2f} food points at best; "
        f"the hard automaton {flip:.2f} a flip besides what predators hand it"
    )
    print(
        f"{'width':>6} {'games':>5} {'seeds':>12} {'diver':>6} {'automaton':>9} {'margin':>7} {'won':>5} "
        f"{'turns':>5} {'s':>5}"
    )
    for width in args.width or [100]:
        start = time.perf_counter()
        scores = [play(args.seed + number, width, args.own) for number in range(args.games)]
        mine, bot, turns = ([row[i] for row in scores] for i in range(3))
        won = sum(m >= b for m, b, _ in scores) / len(scores)
        seeds = f"{args.seed}-{args.seed + args.games - 1}"
        print(
            f"{width:>6} {args.games:>5} {seeds:>12} {statistics.mean(mine):>6.1f} {statistics.mean(bot):>9.1f} "
            f"{statistics.mean(mine) - statistics.mean(bot):>7.1f} {won:>5.0%} {statistics.mean(turns):>5.1f} "
            f"{time.perf_counter() - start:>5.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
