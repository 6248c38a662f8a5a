"""Board pictures are drawn off the event loop, in a pool of worker processes sized to the machine, and a picture
whose input did not change is not drawn again.

A presenter hands a `Picture` (a module-level drawing function and its JSON-able arguments, e.g. a public view) to
its Board instead of bytes; `ready(board)` draws it in the pool before the board is sent. Drawing is pure, so a
picture is cached by a digest of its function and input. Processes, not threads: Pillow holds the GIL while it
draws shapes and text (it releases it only around encoding), so a thread pool still stalls the loop and shares one
core (bench/run.py measures both). A worker that dies loses nothing: the broken pool is replaced and the drawing
retried, finally in a thread of this process.
"""
from __future__ import annotations

import asyncio
import hashlib
import importlib
import json
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Callable

log = logging.getLogger(__name__)


_digest_json = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=repr).encode  # one encoder, not one a call


@dataclass(frozen=True)
class Picture:
    """A drawing not made yet: `draw(*args)` returns PNG bytes. `draw` is a module-level function (so a worker process
    can import it) and `args` are plain data (views, lists, numbers)."""

    draw: Callable[..., bytes]
    args: tuple = ()

    def __call__(self) -> bytes:
        return self.draw(*self.args)

    def digest(self) -> str:
        """Same function, same input: same picture (drawing is deterministic)."""
        text = _digest_json([self.draw.__module__, self.draw.__qualname__, self.args])
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def machine_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class RenderPool:
    """Draws Pictures in `workers` processes ("process") or threads ("thread"), or on the calling thread ("inline",
    for measurements); caches the last `cache_size` pictures by digest and shares one drawing between concurrent
    requests for the same picture."""

    def __init__(self, workers: int | None = None, kind: str = "process", cache_size: int = 256) -> None:
        self.workers = workers or machine_workers()
        self.kind = kind
        self.cache_size = cache_size
        self._cache: OrderedDict[str, bytes] = OrderedDict()
        self._drawing: dict[str, asyncio.Future] = {}
        self._executor: Executor | None = None
        self.drawn = 0  # pictures actually drawn (cache misses)
        self.hits = 0
        self.restarts = 0  # broken process pools replaced
        self.preload: tuple[str, ...] = ()  # modules each worker imports as it starts

    def executor(self) -> Executor:
        if self._executor is None:
            if self.kind == "thread":
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="render")
            else:
                # spawn, not fork: the bot's process has threads (aiosqlite, discord.py) a fork would copy mid-lock
                self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=_worker_start, initargs=(self.preload,))
        return self._executor

    async def draw(self, picture: Picture) -> bytes:
        key = picture.digest()
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return cached
        pending = self._drawing.get(key)
        if pending is not None:
            self.hits += 1
            return await asyncio.shield(pending)
        future = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            image = await self._draw(picture)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._drawing.pop(key, None)
        future.set_result(image)
        self.drawn += 1
        self._cache[key] = image
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return image

    async def _draw(self, picture: Picture) -> bytes:
        if self.kind == "inline":
            return picture()
        loop = asyncio.get_running_loop()
        for _attempt in range(2):
            executor = self.executor()
            try:
                return await loop.run_in_executor(executor, picture.draw, *picture.args)
            except BrokenProcessPool:
                self.replace(executor)
            except (pickle.PicklingError, AttributeError, TypeError):
                # the drawing function cannot reach a worker (e.g. its cog was reloaded): draw it here instead
                log.info("%s cannot be sent to a render worker; drawing it in a thread", picture.draw.__qualname__)
                break
        else:
            log.warning("render workers keep dying; drawing %s in a thread", picture.draw.__qualname__)
        return await asyncio.to_thread(picture)

    def replace(self, broken: Executor) -> None:
        """A worker died (killed, out of memory): every drawing it held failed. Start a fresh pool once per breakage;
        the callers retry."""
        if self._executor is broken:
            log.warning("a render worker died; starting a new pool")
            self._executor = None
            self.restarts += 1
            broken.shutdown(wait=False, cancel_futures=True)

    def warm(self, preload: list[str] | tuple[str, ...] = ()) -> None:
        """Start the workers now, importing the drawing modules `preload` (a process takes a moment to start),
        rather than at the first picture."""
        self.preload = tuple(dict.fromkeys([*self.preload, *preload]))
        if self.kind == "inline":
            return
        executor = self.executor()
        if isinstance(executor, ProcessPoolExecutor):
            for _ in range(self.workers):
                executor.submit(int)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _worker_start(modules: tuple[str, ...]) -> None:
    """In each worker: leave when the bot's process is gone (even SIGKILLed), then import the drawing modules."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:  # a game without pictures: nothing to preload
            pass


_shared: RenderPool | None = None


def shared() -> RenderPool:
    """The process-wide pool (bots in one process share it: workers are a machine resource)."""
    global _shared
    if _shared is None:
        # processes by default (see the module's docstring; README, Benchmarks); "thread", or "inline" (on the loop)
        _shared = RenderPool(workers=int(os.environ.get("BODOGE_RENDER_WORKERS", "0")) or None,
                             kind=os.environ.get("BODOGE_RENDER_POOL", "process"))
    return _shared


async def ready(board: Any, pool: RenderPool | None = None) -> Any:
    """Draw `board`'s pending picture (if any) in the pool, so sending it costs the event loop nothing."""
    picture = board.pending_picture()
    if picture is not None:
        board.image = await (pool or shared()).draw(picture)
    return board
