"""Live updates: Server-Sent Events per game, driven by polling versions.

One task polls, every ``interval`` seconds, the games that have a page open
(and at once, after the server's own write to a game, that game only): a
``stat`` of each file (microseconds), and a re-read of the version only when
the file's signature changed. The file system is touched only in the hub's
own reader thread, never in the event loop (under load, every system call the
loop makes waits for the interpreter lock held by the threads running
steps). So writes by the CLI are seen exactly
like the server's own, on any file system, with no extra dependency; the
delay is at most one interval (0.2 s by default; measured in docs/serve.md).

Each new version is one event: ``id: VERSION`` and ``data: {"version":
VERSION}``. A stream that falls behind (its page does not read: a phone
asleep, a slow network) by :data:`BACKLOG` events is ended rather than fed
for ever or thinned silently: its page's ``EventSource`` reconnects (after
``retry`` ms) and gets the current version first, which brings it up to date
(a resync), so no version is lost without the page knowing. The Out of Sight Time Keeper's timer is kept here too (in memory
only: it is not part of the game) and sent as ``event: timer``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from referee.core.values import replace
from referee.outofsight.timer import SandTimer
from referee.serve.games import Folder, Signature
from referee.serve.threads import INLINE

HEARTBEAT = 15.0
"""Seconds between comment lines that keep an idle stream open."""

MAX_GAP = 100
"""At most this many intermediate versions are sent one by one."""

TIMER_SECONDS = 30.0

CLOSE = ""
"""Put in a stream's queue: the stream ends."""

BACKLOG = 1000
"""Events a stream may have waiting; one more ends it (the page reconnects)."""


def sse(data: dict[str, Any], *, event: str | None = None, id: int | None = None) -> str:
    head = f"event: {event}\n" if event else ""
    if id is not None:
        head += f"id: {id}\n"
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n"


