"""Pure rule engines and their registry. No discord, no Pillow, no I/O, no clocks.

Every subpackage of `games` that exposes `SPEC` (a `GameSpec`) is a game: `ids()` finds them, listed by
`SPEC.order`. Tests may `register` games of their own."""

from __future__ import annotations

import importlib
import pkgutil

from games.contract import SYSTEM, Deadline, GameSpec, GameState, IllegalAction, Rng

__all__ = ["SYSTEM", "Deadline", "GameSpec", "GameState", "IllegalAction", "Rng", "built_in", "ids", "get", "register"]

_registry: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (the built-in ones are found by `discover`; tests may add their own)."""
    _registry[spec.id] = spec
    return spec


def discover() -> list[GameSpec]:
    """The `SPEC` of every subpackage of `games` (a subpackage without one is shared code, such as a library)."""
    found = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            spec = getattr(importlib.import_module(f"{__name__}.{module.name}"), "SPEC", None)
            if isinstance(spec, GameSpec):
                found.append(spec)
    return found


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for spec in discover():
        _registry.setdefault(spec.id, spec)


def ids() -> list[str]:
    """Every registered game, in the lobby's order."""
    _load()
    return sorted(_registry, key=lambda game: _registry[game].order)


def built_in() -> list[str]:
    """The games of this package (not those tests register), in the lobby's order."""
    return [game for game in ids() if _registry[game].state_class.__module__.startswith(f"{__name__}.")]


def get(game_id: str) -> GameSpec:
    _load()
    try:
        return _registry[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
