"""The Word Block table: letter cards, the grid they lie in, the blocks on them
and the words already claimed.

Pure values: no files, no CLI. Errors are plain :class:`InputError` with a
neutral ``place`` ("player", "at", "path"); the CLI maps places to its options.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cached_property

from referee.core.cells import Cell
from referee.core.errors import InputError, show
from referee.core.text import ascii_letters, ascii_word, name_key
from referee.core.text import name as nfc
from referee.core.values import frozen, replace

MAX_BLOCKS = 3
"""Blocks per player."""
MAX_WIDTH = 26
MAX_HEIGHT = 99
MAX_POINTS = 99
MAX_WORD = 60
DEFAULT_AREA = (6, 6)

_CARD = re.compile(r"([A-Za-z])-([0-9]{1,2})")
MAX_NAME = 30
"""The longest player name."""


def normalise_word(word: str, place: str = "word") -> str:
    """Lowercase ``word``; raise :class:`InputError` unless it is letters a-z only."""
    w = ascii_word(word) if isinstance(word, str) else None
    if w is None:
        raise InputError(
            f"{show(word)}: words are letters a-z only (no digits, spaces, hyphens or other marks)",
            place=place,
        )
    if len(w) > MAX_WORD:
        raise InputError(f"{show(word)}: longer than {MAX_WORD} letters", place=place)
    return w


def player_name(value: object, place: str = "player") -> str:
    """A player's name as shown: any text of 1 to 30 characters (NFC, spaces
    around it trimmed, case and inner spaces kept), without commas, ``=`` or
    control characters. Two names are one player when they are equal once
    case-folded (:func:`same_player`)."""
    text = nfc(value.strip()) if isinstance(value, str) else ""
    if not text or len(text) > MAX_NAME:
        raise InputError(
            f"{show(value)} is not a player name (1 to {MAX_NAME} characters)", place=place
        )
    if any(c in ",=" or not c.isprintable() for c in text):
        raise InputError(
            f"{show(value)} is not a player name (no commas, '=' or control characters)",
            place=place,
        )
    return text


def same_player(a: str, b: str) -> bool:
    """Whether two names are one player (NFC, case-folded)."""
    return name_key(a) == name_key(b)


def find_player(players: Iterable[str], name: str) -> str | None:
    """The player among ``players`` that ``name`` names (any case), or ``None``."""
    key = name_key(name)
    return next((p for p in players if name_key(p) == key), None)


def cell_key(cell: Cell) -> tuple[int, int]:
    """Name order: column letter, then row number (``A2`` < ``A10`` < ``B1``)."""
    return (cell.col, cell.row)


def cell_names(cells: Iterable[Cell]) -> list[str]:
    return [c.name for c in cells]


# ---------------------------------------------------------------------------- cards


VALUE_SCHEMES = ("asteroid",)
"""Ways to value cards that carry no points: the rulebook's "asteroid" scheme."""


def scheme_points(letter: str) -> int:
    """The rulebook's scheme for cards without values: the letters of "asteroid"
    are worth 1, "jqxz" 8, the others 4."""
    if letter in "asteroid":
        return 1
    return 8 if letter in "jqxz" else 4


@frozen
class Card:
    """A letter card, written ``letter-points`` as the rulebook does (``q-8``)."""

    letter: str
    points: int

    @classmethod
    def parse(cls, text: object, place: str = "card", values: str | None = None) -> Card:
        """Parse ``"s-0"``; raise :class:`InputError` naming ``place`` otherwise.

        With ``values="asteroid"`` a bare letter (``q``) is valued by the
        rulebook's scheme, and a card written with points must agree with it.
        """
        raw = text.strip() if isinstance(text, str) else None
        if values is not None and raw is not None and len(raw) == 1 and ascii_letters(raw):
            letter = raw.lower()
            return cls(letter, scheme_points(letter))
        m = _CARD.fullmatch(raw) if raw is not None else None
        if m is None:
            bare = " or a bare letter" if values is not None else ""
            raise InputError(
                f"{show(text)} is not a card (one letter, a dash and its points "
                f"0-{MAX_POINTS}, like s-1{bare})",
                place=place,
            )
        card = cls(letter=m.group(1).lower(), points=int(m.group(2)))
        if values is not None and card.points != scheme_points(card.letter):
            raise InputError(
                f"{show(text)}: with the {values} values a {card.letter} is worth "
                f"{scheme_points(card.letter)}",
                place=place,
            )
        return card

    def __str__(self) -> str:
        return f"{self.letter}-{self.points}"

    def readings(self) -> tuple[str, ...]:
        """What the card can spell: ``q`` also reads ``qu``."""
        return ("q", "qu") if self.letter == "q" else (self.letter,)


# ---------------------------------------------------------------------------- board