class Hub:
    """Subscribers per game, the version poller and the Time Keeper timers."""

    def __init__(self, folder: Folder, interval: float = 0.2) -> None:
        self.folder = folder
        self.interval = interval
        self.subscribers: dict[str, set[asyncio.Queue[str]]] = {}
        self.seen: dict[str, tuple[Signature | None, int | None]] = {}
        self.timers: dict[str, SandTimer] = {}
        self._task: asyncio.Task[None] | None = None
        self.closing = asyncio.Event()
        self._wake = asyncio.Event()
        self._poked: set[str] = set()
        self.overflowed = 0
        """Streams ended because they fell behind."""
        # its own reader thread: never queued behind the steps being run
        self._reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-events")

    async def _version(self, name: str) -> int | None:
        if INLINE:  # the browser: no thread to read in
            return self.folder.version(name)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._reader, self.folder.version, name)

    def poke(self, name: str | None = None) -> None:
        """Check this game now (the server has just written it); no name:
        every game with a page open."""
        if name is None:
            self._poked.update(self.subscribers)
        else:
            self._poked.add(name)
        self._wake.set()

    # --------------------------------------------------------------- life

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._poll())

    def close_streams(self) -> None:
        """End every open stream now (the server is stopping: a page's
        EventSource reconnects to whichever server answers next)."""
        self.closing.set()
        for queues in list(self.subscribers.values()):
            for queue in list(queues):
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(CLOSE)

    async def stop(self) -> None:
        self.close_streams()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._reader.shutdown(wait=False)

    # -------------------------------------------------------- subscribing

    def _publish(self, name: str, message: str) -> None:
        subs = self.subscribers.get(name, set())
        for queue in list(subs):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:
                # fallen behind: end it (its page reconnects and resyncs),
                # never drop an event silently or queue without bound
                subs.discard(queue)
                self.overflowed += 1
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(CLOSE)

    async def stream(self, name: str, last_id: int | None = None) -> AsyncIterator[str]:
        """The event stream of one game: the current version first (unless the
        client's ``Last-Event-ID`` is already it), then one event per change."""
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=BACKLOG)
        self.subscribers.setdefault(name, set()).add(queue)
        try:
            sig = self.folder.signature(name)
            version = await self._version(name)
            if name not in self.seen:
                self.seen[name] = (sig, version)
            self.start()
            yield "retry: 1000\n\n"
            if version is not None and version != last_id:
                yield sse({"version": version}, id=version)
            timer = self.timers.get(name)
            if timer is not None:
                yield sse(self.timer_state(name), event="timer")
            while not self.closing.is_set():
                try:
                    message = await asyncio.wait_for(queue.get(), HEARTBEAT)
                except asyncio.TimeoutError:
                    message = ": ping\n\n"
                if message == CLOSE:
                    return
                yield message
        finally:
            subs = self.subscribers.get(name)
            if subs is not None:
                subs.discard(queue)
                if not subs:
                    del self.subscribers[name]
                    self.seen.pop(name, None)
            timer = self.timers.get(name)
            if name not in self.subscribers and timer is not None and timer.phase == "ready":
                del self.timers[name]  # nothing to keep: a ready timer is the default

    # ------------------------------------------------------------ polling

    async def _poll(self) -> None:
        loop = asyncio.get_running_loop()
        last_round = 0.0
        while not self.closing.is_set():
            now = loop.time()
            if now - last_round >= self.interval:  # every game with a page open
                names = list(self.subscribers)
                last_round = now
            else:  # only the games just written
                names = [n for n in self._poked if n in self.subscribers]
            self._poked.clear()
            self._wake.clear()
            await self._check(names)
            self._tick_timers()
            wait = max(0.0, self.interval - (loop.time() - last_round))
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)

    async def check(self, name: str) -> None:
        """Send events if the game's file changed to a new version."""
        await self._check([name])

    def _scan(
        self, names: list[str], seen: dict[str, Signature | None]
    ) -> list[tuple[str, Signature | None, int | None]]:
        """(In the reader thread.) The games whose file changed: their new
        signature and version."""
        changed = []
        for name in names:
            sig = self.folder.signature(name)
            if sig != seen.get(name):
                changed.append((name, sig, self.folder.version(name)))
        return changed

    async def _check(self, names: list[str]) -> None:
        if not names:
            return
        seen = {name: self.seen.get(name, (None, None))[0] for name in names}
        if INLINE:  # the browser: no thread to read in
            changed = self._scan(names, seen)
        else:
            loop = asyncio.get_running_loop()
            changed = await loop.run_in_executor(self._reader, self._scan, names, seen)
        for name, sig, version in changed:
            old_version = self.seen.get(name, (None, None))[1]
            if name in self.subscribers:
                self.seen[name] = (sig, version)
            if version is None or version == old_version:
                continue
            if old_version is None or version < old_version or version - old_version > MAX_GAP:
                self._publish(name, sse({"version": version}, id=version))
                continue
            for v in range(old_version + 1, version + 1):
                self._publish(name, sse({"version": v}, id=v))

    # ------------------------------------------------------------- timers

    def timer_state(self, name: str, event: str = "", why: str = "") -> dict[str, Any]:
        timer = self.timers.get(name) or SandTimer.from_seconds(TIMER_SECONDS)
        now = time.monotonic()
        return {
            "phase": timer.phase,
            "seconds": timer.seconds,
            "left": round(timer.left(now), 2),
            "elapsed": round(timer.elapsed(now), 2),
            "flipped": timer.flipped is not None,
            "event": event,
            "why": why,
        }

    def timer(self, name: str, event: str, seconds: float = TIMER_SECONDS) -> dict[str, Any]:
        """Go, stop, time, flip or reset the game's Time Keeper timer."""
        now = time.monotonic()
        timer = self.timers.get(name) or SandTimer.from_seconds(seconds)
        timer, ticked = timer.tick(now)
        kind, why = (ticked.kind, "") if ticked is not None else ("", "")
        if event == "go":
            if timer.phase != "ready":
                timer = SandTimer.from_seconds(seconds)
            timer, ev = timer.start(now)
            kind, why = ev.kind, ev.why
        elif event == "stop":
            timer, ev = timer.stop(now)
            kind, why = ev.kind, ev.why
        elif event == "flip":
            timer, ev = timer.flip(now)
            kind, why = ev.kind, ev.why
        elif event == "time":  # the Time Keeper calls "Time!"
            if timer.phase == "running":
                timer = replace(timer, phase="expired", ended=now)
                kind = "time"
            else:
                kind, why = "ignored", f"the timer is {timer.phase}"
        elif event == "reset":
            timer, kind = SandTimer.from_seconds(seconds), "reset"
        self.timers[name] = timer
        state = self.timer_state(name, kind, why)
        self._publish(name, sse(state, event="timer"))
        return state

    def _tick_timers(self) -> None:
        now = time.monotonic()
        for name, timer in list(self.timers.items()):
            ticked, ev = timer.tick(now)
            if ev is not None:
                self.timers[name] = ticked
                self._publish(name, sse(self.timer_state(name, "time"), event="timer"))
