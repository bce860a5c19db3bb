"""Word Block rules: boards of letter cards, walks, scoring, placements, the scorepad.

Pure rules: no click, yaml or enchant. Dictionaries are any container of
lowercase words (a ``set`` in tests, an enchant wrapper on the command line).

A claim is a word spelled by a walk over cards: it starts on a card holding one
of the claimer's blocks and steps to any of the 8 neighbouring cards (an empty
space is a gap), changing and reversing direction freely and revisiting cards
freely; a step may also stay on the same card, so one card reads a double letter
(the rulebook prices "quaff" with one f card at 5*3+8: "Repeating a card is
ok"). A ``q`` card reads ``q`` or ``qu``.
Word points = letters x distinct cards used, to every player with a block on
the walk (once); each block on the walk also gives its owner that card's points
(once per card). The blocked cards of the walk are then discarded.

When several walks spell the word, the best for the claimer is taken: highest
(claimer's points - the sum of the other players' points), then highest claimer
points, then the smallest list of cells, compared cell by cell in name order
(column letter, then row number: ``A2`` < ``A10`` < ``B1``). The search is exact
(branch and bound); it stops after :data:`SEARCH_LIMIT` steps and says so rather
than run on, in which case the walk returned is the best found.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Collection, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import pairwise
from typing import Any, Literal

from referee.cells import Cell, column_letter
from referee.errors import InputError, show, where

MIN_LETTERS = 3
MAX_BLOCKS = 3
CHALLENGE_PENALTY = 5
MAX_WIDTH = 26
MAX_HEIGHT = 99
MAX_POINTS = 99
MAX_WORD = 60
DEFAULT_AREA = (6, 6)
SEARCH_LIMIT = 250_000
"""Search steps (walk prefixes examined) before the best-walk search stops and
reports the best walk found so far as not proven best."""

Reason = Literal[
    "too-short",
    "already-claimed",
    "no-block",
    "no-path",
    "bad-path",
    "not-in-dictionary",
    "excluded",
]
REASONS: tuple[Reason, ...] = (
    "too-short",
    "already-claimed",
    "no-block",
    "no-path",
    "bad-path",
    "not-in-dictionary",
    "excluded",
)
"""Every reason a claim is refused, in the order they are checked."""

EXPLANATIONS: dict[str, str] = {
    "too-short": f"words have at least {MIN_LETTERS} letters",
    "already-claimed": "the word has already been claimed (no second chance this turn, no penalty)",
    "no-block": "the claimer has no block on a card the word can start from",
    "no-path": "the letters do not connect in a walk from the claimer's blocks",
    "bad-path": "the walk given is not a legal walk for the word",
    "not-in-dictionary": "it is not in the dictionary",
    "excluded": "the rules exclude abbreviations, acronyms and capitalized words",
}

EXCLUDED_AS: dict[str, str] = {
    "abbreviation": "it is an abbreviation or acronym",
    "capitalized": "it is capitalized or usually capitalized",
    "proper-name": "it is a proper name",
}
"""Why a word is excluded (the ``excluded_as`` of a claim), in words."""

PlaceReason = Literal["outside-area", "not-adjacent", "has-block", "room-left"]
PLACE_EXPLANATIONS: dict[str, str] = {
    "outside-area": "the space is outside the playing area",
    "not-adjacent": "a card must be placed next to another card (diagonals count)",
    "has-block": "a card with a block on it cannot be replaced",
    "room-left": "a card may replace another only when there is no empty space left for it",
}

MoveReason = Literal["no-card", "has-block", "not-your-block", "no-reserve"]
MOVE_EXPLANATIONS: dict[str, str] = {
    "no-card": "a block goes on a card, and that space has none",
    "has-block": "that card already has a block (a card holds one block at most)",
    "not-your-block": "the player has no block there to move",
    "no-reserve": f"all {MAX_BLOCKS} of the player's blocks are on the grid: move one with --from",
}

_CARD = re.compile(r"([A-Za-z])-([0-9]{1,2})")
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,30}")


def normalise_word(word: str, place: str = "word") -> str:
    """Lowercase ``word``; raise :class:`InputError` unless it is letters a-z only."""
    w = word.strip().lower() if isinstance(word, str) else ""
    if not w or not all("a" <= ch <= "z" for ch in w):
        raise InputError(
            f"{place} {show(word)}: words are letters a-z only (no digits, spaces, "
            "hyphens or other marks)"
        )
    if len(w) > MAX_WORD:
        raise InputError(f"{place} {show(word)}: longer than {MAX_WORD} letters")
    return w


def player_name(value: object, place: str, source: str | None = None) -> str:
    """A player name: a letter then letters, digits, ``-`` or ``_`` (lowercased)."""
    text = value.strip().lower() if isinstance(value, str) else None
    if text is None or _NAME.fullmatch(text) is None:
        raise InputError(
            f"{where(source, place)}{show(value)} is not a player name (a letter, then "
            "letters, digits, - or _)"
        )
    return text


def cell_key(cell: Cell) -> tuple[int, int]:
    """Name order: column letter, then row number (``A2`` < ``A10`` < ``B1``)."""
    return (cell.col, cell.row)


def cell_names(cells: Iterable[Cell]) -> list[str]:
    return [c.name for c in cells]


# ---------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Card:
    """A letter card, written ``letter-points`` as the rulebook does (``q-8``)."""

    letter: str
    points: int

    @classmethod
    def parse(cls, text: object, place: str = "card", source: str | None = None) -> Card:
        """Parse ``"s-0"``; raise :class:`InputError` naming ``place`` otherwise."""
        raw = text.strip() if isinstance(text, str) else None
        m = _CARD.fullmatch(raw) if raw is not None else None
        if m is None:
            raise InputError(
                f"{where(source, place)}{show(text)} is not a card (one letter, a dash and "
                f"its points 0-{MAX_POINTS}, like s-1)"
            )
        return cls(letter=m.group(1).lower(), points=int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.letter}-{self.points}"

    def readings(self) -> tuple[str, ...]:
        """What the card can spell: ``q`` also reads ``qu``."""
        return ("q", "qu") if self.letter == "q" else (self.letter,)


# ---------------------------------------------------------------------------- board


@dataclass(frozen=True)
class Board:
    """The grid of cards, the blocks on it, and the words already claimed.

    ``cards`` holds only occupied cells (sorted in name order); ``width`` x
    ``height`` is the playing area, ``A1`` its top-left space. ``blocks`` lists
    every player (in file order) with the cells of their blocks on the grid.
    """

    width: int
    height: int
    cards: tuple[tuple[Cell, Card], ...]
    blocks: tuple[tuple[str, tuple[Cell, ...]], ...]
    claimed: tuple[str, ...] = ()
    area: tuple[int, int] | None = None

    # ------------------------------------------------------------------ loading

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Board:
        """Build from a board file's mapping: ``cards``, ``blocks``, ``claimed``, ``area``.

        Raises :class:`InputError` naming ``source`` and the key or row for
        malformed cards, ragged rows, blocks off the board, on empty spaces or
        on a card twice, more than 3 blocks for a player, and bad words.
        """
        allowed = {"cards", "blocks", "claimed", "area"}
        unknown = sorted(str(k) for k in data if k not in allowed)
        if unknown:
            raise InputError(
                f"{where(source)}unknown key {unknown[0]!r} (expected cards, blocks, claimed, area)"
            )
        if "cards" not in data:
            raise InputError(f"{where(source)}no 'cards' key (rows of cards, top to bottom)")
        grid = _parse_rows(data["cards"], source)
        rows_h = len(grid)
        rows_w = len(grid[0]) if grid else 0
        area = _parse_area(data.get("area"), source) if data.get("area") is not None else None
        if area is not None:
            if rows_w > area[0] or rows_h > area[1]:
                raise InputError(
                    f"{where(source, 'area')}the cards rows ({rows_w} columns x {rows_h} rows) "
                    f"do not fit in the area [{area[0]}, {area[1]}]"
                )
            width, height = area
        else:
            width, height = rows_w, rows_h
        if width < 1 or height < 1:
            raise InputError(f"{where(source, 'cards')}the board has no spaces")
        cards = tuple(
            (Cell(row=r, col=c), card)
            for r, row in enumerate(grid)
            for c, card in enumerate(row)
            if card is not None
        )
        board = cls(width, height, tuple(sorted(cards, key=lambda x: cell_key(x[0]))), (), ())
        blocks = _parse_blocks(data.get("blocks"), board, source)
        claimed = _parse_claimed(data.get("claimed"), source)
        return cls(board.width, board.height, board.cards, blocks, claimed, area)

    @classmethod
    def empty(cls, players: Sequence[str], area: tuple[int, int] = DEFAULT_AREA) -> Board:
        return cls(area[0], area[1], (), tuple((p, ()) for p in players), (), area)

    def to_mapping(self) -> dict[str, Any]:
        """The board file's mapping (rows aligned; round-trips through :meth:`from_mapping`)."""
        tokens = [
            [str(self.card_at(Cell(row=r, col=c)) or ".") for c in range(self.width)]
            for r in range(self.height)
        ]
        width = max((len(t) for row in tokens for t in row), default=1)
        rows = ["  ".join(t.ljust(width) for t in row).rstrip() for row in tokens]
        out: dict[str, Any] = {
            "cards": rows,
            "blocks": {p: cell_names(cells) for p, cells in self.blocks},
            "claimed": list(self.claimed),
        }
        if self.area is not None:
            out["area"] = list(self.area)
        return out

    # ------------------------------------------------------------------ queries

    @cached_property
    def card_map(self) -> dict[Cell, Card]:
        return dict(self.cards)

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

    def cell(self, name: str, place: str | None = None) -> Cell:
        """Parse a cell name against this board's size; ``place`` prefixes errors."""
        try:
            return Cell.from_name(name, self.width, self.height)
        except InputError as exc:
            raise InputError(f"{where(place)}{exc}") from None

    def require_player(self, name: str, place: str, source: str | None = None) -> str:
        player = player_name(name, place)
        if player not in self.players:
            known = ", ".join(self.players) or "none"
            raise InputError(
                f"{where(place)}{name!r} is not a player on {source or 'the board'} "
                f"(players: {known}; list a player without blocks as 'name: []')"
            )
        return player

    @cached_property
    def graph(self) -> _Graph:
        return _Graph.build(self)

    # ------------------------------------------------------------------ changes

    def _replace(self, **changes: Any) -> Board:
        return replace(self, **changes)

    def with_card(self, at: Cell, card: Card) -> Board:
        cards = {**self.card_map, at: card}
        return self._replace(cards=tuple(sorted(cards.items(), key=lambda x: cell_key(x[0]))))

    def with_block(self, player: str, from_: Cell | None, to: Cell) -> Board:
        blocks = []
        for p, cells in self.blocks:
            if p == player:
                kept = [c for c in cells if c != from_]
                cells = (*kept, to)
            blocks.append((p, tuple(cells)))
        if player not in self.players:
            blocks.append((player, (to,)))
        return self._replace(blocks=tuple(blocks))

    def after_claim(self, word: str, discard: Collection[Cell]) -> Board:
        """The board once a claim is scored: blocked cards discarded, blocks back in reserve."""
        gone = set(discard)
        cards = tuple((c, k) for c, k in self.cards if c not in gone)
        blocks = tuple((p, tuple(c for c in cells if c not in gone)) for p, cells in self.blocks)
        return self._replace(cards=cards, blocks=blocks, claimed=(*self.claimed, word))


