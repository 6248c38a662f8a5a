"""What the boards-in-words tests of every game share: random legal games played from a seed, the moments worth
describing, a seat's scene as the table builds it (cogs.presenter.Presenter.scene), and the checks every description
must pass (its length, its first sentence, no box drawing, the picture's numbers, nothing hidden)."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from types import SimpleNamespace

import games
from bot.describe import LIMIT, Scene, fit, full
from bot.faces import face
from bot.faces.text import format_event
from cogs import gallery
from cogs.presenter import Presenter
from tests.support.wordscan import ASCII_WORD, COMMON, WordScanner, _codes, engine_words

BOX_DRAWING = re.compile("[\u2500-\u259f]")


def named_scene(game: str, state, seat: int | None, locale: str, names, events=()) -> Scene:
    """A seat's scene with `names` for the seats (no digits in them: every number said is the board's) and the
    engine events `events` worded as the table words them (the last two)."""
    result = state.result() if state.finished else {}
    table = gallery.table_for(game, state)
    for place, name in zip(table.seats, names):
        place.name = name
    return Scene(
        game=game,
        view=state.view(seat),
        seat=seat,
        names=names[: state.players],
        locale=locale,
        to_act=[] if state.finished else [s for s in state.to_act() if s >= 0],
        last=[format_event(table, event, locale) for event in events[-2:]],
        finished=state.finished,
        winners=result.get("winners", []),
    )


def scan_words(game: str, scanner: WordScanner, state, text: str) -> None:
    """What a player reads, scanned as every payload of an e2e game is: no code, identifier or engine word."""
    scanner.vocabulary |= engine_words([gallery.table_for(game, state)])
    for line in text.splitlines():
        scanner.scan(line)


def play(game: str, players: int, seed: int, options: dict | None = None) -> list:
    """Every state of one game of random legal moves, first to last (copies: the engine mutates its state)."""
    spec = games.get(game)
    state, rng = spec.new(players, options or {}, seed), random.Random(seed)
    found = [spec.state_class.from_dict(state.to_dict())]
    for _ in range(5000):
        if state.finished:
            break
        acting = [seat for seat in state.to_act() if seat >= 0]
        seat = rng.choice(acting) if acting else -1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        found.append(spec.state_class.from_dict(state.to_dict()))
    assert state.finished, (game, players, seed)
    return found


def moments(states: list) -> dict:
    """The first turn, the middle of the game and its end."""
    return {"first": states[0], "mid": states[len(states) // 2], "end": states[-1]}


def scene(game: str, state, seat: int | None, locale: str, last=()) -> Scene:
    """The scene the table builds for `seat`'s reader (its names as the table shows them)."""
    table = gallery.table_for(game, state)
    return dataclasses.replace(Presenter(SimpleNamespace()).scene(table, seat, locale), last=list(last))


def sentences(game: str, state, seat: int | None, locale: str, last=()) -> list[str]:
    described = face(game).describe
    assert described is not None, f"{game} has no description"
    return described(scene(game, state, seat, locale, last))


def numbers(text: str, names) -> Counter:
    """The numbers a text says (not those in the seats' names)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return Counter(int(found) for found in re.findall(r"\d+", text))


def check(game: str, state, seat: int | None, locale: str, drawn: Counter) -> list[str]:
    """The checks every description passes; returns its sentences."""
    said = sentences(game, state, seat, locale)
    names = scene(game, state, seat, locale).names
    text = full(said)
    assert len(fit(said)) <= LIMIT
    assert said and said[0].strip()
    if state.finished:
        winners = state.result().get("winners", [])
        assert all(names[s] in said[0] for s in winners), said[0]
    else:
        acting = [s for s in state.to_act() if s >= 0]
        assert acting and all(names[s] in said[0] for s in acting), said[0]
    assert not BOX_DRAWING.search(text), text
    missing = drawn - numbers(text, names)
    assert not missing, (dict(missing), text)
    assert not engine_vocabulary(game, state, text, locale), text
    return said


def engine_vocabulary(game: str, state, text: str, locale: str) -> list[str]:
    """Engine words in a description, as the e2e word scan finds them in a message (tests/support/wordscan.py)."""
    found = [what for what, pattern in {**COMMON, **_codes(game)}.items() if pattern.search(text)]
    if locale == "ja":
        vocabulary: set[str] = set()

        def walk(value) -> None:
            if isinstance(value, dict):
                vocabulary.update(map(str, value))
                for item in value.values():
                    walk(item)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
            elif isinstance(value, str):
                vocabulary.update(re.split(r"[:,]", value))

        walk(state.view(None))
        found += [word for word in ASCII_WORD.findall(text) if word in vocabulary]
    return found


def same_for_twins(game: str, state, audiences) -> int:
    """For each audience, the description of the state and of its twin (the audience's unknowns permuted) are the
    same; returns how many twins differed from their state (so a test can tell it saw hidden information)."""
    twin_of = games.get(game).checks.twin
    differed = 0
    for audience in audiences:
        twin = twin_of(state, audience)
        differed += twin.to_dict() != state.to_dict()
        for locale in ("en", "ja"):
            assert sentences(game, state, audience, locale) == sentences(game, twin, audience, locale), audience
    return differed
