"""Diamond Box (ダイヤの箱): lay cards from a public hand onto the centre; protruding cells cost penalty draws.

Rules: docs/rules/diamond_box.md. Setup is automatic (no player decisions), so a new game starts at the
first turn; `setup` in the view records how the start player was found.

Rule decisions beyond the rules file:
- A deal that leaves the deck empty (only possible with a stacked deck) ends the game at once, as the deck running
  out later does (「山札が無くなったら…」): every hand holds 5 cards, so all players share the win; the view's
  `setup.deck_exhausted` says so. A stacked deck too short for the centre and the hands is refused (bad_stacked).
- The final order (`ranks`): the winners first, then the others by cards left in hand, fewer first (the measure the
  rules judge a run-out deck by), equal counts tied.

Actions: {"type": "place", "card", "rotation", "x", "y"} by the seat to act; {"type": "timeout"} by SYSTEM,
which plays the absent player's least-penalty placement (first in `legal_actions` order among equals).
For a pattern equal to its own 180-degree rotation, rotations 180/270 lay the same diamonds as 0/90: such a
pair is one move, listed once under the smaller rotation (apply also accepts the other spelling).
"""

from __future__ import annotations

from games.contract import SYSTEM, Deadline, GameState, IllegalAction, Rng, offers, places
from games.diamond_box import cards
from games.diamond_box.geometry import CARD_CELLS, ROTATIONS, Board, card_cells, same_move_rotation

HAND_SIZE = 5
FULL_COVER = CARD_CELLS  # the start player's card must be able to cover all 6 cells
MAX_DEALS = 1000  # guards a stacked deck whose cards can never produce a start player


def _error(code: str, **params) -> IllegalAction:
    return IllegalAction(code, f"diamond_box.error.{code}", **params)


def _placement_key(action) -> tuple | None:
    """A placement as a key, strict as same_json (True is not 1): None for anything else."""
    if (
        type(action) is not dict
        or action.keys() != {"type", "card", "rotation", "x", "y"}
        or action["type"] != "place"
        or type(action["type"]) is not str
        or type(action["card"]) is not str
        or any(type(action[name]) is not int for name in ("rotation", "x", "y"))
    ):
        return None
    return action["card"], action["rotation"], action["x"], action["y"]


