"""Blind Spot rules: is a word legal across a newly placed spot?

Pure rules: no click, yaml or enchant. The dictionary is any container of
lowercase words (a ``set`` in tests, an enchant wrapper on the command line).

A play puts a spot on a vacant letter and names a word read along one straight
line through it. Covered letters (the new spot, the player's own spots and a
teammate's) are skipped; another player's spot ends the line. The new spot is
never the first or last position: at least one letter of the word lies on each
side of it. Diagonals need a spot on the glasses tile.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from referee.board import ALL_DIRECTIONS, ORTHOGONAL, Direction, LetterGrid
from referee.cells import Cell
from referee.errors import InputError, show, where

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

REASONS: tuple[Reason, ...] = (
    "occupied",
    "eliminated",
    "too-short",
    "diagonal-needs-glasses",
    "blocked",
    "spot-at-end",
    "not-found",
    "not-allowed-three-letter",
    "not-in-dictionary",
)
"""Every reason, in the order they are checked."""

EXPLANATIONS: dict[str, str] = {
    "occupied": "the cell already has a spot",
    "eliminated": "the player has two spots on the glasses tile and is out",
    "too-short": f"words have at least {MIN_LENGTH} letters",
    "diagonal-needs-glasses": "the word is there, but only diagonally, "
    "and diagonals need a spot on the glasses tile",
    "blocked": "the word is there, but only across another player's spot",
    "spot-at-end": "the letters are there, but the new spot would be at an end of the word; "
    "letters from both sides of the spot must be used",
    "not-found": "the letters are not on any line through the spot",
    "not-allowed-three-letter": "it is not on the rulebook's list of allowed 3-letter words",
    "not-in-dictionary": "it is not in the dictionary",
}


@lru_cache(maxsize=1)
def three_letter_words() -> frozenset[str]:
    """The rulebook's 699 allowed 3-letter words (package data)."""
    from referee.files import package_data

    text = package_data("three-letter-words.txt")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def normalise_word(word: str) -> str:
    """Lowercase ``word``; raise :class:`InputError` unless it is letters a-z only."""
    w = word.strip().lower()
    if not w or not all("a" <= ch <= "z" for ch in w):
        raise InputError(
            f"word {show(word)}: words are letters a-z only (no digits, spaces or marks)"
        )
    return w


# --------------------------------------------------------------------------- board


def board_from_letters(rows: object, source: str | None = None) -> LetterGrid:
    """A 9x9 Blind Spot board from 9 strings of 9 letters."""
    return LetterGrid.from_rows(rows, width=SIZE, height=SIZE, source=source)


# ------------------------------------------------------------------------ position


@dataclass(frozen=True)
class Position:
    """Who has spots where, glasses-tile spots per colour, and the teams."""

    spots: Mapping[str, frozenset[Cell]] = field(default_factory=dict)
    glasses: Mapping[str, int] = field(default_factory=dict)
    teams: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def empty(cls) -> Position:
        return cls()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Position:
        """Build from a position file's mapping: ``spots``, ``glasses``, ``teams``.

        Raises :class:`InputError` for unknown colours or keys, spots off the
        board, a cell covered twice, and glasses counts outside 0-2.
        """
        unknown = sorted(set(data) - {"spots", "glasses", "teams"})
        if unknown:
            raise InputError(
                f"{where(source)}unknown key {show(unknown[0])} (expected spots, glasses, teams)"
            )
        spots: dict[str, frozenset[Cell]] = {}
        seen: dict[Cell, str] = {}
        raw_spots = data.get("spots") or {}
        if not isinstance(raw_spots, dict):
            raise InputError(f"{where(source, 'spots')}expected a mapping of colour: [cells]")
        for colour, cells in raw_spots.items():
            colour = _colour(colour, source, "spots")
            if cells is None:
                cells = []
            if not isinstance(cells, list):
                raise InputError(f"{where(source, f'spots.{colour}')}expected a list of cells")
            placed: set[Cell] = set()
            for name in cells:
                place = f"spots.{colour}"
                try:
                    cell = Cell.from_name(name if isinstance(name, str) else show(name), SIZE, SIZE)
                except InputError as exc:
                    raise InputError(f"{where(source, place)}{exc}") from None
                if cell in seen:
                    raise InputError(
                        f"{where(source, place)}{cell.name} is covered twice "
                        f"(already by {seen[cell]})"
                    )
                seen[cell] = colour
                placed.add(cell)
            spots[colour] = frozenset(placed)
        glasses: dict[str, int] = {}
        raw_glasses = data.get("glasses") or {}
        if not isinstance(raw_glasses, dict):
            raise InputError(f"{where(source, 'glasses')}expected a mapping of colour: count")
        for colour, count in raw_glasses.items():
            colour = _colour(colour, source, "glasses")
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 2:
                raise InputError(
                    f"{where(source, f'glasses.{colour}')}expected 0, 1 or 2 spots, got {show(count)}"
                )
            glasses[colour] = count
        teams = _teams(data.get("teams"), source)
        return cls(spots=spots, glasses=glasses, teams=teams)

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
        return {cell: colour for colour, cells in self.spots.items() for cell in cells}


