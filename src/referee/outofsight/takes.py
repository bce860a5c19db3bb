"""Out of Sight dice takes: which face-up cards a roll of three dice may take.

A card is taken by one die showing its number or by several dice adding up to
it; no die serves two cards and a die is never split. With the Doubles card,
two dice showing the same number activate it and take no cards; the third die
still may. Pure rules: verdicts are returned (with a ``detail`` sentence for
people), and typed values (``5,4,2``) that cannot be used raise
:class:`~referee.core.errors.InputError` with a neutral place (``roll``,
``cards``, ``row``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Literal

from referee.core.errors import InputError, show
from referee.core.schema import bounded_int
from referee.core.values import frozen
from referee.outofsight.rules import MAX_CARD, MIN_CARD, join_and

DICE = 3
FACES = 6
ROW_CARDS = 5
"""Face-up cards in the card row."""

DoublesCall = Literal["flip", "wipe"]

TakeReason = Literal[
    "no-doubles", "card-not-in-row", "too-many-cards", "no-combination", "nothing-to-take"
]


@frozen
class Roll:
    """The three dice, in the order rolled."""

    dice: tuple[int, ...]

    @classmethod
    def from_text(cls, text: str, place: str | None = "roll") -> Roll:
        """``5,4,2``; each die is a number 1-6 (typed: never a crash on 5,000 digits)."""
        dice = tuple(bounded_int(item, 1, FACES, place) for item in text.split(","))
        if len(dice) != DICE:
            raise InputError(
                f"{show(text)} is {len(dice)} {'die' if len(dice) == 1 else 'dice'}; "
                f"a roll is all {DICE} dice, like 5,4,2",
                place=place,
            )
        return cls(dice)

    def __str__(self) -> str:
        return ", ".join(map(str, self.dice))


def parse_cards(text: str, place: str | None, *, limit: int | None = None) -> tuple[int, ...]:
    """Comma-separated card numbers 1-18 (an empty text is no cards)."""
    if not text.strip():
        return ()
    numbers = tuple(bounded_int(t, MIN_CARD, MAX_CARD, place) for t in text.split(","))
    if limit is not None and len(numbers) > limit:
        raise InputError(f"{len(numbers)} cards, but the row has at most {limit}", place=place)
    return numbers


@frozen
class Take:
    """A card and the dice (their positions in the roll) that take it."""

    card: int
    slots: tuple[int, ...]

    def dice(self, roll: Roll) -> tuple[int, ...]:
        return tuple(roll.dice[i] for i in self.slots)


@frozen
class TakeVerdict:
    """Is the take legal (or, for ``best``, the best take), with the dice used."""

    valid: bool
    roll: Roll
    takes: tuple[Take, ...]
    reason: TakeReason | None = None
    cards: tuple[int, ...] | None = None
    """The cards asked about (``None`` for ``best``)."""
    row: tuple[int, ...] | None = None
    doubles: DoublesCall | None = None
    doubles_slots: tuple[int, ...] = ()
    detail: str = ""
    """Why not, in words (empty when legal)."""

    @property
    def best(self) -> bool:
        return self.cards is None


def _subsets(slots: Sequence[int]) -> list[tuple[int, ...]]:
    """Non-empty subsets of ``slots``, smallest first, then in roll order."""
    return [c for k in range(1, len(slots) + 1) for c in combinations(slots, k)]


def _assign(cards: Sequence[int], free: tuple[int, ...], roll: Roll) -> tuple[Take, ...] | None:
    """Disjoint groups of dice making each card, in card order (backtracking)."""
    if not cards:
        return ()
    card, rest = cards[0], cards[1:]
    for group in _subsets(free):
        if sum(roll.dice[i] for i in group) != card:
            continue
        after = _assign(rest, tuple(i for i in free if i not in group), roll)
        if after is not None:
            return (Take(card, group), *after)
    return None


def _doubles(roll: Roll, call: DoublesCall | None) -> tuple[int, ...] | None:
    """The first two dice (in roll order) showing the same number; ``()`` without a call."""
    if call is None:
        return ()
    for i in range(DICE):
        for j in range(i + 1, DICE):
            if roll.dice[i] == roll.dice[j]:
                return (i, j)
    return None


def _missing_from_row(cards: Sequence[int], row: Sequence[int]) -> int | None:
    left = list(row)
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            return c
    return None


def _no_doubles(roll: Roll) -> str:
    return f"the Doubles card needs two dice showing the same number, and {roll} has none"


def check_take(
    roll: Roll,
    cards: Sequence[int],
    row: Sequence[int] | None = None,
    doubles: DoublesCall | None = None,
) -> TakeVerdict:
    """May this roll take ``cards`` (from ``row``, if given)?"""
    asked = tuple(cards)
    row_t = tuple(row) if row is not None else None
    pair = _doubles(roll, doubles)
    if pair is None:
        return TakeVerdict(
            False, roll, (), "no-doubles", asked, row_t, doubles, (), _no_doubles(roll)
        )
    reason: TakeReason | None = None
    detail = ""
    free = tuple(i for i in range(DICE) if i not in pair)
    takes: tuple[Take, ...] | None = ()
    absent = _missing_from_row(asked, row) if row is not None else None
    if absent is not None:
        shown = ", ".join(map(str, row_t or ()))
        have = (row_t or ()).count(absent)
        reason = "card-not-in-row"
        detail = (
            f"the row ({shown}) has no {absent} card"
            if not have
            else f"the row ({shown}) has {have} {absent} card(s), not {asked.count(absent)}"
        )
    elif len(asked) > len(free):
        reason = "too-many-cards"
        detail = (
            f"{len(asked)} cards need at least {len(asked)} dice, and only {len(free)} "
            f"{'die is' if len(free) == 1 else 'dice are'} free (each die takes at most one card)"
        )
    else:
        takes = _assign(asked, free, roll)
        if takes is None:
            shown = ", ".join(str(roll.dice[i]) for i in free)
            reason = "no-combination"
            detail = (
                f"{'the die' if len(free) == 1 else 'the dice'} {shown} cannot make "
                f"{join_and([str(c) for c in asked])}: each card needs one die or the sum of "
                "several, no die serves two cards, and a die is never split"
            )
    if reason is not None:
        return TakeVerdict(False, roll, (), reason, asked, row_t, doubles, pair, detail)
    return TakeVerdict(True, roll, takes or (), None, asked, row_t, doubles, pair)


def groupings(free: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every collection of disjoint non-empty groups of the ``free`` dice,
    each group listed in roll order and the groups in order of their first die."""
    yield ()
    if not free:
        return
    first, rest = free[0], free[1:]
    for g in groupings(rest):  # the first die unused
        if g:
            yield g
    for k in range(len(rest) + 1):  # the first die with k of the others
        for others in combinations(rest, k):
            remaining = tuple(i for i in rest if i not in others)
            for g in groupings(remaining):
                yield ((first, *others), *g)


