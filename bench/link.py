"""A channel between two processes of a benchmark over a socket: pickled messages, each a length and a payload.
A note (`note(name, *args)`) is handled on arrival, synchronously and in order; a call (`await call(name, *args)`)
runs the other side's coroutine of that name as a task and returns its result. bench/run.py talks to its people
process (bench/people.py) through it."""

from __future__ import annotations

import asyncio
import itertools
import pickle
import socket
import struct
from collections.abc import Callable
from typing import Any

LENGTH = struct.Struct("!I")


class LinkClosed(ConnectionError):
    pass


class Link(asyncio.Protocol):
    def __init__(self, handlers: dict[str, Callable]) -> None:
        self.handlers = handlers  # name -> a function (notes) or a coroutine function (calls)
        self.closed = asyncio.get_running_loop().create_future()
        self._buffer = bytearray()
        self._calls: dict[int, asyncio.Future] = {}
        self._ids = itertools.count()
        self._tasks: set[asyncio.Task] = set()
        self._transport: asyncio.Transport | None = None

    @classmethod
    async def over(cls, sock: socket.socket, handlers: dict[str, Callable]) -> Link:
        _, link = await asyncio.get_running_loop().create_connection(lambda: cls(handlers), sock=sock)
        return link

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        for future in self._calls.values():
            if not future.done():
                future.set_exception(LinkClosed("the other process closed the link"))
        if not self.closed.done():
            self.closed.set_result(None)

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while len(self._buffer) >= LENGTH.size:
            (size,) = LENGTH.unpack_from(self._buffer)
            if len(self._buffer) < LENGTH.size + size:
                return
            message = pickle.loads(bytes(self._buffer[LENGTH.size : LENGTH.size + size]))
            del self._buffer[: LENGTH.size + size]
            self._receive(*message)

    def _send(self, *message: Any) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        self._transport.write(LENGTH.pack(len(data)) + data)  # sent at once when the socket has room

    def note(self, name: str, *args: Any) -> None:
        self._send("note", name, args)

    async def call(self, name: str, *args: Any) -> Any:
        ident = next(self._ids)
        self._calls[ident] = future = asyncio.get_running_loop().create_future()
        self._send("call", ident, name, args)
        return await future

    def _receive(self, kind: str, *rest: Any) -> None:
        if kind == "note":
            name, args = rest
            self.handlers[name](*args)
        elif kind == "call":
            task = asyncio.get_running_loop().create_task(self._answer(*rest))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            ident, failed, value = rest
            future = self._calls.pop(ident)
            if failed:
                future.set_exception(RuntimeError(f"in the other process: {value}"))
            else:
                future.set_result(value)

    async def _answer(self, ident: int, name: str, args: tuple) -> None:
        try:
            result = await self.handlers[name](*args)
        except Exception as error:  # noqa: BLE001 - shown to the caller, whose benchmark then stops
            self._send("answer", ident, True, f"{name}: {error!r}")
        else:
            self._send("answer", ident, False, result)

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()
