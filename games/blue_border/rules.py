"""Blue Border rules (docs/rules/blue_border.md): taking, passing, border calls, rewards, rounds.

Phases: "turn" (the active diver takes or passes), "call_window" (after every placement, the eligible divers
may call ボーダー！ or decline), "reward" (a successful caller picks 5-1 / 5-2 / nothing), "over".
A chain starts with the turn's placement and runs through calls and reward placements; when it ends, play
resumes after the diver called last (or after the active diver when nobody was called).

Cards: the deck is a list, top first; each field pile is a list, bottom first (its top is the last card);
a board is a list of {"number": n, "revealed": bool} in slot order A.. (its length is the next empty slot).

Decisions the rules file leaves open:
- Deck exhaustion (seed ⑧): the deck is rebuilt as soon as it runs out (its last card taken, turned by a pass, or
  drawn to refill a pile), and whenever it is empty while a card lies buried under a pile or in the discard, so
  the next diver has a deck to take from whenever the cards off the boards allow one. With too few cards off the
  boards the piles show them all (some may stay empty) and the deck stays empty: it offers no take and no pass.
  When no card is left off the boards, the round is drawn.
- No reshuffle between a successful call and the caller's choice: the cards the call discarded stay there for
  5-1; a reshuffle that fell due meanwhile is made right after the choice.
- A reward taken from the discard lies face up (everyone has seen its number).
- A placement nobody may call (every other diver owes a skip) closes its window at once.
- Timeouts: an absent diver passes onto the pile the AI would choose (or, with no card to turn, the turn goes by);
  an absent caller takes no reward.
- Skips are forgotten when a new round starts. A game whose rounds were all drawn has no winner.
- Settings that can be played (games/blue_border/settings.py): the default bottoms is round(25 × cards / 32),
  halves up; a table under which no legal full board exists (some slot could never hold a legal card) is refused
  with "unplayable"; "shuffle" rounds scale their bottoms the same way and draw playable combinations only.
- A difference of exactly `border` between neighbours is legal (the rules text over the seed's example).
- The final order (`ranks`): rounds won, most first, equal counts tied (the winners are those with the most). A
  round names its winner alone, so in a one-round game everybody else shares second place.
"""

from __future__ import annotations

import random
from typing import Any

from games.blue_border import border, settings
from games.blue_border.cards import LAST, PILES, SLOTS
from games.contract import SYSTEM, Deadline, GameState, IllegalAction, Rng, places


def _pile_fields(action: dict) -> dict:
    """An event's pile index (as in actions) and its 1-based name for messages; None when not from a pile."""
    pile = action.get("pile")
    return {"pile": pile, "pile_number": None if pile is None else pile + 1}