def _parse_rows(raw: object, source: str | None) -> list[list[Card | None]]:
    if not isinstance(raw, list) or not raw:
        raise InputError(
            f'{where(source, "cards")}expected a list of rows (strings like "w-1  .  o-1")'
        )
    if len(raw) > MAX_HEIGHT:
        raise InputError(f"{where(source, 'cards')}{len(raw)} rows; at most {MAX_HEIGHT}")
    grid: list[list[Card | None]] = []
    for r, row in enumerate(raw, start=1):
        place = f"cards row {r}"
        if not isinstance(row, str):
            raise InputError(
                f"{where(source, place)}expected a string of cards and '.', got {show(row)}"
            )
        tokens = row.split()
        if not tokens:
            raise InputError(f"{where(source, place)}the row is empty (write '.' for a space)")
        if len(tokens) > MAX_WIDTH:
            raise InputError(f"{where(source, place)}{len(tokens)} spaces; at most {MAX_WIDTH}")
        if grid and len(tokens) != len(grid[0]):
            raise InputError(
                f"{where(source, place)}has {len(tokens)} spaces but row 1 has {len(grid[0])} "
                f"(rows must be the same length; write '.' for an empty space): {show(row)}"
            )
        cells: list[Card | None] = []
        for c, token in enumerate(tokens):
            if token == ".":
                cells.append(None)
            else:
                cells.append(Card.parse(token, f"{place} ({column_letter(c)}{r})", source))
        grid.append(cells)
    return grid


