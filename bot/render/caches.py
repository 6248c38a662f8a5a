"""The drawing caches `clear_caches` empties (a fresh worker's state, for benchmarks and tests): `bounded` functions
and `Lru` maps, each holding only what is a pure function of its key."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Generic, TypeVar

_caches: list = []


def bounded(maxsize: int):
    """`lru_cache(maxsize)` that `clear_caches` also clears: for pure drawing functions of their arguments."""

    def wrap(function):
        cached = lru_cache(maxsize=maxsize)(function)
        _caches.append(cached)
        return cached

    return wrap


def clear_caches() -> None:
    for cached in _caches:
        cached.cache_clear()


T = TypeVar("T")


class Lru(Generic[T]):
    """A bounded map, least recently used first out, holding at most `max_weight` (a count, or pixels when each
    item is weighed by `weigh`); `clear_caches` empties it."""

    def __init__(self, max_weight: int, weigh: Callable[[T], int] = lambda item: 1) -> None:
        self.max_weight, self.weigh, self.weight = max_weight, weigh, 0
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()
        _caches.append(self)

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        made = make()
        with self._lock:
            if key not in self._items:
                self._items[key] = made
                self.weight += self.weigh(made)
            while self.weight > self.max_weight and len(self._items) > 1:
                _key, dropped = self._items.popitem(last=False)
                self.weight -= self.weigh(dropped)
        return made

    def find(self, key: Hashable) -> T | None:
        """The item at `key` (now the most recently used), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self._items)