class DiamondBoxState(GameState):
    """One game in progress. `centre` is the placed cards, bottom first; `deck` is top first (hidden order)."""

    FIELDS = (  # what a saved state holds (games.contract); `board` is rebuilt from `centre`
        "players",
        "options",
        "deck",
        "hands",
        "centre",
        "turn_seat",
        "setup",
        "last_move",
        "winner_seats",
        "over",
    )

    def __init__(self, rules_version: int, players: int, options: dict, rng: Rng) -> None:
        super().__init__(rules_version)
        self.players = players
        self.options = options
        self.rng = rng
        self.deck: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.centre: list[dict] = []
        self.turn_seat = 0
        self.setup: dict = {}
        self.last_move: dict | None = None
        self.winner_seats: list[int] = []
        self.over = False
        self.board = Board()
        self._legal_memo: tuple[tuple, list[dict], list[int]] | None = None

    # --- setup --------------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, options: dict, seed: int | str, rules: int) -> DiamondBoxState:
        if options.get("rotations") not in ROTATIONS:
            raise _error("bad_option", option="rotations")
        timeout = options.get("turn_timeout")
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout < 0):
            raise _error("bad_option", option="turn_timeout")
        state = cls(rules, players, dict(options), Rng(seed))
        state._deal_until_start(options.get("stacked"))
        return state

    def _deal_until_start(self, stacked: dict | None) -> None:
        """Setup steps 1-4: deal, look for a 6-cell cover, else swap the centre, else gather and deal again.

        A stacked deck is dealt as given; a re-deal then takes the rest of the deck first, followed by the
        gathered centre cards (in dealt order) and hands (seat order), without shuffling, so it stays scripted
        (after as many fruitless re-deals as there are cards, those cards are shuffled instead)."""
        if stacked is not None:
            deck, tiebreak = self._stacked_deck(stacked), stacked.get("start_tiebreak", 0)
        else:
            deck, tiebreak = cards.card_ids(), None
            self.rng.shuffle(deck)
        for deal in range(1, MAX_DEALS + 1):
            first, second = deck[0], deck[1]
            hands = [deck[2 + HAND_SIZE * seat : 2 + HAND_SIZE * (seat + 1)] for seat in range(self.players)]
            rest = deck[2 + HAND_SIZE * self.players :]
            self.hands, self.deck = hands, rest
            for swapped in (False, True):
                under, over = ((second, 1), (first, 0)) if swapped else ((first, 0), (second, 1))
                self._lay_centre([under, over])
                candidates = [seat for seat in range(self.players) if self._can_cover_fully(seat)]
                if candidates:
                    self.turn_seat = self._pick_start(candidates, tiebreak)
                    self.setup = {
                        "deals": deal,
                        "swapped": swapped,
                        "start_candidate_seats": candidates,
                        "start_seat": self.turn_seat,
                        "deck_exhausted": not self.deck,
                    }
                    if not self.deck:  # the deal took the last card: the deck has run out before the first turn
                        self._finish(list(range(self.players)))  # every hand holds 5: all share the win
                    return
            deck = rest + [first, second] + [card for hand in hands for card in hand]
            if stacked is None or deal >= len(deck):
                self.rng.shuffle(deck)
        raise _error("no_start_possible")

    def _stacked_deck(self, stacked: dict) -> list[str]:
        deck = stacked.get("deck") if isinstance(stacked, dict) else None
        if (
            not isinstance(deck, list)
            or len(deck) < 2 + HAND_SIZE * self.players
            or len(set(deck)) != len(deck)
            or not all(cards.is_card(card) for card in deck)
        ):
            raise _error("bad_stacked")
        tiebreak = stacked.get("start_tiebreak", 0)
        if not isinstance(tiebreak, int) or not 0 <= tiebreak < self.players:
            raise _error("bad_stacked")
        return list(deck)

    def _lay_centre(self, laid: list[tuple[str, int]]) -> None:
        """The two setup cards at rotation 0, y 0, bottom first; diamonds and frames are ignored."""
        self.centre = [{"card": card, "rotation": 0, "x": x, "y": 0} for card, x in laid]
        self._rebuild_board()

    def _can_cover_fully(self, seat: int) -> bool:
        return any(
            covered == FULL_COVER
            for card in self.hands[seat]
            for *_, covered in self.board.covering_placements(card, self.rotations)
        )

    def _pick_start(self, candidates: list[int], tiebreak: int | None) -> int:
        if tiebreak is None:
            return self.rng.choice(candidates)  # the seed's rock-paper-scissors
        return min(candidates, key=lambda seat: (seat - tiebreak) % self.players)

    def _rebuild_board(self) -> None:
        self.board = Board()
        for placed in self.centre:
            self.board.place(placed["card"], placed["rotation"], placed["x"], placed["y"])
        self._legal_memo = None

    # --- queries ------------------------------------------------------------------------
    @property
    def rotations(self) -> tuple[int, ...]:
        return ROTATIONS[self.options["rotations"]]

    @property
    def finished(self) -> bool:
        return self.over

    def to_act(self) -> list[int]:
        return [] if self.over else [self.turn_seat]

    def deadline(self) -> Deadline | None:
        timeout = self.options.get("turn_timeout")
        if self.over or not timeout:
            return None
        return Deadline("turn", timeout, (self.turn_seat,))

    def position(self) -> tuple:
        """Names the position within this state's life (placements only add to the centre): equal keys of one state
        object mean the same legal placements (the placements' memo keys on it)."""
        return len(self.centre), self.turn_seat, tuple(self.hands[self.turn_seat]), self.over

    def _placements(self) -> tuple[list[dict], list[int]]:
        """(actions, penalties): every legal placement of the seat to act and, at the same index, its penalty,
        memoised per position. Two lists rather than a pair per placement: a move makes this memo for hundreds of
        placements, and pairs (tuples holding a dict) are objects the garbage collector walks, plain dicts are not."""
        hand = self.hands[self.turn_seat]
        key = self.position()
        memo = self._legal_memo
        if memo is not None and memo[0] == key:
            return memo[1], memo[2]
        actions: list[dict] = []
        penalties: list[int] = []
        if not self.over:
            rotations = self.rotations
            for card in hand:
                for rotation, x, y, covered in sorted(self.board.placements(card, rotations)):
                    actions.append({"type": "place", "card": card, "rotation": rotation, "x": x, "y": y})
                    penalties.append(CARD_CELLS - covered)
        self._legal_memo = (key, actions, penalties)
        return actions, penalties

    def legal_actions(self, seat: int) -> list[dict]:
        """Placements in hand order, then rotation, x, y; SYSTEM may time out while a deadline runs."""
        if seat == SYSTEM:
            return [{"type": "timeout"}] if self.deadline() is not None else []
        if seat not in self.to_act():
            return []
        return [dict(action) for action in self._placements()[0]]

    def choices_text(self, seat: int) -> str | None:
        """The placements as "card,rotation,x,y" in listed order (one per action, the same set as legal_actions
        names): the table service compares this, not hundreds of JSON-encoded dicts. SYSTEM's keeps the default."""
        if seat == SYSTEM:
            return None
        if seat not in self.to_act():
            return ""
        text = self.__dict__.get("_choices_memo")
        listed = self._placements()[0]
        if text is None or text[0] is not listed:
            text = (listed, ";".join([f"{a['card']},{a['rotation']},{a['x']},{a['y']}" for a in listed]))
            self.__dict__["_choices_memo"] = text
        return text[1]

    def is_legal(self, seat: int, action: dict) -> bool:
        """As GameState.is_legal (strict, listed form), scanning the memoised placements rather than copies."""
        if seat == SYSTEM or seat not in self.to_act():
            return super().is_legal(seat, action)
        return offers(self._placements()[0], self.listed_form(action))

    def listed_form(self, action: dict) -> dict:
        """A symmetric pattern's 180/270 is listed as its 0/90 (the contract's is_legal compares this form)."""
        return self._same_move(action)

    def penalty_of(self, action: dict) -> int:
        """Penalty cards a legal placement of the seat to act would draw (the UI ranks placements by it)."""
        action = self._same_move(action)
        key = _placement_key(action)
        penalty = None if key is None else self._penalties().get(key)
        if penalty is None:
            raise _error("not_a_placement")
        return penalty

    def _penalties(self) -> dict[tuple, int]:
        """Penalty by placement key, for the memoised placements (a chooser asks for every placement of a hand)."""
        actions, penalties = self._placements()
        memo = self.__dict__.get("_penalty_memo")
        if memo is None or memo[0] is not actions:
            memo = (
                actions,
                {(a["card"], a["rotation"], a["x"], a["y"]): penalty for a, penalty in zip(actions, penalties)},
            )  # listed actions are well-formed: no checks
            self.__dict__["_penalty_memo"] = memo
        return memo[1]

    def placement_penalties(self) -> list[tuple[dict, int]]:
        """(action, penalty) of every legal placement of the seat to act, in `legal_actions` order (the UI ranks
        them; one pass, where `penalty_of` per action would search the list each time)."""
        return [(dict(action), penalty) for action, penalty in zip(*self._placements())]

    def ranked_placements(self, card: str | None = None, limit: int | None = None) -> list[tuple[dict, int]]:
        """(action, penalty) of the seat to act's placements (of `card`, or of every card) best first: least
        penalty, then hand order, rotation, row, column (the order the table numbers them in); the first `limit` of
        them when given. The order is memoised per position and the actions are the memo's: never change them."""
        actions, penalties = self._placements()
        memo = self.__dict__.get("_ranked_memo")
        if memo is None or memo[0] is not actions:
            order = {held: index for index, held in enumerate(self.hands[self.turn_seat])}
            # each placement's rank as a tuple (its index last: equal ranks keep the listed order)
            ranks = [
                (penalty, order[action["card"]], action["rotation"], action["y"], action["x"], index)
                for index, (action, penalty) in enumerate(zip(actions, penalties))
            ]
            ranks.sort()
            memo = (actions, [rank[-1] for rank in ranks])
            self.__dict__["_ranked_memo"] = memo
        ranked = memo[1] if card is None else [index for index in memo[1] if actions[index]["card"] == card]
        return [(actions[index], penalties[index]) for index in ranked[:limit]]

    def least_penalty_move(self) -> dict:
        """The timeout's choice: the smallest penalty, first in `legal_actions` order among equals."""
        actions, penalties = self._placements()
        return dict(actions[penalties.index(min(penalties))])

    def _same_move(self, action: dict) -> dict:
        """A symmetric pattern's 180/270 spelled as the listed 0/90 (the same move)."""
        rotation = action.get("rotation")
        if (
            action.get("type") != "place"
            or not cards.is_card(action.get("card"))
            or type(rotation) is not int
            or rotation not in (0, 90, 180, 270)
        ):
            return action
        rotation = same_move_rotation(cards.pattern_of(action["card"]), rotation, self.rotations)
        return {**action, "rotation": rotation}

    # --- acting -------------------------------------------------------------------------
    def apply(self, seat: int, action: dict, *, saved: str | None = None) -> list[dict]:
        """As GameState.apply; a refused placement by the seat to act names the broken rule."""
        if not self.over and seat in self.to_act() and isinstance(action, dict) and action.get("type") == "place":
            problem = self._placement_problem(seat, action)
            if problem:
                raise _error(problem)
        return super().apply(seat, action, saved=saved)

    def _placement_problem(self, seat: int, action: dict) -> str | None:
        if set(action) != {"type", "card", "rotation", "x", "y"}:
            return "bad_placement"
        if not all(isinstance(action[k], int) and not isinstance(action[k], bool) for k in ("rotation", "x", "y")):
            return "bad_placement"
        if action["card"] not in self.hands[seat]:
            return "not_in_hand"
        if action["rotation"] not in self.rotations:
            return "bad_rotation"
        return self.board.judge(action["card"], action["rotation"], action["x"], action["y"], self.rotations)

    def _apply(self, seat: int, action: dict) -> list[dict]:
        events: list[dict] = []
        if action["type"] == "timeout":
            seat, action = self.turn_seat, self.least_penalty_move()
            events.append({"type": "timed_out", "seat": seat})
        action = self._same_move(action)
        return events + self._place(seat, action["card"], action["rotation"], action["x"], action["y"])

    def _place(self, seat: int, card: str, rotation: int, x: int, y: int) -> list[dict]:
        covered = sum((cx, cy) in self.board.grid for cx, cy, _ in card_cells(card, rotation, x, y))
        penalty = CARD_CELLS - covered
        self.hands[seat].remove(card)
        self.centre.append({"card": card, "rotation": rotation, "x": x, "y": y})
        self.board.place(card, rotation, x, y)
        events = [
            {
                "type": "card_placed",
                "seat": seat,
                "card": card,
                "rotation": rotation,
                "x": x,
                "y": y,
                "covered": covered,
                "penalty": penalty,
            }
        ]
        drawn = self.deck[:penalty]
        del self.deck[:penalty]
        self.hands[seat].extend(drawn)
        if drawn:
            events.append(
                {"type": "penalty_drawn", "seat": seat, "count": len(drawn), "penalty": penalty, "cards": list(drawn)}
            )
        self.last_move = {
            "seat": seat,
            "card": card,
            "rotation": rotation,
            "x": x,
            "y": y,
            "covered": covered,
            "penalty": penalty,
            "drawn": len(drawn),
        }
        if not self.hands[seat]:
            self._finish([seat])
            events.append({"type": "hand_emptied", "seat": seat})
        elif penalty and not self.deck:  # empty after a draw, or the penalty could not be drawn in full
            counts = [len(hand) for hand in self.hands]
            self._finish([s for s in range(self.players) if counts[s] == min(counts)])
            events.append(
                {
                    "type": "deck_exhausted",
                    "winner_seats": list(self.winner_seats),
                    "fewest": min(counts),
                    "hand_counts": counts,
                }
            )
        else:
            self.turn_seat = (seat + 1) % self.players
        return events

    def _finish(self, winners: list[int]) -> None:
        self.over, self.winner_seats = True, winners

    def result(self) -> dict:
        """Winners, and each seat's cards left in hand as its score (fewer is better)."""
        return {"winners": list(self.winner_seats), "scores": [len(hand) for hand in self.hands]}

    def ranks(self) -> list[int]:
        winners = set(self.winner_seats)
        return places([(0, 0) if seat in winners else (1, len(hand)) for seat, hand in enumerate(self.hands)])

    # --- what a seat sees -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Everything is public except the deck's order: every seat and None see the same.

        "centre": placed cards bottom first, each with its cells; "grid": the visible cells row by row, each with
        the frame colour and diamond on top and "top", the index in "centre" of the card showing there."""
        grid = self.board.grid
        top = {
            (cx, cy): index
            for index, placed in enumerate(self.centre)
            for cx, cy, _ in card_cells(placed["card"], placed["rotation"], placed["x"], placed["y"])
        }
        xs, ys = [x for x, _ in grid], [y for _, y in grid]
        return {
            "seat": seat,
            "players": self.players,
            "turn_seat": None if self.over else self.turn_seat,
            "rotations": list(self.rotations),
            "hands": [list(hand) for hand in self.hands],
            "deck_count": len(self.deck),
            "centre": [
                {
                    **placed,
                    "colour": cards.colour_of(placed["card"]),
                    "cells": [
                        {"x": cx, "y": cy, "diamond": diamond}
                        for cx, cy, diamond in card_cells(placed["card"], placed["rotation"], placed["x"], placed["y"])
                    ],
                }
                for placed in self.centre
            ],
            "grid": [
                {"x": x, "y": y, "colour": grid[(x, y)][0], "diamond": grid[(x, y)][1], "top": top[(x, y)]}
                for x, y in sorted(grid, key=lambda cell: (cell[1], cell[0]))
            ],
            "bounds": {"x_min": min(xs), "x_max": max(xs), "y_min": min(ys), "y_max": max(ys)},
            "last_move": dict(self.last_move) if self.last_move else None,
            "setup": dict(self.setup),
            "finished": self.over,
            "winner_seats": list(self.winner_seats),
        }

    # --- persistence --------------------------------------------------------------------
    def _restored(self) -> None:
        self._rebuild_board()
