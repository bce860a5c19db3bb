"""Spot it! 1,2,3 rules: decks, verifying them, and finite projective planes.

Pure rules: no click, yaml or enchant. The spec is the
Spot it! 1,2,3 Rulebook: any two cards share exactly one image, an
image being a shape in a colour (only the size may differ).

* A **symbol** is ``shape/colour`` (or a plain name), compared case-insensitively
  with surrounding spaces ignored: ``" One / Blue "`` is ``one/blue``.
* :func:`verify` checks a deck in O(cards x k^2) (k symbols per card) by counting
  symbol pairs: two cards share two symbols exactly when some pair of symbols
  is on both, and every two cards share one symbol exactly when, in addition,
  the sum over symbols of C(appearances, 2) equals C(cards, 2).
* :func:`plane_lines` builds the projective plane PG(2, q) for every prime
  power q with real finite-field arithmetic (:class:`GF`: polynomials over
  GF(p) modulo an irreducible polynomial).
* :class:`SeedStream` draws reproducible integers from SHA-256 in counter mode
  (method ``spotit-sha256-ctr-v1``), never from :mod:`random`.

The five mini-games are refereed in :mod:`referee.spotit.minigames`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Literal, cast

from referee.core.errors import InputError, where
from referee.core.seeds import HashStream
from referee.core.text import name_key
from referee.core.values import frozen, replace

if TYPE_CHECKING:
    import re

MAX_SYMBOLS_TOTAL = 2_000_000
"""A deck may hold at most this many symbols in all (YAML aliases can make a
small file name millions of symbols; the referee refuses rather than hang)."""

FAULT_CAP = 10
"""How many offending pairs :func:`verify` lists (the total is always counted)."""

MAX_ORDER = 97
"""The largest order ``generate`` builds (9,507 cards) and ``verify`` completes."""

MAX_CARDS = 10_000
"""A deck has at most this many cards (every deck ``generate`` makes fits)."""

COMPLETION_BUDGET = 200_000
"""Search steps :func:`verify` spends looking for the cards a subset is missing."""

GENERATOR = "spotit-sha256-ctr-v1"
"""The versioned method that turns a seed into shuffles (see :class:`SeedStream`)."""


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


def _bad_character(text: str) -> str | None:
    """The first control character, surrogate or non-character in ``text``."""
    if text.isprintable():  # the usual case, without compiling the pattern
        return None
    m = _bad_pattern().search(text)
    return m.group() if m else None


def plain_text(value: str, place: str) -> str:
    """``value`` unless it holds a control character or bytes that are not UTF-8."""
    bad = _bad_character(value)
    if bad is not None:
        raise InputError(
            f"{place}: {short(value)} holds the character U+{ord(bad):04X}; "
            "use printable UTF-8 text"
        )
    return value


# ------------------------------------------------------------------------ symbols


def _normalised(raw: object, known: dict[str, str], source: str | None, place: str) -> str:
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
    bad = _bad_character("".join(clean))
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


# --------------------------------------------------------------------------- deck


@frozen
class Deck:
    """A named list of cards, each a tuple of normalised symbols (card 1 first)."""

    name: str
    cards: tuple[tuple[str, ...], ...]

    @classmethod
    def from_cards(cls, name: str, cards: Iterable[Iterable[object]]) -> Deck:
        """Build from plain lists (symbols are normalised and checked)."""
        return cls.from_mapping({"name": name, "cards": [list(c) for c in cards]})

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Deck:
        """Build from a deck file's mapping: ``name`` (optional) and ``cards``.

        Raises :class:`InputError` for unknown keys, fewer than two cards, an
        empty card, a card listed twice and anything that is not a symbol.
        """
        unknown = sorted(str(k) for k in data if k not in ("name", "cards"))
        if unknown:
            raise InputError(f"{where(source)}unknown key {unknown[0]!r} (expected name, cards)")
        name = data.get("name")
        if name is None:
            name = _default_name(source)
        elif (
            isinstance(name, bool)
            or not isinstance(name, (str, int))
            or not str(name).strip()
            or _bad_character(str(name)) is not None
        ):
            raise InputError(f"{where(source, 'name')}expected a deck name, got {short(name)}")
        raw = data.get("cards")
        if raw is None:
            raise InputError(f"{where(source)}no 'cards' key: a deck is a list of cards")
        if not isinstance(raw, list):
            raise InputError(f"{where(source, 'cards')}expected a list of cards, got {short(raw)}")
        if len(raw) < 2:
            found = "no cards" if not raw else "one card"
            raise InputError(
                f"{where(source, 'cards')}a deck needs at least two cards; found {found}"
            )
        if len(raw) > MAX_CARDS:
            raise InputError(
                f"{where(source, 'cards')}{len(raw):,} cards; a deck has at most {MAX_CARDS:,}"
            )
        total = 0
        for number, card in enumerate(raw, 1):
            place = f"card {number}"
            if not isinstance(card, list):
                raise InputError(
                    f"{where(source, place)}expected a list of symbols like "
                    f"[one/blue, circle/green], got {short(card)}"
                )
            if not card:
                raise InputError(f"{where(source, place)}empty card (a card needs symbols)")
            total += len(card)
        if total > MAX_SYMBOLS_TOTAL:
            raise InputError(
                f"{where(source, 'cards')}the deck holds {total:,} symbols in all, more than "
                f"{MAX_SYMBOLS_TOTAL:,}; refusing it"
            )
        cards: list[tuple[str, ...]] = []
        first: dict[frozenset[str], int] = {}
        known: dict[str, str] = {}  # each spelling (text) is normalised once
        for number, card in enumerate(raw, 1):
            try:
                spelled: tuple[str | None, ...] = tuple(map(known.get, card))
            except TypeError:  # a list or mapping in the card
                spelled = (None,)
            if None not in spelled:
                symbols = cast(tuple[str, ...], spelled)
            else:  # a spelling not seen before, or not text
                place = f"card {number}"
                symbols = tuple(
                    known[s]
                    if type(s) is str and s in known
                    else _normalised(s, known, source, place)
                    for s in card
                )
            key = frozenset(symbols)
            if key in first:
                place = f"card {number}"
                raise InputError(
                    f"{where(source, place)}card {number} is listed twice: it has the same "
                    f"symbols as card {first[key]}"
                )
            first[key] = number
            cards.append(symbols)
        return cls(name=str(name).strip(), cards=tuple(cards))

    def card(
        self, number: int, place: str | None = None, source: str | None = None
    ) -> tuple[str, ...]:
        """Card ``number`` (from 1); out of range is an :class:`InputError`."""
        if not 1 <= number <= len(self.cards):
            raise InputError(
                f"{where(source, place)}no card {number}: the deck {self.name!r} has cards "
                f"1 to {len(self.cards)}"
            )
        return self.cards[number - 1]

    def to_mapping(self) -> dict[str, Any]:
        return {"name": self.name, "cards": [list(c) for c in self.cards]}


def _default_name(source: str | None) -> str:
    if not source or source.startswith("<"):
        return "deck"
    import os

    base = os.path.basename(source)
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return stem or "deck"


# ---------------------------------------------------------------------- verifying


@frozen
class PairFault:
    """Two cards (numbered from 1) that do not share exactly one symbol."""

    first: int
    second: int
    shared: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"cards": [self.first, self.second], "shared": list(self.shared)}

    def sentence(self) -> str:
        if not self.shared:
            return f"cards {self.first} and {self.second} share none"
        return (
            f"cards {self.first} and {self.second} share {len(self.shared)} symbols: "
            + ", ".join(self.shared)
        )


@frozen
class Repeat:
    """A card that shows a symbol more than once."""

    card: int
    symbols: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "symbols": list(self.symbols)}


PlaneKind = Literal["complete", "subset", "neither", "undetermined"]


@frozen
class PlaneFit:
    """How the deck sits in a finite projective plane.

    ``complete``: it is one (order ``order``). ``subset``: cards are missing and
    ``add_back`` are the cards that complete it (``forced``: the only way to).
    ``neither``: it cannot be (``reason`` says why). ``undetermined``: a partial
    plane the search budget could not settle.
    """

    kind: PlaneKind
    order: int | None = None
    add_back: tuple[tuple[str, ...], ...] = ()
    forced: bool = False
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "order": self.order,
            "plane_cards": plane_size(self.order) if self.order else None,
            "missing": len(self.add_back) if self.kind == "subset" else None,
            "add_back": [list(c) for c in self.add_back],
            "forced": self.forced if self.kind == "subset" else None,
            "explanation": self.reason or None,
        }


@frozen
class DeckReport:
    """Everything :func:`verify` found: the verdict and the deck's shape."""

    name: str
    cards: int
    sizes: tuple[tuple[int, int], ...]
    """(symbols on a card, how many cards), smallest first."""
    frequencies: tuple[tuple[str, int], ...]
    """(symbol, cards it is on), in order of first appearance."""
    faults: tuple[PairFault, ...]
    """The first :data:`FAULT_CAP` offending pairs, in card order."""
    fault_total: int
    repeats: tuple[Repeat, ...]
    plane: PlaneFit

    @property
    def valid(self) -> bool:
        return self.fault_total == 0 and not self.repeats

    @property
    def pairs(self) -> int:
        return self.cards * (self.cards - 1) // 2

    @property
    def symbols_per_card(self) -> int | None:
        return self.sizes[0][0] if len(self.sizes) == 1 else None

    @property
    def distinct(self) -> int:
        return len(self.frequencies)

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "deck": self.name,
            "cards": self.cards,
            "pairs": self.pairs,
            "symbols_per_card": self.symbols_per_card,
            "card_sizes": {str(size): count for size, count in self.sizes},
            "distinct_symbols": self.distinct,
            "frequencies": dict(self.frequencies),
            "offending_pairs": [f.to_dict() for f in self.faults],
            "offending_total": self.fault_total,
            "repeats": [r.to_dict() for r in self.repeats],
            "plane": self.plane.to_dict(),
        }

    def lines(self) -> list[str]:
        """The report for people, one sentence a line."""
        per = (
            f"{self.symbols_per_card} symbols per card"
            if self.symbols_per_card is not None
            else "symbols per card: " + ", ".join(f"{s} on {c}" for s, c in self.sizes)
        )
        out = [f"{self.name}: {self.cards} cards, {per}, {self.distinct} distinct symbols."]
        if self.fault_total == 0:
            out.append("Every two cards share exactly one symbol.")
        else:
            out.append(
                f"{self.fault_total} of {self.pairs} card pairs do not share exactly one symbol:"
            )
            out.extend(f"  {f.sentence()}" for f in self.faults)
            if self.fault_total > len(self.faults):
                out.append(f"  ...and {self.fault_total - len(self.faults)} more.")
        out.extend(f"Card {r.card} repeats a symbol: {', '.join(r.symbols)}." for r in self.repeats)
        out.append(_frequency_sentence(self.frequencies))
        out.extend(_plane_lines(self.plane))
        return out