def _colour(value: object, source: str | None, key: str) -> str:
    colour = value.strip().lower() if isinstance(value, str) else ""
    if colour not in COLOURS:
        raise InputError(
            f"{where(source, key)}unknown colour {show(value)} (colours are {', '.join(COLOURS)})"
        )
    return colour


def _teams(raw: object, source: str | None) -> tuple[tuple[str, ...], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
        raise InputError(
            f"{where(source, 'teams')}expected a list of teams, like [[red, yellow], [blue, green]]"
        )
    teams: list[tuple[str, ...]] = []
    used: set[str] = set()
    for team in raw:
        members = tuple(_colour(c, source, "teams") for c in team)
        for c in members:
            if c in used:
                raise InputError(f"{where(source, 'teams')}{c} is in more than one team")
            used.add(c)
        teams.append(members)
    return tuple(teams)


# -------------------------------------------------------------------------- plays


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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

    @property
    def explanation(self) -> str | None:
        return EXPLANATIONS[self.reason] if self.reason else None

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

    def sentence(self) -> str:
        """One line for people: ``SEAS is legal: reads east from A1 to E1, skipping D1.``"""
        word = self.word.upper()
        if self.valid and self.play:
            s = f"{word} is legal: {describe(self.play)}."
            if self.bonus:
                s += " Farsighted bonus: place one more spot anywhere."
            return s
        s = f"{word} is not legal at {self.at.name}: {self.reason}: {self.explanation}"
        if self.play and self.reason not in ("not-found",):
            s += f" ({describe(self.play)})"
        return s + "."


def describe(play: Play) -> str:
    first, last = play.cells[0], play.cells[-1]
    text = f"reads {play.direction.long_name} from {first.name} to {last.name}"
    if play.skipped:
        text += ", skipping " + ", ".join(c.name for c in play.skipped)
    return text


# ----------------------------------------------------------------------- readings


@dataclass(frozen=True)
class _Side:
    """Visible letters going away from the new spot, nearest first."""

    cells: tuple[Cell, ...]
    letters: str
    skipped_before: tuple[tuple[Cell, ...], ...]
    """For each visible cell, the covered cells between it and the previous one."""


def _side(
    board: LetterGrid, ray: list[Cell], covered: Mapping[Cell, str], friends: Container[str]
) -> _Side:
    cells: list[Cell] = []
    skipped: list[tuple[Cell, ...]] = []
    pending: list[Cell] = []
    for cell in ray:
        owner = covered.get(cell)
        if owner is None:
            cells.append(cell)
            skipped.append(tuple(pending))
            pending = []
        elif owner in friends:
            pending.append(cell)
        else:
            break
    return _Side(tuple(cells), "".join(board[c] for c in cells), tuple(skipped))


def _readings(
    board: LetterGrid,
    covered: Mapping[Cell, str],
    friends: Container[str],
    at: Cell,
    direction: Direction,
) -> tuple[_Side, _Side]:
    """(behind, ahead) of ``at`` when reading in ``direction``."""
    behind = _side(board, board.ray(at, direction.opposite), covered, friends)
    ahead = _side(board, board.ray(at, direction), covered, friends)
    return behind, ahead


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


def _find_across(
    board: LetterGrid,
    covered: Mapping[Cell, str],
    friends: Container[str],
    at: Cell,
    word: str,
    directions: Iterable[Direction],
) -> Play | None:
    """The word read across ``at`` (at least one letter on each side)."""
    for d in directions:
        behind, ahead = _readings(board, covered, friends, at, d)
        for a in range(1, len(word)):
            b = len(word) - a
            if b > len(ahead.letters) or a > len(behind.letters):
                continue
            if behind.letters[:a][::-1] == word[:a] and ahead.letters[:b] == word[a:]:
                return _make_play(at, d, behind, a, ahead, b)
    return None


def _find_at_end(
    board: LetterGrid,
    covered: Mapping[Cell, str],
    friends: Container[str],
    at: Cell,
    word: str,
    directions: Iterable[Direction],
) -> Play | None:
    """The word right beside ``at`` on a line: starting just after it, or ending
    just before it (the spot would be at an end of the word)."""
    n = len(word)
    for d in directions:
        ahead = _side(board, board.ray(at, d), covered, friends)
        letters = ahead.letters[:n]
        if len(letters) < n or word not in (letters, letters[::-1]):
            continue
        cells = ahead.cells[:n]
        inside = [c for s in ahead.skipped_before[1:n] for c in s]
        if letters == word:  # reads away from the spot
            return Play(at, word, d, cells, tuple(inside))
        # reads towards the spot, ending just before it
        return Play(at, word, d.opposite, cells[::-1], tuple(reversed(inside)))
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
    play = _find_across(board, covered, friends, at, word, allowed)
    if play is None:
        near: Reason = "not-found"
        if not diagonals:
            near_play = _find_across(board, covered, friends, at, word, _diagonals())
            if near_play:
                return Verdict(False, "diagonal-needs-glasses", word, at, near_play)
        everyone = _Everyone()
        near_play = _find_across(board, covered, everyone, at, word, ALL_DIRECTIONS)
        if near_play:
            near = "blocked"
        else:
            near_play = _find_at_end(board, covered, everyone, at, word, ALL_DIRECTIONS)
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
        for d in allowed:
            behind, ahead = _readings(board, covered, friends, cell, d)
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