@frozen
class Board:
    """The grid of cards, the blocks on it, and the words already claimed.

    ``cards`` holds only occupied cells (sorted in name order); ``width`` x
    ``height`` is the playing area, ``A1`` its top-left space. ``blocks`` lists
    every player (in order) with the cells of their blocks on the grid.
    ``area`` is the area as a board file gave it (``None``: the rows' size).
    Board files are read and written by :mod:`referee.wordblock.formats`.
    """

    width: int
    height: int
    cards: tuple[tuple[Cell, Card], ...]
    blocks: tuple[tuple[str, tuple[Cell, ...]], ...]
    claimed: tuple[str, ...] = ()
    area: tuple[int, int] | None = None

    @classmethod
    def empty(cls, players: Sequence[str], area: tuple[int, int] = DEFAULT_AREA) -> Board:
        return cls(area[0], area[1], (), tuple((p, ()) for p in players), (), area)

    # ------------------------------------------------------------------ queries

    @cached_property
    def card_map(self) -> dict[Cell, Card]:
        return dict(self.cards)

    @cached_property
    def card_index(self) -> dict[Cell, int]:
        """Where each card is in ``cards``."""
        return {cell: i for i, (cell, _) in enumerate(self.cards)}

    @cached_property
    def open_spaces(self) -> frozenset[Cell]:
        """The empty spaces of the area next to a card, diagonals included
        (every space while the grid is empty): where a new card may go. Kept
        up to date card by card by :meth:`with_card` (a full 26 x 99 area is
        not scanned again for each replaced card)."""
        cards = self.card_map
        if not cards:
            return frozenset(self.spaces())
        if len(cards) >= self.width * self.height:
            return frozenset()  # a full area
        return frozenset(n for cell in cards for n in self.neighbours(cell) if n not in cards)

    @cached_property
    def owner_map(self) -> dict[Cell, str]:
        return {cell: p for p, cells in self.blocks for cell in cells}

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _ in self.blocks)

    def card_at(self, cell: Cell) -> Card | None:
        return self.card_map.get(cell)

    def owner_at(self, cell: Cell) -> str | None:
        return self.owner_map.get(cell)

    def blocks_of(self, player: str) -> tuple[Cell, ...]:
        for p, cells in self.blocks:
            if p == player:
                return cells
        return ()

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, Cell) and 0 <= cell.row < self.height and 0 <= cell.col < self.width

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The 8 surrounding spaces inside the area (with or without cards), name order."""
        out = [
            Cell(row=cell.row + dr, col=cell.col + dc)
            for dc in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if (dc or dr)
        ]
        return [c for c in out if c in self]

    def spaces(self) -> Iterator[Cell]:
        """Every space of the area, row by row."""
        for r in range(self.height):
            for c in range(self.width):
                yield Cell(row=r, col=c)

    def cell(self, name: str, place: str) -> Cell:
        """Parse a cell name against this board's size (errors name ``place``)."""
        try:
            return Cell.from_name(name, self.width, self.height)
        except InputError as exc:
            raise InputError(exc.detail, place=place) from None

    def require_player(self, name: str, place: str = "player") -> str:
        """``name`` as a player of this board (``place`` names the option in errors)."""
        found = find_player(self.players, player_name(name, place))
        if found is None:
            known = ", ".join(self.players) or "none"
            raise InputError(
                f"{name!r} is not a player here (players: {known}; on a board file, list "
                "a player without blocks as 'name: []')",
                place=place,
            )
        return found

    @cached_property
    def graph(self) -> Graph:
        return Graph.build(self)

    # ------------------------------------------------------------------ changes

    def with_card(self, at: Cell, card: Card) -> Board:
        """The board with ``card`` on ``at`` (placed, or replacing the card
        there). What the new board would work out again from its cards (the
        map of cards, the open spaces) is carried over and updated here."""
        old = self.card_map
        cards = {**old, at: card}
        index = None
        if at in old:  # a replacement: the same cells, in the same order
            index = self.card_index
            i = index[at]
            ordered = (*self.cards[:i], (at, card), *self.cards[i + 1 :])
        else:
            ordered = tuple(sorted(cards.items(), key=lambda x: cell_key(x[0])))
        new = replace(self, cards=ordered)
        new.__dict__["card_map"] = cards
        if index is not None:
            new.__dict__["card_index"] = index
        known = self.__dict__.get("open_spaces")
        if known is not None and at not in old:
            if old:
                fresh = {n for n in self.neighbours(at) if n not in cards}
                new.__dict__["open_spaces"] = (known - {at}) | fresh
            # from an empty grid: worked out when asked
        elif known is not None:
            new.__dict__["open_spaces"] = known
        return new

    def with_block(self, player: str, from_: Cell | None, to: Cell) -> Board:
        blocks = []
        for p, cells in self.blocks:
            if p == player:
                kept = [c for c in cells if c != from_]
                cells = (*kept, to)
            blocks.append((p, tuple(cells)))
        if player not in self.players:
            blocks.append((player, (to,)))
        return replace(self, blocks=tuple(blocks))

    def with_players(self, players: Sequence[str]) -> Board:
        """The same board listing exactly ``players`` (in that order) in ``blocks``."""
        return replace(
            self,
            blocks=tuple(
                (p, next((c for q, c in self.blocks if same_player(p, q)), ())) for p in players
            ),
        )

    def after_claim(self, word: str, discard: Collection[Cell]) -> Board:
        """The board once a claim is scored: blocked cards discarded, blocks back in reserve."""
        gone = set(discard)
        cards = tuple((c, k) for c, k in self.cards if c not in gone)
        blocks = tuple((p, tuple(c for c in cells if c not in gone)) for p, cells in self.blocks)
        return replace(self, cards=cards, blocks=blocks, claimed=(*self.claimed, word))

    def with_claimed(self, word: str) -> Board:
        return replace(self, claimed=(*self.claimed, word))