def _frequency_sentence(frequencies: Sequence[tuple[str, int]]) -> str:
    counts: dict[int, int] = {}
    for _, f in frequencies:
        counts[f] = counts.get(f, 0) + 1
    if len(counts) == 1:
        (f,) = counts
        return f"Every symbol is on {_times(f)}."
    parts = ", ".join(
        f"{n} {'symbol' if n == 1 else 'symbols'} on {_times(f)}"
        for f, n in sorted(counts.items(), reverse=True)
    )
    return f"Symbols appear {min(counts)} to {max(counts)} times: {parts}."


def _times(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _plane_lines(plane: PlaneFit) -> list[str]:
    if plane.kind == "complete":
        assert plane.order is not None
        return [f"A complete projective plane of order {plane.order}."]
    if plane.kind == "subset":
        assert plane.order is not None
        m = len(plane.add_back)
        cards = "1 card" if m == 1 else f"{m} cards"
        how = "" if plane.forced else " (one way; there may be others)"
        out = [
            f"A subset of a projective plane of order {plane.order} "
            f"({plane_size(plane.order)} cards): {cards} could be added back{how}:"
        ]
        out.extend(f"  - [{', '.join(c)}]" for c in plane.add_back)
        return out
    if plane.kind == "undetermined":
        return [f"Possibly a subset of a projective plane of order {plane.order}: {plane.reason}."]
    return [f"Not a projective plane or a subset of one: {plane.reason}."]


def verify(deck: Deck, *, cap: int = FAULT_CAP, budget: int = COMPLETION_BUDGET) -> DeckReport:
    """Check that every two cards share exactly one symbol and none repeats one.

    One bit set per symbol (bit j: card j has it) and one pass over the cards
    (:func:`_faults`): O(cards x k) big-integer operations of cards/64 words
    each, memory linear in the deck (symbols x cards bits). It lists the first
    ``cap`` offending pairs and counts them all.
    """
    from collections import Counter
    from itertools import chain

    names = list(dict.fromkeys(chain.from_iterable(deck.cards)))
    index = {symbol: i for i, symbol in enumerate(names)}
    cards: list[list[int]] = []
    repeats: list[Repeat] = []
    sizes: dict[int, int] = {}
    number_of = index.__getitem__
    for number, card in enumerate(deck.cards, 1):
        ids = list(map(number_of, card))
        unique = set(ids)
        if len(unique) != len(ids):
            twice = [sym for k, sym in enumerate(card) if ids.index(ids[k]) != k]
            repeats.append(Repeat(number, tuple(dict.fromkeys(twice))))
            ids = list(unique)
        ids.sort()
        cards.append(ids)
        sizes[len(card)] = sizes.get(len(card), 0) + 1

    counts = Counter(chain.from_iterable(cards))
    freq = [counts[s] for s in range(len(names))]
    n = len(cards)
    faults, total = _faults(cards, names, freq, cap)

    report = DeckReport(
        name=deck.name,
        cards=n,
        sizes=tuple(sorted(sizes.items())),
        frequencies=tuple(zip(names, freq, strict=True)),
        faults=tuple(faults),
        fault_total=total,
        repeats=tuple(repeats),
        plane=PlaneFit("neither"),
    )
    return replace(report, plane=_plane_fit(report, cards, names, freq, budget))


def _faults(
    cards: list[list[int]], names: list[str], freq: list[int], cap: int
) -> tuple[list[PairFault], int]:
    """Every pair not sharing exactly one symbol: counted all, the first ``cap`` listed.

    One bit set per symbol (bit j: card j has it); for card i, OR-ing its
    symbols' sets while tracking "seen twice" gives the cards sharing at least
    one and at least two symbols with it. The common case costs one OR per
    symbol: when the card's symbols reach all ``n`` cards and their counts add
    up to exactly ``n - 1`` other cards, each other card shares exactly one.
    """
    from functools import reduce
    from operator import or_

    n = len(cards)
    # Bits are set in byte arrays, then each becomes one integer (setting bits
    # of a growing integer would copy it every time).
    rows = [bytearray((n + 7) // 8) if f > 1 else None for f in freq]
    for j, ids in enumerate(cards):
        byte, bit = j >> 3, 1 << (j & 7)
        for s in ids:
            row = rows[s]
            if row is not None:
                row[byte] |= bit
    masks = [0 if row is None else int.from_bytes(row, "little") for row in rows]
    everyone = (1 << n) - 1
    faults: list[PairFault] = []
    total = 0
    for i, ids in enumerate(cards):
        if (
            reduce(or_, map(masks.__getitem__, ids), 0) == everyone
            and sum(map(freq.__getitem__, ids)) - len(ids) == n - 1
        ):
            continue
        once = twice = 0
        for s in ids:
            m = masks[s]
            twice |= once & m
            once |= m
        later = everyone & ~((1 << (i + 1)) - 1)
        bad = (later & ~once) | (later & twice)
        if not bad:
            continue
        total += bad.bit_count()
        while bad and len(faults) < cap:
            low = bad & -bad
            j = low.bit_length() - 1
            bad ^= low
            shared = tuple(names[s] for s in sorted(set(ids) & set(cards[j])))
            faults.append(PairFault(i + 1, j + 1, shared))
    return faults, total


def plane_size(order: int) -> int:
    """Cards (and symbols) in a projective plane of order n: n^2 + n + 1."""
    return order * order + order + 1


def _plane_fit(
    report: DeckReport, cards: list[list[int]], names: list[str], freq: list[int], budget: int
) -> PlaneFit:
    k = report.symbols_per_card
    if not report.valid:
        return PlaneFit("neither", reason="its cards do not all share exactly one symbol")
    if k is None:
        return PlaneFit("neither", reason="its cards do not all have the same number of symbols")
    n = k - 1
    if n > MAX_ORDER:
        return PlaneFit(
            "undetermined",
            order=n,
            reason=f"the referee looks for planes up to order {MAX_ORDER}, and these cards "
            f"would need order {n}",
        )
    if n < 2:
        return PlaneFit(
            "neither", reason=f"a plane has at least 3 symbols per card, these have {k}"
        )
    size = plane_size(n)
    if report.cards > size:
        return PlaneFit(
            "neither",
            order=None,
            reason=f"it has {report.cards} cards, more than the {size} of a plane of order {n}",
        )
    if len(names) > size:
        return PlaneFit(
            "neither",
            reason=f"it has {len(names)} symbols, more than the {size} of a plane of order {n}",
        )
    # No symbol is on more than k cards now: one on m cards, which meet only
    # there, brings 1 + m * n symbols, and 1 + m * n <= n^2 + n + 1 means m <= n + 1.
    if report.cards == size:
        return PlaneFit("complete", order=n)
    outcome = complete_plane(cards, len(names), n, budget)
    if outcome is None:
        return PlaneFit(
            "neither",
            reason=f"no set of cards completes it to a plane of order {n} "
            "(the symbols it lacks cannot be arranged into missing cards)",
        )
    if isinstance(outcome, str):
        return PlaneFit("undetermined", order=n, reason=outcome)
    lines, forced = outcome
    new_names = {p: f"(new symbol {p - len(names) + 1})" for p in range(len(names), size)}
    add_back = tuple(
        tuple(names[p] if p < len(names) else new_names[p] for p in line) for line in lines
    )
    return PlaneFit("subset", order=n, add_back=add_back, forced=forced)


def complete_plane(
    cards: Sequence[Sequence[int]], known: int, n: int, budget: int = COMPLETION_BUDGET
) -> tuple[list[list[int]], bool] | str | None:
    """Lines that complete a partial plane of order ``n`` to a projective plane.

    ``cards`` are sets of point ids below ``known``, every two meeting in exactly
    one point, each of ``n + 1`` points, no point on more than ``n + 1``. Points
    ``known`` to ``n^2 + n`` are the symbols no card shows (new symbols).

    Returns ``(lines, forced)`` (``forced``: every line was the only choice, so
    the completion is unique up to naming new symbols), ``None`` if no
    completion exists, or a sentence if ``budget`` search steps did not settle it.

    Each point p still needs ``d(p) = n + 1 - f(p)`` lines, and must meet each of
    its ``n * d(p)`` not yet collinear points on exactly one of them. The search
    takes a point with the fewest lines to go (one line left: it is forced to
    hold all of those points), and for more, a line through it and its first
    such neighbour: a clique of mutually uncollinear points. New symbols not yet
    on any added line are interchangeable, so a line takes the first of them.
    """
    search = _Completion(cards, known, n)
    if search.impossible:
        return None
    return search.run(budget)


class _Completion:
    """The depth-first search of :func:`complete_plane` (bit sets over points)."""

    def __init__(self, cards: Sequence[Sequence[int]], known: int, n: int) -> None:
        self.n = n
        self.size = size = plane_size(n)
        self.cards = len(cards)
        self.everyone = (1 << size) - 1
        self.need = [n + 1] * size
        self.seen = [1 << p for p in range(size)]  # points collinear with p (and p)
        for card in cards:
            mask = 0
            for p in card:
                mask |= 1 << p
            for p in card:
                self.need[p] -= 1
                self.seen[p] |= mask
        self.impossible = any(
            (self.everyone & ~self.seen[p]).bit_count() != n * self.need[p] for p in range(size)
        )
        self.alive = 0  # points still needing lines
        for p in range(size):
            if self.need[p]:
                self.alive |= 1 << p
        self.budget = [0]  # search steps left (shared with the clique enumeration)
        self.fresh = 0  # new symbols on no added line yet: interchangeable
        for p in range(known, size):
            self.fresh |= 1 << p

    def pick(self) -> int | None:
        """A point with the fewest lines still to go (the lowest such id)."""
        best: int | None = None
        rest = self.alive
        while rest:
            low = rest & -rest
            p = low.bit_length() - 1
            rest ^= low
            if best is None or self.need[p] < self.need[best]:
                best = p
                if self.need[p] == 1:
                    break
        return best

    def candidates(self, p: int) -> Iterator[int]:
        n, seen, budget = self.n, self.seen, self.budget
        open_p = self.everyone & ~seen[p]
        if self.need[p] == 1:
            line = open_p | (1 << p)
            if line.bit_count() == n + 1 and line & ~self.alive == 0 and _is_clique(line, seen):
                yield line
            return
        low = open_p & -open_p
        q = low.bit_length() - 1
        pool = open_p & ~seen[q] & self.alive
        yield from _cliques(
            (1 << p) | low, pool & ~self.fresh, _bits(pool & self.fresh), n - 1, seen, budget
        )

    def apply(self, line: int) -> tuple[list[tuple[int, int]], int, int]:
        undo: list[tuple[int, int]] = []
        old = (self.alive, self.fresh)
        for p in _bits(line):
            undo.append((p, self.seen[p]))
            self.seen[p] |= line
            self.need[p] -= 1
            if not self.need[p]:
                self.alive &= ~(1 << p)
        self.fresh &= ~line
        return undo, old[0], old[1]

    def revert(self, saved: tuple[list[tuple[int, int]], int, int]) -> None:
        undo, self.alive, self.fresh = saved
        for p, old in undo:
            self.seen[p] = old
            self.need[p] += 1

    def stopped(self, budget: int, added: int) -> str:
        missing = self.size - self.cards
        return (
            f"every two cards share one symbol and no symbol is on more than {self.n + 1} "
            f"cards, but {missing} cards are missing and the search for them stopped "
            f"after {budget:,} steps ({added} found)"
        )

    def run(self, budget: int) -> tuple[list[list[int]], bool] | str | None:
        self.budget[0] = budget
        added: list[int] = []
        try:
            return self._search(added)
        except _OutOfBudget:
            return self.stopped(budget, len(added))

    def _search(self, added: list[int]) -> tuple[list[list[int]], bool] | None:
        stack: list[tuple[Iterator[int], tuple[list[tuple[int, int]], int, int]]] = []
        forced = True
        while True:
            p = self.pick()
            if p is None:
                return [_bits(m) for m in added], forced
            _spend(self.budget)
            options = self.candidates(p)
            line = next(options, None)
            while line is None:  # dead end: take back the last line, try its next option
                if not stack:
                    return None
                options, saved = stack.pop()
                self.revert(saved)
                added.pop()
                forced = False
                line = next(options, None)
            if forced and self.need[p] > 1:
                second = next(options, None)  # a second option: maybe not unique
                if second is not None:
                    forced = False
                    options = _chain(second, options)
            stack.append((options, self.apply(line)))
            added.append(line)


class _OutOfBudget(Exception):
    pass


def _spend(budget: list[int]) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise _OutOfBudget


def _chain(first: int, rest: Iterator[int]) -> Iterator[int]:
    yield first
    yield from rest


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _is_clique(line: int, seen: list[int]) -> bool:
    """No two points of ``line`` are on a common card yet."""
    return all(seen[p] & line == 1 << p for p in _bits(line))


def _cliques(
    base: int, pool: int, fresh: list[int], more: int, seen: list[int], budget: list[int]
) -> Iterator[int]:
    """``base`` plus ``more`` points: some from ``pool`` (pairwise uncollinear,
    ascending), the rest the first of ``fresh`` (interchangeable new symbols)."""

    def grow(chosen: int, cand: int, left: int) -> Iterator[int]:
        _spend(budget)
        if left <= len(fresh):
            pad = 0
            for p in fresh[:left]:
                pad |= 1 << p
            yield chosen | pad
        if left == 0:
            return
        rest = cand
        while rest:
            low = rest & -rest
            p = low.bit_length() - 1
            rest ^= low
            yield from grow(chosen | low, rest & ~seen[p], left - 1)

    yield from grow(base, pool, more)


# ----------------------------------------------------------------- finite fields


def prime_power(n: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``n == p**k`` and p prime, or ``None``."""
    if n < 2:
        return None
    p = 2
    while p * p <= n:
        if n % p == 0:
            break
        p += 1
    else:
        return (n, 1)
    k = 0
    m = n
    while m % p == 0:
        m //= p
        k += 1
    return (p, k) if m == 1 else None


def _polymod(a: list[int], m: list[int], p: int) -> list[int]:
    """``a mod m`` over GF(p) (coefficient lists, lowest first; ``m`` monic)."""
    a = a[:]
    dm = len(m) - 1
    for i in range(len(a) - 1, dm - 1, -1):
        c = a[i] % p
        if c:
            for j in range(dm + 1):
                a[i - dm + j] = (a[i - dm + j] - c * m[j]) % p
    out = [c % p for c in a[:dm]]
    return out + [0] * (dm - len(out))


def _monic(degree: int, p: int) -> Iterator[list[int]]:
    """Every monic polynomial of ``degree`` over GF(p), lowest coefficients first."""
    for code in range(p**degree):
        coeffs = []
        for _ in range(degree):
            coeffs.append(code % p)
            code //= p
        yield [*coeffs, 1]


def is_irreducible(poly: Sequence[int], p: int) -> bool:
    """Trial division by every monic polynomial of degree 1 to deg/2 over GF(p)."""
    degree = len(poly) - 1
    for d in range(1, degree // 2 + 1):
        for divisor in _monic(d, p):
            if not any(_polymod(list(poly), divisor, p)):
                return False
    return True


@cache
def irreducible(p: int, k: int) -> tuple[int, ...]:
    """The first monic irreducible polynomial of degree ``k`` over GF(p), counting
    polynomials by their coefficients read as a base-p number (lowest first):
    x^2+x+1 for GF(4), x^3+x+1 for GF(8), x^2+1 for GF(9), x^4+x+1 for GF(16)."""
    for poly in _monic(k, p):
        if is_irreducible(poly, p):
            return tuple(poly)
    raise AssertionError(
        f"no irreducible polynomial of degree {k} over GF({p})"
    )  # pragma: no cover


class GF:
    """The finite field GF(p^k): elements are 0..q-1, element ``e`` standing for
    the polynomial whose coefficients are the base-p digits of ``e`` (lowest
    first); arithmetic is polynomial arithmetic modulo :func:`irreducible`.

    Immutable, compared by (p, k). A plain class, not a dataclass: building a
    frozen dataclass costs every command that imports this module ~0.4 ms.
    """

    __slots__ = ("k", "p")

    def __init__(self, p: int, k: int) -> None:
        object.__setattr__(self, "p", p)
        object.__setattr__(self, "k", k)

    p: int
    k: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"GF is immutable: cannot set {name}")

    def __repr__(self) -> str:
        return f"GF(p={self.p}, k={self.k})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GF) and (self.p, self.k) == (other.p, other.k)

    def __hash__(self) -> int:
        return hash((GF, self.p, self.k))

    @classmethod
    def of_order(cls, q: int) -> GF:
        pk = prime_power(q)
        if pk is None:
            raise ValueError(f"{q} is not a prime power")
        return cls(*pk)

    @property
    def q(self) -> int:
        q: int = self.p**self.k
        return q

    @property
    def modulus(self) -> tuple[int, ...]:
        return irreducible(self.p, self.k)

    def digits(self, e: int) -> list[int]:
        out = []
        for _ in range(self.k):
            out.append(e % self.p)
            e //= self.p
        return out

    def element(self, digits: Sequence[int]) -> int:
        e = 0
        for d in reversed(digits):
            e = e * self.p + d % self.p
        return e

    def add(self, a: int, b: int) -> int:
        return self.element([x + y for x, y in zip(self.digits(a), self.digits(b), strict=True)])

    def neg(self, a: int) -> int:
        return self.element([-x for x in self.digits(a)])

    def mul(self, a: int, b: int) -> int:
        da, db = self.digits(a), self.digits(b)
        prod = [0] * (2 * self.k - 1)
        for i, x in enumerate(da):
            if x:
                for j, y in enumerate(db):
                    prod[i + j] += x * y
        return self.element(_polymod(prod, list(self.modulus), self.p))

    def inv(self, a: int) -> int:
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        # a^(q-2) = a^-1 in a field of q elements
        result, base, e = 1, a, self.q - 2
        while e:
            if e & 1:
                result = self.mul(result, base)
            base = self.mul(base, base)
            e >>= 1
        return result

    def tables(self) -> tuple[list[list[int]], list[list[int]]]:
        """The addition and multiplication tables (q x q)."""
        return _tables(self.p, self.k)


@lru_cache(maxsize=8)
def _tables(p: int, k: int) -> tuple[list[list[int]], list[list[int]]]:
    f = GF(p, k)
    q = f.q
    if k == 1:
        return (
            [[(a + b) % p for b in range(q)] for a in range(q)],
            [[(a * b) % p for b in range(q)] for a in range(q)],
        )
    return (
        [[f.add(a, b) for b in range(q)] for a in range(q)],
        [[f.mul(a, b) for b in range(q)] for a in range(q)],
    )


# ----------------------------------------------------------------------- planes


def order_refusal(n: int) -> str | None:
    """Why there is no deck of order ``n`` (a sentence), or ``None`` if there is."""
    if n > MAX_ORDER:
        return (
            f"the referee builds orders up to {MAX_ORDER} ({plane_size(MAX_ORDER):,} cards); "
            f"a deck of order {n} would have {plane_size(n):,}"
        )
    if n < 2:
        return "a deck's order is a whole number 2 or more (a plane of order n has n + 1 symbols per card)"
    if prime_power(n) is not None:
        return None
    if n == 6:
        return (
            "no projective plane of order 6 exists: Tarry showed in 1900 that "
            "there are no two orthogonal Latin squares of order 6, and the Bruck-Ryser "
            "theorem rules it out too"
        )
    if n == 10:
        return (
            "no projective plane of order 10 exists: Lam, Thiel and Swiercz "
            "ruled it out by an exhaustive computer search in 1989"
        )
    if n % 4 in (1, 2) and not _sum_of_two_squares(n):
        return (
            f"no projective plane of order {n} exists: by the Bruck-Ryser "
            f"theorem an order that leaves 1 or 2 when divided by 4 must be a sum of "
            f"two squares, and {n} is not"
        )
    return (
        f"no projective plane of order {n} is known: {n} is not a prime "
        "power, and every known plane has a prime-power order (whether one exists "
        "is an open question)"
    )


def _sum_of_two_squares(n: int) -> bool:
    a = 0
    while a * a <= n:
        b = round((n - a * a) ** 0.5)
        if b * b == n - a * a:
            return True
        a += 1
    return False


def plane_lines(n: int) -> list[list[int]]:
    """The lines of PG(2, n) over GF(n), as sorted lists of point ids.

    Points: the affine points (x, y) are ``x * n + y``; the point at infinity
    of slope m is ``n^2 + m``; the vertical one is ``n^2 + n``. Lines: y = m x + b
    (plus its point at infinity), x = c (plus the vertical point) and the line
    at infinity. Raises :class:`InputError` for an order with no plane.
    """
    refusal = order_refusal(n)
    if refusal:
        raise InputError(f"--order {n}: {refusal}")
    add, mul = GF.of_order(n).tables()
    nn = n * n
    lines: list[list[int]] = []
    for m in range(n):
        row_m = mul[m]
        for b in range(n):
            line = [x * n + add[row_m[x]][b] for x in range(n)]
            line.append(nn + m)
            lines.append(line)
    for c in range(n):
        lines.append([c * n + y for y in range(n)] + [nn + n])
    lines.append([nn + m for m in range(n + 1)])
    return lines


# ---------------------------------------------------------------------- shuffles


class SeedStream(HashStream):
    """Uniform integers from a text seed, the same on every machine and Python.

    Method ``spotit-sha256-ctr-v1``: block ``i`` is
    ``SHA-256("referee/spotit/v1/<purpose>/<len(seed)>:<seed>/<i>")`` (UTF-8), read
    as four big-endian unsigned 64-bit integers, first to last. ``below(n)``
    draws one and rejects values at or above the largest multiple of ``n`` below
    2^64 (no modulo bias). No use of :mod:`random`.
    """

    def __init__(self, seed: str, purpose: str) -> None:
        super().__init__(f"referee/spotit/v1/{purpose}/{len(seed)}:{seed}/")


# -------------------------------------------------------------------- generating


def generate(
    order: int,
    symbols: Sequence[str],
    *,
    cards: int | None = None,
    seed: str | None = None,
    name: str | None = None,
    symbols_source: str = "the built-in set",
) -> Deck:
    """A deck from the projective plane of ``order``: n^2+n+1 cards, n+1 symbols each.

    Point p gets ``symbols[p]`` (the first n^2+n+1 are used). With a ``seed``
    (method ``spotit-sha256-ctr-v1``, purpose ``generate``): the symbols are
    shuffled (which point gets which), then the cards, then each card's
    symbols, in that order; without one the deck is in the plane's order.
    ``cards`` keeps the first that many cards.
    """
    refusal = order_refusal(order)
    if refusal:
        raise InputError(f"--order {order}: {refusal}")
    size = plane_size(order)
    if len(symbols) < size:
        raise InputError(
            f"--symbols: {symbols_source} has {len(symbols)} symbols; a deck of order {order} "
            f"needs {size} ({order}^2 + {order} + 1)"
        )
    if cards is not None and not 2 <= cards <= size:
        if cards > size:
            raise InputError(
                f"--card-count {cards}: the plane of order {order} has only {size} cards"
            )
        raise InputError(f"--card-count {cards}: a deck needs at least 2 cards")
    lines = plane_lines(order)
    names = list(symbols[:size])
    if seed is not None:
        stream = SeedStream(seed, "generate")
        stream.shuffle(names)
        stream.shuffle(lines)
        for line in lines:
            stream.shuffle(line)
    if cards is not None:
        lines = lines[:cards]
    deck_name = name or (f"order-{order}" if seed is None else f"order-{order}-seed-{seed}")
    return Deck(name=deck_name, cards=tuple(tuple(names[p] for p in line) for line in lines))


# -------------------------------------------------------------------- matching


@frozen
class Match:
    """The symbols two cards share; ``ok`` when exactly one."""

    first: int
    second: int
    shared: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return len(self.shared) == 1

    @property
    def symbol(self) -> str | None:
        return self.shared[0] if self.ok else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [self.first, self.second],
            "valid": self.ok,
            "symbol": self.symbol,
            "shared": list(self.shared),
        }

    def sentence(self) -> str:
        pair = f"Cards {self.first} and {self.second}"
        if self.ok:
            return f"{pair} share {self.shared[0]}."
        if not self.shared:
            return f"{pair} share no symbol: the deck is broken for this pair."
        return (
            f"{pair} share {len(self.shared)} symbols ({', '.join(self.shared)}): "
            "the deck is broken for this pair."
        )


def match(deck: Deck, first: int, second: int, source: str | None = None) -> Match:
    """The symbols cards ``first`` and ``second`` (from 1) share, in card ``first``'s order."""
    a = deck.card(first, "I", source)
    b = deck.card(second, "J", source)
    if first == second:
        raise InputError(
            f"{where(source, 'J')}card {second} is card I again; give two different cards"
        )
    other = set(b)
    shared: list[str] = []
    for s in a:
        if s in other and s not in shared:
            shared.append(s)
    return Match(first, second, tuple(shared))