def _parse_area(raw: object, source: str | None) -> tuple[int, int]:
    ok = (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
    )
    if not ok:
        raise InputError(f"{where(source, 'area')}expected [columns, rows], got {show(raw)}")
    assert isinstance(raw, list)
    cols, rows = int(raw[0]), int(raw[1])
    if not (1 <= cols <= MAX_WIDTH and 1 <= rows <= MAX_HEIGHT):
        raise InputError(
            f"{where(source, 'area')}[{cols}, {rows}] is out of range (columns 1-{MAX_WIDTH}, "
            f"rows 1-{MAX_HEIGHT})"
        )
    return cols, rows


def _parse_blocks(
    raw: object, board: Board, source: str | None
) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise InputError(f"{where(source, 'blocks')}expected a mapping of player: [cells]")
    seen: dict[Cell, str] = {}
    out: list[tuple[str, tuple[Cell, ...]]] = []
    for key, cells in raw.items():
        player = player_name(key, "blocks", source)
        place = f"blocks.{player}"
        if player in dict(out):
            raise InputError(f"{where(source, place)}the player is listed twice")
        if cells is None:
            cells = []
        if isinstance(cells, str):
            cells = [cells]
        if not isinstance(cells, list):
            raise InputError(f"{where(source, place)}expected a list of cells, got {show(cells)}")
        if len(cells) > MAX_BLOCKS:
            raise InputError(
                f"{where(source, place)}{len(cells)} blocks; a player has {MAX_BLOCKS} at most"
            )
        placed: list[Cell] = []
        for name in cells:
            try:
                cell = Cell.from_name(name, board.width, board.height)
            except InputError as exc:
                raise InputError(f"{where(source, place)}{exc}") from None
            if board.card_at(cell) is None:
                raise InputError(
                    f"{where(source, place)}{cell.name} is an empty space; blocks go on cards"
                )
            if cell in seen:
                raise InputError(
                    f"{where(source, place)}{cell.name} already has a block (of {seen[cell]}); "
                    "a card holds one block at most"
                )
            seen[cell] = player
            placed.append(cell)
        out.append((player, tuple(placed)))
    return tuple(out)


def _parse_claimed(raw: object, source: str | None) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InputError(f"{where(source, 'claimed')}expected a list of words")
    words: list[str] = []
    for i, w in enumerate(raw, start=1):
        if not isinstance(w, str):
            raise InputError(f"{where(source, f'claimed word {i}')}{show(w)} is not a word")
        words.append(normalise_word(w, f"{where(source, f'claimed word {i}')}word"))
    return tuple(words)


# ----------------------------------------------------------------------- the graph


@dataclass(frozen=True)
class _Graph:
    """The board as integers for the search: cell ``i = col * height + row``
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
    def build(cls, board: Board) -> _Graph:
        h = board.height
        n = board.width * h
        cells = tuple(Cell(row=i % h, col=i // h) for i in range(n))
        letters: list[str] = []
        points: list[int] = []
        owners: list[str | None] = []
        for cell in cells:
            card = board.card_at(cell)
            letters.append(card.letter if card else "")
            points.append(card.points if card else 0)
            owners.append(board.owner_at(cell))
        nbrs: list[tuple[int, ...]] = []
        masks: list[int] = []
        for cell in cells:
            steps = [cell, *board.neighbours(cell)]
            near = sorted(nb.col * h + nb.row for nb in steps if board.card_at(nb))
            nbrs.append(tuple(near))
            m = 0
            for i in near:
                m |= 1 << i
            masks.append(m)
        return cls(
            h, cells, tuple(letters), tuple(points), tuple(owners), tuple(nbrs), tuple(masks)
        )

    def index(self, cell: Cell) -> int:
        return cell.col * self.height + cell.row


def _distances(g: _Graph, source: int, blocked: int, cap: int) -> dict[int, int]:
    """Steps from ``source`` to each card (not crossing ``blocked`` cells), up to ``cap``."""
    dist = {source: 0}
    frontier = [source]
    d = 0
    while frontier and d < cap:
        d += 1
        nxt: list[int] = []
        for i in frontier:
            for nb in g.nbrs[i]:
                if nb not in dist and not blocked >> nb & 1:
                    dist[nb] = d
                    nxt.append(nb)
        frontier = nxt
    return dist


def _steps(letter: str, word: str, j: int) -> tuple[int, ...]:
    """How many letters of ``word`` from ``j`` a card of ``letter`` can read."""
    if not letter or j >= len(word) or word[j] != letter:
        return ()
    if letter == "q" and word.startswith("qu", j):
        return (1, 2)
    return (1,)


# --------------------------------------------------------------------------- scores


@dataclass(frozen=True)
class Award:
    """What one player with a block on the walk gets."""

    player: str
    word: int
    cards: int
    card_cells: tuple[Cell, ...] = ()

    @property
    def total(self) -> int:
        return self.word + self.cards


@dataclass(frozen=True)
class WalkScore:
    """A legal walk for a word and what it scores."""

    word: str
    path: tuple[Cell, ...]
    cards_used: int
    awards: tuple[Award, ...]
    discard: tuple[Cell, ...]

    @property
    def letters(self) -> int:
        return len(self.word)

    @property
    def word_points(self) -> int:
        return self.letters * self.cards_used

    def award(self, player: str) -> Award | None:
        for a in self.awards:
            if a.player == player:
                return a
        return None

    def net(self, player: str) -> int:
        """The player's points minus everyone else's."""
        mine = sum(a.total for a in self.awards if a.player == player)
        return mine - sum(a.total for a in self.awards if a.player != player)


def score_walk(board: Board, word: str, path: Sequence[Cell]) -> WalkScore:
    """Score a walk already known to be legal for ``word``."""
    used = sorted(set(path), key=cell_key)
    wp = len(word) * len(used)
    awards: list[Award] = []
    for player, _ in board.blocks:
        mine = [c for c in used if board.owner_at(c) == player]
        if mine:
            pts = sum(board.card_map[c].points for c in mine)
            awards.append(Award(player, wp, pts, tuple(mine)))
    discard = tuple(c for c in used if board.owner_at(c) is not None)
    return WalkScore(word, tuple(path), len(used), tuple(awards), discard)


def walk_problem(board: Board, word: str, path: Sequence[Cell], player: str) -> str | None:
    """Why ``path`` is not a legal walk spelling ``word`` from ``player``'s blocks (None if it is)."""
    if not path:
        return "the walk is empty"
    for cell in path:
        if board.card_at(cell) is None:
            return f"{cell.name} is an empty space"
    if board.owner_at(path[0]) != player:
        owner = board.owner_at(path[0])
        has = f"has {owner}'s block" if owner else "has no block"
        return f"a walk starts on one of {player}'s blocks; {path[0].name} {has}"
    for a, b in pairwise(path):
        # A step may stay on the same card (a double letter from one card).
        if max(abs(a.row - b.row), abs(a.col - b.col)) > 1:
            return f"{a.name} to {b.name} is not a step to a neighbouring card"
    reach = {0}
    for cell in path:
        letter = board.card_map[cell].letter
        reach = {j + k for j in reach for k in _steps(letter, word, j)}
        if not reach:
            break
    if len(word) not in reach:
        spelled = "".join(board.card_map[c].letter for c in path)
        return f"the walk spells {spelled!r}, not {word!r}"
    return None


