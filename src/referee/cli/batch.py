"""``--batch``: one JSON object per line of stdin in, one JSON answer per line out."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

from referee.cli import EXIT_INPUT, EXIT_YES
from referee.core.errors import InputError, RefereeError, show

MAX_BATCH_LINE = 1024 * 1024


def run_batch(handle: Callable[[dict[str, Any]], dict[str, Any] | str]) -> int:
    """``--batch``: one JSON object per stdin line in, one JSON result per line
    out, in order. Blank lines are skipped. A bad line gets
    ``{"line": N, "error": {"kind": KIND, "message": MESSAGE}}`` and the run
    goes on; the exit code is 2 at the end if any line failed, else 0.

    ``handle`` returns the result as a mapping, or as its JSON text already
    dumped (a handler that caches its answers). Input is read as it arrives,
    a chunk at a time, and the answers to a chunk are flushed before the next
    read waits: a program feeding one line at a time gets each answer at once,
    and a long batch is not slowed by one write per line.
    """
    import json

    failed = False
    out = sys.stdout
    loads, dumps = json.loads, json.dumps
    n = 0
    for lines in _line_chunks():
        for raw in lines:
            n += 1
            result: dict[str, Any] | str
            try:
                if raw is None:
                    raise InputError(f"line is over {MAX_BATCH_LINE} bytes")
                try:
                    text = raw.decode("utf-8").strip()
                except UnicodeDecodeError:
                    raise InputError("line is not UTF-8 text") from None
                if not text:
                    continue
                try:
                    obj = loads(text)
                except ValueError as exc:
                    raise InputError(f"not JSON: {exc}") from None
                except RecursionError:
                    raise InputError("not JSON: nested too deeply") from None
                if not isinstance(obj, dict):
                    raise InputError(f"expected a JSON object, got {type(obj).__name__}")
                result = handle(obj)
            except RefereeError as exc:
                failed = True
                message = " ".join(f"line {n}: {exc.message}".split())
                result = {"line": n, "error": {"kind": exc.kind, "message": message}}
            out.write(
                (result if isinstance(result, str) else dumps(result, ensure_ascii=False)) + "\n"
            )
        out.flush()
    return EXIT_INPUT if failed else EXIT_YES


def _line_chunks() -> Iterator[list[bytes | None]]:
    """Standard input's lines, a chunk at a time as they arrive (the last one
    may lack its newline); ``None`` stands for a line over MAX_BATCH_LINE,
    which is never kept whole. A read that fails is an input error."""
    if sys.stdin is None:  # started with stdin closed (`referee ... --batch <&-`)
        raise InputError("<stdin>: cannot read standard input (closed?)")
    source = sys.stdin.buffer
    read = getattr(source, "read1", source.read)
    pending = b""  # the start of a line whose end has not arrived
    too_long = False  # the line being read is already over MAX_BATCH_LINE
    while True:
        try:
            chunk = read(1 << 16)
        except OSError as exc:
            message = exc.strerror or str(exc)
            raise InputError(f"<stdin>: cannot read standard input: {message}") from None
        if not chunk:
            if too_long or pending:
                yield [None if too_long else pending]
            return
        *complete, pending = (pending + chunk).split(b"\n")
        lines: list[bytes | None] = [line + b"\n" for line in complete]
        if too_long and lines:
            lines[0], too_long = None, False
        if len(pending) > MAX_BATCH_LINE:
            pending, too_long = b"", True
        yield [None if line is not None and len(line) > MAX_BATCH_LINE else line for line in lines]


def no_stdin_files(fields: dict[str, Any], keys: tuple[str, ...]) -> None:
    """In --batch, stdin carries the lines: no file may be read from ``-``."""
    for key in keys:
        if fields.get(key) == "-":
            raise InputError(f"{key}: '-' (stdin) cannot be a file in --batch, which reads stdin")


def batch_field(obj: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    """A field of a batch line, of the given JSON type, or ``default``."""
    value = obj.get(key, default)
    if value is None or value is default:
        return value
    if kind is str and not isinstance(value, str):
        raise InputError(f"{key}: expected a string, got {show(value)}")
    if kind is bool and not isinstance(value, bool):
        raise InputError(f"{key}: expected true or false, got {show(value)}")
    return value
