"""Blind Spot letter tiles: the tile catalog and tile references like ``7B``.

Pure: the catalog arrives as an already-parsed mapping (see
:mod:`referee.setups` for the file edge). A board is 3x3 tiles, each tile 3x3
letters, so 9x9 letters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.board import LetterGrid
from referee.errors import SetupError, where

SIDES = ("A", "B")
TILE_SIZE = 3
GRID_TILES = 3

_REF = re.compile(r"\s*([0-9]{1,3})\s*([A-Za-z])\s*")


@dataclass(frozen=True, order=True)
class TileRef:
    """One tile of a setup: its number and the side that is up (``7B``)."""

    number: int
    side: str

    @classmethod
    def from_text(
        cls, text: object, source: str | None = None, place: str | None = None
    ) -> TileRef:
        """Parse ``"7B"`` (side case-insensitive). Checks the form only; whether
        the catalog has the tile is :meth:`Catalog.side`'s job."""
        m = _REF.fullmatch(str(text)) if isinstance(text, (str, int)) else None
        if m is None:
            raise SetupError(
                f"{where(source, place)}{text!r} is not a tile reference "
                "(a tile number then its side, like 7B)"
            )
        side = m.group(2).upper()
        if side not in SIDES:
            raise SetupError(
                f"{where(source, place)}{text!r}: tile sides are A and B, not {m.group(2)!r}"
            )
        return cls(int(m.group(1)), side)

    def __str__(self) -> str:
        return f"{self.number}{self.side}"


Face = tuple[str, str, str]


@dataclass(frozen=True)
class Catalog:
    """The letter faces of every tile: ``faces[number][side]`` is 3 rows of 3 letters."""

    name: str
    faces: Mapping[int, Mapping[str, Face]]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Catalog:
        """Validate a catalog mapping: ``name`` and ``tiles: {n: {A: [...], B: [...]}}``."""
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"{where(source, 'name')}the catalog needs a name")
        tiles = data.get("tiles")
        if not isinstance(tiles, dict) or not tiles:
            raise SetupError(f"{where(source, 'tiles')}expected a mapping of tile number: sides")
        faces: dict[int, dict[str, Face]] = {}
        for key, sides in tiles.items():
            number = key if isinstance(key, int) and not isinstance(key, bool) else None
            if isinstance(key, str) and key.strip().isdigit():
                number = int(key)
            if number is None or number < 1:
                raise SetupError(f"{where(source, 'tiles')}{key!r} is not a tile number")
            if number in faces:
                raise SetupError(f"{where(source, 'tiles')}tile {number} is listed twice")
            place = f"tile {number}"
            if not isinstance(sides, dict):
                raise SetupError(f"{where(source, place)}expected sides A and B")
            got = sorted(str(s).upper() for s in sides)
            if got != list(SIDES):
                raise SetupError(
                    f"{where(source, place)}expected exactly sides A and B, "
                    f"found {', '.join(map(str, sides)) or 'none'}"
                )
            faces[number] = {}
            for side_key, rows in sides.items():
                side = str(side_key).upper()
                grid = _face(rows, source, f"tile {number} side {side}")
                faces[number][side] = grid
        return cls(name.strip(), faces)

    @property
    def numbers(self) -> list[int]:
        return sorted(self.faces)

    def side(self, ref: TileRef, source: str | None = None, place: str | None = None) -> Face:
        if ref.number not in self.faces:
            raise SetupError(
                f"{where(source, place)}unknown tile {str(ref)!r}: catalog {self.name!r} "
                f"has tiles {self.numbers[0]}-{self.numbers[-1]}"
            )
        return self.faces[ref.number][ref.side]

    def canonical(self) -> str:
        """The letters only, in a fixed order: what the checksum covers."""
        return "\n".join(f"{n}{s}:{''.join(self.faces[n][s])}" for n in self.numbers for s in SIDES)

    @property
    def sha256(self) -> str:
        """Identity of the letters (not of the file's bytes, comments or key order)."""
        import hashlib

        return hashlib.sha256(self.canonical().encode("ascii")).hexdigest()

    def resolve(self, refs: Sequence[Sequence[TileRef]], source: str | None = None) -> LetterGrid:
        """Lay 3 rows of 3 tiles into a 9x9 letter grid."""
        rows = ["" for _ in range(GRID_TILES * TILE_SIZE)]
        for r, tile_row in enumerate(refs):
            for c, ref in enumerate(tile_row):
                face = self.side(ref, source, f"tiles row {r + 1}, tile {c + 1}")
                for i, letters in enumerate(face):
                    rows[r * TILE_SIZE + i] += letters
        return LetterGrid(tuple(rows))


def _face(rows: object, source: str | None, place: str) -> Face:
    if isinstance(rows, str):
        rows = rows.split()
    if not isinstance(rows, list) or len(rows) != TILE_SIZE:
        raise SetupError(f"{where(source, place)}expected 3 rows of 3 letters")
    out: list[str] = []
    for i, row in enumerate(rows, start=1):
        text = "".join(str(row).split()).lower() if isinstance(row, str) else ""
        if len(text) != TILE_SIZE or not all("a" <= ch <= "z" for ch in text):
            raise SetupError(f"{where(source, place)}row {i}: expected 3 letters a-z, got {row!r}")
        out.append(text)
    return (out[0], out[1], out[2])


def parse_tile_rows(raw: object, source: str | None = None) -> tuple[tuple[TileRef, ...], ...]:
    """``tiles:`` of a setup: 3 rows of 3 tile references (form only)."""
    if not isinstance(raw, list) or len(raw) != GRID_TILES:
        n = len(raw) if isinstance(raw, list) else 0
        raise SetupError(f"{where(source, 'tiles')}expected 3 rows of 3 tiles, got {n} rows")
    rows: list[tuple[TileRef, ...]] = []
    for r, row in enumerate(raw, start=1):
        if isinstance(row, str):
            row = row.replace(",", " ").split()
        if not isinstance(row, list) or len(row) != GRID_TILES:
            n = len(row) if isinstance(row, list) else 0
            raise SetupError(f"{where(source, f'tiles row {r}')}expected 3 tiles, got {n}")
        rows.append(
            tuple(
                TileRef.from_text(t, source, f"tiles row {r}, tile {c}")
                for c, t in enumerate(row, start=1)
            )
        )
    return tuple(rows)