# --------------------------------------------------------------------------- search


@dataclass(frozen=True)
class Search:
    """The outcome of the best-walk search.

    ``walk`` is None when the word cannot be walked (``reason`` says why);
    ``exhaustive`` is False when the search stopped at its step limit, in which
    case ``walk`` is the best walk found, not proven best.
    """

    walk: WalkScore | None
    reason: Reason | None
    exhaustive: bool = True
    steps: int = 0


class _Stop(Exception):
    pass


def best_walk(board: Board, word: str, player: str, limit: int = SEARCH_LIMIT) -> Search:
    """The walk for ``word`` best for ``player`` (see the module docstring).

    Branch and bound over walk prefixes in name order: a prefix is dropped when
    an upper bound of what it can still score is below the best walk found (or
    equal to it with a larger prefix), when its remaining letters cannot be
    spelled from its last card, or when the same (card, letters read, cards
    used) state was met before by a smaller prefix (same future, larger walk).
    A quick greedy pass first finds a good walk so that bounds bite early.
    """
    g = board.graph
    n_letters = len(word)
    ncells = len(g.cells)
    starts = [g.index(c) for c in board.blocks_of(player)]
    starts = sorted(i for i in starts if _steps(g.letters[i], word, 0))
    if not starts:
        return Search(None, "no-block")
    # can[j]: bitmask of cells from which word[j:] can be spelled (cards repeat freely).
    can = [0] * (n_letters + 1)
    for j in range(n_letters - 1, -1, -1):
        m = 0
        for i in range(ncells):
            for k in _steps(g.letters[i], word, j):
                if j + k == n_letters or g.nbr_mask[i] & can[j + k]:
                    m |= 1 << i
                    break
        can[j] = m
    starts = [i for i in starts if can[0] >> i & 1]
    if not starts:
        return Search(None, "no-path")
    # cand[j]: cells whose card can serve some letter from j on (bounds new cards).
    letters_from = [set(word[j:]) for j in range(n_letters + 1)]
    cand = [0] * (n_letters + 1)
    for j in range(n_letters + 1):
        m = 0
        for i in range(ncells):
            if g.letters[i] and g.letters[i] in letters_from[j]:
                m |= 1 << i
        cand[j] = m
    owner_ids: dict[str, int] = {}
    oid = [-1] * ncells  # -1 no block, 0 the claimer, >0 another player
    for i in range(ncells):
        owner = g.owners[i]
        if owner is not None:
            oid[i] = 0 if owner == player else owner_ids.setdefault(owner, len(owner_ids) + 1)
    pts = g.points
    own_cells = [i for i in range(ncells) if oid[i] == 0]
    others_mask = 0
    for i in range(ncells):
        if oid[i] > 0:
            others_mask |= 1 << i
    # Steps from each cell to each of the claimer's blocked cards, over any cards
    # (dist_all) and over cards without another player's block (dist_free): the
    # bound counts only the claimer's cards still within reach of the letters left.
    unreachable = n_letters + 1
    near_all: list[list[tuple[int, int]]] = [[] for _ in range(ncells)]
    near_free: list[list[tuple[int, int]]] = [[] for _ in range(ncells)]
    for o in own_cells:
        for table, blocked in ((near_all, 0), (near_free, others_mask)):
            for i, d in _distances(g, o, blocked, unreachable).items():
                table[i].append((d, o))
    for table in (near_all, near_free):
        for entries in table:
            entries.sort()
    wp = n_letters  # word points per card used

    best: list[Any] = [None, None]  # [(net, claimer points), path tuple]
    steps = [0]

    def run(order_lex: bool, budget: int) -> bool:
        """One branch-and-bound pass; False if it stopped at ``budget``."""
        seen: set[tuple[int, int, int]] = set()
        counts = [0] * (len(owner_ids) + 1)
        path: list[int] = []
        state = {"size": 0, "own": 0, "oth": 0, "k": 0}
        start_steps = steps[0]

        def add(i: int) -> None:
            state["size"] += 1
            o = oid[i]
            if o == 0:
                state["own"] += pts[i]
            elif o > 0:
                state["oth"] += pts[i]
                if counts[o] == 0:
                    state["k"] += 1
                counts[o] += 1

        def remove(i: int) -> None:
            state["size"] -= 1
            o = oid[i]
            if o == 0:
                state["own"] -= pts[i]
            elif o > 0:
                state["oth"] -= pts[i]
                counts[o] -= 1
                if counts[o] == 0:
                    state["k"] -= 1

        def visit(i: int, reads: int, vmask: int) -> None:
            steps[0] += 1
            if steps[0] - start_steps > budget:
                raise _Stop
            size, own, oth, k = state["size"], state["own"], state["oth"], state["k"]
            if reads >> n_letters & 1:
                key = (wp * size * (1 - k) + own - oth, wp * size + own)
                cand_path = tuple(path)
                if best[0] is None or key > best[0] or (key == best[0] and cand_path < best[1]):
                    best[0], best[1] = key, cand_path
                reads &= ~(1 << n_letters)
                if not reads:
                    return
            low = (reads & -reads).bit_length() - 1
            remaining = n_letters - low
            unseen = cand[low] & ~vmask
            fresh = min(remaining, unseen.bit_count())
            own_left = 0
            for dist, o in near_all[i]:
                if dist > remaining:
                    break
                if not vmask >> o & 1:
                    own_left += pts[o]
            if k == 0:
                # Either the walk never meets another player's block ...
                fresh_free = min(remaining, (unseen & ~others_mask).bit_count())
                own_free = 0
                for dist, o in near_free[i]:
                    if dist > remaining:
                        break
                    if not vmask >> o & 1:
                        own_free += pts[o]
                alone = wp * (size + fresh_free) + own + own_free
                # ... or it does, and the word points it shares cancel out at best.
                ub = max((alone, alone), (own + own_left, wp * (size + fresh) + own + own_left))
            else:
                if k == 1:
                    ub_net = own + own_left - oth
                else:
                    ub_net = wp * size * (1 - k) + own + own_left - oth
                ub = (ub_net, wp * (size + fresh) + own + own_left)
            if best[0] is not None:
                if ub < best[0]:
                    return
                if ub == best[0] and tuple(path) > best[1][: len(path)]:
                    return
            if order_lex:
                tkey = (i, reads, vmask)
                if tkey in seen:
                    return
                seen.add(tkey)
            children: list[tuple[Any, int, int]] = []
            for nb in g.nbrs[i]:
                nxt = 0
                r = reads
                while r:
                    low_bit = r & -r
                    j = low_bit.bit_length() - 1
                    r ^= low_bit
                    for s in _steps(g.letters[nb], word, j):
                        jj = j + s
                        if jj == n_letters or can[jj] & g.nbr_mask[nb]:
                            nxt |= 1 << jj
                if nxt:
                    if order_lex:
                        rank: Any = nb
                    else:
                        new = not (vmask >> nb & 1)
                        other = new and oid[nb] > 0
                        prefer_new = k <= 1
                        # Head for the claimer's blocked cards not yet on the walk.
                        goal = min((d for d, o in near_free[nb] if not vmask >> o & 1), default=0)
                        rank = (other, new != prefer_new, goal, nb)
                    children.append((rank, nb, nxt))
            if not order_lex:
                children.sort()
            for _, nb, nxt in children:
                path.append(nb)
                fresh_cell = not (vmask >> nb & 1)
                if fresh_cell:
                    add(nb)
                visit(nb, nxt, vmask | (1 << nb))
                if fresh_cell:
                    remove(nb)
                path.pop()

        try:
            for s in starts:
                reads = 0
                for k in _steps(g.letters[s], word, 0):
                    if k == n_letters or can[k] & g.nbr_mask[s]:
                        reads |= 1 << k
                if not reads:
                    continue
                path.append(s)
                add(s)
                visit(s, reads, 1 << s)
                remove(s)
                path.pop()
        except _Stop:
            return False
        return True

    run(False, max(1, limit // 10))
    exhaustive = run(True, limit)
    if best[1] is None:  # pragma: no cover - can[0] guarantees a walk exists
        return Search(None, "no-path", exhaustive, steps[0])
    cells = [g.cells[i] for i in best[1]]
    return Search(score_walk(board, word, cells), None, exhaustive, steps[0])


# --------------------------------------------------------------------------- claims


@dataclass(frozen=True)
class Claim:
    """The referee's verdict on one claim; ``reason`` is None when it scores.

    ``walk`` is the walk scored (or, for a dictionary refusal, the walk that
    would have scored). ``penalty`` is the challenge's loser and the points lost.
    """

    word: str
    player: str
    valid: bool
    reason: Reason | None = None
    detail: str | None = None
    walk: WalkScore | None = None
    challenged_by: str | None = None
    penalty: tuple[str, int] | None = None
    exhaustive: bool = True
    excluded_as: str | None = None
    """For reason ``excluded``: ``abbreviation``, ``capitalized`` or ``proper-name``."""

    @property
    def explanation(self) -> str | None:
        if self.reason is None:
            return None
        text = EXPLANATIONS[self.reason]
        return f"{text}: {self.detail}" if self.detail else text

    def breakdown(self) -> dict[str, dict[str, int]]:
        """Per player whose score changes: word, card and challenge points."""
        out: dict[str, dict[str, int]] = {}
        if self.valid and self.walk is not None:
            for a in self.walk.awards:
                out[a.player] = {"word": a.word, "cards": a.cards, "challenge": 0}
        if self.penalty is not None:
            who, lost = self.penalty
            entry = out.setdefault(who, {"word": 0, "cards": 0, "challenge": 0})
            entry["challenge"] -= lost
        return out

    def points(self) -> dict[str, int]:
        return {p: sum(v.values()) for p, v in self.breakdown().items()}

    def to_dict(self) -> dict[str, Any]:
        walk = self.walk
        return {
            "valid": self.valid,
            "word": self.word,
            "letters": len(self.word),
            "cards_used": walk.cards_used if walk else 0,
            "path": cell_names(walk.path) if walk else [],
            "points": self.points(),
            "breakdown": self.breakdown(),
            "discard": cell_names(walk.discard) if walk and self.valid else [],
            "reason": self.reason,
            "explanation": self.explanation,
            "player": self.player,
            "challenged_by": self.challenged_by,
            "best_proven": self.exhaustive,
            "excluded_as": self.excluded_as,
        }


def judge_claim(
    board: Board,
    word: str,
    player: str,
    lexicon: Container[str],
    *,
    path: Sequence[Cell] | None = None,
    challenged_by: str | None = None,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
    limit: int = SEARCH_LIMIT,
) -> Claim:
    """Judge ``player``'s claim of ``word`` (already lowercased letters).

    Checks, in order: length, repeats, the walk (``path`` if given, else the
    best walk), then the dictionary: not in ``lexicon``, or on ``exclusions``
    and not in ``allowed`` (house words). ``exclusions`` may map each word to
    why it is excluded (see :data:`EXCLUDED_AS`); a plain set of words means
    abbreviations. A challenge costs the claimer
    :data:`CHALLENGE_PENALTY` when the dictionary refuses the word, else the
    challenger; a claim refused before the dictionary (length, repeat, walk)
    costs nobody anything.
    """
    base = Claim(word=word, player=player, valid=False, challenged_by=challenged_by)

    def refuse(reason: Reason, **more: Any) -> Claim:
        return replace(base, reason=reason, **more)

    if len(word) < MIN_LETTERS:
        return refuse("too-short")
    if word in board.claimed:
        return refuse("already-claimed")
    exhaustive = True
    if path is not None:
        problem = walk_problem(board, word, path, player)
        if problem is not None:
            return refuse("bad-path", detail=problem)
        walk = score_walk(board, word, path)
    else:
        found = best_walk(board, word, player, limit)
        if found.walk is None:
            assert found.reason is not None
            return refuse(found.reason)
        walk, exhaustive = found.walk, found.exhaustive
    reason: Reason | None = None
    kind: str | None = None
    if word not in lexicon:
        reason = "not-in-dictionary"
    elif word not in allowed:
        kind = excluded_as(word, exclusions)
        reason = "excluded" if kind is not None else None
    if reason is not None:
        penalty = (player, CHALLENGE_PENALTY) if challenged_by else None
        detail = EXCLUDED_AS.get(kind, kind) if kind is not None else None
        return refuse(
            reason,
            walk=walk,
            penalty=penalty,
            exhaustive=exhaustive,
            excluded_as=kind,
            detail=detail,
        )
    penalty = (challenged_by, CHALLENGE_PENALTY) if challenged_by else None
    return Claim(
        word=word,
        player=player,
        valid=True,
        walk=walk,
        challenged_by=challenged_by,
        penalty=penalty,
        exhaustive=exhaustive,
    )


def excluded_as(word: str, exclusions: Container[str]) -> str | None:
    """Why ``exclusions`` excludes ``word`` (None if it does not): the kind a
    mapping gives, ``abbreviation`` for a plain set of words."""
    if isinstance(exclusions, Mapping):
        kind = exclusions.get(word)
        return None if kind is None else str(kind)
    return "abbreviation" if word in exclusions else None


# ------------------------------------------------------------------ place and move


@dataclass(frozen=True)
class Placement:
    """Verdict on playing ``card`` at ``at``; ``replaces`` is the discarded card."""

    card: Card
    at: Cell
    valid: bool
    reason: PlaceReason | None = None
    replaces: Card | None = None

    @property
    def explanation(self) -> str | None:
        return PLACE_EXPLANATIONS[self.reason] if self.reason else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "card": str(self.card),
            "at": self.at.name,
            "discard": str(self.replaces) if self.replaces else None,
            "reason": self.reason,
            "explanation": self.explanation,
        }


def empty_spaces_for_a_card(board: Board) -> list[Cell]:
    """Empty spaces in the area next to a card (every space when the grid is empty)."""
    spaces = [
        Cell(row=r, col=c)
        for c in range(board.width)
        for r in range(board.height)
        if board.card_at(Cell(row=r, col=c)) is None
    ]
    if not board.cards:
        return spaces
    return [s for s in spaces if any(board.card_at(n) for n in board.neighbours(s))]


def check_place(board: Board, card: Card, at: Cell) -> Placement:
    """Can ``card`` be played at ``at``? A card goes on an empty space next to a
    card (diagonals count) inside the area; the very first card anywhere in it.
    Only when no such space is left may it replace a card without a block."""
    if at not in board:
        return Placement(card, at, False, "outside-area")
    here = board.card_at(at)
    if here is None:
        if board.cards and not any(board.card_at(n) for n in board.neighbours(at)):
            return Placement(card, at, False, "not-adjacent")
        return Placement(card, at, True)
    if board.owner_at(at) is not None:
        return Placement(card, at, False, "has-block")
    if empty_spaces_for_a_card(board):
        return Placement(card, at, False, "room-left")
    return Placement(card, at, True, replaces=here)


@dataclass(frozen=True)
class BlockMove:
    """Verdict on moving a block (``from_`` None: from the player's reserve)."""

    player: str
    from_: Cell | None
    to: Cell
    valid: bool
    reason: MoveReason | None = None

    @property
    def explanation(self) -> str | None:
        return MOVE_EXPLANATIONS[self.reason] if self.reason else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "player": self.player,
            "from": self.from_.name if self.from_ else None,
            "to": self.to.name,
            "reason": self.reason,
            "explanation": self.explanation,
        }


