"""The one exception hierarchy of the toolkit.

Verdicts ("this word is not legal") are returned as values, never raised.
Exceptions are for input the referee cannot use at all; the command line maps
every :class:`RefereeError` to one ``Error: ...`` line and exit code 2, in one
place (:func:`referee.cli.main`).
"""

from __future__ import annotations


class RefereeError(Exception):
    """Base class: the referee could not use its input."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(RefereeError):
    """A file, option or value is malformed (names the file and the place)."""


class SetupError(InputError):
    """A tile catalog or board setup cannot be used."""


class DictionaryError(RefereeError):
    """The requested dictionary (or the enchant library) is not available."""


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
