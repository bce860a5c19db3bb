"""Blind Spot rules: is a word legal across a newly placed spot?

Pure rules: no click, yaml or enchant, no files (but the rulebook's list of
3-letter words, shipped as package data), and no option names in messages
(the command line maps the neutral names). The dictionary is any container of
lowercase words (a ``set`` in tests, an enchant wrapper on the command line).
Sentences and explanations for people are in :mod:`referee.blindspot.render`.

A play puts a spot on a vacant letter and names a word read along one straight
line through it. Covered letters (the new spot, the player's own spots and a
teammate's) are skipped; another player's spot ends the line. The new spot is
never the first or last position: at least one letter of the word lies on each
side of it. Diagonals need a spot on the glasses tile.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal, get_args

from referee.blindspot.board import ALL_DIRECTIONS, ORTHOGONAL, Direction, LetterGrid
from referee.core.cells import Cell
from referee.core.errors import InputError, show
from referee.core.text import ascii_word
from referee.core.values import frozen

SIZE = 9
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green")
SPOTS_PER_COLOUR = 20
MIN_LENGTH = 3
BONUS_LENGTH = 5

Reason = Literal[
    "occupied",
    "eliminated",
    "too-short",
    "diagonal-needs-glasses",
    "blocked",
    "spot-at-end",
    "not-found",
    "not-allowed-three-letter",
    "not-in-dictionary",
]

REASONS: tuple[Reason, ...] = get_args(Reason)
"""Every reason, in the order they are checked."""


@lru_cache(maxsize=1)
def three_letter_words() -> frozenset[str]:
    """The rulebook's 699 allowed 3-letter words (package data)."""
    from referee.core.files import package_data

    text = package_data("three-letter-words.txt")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def normalise_word(word: str) -> str:
    """Lowercase ``word``; raise :class:`InputError` unless it is letters a-z only."""
    w = ascii_word(word)
    if w is None:
        raise InputError(
            f"word {show(word)}: words are letters a-z only (no digits, spaces or marks)"
        )
    return w


# --------------------------------------------------------------------------- board


def board_from_letters(rows: object) -> LetterGrid:
    """A 9x9 Blind Spot board from 9 strings of 9 letters."""
    return LetterGrid.from_rows(rows, width=SIZE, height=SIZE)


# ------------------------------------------------------------------------ position


@frozen
class Position:
    """Who has spots where, glasses-tile spots per colour, and the teams."""

    spots: Mapping[str, frozenset[Cell]] = MappingProxyType({})
    glasses: Mapping[str, int] = MappingProxyType({})
    teams: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def empty(cls) -> Position:
        return cls()

    def owner(self, cell: Cell) -> str | None:
        for colour, cells in self.spots.items():
            if cell in cells:
                return colour
        return None

    def team_of(self, colour: str) -> tuple[str, ...]:
        for team in self.teams:
            if colour in team:
                return team
        return (colour,)

    def has_glasses(self, colour: str) -> bool:
        """Diagonals are open to the player once any team member has a glasses spot."""
        return any(self.glasses.get(c, 0) >= 1 for c in self.team_of(colour))

    def eliminated(self, colour: str) -> bool:
        """Out once the player (or, in a team game, a teammate) has 2 glasses spots."""
        return any(self.glasses.get(c, 0) >= 2 for c in self.team_of(colour))

    def with_glasses(self, colour: str, count: int) -> Position:
        return Position(spots=self.spots, glasses={**self.glasses, colour: count}, teams=self.teams)

    def covered(self) -> dict[Cell, str]:
        """Every covered cell and the colour on it (computed once per position)."""
        found: dict[Cell, str] | None = self.__dict__.get("_covered")
        if found is None:
            found = {cell: colour for colour, cells in self.spots.items() for cell in cells}
            object.__setattr__(self, "_covered", found)
        return found


def colour(value: object) -> str:
    """A colour name (case and surrounding spaces ignored), or a plain
    :class:`InputError`."""
    name = value.strip().lower() if isinstance(value, str) else ""
    if name not in COLOURS:
        raise InputError(f"unknown colour {show(value)} (colours are {', '.join(COLOURS)})")
    return name


# -------------------------------------------------------------------------- plays


@frozen
class Play:
    """A legal (or nearly legal) reading: the word's cells in reading order."""

    at: Cell
    word: str
    direction: Direction
    cells: tuple[Cell, ...]
    skipped: tuple[Cell, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "at": self.at.name,
            "word": self.word,
            "direction": self.direction.name,
            "cells": [c.name for c in self.cells],
        }


