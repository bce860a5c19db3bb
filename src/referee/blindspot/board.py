"""Grids of letters and the eight compass directions on them."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from functools import lru_cache

from referee.core.cells import Cell
from referee.core.errors import InputError, show
from referee.core.text import ascii_letters
from referee.core.values import frozen


@lru_cache(maxsize=4096)
def _ray(width: int, height: int, start: Cell, direction: Direction) -> tuple[Cell, ...]:
    """Rays depend only on the grid's size: computed once each."""
    dc, dr = direction.value
    out: list[Cell] = []
    row, col = start.row + dr, start.col + dc
    while 0 <= row < height and 0 <= col < width:
        out.append(Cell(row=row, col=col))
        row, col = row + dr, col + dc
    return tuple(out)


class Direction(enum.Enum):
    """A reading direction; the value is ``(dcol, drow)`` with rows counted downwards."""

    N = (0, -1)
    S = (0, 1)
    E = (1, 0)
    W = (-1, 0)
    NE = (1, -1)
    NW = (-1, -1)
    SE = (1, 1)
    SW = (-1, 1)

    @property
    def dc(self) -> int:
        return self.value[0]

    @property
    def dr(self) -> int:
        return self.value[1]

    @property
    def diagonal(self) -> bool:
        return self.dc != 0 and self.dr != 0

    @property
    def opposite(self) -> Direction:
        return _OPPOSITES[self]

    @property
    def long_name(self) -> str:
        return _LONG_NAMES[self]


_LONG_NAMES = {
    Direction.N: "north",
    Direction.S: "south",
    Direction.E: "east",
    Direction.W: "west",
    Direction.NE: "north-east",
    Direction.NW: "north-west",
    Direction.SE: "south-east",
    Direction.SW: "south-west",
}

_OPPOSITES: dict[Direction, Direction] = {d: Direction((-d.dc, -d.dr)) for d in Direction}

ORTHOGONAL: tuple[Direction, ...] = (Direction.E, Direction.W, Direction.S, Direction.N)
DIAGONAL: tuple[Direction, ...] = (Direction.SE, Direction.SW, Direction.NE, Direction.NW)
ALL_DIRECTIONS: tuple[Direction, ...] = ORTHOGONAL + DIAGONAL


def parse_row(raw: object, width: int | None = None) -> str:
    """One row of letters: spaces inside it ignored, case folded, ``width``
    letters a-z (a plain :class:`InputError` otherwise)."""
    if not isinstance(raw, str):
        raise InputError(f"expected a string of letters, got {show(raw)}")
    text = "".join(raw.split())
    bad = [ch for ch in text if not ascii_letters(ch)]
    text = text.lower()
    if bad:
        raise InputError(f"{show(bad[0])} is not a letter a-z (in {show(raw)})")
    if width is not None and len(text) != width:
        raise InputError(f"expected {width} letters, got {len(text)} ({show(raw)})")
    if not text:
        raise InputError("the row is empty")
    return text


@frozen
class LetterGrid:
    """A rectangle of lowercase letters, rows top to bottom."""

    rows: tuple[str, ...]

    @classmethod
    def from_rows(
        cls, rows: object, *, width: int | None = None, height: int | None = None
    ) -> LetterGrid:
        """Build from a list of strings (spaces inside a row are ignored).

        Raises a plain :class:`InputError`; a bad row's place is its index
        (``[3]``), which the reader puts after the key (``letters[3]``).
        """
        if not isinstance(rows, list) or not rows:
            raise InputError("expected a list of rows (strings of letters)")
        if height is not None and len(rows) != height:
            raise InputError(f"expected {height} rows, got {len(rows)}")
        clean: list[str] = []
        for i, row in enumerate(rows):
            want = width if width is not None else len(clean[0]) if clean else None
            try:
                clean.append(parse_row(row, want))
            except InputError as exc:
                raise exc.at(f"[{i}]") from None
        return cls(tuple(clean))

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, Cell) and 0 <= cell.row < self.height and 0 <= cell.col < self.width

    def __getitem__(self, cell: Cell) -> str:
        return self.rows[cell.row][cell.col]

    def cells(self) -> Iterator[Cell]:
        for r in range(self.height):
            for c in range(self.width):
                yield Cell(row=r, col=c)

    def cell(self, name: str) -> Cell:
        """Parse a cell name against this grid's size (a plain :class:`InputError`)."""
        return Cell.from_name(name, self.width, self.height)

    def ray(self, start: Cell, direction: Direction) -> tuple[Cell, ...]:
        """The cells from ``start`` (excluded) to the edge, in ``direction``."""
        return _ray(self.width, self.height, start, direction)

    def line(self, through: Cell, direction: Direction) -> list[Cell]:
        """The whole line through ``through``, edge to edge, in reading ``direction``."""
        back = self.ray(through, direction.opposite)
        return [*reversed(back), through, *self.ray(through, direction)]
