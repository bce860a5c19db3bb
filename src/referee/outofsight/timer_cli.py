"""The ``timer`` command: a Time Keeper for the table (Out of Sight, Blind Spot).

The terminal is put in cbreak mode (keys arrive one at a time, Ctrl-C still
interrupts) and restored on the way out, whatever happens. The logic is the
pure :class:`referee.outofsight.timer.SandTimer`; this module only reads the clock and the
keys and prints.

For tests, a hidden ``--clock`` option (or ``REFEREE_TIMER_CLOCK``) swaps the
clock: ``fast:N`` runs N times faster than real time, ``manual`` stands still
and moves one second each time ``+`` is typed.
"""

from __future__ import annotations

import os
import select
import sys
import termios
import time
import tty
from collections.abc import Callable
from typing import Any, TextIO

import click

from referee.cli import Command
from referee.cli.options import json_option
from referee.cli.output import emit_json
from referee.core.errors import InputError, show
from referee.outofsight.timer import Event, SandTimer, fmt

CLOCK_ENV = "REFEREE_TIMER_CLOCK"
POLL = 0.05
"""Real seconds between countdown updates."""
TICK_KEY = "+"


class TurnClock:
    """A clock for the timer: real, sped up, or manual (tests)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._now = 0.0
        self.manual = False
        self.poll: float | None = POLL
        kind, _, arg = spec.partition(":")
        if spec == "real":
            self._read: Callable[[], float] = time.monotonic
        elif spec == "manual":
            self.manual = True
            self.poll = None  # nothing happens between keys
            self._read = lambda: self._now
        elif kind == "fast":
            try:
                speed = float(arg)
            except ValueError:
                speed = 0.0
            if not 0 < speed <= 10_000:
                raise InputError(
                    f"--clock: {show(spec)}: the speed must be a number above 0, up to 10000"
                )
            t0 = time.monotonic()
            self._read = lambda: (time.monotonic() - t0) * speed
            self.poll = POLL / max(1.0, speed / 20)
        else:
            raise InputError(f"--clock: unknown clock {show(spec)} (real, fast:N or manual)")

    def __call__(self) -> float:
        return self._read()

    def consume(self, key: str) -> bool:
        """A manual clock moves one second on ``+``; returns whether it took the key."""
        if self.manual and key == TICK_KEY:
            self._now += 1.0
            return True
        return False


class Terminal:
    """Keys from a terminal in cbreak mode (a context manager that restores it)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._saved: list[Any] | None = None

    def __enter__(self) -> Terminal:
        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    def read_key(self, timeout: float | None) -> str | None:
        """One key, or ``None`` after ``timeout`` seconds; ``""`` at end of input."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        data = os.read(self.fd, 1)
        return data.decode("latin-1")


class Quit(Exception):
    """The Time Keeper pressed q: the timer ends, which is not an error."""


def run_turn(
    state: SandTimer,
    clock: TurnClock,
    read_key: Callable[[float | None], str | None],
    out: TextIO,
    *,
    hidden: bool,
) -> tuple[SandTimer, Event]:
    """Wait for Enter, then run the turn to "Stop" or "Time!" (the final event)."""

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    def key(timeout: float | None) -> str | None:
        k = read_key(timeout)
        if k == "":
            raise click.Abort()
        if k is not None and k.lower() == "q":
            write("\nQuit.\n")
            raise Quit()
        return k

    write(
        f"Sand timer: {fmt(state.seconds)} seconds{' (hidden)' if hidden else ''}. "
        "Press Enter to start; then s = Stop, f = Flip, q = quit.\n"
    )
    while True:
        k = key(None)
        if k is not None and clock.consume(k):
            continue
        if k in ("\n", "\r"):
            break
    state, event = state.start(clock())
    write("Go!" + (" The timer is hidden.\n" if hidden else "\n"))
    shown = ""
    while True:
        now = clock()
        state, timed = state.tick(now)
        if timed is not None:
            event = timed
            break
        if not hidden:
            text = f"\rTime left: {fmt(state.left(now)):>5}"
            if text != shown:
                write(text)
                shown = text
        k = key(clock.poll)
        if k is None or clock.consume(k):
            continue
        state, event = state.press(k, clock())
        if event.kind in ("stop", "time"):
            break
        if event.kind == "flip":
            write(("\n" if shown else "") + _flip_line(event, hidden) + "\n")
            shown = ""
        elif event.kind == "flip-refused":
            write(("\n" if shown else "") + f"No Flip: {event.why}.\n")
            shown = ""
    if shown:
        write(f"\rTime left: {fmt(state.left(clock())):>5}\n")
    if event.kind == "time":
        late = (
            f" (Stop came {-event.margin:.1f} seconds too late.)"
            if event.margin is not None
            else ""
        )
        write(f"\aTime!{late} The cards taken this turn are lost.\n")
    else:
        write(
            f"Stop! {event.margin or 0:.1f} seconds before time "
            f"(the turn lasted {state.elapsed(event.at):.1f} seconds).\n"
        )
    return state, event


def _flip_line(event: Event, hidden: bool) -> str:
    return "Flip!" if hidden else f"Flip! {fmt(event.left)} seconds left."


@click.command("timer", cls=Command)
@click.option(
    "--seconds",
    type=click.FloatRange(0, 3600, min_open=True),
    metavar="SECONDS",
    default=30.0,
    show_default=True,
    help="Length of the turn (the sand timer).",
)
@click.option(
    "--hidden",
    is_flag=True,
    help="Show nothing until time runs out (the covered sand timer of Out of Sight).",
)
@click.option("--clock", "clock_spec", default="real", envvar=CLOCK_ENV, hidden=True)
@json_option
def timer(seconds: float, hidden: bool, clock_spec: str, as_json: bool) -> int:
    """A Time Keeper: a turn timer driven from the keyboard.

    Press Enter to start. The countdown is shown live (with --hidden, nothing
    until the end). When time runs out the terminal bell rings and "Time!" is
    printed. Keys: s = the player calls "Stop" (reports how much time was left);
    f = "Flip" (the sand timer is turned over: the time left becomes the time
    already run; once per turn); q = quit.

    Exit 0 if the player called Stop in time (or q quit the timer), 1 if time
    ran out; Ctrl-C is exit 130. With --json the live display goes to stderr
    and one JSON document with the outcome to stdout.

    \b
    Example:
      referee timer --seconds 30 --hidden
    """
    clock = TurnClock(clock_spec)
    fd = _stdin_fd()
    if fd < 0:
        raise InputError(
            "timer: standard input is not a terminal; the timer reads the keys Enter, s and f"
        )
    out = sys.stderr if as_json else sys.stdout
    with Terminal(fd) as term:
        try:
            state, event = run_turn(
                SandTimer.from_seconds(seconds), clock, term.read_key, out, hidden=hidden
            )
        except Quit:
            if as_json:
                emit_json({"outcome": "quit", "seconds": seconds, "hidden": hidden})
            return 0
    if as_json:
        emit_json(
            {
                **state.summary(event.at),
                "hidden": hidden,
                "margin": round(event.margin, 3) if event.margin is not None else None,
            }
        )
    return 0 if event.kind == "stop" else 1


def _stdin_fd() -> int:
    """The file descriptor of a terminal on standard input, else -1."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):  # io.UnsupportedOperation is an OSError
        return -1
    return fd if os.isatty(fd) else -1
