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

from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from referee.blindspot.board import ALL_DIRECTIONS, ORTHOGONAL, Direction, LetterGrid
from referee.core.cells import Cell
from referee.core.errors import InputError, show, where

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
    from referee.core.files import package_data

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
        """Every covered cell and the colour on it (computed once per position)."""
        found: dict[Cell, str] | None = self.__dict__.get("_covered")
        if found is None:
            found = {cell: colour for colour, cells in self.spots.items() for cell in cells}
            object.__setattr__(self, "_covered", found)
        return found


def _colour(value: object, source: str | None, key: str | None) -> str:
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


# =========================================================================== games
#
# A game is its setup (board, players, mode) plus an append-only list of
# actions. The state is never stored: it is replayed from the actions, so the
# file can be audited by a person and an undo is itself an action (nothing is
# ever lost). Replaying re-checks every action against the board; a file
# edited by hand into an impossible state is an InputError naming the action.

Mode = Literal["standard", "teams", "solo"]
ActionKind = Literal["play", "bonus", "skip-bonus", "timeout", "undo"]
ACTION_KINDS: tuple[ActionKind, ...] = ("play", "bonus", "skip-bonus", "timeout", "undo")

GameReason = Literal[
    "not-your-turn",
    "game-over",
    "bonus-owed",
    "no-spots-left",
    "must-play",
    "nothing-to-undo",
]

PAIRS: tuple[tuple[str, str], ...] = (("red", "yellow"), ("blue", "green"))
"""With two players (and in solo play) each side uses two colours."""

SOLO_BANDS: tuple[tuple[int, str], ...] = (
    (16, "20/20 vision!"),
    (10, "Seeing clearly"),
    (4, "Slightly blurry..."),
    (0, "Get those eyes checked!"),
)

GAME_EXPLANATIONS: dict[str, str] = {
    "not-your-turn": "it is another player's turn",
    "game-over": "the game is over",
    "bonus-owed": "the farsighted bonus spot must be placed (or skipped) first",
    "no-spots-left": "the player has no spots left",
    "must-play": "in solo play you must play a word if you can",
    "nothing-to-undo": "there is no action to take back",
}


def solo_band(score: int) -> str:
    """The rulebook's rating for a solo score."""
    return next(label for low, label in SOLO_BANDS if score >= low)


@dataclass(frozen=True)
class Action:
    """One recorded action. ``player`` is the seat that acted."""

    kind: ActionKind
    player: str | None = None
    at: Cell | None = None
    word: str | None = None
    forced: bool = False

    @classmethod
    def from_mapping(cls, data: object, index: int, source: str | None = None) -> Action:
        place = f"actions[{index}]"
        if not isinstance(data, dict):
            raise InputError(f"{where(source, place)}expected a mapping like {{do: play, ...}}")
        kind = data.get("do")
        if kind not in ACTION_KINDS:
            raise InputError(
                f"{where(source, place)}unknown action {show(kind)} "
                f"(actions are {', '.join(ACTION_KINDS)})"
            )
        player = data.get("player")
        if kind != "undo":
            player = _colour(player, source, f"{place}.player")
        at = None
        if kind in ("play", "bonus"):
            raw_at = data.get("at")
            try:
                at = Cell.from_name(raw_at if isinstance(raw_at, str) else show(raw_at), SIZE, SIZE)
            except InputError as exc:
                raise InputError(f"{where(source, place + '.at')}{exc}") from None
        word = None
        if kind == "play":
            raw_word = data.get("word")
            try:
                word = normalise_word(raw_word if isinstance(raw_word, str) else show(raw_word))
            except InputError as exc:
                raise InputError(f"{where(source, place + '.word')}{exc}") from None
        forced = data.get("forced", False) is True
        return cls(kind, player if isinstance(player, str) else None, at, word, forced)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        if self.player is not None:
            out["player"] = self.player
        if self.at is not None:
            out["at"] = self.at.name
        if self.word is not None:
            out["word"] = self.word
        if self.forced:
            out["forced"] = True
        return out

    def describe(self) -> str:
        bits = [
            self.kind,
            self.player or "",
            self.at.name if self.at else "",
            (self.word or "").upper(),
        ]
        return " ".join(b for b in bits if b)


