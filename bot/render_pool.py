"""Board pictures are drawn off the event loop, in worker processes sized to the machine, and a picture whose input
did not change is not drawn again.

A presenter hands a `Picture` (a module-level drawing function and its JSON-able arguments, e.g. a public view) to
the message it builds instead of bytes; `ready(message)` draws it in the pool before the message is sent. Drawing is
pure, so a picture is cached by a digest of its function and input. Processes, not threads: Pillow holds the GIL
while it draws shapes and text (it releases it only around encoding), so a thread pool still stalls the loop and
shares one core (bench/run.py measures both).

Each worker process has its own socket pair to the bot's process, and the event loop itself reads the answers
(`loop.add_reader`) and writes the requests (non-blocking, `add_writer` for what the socket cannot take yet): the
bot's process runs no helper thread for the pool (a `ProcessPoolExecutor`'s manager and queue-feeder threads took
the interpreter lock from the loop on every picture). A worker that dies loses nothing: its socket reads end of file,
a new worker starts and the dead one's pictures are drawn again (a picture that two workers died drawing is drawn in
a thread of this process). A worker leaves when its socket closes: the pool shut down or the bot's process gone,
even SIGKILLed.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import io
import json
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import struct
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


_digest_json = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), default=repr
).encode  # one encoder, not one a call


def _pickled(value: Any) -> bytes:
    """`value` pickled without pickle's memo, so that the bytes depend on the values alone and not on which of them
    happen to be one object (a view built twice may share its strings differently)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(value)
    return buffer.getvalue()


@dataclass(frozen=True)
class Picture:
    """A drawing not made yet: `draw(*args)` returns PNG bytes. `draw` is a module-level function (so a worker process
    can import it) and `args` are plain data (views, lists, numbers)."""

    draw: Callable[..., bytes]
    args: tuple = ()

    def __call__(self) -> bytes:
        return self.draw(*self.args)

    def request(self) -> bytes | None:
        """The picture as a worker process receives it: the function by name, the arguments by value; None if it
        cannot be sent (e.g. a local function)."""
        try:
            return _pickled((self.draw, self.args))
        except (pickle.PicklingError, AttributeError, TypeError, ValueError):
            return None

    def digest(self, request: bytes | None = None) -> str:
        """Same function, same input: same picture (drawing is deterministic). From its `request` (4-5x cheaper than
        the sorted JSON it is made of otherwise): equal inputs pickle alike, and a different order of the keys of a
        view at worst draws a picture again."""
        if request is None:
            request = self.request()
        if request is not None:
            return "p" + hashlib.blake2b(request, digest_size=16).hexdigest()
        text = _digest_json([self.draw.__module__, self.draw.__qualname__, self.args])
        return "j" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def machine_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# A request to a worker: its length and job number, then the pickled (function, arguments). An answer: its length, the
# job number and a status, then the PNG (DRAWN), the pickled exception the drawing raised (FAILED), or nothing
# (UNLOADABLE: the worker could not unpickle the request, e.g. its module was reloaded here since).
_REQUEST = struct.Struct("!II")
_ANSWER = struct.Struct("!IIB")
DRAWN, FAILED, UNLOADABLE = 0, 1, 2
_DRAW_HERE = object()  # a job's result when it must be drawn in a thread of this process instead
_READ_BUFFER = bytearray(1 << 18)  # answers are read here by the loop's thread (only), then moved to their inbox
_READ_VIEW = memoryview(_READ_BUFFER)


class _Job:
    __slots__ = ("number", "request", "future", "deaths")

    def __init__(self, number: int, request: bytes, future: asyncio.Future) -> None:
        self.number, self.request, self.future, self.deaths = number, request, future, 0


