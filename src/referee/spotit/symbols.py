"""Spot it! symbols: their names, spelled any way, made one spelling.

* A **symbol** is ``shape/colour`` (or a plain name), compared case-insensitively
  with surrounding spaces ignored: ``" One / Blue "`` is ``one/blue``.
* A symbols file lists one a line (:func:`parse_symbol_lines`); the built-in
  set is package data (:func:`builtin_symbols`).

Pure: no click, yaml or enchant; errors name neutral places (``name``), never
options.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.core.errors import InputError, where
from referee.core.text import name_key

if TYPE_CHECKING:
    import re


def short(value: object, limit: int = 60) -> str:
    """A short repr of input for messages (never expands a huge structure)."""
    import reprlib

    r = reprlib.Repr()
    r.maxlevel = 2
    r.maxstring = r.maxother = r.maxlong = limit
    r.maxlist = r.maxtuple = r.maxdict = r.maxset = 4
    return r.repr(value)


@lru_cache(maxsize=1)
def _bad_pattern() -> re.Pattern[str]:
    import re

    return re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def bad_character(text: str) -> str | None:
    """The first control character, surrogate or non-character in ``text``."""
    if text.isprintable():  # the usual case, without compiling the pattern
        return None
    m = _bad_pattern().search(text)
    return m.group() if m else None


def plain_text(value: str, place: str | None = None) -> str:
    """``value`` unless it holds a control character or bytes that are not UTF-8
    (the error names the field ``place``)."""
    bad = bad_character(value)
    if bad is not None:
        raise InputError(
            f"{short(value)} holds the character U+{ord(bad):04X}; use printable UTF-8 text",
            place=place,
        )
    return value


# ------------------------------------------------------------------------ symbols


def normalised(raw: object, known: dict[str, str], source: str | None, place: str) -> str:
    """:func:`normalise_symbol`, remembered in ``known`` when ``raw`` is text."""
    symbol = normalise_symbol(raw, source, place)
    if type(raw) is str:
        known[raw] = symbol
    return symbol


def normalise_symbol(raw: object, source: str | None = None, place: str | None = None) -> str:
    """``" One / Blue "`` -> ``"one/blue"``: lowercase (casefold), spaces trimmed
    and runs of spaces inside a name made one. A plain name without ``/colour``
    is a symbol too. Raises :class:`InputError` for an empty name or colour, more
    than one ``/``, or a value that is not text."""
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise InputError(f"{where(source, place)}expected a symbol name, got {short(raw)}")
    parts = str(raw).split("/")
    if len(parts) > 2:
        raise InputError(
            f"{where(source, place)}symbol {short(raw)} has more than one '/' "
            "(a symbol is shape/colour or a plain name)"
        )
    clean = [name_key(" ".join(p.split())) for p in parts]
    bad = bad_character("".join(clean))
    if bad is not None:
        raise InputError(
            f"{where(source, place)}symbol {short(raw)} holds the control character "
            f"U+{ord(bad):04X}"
        )
    if not all(clean):
        what = "empty" if len(clean) == 1 else "missing its shape or colour"
        raise InputError(f"{where(source, place)}symbol {short(raw)} is {what}")
    return "/".join(clean)


def parse_symbol_lines(text: str, source: str | None = None) -> tuple[str, ...]:
    """Symbols one per line; blank lines and lines starting with ``#`` are skipped.

    A symbol listed twice (after normalising) is an :class:`InputError`.
    """
    seen: dict[str, int] = {}
    out: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        symbol = normalise_symbol(stripped, source, f"line {number}")
        if symbol in seen:
            raise InputError(
                f"{where(source, f'line {number}')}symbol {stripped!r} repeats line "
                f"{seen[symbol]} ({symbol!r}); every symbol must be different"
            )
        seen[symbol] = number
        out.append(symbol)
    if not out:
        raise InputError(f"{where(source)}no symbols in the file (one per line)")
    return tuple(out)


@lru_cache(maxsize=1)
def builtin_symbols() -> tuple[str, ...]:
    """The built-in set of shape/colour pairs (package data, in the order used)."""
    from referee.core.files import package_data

    return parse_symbol_lines(package_data("spotit-symbols.txt"), "built-in symbols")