@frozen
class Verdict:
    """The referee's answer for one play; ``reason`` is ``None`` when valid.

    For a near miss (``blocked``, ``spot-at-end``, ``diagonal-needs-glasses``,
    or a word-list reason) ``play`` shows where the letters are.
    """

    valid: bool
    reason: Reason | None
    word: str
    at: Cell
    play: Play | None = None

    @property
    def bonus(self) -> bool:
        """The farsighted bonus: a legal word of 5 letters or more."""
        return self.valid and len(self.word) >= BONUS_LENGTH

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "word": self.word,
            "at": self.at.name,
            "cells": [c.name for c in self.play.cells] if self.play else [],
            "direction": self.play.direction.name if self.play else None,
            "bonus": self.bonus,
            "reason": self.reason,
        }


# ----------------------------------------------------------------------- readings


@frozen
class _Side:
    """Visible letters going away from the new spot, nearest first."""

    cells: tuple[Cell, ...]
    letters: str
    skipped_before: tuple[tuple[Cell, ...], ...]
    """For each visible cell, the covered cells between it and the previous one."""


def _side(
    board: LetterGrid, ray: Sequence[Cell], covered: Mapping[Cell, str], friends: Container[str]
) -> _Side:
    cells: list[Cell] = []
    letters: list[str] = []
    skipped: list[tuple[Cell, ...]] = []
    pending: list[Cell] = []
    rows = board.rows
    for cell in ray:
        owner = covered.get(cell)
        if owner is None:
            cells.append(cell)
            letters.append(rows[cell.row][cell.col])
            skipped.append(tuple(pending))
            if pending:
                pending = []
        elif owner in friends:
            pending.append(cell)
        else:
            break
    return _Side(tuple(cells), "".join(letters), tuple(skipped))


class _Lines:
    """The visible letters on every ray from one cell, each ray computed once."""

    def __init__(
        self, board: LetterGrid, covered: Mapping[Cell, str], friends: Container[str], at: Cell
    ) -> None:
        self.board, self.covered, self.friends, self.at = board, covered, friends, at
        self._memo: dict[Direction, _Side] = {}

    def side(self, direction: Direction) -> _Side:
        """Visible letters going away from ``at`` in ``direction``, nearest first."""
        found = self._memo.get(direction)
        if found is None:
            ray = self.board.ray(self.at, direction)
            found = self._memo[direction] = _side(self.board, ray, self.covered, self.friends)
        return found

    def readings(self, direction: Direction) -> tuple[_Side, _Side]:
        """(behind, ahead) of ``at`` when reading in ``direction``."""
        return self.side(direction.opposite), self.side(direction)


def _make_play(at: Cell, direction: Direction, behind: _Side, a: int, ahead: _Side, b: int) -> Play:
    before = list(reversed(behind.cells[:a]))
    after = list(ahead.cells[:b])
    # covered cells strictly inside the word, in reading order
    skipped: list[Cell] = []
    for i in range(a - 1, -1, -1):
        skipped.extend(reversed(behind.skipped_before[i]))
    skipped.append(at)
    for i in range(b):
        skipped.extend(ahead.skipped_before[i])
    word = behind.letters[:a][::-1] + ahead.letters[:b]
    return Play(at, word, direction, tuple(before + after), tuple(skipped))


def _find_across(lines: _Lines, word: str, directions: Iterable[Direction]) -> Play | None:
    """The word read across the spot (at least one letter on each side)."""
    n = len(word)
    for d in directions:
        behind, ahead = lines.readings(d)
        # The visible line in reading order, the spot between index split-1 and split.
        split = len(behind.letters)
        line = behind.letters[::-1] + ahead.letters
        # Starts that leave at least one letter on each side: split-n+1 .. split-1;
        # the highest start (fewest letters behind the spot) is preferred.
        start = line.rfind(word, max(0, split - n + 1), split - 1 + n)
        if start != -1:
            a = split - start
            return _make_play(lines.at, d, behind, a, ahead, n - a)
    return None


def _find_at_end(lines: _Lines, word: str, directions: Iterable[Direction]) -> Play | None:
    """The word right beside the spot on a line: starting just after it, or ending
    just before it (the spot would be at an end of the word)."""
    n = len(word)
    for d in directions:
        ahead = lines.side(d)
        letters = ahead.letters[:n]
        if len(letters) < n or word not in (letters, letters[::-1]):
            continue
        cells = ahead.cells[:n]
        inside = [c for s in ahead.skipped_before[1:n] for c in s]
        if letters == word:  # reads away from the spot
            return Play(lines.at, word, d, cells, tuple(inside))
        # reads towards the spot, ending just before it
        return Play(lines.at, word, d.opposite, cells[::-1], tuple(reversed(inside)))
    return None


class _Everyone:
    """A container that holds every colour: other players' spots are skipped too."""

    def __contains__(self, item: object) -> bool:
        return True


def friends_of(position: Position, player: str) -> frozenset[str]:
    return frozenset(position.team_of(player))