@dataclass(frozen=True)
class GameSetup:
    """The fixed part of a game: the board, the seats in turn order and the mode.

    Two players each use two colours (red+yellow against blue+green); a team
    game is four players, red+yellow against blue+green; solo play is blue and
    red alternating, blue first, with green and yellow as their reserves.
    """

    board: LetterGrid
    players: tuple[str, ...]
    mode: Mode = "standard"

    @classmethod
    def create(
        cls, board: LetterGrid, players: Sequence[str], *, teams: bool = False, solo: bool = False
    ) -> GameSetup:
        """Validate the seats; raise :class:`InputError` for an impossible table."""
        if solo:
            if teams:
                raise InputError("--solo and --teams cannot be combined")
            if players and tuple(players) != ("blue", "red"):
                raise InputError("solo play is blue and red, blue first (omit --players)")
            return cls(board, ("blue", "red"), "solo")
        seats = tuple(_colour(p, "--players", None) for p in players)
        if len(set(seats)) != len(seats):
            raise InputError(f"--players: a colour is listed twice ({', '.join(seats)})")
        if not 2 <= len(seats) <= 4:
            raise InputError(f"--players: 2 to 4 players, got {len(seats)}")
        if teams:
            if len(seats) != 4:
                raise InputError("--teams needs all four colours (red, yellow, blue, green)")
            return cls(board, seats, "teams")
        if len(seats) == 2 and _pair_of(seats[0]) == _pair_of(seats[1]):
            raise InputError(
                f"--players: with two players one takes red+yellow and the other blue+green; "
                f"{seats[0]} and {seats[1]} are the same side"
            )
        return cls(board, seats, "standard")

    def colours_of(self, player: str) -> tuple[str, ...]:
        """The colours a seat places, in the order its spots are used."""
        if self.mode == "solo" or (self.mode == "standard" and len(self.players) == 2):
            return _pair_of(player)
        return (player,)

    def seat_of(self, colour: str) -> str | None:
        for p in self.players:
            if colour in self.colours_of(p):
                return p
        return None

    @property
    def teams(self) -> tuple[tuple[str, ...], ...]:
        """Readable-across groups for :class:`Position` (pairs and teams)."""
        if self.mode == "teams":
            return PAIRS
        return tuple(self.colours_of(p) for p in self.players if len(self.colours_of(p)) > 1)

    @property
    def supply(self) -> int:
        """Spots per seat: 20 per colour it uses."""
        return SPOTS_PER_COLOUR * len(self.colours_of(self.players[0]))

    @property
    def sha256(self) -> str:
        import hashlib

        return hashlib.sha256("\n".join(self.board.rows).encode("ascii")).hexdigest()


def _pair_of(colour: str) -> tuple[str, ...]:
    return next(pair for pair in PAIRS if colour in pair)


