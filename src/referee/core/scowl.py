"""SCOWL, the Spell-Checker Oriented Word Lists: word lists and the exclusion data.

SCOWL splits English into categories and sizes, one file each, named
``SPELLING-CATEGORY.SIZE``: ``english-words.60``, ``american-words.60``,
``english-abbreviations.60``, ``english-upper.60`` (capitalized or usually
capitalized), ``english-proper-names.60``, ... for the sizes in :data:`SIZES`.
A file holds the words *added* at its size, so the list of size N is the union
of the files of every size up to N. The files are read from Debian's ``scowl``
package (``/usr/share/dict/scowl``), or from ``$REFEREE_SCOWL_DIR`` (SCOWL's
own ``final/`` folder has the same names).

Two things are built from them:

- :func:`word_list`: ``--dictionary scowl[:SPELLING][:SIZE]``, the words of
  ``english-words`` and ``SPELLING-words`` up to SIZE (default American, 60),
  the way SCOWL's own ``mk-list english american 60`` makes it. Only words of
  lowercase letters a-z are kept (no possessives, accents or capitals).
- :func:`exclusions`: a word is excluded (abbreviation, acronym, capitalized
  word or proper name) when SCOWL lists it, in any case, among the
  abbreviations, upper-case words or proper names of any spelling and any size,
  or capitalized among the words, and never in lowercase among the words of
  any spelling up to size 80 (:data:`PLAIN_MAX_SIZE`). Size 95 is no witness:
  SCOWL's README says "Many of the words at the 95 level will probably not be
  considered valid English words by most people", and it lists monday, april,
  prague, nasa, usa and fbi there in lowercase. A small house list
  (``data/scowl-corrections.txt``) corrects what SCOWL gets wrong.

Reading the files costs a second (8 MB): too slow for a one-shot command. So
each list is built once into a compact cache, a sorted file of one word a line
under ``$XDG_CACHE_HOME/referee/scowl/`` (default ``~/.cache``), named by a
key of the source files' names, sizes and modification times: a changed,
added or removed file makes a new key and the cache is built again. A lookup
reads the cache (about 1 MB, under a millisecond) and binary-searches it; after
:data:`PROBES_BEFORE_SET` lookups the words are loaded into a set, which pays
off for batches. Where the cache folder cannot be written the lists are built
in memory, every run.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from collections.abc import Iterator, Mapping

from referee.core.errors import DictionaryError, InputError, show

SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
"""SCOWL's sizes: 35 small, 50 medium, 70 large, 80 huge, 95 insane."""
SPELLINGS = ("american", "british", "british_z", "canadian", "australian")
"""The spellings SCOWL has lists for (british_z: British with -ize)."""
DEFAULT_SPELLING = "american"
DEFAULT_SIZE = 60
DEFAULT_DIR = "/usr/share/dict/scowl"
ENV_DIR = "REFEREE_SCOWL_DIR"
PROBES_BEFORE_SET = 200
"""Lookups answered by binary search before the whole list is loaded into a set."""
CACHE_FORMAT = "referee-scowl-cache 1"
HOUSE_FILE = "scowl-corrections.txt"
PLAIN_MAX_SIZE = 80
"""The largest size whose lowercase words count as plain words for the exclusions
(80: "all generally considered valid words", says SCOWL; 95 is not)."""

EXCLUDED_KINDS = {"A": "abbreviation", "P": "proper-name", "C": "capitalized"}
"""The kinds of exclusion, by their one-letter tag in the cache."""
_RANK = {"A": 0, "P": 1, "C": 2}
"""When SCOWL lists a word in several categories, the first in this order names it."""
_CATEGORY_TAG = {"abbreviations": "A", "proper-names": "P", "upper": "C"}

INSTALL_HINT = (
    "on Debian/Ubuntu: apt-get install scowl; elsewhere get SCOWL "
    f"(Spell-Checker Oriented Word Lists) and set {ENV_DIR} to its final/ folder"
)


class Spec:
    """A SCOWL list: the spelling and the size. (Plain classes here, not
    dataclasses: each frozen dataclass costs a claim's start-up ~0.4 ms.)"""

    __slots__ = ("size", "spelling")

    def __init__(self, spelling: str = DEFAULT_SPELLING, size: int = DEFAULT_SIZE) -> None:
        self.spelling = spelling
        self.size = size

    @property
    def name(self) -> str:
        return f"{self.spelling}:{self.size}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Spec) and (self.spelling, self.size) == (
            other.spelling,
            other.size,
        )

    def __hash__(self) -> int:
        return hash((self.spelling, self.size))

    def __repr__(self) -> str:
        return f"Spec({self.spelling!r}, {self.size})"


