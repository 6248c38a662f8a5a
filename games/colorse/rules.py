"""COLORSE ノロイをつかまえろ! — the rules engine (rules: docs/rules/colorse.md).

Flow of a round: deal (phase "setup" while a starting card waits for a bonus or SPECIAL decision), then duels.
A duel is phase "sign" (parent and child choose secretly; ラウ/ラウ repeats it), phase "take" (the takers, one card
per action, parent first), a refill of the common cards, then phase "place" (one card per action, in taking
order). The child becomes the next parent. A full box wins the round at once; a duel that starts with no common
card ends the round by card count. Two round wins win the game.

The final order (`ranks`): the winner first, then the others by rounds won, most first, equal counts tied (a round
names its winner alone: the boxes left when the game ends rank nobody).

Common cards: slots 0 and 1 face up, slot 2 face down; a slot is None while the deck cannot refill it.
"""

from __future__ import annotations

import random
from typing import Any

from games.colorse import cards
from games.colorse.signs import SIGNS, outcome
from games.contract import SYSTEM, Deadline, GameState, IllegalAction, Rng, places

ROUNDS_TO_WIN = 2
COMMON_SLOTS = 3
FACE_DOWN_SLOT = 2


class ColorseState(GameState):
    FIELDS = (  # what a saved state holds (games.contract)
        "players",
        "options",
        "phase",
        "round_no",
        "round_wins",
        "first_parent",
        "parent",
        "child",
        "boxes",
        "common",
        "deck",
        "removed",
        "signs",
        "takes",
        "held",
        "placers",
        "starting",
        "last_duel",
        "winner",
        "history",
    )
    phase: str  # "setup", "sign", "take", "place" or "over"
    round_no: int  # 1-based
    round_wins: list[int]  # per seat
    first_parent: int  # the parent of each round's first duel
    parent: int
    child: int
    boxes: list[list[dict | None]]  # per seat, slot by slot (games.colorse.cards)
    common: list[str | None]  # slots 0 and 1 face up, 2 face down; None: empty
    deck: list[str]  # top first
    removed: list[str]  # out of the round, public
    signs: list[str | None]  # parent's and child's secret signs, None until chosen
    takes: list[list[int]]  # [seat, cards still to take], in taking order
    held: list[list[str]]  # per seat, cards taken and not yet placed
    placers: list[int]  # seats still to place, in order
    starting: list[dict | None]  # per seat: {"card", "stage"} of a starting card awaiting its owner's decision
    last_duel: dict[str, Any] | None  # the signs and result of the duel last revealed
    winner: int | None  # set once the game is over
    history: list[dict]  # {"round", "winner_seat"} per round won

    # --- setup ---------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, options: dict, seed, rules: int) -> ColorseState:
        _check_options(players, options)
        state = cls(rules)
        state.players, state.options, state.rng = players, options, Rng(seed)
        state.round_wins, state.round_no, state.winner, state.history = [0] * players, 0, None, []
        stacked = options.get("stacked")
        first = stacked.get("first_parent") if stacked else None
        state.first_parent = state.rng.randint(0, players - 1) if first is None else first
        state._start_round()
        return state

    def _round_deck(self) -> list[str]:
        """Round k deals from stacked["deck"] (k = 1) or stacked["next_decks"][k - 2], reusing "deck" when no
        later deck is given; without `stacked`, from all 48 cards shuffled."""
        stacked = self.options.get("stacked")
        if stacked:
            later = stacked.get("next_decks") or []
            index = self.round_no - 2
            return list(later[index] if 0 <= index < len(later) else stacked["deck"])
        deck = cards.full_deck()
        self.rng.shuffle(deck)
        return deck

    def _start_round(self) -> list[dict]:
        self.round_no += 1
        self.parent, self.child = self.first_parent, self._next_seat(self.first_parent)
        self.boxes = [cards.empty_box() for _ in range(self.players)]
        self.common = [None] * COMMON_SLOTS
        self.deck = self._round_deck()
        self.removed, self.signs, self.takes, self.placers, self.last_duel = [], [None, None], [], [], None
        self.held = [[] for _ in range(self.players)]
        self.starting = [None] * self.players
        events = [
            {"type": "round_started", "round": self.round_no, "parent_seat": self.parent, "child_seat": self.child}
        ]
        for seat in range(self.players):
            if self.deck:
                events += self._deal_start(seat, self.deck.pop(0))
        for slot in range(COMMON_SLOTS):
            self.common[slot] = self.deck.pop(0) if self.deck else None
        events.append(
            {"type": "common_laid", "card0": self.common[0], "card1": self.common[1], "deck_count": len(self.deck)}
        )
        if self._pending_starts():
            self.phase = "setup"
            return events
        return events + self._begin_duel()

    def _deal_start(self, seat: int, card: str) -> list[dict]:
        """A starting card: a past round winner first decides face down or up (the card stays theirs alone
        until then); a face-up SPECIAL waits for its colour; anything else goes straight to the box."""
        if self.round_wins[seat]:
            self.starting[seat] = {"card": card, "stage": "bonus"}
            return [{"type": "bonus_offered", "seat": seat}]
        return self._start_face_up(seat, card)

    def _start_face_up(self, seat: int, card: str) -> list[dict]:
        if card == cards.SPECIAL:
            self.starting[seat] = {"card": card, "stage": "special"}
            return [{"type": "starting_special", "seat": seat}]
        self.starting[seat] = None
        cards.place(self.boxes[seat], {"card": card})
        return [{"type": "starting_card", "seat": seat, "card": card}]

    def _pending_starts(self) -> list[int]:
        return [seat for seat in range(self.players) if self.starting[seat] is not None]

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    # --- the contract ----------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "setup":
            return self._pending_starts()
        if self.phase == "sign":
            return [seat for seat, sign in zip((self.parent, self.child), self.signs) if sign is None]
        if self.phase == "take":
            return [self.takes[0][0]]
        if self.phase == "place":
            return [self.placers[0]]
        return []

    def _refusal(self, seat: int, action: dict) -> str | None:
        kind = action.get("type")
        wanted = {"setup": ("bonus", "special"), "sign": ("sign",), "take": ("take",), "place": ("place",)}
        if kind in ("bonus", "special", "sign", "take", "place") and kind not in wanted.get(self.phase, ()):
            return "wrong_step" if self.phase in wanted else None
        if kind == "take":
            return "no_card_there"
        if kind == "place":
            if action.get("card") not in self.held[seat]:
                return "not_held"
            return "choose_colour" if action.get("card") == cards.SPECIAL else "no_colour_needed"
        return None

    def legal_actions(self, seat: int) -> list[dict]:
        if self.finished:
            return []
        if seat == SYSTEM:
            return [{"type": "timeout"}]
        if seat not in self.to_act():
            return []
        if self.phase == "setup":
            starting = self.starting[seat]
            assert starting is not None  # the seat is to act in setup
            if starting["stage"] == "bonus":
                return [{"type": "bonus", "face_down": True}, {"type": "bonus", "face_down": False}]
            return [{"type": "special", "colour": colour} for colour in cards.COLOURS]
        if self.phase == "sign":
            return [{"type": "sign", "sign": sign} for sign in SIGNS]
        if self.phase == "take":
            return [{"type": "take", "slot": slot} for slot in range(COMMON_SLOTS) if self.common[slot] is not None]
        actions: list[dict] = []
        for card in dict.fromkeys(self.held[seat]):  # each distinct card once, in taking order
            if card == cards.SPECIAL:
                actions += [{"type": "place", "card": card, "colour": colour} for colour in cards.COLOURS]
            else:
                actions.append({"type": "place", "card": card})
        return actions

    def _apply(self, seat: int, action: dict) -> list[dict]:
        kind = action["type"]
        if kind == "timeout":
            return self._timeout()
        if kind == "bonus":
            starting = self.starting[seat]
            assert starting is not None  # a legal bonus: this seat's starting card waits
            card = starting["card"]
            if action["face_down"]:
                self.starting[seat] = None
                cards.place(self.boxes[seat], {"card": card, "face_down": True})
                events = [{"type": "starting_face_down", "seat": seat}]
            else:
                events = self._start_face_up(seat, card)
            return events + self._after_start_decision()
        if kind == "special":
            self.starting[seat] = None
            cards.place(self.boxes[seat], {"card": cards.SPECIAL, "colour": action["colour"]})
            return [
                {"type": "special_coloured", "seat": seat, "colour": action["colour"]}
            ] + self._after_start_decision()
        if kind == "sign":
            self.signs[0 if seat == self.parent else 1] = action["sign"]
            events = [{"type": "sign_chosen", "seat": seat}]
            return events + (self._reveal() if None not in self.signs else [])
        if kind == "take":
            return self._take(seat, action["slot"])
        return self._place(seat, action["card"], action.get("colour"))

    def _after_start_decision(self) -> list[dict]:
        return [] if self._pending_starts() else self._begin_duel()

    # --- duels -----------------------------------------------------------------------------------
    def _begin_duel(self) -> list[dict]:
        if all(card is None for card in self.common):
            return self._end_round_by_count()
        self.phase, self.signs = "sign", [None, None]
        return [{"type": "duel_started", "parent_seat": self.parent, "child_seat": self.child}]

    def _reveal(self) -> list[dict]:
        parent_sign, child_sign = self.signs
        assert parent_sign is not None and child_sign is not None  # revealed once both are chosen
        result, takes = outcome(parent_sign, child_sign)
        self.signs = [None, None]
        self.last_duel = {
            "parent_seat": self.parent,
            "child_seat": self.child,
            "parent_sign": parent_sign,
            "child_sign": child_sign,
            "result": result,
        }
        events = [{"type": "signs_revealed", **self.last_duel}]
        if result == "aiko":
            return events + [{"type": "aiko", "parent_seat": self.parent, "child_seat": self.child}]
        if result == "zorf_clash":
            for seat in (self.parent, self.child):
                events += self._lose_top_right(seat)
            forced = self._next_seat(self.child)  # the child of the next duel
            self.takes = [[forced, 1]]
            events.append({"type": "forced_take", "seat": forced})
        else:
            roles = {"parent": self.parent, "child": self.child}
            self.takes = [[roles[role], count] for role, count in takes]
            events += [{"type": "takes_granted", "seat": seat, "count": count} for seat, count in self.takes]
        self.placers = [seat for seat, _ in self.takes]
        return events + self._continue_takes()

    def _lose_top_right(self, seat: int) -> list[dict]:
        box = self.boxes[seat]
        slot = cards.top_right_slot(box)
        if slot is None:
            return [{"type": "nothing_lost", "seat": seat}]
        entry, box[slot] = box[slot], None
        assert entry is not None  # top_right_slot names a filled slot
        if entry.get("face_down"):
            return [{"type": "bonus_card_lost", "seat": seat, "slot": slot}]
        self.removed.append(entry["card"])
        return [{"type": "top_right_lost", "seat": seat, "slot": slot, "card": entry["card"]}]

    def _continue_takes(self) -> list[dict]:
        """Go on to the next take; when the common cards run out, the remaining takes get nothing; after the
        last take, refill and go on to placement."""
        events: list[dict] = []
        if self.takes and all(card is None for card in self.common):
            events += [{"type": "nothing_to_take", "seat": seat} for seat, _ in self.takes]
            self.takes = []
        if self.takes:
            self.phase = "take"
            return events
        return events + self._refill() + self._continue_placement()

    def _take(self, seat: int, slot: int) -> list[dict]:
        card, self.common[slot] = self.common[slot], None
        assert card is not None  # a legal take names a filled slot
        self.held[seat].append(card)
        self.takes[0][1] -= 1
        if self.takes[0][1] == 0:
            self.takes.pop(0)
        kind = "took_face_down" if slot == FACE_DOWN_SLOT else "took"
        return [{"type": kind, "seat": seat, "slot": slot, "card": card}] + self._continue_takes()

    def _refill(self) -> list[dict]:
        count = 0
        for slot in range(COMMON_SLOTS):
            if self.common[slot] is None and self.deck:
                self.common[slot] = self.deck.pop(0)
                count += 1
        return [{"type": "refilled", "count": count, "deck_count": len(self.deck)}] if count else []

    def _continue_placement(self) -> list[dict]:
        while self.placers and not self.held[self.placers[0]]:
            self.placers.pop(0)
        if self.placers:
            self.phase = "place"
            return []
        self.parent, self.child = self.child, self._next_seat(self.child)
        return self._begin_duel()

    def _place(self, seat: int, card: str, colour: str | None) -> list[dict]:
        self.held[seat].remove(card)
        entry = {"card": card, "colour": colour} if card == cards.SPECIAL else {"card": card}
        slot, vanished = cards.place(self.boxes[seat], entry)
        if card == cards.SPECIAL:
            events = [{"type": "placed_special", "seat": seat, "colour": colour, "slot": slot}]
        else:
            events = [{"type": "placed", "seat": seat, "card": card, "slot": slot}]
        if vanished:
            self.removed += [gone["card"] for gone in vanished]
            events.append(
                {
                    "type": "vanished",
                    "seat": seat,
                    "count": len(vanished),
                    "cards": " ".join(gone["card"] for gone in vanished),
                }
            )
        if cards.is_full(self.boxes[seat]):
            return events + self._win_round(seat, {"type": "round_won", "seat": seat, "round": self.round_no})
        return events + self._continue_placement()

    # --- rounds ----------------------------------------------------------------------------------
    def _win_round(self, seat: int, event: dict) -> list[dict]:
        self.round_wins[seat] += 1
        self.history.append({"round": self.round_no, "winner_seat": seat})
        events = [{**event, "wins": self.round_wins[seat]}]
        if self.round_wins[seat] >= ROUNDS_TO_WIN:
            self.winner, self.phase = seat, "over"
            self.takes, self.placers = [], []
            return events + [{"type": "game_won", "seat": seat, "wins": self.round_wins[seat]}]
        return events + self._next_round()

    def _end_round_by_count(self) -> list[dict]:
        counts = [cards.card_count(box) for box in self.boxes]
        leaders = [seat for seat, count in enumerate(counts) if count == max(counts)]
        events = [{"type": "deck_exhausted", "round": self.round_no}]
        if len(leaders) == 1:
            seat = leaders[0]
            return events + self._win_round(
                seat, {"type": "round_won_by_count", "seat": seat, "round": self.round_no, "cards": counts[seat]}
            )
        self.history.append({"round": self.round_no, "winner_seat": None})
        events.append(
            {"type": "round_drawn", "round": self.round_no, "leader_seats": leaders, "cards": counts[leaders[0]]}
        )
        return events + self._next_round()

    def _next_round(self) -> list[dict]:
        self.first_parent = self._next_seat(self.first_parent)
        return self._start_round()

    # --- timeouts --------------------------------------------------------------------------------
    def deadline(self) -> Deadline | None:
        if self.phase == "setup":
            return Deadline("setup", self.options["turn_timeout"], tuple(self._pending_starts()))
        if self.phase == "sign":
            return Deadline("sign", self.options["sign_timeout"], tuple(self.to_act()), window=True)
        if self.phase in ("take", "place"):
            return Deadline("turn", self.options["turn_timeout"], tuple(self.to_act()))
        return None

    def _timeout(self) -> list[dict]:
        """Sign window: a random sign for each duellist still choosing. Otherwise the AI plays for each waited-for
        seat everything that seat has to do in the current phase (all its takes, or all its placements)."""
        events: list[dict] = []
        if self.phase == "sign":
            for role, seat in enumerate((self.parent, self.child)):
                if self.signs[role] is None:
                    self.signs[role] = self.rng.choice(list(SIGNS))
                    events.append({"type": "sign_assigned", "seat": seat})
            return events + self._reveal()
        phase = self.phase
        for seat in self.to_act():
            events.append({"type": "timed_out", "seat": seat})
            while (
                not self.finished
                and self.phase == phase
                and seat in self.to_act()
                and (phase == "setup" or self.to_act() == [seat])
            ):
                events += self._apply(seat, self._agent_choice(seat))
        return events

    def _agent_choice(self, seat: int) -> dict:
        rng = random.Random(self.rng.randint(0, 2**31 - 1))
        return type(self).spec.agent(self.view(seat), self.legal_actions(seat), rng, "normal")

    # --- views -----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        viewer = seat if seat is not None and 0 <= seat < self.players else None
        in_sign = self.phase == "sign"
        own_sign = None
        if in_sign and viewer in (self.parent, self.child):
            own_sign = self.signs[0 if viewer == self.parent else 1]
        return {
            "players": self.players,
            "seat": viewer,
            "phase": self.phase,
            "round": self.round_no,
            "rounds_to_win": ROUNDS_TO_WIN,
            "round_wins": list(self.round_wins),
            "history": [dict(entry) for entry in self.history],
            "first_parent_seat": self.first_parent,
            "parent_seat": self.parent,
            "child_seat": self.child,
            "boxes": [[_entry_view(entry, owner == viewer) for entry in box] for owner, box in enumerate(self.boxes)],
            "common": [
                None if card is None else ({"face_down": True} if slot == FACE_DOWN_SLOT else {"card": card})
                for slot, card in enumerate(self.common)
            ],
            "deck_count": len(self.deck),
            "removed": list(self.removed),
            "starting": [_start_view(entry, owner == viewer) for owner, entry in enumerate(self.starting)],
            "chosen_seats": [s for s, sign in zip((self.parent, self.child), self.signs) if in_sign and sign],
            "sign": own_sign,
            "last_duel": dict(self.last_duel) if self.last_duel else None,
            "takes": [{"seat": s, "count": n} for s, n in self.takes] if self.phase == "take" else [],
            "held": [list(hand) for hand in self.held],
            "placing_seat": self.placers[0] if self.phase == "place" else None,
            "winner_seat": self.winner,
        }

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict:
        return {"winners": [] if self.winner is None else [self.winner], "scores": list(self.round_wins)}

    def ranks(self) -> list[int]:
        return places([(seat != self.winner, -won) for seat, won in enumerate(self.round_wins)])


