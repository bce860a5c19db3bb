"""Connections: what one client, or a crowd of sockets, may hold of the server.

uvicorn alone gives a client as long as it likes to send a request's head (no
deadline before the first request, none for a head sent a byte at a time) and
as many connections as it can open, so a few hundred half-open sockets (a
"slowloris") take every file descriptor and lock every phone out. uvicorn's
own options do part of the work (``timeout_keep_alive``: an idle keep-alive
connection is closed after 5 s; ``limit_concurrency``: past it, a request is
answered 503 instead of being served); the rest is done here, in a subclass
of uvicorn's ``HttpToolsProtocol`` passed as ``http=`` to ``uvicorn.Config``:

* **a head deadline**: a connection that has not sent a complete request head
  (request line and headers) within ``head_timeout`` seconds (10) of opening,
  or of the end of its last answer (keep-alive), is closed;
* **a head size**: a head over ``max_head`` bytes (64 KiB) is answered 431
  and closed (the C parser has no limit of its own; h11's is
  ``h11_max_incomplete_event_size``);
* **per address**: at most ``per_peer`` (32) open connections from one client
  address, and ``total`` in all; one more is closed at once, without a
  traceback (a phone's browser opens 6 at most);
* **accept errors** (``EMFILE``: out of file descriptors) are logged at most
  once a second, with a count, instead of one traceback each.

The soft limit of open files (``RLIMIT_NOFILE``) is raised to the hard limit
when the server starts (:func:`raise_open_files`); the banner prints it.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Mapping
from typing import Any

from referee.core.values import frozen

HEAD_TIMEOUT = 10.0
PER_PEER = 32
MAX_HEAD = 64 * 1024


@frozen
class Limits:
    """What a connection may hold (see the module's text)."""

    head_timeout: float = HEAD_TIMEOUT
    per_peer: int = PER_PEER
    total: int = 4096
    max_head: int = MAX_HEAD


def limits_from(environ: Mapping[str, str], open_files: int) -> Limits:
    """The limits for a server that may open ``open_files`` descriptors.
    ``REFEREE_SERVE_HEAD_TIMEOUT`` (seconds) is for tests only."""
    head = HEAD_TIMEOUT
    given = environ.get("REFEREE_SERVE_HEAD_TIMEOUT", "")
    try:
        if given:
            head = min(max(float(given), 0.1), 600.0)
    except ValueError:
        pass
    # keep room for game files, the dictionary, the event reader and logs
    total = max(64, min(4096, open_files - 64))
    return Limits(head_timeout=head, total=total)


def raise_open_files() -> int:
    """Raise the soft limit of open files to the hard limit; the limit now."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    for target in (wanted, 10240):  # macOS refuses over OPEN_MAX
        if soft != resource.RLIM_INFINITY and soft >= target:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
            break
        except (ValueError, OSError):
            continue
    return int(soft if soft != resource.RLIM_INFINITY else 1 << 20)


def protocol(limits: Limits) -> type[Any]:
    """uvicorn's HTTP protocol (httptools) with these limits, for ``http=``."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    peers: dict[str, int] = {}

    class Guarded(HttpToolsProtocol):
        peers_open = peers
        """Open connections per client address (shared by every connection)."""

        _peer: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _head_done = False
        _head_bytes = 0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else "?"
            if peers.get(peer, 0) >= limits.per_peer or len(self.connections) > limits.total:
                transport.abort()  # at once; connection_lost follows
                return
            self._peer = peer
            peers[peer] = peers.get(peer, 0) + 1
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            peer, self._peer = self._peer, None
            if peer is not None:
                left = peers.get(peer, 1) - 1
                if left > 0:
                    peers[peer] = left
                else:
                    peers.pop(peer, None)
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._head_done = False
            self._head_bytes = 0
            self._deadline = self.loop.call_later(limits.head_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self._head_done and not self.transport.is_closing():
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            if self._peer is None:  # refused
                return
            if not self._head_done:
                self._head_bytes += len(data)
            super().data_received(data)
            if (
                not self._head_done
                and self._head_bytes > limits.max_head
                and not self.transport.is_closing()
            ):
                self._refuse_head()

        def _refuse_head(self) -> None:
            body = b"request head too large\n"
            self.transport.write(
                b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                b"content-type: text/plain\r\nconnection: close\r\n"
                b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body
            )
            self.transport.close()

        def on_headers_complete(self) -> None:
            self._head_done = True
            self._disarm()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            queued = bool(self.pipeline)
            super().on_response_complete()
            if not queued and not self.transport.is_closing():
                self._arm()  # the next request's head, on a kept-alive connection

    return Guarded


ACCEPT_MESSAGES = (
    "socket.accept() out of system resource",
    "Error on transport creation for incoming connection",
)


class AcceptErrors:
    """An event-loop exception handler: a failed ``accept`` (out of file
    descriptors) is counted and logged at most once a second, one line, no
    traceback; anything else goes to the loop's default handler."""

    def __init__(self, interval: float = 1.0, stream: Any = None) -> None:
        self.interval = interval
        self.stream = stream
        self.count = 0
        self.logged = 0
        self.last = float("-inf")

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", ""))
        if not message.startswith(ACCEPT_MESSAGES):
            loop.default_exception_handler(context)
            return
        self.count += 1
        now = time.monotonic()
        if now - self.last >= self.interval:
            exc = context.get("exception")
            why = os.strerror(exc.errno) if isinstance(exc, OSError) and exc.errno else str(exc)
            missed = self.count - self.logged
            self.logged = self.count
            self.last = now
            print(
                f"referee serve: {missed} connection(s) could not be accepted "
                f"in the last {self.interval:g} s ({why}); still serving",
                file=self.stream or sys.stderr,
                flush=True,
            )
