"""The Time Keeper: a sand timer as a pure state machine.

No sleeping and no clock of its own: every transition takes ``now`` (seconds on
any monotonic clock) and returns the new state with an :class:`Event`. The
command line reads a clock and the keys and feeds them in; tests feed numbers.

The sand timer runs ``seconds`` from "Go". The player may call "Stop" before
time runs out (the turn's cards are kept) or the Time Keeper calls "Time!"
(they are lost). A "Flip" (the Doubles card in Out of Sight) turns the glass
over: the sand that has run through is now on top, so the time left becomes
the time that has already run. One Flip per turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from referee.core.values import frozen, replace

Phase = Literal["ready", "running", "stopped", "expired"]
EventKind = Literal["start", "flip", "flip-refused", "stop", "time", "ignored"]
Clock = Callable[[], float]
"""Seconds on a monotonic clock (``time.monotonic`` on the command line)."""

START, STOP, FLIP = "\n", "s", "f"
MAX_SECONDS = 3600.0


@frozen
class Event:
    """What happened at ``at``; ``left`` is the time left afterwards.

    For a stop, ``margin`` is how long before time it came (negative: after
    time had run out). For a refused flip, ``why`` says why.
    """

    kind: EventKind
    at: float
    left: float
    margin: float | None = None
    why: str = ""


@frozen
class SandTimer:
    """One turn's timer. ``deadline`` is when the sand runs out."""

    seconds: float
    phase: Phase = "ready"
    started: float | None = None
    deadline: float | None = None
    flipped: float | None = None
    """When the glass was flipped (``None``: not yet this turn)."""
    ended: float | None = None

    @classmethod
    def from_seconds(cls, seconds: float) -> SandTimer:
        if not 0 < seconds <= MAX_SECONDS:
            raise ValueError(f"a turn lasts more than 0 and at most {MAX_SECONDS:g} seconds")
        return cls(float(seconds))

    # ----------------------------------------------------------------- queries

    def left(self, now: float) -> float:
        """Time left at ``now`` (the whole glass before the start, 0 once over)."""
        if self.phase == "ready":
            return self.seconds
        if self.phase == "expired" or self.deadline is None:
            return 0.0
        at = now if self.phase == "running" else (self.ended if self.ended is not None else now)
        return max(0.0, self.deadline - at)

    def elapsed(self, now: float) -> float:
        """Time since "Go" (until the end, once over)."""
        if self.started is None:
            return 0.0
        end = now if self.phase == "running" else (self.ended if self.ended is not None else now)
        return max(0.0, end - self.started)

    @property
    def over(self) -> bool:
        return self.phase in ("stopped", "expired")

    # ------------------------------------------------------------- transitions

    def start(self, now: float) -> tuple[SandTimer, Event]:
        """ "Go": the glass is turned and the sand starts to run."""
        if self.phase != "ready":
            return self, Event("ignored", now, self.left(now), why="already started")
        state = replace(self, phase="running", started=now, deadline=now + self.seconds)
        return state, Event("start", now, self.seconds)

    def tick(self, now: float) -> tuple[SandTimer, Event | None]:
        """Let time pass: "Time!" once the sand has run out."""
        if self.phase != "running" or self.deadline is None or now < self.deadline:
            return self, None
        state = replace(self, phase="expired", ended=self.deadline)
        return state, Event("time", self.deadline, 0.0)

    def stop(self, now: float) -> tuple[SandTimer, Event]:
        """The player calls "Stop". After the deadline, "Time!" came first."""
        if self.phase != "running" or self.deadline is None:
            return self, Event("ignored", now, self.left(now), why=f"the timer is {self.phase}")
        margin = self.deadline - now
        if margin <= 0:
            state, _ = self.tick(now)
            return state, Event("time", self.deadline, 0.0, margin=margin)
        state = replace(self, phase="stopped", ended=now)
        return state, Event("stop", now, margin, margin=margin)

    def flip(self, now: float) -> tuple[SandTimer, Event]:
        """Turn the glass over: the time left becomes the time already run."""
        if self.phase != "running" or self.deadline is None:
            return self, Event(
                "flip-refused", now, self.left(now), why=f"the timer is {self.phase}"
            )
        if self.flipped is not None:
            return self, Event("flip-refused", now, self.left(now), why="only one Flip per turn")
        left = self.deadline - now
        if left <= 0:
            state, _ = self.tick(now)
            return state, Event("flip-refused", now, 0.0, why="time has already run out")
        ran = self.seconds - left
        state = replace(self, deadline=now + ran, flipped=now)
        if ran <= 0:  # flipped the instant it started: the top is empty
            state = replace(state, phase="expired", ended=now)
            return state, Event("flip", now, 0.0)
        return state, Event("flip", now, ran)

    def press(self, key: str, now: float) -> tuple[SandTimer, Event]:
        """A key: Enter starts, ``s`` stops, ``f`` flips; anything else is ignored.

        Time is let pass first, so a key read after the deadline finds "Time!".
        """
        state, timed = self.tick(now)
        if timed is not None:
            return state, timed
        if key in ("\n", "\r"):
            return state.start(now)
        if key.lower() == STOP:
            return state.stop(now)
        if key.lower() == FLIP:
            return state.flip(now)
        return state, Event("ignored", now, state.left(now), why=f"key {key!r}")

    def summary(self, now: float) -> dict[str, object]:
        """The outcome as plain data (the command's JSON)."""
        return {
            "outcome": {"stopped": "stop", "expired": "time"}.get(self.phase, self.phase),
            "seconds": self.seconds,
            "elapsed": round(self.elapsed(now), 3),
            "left": round(self.left(now), 3),
            "flipped": self.flipped is not None,
            "flipped_at": (
                round(self.flipped - self.started, 3)
                if self.flipped is not None and self.started is not None
                else None
            ),
        }


def fmt(seconds: float) -> str:
    """``27.3`` (tenths, rounded down so a countdown never shows time it lacks)."""
    import math

    tenths = math.floor(round(seconds * 10, 6))
    return f"{tenths // 10}.{tenths % 10}"
