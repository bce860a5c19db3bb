"""Spot it! verification: does every two cards share exactly one symbol, and
what shape is the deck (a projective plane, a subset of one, or neither)?

:func:`verify` checks a deck in O(cards x k) big-integer operations (k symbols
per card): two cards share two symbols exactly when some pair of symbols is on
both, and every two cards share one symbol exactly when, in addition, the sum
over symbols of C(appearances, 2) equals C(cards, 2). A subset of a plane is
completed by a bounded search (:func:`complete_plane`).

Pure: no click, yaml or enchant.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from referee.core.values import frozen, replace
from referee.spotit.planes import MAX_ORDER, plane_size
from referee.spotit.rules import Deck

FAULT_CAP = 10
"""How many offending pairs :func:`verify` lists (the total is always counted)."""

COMPLETION_BUDGET = 200_000
"""Search steps :func:`verify` spends looking for the cards a subset is missing."""


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
