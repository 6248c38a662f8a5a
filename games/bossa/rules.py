"""BOSSa advanced rules (坊茶 アドバンスドルール), 2 players: the rules of docs/rules/bossa.md.

Phases: "choose" (the high roller picks a colour or the first move, having peeked at their own hand),
"choose_colour" (the other player picks a colour after "first"), "play" (turns), "over".
Each turn starts with the automatic draw, so the active player always holds the tile drawn this turn.

Rule decisions (docs/rules/bossa.md, "End"):
- A turn that starts with an empty deck ends the game at once, before any stuck check: the larger hand loses,
  equal hands draw. A player is judged stuck only after drawing.
- The final order (`ranks`) is the contract's: the winner first, the loser second; a draw ties both.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.bossa.lines import SIDES, column_total, column_value, new_line, open_sizes, open_value
from games.bossa.tiles import COLOURS, all_tiles, die_faces, dots, groups
from games.contract import SYSTEM, Deadline, GameState, IllegalAction, Rng, offers

HAND_SIZE = 4
WINNING_COLUMNS = 6
ACTIONS = ("redraw", "exchange", "stack")  # the action markers, each usable once per game per player
CHOOSING = ("choose", "choose_colour")


def _other(seat: int) -> int:
    return 1 - seat


def _other_colour(colour: str) -> str:
    return COLOURS[1 - COLOURS.index(colour)]


class BossaState(GameState):
    FIELDS = (  # what a saved state holds (games.contract)
        "players",
        "options",
        "phase",
        "removed",
        "hands",
        "deck",
        "dice",
        "high_seat",
        "active",
        "colours",
        "first_seat",
        "lines",
        "unused",
        "out",
        "winners",
        "end_reason",
    )
    phase: str  # "choose", "choose_colour", "play" or "over"
    removed: str  # the tile out for the whole game
    hands: list[list[str]]  # per seat, sorted tile ids
    deck: list[str]  # top first
    dice: list[int]  # per seat, the opening roll
    high_seat: int
    active: int
    colours: list[str | None]  # per seat, once chosen
    first_seat: int | None  # who plays first, once colours are chosen
    lines: dict[str, dict[str, Any]]  # per colour: {"die", "up", "down"} (games.bossa.lines)
    unused: list[list[str]]  # per seat, the action markers left
    out: list[str]  # tiles out of play, public
    winners: list[int] | None  # set once the game is over
    end_reason: str | None

    # --- setup ---------------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, options: dict, seed: int | str, rules: int) -> BossaState:
        state = cls(rules)
        state.players, state.options, state.rng = players, dict(options), Rng(seed)
        stacked = options.get("stacked")
        if stacked:
            deck, dice = _checked_stack(stacked)
        else:
            deck = all_tiles()
            state.rng.shuffle(deck)
            dice = state._roll_dice()
        state.removed = deck[0]  # out for the whole game, seen by no one
        state.hands = [sorted(deck[1 : 1 + HAND_SIZE]), sorted(deck[1 + HAND_SIZE : 1 + 2 * HAND_SIZE])]
        state.deck = deck[1 + 2 * HAND_SIZE :]
        state.dice = dice
        state.high_seat = 0 if dice[0] > dice[1] else 1
        state.active = state.high_seat
        state.phase = "choose"
        state.colours = [None, None]
        state.first_seat = None
        state.lines = {colour: new_line(None) for colour in COLOURS}
        state.unused = [list(ACTIONS), list(ACTIONS)]
        state.out = []  # discarded by Redraw or covered by Stack: public, out of play
        state.winners = None
        state.end_reason = None
        return state

    def _roll_dice(self) -> list[int]:
        faces = die_faces()
        while True:  # ties are rerolled
            dice = [self.rng.choice(faces), self.rng.choice(faces)]
            if dice[0] != dice[1]:
                return dice

    # --- whose turn, what is legal ---------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.active]

    def _refusal(self, seat: int, action: dict) -> str | None:
        kind = action.get("type")
        if kind not in ("place", "stack", "redraw", "exchange"):
            return None
        if self.phase in CHOOSING:
            return "choose_first"
        if kind != "place" and kind not in self.unused[seat]:
            return "action_used"
        if kind == "redraw" and not self.deck:
            return "deck_empty"
        tiles = action.get("tiles") if kind in ("place", "stack") else [action.get("tile", action.get("give"))]
        if not isinstance(tiles, list) or any(tile not in self.hands[seat] for tile in tiles):
            return "not_in_hand"
        if kind == "exchange":
            return None if action.get("take") in self.hands[_other(seat)] else "not_in_their_hand"
        return {"place": "bad_column", "stack": "bad_stack"}.get(kind)

    def legal_actions(self, seat: int) -> list[dict]:
        if seat == SYSTEM:
            return [{"type": "timeout"}] if self.deadline() else []
        if seat not in self.to_act():
            return []
        if self.phase == "choose":
            return [{"type": "choose", "choice": choice} for choice in (*COLOURS, "first")]
        if self.phase == "choose_colour":
            return [{"type": "choose", "choice": colour} for colour in COLOURS]
        return list(self._turn_actions(seat))

    def _turn_actions(self, seat: int) -> Iterator[dict]:
        """Step 2 of a turn: placements, then stacks, redraws and exchanges still allowed."""
        hand = self.hands[seat]
        yield from self.placements(seat)
        if "stack" in self.unused[seat]:
            for colour in COLOURS:
                line = self.lines[colour]
                for side in SIDES:
                    for index, column in enumerate(line[side], start=1):
                        value = column_value(line, side, index)
                        for group in groups(hand, colour, value, (len(column),)):
                            yield {"type": "stack", "line": colour, "side": side, "index": index, "tiles": group}
        if "redraw" in self.unused[seat] and self.deck:
            for tile in hand:
                yield {"type": "redraw", "tile": tile}
        if "exchange" in self.unused[seat]:
            for give in hand:
                for take in self.hands[_other(seat)]:
                    yield {"type": "exchange", "give": give, "take": take}

    def placements(self, seat: int) -> Iterator[dict]:
        """Every column `seat`'s hand could place at an open end of either line (whoever's turn it is)."""
        for colour in COLOURS:
            line = self.lines[colour]
            for side in SIDES:
                value = open_value(line, side)
                if value is None:
                    continue
                for group in groups(self.hands[seat], colour, value, open_sizes(line, side)):
                    yield {"type": "place", "line": colour, "side": side, "tiles": group}

    def _can_act(self, seat: int) -> bool:
        return next(self._turn_actions(seat), None) is not None

    # --- carrying out actions ----------------------------------------------------------------
    def _apply(self, seat: int, action: dict) -> list[dict]:
        kind = action["type"]
        if kind == "timeout":
            return self._play_for_absent()
        if kind == "choose":
            return self._choose(seat, action["choice"])
        if kind == "place":
            events = self._place(seat, action)
        elif kind == "stack":
            events = self._stack(seat, action)
        elif kind == "redraw":
            events = self._redraw(seat, action["tile"])
        else:
            events = self._exchange(seat, action["give"], action["take"])
        return events + self._end_turn(seat)

    def _play_for_absent(self) -> list[dict]:
        """The game's own agent plays the waited-for seat, on that seat's view, seeded from the game's rng."""
        seat = self.active
        generator = random.Random(self.rng.randint(0, 2**31 - 1))
        legal = self.legal_actions(seat)
        action = self.spec.agent(self.view(seat), legal, generator, "normal")
        if not offers(legal, action):  # never let a faulty agent break the rules
            action = generator.choice(legal)
        return [{"type": "timeout", "seat": seat}] + self._apply(seat, action)

    def _choose(self, seat: int, choice: str) -> list[dict]:
        if choice == "first":
            self.first_seat, self.phase, self.active = seat, "choose_colour", _other(seat)
            return [{"type": "chose_first", "seat": seat}]
        self.colours[seat], self.colours[_other(seat)] = choice, _other_colour(choice)
        if self.first_seat is None:  # the high roller took a colour: the other player moves first
            self.first_seat = _other(seat)
        for owner, colour in enumerate(self.colours):
            assert colour is not None  # both chosen just above
            self.lines[colour]["die"] = self.dice[owner]
        self.phase = "play"
        white_seat, black_seat = self.colours.index("white"), self.colours.index("black")
        events: list[dict] = [
            {"type": "chose_line", "seat": seat},
            {
                "type": "territories_set",
                "white_seat": white_seat,
                "black_seat": black_seat,
                "white_die": self.dice[white_seat],
                "black_die": self.dice[black_seat],
                "first_seat": self.first_seat,
            },
            {"type": "hands_revealed"},
        ]
        return events + self._start_turn(self.first_seat)

    def _take_from_hand(self, seat: int, tiles: list[str]) -> None:
        for tile in tiles:
            self.hands[seat].remove(tile)

    def _place(self, seat: int, action: dict) -> list[dict]:
        colour, side, tiles = action["line"], action["side"], list(action["tiles"])
        line = self.lines[colour]
        self._take_from_hand(seat, tiles)
        line[side].append(tiles)
        return [
            {
                "type": "placed",
                "seat": seat,
                "line": colour,
                "side": side,
                "owner_seat": self._owner(colour),
                "value": column_value(line, side, len(line[side])),
                "count": len(tiles),
                "tiles": list(tiles),
            }
        ]

    def _stack(self, seat: int, action: dict) -> list[dict]:
        colour, side, index, tiles = action["line"], action["side"], action["index"], list(action["tiles"])
        line = self.lines[colour]
        self._take_from_hand(seat, tiles)
        covered = line[side][index - 1]
        self.out.extend(covered)
        line[side][index - 1] = tiles
        self.unused[seat].remove("stack")
        return [
            {
                "type": "stacked",
                "seat": seat,
                "line": colour,
                "side": side,
                "index": index,
                "owner_seat": self._owner(colour),
                "value": column_value(line, side, index),
                "count": len(tiles),
                "tiles": list(tiles),
                "covered": covered,
            }
        ]

    def _redraw(self, seat: int, tile: str) -> list[dict]:
        self.hands[seat].remove(tile)
        self.out.append(tile)
        drawn = self._draw(seat)
        self.unused[seat].remove("redraw")
        return [{"type": "redrew", "seat": seat, "discarded": tile, "tile": drawn}]

    def _exchange(self, seat: int, give: str, take: str) -> list[dict]:
        other = _other(seat)
        self.hands[seat].remove(give)
        self.hands[other].remove(take)
        self.hands[seat] = sorted(self.hands[seat] + [take])
        self.hands[other] = sorted(self.hands[other] + [give])
        self.unused[seat].remove("exchange")
        return [{"type": "exchanged", "seat": seat, "other_seat": other, "gave": give, "took": take}]

    def _draw(self, seat: int) -> str:
        tile = self.deck.pop(0)
        self.hands[seat] = sorted(self.hands[seat] + [tile])
        return tile

    def _owner(self, colour: str) -> int:
        return self.colours.index(colour)

    # --- turn boundaries and the end --------------------------------------------------------------
    def _end_turn(self, seat: int) -> list[dict]:
        """End conditions in the rules' order: the actor's empty hand, a line of 6 columns, then the next turn."""
        if not self.hands[seat]:
            return self._finish([seat], "empty_hand", [{"type": "hand_emptied", "seat": seat}])
        for colour in COLOURS:
            if column_total(self.lines[colour]) >= WINNING_COLUMNS:
                owner = self._owner(colour)
                return self._finish([owner], "six_columns", [{"type": "line_completed", "seat": owner, "line": colour}])
        return self._start_turn(_other(seat))

    def _start_turn(self, seat: int) -> list[dict]:
        """The automatic draw; an empty deck ends the game first (hand counts), then a player with no possible
        step 2 is stuck."""
        self.active = seat
        if not self.deck:
            return self._finish_by_hand_counts([])
        tile = self._draw(seat)
        events = [{"type": "drew", "seat": seat, "tile": tile, **dots()[tile]}]
        if not self._can_act(seat):
            return self._finish(
                [_other(seat)], "stuck", events + [{"type": "stuck", "seat": seat, "winner_seat": _other(seat)}]
            )
        return events

    def _finish_by_hand_counts(self, events: list[dict]) -> list[dict]:
        """Decision: with the deck empty at a turn's start, the larger hand loses; equal hands draw."""
        counts = [len(hand) for hand in self.hands]
        if counts[0] == counts[1]:
            return self._finish([], "deck_empty", events + [{"type": "deck_out_draw", "count": counts[0]}])
        winner = 0 if counts[0] < counts[1] else 1
        return self._finish(
            [winner],
            "deck_empty",
            events
            + [
                {
                    "type": "deck_out",
                    "winner_seat": winner,
                    "loser_seat": _other(winner),
                    "winner_count": counts[winner],
                    "loser_count": counts[_other(winner)],
                }
            ],
        )

    def _finish(self, winners: list[int], reason: str, events: list[dict]) -> list[dict]:
        self.phase, self.winners, self.end_reason = "over", winners, reason
        return events

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict:
        winners = self.winners or []
        return {"winners": list(winners), "scores": [int(seat in winners) for seat in range(self.players)]}

    def deadline(self) -> Deadline | None:
        if self.finished:
            return None
        return Deadline("turn", self.options["turn_timeout"], (self.active,))

    # --- what a seat may see ---------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Public: lines, markers, counts, out-of-play tiles; hands once the choices are made.

        Before that only the high roller sees a hand (their own peek). The removed tile and the deck order are
        never shown."""
        if self.phase in CHOOSING:
            hands = [self.hands[s] if s == seat == self.high_seat else None for s in range(self.players)]
        else:
            hands = [list(hand) for hand in self.hands]
        return {
            "seat": seat,
            "phase": self.phase,
            "active_seat": None if self.finished else self.active,
            "dice": list(self.dice),
            "high_seat": self.high_seat,
            "first_seat": self.first_seat,
            "colours": list(self.colours),
            "lines": {colour: self._line_view(colour) for colour in COLOURS},
            "hands": [list(hand) if hand is not None else None for hand in hands],
            "hand_counts": [len(hand) for hand in self.hands],
            "unused_actions": [list(markers) for markers in self.unused],
            "deck_count": len(self.deck),
            "out_of_play": list(self.out),
            "end_reason": self.end_reason,
            "result": self.result() if self.finished else None,
        }

    def _line_view(self, colour: str) -> dict:
        line = self.lines[colour]
        if line["die"] is None:
            return {
                "owner_seat": None,
                "die": None,
                "columns": {side: [] for side in SIDES},
                "ends": {side: None for side in SIDES},
                "column_count": 0,
            }
        columns = {
            side: [
                {"index": index, "value": column_value(line, side, index), "tiles": list(column)}
                for index, column in enumerate(line[side], start=1)
            ]
            for side in SIDES
        }
        ends = {}
        for side in SIDES:
            value = open_value(line, side)
            ends[side] = None if value is None else {"value": value, "sizes": list(open_sizes(line, side))}
        return {
            "owner_seat": self._owner(colour),
            "die": line["die"],
            "columns": columns,
            "ends": ends,
            "column_count": column_total(line),
        }


def _checked_stack(stacked: dict) -> tuple[list[str], list[int]]:
    """The `stacked` option: {"deck": [tile ids, top first], "dice": [roll of seat 0, roll of seat 1]}.

    The first tile is the removed one, then seat 0 takes 4 and seat 1 takes 4; the rest is the deck in order,
    at least one tile (the first turn starts with a draw: an empty deck would end the game before any play).
    Tiles left out of the list are out of this game."""
    deck, dice = list(stacked.get("deck", [])), list(stacked.get("dice", []))
    known = dots()
    if (
        len(deck) < 2 + 2 * HAND_SIZE
        or len(set(deck)) != len(deck)
        or any(tile not in known for tile in deck)
        or len(dice) != 2
        or dice[0] == dice[1]
        or any(value not in die_faces() for value in dice)
    ):
        raise IllegalAction("bad_stacked", key="bossa.error.bad_stacked")
    return deck, dice
