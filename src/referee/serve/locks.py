"""Per-game locks that exist only while someone holds or waits for them.

A lock per game name kept in a dict for ever grows with every name ever
asked for; these are counted and dropped when the last holder or waiter
leaves, so the server holds locks only for the games being written now.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Iterator

from referee.core.errors import Busy

WAIT = 5.0
"""Seconds a request waits for its game's turn in the event loop before it
is answered 503 (as the engine waits for the file lock: ``engine.LOCK_WAIT``)."""


class AsyncLocks:
    """One ``asyncio.Lock`` per name, in one event loop."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.asynccontextmanager
    async def hold(self, name: str, wait: float | None = None) -> AsyncIterator[None]:
        """Hold the name's lock; :class:`Busy` if it cannot be had within
        ``wait`` seconds (:data:`WAIT`)."""
        lock, users = self._locks.get(name, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[name] = (lock, users + 1)
        try:
            try:
                await asyncio.wait_for(lock.acquire(), WAIT if wait is None else wait)
            except asyncio.TimeoutError:
                raise Busy(
                    f"the game {name} is busy: other writes to it have waited over "
                    f"{WAIT if wait is None else wait:g} s; nothing was written, try again"
                ) from None
            try:
                yield
            finally:
                lock.release()
        finally:
            lock, users = self._locks[name]
            if users > 1:
                self._locks[name] = (lock, users - 1)
            else:
                del self._locks[name]


class ThreadLocks:
    """One ``threading.Lock`` per name, shared by worker threads."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[threading.Lock, int]] = {}
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.contextmanager
    def hold(self, name: str) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.get(name, (threading.Lock(), 0))
            self._locks[name] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._guard:
                lock, users = self._locks[name]
                if users > 1:
                    self._locks[name] = (lock, users - 1)
                else:
                    del self._locks[name]
