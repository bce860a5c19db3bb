"""Cells named like a spreadsheet: column letter then row number, ``A1`` top left."""

from __future__ import annotations

import re

from referee.core.errors import InputError, show
from referee.core.values import frozen

_CELL = re.compile(r"([A-Za-z])([0-9]{1,2})")


def column_letter(col: int) -> str:
    return chr(ord("A") + col)


@frozen(order=True)
class Cell:
    """A cell of a grid, zero-based: ``Cell(row=0, col=0)`` is ``A1``.

    Ordered row-major (top row first, then left to right).
    """

    row: int
    col: int

    @classmethod
    def from_name(cls, name: str, width: int = 26, height: int = 99) -> Cell:
        """Parse ``"E5"`` (case-insensitive); raise :class:`InputError` if it is
        not a cell of a ``width`` x ``height`` grid."""
        text = name.strip() if isinstance(name, str) else name
        m = _CELL.fullmatch(text) if isinstance(text, str) else None
        if m is None:
            raise InputError(
                f"{show(name)} is not a cell name (a column letter then a row number, like A1)"
            )
        col = ord(m.group(1).upper()) - ord("A")
        row = int(m.group(2)) - 1
        if not (0 <= col < width and 0 <= row < height):
            last = f"{column_letter(width - 1)}{height}"
            raise InputError(f"{show(name)} is off the board (cells run from A1 to {last})")
        return cls(row=row, col=col)

    def __hash__(self) -> int:
        # Cells are dictionary keys in every hot loop: a cheap exact hash.
        return self.row * 1024 + self.col

    @property
    def name(self) -> str:
        return f"{column_letter(self.col)}{self.row + 1}"

    def __str__(self) -> str:
        return self.name

    def step(self, dc: int, dr: int, n: int = 1) -> Cell:
        return Cell(row=self.row + dr * n, col=self.col + dc * n)