def check_move(board: Board, player: str, from_: Cell | None, to: Cell) -> BlockMove:
    """A block goes on any card without a block; at most 3 per player on the grid."""

    def verdict(reason: MoveReason | None) -> BlockMove:
        return BlockMove(player, from_, to, reason is None, reason)

    if from_ is not None and board.owner_at(from_) != player:
        return verdict("not-your-block")
    if board.card_at(to) is None:
        return verdict("no-card")
    if board.owner_at(to) is not None:
        return verdict("has-block")
    if from_ is None and len(board.blocks_of(player)) >= MAX_BLOCKS:
        return verdict("no-reserve")
    return verdict(None)


# --------------------------------------------------------------------------- hints


@dataclass(frozen=True)
class WordIndex:
    """A sorted word list answering "is this a word?" and "does a word start so?"."""

    words: tuple[str, ...]

    @classmethod
    def from_words(cls, words: Iterable[str]) -> WordIndex:
        return cls(tuple(sorted({w for w in words if w.isascii() and w.isalpha() and w.islower()})))

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        i = bisect_left(self.words, word)
        return i < len(self.words) and self.words[i] == word

    def has_prefix(self, prefix: str) -> bool:
        i = bisect_left(self.words, prefix)
        return i < len(self.words) and self.words[i].startswith(prefix)