class BlueBorderState(GameState):
    FIELDS = (  # what a saved state holds (games.contract)
        "players",
        "options",
        "round",
        "round_scores",
        "round_winners",
        "border",
        "bottoms",
        "round_start",
        "deck",
        "piles",
        "discard",
        "boards",
        "skip",
        "phase",
        "active",
        "placement",
        "may_call",
        "caller",
        "last_called",
        "winner_seats",
    )
    round: int  # 1-based, the round under way
    round_scores: list[int]  # rounds won, per seat
    round_winners: list[int | None]  # per round played: its winner's seat
    border: int
    bottoms: int
    round_start: int  # the seat that opened the round
    deck: list[int]  # top first
    piles: list[list[int]]
    discard: list[int]
    boards: list[list[dict[str, Any]]]  # per seat: {"number", "revealed"} in slot order
    skip: list[bool]  # per seat: owes a skip (a failed call)
    phase: str  # "turn", "call_window", "reward" or "over"
    active: int
    placement: dict[str, int] | None  # {"seat", "slot"} of the card open to calls
    may_call: list[int]
    caller: int | None  # the seat choosing its reward
    last_called: int | None
    winner_seats: list[int] | None  # set once the game is over

    # --- setup ---------------------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, options: dict, seed: int | str, rules: int) -> BlueBorderState:
        state = cls(rules)
        state.players, state.options, state.rng = players, settings.checked(options, players), Rng(seed)
        state.round, state.round_scores, state.round_winners = 0, [0] * players, []
        state.winner_seats = None
        state._begin_round(settings.first_start(state.options, players, state.rng), [])
        return state

    def _begin_round(self, start: int, events: list[dict]) -> None:
        """Afresh: boards cleared, the round's deck shuffled (or stacked), 4 piles turned, skips forgotten."""
        self.round += 1
        self.border, self.bottoms = settings.round_rules(self.options, self.round, self.rng)
        self.deck = settings.round_deck(self.options, self.round, self.rng)
        self.piles = [[self.deck.pop(0)] if self.deck else [] for _ in range(PILES)]
        self.discard = []
        self.boards = [[] for _ in range(self.players)]
        self.skip = [False] * self.players
        self.round_start = start
        events.append(
            {
                "type": "round_started",
                "round": self.round,
                "border": self.border,
                "bottoms": self.bottoms,
                "start_seat": start,
            }
        )
        self._start_turn(start, events)

    # --- contract ------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> list[int]:
        if self.phase == "turn":
            return [self.active]
        if self.phase == "call_window":
            return list(self.may_call)
        if self.phase == "reward":
            assert self.caller is not None  # set for the whole reward phase
            return [self.caller]
        return []

    def deadline(self) -> Deadline | None:
        if self.phase == "turn":
            return Deadline("turn", self.options["turn_timeout"], (self.active,))
        if self.phase == "call_window":
            return Deadline("call_window", self.options["call_window"], tuple(self.may_call), window=True)
        if self.phase == "reward":
            assert self.caller is not None
            return Deadline("reward", self.options["turn_timeout"], (self.caller,))
        return None

    def legal_actions(self, seat: int) -> list[dict]:
        if self.finished:
            return []
        if seat == SYSTEM:
            return [{"type": "timeout"}]
        if seat not in self.to_act():
            return []
        if self.phase == "turn":
            return self._turn_actions()
        if self.phase == "call_window":
            return [{"type": "call"}, {"type": "no_call"}]
        return self._reward_actions()

    def _turn_actions(self) -> list[dict]:
        actions: list[dict] = [{"type": "take", "source": "deck"}] if self.deck else []
        actions += [{"type": "take", "source": "pile", "pile": i} for i, pile in enumerate(self.piles) if pile]
        if self._can_turn_a_card():
            actions += [{"type": "pass", "pile": i} for i in range(PILES)]
        return actions

    def _reward_actions(self) -> list[dict]:
        actions = [{"type": "reward", "source": "discard", "card": n} for n in self.discard]
        actions += [{"type": "reward", "source": "pile", "pile": i} for i, pile in enumerate(self.piles) if pile]
        if self.deck:
            actions.append({"type": "reward", "source": "deck"})
        actions.append({"type": "reward", "source": "none"})
        return actions

    def apply(self, seat: int, action: dict, *, saved: str | None = None) -> list[dict]:
        """As GameState.apply, but names why a known kind of action is refused (blue_border.error.<code>)."""
        if isinstance(action, dict) and not self.finished and seat != SYSTEM:
            code = self._refusal(seat, action)
            if code:
                raise IllegalAction(code, f"blue_border.error.{code}")
        return super().apply(seat, action, saved=saved)

    def _refusal(self, seat: int, action: dict) -> str | None:
        kind = action.get("type")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return None
        if kind in ("call", "no_call"):
            if self.phase != "call_window":
                return "no_window"
            assert self.placement is not None  # set for the whole call window
            if seat == self.placement["seat"]:
                return "own_placement"
            if self.skip[seat]:
                return "call_banned"
            if seat not in self.may_call:
                return "already_answered"
            return None
        mine = seat in self.to_act()
        if not (
            mine and (self.phase == "turn" and kind in ("take", "pass") or self.phase == "reward" and kind == "reward")
        ):
            return None
        source, pile = action.get("source"), action.get("pile")
        if kind == "pass" or source == "pile":
            if type(pile) is not int or not 0 <= pile < PILES:
                return "no_such_pile"
            if kind == "pass":
                return None if self._can_turn_a_card() else "nothing_to_turn"
            return None if self.piles[pile] else "pile_empty"
        if source == "deck" and not self.deck:
            return "deck_empty"
        if source == "discard" and action.get("card") not in self.discard:
            return "not_in_discard"
        return None

    def _apply(self, seat: int, action: dict) -> list[dict]:
        events: list[dict] = []
        getattr(self, f"_do_{action['type']}")(seat, action, events)
        return events

    def view(self, seat: int | None) -> dict:
        from games.blue_border.view import build_view

        return build_view(self, seat)

    def result(self) -> dict:
        return {"winners": list(self.winner_seats or []), "scores": list(self.round_scores)}

    def ranks(self) -> list[int]:
        return places([-won for won in self.round_scores])

    # --- the turn ------------------------------------------------------------------------
    def _start_turn(self, seat: int, events: list[dict]) -> None:
        """Give `seat` the turn, serving pending skips on the way round the table."""
        while self.skip[seat]:
            self.skip[seat] = False
            events.append({"type": "skip_served", "seat": seat})
            seat = self._next(seat)
        self.phase, self.active = "turn", seat
        self.placement, self.may_call, self.caller, self.last_called = None, [], None, None
        self._restock(events)
        if not self._turn_actions():  # every card is on a board: nobody can ever act again
            events.append({"type": "round_drawn", "round": self.round})
            self._end_round(None, events)

    def _do_take(self, seat: int, action: dict, events: list[dict]) -> None:
        events.append(
            {
                "type": "took",
                "seat": seat,
                "source": action["source"],
                **_pile_fields(action),
                "slot": SLOTS[len(self.boards[seat])],
            }
        )
        self._place(seat, self._pick_up(action, events), False, events)

    def _do_pass(self, seat: int, action: dict, events: list[dict]) -> None:
        if not self.deck:  # only in a state saved before decks were rebuilt at once
            self._reshuffle(events)
        self.piles[action["pile"]].append(self.deck.pop(0))
        events.append({"type": "passed", "seat": seat, "pile": action["pile"], "pile_number": action["pile"] + 1})
        self._restock(events)
        self._finish_chain(events)

    def _do_timeout(self, seat: int, action: dict, events: list[dict]) -> None:
        """SYSTEM at a deadline: close the window; pass for an absent diver; an absent caller takes nothing."""
        if self.phase == "call_window":
            assert self.placement is not None
            events.append(
                {
                    "type": "window_closed",
                    "seat": self.placement["seat"],
                    "slot": SLOTS[self.placement["slot"]],
                    "timeout": True,
                }
            )
            self._window_closed_uncalled(events)
        elif self.phase == "reward":
            events.append({"type": "reward_declined", "seat": self.caller, "timeout": True})
            self._finish_chain(events)
        else:
            absent = self.active
            events.append({"type": "turn_timeout", "seat": absent})
            passes = [a for a in self._turn_actions() if a["type"] == "pass"]
            if not passes:  # nothing to turn over: the turn simply goes by
                self._finish_chain(events)
                return
            from games.blue_border.ai import choose

            rng = random.Random(self.rng.randint(0, 2**31))
            choice = choose(self.view(absent), passes, rng, "normal")
            self._do_pass(absent, choice if choice in passes else passes[0], events)

    # --- placing and the call window ------------------------------------------------------
    def _place(self, seat: int, number: int, revealed: bool, events: list[dict]) -> None:
        self.boards[seat].append({"number": number, "revealed": revealed})
        slot = len(self.boards[seat]) - 1
        self.placement = {"seat": seat, "slot": slot}
        # The placer may not call, nor may a diver still owing a skip.
        self.may_call = [s for s in range(self.players) if s != seat and not self.skip[s]]
        if not self.may_call:
            self._window_closed_uncalled(events)
            return
        self.phase = "call_window"
        events.append(
            {
                "type": "call_window_opened",
                "seat": seat,
                "slot": SLOTS[slot],
                "seconds": self.options["call_window"],
                "may_call_seats": list(self.may_call),
            }
        )

    def _do_no_call(self, seat: int, action: dict, events: list[dict]) -> None:
        self.may_call.remove(seat)
        events.append({"type": "declined", "seat": seat})
        if not self.may_call:
            assert self.placement is not None
            events.append(
                {
                    "type": "window_closed",
                    "seat": self.placement["seat"],
                    "slot": SLOTS[self.placement["slot"]],
                    "timeout": False,
                }
            )
            self._window_closed_uncalled(events)

    def _window_closed_uncalled(self, events: list[dict]) -> None:
        assert self.placement is not None
        placer, slot = self.placement["seat"], self.placement["slot"]
        self.may_call = []
        if slot == LAST:
            self._round_won(placer, events)
        else:
            self._finish_chain(events)

    def _do_call(self, seat: int, action: dict, events: list[dict]) -> None:
        """The first call closes the window: reveal the card and its predecessor, then judge."""
        assert self.placement is not None
        called, slot = self.placement["seat"], self.placement["slot"]
        board = self.boards[called]
        shown = board[max(0, slot - 1) : slot + 1]
        for card in shown:
            card["revealed"] = True
        self.may_call, self.last_called = [], called
        revealed = [
            {"slot": SLOTS[slot - len(shown) + 1 + i], "number": card["number"]} for i, card in enumerate(shown)
        ]
        events.append(
            {
                "type": "called",
                "caller_seat": seat,
                "called_seat": called,
                "slot": SLOTS[slot],
                "revealed": revealed,
                "revealed_text": ", ".join(f"{card['slot']}={card['number']}" for card in revealed),
            }
        )
        previous = board[slot - 1]["number"] if slot else None
        broken = border.broken_rules(slot, board[slot]["number"], previous, self.border, self.bottoms)
        # the judged cards and the rules in play, so the outcome's line shows why (the numbers are public now)
        judged = {
            "revealed": revealed,
            "cards_text": " ".join(f"{card['slot']}={card['number']}" for card in revealed),
            "border": self.border,
            "bottoms": self.bottoms,
            "rules": broken or border.rules_at(slot),
            "rules_text": ", ".join(broken or border.rules_at(slot)),  # codes; the host says them in words
        }
        if broken:
            self._call_succeeded(seat, called, slot, events, judged)
        else:
            self._call_failed(seat, called, slot, events, judged)

    def _call_succeeded(self, caller: int, called: int, slot: int, events: list[dict], judged: dict) -> None:
        board = self.boards[called]
        removed = [card["number"] for card in board[max(0, slot - 1) :]]
        del board[max(0, slot - 1) :]
        self.discard.extend(removed)
        events.append(
            {
                "type": "call_succeeded",
                "caller_seat": caller,
                "called_seat": called,
                "slot": SLOTS[slot],
                "discarded": removed,
                "discarded_text": ", ".join(map(str, removed)),
                **judged,
            }
        )
        self.phase, self.caller = "reward", caller  # no restock before the caller's choice (5-1 sees the discard)

    def _call_failed(self, caller: int, called: int, slot: int, events: list[dict], judged: dict) -> None:
        events.append(
            {"type": "call_failed", "caller_seat": caller, "called_seat": called, "slot": SLOTS[slot], **judged}
        )
        own = self.boards[caller]
        if own:
            lost = own.pop()
            self.discard.append(lost["number"])  # the discard is face up: its number is public now
            events.append({"type": "card_lost", "seat": caller, "slot": SLOTS[len(own)], "number": lost["number"]})
            self._restock(events)
        else:
            self.skip[caller] = True
            events.append({"type": "skip_incurred", "seat": caller})
        if slot == LAST:  # the G placement stands: a failed call on G wins
            self._round_won(called, events)
        else:
            self._finish_chain(events)

    def _do_reward(self, seat: int, action: dict, events: list[dict]) -> None:
        source, slot = action["source"], SLOTS[len(self.boards[seat])]
        self.caller = None
        if source == "none":
            events.append({"type": "reward_declined", "seat": seat, "timeout": False})
            self._finish_chain(events)
            return
        if source == "discard":
            self.discard.remove(action["card"])
            events.append(
                {
                    "type": "reward_taken",
                    "seat": seat,
                    "source": source,
                    **_pile_fields(action),
                    "card": action["card"],
                    "slot": slot,
                }
            )
            self._restock(events)  # the reshuffle the call made due
            # Everyone has just seen its number in the discard, so it lies face up.
            self._place(seat, action["card"], True, events)
        else:
            events.append(
                {
                    "type": "reward_taken",
                    "seat": seat,
                    "source": source,
                    **_pile_fields(action),
                    "card": None,
                    "slot": slot,
                }
            )
            self._place(seat, self._pick_up(action, events), False, events)

    def _finish_chain(self, events: list[dict]) -> None:
        """Resume after the diver called last in the chain, or after the active diver if nobody was."""
        after = self.last_called if self.last_called is not None else self.active
        self._start_turn(self._next(after), events)

    # --- cards ---------------------------------------------------------------------------
    def _pick_up(self, action: dict, events: list[dict]) -> int:
        """Take the deck's or a pile's top card; an emptied pile is refilled at once."""
        if action["source"] == "deck":
            number = self.deck.pop(0)
        else:
            number = self.piles[action["pile"]].pop()
        self._restock(events)
        return number

    def _pool_size(self) -> int:
        return sum(len(pile) for pile in self.piles) + len(self.discard)

    def _can_turn_a_card(self) -> bool:
        """A pass turns the deck's top card; an empty deck is first rebuilt, which must leave one beyond 4 piles."""
        return bool(self.deck) or self._pool_size() > PILES

    def _restock(self, events: list[dict]) -> None:
        """Keep 4 piles and a deck: an emptied pile takes the deck's top card, and a deck that has run out is
        rebuilt at once whenever a card lies buried or discarded (a reshuffle would change nothing otherwise)."""
        for pile in self.piles:
            if not pile and self.deck:
                pile.append(self.deck.pop(0))
        if not self.deck and (self.discard or any(len(pile) > 1 for pile in self.piles)):
            self._reshuffle(events)

    def _reshuffle(self, events: list[dict]) -> None:
        """Deck exhaustion: field and discard shuffled into a new deck, 4 new piles turned (boards stay)."""
        pool = [number for pile in self.piles for number in pile] + self.discard
        self.rng.shuffle(pool)
        self.deck, self.discard = pool, []
        self.piles = [[self.deck.pop(0)] if self.deck else [] for _ in range(PILES)]
        events.append({"type": "deck_reshuffled", "deck_count": len(self.deck)})

    # --- rounds --------------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _round_won(self, seat: int, events: list[dict]) -> None:
        self.round_scores[seat] += 1
        events.append({"type": "round_won", "seat": seat, "round": self.round, "scores": list(self.round_scores)})
        self._end_round(seat, events)

    def _end_round(self, winner: int | None, events: list[dict]) -> None:
        """Best of `rounds`: a majority ends the game; after the last round the top scores share it."""
        self.round_winners.append(winner)
        self.placement, self.may_call, self.caller = None, [], None
        majority = self.options["rounds"] // 2 + 1
        decided = winner is not None and self.round_scores[winner] >= majority
        if decided or self.round >= self.options["rounds"]:
            top = max(self.round_scores)
            self.winner_seats = [s for s in range(self.players) if self.round_scores[s] == top] if top else []
            self.phase = "over"
            events.append(
                {
                    "type": "game_won" if self.winner_seats else "game_drawn",
                    "winner_seats": list(self.winner_seats),
                    "scores": list(self.round_scores),
                }
            )
            return
        self._begin_round(self._next(self.round_start), events)
