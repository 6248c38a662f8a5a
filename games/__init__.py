"""Pure rule engines and their registry. No discord, no Pillow, no I/O, no clocks."""

from __future__ import annotations

import importlib

from games.contract import SYSTEM, Deadline, GameSpec, GameState, IllegalAction, Rng

__all__ = ["SYSTEM", "Deadline", "GameSpec", "GameState", "IllegalAction", "Rng", "ids", "get", "register"]

# Game packages, in the order the lobby lists them. Each exposes `SPEC`.
_PACKAGES = ["blue_border", "diamond_box", "bossa", "deep_dive", "colorse"]
_registry: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (the built-in ones register themselves; tests may add their own)."""
    _registry[spec.id] = spec
    return spec


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in _PACKAGES:
        try:
            module = importlib.import_module(f"games.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"games.{name}":
                raise
            continue
        if hasattr(module, "SPEC"):
            register(module.SPEC)


def ids() -> list[str]:
    _load()
    return list(_registry)


def get(game_id: str) -> GameSpec:
    _load()
    try:
        return _registry[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