class _Worker:
    """One worker process and this end of its socket pair (non-blocking, watched by the pool's event loop)."""

    def __init__(self, preload: tuple[str, ...], number: int) -> None:
        mine, theirs = socket.socketpair()
        # spawn, not fork: the bot's process has threads (aiosqlite, discord.py) a fork would copy mid-lock
        self.process = multiprocessing.get_context("spawn").Process(
            target=_worker_main, args=(theirs, preload), name=f"render-{number}", daemon=True
        )
        try:
            self.process.start()
        finally:
            theirs.close()
        mine.setblocking(False)
        self.socket = mine
        self.fd = mine.fileno()
        self.jobs: dict[int, _Job] = {}  # sent, not answered yet
        self.inbox = bytearray()  # answers read so far, not complete yet
        self.outbox = bytearray()  # requests the socket could not take yet
        self.dead = False
        self.answered = False


class RenderPool:
    """Draws Pictures in `workers` processes ("process") or threads ("thread"), or on the calling thread ("inline",
    for measurements); caches the last `cache_size` pictures by digest and shares one drawing between concurrent
    requests for the same picture. A process worker holds at most `depth` pictures at once (one drawn, the next
    waiting in its socket); the others wait here for the first worker free."""

    def __init__(
        self, workers: int | None = None, kind: str = "process", cache_size: int = 256, depth: int = 2
    ) -> None:
        self.workers = workers or machine_workers()
        self.kind = kind
        self.cache_size = cache_size
        self.depth = depth
        self._cache: OrderedDict[str, bytes] = OrderedDict()
        self._drawing: dict[str, asyncio.Future] = {}
        self._threads: ThreadPoolExecutor | None = None
        self._processes: list[_Worker] = []
        self._waiting: deque[_Job] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop watching the workers' sockets
        self._jobs = 0
        self.drawn = 0  # pictures actually drawn (cache misses)
        self.hits = 0
        self.restarts = 0  # dead workers replaced
        self._deaths_in_a_row = 0  # workers died without an answer between: they cannot start (a broken install)
        self.preload: tuple[str, ...] = ()  # modules each worker imports as it starts
        self._started: set[asyncio.Task] = set()  # drawings started ahead (`start`), kept until done

    async def draw(self, picture: Picture) -> bytes:
        request = picture.request()
        key = picture.digest(request)
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
            image = await self._draw(picture, request)
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

    def start(self, picture: Picture) -> None:
        """Start drawing `picture` without waiting for it (a head start: whoever `draw`s it next shares that drawing
        or finds it cached). A failure is only logged: the next `draw` tries again and reports it."""
        task = asyncio.get_running_loop().create_task(self.draw(picture))
        self._started.add(task)
        task.add_done_callback(self._started_done)

    def _started_done(self, task: asyncio.Task) -> None:
        self._started.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.info("drawing %s ahead failed", task.get_name(), exc_info=task.exception())

    async def _draw(self, picture: Picture, request: bytes | None) -> bytes:
        if self.kind == "inline":
            return picture()
        loop = asyncio.get_running_loop()
        if self.kind == "thread":
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="render")
            return await loop.run_in_executor(self._threads, picture.draw, *picture.args)
        if not self._attach(loop):  # another thread's running loop watches the workers
            return await asyncio.to_thread(picture)
        if request is None:  # the drawing function cannot reach a worker (e.g. a local function): draw it here
            log.info("%s cannot be sent to a render worker; drawing it in a thread", picture.draw.__qualname__)
            return await asyncio.to_thread(picture)
        self._jobs += 1
        job = _Job(self._jobs, request, loop.create_future())
        self._waiting.append(job)
        self._dispatch()
        image = await job.future
        if image is _DRAW_HERE:
            return await asyncio.to_thread(picture)
        return image

    # --- the process workers, driven by the event loop ---------------------------------------------------------
    def _start_workers(self) -> None:
        while len(self._processes) < self.workers:
            worker = _Worker(self.preload, len(self._processes) + self.restarts + 1)
            self._processes.append(worker)
            if self._loop is not None:
                self._loop.add_reader(worker.fd, self._readable, worker)

    def _attach(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Watch the workers from `loop` (the first, or a new one once the last has stopped: tests run one loop
        each). False while another loop still runs and watches them."""
        if self._loop is not loop:
            if self._loop is not None and self._loop.is_running() and not self._loop.is_closed():
                return False
            old, self._loop = self._loop, loop
            # what the old loop waited for has no one waiting any more (its futures died with it)
            self._waiting.clear()
            for worker in self._processes:
                worker.jobs.clear()
                if old is not None and not old.is_closed():
                    old.remove_reader(worker.fd)
                    old.remove_writer(worker.fd)
                loop.add_reader(worker.fd, self._readable, worker)
                if worker.outbox:
                    loop.add_writer(worker.fd, self._writable, worker)
        self._start_workers()
        return True

    def _dispatch(self) -> None:
        """Hand waiting pictures to the least busy workers, up to `depth` each."""
        if self._waiting and len(self._processes) < self.workers:
            self._start_workers()  # a dead worker is replaced when there is work for it, not at once
        while self._waiting:
            worker = min(self._processes, key=lambda w: len(w.jobs))
            if len(worker.jobs) >= self.depth:
                return
            job = self._waiting.popleft()
            if job.future.done():  # its caller gave up waiting
                continue
            worker.jobs[job.number] = job
            self._send(worker, _REQUEST.pack(len(job.request), job.number) + job.request)

    def _send(self, worker: _Worker, frame: bytes) -> None:
        if worker.outbox:
            worker.outbox += frame
            return
        try:
            sent = worker.socket.send(frame)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:  # the worker is gone: its reader sees the end of file and redraws its pictures
            return
        if sent < len(frame):
            worker.outbox += frame[sent:]
            assert self._loop is not None  # _attach set it before any job was sent
            self._loop.add_writer(worker.fd, self._writable, worker)

    def _writable(self, worker: _Worker) -> None:
        try:
            sent = worker.socket.send(worker.outbox)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            sent = len(worker.outbox)
        del worker.outbox[:sent]
        if not worker.outbox:
            assert self._loop is not None  # the loop that called this
            self._loop.remove_writer(worker.fd)

    def _readable(self, worker: _Worker) -> None:
        try:  # into one reused buffer: a fresh large bytes object per read costs the allocator a mapping
            size = worker.socket.recv_into(_READ_BUFFER)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            size = 0
        if not size:
            self._lost(worker)
            return
        inbox = worker.inbox
        inbox += _READ_VIEW[:size]
        while len(inbox) >= _ANSWER.size:
            length, number, status = _ANSWER.unpack_from(inbox)
            end = _ANSWER.size + length
            if len(inbox) < end:
                break
            payload = bytes(inbox[_ANSWER.size : end])
            del inbox[:end]
            job = worker.jobs.pop(number, None)
            worker.answered, self._deaths_in_a_row = True, 0
            if job is not None and not job.future.done():
                if status == DRAWN:
                    job.future.set_result(payload)
                elif status == FAILED:
                    job.future.set_exception(_unpickled_error(payload))
                else:
                    log.info("a render worker could not load a picture's drawing; drawing it in a thread")
                    job.future.set_result(_DRAW_HERE)
        self._dispatch()

    def _lost(self, worker: _Worker) -> None:
        """A worker died (killed, out of memory): start another and draw its pictures again, first in line."""
        if worker.dead:
            return
        worker.dead = True
        log.warning("a render worker died; starting another")
        self._close(worker)
        self._processes.remove(worker)
        self.restarts += 1
        self._deaths_in_a_row += 0 if worker.answered else 1
        for job in reversed(list(worker.jobs.values())):
            job.deaths += 1
            if job.deaths >= 2:
                log.warning("render workers keep dying on one picture; drawing it in a thread")
                if not job.future.done():
                    job.future.set_result(_DRAW_HERE)
            else:
                self._waiting.appendleft(job)
        worker.jobs.clear()
        if self._deaths_in_a_row >= 3:
            log.error("render workers die before they answer; drawing every picture in threads from now on")
            for job in [*self._waiting, *(job for other in self._processes for job in other.jobs.values())]:
                if not job.future.done():
                    job.future.set_result(_DRAW_HERE)
            self.shutdown()
            self.kind = "thread"
            return
        self._dispatch()

    def _close(self, worker: _Worker) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.remove_reader(worker.fd)
            loop.remove_writer(worker.fd)
        worker.socket.close()  # the worker reads end of file and leaves
        if worker.dead and worker.process.is_alive():
            worker.process.kill()

    def warm(self, preload: list[str] | tuple[str, ...] = ()) -> None:
        """Start the workers now, importing the drawing modules `preload` (a process takes a moment to start),
        rather than at the first picture."""
        self.preload = tuple(dict.fromkeys([*self.preload, *preload]))
        if self.kind != "process":
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._start_workers()  # watched from the loop that draws first
        else:
            if not self._attach(loop):
                self._start_workers()

    def shutdown(self) -> None:
        """Stop the workers (each leaves when its socket closes) and fail what still waits for them."""
        for worker in self._processes:
            self._close(worker)
            for job in worker.jobs.values():
                _cancel(job.future)
        for job in self._waiting:
            _cancel(job.future)
        self._processes.clear()
        self._waiting.clear()
        self._loop = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


def _unpickled_error(payload: bytes) -> BaseException:
    try:
        error = pickle.loads(payload)
    except Exception as failure:  # e.g. an exception class this process cannot import
        return RuntimeError(f"a picture's drawing failed in a render worker ({failure!r})")
    return error if isinstance(error, BaseException) else RuntimeError(repr(error))


def _cancel(future: asyncio.Future) -> None:
    if not future.done() and not future.get_loop().is_closed():
        future.cancel()


def _worker_main(connection: socket.socket, modules: tuple[str, ...]) -> None:
    """A worker process: import the drawing modules, then draw each request and answer, until the socket closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the bot decides
    # a worker runs only on a core the bot's own threads leave free (docs/architecture.md, "How pictures are drawn")
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not on Linux
        pass
    parent = os.getppid()

    def watch() -> None:  # a second guard: the socket could be held open by a child the bot forked
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:  # a game without pictures: nothing to preload
            pass
    if modules:
        importlib.import_module("bot.render").warm()  # before the first request, not during it
    reader = connection.makefile("rb")
    while True:
        try:
            header = reader.read(_REQUEST.size)
            if len(header) < _REQUEST.size:
                os._exit(0)  # the bot closed the pool or is gone
            length, number = _REQUEST.unpack(header)
            request = reader.read(length)
        except OSError:  # the bot died (a reset connection): nothing to tell anyone
            os._exit(0)
        try:
            draw, args = pickle.loads(request)
        except Exception:
            status, payload = UNLOADABLE, b""
        else:
            try:
                status, payload = DRAWN, bytes(draw(*args))
            except Exception as error:
                status = FAILED
                try:
                    payload = pickle.dumps(error)
                except Exception:
                    payload = pickle.dumps(RuntimeError(repr(error)))
        try:
            connection.sendall(_ANSWER.pack(len(payload), number, status) + payload)
        except OSError:
            os._exit(0)


_shared: RenderPool | None = None


def shared() -> RenderPool:
    """The process-wide pool (bots in one process share it: workers are a machine resource)."""
    global _shared
    if _shared is None:
        # processes by default (see the module's docstring; docs/performance.md); "thread", or "inline" (on the loop)
        _shared = RenderPool(
            workers=int(os.environ.get("BODOGE_RENDER_WORKERS", "0")) or None,
            kind=os.environ.get("BODOGE_RENDER_POOL", "process"),
        )
    return _shared


async def ready(message: Any, pool: RenderPool | None = None) -> Any:
    """Draw `message`'s pending picture (if any) in the pool, so sending it costs the event loop nothing."""
    picture = message.pending_picture()
    if picture is not None:
        message.image = await (pool or shared()).draw(picture)
    return message