def is_spec(spec: str) -> bool:
    """Does this ``--dictionary`` value ask for SCOWL (``scowl`` or ``scowl:...``)?"""
    return spec == "scowl" or spec.startswith("scowl:")


def parse_spec(spec: str, place: str = "dictionary") -> Spec:
    """``scowl``, ``scowl:70``, ``scowl:british``, ``scowl:british:70``."""
    parts = spec.split(":")[1:]
    usage = "write scowl, scowl:SIZE, scowl:SPELLING or scowl:SPELLING:SIZE"
    if len(parts) > 2 or any(p == "" for p in parts):
        raise InputError(f"{show(spec)} is not a SCOWL list ({usage})", place=place)
    spelling, size = DEFAULT_SPELLING, DEFAULT_SIZE
    if len(parts) == 1 and not parts[0].isdigit():
        parts.append(str(DEFAULT_SIZE))  # scowl:SPELLING
    if len(parts) == 2:
        spelling = parts[0]
        if spelling not in SPELLINGS:
            raise InputError(
                f"{show(spec)}: {show(spelling)} is not a SCOWL spelling "
                f"({', '.join(SPELLINGS)}; {usage})",
                place=place,
            )
    if parts:
        text = parts[-1]
        if text not in {str(n) for n in SIZES}:
            raise InputError(
                f"{show(spec)}: {show(text)} is not a SCOWL size ({', '.join(map(str, SIZES))})",
                place=place,
            )
        size = int(text)
    return Spec(spelling, size)


def scowl_dir() -> str:
    return os.environ.get(ENV_DIR) or DEFAULT_DIR


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "referee", "scowl")


# --------------------------------------------------------------------- lookups


def _find(blob: bytes, key: bytes, lo: int, hi: int) -> bytes | None:
    """The line of ``blob[lo:hi]`` whose first field (up to a tab) is ``key``.

    ``blob[lo:hi]`` is lines each ending in a newline, sorted by that field
    (searched in place: a one-shot lookup never copies the megabyte).
    """
    while lo < hi:  # both at line starts
        mid = (lo + hi) // 2
        start = blob.rfind(b"\n", lo, mid) + 1 or lo
        end = blob.index(b"\n", start)
        line = blob[start:end]
        field = line.split(b"\t", 1)[0]
        if field == key:
            return line
        if field < key:
            lo = end + 1
        else:
            hi = start
    return None


def _key(word: object) -> bytes | None:
    if not isinstance(word, str) or not word.isascii() or not word:
        return None
    return word.encode("ascii")


class Lines:
    """Sorted lines ``blob[start:end]`` (each ending in a newline), ``count`` of them."""

    __slots__ = ("blob", "count", "end", "start")

    def __init__(self, blob: bytes, start: int, end: int, count: int) -> None:
        self.blob = blob
        self.start = start
        self.end = end
        self.count = count

    def find(self, word: object) -> bytes | None:
        key = _key(word)
        return None if key is None else _find(self.blob, key, self.start, self.end)

    def lines(self) -> list[str]:
        return self.blob[self.start : self.end].decode("ascii").split("\n")[:-1]


class WordSet:
    """A SCOWL word list: ``word in words``; ``words()`` lists them, sorted."""

    def __init__(self, lines: Lines) -> None:
        self._lines = lines
        self._probes = 0
        self._set: frozenset[str] | None = None

    def __contains__(self, word: object) -> bool:
        if self._set is not None:
            return word in self._set
        self._probes += 1
        if self._probes > PROBES_BEFORE_SET:
            self._set = frozenset(self.words())
            return word in self._set
        return self._lines.find(word) is not None

    def __len__(self) -> int:
        return self._lines.count

    def words(self) -> list[str]:
        return self._lines.lines()