@dataclass(frozen=True)
class Hint:
    word: str
    walk: WalkScore
    net: int
    exhaustive: bool = True

    def to_dict(self, player: str) -> dict[str, Any]:
        return {
            "word": self.word,
            "letters": self.walk.letters,
            "cards_used": self.walk.cards_used,
            "path": cell_names(self.walk.path),
            "points": {a.player: a.total for a in self.walk.awards},
            "net": self.net,
            "discard": cell_names(self.walk.discard),
            "best_proven": self.exhaustive,
        }


def spellable_words(board: Board, player: str, index: WordIndex) -> list[str]:
    """Every word of ``index`` (3+ letters) that some walk from ``player``'s blocks spells."""
    g = board.graph
    found: set[str] = set()
    seen: set[tuple[int, str]] = set()
    stack: list[tuple[int, str]] = []
    for cell in board.blocks_of(player):
        i = g.index(cell)
        for reading in board.card_map[cell].readings():
            if index.has_prefix(reading):
                stack.append((i, reading))
    while stack:
        i, prefix = stack.pop()
        if (i, prefix) in seen:
            continue
        seen.add((i, prefix))
        if len(prefix) >= MIN_LETTERS and prefix in index:
            found.add(prefix)
        for nb in g.nbrs[i]:
            letter = g.letters[nb]
            for reading in ("q", "qu") if letter == "q" else (letter,):
                nxt = prefix + reading
                if (nb, nxt) not in seen and index.has_prefix(nxt):
                    stack.append((nb, nxt))
    return sorted(found)


