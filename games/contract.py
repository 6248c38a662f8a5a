"""The contract every game engine implements (docs/engines.md; the rules of each game: docs/rules/).

A game is a `GameSpec` (what the lobby needs: names, seat counts, options, a factory) and a
`GameState` (the rules). States are pure: no I/O, no clocks; every chance outcome comes from the
state's own `Rng`, so the same seed and the same actions give an identical `to_json()`.

Conventions shared by all games:
- Seats are 0..n-1. `SYSTEM` acts for the host (timeouts).
- Actions are JSON-able dicts with a "type", exactly as listed by `legal_actions(seat)`: compared strictly
  (`same_json`), so True, 1 and 1.0 are three different values, as in JSON, in every game.
- Events returned by `apply` are public: they never carry what any player may not know.
- `view(seat)` is the one place that decides what a seat may see; `view(None)` is the public view.
- Every game accepts the option `stacked`, which fixes every chance outcome (format per game).
- A state declares what it saves (`GameState.FIELDS`, `CODECS`); the contract writes and reads it, with the state's
  `rng` and the version of the rules it plays (`"rules"`, see `GameSpec.rules_version`).
"""

from __future__ import annotations

import json
import marshal
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

import orjson

from games.checks import GameChecks

SYSTEM = -1


class IllegalAction(Exception):
    """An action the rules refuse. `code` is for machines, `key` names a message in the catalogues."""

    def __init__(self, code: str, key: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.key = key or f"error.{code}"
        self.params = params


class UnsupportedRules(Exception):
    """A saved state or a record written under a version of a game's rules this code does not play (newer than
    `GameSpec.rules_version`, or older than `GameSpec.oldest_rules`): refused, never judged by other rules.
    `key` names a message in the catalogues, formatted with `params`."""

    def __init__(self, game: str, rules: Any, oldest: int, current: int) -> None:
        super().__init__(f"{game}: rules version {rules!r} is not played here (versions {oldest} to {current} are)")
        self.code = "unsupported_rules"
        self.key = "error.unsupported_rules"
        self.params = {"game": game, "rules": rules, "oldest": oldest, "current": current}


@dataclass(frozen=True)
class Codec:
    """How a saved field whose live value is not plain JSON (a Counter, a set, an object) is written and read."""

    load: Callable[[Any], Any]  # JSON value (owned: no one else holds it) -> live value
    dump: Callable[[Any], Any] | None = None  # live value -> JSON value; None: written as it is (a dict subclass)


@dataclass(frozen=True)
class Deadline:
    """A timed window the host must run. At expiry it applies {"type": "timeout"} as SYSTEM."""

    kind: str  # e.g. "turn", "call_window", "sign"
    seconds: float
    seats: tuple[int, ...] = ()  # who is being waited for
    window: bool = False  # only answers are awaited (a call window, secret signs): turn-based play closes it on time


class Rng:
    """A compact, serialisable random source: each draw derives a fresh generator from (seed, count)."""

    def __init__(self, seed: int | str = 0, count: int = 0) -> None:
        self.seed = seed
        self.count = count

    def _next(self) -> random.Random:
        generator = random.Random(f"{self.seed}/{self.count}")
        self.count += 1
        return generator

    def shuffle(self, items: list) -> None:
        self._next().shuffle(items)

    def randint(self, low: int, high: int) -> int:
        return self._next().randint(low, high)

    def choice(self, items: list) -> Any:
        return self._next().choice(items)

    def random(self) -> float:
        return self._next().random()

    def to_dict(self) -> dict:
        return {"seed": self.seed, "count": self.count}

    @classmethod
    def from_dict(cls, data: dict) -> Rng:
        return cls(data["seed"], data["count"])


# json.dumps with options builds an encoder per call; values orjson refuses (integers past 64 bits) use this one
_snapshot_json = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_ORJSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def snapshot_json(value: Any) -> str:
    """Compact JSON with sorted keys, the same text for the same value: every action writes its state's this way
    (orjson: 5-10x faster than the json module, which remains for what orjson refuses)."""
    try:
        return orjson.dumps(value, option=_ORJSON_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return _snapshot_json(value)


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars): saved dicts must never share lists with a live state.
    Through marshal (C, 2-3x faster: every action copies its state), format 2, which never shares one object
    between two places in the copy; anything marshal refuses is copied by hand."""
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return _copy_by_hand(value)


def copy_saved(data: Any) -> Any:
    """A deep copy of a state's saved data as a load would see it (tuples as lists, dict and list subclasses as
    plain ones): through orjson (about twice marshal's speed on the many short strings of a state), else through
    `copy_json` for what orjson refuses (integers past 64 bits, keys that are not strings)."""
    try:
        return orjson.loads(orjson.dumps(data))
    except orjson.JSONEncodeError:
        return copy_json(data)


def _copy_by_hand(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy_by_hand(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy_by_hand(item) for item in value]
    return value


def places(keys: list) -> list[int]:
    """Each seat's place (`GameState.ranks`) from its sort key, the smallest key first: equal keys share a place,
    and places count the distinct keys before them (keys 5, 2, 2, 7 give 1, 0, 0, 2)."""
    distinct = sorted(set(keys))
    return [distinct.index(key) for key in keys]


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values of the same kinds, all the way down. Python's == counts True == 1 == 1.0; an action
    must not: `{"pile": True}` is not `{"pile": 1}`, nor `{"depth": 1.0}` `{"depth": 1}`."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b


def offers(legal: Iterable[Any], action: Any) -> bool:
    """Whether `action` is one of `legal`, compared strictly (`same_json`)."""
    return any(listed == action and same_json(listed, action) for listed in legal)


class GameState(ABC):
    """The rules of one game in progress. Subclasses implement the underscored hooks and declare `FIELDS`."""

    spec: ClassVar[GameSpec]
    FIELDS: ClassVar[tuple[str, ...]] = ()  # the attributes a saved state holds, besides `rng` and `rules`
    CODECS: ClassVar[dict[str, Codec]] = {}  # for those of FIELDS whose live value is not plain JSON
    players: int  # seat count; seats are 0..players-1
    options: dict  # the table settings, defaults filled in
    rng: Rng
    rules_version: int  # the version of the game's rules this state plays, kept for its whole life
    _dumps: ClassVar[tuple] = ()  # (name, dump) of CODECS that write their field

    def __init__(self, rules_version: int) -> None:
        self.rules_version = rules_version

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._dumps = tuple((name, codec.dump) for name, codec in cls.CODECS.items() if codec.dump is not None)

    @classmethod
    @abstractmethod
    def new_game(cls, players: int, options: dict, seed: int | str, rules: int) -> GameState:
        """A fresh game under version `rules` of the rules (GameSpec.new has already filled in defaults, checked
        the seat count and that it plays that version). Build it with `cls(rules)`."""

    # --- what subclasses implement -------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now (several during simultaneous choices or call windows)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[dict]:
        """Every legal action of `seat`, each exactly once; [] when the seat may not act."""

    @abstractmethod
    def _apply(self, seat: int, action: dict) -> list[dict]:
        """Carry out an action already known to be legal; return public events."""

    @abstractmethod
    def view(self, seat: int | None) -> dict:
        """Everything `seat` may know (None: the public view). JSON-able."""

    @property
    @abstractmethod
    def finished(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict:
        """{"winners": [seats], "scores": [one number per seat]} once finished."""

    def ranks(self) -> list[int]:
        """Each seat's place once finished, 0 the best; seats of equal place are tied, and the winners are exactly
        the seats at 0 (nobody won: all at 0). The ratings rate by it. Override where the rules order every seat;
        the default, for rules that name winners alone: the winners share first place, everybody else second."""
        winners = set(self.result()["winners"])
        return places([seat not in winners for seat in range(self.players)])

    def _restored(self) -> None:  # noqa: B027 - an optional hook
        """Rebuild what is derived from the saved fields (indexes, caches) after a load; default: nothing."""

    # --- saving and loading: the same for every game -------------------------------------
    def fields(self) -> dict:
        """The saved state as JSON-able data, sharing lists and dicts with the live state: only to be written out at
        once (`to_json`), never kept or changed."""
        data = {name: getattr(self, name) for name in self.FIELDS}  # getattr: reading __dict__ would slow the state
        for name, dump in self._dumps:
            data[name] = dump(data[name])
        data["rng"] = self.rng.to_dict()
        data["rules"] = self.rules_version
        return data

    def to_json(self) -> str:
        return snapshot_json(self.fields())

    def to_dict(self) -> dict:
        """The saved state as JSON data of its own (a deep copy)."""
        return copy_saved(self.fields())

    @classmethod
    def from_dict(cls, data: dict) -> Self:
        """A state from saved data, which it copies (the caller keeps its own). Its version is taken as written
        (1 when absent), unchecked: `GameSpec.load` is the door for states saved elsewhere."""
        return cls._from_owned(copy_saved(data))

    @classmethod
    def _from_owned(cls, data: dict) -> Self:
        """A state made of `data` itself (no copy): only for data no one else holds, such as freshly parsed JSON."""
        state = cls.__new__(cls)
        for name in cls.FIELDS:  # setattr: writing through __dict__ would slow every attribute read
            setattr(state, name, data[name])
        for name, codec in cls.CODECS.items():
            setattr(state, name, codec.load(data[name]))
        state.rng = Rng.from_dict(data["rng"])
        state.rules_version = data.get("rules", 1)
        state._restored()
        return state

    def copy(self) -> Self:
        """An independent copy (for look-ahead and for applying off the live state)."""
        return type(self)._from_owned(self.to_dict())

    def deadline(self) -> Deadline | None:
        return None

    def choices_text(self, seat: int) -> str | None:
        """A compact text naming exactly the set `legal_actions(seat)` lists ("" for none), which the table service
        compares after each action; None (the default): it encodes the listed actions themselves."""
        return None

    # --- shared behaviour ----------------------------------------------------------------
    def listed_form(self, action: dict) -> dict:
        """The spelling `legal_actions` uses for `action`, where one move has several (override; default: itself)."""
        return action

    def is_legal(self, seat: int, action: dict) -> bool:
        """Decided here for every game: one of `legal_actions(seat)`, compared strictly (see `same_json`)."""
        return offers(self.legal_actions(seat), self.listed_form(action))

    def _refusal(self, seat: int, action: dict) -> str | None:
        """Why the seat to act may not make this illegal move now, as a code with a message `<game>.error.<code>`;
        None leaves the plain "illegal_action". Asked only once the move is refused."""
        return None

    def apply(self, seat: int, action: dict, *, saved: str | None = None) -> list[dict]:
        """Apply `action` for `seat`, or raise IllegalAction leaving the state exactly as it was. `saved`: this
        state's `to_json()` when the caller holds it already (the table service keeps what it last committed), so
        the copy to roll back to is not made again."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed_action")
        if self.finished:
            raise IllegalAction("game_over")
        if seat != SYSTEM and seat not in self.to_act():
            raise IllegalAction("not_your_turn")
        if not self.is_legal(seat, action):
            code = self._refusal(seat, action) if seat in self.to_act() else None
            if code:  # the rule a player's refused move breaks, in the game's own words
                raise IllegalAction(code, f"{self.spec.id}.error.{code}")
            raise IllegalAction("illegal_action")
        before = saved or self.to_json()  # what a restart would load: the cheapest exact copy (no field by field)
        try:
            return self._apply(seat, action)
        except Exception:
            self.__dict__.update(type(self)._from_owned(json.loads(before)).__dict__)
            raise