class Exclusions(Mapping[str, str]):
    """Word -> why the rules exclude it (``abbreviation``, ``proper-name``,
    ``capitalized``), from SCOWL's categories and the house corrections."""

    def __init__(self, lines: Lines, house: Mapping[str, str | None]) -> None:
        self._lines = lines
        self._house = house
        self._probes = 0
        self._table: dict[str, str] | None = None

    def _scowl(self, word: str) -> str | None:
        if self._table is not None:
            return self._table.get(word)
        self._probes += 1
        if self._probes > PROBES_BEFORE_SET:
            self._table = dict(self._entries())
            return self._table.get(word)
        line = self._lines.find(word)
        return EXCLUDED_KINDS[line[-1:].decode()] if line is not None else None

    def _entries(self) -> Iterator[tuple[str, str]]:
        for line in self._lines.lines():
            word, tag = line.split("\t")
            yield word, EXCLUDED_KINDS[tag]

    def get(self, word: str, default: str | None = None) -> str | None:  # type: ignore[override]
        if word in self._house:
            kind = self._house[word]
            return default if kind is None else kind
        kind = self._scowl(word)
        return default if kind is None else kind

    def __getitem__(self, word: str) -> str:
        kind = self.get(word)
        if kind is None:
            raise KeyError(word)
        return kind

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.get(word) is not None

    def __iter__(self) -> Iterator[str]:
        for word, _ in self._entries():
            if self._house.get(word, "") is not None:
                yield word
        for word, kind in self._house.items():
            if kind is not None and self._scowl(word) is None:
                yield word

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @property
    def scowl_count(self) -> int:
        """How many words SCOWL's data alone excludes."""
        return self._lines.count


# --------------------------------------------------------------- the source files


def _stat_key(folder: str, names: list[str], *more: str) -> str:
    """A key of the files' names, sizes and modification times (and ``more``);
    a missing file is a :class:`DictionaryError` naming it."""
    parts = [CACHE_FORMAT, os.path.abspath(folder), *more]
    for name in names:
        try:
            st = os.stat(os.path.join(folder, name))
        except OSError:
            _missing(folder, names)
            raise
        parts.append(f"{name}\0{st.st_size}\0{st.st_mtime_ns}")
    # Two 32-bit checksums of it (zlib: hashlib's OpenSSL costs a claim's start-up
    # more than the whole lookup; this names a cache file, it guards nothing).
    data = "\0".join(parts).encode()
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def _missing(folder: str, names: list[str]) -> None:
    absent = [n for n in names if not os.path.isfile(os.path.join(folder, n))]
    if absent:
        more = f" and {len(absent) - 1} more" if len(absent) > 1 else ""
        raise DictionaryError(
            f"SCOWL word lists not found: {os.path.join(folder, absent[0])}{more} missing "
            f"({INSTALL_HINT})"
        )


def _unreadable(folder: str, exc: OSError) -> str:
    name = exc.filename if isinstance(exc.filename, str) else folder
    return f"cannot read the SCOWL file {name}: {exc.strerror or exc}"


def _folder_key(folder: str) -> str:
    """The folder's identity and modification time: it changes whenever a file
    in it is added, removed, renamed or replaced (as a package upgrade does)."""
    try:
        st = os.stat(folder)
    except OSError:
        return "absent"
    return f"{st.st_dev}:{st.st_ino}:{st.st_mtime_ns}"


def _read(folder: str, name: str) -> list[bytes]:
    """A SCOWL file's entries (any encoding: only ASCII letters are kept later)."""
    with open(os.path.join(folder, name), "rb") as fh:
        return fh.read().split()


def words_files(spec: Spec) -> list[str]:
    """The files whose union is the list: ``english-words`` and the spelling's."""
    sizes = [s for s in SIZES if s <= spec.size]
    return [f"{cat}-words.{s}" for cat in ("english", spec.spelling) for s in sizes]


def category_files(folder: str) -> list[str]:
    """Every words, abbreviations, upper and proper-names file, any spelling and size."""
    out = []
    for name in os.listdir(folder):
        stem, dot, size = name.rpartition(".")
        spelling, dash, category = stem.partition("-")
        if (
            dot
            and dash
            and size.isdigit()
            and spelling != "special"
            and category in ("words", *_CATEGORY_TAG)
        ):
            out.append(name)
    return sorted(out)


EXCLUSION_CORE = [f"english-{cat}.{s}" for cat in ("words",) for s in SIZES] + [
    "english-abbreviations.50",
    "english-upper.50",
    "english-proper-names.50",
]
"""Files that must be there for the exclusion data to mean anything."""


def build_words(folder: str, spec: Spec) -> list[bytes]:
    words: set[bytes] = set()
    for name in words_files(spec):
        words.update(w for w in _read(folder, name) if w.isalpha() and w.islower())
    return sorted(words)