def hints(
    board: Board,
    player: str,
    index: WordIndex,
    *,
    top: int = 10,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
    limit: int = SEARCH_LIMIT,
) -> list[Hint]:
    """The ``top`` best claims for ``player``: net points, then claimer points, then word."""
    out: list[tuple[tuple[int, int, str], Hint]] = []
    for word in spellable_words(board, player, index):
        if word in board.claimed or (word in exclusions and word not in allowed):
            continue
        found = best_walk(board, word, player, limit)
        if found.walk is None:  # pragma: no cover - the word was spelled from a block
            continue
        net = found.walk.net(player)
        mine = found.walk.award(player)
        key = (-net, -(mine.total if mine else 0), word)
        out.append((key, Hint(word, found.walk, net, found.exhaustive)))
    out.sort(key=lambda x: x[0])
    return [h for _, h in out[:top]]


# ------------------------------------------------------------------------ the game


ActionKind = Literal["claim", "place", "move-block", "undo"]


@dataclass(frozen=True)
class Action:
    """One entry of a game's history. ``data`` holds the entry's own fields."""

    kind: ActionKind
    data: tuple[tuple[str, Any], ...]

    def get(self, key: str) -> Any:
        return dict(self.data).get(key)

    def to_mapping(self) -> dict[str, Any]:
        return {"action": self.kind, **dict(self.data)}

    @classmethod
    def claim(cls, verdict: Claim) -> Action:
        walk = verdict.walk
        data: dict[str, Any] = {
            "player": verdict.player,
            "word": verdict.word,
            "path": cell_names(walk.path) if walk and verdict.valid else [],
            "challenged_by": verdict.challenged_by,
            "valid": verdict.valid,
            "reason": verdict.reason,
            "points": verdict.points(),
        }
        return cls("claim", tuple(data.items()))

    @classmethod
    def place(cls, card: Card, at: Cell, player: str | None = None) -> Action:
        return cls("place", (("card", str(card)), ("at", at.name), ("player", player)))

    @classmethod
    def move_block(cls, player: str, from_: Cell | None, to: Cell) -> Action:
        return cls(
            "move-block",
            (("player", player), ("from", from_.name if from_ else None), ("to", to.name)),
        )

    def describe(self) -> str:
        d = dict(self.data)
        if self.kind == "claim":
            word = str(d["word"]).upper()
            ch = f", challenged by {d['challenged_by']}" if d.get("challenged_by") else ""
            if d.get("valid"):
                return f"{d['player']} claims {word}{ch}"
            return f"{d['player']} claims {word}{ch}: refused ({d.get('reason')})"
        if self.kind == "place":
            who = f"{d['player']} plays" if d.get("player") else "play"
            return f"{who} {d['card']} at {d['at']}"
        if self.kind == "move-block":
            src = d.get("from") or "reserve"
            return f"{d['player']} moves a block from {src} to {d['to']}"
        return "undo"


@dataclass(frozen=True)
class ScoreLine:
    """A scorepad row: the action that changed scores and the totals after it."""

    number: int
    action: Action
    points: tuple[tuple[str, int], ...]
    totals: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class GameState:
    board: Board
    totals: tuple[tuple[str, int], ...]
    lines: tuple[ScoreLine, ...]
    applied: tuple[int, ...]
    """History indexes of the actions in force (undone ones left out)."""

    def leaders(self) -> list[str]:
        top = max((t for _, t in self.totals), default=0)
        return [p for p, t in self.totals if t == top]


@dataclass(frozen=True)
class Game:
    """A scorepad: the players, the starting board and the full history.

    The state is always recomputed from the history; ``undo`` entries cancel
    the latest action still in force, and nothing is ever deleted.
    """

    players: tuple[str, ...]
    start: Board
    history: tuple[Action, ...] = ()

    @classmethod
    def new(cls, players: Sequence[str], board: Board | None = None) -> Game:
        names = tuple(players)
        if board is None:
            board = Board.empty(names)
        extra = [p for p in board.players if p not in names]
        if extra:
            raise InputError(
                f"--board: {extra[0]!r} has blocks on the board but is not in --players"
            )
        blocks = tuple((p, board.blocks_of(p)) for p in names)
        return cls(names, board._replace(blocks=blocks))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Game:
        if data.get("game") != "word-block":
            raise InputError(
                f"{where(source, 'game')}not a Word Block game file (expected 'game: word-block')"
            )
        unknown = sorted(str(k) for k in data if k not in {"game", "players", "board", "history"})
        if unknown:
            raise InputError(
                f"{where(source)}unknown key {unknown[0]!r} (expected game, players, board, history)"
            )
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not raw_players:
            raise InputError(f"{where(source, 'players')}expected a list of player names")
        players = tuple(player_name(p, "players", source) for p in raw_players)
        if len(set(players)) != len(players):
            raise InputError(f"{where(source, 'players')}a player is listed twice")
        raw_board = data.get("board")
        if not isinstance(raw_board, dict):
            raise InputError(f"{where(source, 'board')}expected the board as a mapping")
        board = Board.from_mapping(raw_board, f"{source}: board" if source else "board")
        if set(board.players) - set(players):
            extra = sorted(set(board.players) - set(players))[0]
            raise InputError(f"{where(source, 'board.blocks')}{extra!r} is not in players")
        board = board._replace(blocks=tuple((p, board.blocks_of(p)) for p in players))
        raw_history = data.get("history") or []
        if not isinstance(raw_history, list):
            raise InputError(f"{where(source, 'history')}expected a list of actions")
        history = tuple(_parse_action(a, i, source) for i, a in enumerate(raw_history, start=1))
        game = cls(players, board, history)
        game.state(source)  # replay once: a history that does not replay is refused
        return game

    def to_mapping(self) -> dict[str, Any]:
        return {
            "game": "word-block",
            "players": list(self.players),
            "board": self.start.to_mapping(),
            "history": [a.to_mapping() for a in self.history],
        }

    def with_action(self, action: Action) -> Game:
        return Game(self.players, self.start, (*self.history, action))

    def undoable(self) -> Action | None:
        st = self.state()
        return self.history[st.applied[-1]] if st.applied else None

    def state(self, source: str | None = None) -> GameState:
        """Replay the history from the starting board."""
        in_force: list[int] = []
        for i, action in enumerate(self.history):
            if action.kind == "undo":
                if not in_force:
                    raise InputError(
                        f"{where(source, f'history entry {i + 1}')}undo with nothing to undo"
                    )
                in_force.pop()
            else:
                in_force.append(i)
        board = self.start
        totals = dict.fromkeys(self.players, 0)
        lines: list[ScoreLine] = []
        for i in in_force:
            action = self.history[i]
            place = f"history entry {i + 1}"
            board, points = _apply(board, action, self.players, where(source, place))
            if points:
                for p, v in points.items():
                    totals[p] += v
                lines.append(ScoreLine(i + 1, action, tuple(points.items()), tuple(totals.items())))
        return GameState(board, tuple(totals.items()), tuple(lines), tuple(in_force))