@dataclass(frozen=True)
class GameState:
    """Everything replayed from the actions."""

    spots: Mapping[str, tuple[Cell, ...]]
    """Board spots by colour, in the order placed."""
    glasses: Mapping[str, int]
    """Glasses-tile spots by seat."""
    used: Mapping[str, int]
    """Spots taken from each seat's supply (board and glasses tile)."""
    turn: str | None
    """The seat to act next; ``None`` once the game is over."""
    bonus_owed: str | None
    eliminated: tuple[str, ...]
    winner: str | tuple[str, ...] | None
    over: bool
    actions: tuple[Action, ...]
    """The effective actions (undone ones removed)."""
    recorded: int
    """How many entries the file holds, undos included (set by :func:`replay`;
    :func:`step` leaves it as it was)."""

    def position(self, setup: GameSetup) -> Position:
        """The position ``check_word`` judges against (glasses by seat)."""
        return Position(
            spots={c: frozenset(cells) for c, cells in self.spots.items()},
            glasses=dict(self.glasses),
            teams=setup.teams,
        )

    def covered(self) -> dict[Cell, str]:
        return {cell: colour for colour, cells in self.spots.items() for cell in cells}

    def solo_score(self, setup: GameSetup) -> int | None:
        return self.glasses.get("red", 0) if setup.mode == "solo" else None

    def to_dict(self, setup: GameSetup) -> dict[str, Any]:
        score = self.solo_score(setup)
        return {
            "turn": self.turn,
            "spots": {c: [cell.name for cell in cells] for c, cells in self.spots.items()},
            "glasses": dict(self.glasses),
            "eliminated": list(self.eliminated),
            "bonus_owed": self.bonus_owed is not None,
            "winner": list(self.winner) if isinstance(self.winner, tuple) else self.winner,
            "solo_score": score,
            "solo_rating": solo_band(score) if score is not None else None,
            "spots_left": {p: setup.supply - self.used.get(p, 0) for p in setup.players},
            "actions": len(self.actions),
            "recorded": self.recorded,
        }


@dataclass(frozen=True)
class Outcome:
    """The answer to one attempted action: accepted, or why not."""

    ok: bool
    reason: str | None = None
    verdict: Verdict | None = None
    proof: Play | None = None
    """For ``must-play``: a legal play that exists."""

    @property
    def explanation(self) -> str | None:
        if self.verdict is not None and self.verdict.reason:
            return self.verdict.explanation
        reason = self.reason or ""
        return GAME_EXPLANATIONS.get(reason) or EXPLANATIONS.get(reason)


def _initial(setup: GameSetup) -> GameState:
    return GameState(
        spots={},
        glasses=dict.fromkeys(setup.players, 0),
        used=dict.fromkeys(setup.players, 0),
        turn=setup.players[0],
        bonus_owed=None,
        eliminated=(),
        winner=None,
        over=False,
        actions=(),
        recorded=0,
    )


def _next_seat(setup: GameSetup, state_eliminated: Sequence[str], current: str) -> str:
    order = setup.players
    i = order.index(current)
    for k in range(1, len(order) + 1):
        seat = order[(i + k) % len(order)]
        if setup.mode == "solo" or seat not in state_eliminated:
            return seat
    return current


def _colour_for(setup: GameSetup, state: GameState, seat: str) -> str | None:
    """The colour of the seat's next spot: the first colour with spots left."""
    used = state.used.get(seat, 0)
    colours = setup.colours_of(seat)
    k = used // SPOTS_PER_COLOUR
    return colours[k] if k < len(colours) else None