def build_exclusions(folder: str) -> list[bytes]:
    """Sorted ``word<TAB>tag`` lines (see the module docstring)."""
    plain: set[bytes] = set()
    tagged: dict[bytes, str] = {}
    for name in category_files(folder):
        stem, _, size = name.rpartition(".")
        category = stem.partition("-")[2]
        for w in _read(folder, name):
            if not w.isalpha():  # possessives, abbreviations with dots, accents
                continue
            if category == "words":
                if w.islower():
                    if int(size) <= PLAIN_MAX_SIZE:
                        plain.add(w)
                    continue
                tag = "C"  # written with a capital among the words (OK, Orstralia)
            else:
                tag = _CATEGORY_TAG[category]
            low = w.lower()
            old = tagged.get(low)
            if old is None or _RANK[tag] < _RANK[old]:
                tagged[low] = tag
    return sorted(w + b"\t" + t.encode() for w, t in tagged.items() if w not in plain)


# --------------------------------------------------------------------- a pack

PACK_MARK = "referee-scowl-pack"
"""The file that makes a folder a *pack*: lists already built, for a place
with no SCOWL sources (the offline site, in the browser)."""
PACK_FORMAT = "referee-scowl-pack 1"


def is_pack(folder: str) -> bool:
    """Is ``folder`` a pack (:func:`write_pack`) rather than SCOWL's own files?"""
    return os.path.isfile(os.path.join(folder, PACK_MARK))


def _packed(folder: str, kind: str) -> Lines | None:
    """A pack's list ``kind`` (gzip-compressed sorted lines), or ``None``."""
    import gzip

    try:
        with open(os.path.join(folder, f"{kind}.txt.gz"), "rb") as fh:
            data = gzip.decompress(fh.read())
    except (OSError, EOFError) as exc:
        if isinstance(exc, FileNotFoundError):
            return None
        raise DictionaryError(f"{folder}: the word lists cannot be read ({exc})") from None
    return Lines(data, 0, len(data), data.count(b"\n"))


def write_pack(dest: str, specs: list[Spec]) -> dict[str, int]:
    """Write a pack of ``specs`` (and the exclusion data) into ``dest``, built
    from the SCOWL files here: the same lines this machine's lists have, so a
    word judged from the pack has the verdict ``--dictionary scowl:N`` gives
    here. Returns each file's size in bytes."""
    import gzip

    os.makedirs(dest, exist_ok=True)
    parts: dict[str, bytes] = {}
    counts = []
    for spec in specs:
        words = word_list(spec).words()
        parts[f"words-{spec.spelling}-{spec.size}"] = "".join(w + "\n" for w in words).encode()
        counts.append(f"{spec.name}\t{len(words)}".encode())
    found = exclusions()._lines
    parts["exclusions"] = found.blob[found.start : found.end]
    parts["counts"] = b"".join(line + b"\n" for line in sorted(counts))
    sizes = {}
    for kind, data in parts.items():
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        with open(os.path.join(dest, f"{kind}.txt.gz"), "wb") as fh:
            fh.write(packed)
        sizes[f"{kind}.txt.gz"] = len(packed)
    with open(os.path.join(dest, PACK_MARK), "w", encoding="ascii") as fh:
        fh.write(PACK_FORMAT + "\n")
    sizes[PACK_MARK] = len(PACK_FORMAT) + 1
    return sizes


# --------------------------------------------------------------------- the cache


TRAILER = b"#end\n"


def _cached(kind: str, key: str, build: list[bytes] | None = None) -> Lines | None:
    """The cached lines of ``kind`` under ``key``; with ``build``, write them first.

    A cache file is a header line (format, kind, key, count), the sorted lines
    and a trailer line; one that does not match is ignored (and rebuilt)."""
    folder = cache_dir()
    path = os.path.join(folder, f"{kind}-{key}.txt")
    header = f"{CACHE_FORMAT} {kind} {key} ".encode()
    if build is not None:
        body = b"".join(line + b"\n" for line in build)
        data = header + str(len(build)).encode() + b"\n" + body + TRAILER
        _write(folder, path, kind, data)
    else:
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError:
            return None
    start = data.find(b"\n") + 1
    count = data[len(header) : start - 1]
    if not (data.startswith(header) and count.isdigit() and data.endswith(TRAILER)):
        return None  # another format, or damaged: build it again
    return Lines(data, start, len(data) - len(TRAILER), int(count))


def _write(folder: str, path: str, kind: str, data: bytes) -> None:
    """Write the cache atomically and drop older caches of the same kind; a
    folder that cannot be written only means no cache."""
    import tempfile

    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    for name in os.listdir(folder):
        if name.startswith(f"{kind}-") and os.path.join(folder, name) != path:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, name))


_LOADED: dict[object, object] = {}
"""Lists already opened in this process."""