def _parse_action(raw: object, number: int, source: str | None) -> Action:
    place = f"history entry {number}"
    if not isinstance(raw, dict) or raw.get("action") not in (
        "claim",
        "place",
        "move-block",
        "undo",
    ):
        raise InputError(
            f"{where(source, place)}expected a mapping with action: claim, place, move-block or undo"
        )
    kind: ActionKind = raw["action"]
    fields = _ACTION_FIELDS[kind]
    for key, value in raw.items():
        if key == "action":
            continue
        if key not in fields:
            allowed = ", ".join(fields) or "nothing else"
            raise InputError(
                f"{where(source, place)}unknown key {show(key)} for a {kind} (expected {allowed})"
            )
        kinds = fields[key]
        ok = any(
            value is None
            if k is type(None)
            else isinstance(value, k) and not (k is int and isinstance(value, bool))
            for k in kinds
        )
        if ok and isinstance(value, list):
            ok = all(isinstance(v, str) for v in value)
        if ok and isinstance(value, dict):
            ok = all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                for k, v in value.items()
            )
        if not ok:
            want = " or ".join(_TYPE_NAMES[k] for k in kinds)
            raise InputError(f"{where(source, f'{place}.{key}')}expected {want}, got {show(value)}")
    data = tuple((str(k), v) for k, v in raw.items() if k != "action")
    return Action(kind, data)


_TYPE_NAMES: dict[type, str] = {
    str: "text",
    bool: "true or false",
    list: "a list of cell names",
    dict: "a mapping of player: points",
    type(None): "null",
}

_ACTION_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "claim": {
        "player": (str,),
        "word": (str,),
        "path": (list,),
        "challenged_by": (str, type(None)),
        "valid": (bool,),
        "reason": (str, type(None)),
        "points": (dict,),
    },
    "place": {"card": (str,), "at": (str,), "player": (str, type(None))},
    "move-block": {"player": (str,), "from": (str, type(None)), "to": (str,)},
    "undo": {},
}
"""The fields each kind of history entry may have, and their YAML types."""


def _apply(
    board: Board, action: Action, players: Sequence[str], prefix: str
) -> tuple[Board, dict[str, int]]:
    """One action on the board: the new board and the points it moved."""
    d = dict(action.data)

    def player(key: str) -> str:
        name = player_name(d.get(key), key, None) if d.get(key) is not None else ""
        if name not in players:
            raise InputError(f"{prefix}{key} {show(d.get(key))} is not a player of this game")
        return name

    def cell(value: object, key: str) -> Cell:
        if not isinstance(value, str):
            raise InputError(f"{prefix}{key}: {show(value)} is not a cell name")
        return board.cell(value, f"{prefix}{key}")

    if action.kind == "claim":
        who = player("player")
        word = normalise_word(str(d.get("word", "")), f"{prefix}word")
        challenger = player("challenged_by") if d.get("challenged_by") else None
        recorded = d.get("points") or {}
        if d.get("valid"):
            raw_path = d.get("path")
            if not isinstance(raw_path, list) or not raw_path:
                raise InputError(f"{prefix}path: expected the list of cells of the walk")
            path = [cell(c, "path") for c in raw_path]
            problem = walk_problem(board, word, path, who)
            if word in board.claimed:
                problem = f"{word!r} was already claimed"
            if problem is not None:
                raise InputError(f"{prefix}the claim of {word!r} does not replay: {problem}")
            walk = score_walk(board, word, path)
            verdict = Claim(
                word,
                who,
                True,
                walk=walk,
                challenged_by=challenger,
                penalty=(challenger, CHALLENGE_PENALTY) if challenger else None,
            )
            board = board.after_claim(word, walk.discard)
        else:
            penalty = (who, CHALLENGE_PENALTY) if challenger else None
            verdict = Claim(word, who, False, challenged_by=challenger, penalty=penalty)
        points = verdict.points()
        if recorded != points:
            raise InputError(
                f"{prefix}recorded points {show(recorded)} differ from the rules' {points} "
                "(was the file edited?)"
            )
        return board, points
    if action.kind == "place":
        card = Card.parse(d.get("card"), f"{prefix}card")
        at = cell(d.get("at"), "at")
        verdict_p = check_place(board, card, at)
        if not verdict_p.valid:
            raise InputError(f"{prefix}the card cannot go on {at.name}: {verdict_p.explanation}")
        return board.with_card(at, card), {}
    if action.kind == "move-block":
        who = player("player")
        src = cell(d["from"], "from") if d.get("from") is not None else None
        to = cell(d.get("to"), "to")
        move = check_move(board, who, src, to)
        if not move.valid:
            raise InputError(f"{prefix}the block cannot go on {to.name}: {move.explanation}")
        return board.with_block(who, src, to), {}
    raise AssertionError(action.kind)  # pragma: no cover


def parse_path(text: str, board: Board, place: str = "--path") -> list[Cell]:
    """``"A4,B4,B3"`` (commas and/or spaces) as cells of ``board``; off-board is an error."""
    names = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    if not names:
        raise InputError(f"{place}: expected cells separated by commas, like A4,B4,B3")
    return [board.cell(n, place) for n in names]


def iter_cells(board: Board) -> Iterator[Cell]:
    for r in range(board.height):
        for c in range(board.width):
            yield Cell(row=r, col=c)