def check_word(
    board: LetterGrid,
    word: str,
    at: Cell,
    dictionary: Container[str],
    *,
    player: str = "red",
    position: Position | None = None,
    glasses: bool | None = None,
    three_letter: Container[str] | None = None,
) -> Verdict:
    """Judge one play: ``player`` puts a spot on ``at`` and names ``word``.

    ``glasses`` overrides the position's glasses count for diagonals (``True``:
    one spot on the glasses tile). ``three_letter`` is the list 3-letter words
    are judged against (default: the rulebook's); longer words go to
    ``dictionary``. Checks, in order: occupied, eliminated, too-short, the
    board (diagonal-needs-glasses, blocked, spot-at-end, not-found, the first
    one that is nearest to a legal play), then the word lists.
    """
    word = normalise_word(word)
    position = position or Position.empty()
    if at not in board:
        raise InputError(f"{at.name} is off the board")
    if player not in COLOURS:
        raise InputError(f"unknown colour {show(player)} (colours are {', '.join(COLOURS)})")
    covered = position.covered()
    if at in covered:
        return Verdict(False, "occupied", word, at)
    if position.eliminated(player):
        return Verdict(False, "eliminated", word, at)
    if len(word) < MIN_LENGTH:
        return Verdict(False, "too-short", word, at)

    friends = friends_of(position, player)
    diagonals = position.has_glasses(player) if glasses is None else glasses
    allowed = ALL_DIRECTIONS if diagonals else ORTHOGONAL
    lines = _Lines(board, covered, friends, at)
    play = _find_across(lines, word, allowed)
    if play is None:
        near: Reason = "not-found"
        if not diagonals:
            near_play = _find_across(lines, word, _diagonals())
            if near_play:
                return Verdict(False, "diagonal-needs-glasses", word, at, near_play)
        # Nearer misses: as if other players' spots could be read across too.
        enemies = any(colour not in friends for colour in covered.values())
        relaxed = _Lines(board, covered, _Everyone(), at) if enemies else lines
        near_play = _find_across(relaxed, word, ALL_DIRECTIONS)
        if near_play:
            near = "blocked"
        else:
            near_play = _find_at_end(relaxed, word, ALL_DIRECTIONS)
            if near_play:
                near = "spot-at-end"
        return Verdict(False, near, word, at, near_play)

    if not is_word(word, dictionary, three_letter):
        reason: Reason = "not-allowed-three-letter" if len(word) == 3 else "not-in-dictionary"
        return Verdict(False, reason, word, at, play)
    return Verdict(True, None, word, at, play)


def _diagonals() -> tuple[Direction, ...]:
    return tuple(d for d in ALL_DIRECTIONS if d.diagonal)


def is_word(
    word: str, dictionary: Container[str], three_letter: Container[str] | None = None
) -> bool:
    """3-letter words are judged by the rulebook's list only; longer ones by the dictionary."""
    if len(word) < MIN_LENGTH:
        return False
    if len(word) == MIN_LENGTH:
        return word in (three_letter if three_letter is not None else three_letter_words())
    return word in dictionary


def legal_plays(
    board: LetterGrid,
    dictionary: Container[str],
    *,
    player: str = "red",
    position: Position | None = None,
    glasses: bool | None = None,
    at: Cell | None = None,
    min_length: int = MIN_LENGTH,
    three_letter: Container[str] | None = None,
) -> list[Play]:
    """Every legal play for ``player`` (at every vacant cell, or only ``at``).

    Sorted longest word first, then by cell (row-major), word and direction.
    Each (cell, word, direction, cells) appears once.
    """
    position = position or Position.empty()
    if player not in COLOURS:
        raise InputError(f"unknown colour {show(player)} (colours are {', '.join(COLOURS)})")
    if position.eliminated(player):
        return []
    covered = position.covered()
    friends = friends_of(position, player)
    diagonals = position.has_glasses(player) if glasses is None else glasses
    allowed = ALL_DIRECTIONS if diagonals else ORTHOGONAL
    three = three_letter if three_letter is not None else three_letter_words()
    min_length = max(min_length, MIN_LENGTH)
    cache: dict[str, bool] = {}
    targets = [at] if at is not None else list(board.cells())
    plays: list[Play] = []
    for cell in targets:
        if cell in covered:
            continue
        lines = _Lines(board, covered, friends, cell)
        for d in allowed:
            behind, ahead = lines.readings(d)
            for a in range(1, len(behind.letters) + 1):
                head = behind.letters[:a][::-1]
                for b in range(max(1, min_length - a), len(ahead.letters) + 1):
                    word = head + ahead.letters[:b]
                    ok = cache.get(word)
                    if ok is None:
                        ok = cache[word] = is_word(word, dictionary, three)
                    if ok:
                        plays.append(_make_play(cell, d, behind, a, ahead, b))
    plays.sort(
        key=lambda p: (-len(p.word), p.at, p.word, ALL_DIRECTIONS.index(p.direction), p.cells)
    )
    return plays