def parse_path(text: str, board: Board, place: str = "path") -> list[Cell]:
    """``"A4,B4,B3"`` (commas and/or spaces) as cells of ``board``; off-board is an error."""
    names = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    if not names:
        raise InputError("expected cells separated by commas, like A4,B4,B3", place=place)
    return [board.cell(n, place) for n in names]


# ----------------------------------------------------------------------- the graph


@frozen
class Graph:
    """The board as integers for the searches: cell ``i = col * height + row``
    (so integer order is name order). ``nbrs[i]`` lists the cards a step from
    ``i`` may go to: the neighbouring cards and ``i`` itself (a step may stay)."""

    height: int
    cells: tuple[Cell, ...]
    letters: tuple[str, ...]
    points: tuple[int, ...]
    owners: tuple[str | None, ...]
    nbrs: tuple[tuple[int, ...], ...]
    nbr_mask: tuple[int, ...]

    @classmethod
    def build(cls, board: Board) -> Graph:
        h = board.height
        w = board.width
        n = w * h
        cells = tuple(Cell(row=i % h, col=i // h) for i in range(n))
        letters = [""] * n
        points = [0] * n
        owners: list[str | None] = [None] * n
        for cell, card in board.cards:
            i = cell.col * h + cell.row
            letters[i] = card.letter
            points[i] = card.points
        for cell, player in board.owner_map.items():
            owners[cell.col * h + cell.row] = player
        # Only the cards and their neighbours need a list; other spaces have none.
        near_cards = {cell.col * h + cell.row for cell, _ in board.cards}
        todo = set(near_cards)
        for i in near_cards:
            col, row = divmod(i, h)
            todo.update(i + dc + dr for dc in _steps(col, w, h) for dr in _steps(row, h, 1))
        nbrs: list[tuple[int, ...]] = [()] * n
        masks = [0] * n
        for i in todo:
            col, row = divmod(i, h)
            near = sorted(
                j
                for dc in _steps(col, w, h)
                for dr in _steps(row, h, 1)
                if letters[j := i + dc + dr]
            )
            nbrs[i] = tuple(near)
            m = 0
            for j in near:
                m |= 1 << j
            masks[i] = m
        return cls(
            h, cells, tuple(letters), tuple(points), tuple(owners), tuple(nbrs), tuple(masks)
        )

    def index(self, cell: Cell) -> int:
        return cell.col * self.height + cell.row

    @cached_property
    def search_cache(self) -> dict[tuple[int, int, int], list[tuple[int, int]]]:
        """Tables the walk search computes once per board (see :mod:`referee.wordblock.search`)."""
        return {}

    @cached_property
    def letter_masks(self) -> dict[str, int]:
        """Letter -> bitmask of the cards showing it."""
        masks: dict[str, int] = {}
        for i, letter in enumerate(self.letters):
            if letter:
                masks[letter] = masks.get(letter, 0) | 1 << i
        return masks


def _steps(at: int, size: int, unit: int) -> tuple[int, ...]:
    """Offsets (in units of ``unit``) to the neighbouring positions of ``at``,
    and ``at`` itself, inside ``0 .. size - 1``."""
    return tuple(d * unit for d in (-1, 0, 1) if 0 <= at + d < size)


def reads(letter: str, word: str, j: int) -> tuple[int, ...]:
    """How many letters of ``word`` from ``j`` a card of ``letter`` can read
    (a ``q`` card reads ``q`` or ``qu``)."""
    if not letter or j >= len(word) or word[j] != letter:
        return ()
    if letter == "q" and word.startswith("qu", j):
        return (1, 2)
    return (1,)