class BestTake:
    """The search for the best take from a row: the best found so far and its
    rank (cards taken, their total, fewer dice), improved one grouping at a time."""

    def __init__(self, roll: Roll, row: tuple[int, ...]) -> None:
        self.roll = roll
        self.row = row
        self.takes: tuple[Take, ...] = ()
        self.rank: tuple[int, int, int] = (0, 0, 0)

    def consider(self, groups: tuple[tuple[int, ...], ...]) -> None:
        cards = [sum(self.roll.dice[i] for i in g) for g in groups]
        if not groups or _missing_from_row(cards, self.row) is not None:
            return
        rank = (len(cards), sum(cards), -sum(len(g) for g in groups))
        if rank > self.rank:  # strictly better: the first found keeps a tie
            self.rank = rank
            self.takes = tuple(Take(c, g) for c, g in zip(cards, groups, strict=True))


def best_take(roll: Roll, row: Sequence[int], doubles: DoublesCall | None = None) -> TakeVerdict:
    """The largest set of row cards this roll can take; ties go to the higher
    total of card numbers, then to fewer dice used, then to the first found
    (groups of dice in roll order)."""
    row_t = tuple(row)
    pair = _doubles(roll, doubles)
    if pair is None:
        return TakeVerdict(
            False, roll, (), "no-doubles", None, row_t, doubles, (), _no_doubles(roll)
        )
    search = BestTake(roll, row_t)
    for groups in groupings(tuple(i for i in range(DICE) if i not in pair)):
        search.consider(groups)
    if not search.takes:
        detail = f"no card in the row ({', '.join(map(str, row))}) equals a die or a sum of dice"
        return TakeVerdict(False, roll, (), "nothing-to-take", None, row_t, doubles, pair, detail)
    return TakeVerdict(True, roll, search.takes, None, None, row_t, doubles, pair)