def word_list(spec: Spec) -> WordSet:
    """The SCOWL list ``spec``, from the cache (built first if need be)."""
    folder = scowl_dir()
    loaded = _LOADED.get((folder, spec))
    if isinstance(loaded, WordSet):
        return loaded
    kind = f"words-{spec.spelling}-{spec.size}"
    if is_pack(folder):
        found = _packed(folder, kind)
        if found is None:
            listed = ", ".join(f"scowl:{s.name}" for s, _ in available())
            raise DictionaryError(f"scowl:{spec.name} is not among the word lists here ({listed})")
        words = WordSet(found)
        _LOADED[(folder, spec)] = words
        return words
    names = words_files(spec)
    key = _stat_key(folder, names)
    found = _cached(kind, key)
    if found is None:
        try:
            built = build_words(folder, spec)
        except OSError as exc:
            raise DictionaryError(_unreadable(folder, exc)) from None
        found = _cached(kind, key, built)
    assert found is not None
    words = WordSet(found)
    _LOADED[(folder, spec)] = words
    return words


def exclusions() -> Exclusions:
    """SCOWL's exclusion data with the house corrections (see the module docstring)."""
    folder = scowl_dir()
    loaded = _LOADED.get((folder, "exclusions"))
    if isinstance(loaded, Exclusions):
        return loaded
    # Keyed by the core files' sizes and times and the folder's time (any file
    # added, removed or replaced): stat-ing all 300 files would cost a
    # millisecond and a half of every claim's start-up.
    if is_pack(folder):
        found = _packed(folder, "exclusions")
        if found is None:
            raise DictionaryError(f"{folder}: the pack has no exclusion data")
        data = Exclusions(found, house_corrections())
        _LOADED[(folder, "exclusions")] = data
        return data
    key = _stat_key(folder, EXCLUSION_CORE, _folder_key(folder))
    found = _cached("exclusions", key)
    if found is None:
        try:
            built = build_exclusions(folder)
        except OSError as exc:
            raise DictionaryError(_unreadable(folder, exc)) from None
        found = _cached("exclusions", key, built)
    assert found is not None
    data = Exclusions(found, house_corrections())
    _LOADED[(folder, "exclusions")] = data
    return data


def house_corrections() -> dict[str, str | None]:
    """The house list: word -> the kind it is excluded as, or None (a word SCOWL
    wrongly excludes)."""
    from referee.core.files import package_data

    out: dict[str, str | None] = {}
    for line in package_data(HOUSE_FILE).splitlines():
        text = line.split("#", 1)[0].split()
        if not text:
            continue
        word, kind = text
        out[word] = None if kind == "word" else kind
    return out


def available() -> list[tuple[Spec, int]]:
    """Every SCOWL list that can be opened here, with its number of words."""
    folder = scowl_dir()
    if is_pack(folder):
        listed = _packed(folder, "counts")
        pairs = [line.split("\t") for line in listed.lines()] if listed else []
        return [(parse_spec("scowl:" + name), int(n)) for name, n in pairs]
    try:
        present = set(os.listdir(folder))
    except OSError:
        return []
    specs = [
        Spec(spelling, size)
        for spelling in SPELLINGS
        for size in SIZES
        if set(words_files(Spec(spelling, size))) <= present
    ]
    if not specs:
        return []
    names = sorted({n for s in specs for n in words_files(s)})
    key = _stat_key(folder, names)
    found = _cached("counts", key) or _cached("counts", key, _count(folder, specs))
    assert found is not None
    counts = {}
    for line in found.lines():
        name, number = line.split("\t")
        counts[name] = int(number)
    return [(s, counts[s.name]) for s in specs if s.name in counts]


def _count(folder: str, specs: list[Spec]) -> list[bytes]:
    """``spelling:size<TAB>words`` for each list, without building every list:
    the English words grow size by size, each spelling's own words are few."""
    english: set[bytes] = set()
    own: dict[str, set[bytes]] = {}
    out = []
    wanted = {(s.spelling, s.size) for s in specs}
    for size in SIZES:
        if not any(sz == size for _, sz in wanted):
            break
        english.update(
            w for w in _read(folder, f"english-words.{size}") if w.isalpha() and w.islower()
        )
        for spelling in SPELLINGS:
            if (spelling, size) not in wanted:
                continue
            mine = own.setdefault(spelling, set())
            mine.update(
                w for w in _read(folder, f"{spelling}-words.{size}") if w.isalpha() and w.islower()
            )
            total = len(english) + sum(1 for w in mine if w not in english)
            out.append(f"{spelling}:{size}\t{total}".encode())
    return sorted(out)
