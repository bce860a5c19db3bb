"""Run a ``referee`` command in-process and capture what it prints.

The command runs exactly as on the command line (``referee.cli.cli.main`` with
``standalone_mode=False``, that is through the referee's one error mapping,
:func:`referee.cli.run_mapped`), in a worker thread. Its output is captured
per thread: while the server runs, ``sys.stdout``/``sys.stderr`` are replaced
by :class:`ThreadRouter` objects that write to the calling thread's buffer
when it has one and to the real stream otherwise. So commands for different
games run side by side (their file writes ``fsync``; a lock held by a CLI
process on one game does not stall the others), with no process-wide
redirection and no global lock. ``serial=True`` runs one command at a time
instead (a global lock): kept for the benchmark that compares the two.
"""

from __future__ import annotations

import io
import sys
import threading
import traceback
from typing import TextIO

from referee.core.values import frozen

EXIT_INTERNAL = 70
"""A command that crashed (a bug): the server answers 500 without details."""

_local = threading.local()


@frozen
class Captured:
    """One command's exit code and what it printed."""

    code: int
    out: str
    err: str

    def error_line(self) -> str:
        """The last ``Error: ...`` line on stderr, without ``Error: ``."""
        for line in reversed(self.err.splitlines()):
            if line.startswith("Error: "):
                return line[len("Error: ") :]
        return ""


class ThreadRouter(io.TextIOBase):
    """A text stream that writes to the current thread's capture buffer, if
    any, else to the stream it replaced."""

    def __init__(self, real: TextIO, which: str) -> None:
        super().__init__()
        self.real = real
        self.which = which

    def _target(self) -> TextIO:
        buf: TextIO | None = getattr(_local, self.which, None)
        return buf if buf is not None else self.real

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "strict"

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return self.which == "stdin"

    def write(self, text: str) -> int:
        return self._target().write(text)

    def read(self, size: int | None = -1) -> str:
        return self._target().read(-1 if size is None else size)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self._target().readline(-1 if size is None else size)

    def flush(self) -> None:
        self._target().flush()

    def isatty(self) -> bool:
        return self._target().isatty()

    def fileno(self) -> int:
        if getattr(_local, self.which, None) is not None:
            raise io.UnsupportedOperation("captured stream has no file descriptor")
        return self.real.fileno()

    @property
    def buffer(self) -> object:  # for code that writes bytes
        target = self._target()
        return getattr(target, "buffer", None)


class _Capture(io.StringIO):
    """A captured stream: text, plus a ``buffer`` for code that writes bytes."""

    def __init__(self, initial: str = "") -> None:
        super().__init__(initial)
        self._bytes = io.BytesIO(initial.encode("utf-8"))

    @property
    def buffer(self) -> io.BytesIO:
        return self._bytes

    def text(self) -> str:
        extra = self._bytes.getvalue().decode("utf-8", "replace") if self._bytes.tell() else ""
        return self.getvalue() + extra


_installed = threading.Lock()


def install() -> None:
    """Replace the process's standard streams by routers (once)."""
    with _installed:
        if not isinstance(sys.stdout, ThreadRouter):
            sys.stdout = ThreadRouter(sys.stdout, "stdout")
        if not isinstance(sys.stderr, ThreadRouter):
            sys.stderr = ThreadRouter(sys.stderr, "stderr")
        if not isinstance(sys.stdin, ThreadRouter):
            sys.stdin = ThreadRouter(sys.stdin, "stdin")


class Runner:
    """Runs CLI commands in-process (from worker threads)."""

    def __init__(self, *, serial: bool = False) -> None:
        install()
        self._serial = threading.Lock() if serial else None

    def run(self, argv: list[str]) -> Captured:
        """``referee ARGV`` with stdin empty; never raises."""
        if self._serial is None:
            return self._run(argv)
        with self._serial:
            return self._run(argv)

    def _run(self, argv: list[str]) -> Captured:
        from referee.cli import cli

        if not isinstance(sys.stdout, ThreadRouter) or not isinstance(sys.stderr, ThreadRouter):
            install()  # someone (a test harness) put its own streams back
        out, err = _Capture(), _Capture()
        _local.stdout, _local.stderr, _local.stdin = out, err, _Capture()
        try:
            code = cli.main(args=list(argv), prog_name="referee", standalone_mode=False)
        except BaseException:  # a bug in a command: logged here, never shown to a client
            _local.stdout = _local.stderr = _local.stdin = None
            traceback.print_exc(file=sys.__stderr__)
            return Captured(EXIT_INTERNAL, "", "")
        finally:
            _local.stdout = _local.stderr = _local.stdin = None
        return Captured(int(code), out.text(), err.text())