def step(
    setup: GameSetup,
    state: GameState,
    action: Action,
    dictionary: Container[str] | None = None,
    three_letter: Container[str] | None = None,
) -> tuple[Outcome, GameState]:
    """Apply one action. Returns the outcome and the new state (the old state
    when refused). ``dictionary=None`` trusts a recorded play's word (replay)
    and checks only the board. A bonus or skip with no bonus owed is an
    :class:`InputError` (the action makes no sense at all)."""
    from dataclasses import replace

    if action.kind == "undo":
        raise ValueError("undo is handled by replay()")
    seat = action.player or state.turn
    assert seat is not None or state.over
    if state.over:
        return Outcome(False, "game-over"), state
    if action.kind in ("bonus", "skip-bonus"):
        if state.bonus_owed is None:
            raise InputError(f"{action.kind}: no bonus spot is owed")
        if seat != state.bonus_owed:
            return Outcome(False, "not-your-turn"), state
    elif seat != state.turn:
        return Outcome(False, "not-your-turn"), state
    elif state.bonus_owed is not None:
        return Outcome(False, "bonus-owed"), state
    assert seat is not None

    spots = {c: tuple(cells) for c, cells in state.spots.items()}
    used = dict(state.used)
    glasses = dict(state.glasses)

    if action.kind in ("play", "bonus"):
        assert action.at is not None
        colour = _colour_for(setup, state, seat)
        if action.kind == "play":
            assert action.word is not None
            lexicon: Container[str] = dictionary if dictionary is not None else {action.word}
            three = three_letter if dictionary is not None else {action.word}
            verdict = check_word(
                setup.board,
                action.word,
                action.at,
                lexicon,
                player=setup.colours_of(seat)[0],
                position=state.position(setup),
                three_letter=three,
            )
            if not verdict.valid:
                return Outcome(False, verdict.reason, verdict), state
        else:
            verdict = None
            if action.at in state.covered():
                return Outcome(False, "occupied"), state
        if colour is None:
            return Outcome(False, "no-spots-left", verdict), state
        spots[colour] = (*spots.get(colour, ()), action.at)
        used[seat] += 1
        bonus = action.kind == "play" and verdict is not None and verdict.bonus
        turn = state.turn if bonus else _next_seat(setup, state.eliminated, seat)
        new = replace(
            state,
            spots=spots,
            used=used,
            turn=turn,
            bonus_owed=seat if bonus else None,
            actions=(*state.actions, action),
        )
        return Outcome(True, None, verdict), new

    if action.kind == "skip-bonus":
        turn = _next_seat(setup, state.eliminated, seat)
        return Outcome(True), replace(
            state, turn=turn, bonus_owed=None, actions=(*state.actions, action)
        )

    # timeout: a spot on the glasses tile
    if setup.mode == "solo" and dictionary is not None and not action.forced and glasses[seat] < 2:
        plays = legal_plays(
            setup.board,
            dictionary,
            player=seat,
            position=state.position(setup),
            three_letter=three_letter,
        )
        if plays:
            return Outcome(False, "must-play", proof=plays[0]), state
    glasses[seat] += 1
    if _colour_for(setup, state, seat) is not None:
        # Out of spots, the penalty still counts; the supply never goes below 0.
        used[seat] += 1
    eliminated = state.eliminated
    winner: str | tuple[str, ...] | None = None
    over = False
    if glasses[seat] == 2:
        if setup.mode == "solo":
            over = seat == "blue"
            eliminated = (*eliminated, seat) if seat not in eliminated else eliminated
        elif setup.mode == "teams":
            losers = _pair_of(seat)
            eliminated = (*eliminated, *[c for c in losers if c not in eliminated])
            winner = next(pair for pair in PAIRS if pair != losers)
            over = True
        else:
            eliminated = (*eliminated, seat)
            left = [p for p in setup.players if p not in eliminated]
            if len(left) == 1:
                winner, over = left[0], True
    turn = None if over else _next_seat(setup, eliminated, seat)
    new = replace(
        state,
        glasses=glasses,
        used=used,
        turn=turn,
        eliminated=eliminated,
        winner=winner,
        over=over,
        actions=(*state.actions, action),
    )
    return Outcome(True), new


def replay(setup: GameSetup, actions: Sequence[Action], source: str | None = None) -> GameState:
    """The state after ``actions`` (undo entries take back the one before).

    Every action is re-checked against the board; the first impossible one is
    an :class:`InputError` naming its index.
    """
    effective: list[tuple[int, Action]] = []
    for i, action in enumerate(actions):
        if action.kind == "undo":
            if not effective:
                raise InputError(
                    f"{where(source, f'actions[{i}]')}impossible: undo with nothing to undo"
                )
            effective.pop()
        else:
            effective.append((i, action))
    from dataclasses import replace

    state = _initial(setup)
    for i, action in effective:
        try:
            outcome, state = step(setup, state, action)
        except InputError as exc:
            raise InputError(
                f"{where(source, f'actions[{i}]')}impossible action ({action.describe()}): {exc}"
            ) from None
        if not outcome.ok:
            raise InputError(
                f"{where(source, f'actions[{i}]')}impossible action ({action.describe()}): "
                f"{outcome.reason}: {outcome.explanation}"
            )
    return replace(state, recorded=len(actions))
