"""Text rules every game shares: words are ASCII letters, player names are NFC.

Words are checked *before* case folding: ``str.lower`` turns the Kelvin sign
``K`` (U+212A) into ``k`` and the long s is a letter too, so a check after
lowering would accept letters no board or card shows.

>>> ascii_word(" Seas ")
'seas'
>>> ascii_word("\\u212aoi") is None
True

Player names may be any text, but two spellings of one name are one player:
names are stored NFC-normalised, and compared NFC-normalised and case-folded.

>>> name("Rene\\u0301") == "Ren\\u00e9"
True
>>> name_key("ANN") == name_key("ann")
True
>>> first_duplicate(["Ann", "Bob", "ann"])
'ann'
"""

from __future__ import annotations

from collections.abc import Iterable


def ascii_word(text: str) -> str | None:
    """``text`` (spaces around it trimmed) lowercased, if it is letters a-z or
    A-Z only; ``None`` otherwise (also for an empty text)."""
    word = text.strip()
    if word and word.isascii() and word.isalpha():
        return word.lower()
    return None


def ascii_letters(text: str) -> bool:
    """Whether ``text`` is letters a-z or A-Z only (and not empty)."""
    return bool(text) and text.isascii() and text.isalpha()


def name(text: str) -> str:
    """A player's name as stored: NFC-normalised (nothing else changes)."""
    if text.isascii():  # its own NFC form
        return text
    import unicodedata  # here: a word check alone does not need it

    return unicodedata.normalize("NFC", text)


def name_key(text: str) -> str:
    """What makes two names one player: NFC-normalised, then case-folded.
    ASCII text is its own NFC form and case-folds as it lowers: the usual
    case, without the Unicode tables."""
    if text.isascii():
        return text.lower()
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold())


def first_duplicate(names: Iterable[str]) -> str | None:
    """The first name that repeats an earlier one (by :func:`name_key`), or ``None``."""
    seen: set[str] = set()
    for n in names:
        key = name_key(n)
        if key in seen:
            return n
        seen.add(key)
    return None