Agent = Callable[[dict, list, random.Random, str], dict]
"""An AI player: (view of its seat, its legal actions, a random source, level) -> one of the legal actions.
It sees only its seat's view, so it cannot read hidden information."""


HintReason = Callable[[dict, dict, list], tuple[str, dict]]
"""`reason(view, action, legal)`: why `action` (the hint, one of the seat's `legal` actions) is good, from the seat's
`view` alone, as (catalogue key, params). A param named `<field>_key` holds a catalogue key: the host words it
(formatted with the same params) into `{<field>}`. Pure like the engines: figures come from the view, never the
state (games/<id>/hint.py)."""


@dataclass(frozen=True)
class GameSpec:
    id: str
    names: dict[str, str]  # locale -> name, e.g. {"en": "Blue Border", "ja": "ブルーボーダー"}
    min_players: int
    max_players: int
    options: dict[str, Any]  # option name -> default
    state_class: type[GameState]
    agent: Agent
    choices: dict[str, list] = field(default_factory=dict)  # option name -> values the lobby offers
    ai_levels: tuple[str, ...] = ("normal",)
    rules_file: str = ""
    race_actions: frozenset = frozenset()  # action types decided by the first press (e.g. {"call"})
    order: int = 100  # where the lobby lists it, smallest first
    checks: GameChecks = field(default_factory=GameChecks)  # what the test suite needs to know (games/checks.py)
    rules_version: int = 1  # the rules a new game plays; raised when a rule changes (docs/engines.md)
    oldest_rules: int = 1  # the oldest version this code still plays: saved states and records from before are refused
    hint_reason: HintReason | None = None  # why a hinted move is good, in the game's words (see `HintReason`)

    def new(
        self, players: int, options: dict | None = None, seed: int | str = 0, rules: int | None = None
    ) -> GameState:
        """A new game under the current rules, or under version `rules` (a record replayed as it was written)."""
        rules = self.rules_version if rules is None else self.playable(rules)
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("bad_player_count", players=players)
        unknown = set(options or {}) - set(self.options) - {"stacked"}
        if unknown:
            raise IllegalAction("unknown_option", options=sorted(unknown))
        merged = {**self.options, **(options or {})}
        return self.state_class.new_game(players, merged, seed, rules)  # type: ignore[attr-defined]

    def load(self, text: str) -> GameState:
        """A saved state (`to_json`), playing on under the rules it was saved with (version 1 when it names none)."""
        data = json.loads(text)
        self.playable(data.get("rules", 1))
        return self.state_class._from_owned(data)

    def playable(self, rules: Any) -> int:
        """`rules` when this code plays that version of the rules; else UnsupportedRules."""
        if type(rules) is not int or not self.oldest_rules <= rules <= self.rules_version:
            raise UnsupportedRules(self.id, rules, self.oldest_rules, self.rules_version)
        return rules

    @property
    def default_ai_level(self) -> str:
        """The level an AI seat gets when none is chosen (and an absent player's stand-in): "normal" where offered,
        so adding a level (such as "strong") never changes what a table gets by default."""
        return "normal" if "normal" in self.ai_levels else self.ai_levels[len(self.ai_levels) // 2]

    def name(self, locale: str = "en") -> str:
        return self.names.get(locale[:2], self.names["en"])
