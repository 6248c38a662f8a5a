"""DEEP DIVE rules (docs/rules/deep_dive.md): dives, trapped penguins, the end, solo automaton.

Depths are numbered 1..5. Each depth holds a face-down pile (flipped from the front: the shuffle fixes the order)
and a row of face-up tiles; a face-up predator may carry one trapped penguin (its owner's seat).
Phases: "dive" (the diver is at `depth`, may take/flip/skip, and swallow at the start of the turn),
"revealed" (food or a rock just flipped: keep or go deeper), "retreat" (third penguin trapped: take one tile),
"automaton_pick" (solo: the human breaks the automaton's tie), "over".

The final order (`ranks`) is the rules' own for every seat: points, then complete rows, equal on both a tie. A solo
game ranks its one seat alone (the automaton is no seat).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.contract import SYSTEM, Codec, Deadline, GameState, IllegalAction, Rng, places
from games.deep_dive import scoring, tiles
from games.deep_dive.ai import choose
from games.deep_dive.automaton import food_candidates
from games.deep_dive.tiles import PREDATOR, ROCK, WATER
from games.deep_dive.view import build_view

HUMAN = 0  # the only seat in a solo game


def _counts_codec() -> Codec:
    """A list of Counters, one per depth: written as their dicts, read back as Counters."""
    return Codec(load=lambda saved: [Counter(each) for each in saved])


class DeepDiveState(GameState):
    FIELDS = (  # what a saved state holds (games.contract)
        "players",
        "options",
        "start_seat",
        "current",
        "phase",
        "depth",
        "at_start",
        "flipped",
        "end_triggered",
        "last_dive",
        "face_down",
        "removed",
        "trapped",
        "retreat_depths",
        "rocks",
        "face_up",
        "columns",
        "automaton",
        "outcome",
        "composition",
        "revealed",
    )
    start_seat: int
    current: int  # the seat diving
    phase: str  # "dive", "revealed", "retreat", "automaton_pick" or "over"
    depth: int  # 1..5, where the diver is
    at_start: bool  # the diver has not yet acted this turn
    flipped: str | None  # the food or rock awaiting keep/deeper
    end_triggered: bool
    last_dive: bool
    face_down: list[list[str]]  # per depth, the pile in flipping order
    removed: list[list[str]]  # per depth, out of the game unseen
    trapped: list[list[int]]  # per seat, depths of trapped penguins in trapping order
    retreat_depths: list[int]  # depths a retreating diver may take from
    rocks: list[int]  # per seat
    face_up: list[list[dict[str, Any]]]  # per depth: {"tile", "penguin_seat"}
    columns: list[dict[str, list[int]]]  # per seat: colour -> points kept
    automaton: dict[str, Any] | None  # solo only: the automaton's dive
    outcome: dict[str, Any] | None  # set once the game is over
    composition: list[Counter[str]]  # per depth, the tiles in play
    revealed: list[Counter[str]]  # per depth, the tiles seen face up
    CODECS = {"composition": _counts_codec(), "revealed": _counts_codec()}

    # --- setup ---------------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, options: dict, seed: int | str, rules: int) -> DeepDiveState:
        state = cls(rules)
        state.players, state.options, state.rng = players, dict(options), Rng(seed)
        depths = tiles.depth_count()
        stacked = options.get("stacked")
        if stacked is not None:
            state.face_down, start = _read_stacked(stacked, players, depths)
            state.removed = [[] for _ in range(depths)]
            # With a scripted ocean the "box" is exactly what was stacked.
            state.composition = [Counter(pile) for pile in state.face_down]
        else:
            state.composition = tiles.composition(players)
            state.face_down, state.removed = [], []
            for counts in state.composition:
                pile = tiles.expand(counts)
                state.rng.shuffle(pile)
                cut = tiles.removals(players)
                state.removed.append(pile[:cut])
                state.face_down.append(pile[cut:])
            start = HUMAN if players == 1 else state.rng.randint(0, players - 1)
        state.face_up = [[] for _ in range(depths)]  # [{"tile": str, "penguin_seat": int | None}]
        state.revealed = [Counter() for _ in range(depths)]
        state.columns = [scoring.empty_columns() for _ in range(players)]
        state.rocks = [0] * players
        state.trapped = [[] for _ in range(players)]  # depths of trapped penguins, in trapping order
        state.start_seat = start
        state.current = start
        state.phase, state.depth, state.at_start = "dive", 1, True
        state.flipped = None  # the food/rock awaiting keep/deeper
        state.retreat_depths = []
        state.end_triggered, state.last_dive = False, False
        state.automaton = None
        if players == 1:
            state.automaton = {
                "depth": 1,
                "columns": scoring.empty_columns(),
                "rocks": 0,
                "water": 0,
                "pick_depth": None,
                "pick_options": [],
            }
        state.outcome = None
        events: list[dict] = []
        state._begin_turn(start, events)
        return state

    # --- contract ------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "automaton_pick":
            return [HUMAN]
        return [self.current]

    def deadline(self) -> Deadline | None:
        seconds = self.options.get("turn_timeout")
        if self.finished or not seconds:
            return None
        return Deadline("turn", seconds, tuple(self.to_act()))

    def legal_actions(self, seat: int) -> list[dict]:
        if self.finished:
            return []
        if seat == SYSTEM:
            return [{"type": "timeout"}] if self.deadline() else []
        if seat not in self.to_act():
            return []
        if self.phase == "automaton_pick":
            assert self.automaton is not None  # solo
            return [{"type": "automaton_pick", "tile": tile} for tile in self.automaton["pick_options"]]
        if self.phase == "retreat":
            return self._retreat_actions()
        if self.phase == "revealed":
            return [{"type": "keep"}, {"type": "deeper"}]
        actions = [{"type": "swallow", "depth": depth} for depth in self._swallow_depths()]
        actions += [{"type": "take", "tile": tile} for tile in self._takeable(self.depth)]
        if self.face_down[self.depth - 1]:
            actions.append({"type": "flip"})
        if self._may_skip(self.depth):
            actions.append({"type": "skip"})
        return actions

    def _apply(self, seat: int, action: dict) -> list[dict]:
        events: list[dict] = []
        kind = action["type"]
        if kind == "timeout":
            seat = self.to_act()[0]
            action = self._absent_choice(seat)
            events.append({"type": "timeout", "seat": seat})
            kind = action["type"]
        handler = getattr(self, f"_do_{kind}")
        handler(seat, action, events)
        return events

    def view(self, seat: int | None) -> dict:
        return build_view(self, seat)

    def result(self) -> dict:
        return self.outcome or {}

    def ranks(self) -> list[int]:
        outcome = self.result()
        return places([(-score, -rows) for score, rows in zip(outcome["scores"], outcome["complete_rows"])])

    # --- actions -------------------------------------------------------------------------
    def _do_swallow(self, seat: int, action: dict, events: list[dict]) -> None:
        self.rocks[seat] -= 1
        self.at_start = False
        self.depth = action["depth"]
        events.append({"type": "swallow", "seat": seat, "depth": self.depth})

    def _do_take(self, seat: int, action: dict, events: list[dict]) -> None:
        self._remove_face_up(self.depth, action["tile"])
        self._acquire(seat, self.depth, action["tile"], events)

    def _do_flip(self, seat: int, action: dict, events: list[dict]) -> None:
        self.at_start = False
        depth = self.depth
        tile = self._flip_from(depth)
        events.append({"type": "flip", "seat": seat, "depth": depth, "tile": tile})
        self._check_trigger(depth, seat, events)
        if tile == PREDATOR:
            self.face_up[depth - 1].append({"tile": tile, "penguin_seat": seat})
            self._trap(seat, depth, events)
            return
        self.face_up[depth - 1].append({"tile": tile, "penguin_seat": None})
        if tile == WATER:
            self._move_on(events)  # at depth 5 this ends the dive empty-handed
        elif depth == tiles.depth_count():
            self._remove_face_up(depth, tile)  # the deepest depth: a revealed tile must be taken
            self._acquire(seat, depth, tile, events)
        else:
            self.phase, self.flipped = "revealed", tile

    def _do_keep(self, seat: int, action: dict, events: list[dict]) -> None:
        tile, self.flipped, self.phase = self.flipped, None, "dive"
        assert tile is not None  # set for the whole "revealed" phase
        self._remove_face_up(self.depth, tile)
        self._acquire(seat, self.depth, tile, events)

    def _do_deeper(self, seat: int, action: dict, events: list[dict]) -> None:
        self.flipped, self.phase = None, "dive"
        events.append({"type": "deeper", "seat": seat, "depth": self.depth})
        self._move_on(events)

    def _do_skip(self, seat: int, action: dict, events: list[dict]) -> None:
        self.at_start = False
        events.append({"type": "skip", "seat": seat, "depth": self.depth})
        self._move_on(events)

    def _do_retreat_take(self, seat: int, action: dict, events: list[dict]) -> None:
        self.retreat_depths, self.phase = [], "dive"
        if action["depth"] is None:
            events.append({"type": "retreat_nothing", "seat": seat})
            self._end_turn(events)
            return
        self._remove_face_up(action["depth"], action["tile"])
        self._acquire(seat, action["depth"], action["tile"], events, retreat=True)

    def _do_automaton_pick(self, seat: int, action: dict, events: list[dict]) -> None:
        bot = self.automaton
        assert bot is not None  # solo
        depth = bot["pick_depth"]
        bot["pick_depth"], bot["pick_options"] = None, []
        self.phase = "dive"
        self._remove_face_up(depth, action["tile"])
        self._automaton_takes(depth, action["tile"], events)
        self._after_automaton(events)

    # --- the dive ------------------------------------------------------------------------
    def _begin_turn(self, seat: int, events: list[dict]) -> None:
        self.current, self.phase, self.depth, self.at_start, self.flipped = seat, "dive", 1, True, None
        events.append({"type": "dive_start", "seat": seat})
        self._settle(events)

    def _move_on(self, events: list[dict]) -> None:
        self.depth += 1
        self._settle(events)

    def _settle(self, events: list[dict]) -> None:
        """Pass through depths with nothing left; past the deepest depth the dive ends empty-handed."""
        while self.depth <= tiles.depth_count() and self._is_spent(self.depth):
            events.append({"type": "pass", "seat": self.current, "depth": self.depth})
            self.depth += 1
        if self.depth > tiles.depth_count():
            events.append({"type": "surface_empty", "seat": self.current})
            self._end_turn(events)

    def _acquire(self, seat: int, depth: int, tile: str, events: list[dict], retreat: bool = False) -> None:
        if tile == ROCK:
            self.rocks[seat] += 1
        else:
            food = tiles.parse_food(tile)
            assert food is not None  # what is kept is a rock or a food
            colour, points = food
            self.columns[seat][colour].append(points)
        events.append({"type": "retreat_take" if retreat else "take", "seat": seat, "depth": depth, "tile": tile})
        self._end_turn(events)

    def _trap(self, seat: int, depth: int, events: list[dict]) -> None:
        self.trapped[seat].append(depth)
        events.append({"type": "trapped", "seat": seat, "depth": depth})
        if len(self.trapped[seat]) < tiles.penguins_per_player():
            self._end_turn(events)
            return
        # The third penguin: all return; one face-up tile from any of their depths comes along.
        self.retreat_depths = sorted(set(self.trapped[seat]))
        self.trapped[seat] = []
        for row in self.face_up:
            for slot in row:
                if slot["penguin_seat"] == seat:
                    slot["penguin_seat"] = None
        events.append({"type": "retreat", "seat": seat})
        if self._retreat_actions()[:-1]:
            self.phase = "retreat"
        else:
            self.retreat_depths = []
            events.append({"type": "retreat_nothing", "seat": seat})
            self._end_turn(events)

    def _check_trigger(self, depth: int, seat: int | None, events: list[dict]) -> None:
        if self.end_triggered or self.face_down[depth - 1]:
            return
        self.end_triggered = True
        if seat is None:
            events.append({"type": "automaton_end_triggered", "depth": depth})
        else:
            events.append({"type": "end_triggered", "seat": seat, "depth": depth})

    def _end_turn(self, events: list[dict]) -> None:
        self.phase, self.flipped = "dive", None
        if self.solo:
            self._automaton_turn(events)
            return
        last_seat = (self.start_seat - 1) % self.players
        if self.last_dive and self.current == last_seat:
            self._finish(events)
            return
        following = (self.current + 1) % self.players
        if following == self.start_seat:
            self._maybe_flip_token(events)
        self._begin_turn(following, events)

    def _maybe_flip_token(self, events: list[dict]) -> None:
        """Play is back at the start player: after the trigger, the token turns to "last dive"."""
        if self.end_triggered and not self.last_dive:
            self.last_dive = True
            events.append({"type": "last_dive", "seat": self.start_seat})

    # --- solo automaton ------------------------------------------------------------------
    def _automaton_turn(self, events: list[dict]) -> None:
        bot = self.automaton
        assert bot is not None  # solo
        for _ in range(tiles.depth_count()):
            if self.face_down[bot["depth"] - 1]:
                break
            bot["depth"] = bot["depth"] % tiles.depth_count() + 1
            events.append({"type": "automaton_move", "depth": bot["depth"]})
        else:
            events.append({"type": "automaton_idle"})
            self._after_automaton(events)
            return
        depth = bot["depth"]
        tile = self._flip_from(depth)
        events.append({"type": "automaton_flip", "depth": depth, "tile": tile})
        self._check_trigger(depth, None, events)
        bot["depth"] = depth % tiles.depth_count() + 1
        if tile != PREDATOR:
            self._automaton_takes(depth, tile, events)
            self._after_automaton(events)
            return
        self.face_up[depth - 1].append({"tile": tile, "penguin_seat": None})
        options = food_candidates([slot["tile"] for slot in self.face_up[depth - 1]], bot["columns"])
        if len(options) > 1:
            bot["pick_depth"], bot["pick_options"] = depth, options
            self.phase = "automaton_pick"
            events.append({"type": "automaton_tie", "seat": HUMAN, "depth": depth, "tiles": options})
            return
        if options:
            self._remove_face_up(depth, options[0])
            self._automaton_takes(depth, options[0], events)
        else:
            events.append({"type": "automaton_nothing", "depth": depth})
        self._after_automaton(events)

    def _automaton_takes(self, depth: int, tile: str, events: list[dict]) -> None:
        bot = self.automaton
        assert bot is not None  # solo
        if tile == ROCK:
            bot["rocks"] += 1
        elif tile == WATER:
            bot["water"] += 1
        else:
            food = tiles.parse_food(tile)
            assert food is not None  # neither rock nor water: a food
            colour, points = food
            bot["columns"][colour].append(points)
        events.append({"type": "automaton_take", "depth": depth, "tile": tile})

    def _after_automaton(self, events: list[dict]) -> None:
        if self.last_dive:  # the automaton always takes the game's last turn
            self._finish(events)
            return
        self._maybe_flip_token(events)
        self._begin_turn(HUMAN, events)

    # --- the end -------------------------------------------------------------------------
    def _finish(self, events: list[dict]) -> None:
        self.phase = "over"
        scores = [scoring.row_score(columns) for columns in self.columns]
        rows = [scoring.complete_rows(columns) for columns in self.columns]
        outcome: dict[str, Any] = {"scores": scores, "complete_rows": rows}
        ranking = [(scores[seat], rows[seat]) for seat in range(self.players)]
        if self.solo:
            bot = self.automaton
            assert bot is not None
            rule = tiles.setup_data()["automaton_scoring"][self.options["difficulty"]]
            bot_score = scoring.automaton_score(bot["columns"], bot["rocks"], bot["water"], rule)
            bot_rows = scoring.complete_rows(bot["columns"])
            outcome["automaton"] = {"score": bot_score, "complete_rows": bot_rows}
            outcome["winners"] = [HUMAN] if ranking[HUMAN] >= (bot_score, bot_rows) else []
        else:
            best = max(ranking)
            outcome["winners"] = [seat for seat in range(self.players) if ranking[seat] == best]
        self.outcome = outcome
        event = {"type": "game_end", "winner_seats": outcome["winners"], "scores": scores}
        if self.solo:
            event["automaton_score"] = outcome["automaton"]["score"]
        events.append(event)

    # --- helpers -------------------------------------------------------------------------
    def _flip_from(self, depth: int) -> str:
        tile = self.face_down[depth - 1].pop(0)
        self.revealed[depth - 1][tile] += 1
        return tile

    def _remove_face_up(self, depth: int, tile: str) -> None:
        row = self.face_up[depth - 1]
        for index in range(len(row) - 1, -1, -1):  # the most recent copy: the one just flipped
            if row[index]["tile"] == tile:
                del row[index]
                return
        raise ValueError(f"{tile} is not face up at depth {depth}")

    def _takeable(self, depth: int) -> list[str]:
        """Distinct face-up food/rock at a depth, in a stable order."""
        return sorted({slot["tile"] for slot in self.face_up[depth - 1] if tiles.is_takeable(slot["tile"])})

    def _is_spent(self, depth: int) -> bool:
        return not self.face_down[depth - 1] and not self._takeable(depth)

    def _may_skip(self, depth: int) -> bool:
        """Skip a depth holding your trapped penguin, or (after the trigger) one with nothing face down."""
        return depth in self.trapped[self.current] or (self.end_triggered and not self.face_down[depth - 1])

    def _swallow_depths(self) -> list[int]:
        """At the start of a turn, a rock lets the diver begin at any deeper depth with something in it."""
        if not (self.at_start and self.phase == "dive" and self.rocks[self.current]):
            return []
        return [depth for depth in range(self.depth + 1, tiles.depth_count() + 1) if not self._is_spent(depth)]

    def _retreat_actions(self) -> list[dict]:
        actions = [
            {"type": "retreat_take", "depth": depth, "tile": tile}
            for depth in self.retreat_depths
            for tile in self._takeable(depth)
        ]
        return actions + [{"type": "retreat_take", "depth": None}]

    def _refusal(self, seat: int, action: dict) -> str | None:
        kind = action.get("type")
        if self.phase not in ("dive", "revealed"):
            return None
        if self.phase == "revealed" and kind in ("take", "flip", "skip", "swallow"):
            return "decide_revealed"
        if kind == "swallow":
            if not self.rocks[self.to_act()[0]]:
                return "no_rock"
            return "swallow_at_start" if not self.at_start else "bad_depth"
        if kind == "skip":
            return "cannot_skip"
        if kind == "take":
            return "tile_not_here"
        if kind == "flip":
            return "nothing_to_flip"
        return None

    def _absent_choice(self, seat: int) -> dict:
        generator = random.Random(self.rng.randint(0, 2**31 - 1))
        return choose(self.view(seat), self.legal_actions(seat), generator, "normal")


def _read_stacked(stacked: dict, players: int, depths: int) -> tuple[list[list[str]], int]:
    """The `stacked` option: {"depths": {"1": [tiles in flip order], ...}, "start": seat}. At least one tile must
    lie somewhere: with an empty ocean nobody could ever flip, so the end would never be triggered."""
    piles = stacked.get("depths", {}) if isinstance(stacked, dict) else None
    if not isinstance(piles, dict) or set(piles) - {str(depth) for depth in range(1, depths + 1)}:
        raise IllegalAction("bad_stacked", "deep_dive.error.bad_stacked")
    face_down = [piles.get(str(depth), []) for depth in range(1, depths + 1)]
    if not all(isinstance(pile, list) for pile in face_down) or not any(face_down):  # an empty ocean: no play
        raise IllegalAction("bad_stacked", "deep_dive.error.bad_stacked")
    face_down = [list(pile) for pile in face_down]
    if not all(tiles.is_valid(tile) for pile in face_down for tile in pile):
        raise IllegalAction("bad_stacked", "deep_dive.error.bad_stacked")
    start = stacked.get("start", 0)
    if not isinstance(start, int) or not 0 <= start < players or (players == 1 and start != HUMAN):
        raise IllegalAction("bad_stacked", "deep_dive.error.bad_stacked")
    return face_down, start