def _entry_view(entry: dict | None, own: bool) -> dict | None:
    if entry is None:
        return None
    if entry.get("face_down"):
        return {"face_down": True, "card": entry["card"]} if own else {"face_down": True}
    return dict(entry)


def _start_view(entry: dict | None, own: bool) -> dict | None:
    """A starting card awaiting a decision: a SPECIAL waiting for its colour is face up; a past winner's card
    is their own secret until they place it face up."""
    if entry is None:
        return None
    if own or entry["stage"] == "special":
        return dict(entry)
    return {"stage": entry["stage"]}


def _check_options(players: int, options: dict) -> None:
    for name in ("sign_timeout", "turn_timeout"):
        value = options.get(name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise IllegalAction("bad_option", "colorse.error.bad_option", option=name)
    stacked = options.get("stacked")
    if stacked is None:
        return
    if not isinstance(stacked, dict) or set(stacked) - {"deck", "first_parent", "next_decks"}:
        raise IllegalAction("bad_stacked", "colorse.error.bad_stacked")
    decks = [stacked.get("deck")] + list(stacked.get("next_decks") or [])
    for deck in decks:
        if (
            not isinstance(deck, list)
            or len(deck) < players + COMMON_SLOTS
            or any(card not in cards.DESCRIPTORS for card in deck)
        ):
            raise IllegalAction("bad_stacked", "colorse.error.bad_stacked")
    first = stacked.get("first_parent")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players):
        raise IllegalAction("bad_stacked", "colorse.error.bad_stacked")
