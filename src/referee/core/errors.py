"""The one exception hierarchy of the toolkit.

Verdicts ("this word is not legal") are returned as values, never raised.
Exceptions are for input the referee cannot use at all; the command line maps
every :class:`RefereeError` to one ``Error: ...`` line and exit code 2, in one
place (:func:`referee.cli.run_mapped`), and under ``--json`` also to
``{"error": {"kind": KIND, "message": MESSAGE}}`` on stdout.

Locations are added once, where they are known: the strict reader
(:mod:`referee.core.schema`) knows the key path and line of a bad value, and
the file edge (:func:`referee.core.files.reading`) adds the file's name. Rules
code raises plain messages with neutral names ("players", "path"); the CLI maps
those names to its options (:meth:`InputError.renamed`).
"""

from __future__ import annotations

from collections.abc import Mapping


class RefereeError(Exception):
    """Base class: the referee could not use its input."""

    exit_code = 2
    """Every error is exit 2 on the command line: the input could not be used."""
    kind = "input"
    """A stable key, the ``kind`` of ``{"error": {"kind": ..., "message": ...}}``."""
    http_status = 400
    """The status the web answers with (:mod:`referee.service` maps reports)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(RefereeError):
    """A file, option or value is malformed (names the file and the place).

    ``place`` is a key path (``history[3].at``) or an option (``--players``);
    ``line`` the line in the file; ``source`` the file. Each is filled in once,
    by the layer that knows it.
    """

    def __init__(
        self,
        message: str,
        *,
        place: str | None = None,
        line: int | None = None,
        source: str | None = None,
    ) -> None:
        super().__init__(message)
        self.detail = message
        self.place = place
        self.line = line
        self.source = source
        self.message = self._format()

    def _format(self) -> str:
        line = f"line {self.line}" if self.line is not None else None
        return "".join(f"{p}: " for p in (self.source, line, self.place) if p) + self.detail

    def at(self, place: str, line: int | None = None) -> InputError:
        """The same error one level further out: ``place`` goes in front of the
        key path (``history[3]`` + ``at`` = ``history[3].at``)."""
        if self.source is None:
            inner = self.place
            if inner and not inner.startswith("["):
                inner = "." + inner
            self.place = place + (inner or "")
            if self.line is None:
                self.line = line
            self.message = self._format()
        return self

    def in_file(self, source: str) -> InputError:
        """Name the file (once: an error that already names one keeps it)."""
        if self.source is None:
            self.source = source
            self.message = self._format()
        return self

    def renamed(self, names: Mapping[str, str]) -> InputError:
        """Map a field (a neutral place of the rules and the services) to the
        CLI's option (``{"players": "--players"}``); ``players[2]`` becomes
        ``--players[2]``."""
        if self.source is None and self.place is not None:
            head = self.place.split(".", 1)[0].split("[", 1)[0]
            if head in names:
                self.place = names[head] + self.place[len(head) :]
                self.message = self._format()
        return self


class OutputExists(InputError):
    """A file to be created exists already (and ``--force`` was not given)."""

    kind = "exists"
    http_status = 409


class SetupError(InputError):
    """A tile catalog or board setup cannot be used."""


class DictionaryError(InputError):
    """The requested dictionary (or the enchant library) is not available."""

    kind = "dictionary"
    http_status = 400


class ConflictError(RefereeError):
    """The game changed under the caller (``--expect-version``), or a file that
    must be created exists already."""

    kind = "conflict"
    http_status = 409


Conflict = ConflictError
"""The public name (``referee.Conflict``): a stale ``expect_version``."""


class NotFound(RefereeError):
    """No such game, step or question."""

    kind = "not-found"
    http_status = 404


class TooLarge(RefereeError):
    """A write refused because what it would leave is more than the referee
    reads back (a game at its cap): nothing was written."""

    kind = "too-large"
    http_status = 413


class Busy(RefereeError):
    """A game file another writer holds longer than the referee waits for it."""

    kind = "busy"
    http_status = 503


class Internal(RefereeError):
    """The referee failed (a bug, or the machine: a full disk): reported without
    details to a web client, never as a traceback."""

    kind = "internal"
    http_status = 500


def where(source: str | None, place: str | None = None) -> str:
    """Format the 'file: place: ' prefix of an error message."""
    parts = [p for p in (source, place) if p]
    return "".join(f"{p}: " for p in parts)


def show(value: object, limit: int = 60) -> str:
    """A short ``repr`` of input for messages: never expands a huge structure
    (YAML aliases can make a few hundred bytes into millions of values)."""
    import reprlib

    r = reprlib.Repr()
    r.maxlevel = 2
    r.maxstring = r.maxother = r.maxlong = limit
    r.maxlist = r.maxtuple = r.maxdict = r.maxset = r.maxfrozenset = r.maxdeque = 4
    return r.repr(value)
