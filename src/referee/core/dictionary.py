"""The dictionary edge: enchant dictionaries, SCOWL word lists and word-list files.

Rules modules take any ``Container[str]`` of lowercase words; this module builds
the real ones. enchant is imported only when an enchant dictionary is opened;
``scowl[:SPELLING][:SIZE]`` opens a SCOWL list (:mod:`referee.core.scowl`).

Provider pinning: enchant may have several back ends (aspell, hunspell, ...)
whose word lists for the same language differ a lot. A bare tag such as
``en_US`` always means :data:`DEFAULT_PROVIDER`'s dictionary, so verdicts do not
depend on which back ends happen to be installed; ``hunspell:en_US`` picks
another provider explicitly. If the pinned provider lacks the language, that is
an error naming the package to install, never a silent fallback.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable
from typing import Any, Protocol

from referee.core.errors import DictionaryError, InputError, show
from referee.core.values import frozen

DEFAULT_TAG = "en_US"
DEFAULT_PROVIDER = "aspell"
ENV_VAR = "REFEREE_DICTIONARY"

_SPEC = re.compile(
    r"(?:(?P<provider>[a-z][a-z0-9_-]*):)?(?P<tag>[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]+)*)"
)

HUNSPELL_LIKE = ("hunspell", "myspell", "nuspell")
"""Providers that read hunspell's dictionaries (myspell is enchant 1's name for
hunspell; nuspell reads the same files)."""


def install_hint(provider: str, tag: str) -> str:
    """What to install for ``provider:tag``, per platform (the Debian/Ubuntu
    and Fedora package names; Homebrew's for macOS)."""
    lang, _, region = tag.replace("-", "_").partition("_")
    lang, region = lang.lower(), region.split("_")[0].lower()
    if provider == "aspell":
        return f"Debian/Ubuntu: apt-get install aspell-{lang}; Fedora: dnf install aspell-{lang}"
    if provider in HUNSPELL_LIKE:
        debian = f"hunspell-{lang}-{region}" if region else f"hunspell-{lang}"
        fedora = f"hunspell-{lang}"
        also = f" (or hunspell-{lang})" if region else ""
        return f"Debian/Ubuntu: apt-get install {debian}{also}; Fedora: dnf install {fedora}"
    return f"install a {provider} dictionary for {tag}, or use aspell:{tag} or hunspell:{tag}"


class Lexicon(Protocol):
    """What the rules need of a dictionary: ``word in lexicon`` for lowercase words."""

    def __contains__(self, word: object, /) -> bool: ...


@frozen
class Dictionary:
    """A named lexicon, with the provider that answers (``aspell``, ``word-list``)."""

    name: str
    provider: str
    lexicon: Lexicon
    extra: frozenset[str] = frozenset()
    """House words from ``--allow``, accepted on top of the lexicon."""
    spec: str = ""
    """What it was opened from (``en_US``, ``scowl:60``, a word-list path): kept
    by a game that records its dictionary."""

    def __contains__(self, word: object) -> bool:
        return word in self.extra or word in self.lexicon

    def describe(self) -> dict[str, Any]:
        info: dict[str, Any] = {"name": self.name, "provider": self.provider}
        if self.extra:
            info["allowed_extra"] = len(self.extra)
        return info


class _EnchantLexicon:
    def __init__(self, d: Any) -> None:
        self._check = d.check

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(word) and bool(self._check(word))


def default_spec() -> str:
    return os.environ.get(ENV_VAR) or DEFAULT_TAG


def is_scowl_spec(spec: str) -> bool:
    """``scowl``, ``scowl:70``, ``scowl:british:70``, ...: a SCOWL list (never a file;
    write ``./scowl`` for a file of that name). The test of
    :func:`referee.core.scowl.is_spec`, without importing SCOWL's reader into
    every command that judges words with enchant."""
    return spec == "scowl" or spec.startswith("scowl:")


def is_path_spec(spec: str) -> bool:
    """A ``--dictionary`` value names a word-list file when it is not a tag or SCOWL."""
    if is_scowl_spec(spec):
        return False
    return os.path.exists(spec) or _SPEC.fullmatch(spec) is None


def open_dictionary(
    spec: str | None = None, allow: str | None = None, *, files: bool = True
) -> Dictionary:
    """Open ``spec`` (tag, ``provider:tag``, ``scowl:...`` or, where ``files``,
    a word-list path) plus the ``allow`` file's words."""
    extra = read_word_list(allow, what="allow list") if allow else None
    return open_lexicon(spec, extra, files=files)


def open_lexicon(
    spec: str | None = None, extra: frozenset[str] | None = None, *, files: bool = True
) -> Dictionary:
    """Open ``spec`` with house words ``extra`` (a value, not a file). Without
    ``files`` a spec is only ever a dictionary's name: never read as a file,
    whatever files the working folder holds."""
    spec = spec or default_spec()
    if is_scowl_spec(spec):
        base = open_scowl(spec)
    elif files and is_path_spec(spec):
        base = open_word_list(spec)
    else:
        base = open_enchant(spec)
    return Dictionary(base.name, base.provider, base.lexicon, extra or frozenset(), spec)


def _import_enchant() -> Any:
    try:
        import enchant
    except (ImportError, OSError, AssertionError) as exc:
        # pyenchant absent, the C library missing, or PYENCHANT_LIBRARY_PATH
        # naming a file that is not there (pyenchant asserts on import).
        detail = " ".join(str(exc).split()) or type(exc).__name__
        raise DictionaryError(
            "the enchant library could not be loaded; install it (Debian/Ubuntu: apt-get "
            "install libenchant-2-2 aspell-en; Fedora: dnf install enchant2 aspell-en; "
            f"macOS: brew install enchant aspell): {detail}"
        ) from None
    return enchant


_per_thread = threading.local()


def open_enchant(spec: str) -> Dictionary:
    """An enchant dictionary, opened once per thread and ``spec``: enchant's
    objects are not thread safe, so a long-running process that judges in
    several threads (``referee serve``) gives each thread its own."""
    opened: dict[str, Dictionary] | None = getattr(_per_thread, "enchant", None)
    if opened is None:
        opened = _per_thread.enchant = {}
    found = opened.get(spec)
    if found is None:
        found = opened[spec] = _open_enchant(spec)
    return found


def _open_enchant(spec: str) -> Dictionary:
    m = _SPEC.fullmatch(spec)
    if m is None:
        raise InputError(f"{show(spec)} is neither a language tag nor a file", place="dictionary")
    provider = m.group("provider") or DEFAULT_PROVIDER
    tag = m.group("tag").replace("-", "_")
    enchant = _import_enchant()
    broker = enchant.Broker()
    broker.set_ordering(tag, provider)
    d = None
    try:
        if broker.dict_exists(tag):
            d = broker.request_dict(tag)
    except enchant.errors.Error:
        d = None
    if d is None or d.provider.name != provider:
        others = [f"{p}:{t}" for t, p in available_dictionaries() if t == tag and p != provider]
        alt = f"; available instead: {', '.join(others)}" if others else ""
        raise DictionaryError(
            f"dictionary {provider}:{tag} is not installed ({install_hint(provider, tag)}){alt}"
        )
    return Dictionary(tag, provider, _EnchantLexicon(d))


def available_dictionaries() -> list[tuple[str, str]]:
    """Every (tag, provider) pair enchant can open here, sorted."""
    enchant = _import_enchant()
    broker = enchant.Broker()
    providers = [p.name for p in broker.describe()]
    pairs: set[tuple[str, str]] = set()
    for tag in broker.list_languages():
        for provider in providers:
            b = enchant.Broker()
            b.set_ordering(tag, provider)
            try:
                d = b.request_dict(tag)
            except enchant.errors.Error:
                continue
            if d.provider.name == provider:
                pairs.add((tag, provider))
    return sorted(pairs)


def parse_word_list(lines: Iterable[str]) -> frozenset[str]:
    """One word per line; blank lines and ``#`` comments ignored; lowercased.

    Only words of letters a-z count (checked before lowercasing, so a Kelvin
    sign is not a ``k``); other lines, such as ``café`` or ``o'clock``, can
    never be played and are left out.
    """
    from referee.core.text import ascii_word

    words: set[str] = set()
    for line in lines:
        word = ascii_word(line.split("#", 1)[0])
        if word is not None:
            words.add(word)
    return frozenset(words)


def read_word_list(path: str, what: str = "word list") -> frozenset[str]:
    from referee.core.files import MAX_WORDLIST_BYTES, read_text

    text = read_text(path, limit=MAX_WORDLIST_BYTES, what=what)
    words = parse_word_list(text.splitlines())
    if not words:
        raise InputError(f"{path}: {what} has no words")
    return words


def open_word_list(path: str) -> Dictionary:
    words = read_word_list(path)
    return Dictionary(os.path.basename(path), "word-list", words)


def open_scowl(spec: str) -> Dictionary:
    """A SCOWL list: ``scowl`` (American, size 60), ``scowl:70``, ``scowl:british:70``."""
    from referee.core.scowl import parse_spec, word_list

    parsed = parse_spec(spec)
    try:
        words = word_list(parsed)
    except DictionaryError as exc:
        raise DictionaryError(f"{spec}: {exc.message}", place="dictionary") from None
    return Dictionary(parsed.name, "scowl", words)
