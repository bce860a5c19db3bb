"""Blind Spot letter tiles: tile references like ``7B``, the tile catalog,
seeded setups (method ``sha256-ctr-v1``), setup codes (``BS1-...``) and the
verification of a setup that lists every problem.

Pure: catalogs and setups arrive as values already read (the file edge is
:mod:`referee.blindspot.formats`). Errors are plain ``InputError``s; a
tile's place in a layout is its index (``[2][0]``), which the reader puts after
the key (``tiles[2][0]``). A board is 3x3 tiles, each tile 3x3 letters, so 9x9
letters.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.blindspot.board import LetterGrid
from referee.core.cells import Cell
from referee.core.errors import InputError, SetupError, show
from referee.core.seeds import HashStream
from referee.core.text import ascii_letters
from referee.core.values import frozen

SIDES = ("A", "B")
TILE_SIZE = 3
GRID_TILES = 3

_REF = re.compile(r"\s*([0-9]{1,3})\s*([A-Za-z])\s*")


@frozen(order=True)
class TileRef:
    """One tile of a setup: its number and the side that is up (``7B``)."""

    number: int
    side: str

    @classmethod
    def from_text(cls, text: object) -> TileRef:
        """Parse ``"7B"`` (side case-insensitive). Checks the form only; whether
        the catalog has the tile is :meth:`Catalog.side`'s job."""
        m = _REF.fullmatch(str(text)) if isinstance(text, (str, int)) else None
        if m is None:
            raise SetupError(
                f"{show(text)} is not a tile reference (a tile number then its side, like 7B)"
            )
        side = m.group(2).upper()
        if side not in SIDES:
            raise SetupError(f"{show(text)}: tile sides are A and B, not {show(m.group(2))}")
        return cls(int(m.group(1)), side)

    def __str__(self) -> str:
        return f"{self.number}{self.side}"


Face = tuple[str, str, str]
Layout = tuple[tuple[TileRef, ...], ...]


@frozen
class Catalog:
    """The letter faces of every tile: ``faces[number][side]`` is 3 rows of 3 letters."""

    name: str
    faces: Mapping[int, Mapping[str, Face]]

    @property
    def numbers(self) -> list[int]:
        return sorted(self.faces)

    def side(self, ref: TileRef) -> Face:
        if ref.number not in self.faces:
            raise SetupError(
                f"unknown tile {show(str(ref))}: catalog {show(self.name)} "
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

    def resolve(self, refs: Sequence[Sequence[TileRef]]) -> LetterGrid:
        """Lay 3 rows of 3 tiles into a 9x9 letter grid."""
        rows = ["" for _ in range(GRID_TILES * TILE_SIZE)]
        for r, tile_row in enumerate(refs):
            for c, ref in enumerate(tile_row):
                try:
                    face = self.side(ref)
                except InputError as exc:
                    raise exc.at(f"[{r}][{c}]") from None
                for i, letters in enumerate(face):
                    rows[r * TILE_SIZE + i] += letters
        return LetterGrid(tuple(rows))


def face(rows: object) -> Face:
    """One side of a tile: 3 rows of 3 letters a-z, as a list or one string
    (``"abc def ghi"``); a bad row's place is its index (``[1]``)."""
    if isinstance(rows, str):
        rows = rows.split()
    if not isinstance(rows, list) or len(rows) != TILE_SIZE:
        raise SetupError("expected 3 rows of 3 letters")
    out: list[str] = []
    for i, row in enumerate(rows):
        text = "".join(row.split()) if isinstance(row, str) else ""
        if len(text) != TILE_SIZE or not ascii_letters(text):
            raise SetupError(f"expected 3 letters a-z, got {show(row)}", place=f"[{i}]")
        out.append(text.lower())
    return (out[0], out[1], out[2])


def layout_problem(layout: Layout, catalog: Catalog | None = None) -> tuple[int, int, str] | None:
    """The first tile of ``layout`` used twice, or (when a catalog is given)
    unknown to ``catalog``: its row and column (from 0) and what is wrong."""
    seen: dict[int, str] = {}
    for r, row in enumerate(layout):
        for c, ref in enumerate(row):
            if ref.number in seen:
                return r, c, f"tile {ref.number} is used twice (also at {seen[ref.number]})"
            seen[ref.number] = f"row {r + 1}, tile {c + 1}"
            if catalog is not None and ref.number not in catalog.faces:
                try:
                    catalog.side(ref)
                except InputError as exc:
                    return r, c, exc.detail
    return None


# ------------------------------------------------------------------ generation

GENERATOR = "sha256-ctr-v1"
"""The versioned method that turns a seed into a setup (see :func:`generate`)."""


class SeedStream(HashStream):
    """Uniform integers from a seed, the same on every machine and Python.

    Block ``i`` is ``SHA-256("referee/blind-spot/setup/v1/<seed>/<i>")``, read as
    four big-endian unsigned 64-bit integers. ``below(n)`` draws one and
    rejects values at or above the largest multiple of ``n`` (no modulo bias).
    """

    def __init__(self, seed: int) -> None:
        super().__init__(f"referee/blind-spot/setup/v1/{seed}/")
        self.seed = seed


def generate(catalog: Catalog, seed: int) -> Layout:
    """Pick 9 distinct tiles and a side for each, laid 3x3, from ``seed``.

    Method ``sha256-ctr-v1``: the catalog's tile numbers in ascending order are
    partially shuffled (Fisher-Yates: for i in 0..8 swap position i with
    i + below(n - i)); the first nine, in that order, fill the grid row by
    row; then each tile's side is ``"AB"[below(2)]`` in the same order.
    """
    pool = catalog.numbers
    count = GRID_TILES * GRID_TILES
    if len(pool) < count:
        raise SetupError(
            f"catalog {show(catalog.name)} has {len(pool)} tiles; a setup needs {count}"
        )
    stream = SeedStream(seed)
    for i in range(count):
        j = i + stream.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    refs = [TileRef(n, SIDES[stream.below(2)]) for n in pool[:count]]
    return tuple(tuple(refs[r * GRID_TILES : (r + 1) * GRID_TILES]) for r in range(GRID_TILES))


# ----------------------------------------------------------------------- codes

CODE_PREFIX = "BS1"
_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODE = re.compile(
    r"BS1-((?:[0-9]{1,3}[AB]){3})-((?:[0-9]{1,3}[AB]){3})-((?:[0-9]{1,3}[AB]){3})-([0-9A-Z]{2})"
)
_REFS = re.compile(r"([0-9]{1,3})([AB])")


def _check_chars(payload: str) -> str:
    """ISO/IEC 7064 MOD 1271-36: two check characters that catch every single
    mistyped character and almost every swap of two neighbours."""
    p = 0
    for ch in payload:
        p = ((p + _ALPHABET.index(ch)) * 36) % 1271
    p = (p * 36) % 1271
    check = (1271 + 1 - p) % 1271
    return _ALPHABET[check // 36] + _ALPHABET[check % 36]


def encode(layout: Layout) -> str:
    """The shareable code: ``BS1-<row 1>-<row 2>-<row 3>-<check>``, e.g.
    ``BS1-7B12A3A-1A5B18B-9A2A4B-K4``: each row is its three tile references
    written together (number then side), then two check characters."""
    rows = ["".join(str(ref) for ref in row) for row in layout]
    payload = "".join(rows)
    return f"{CODE_PREFIX}-{'-'.join(rows)}-{_check_chars(payload)}"


def decode(code: str) -> Layout:
    """Parse a code (case and spaces ignored); a wrong form or check is a
    :class:`SetupError` asking whether it was mistyped."""
    text = "".join(str(code).split()).upper()
    m = _CODE.fullmatch(text)
    if m is None:
        raise SetupError(
            f"code {show(code)} is not of the form BS1-<3 tiles>-<3 tiles>-<3 tiles>-<2 check "
            "characters>, e.g. BS1-7B12A3A-1A5B18B-9A2A4B-K4: mistyped code?"
        )
    rows = m.groups()[:3]
    if _check_chars("".join(rows)) != m.group(4):
        raise SetupError(f"code {show(code)}: the check characters do not match: mistyped code?")
    return tuple(tuple(TileRef(int(n), side) for n, side in _REFS.findall(row)) for row in rows)


# ---------------------------------------------------------------- verification


@frozen
class Problem:
    """One inconsistency found by :func:`verify`."""

    kind: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "message": self.message}


PROBLEM_KINDS = (
    "not-3x3",
    "bad-tile",
    "unknown-tile",
    "tile-twice",
    "bad-letters",
    "letters-mismatch",
    "catalog-mismatch",
    "seed-mismatch",
    "bad-code",
    "code-mismatch",
)


def verify(data: Mapping[str, Any], catalog: Catalog) -> list[Problem]:
    """Every problem of a setup mapping, not just the first.

    Checks the tiles (3x3, well-formed, known to the catalog, none twice), the
    letters (9x9 and equal to the tiles under the catalog, cell by cell), the
    recorded catalog checksum, that the seed regenerates the tiles, and that
    the code matches them.
    """
    problems: list[Problem] = []
    add = problems.append
    layout: list[list[TileRef | None]] = []
    written: tuple[tuple[str, ...], ...] | None = None
    raw = data.get("tiles")
    if raw is not None:
        layout, written, tile_problems = _verify_tiles(raw, catalog)
        problems.extend(tile_problems)
    grid: LetterGrid | None = None
    if "letters" in data:
        try:
            grid = LetterGrid.from_rows(data["letters"], width=9, height=9)
        except InputError as exc:
            add(Problem("bad-letters", f"letters{exc.place or ''}: {exc.detail}"))
    if grid is not None:
        # Tile by tile: one bad tile does not hide a mismatch under the others.
        for r, row in enumerate(layout[:GRID_TILES]):
            for c, ref in enumerate(row[:GRID_TILES]):
                if ref is None:
                    continue
                face = catalog.faces[ref.number][ref.side]
                for i in range(TILE_SIZE):
                    for j in range(TILE_SIZE):
                        cell = Cell(row=r * TILE_SIZE + i, col=c * TILE_SIZE + j)
                        if grid[cell] != face[i][j]:
                            add(
                                Problem(
                                    "letters-mismatch",
                                    f"letters: {cell.name} is {grid[cell]!r} but tile {ref} "
                                    f"gives {face[i][j]!r}",
                                )
                            )
    recorded = data.get("catalog")
    if recorded is not None:
        _verify_catalog(recorded, catalog, add)
    if "seed" in data:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            add(Problem("seed-mismatch", f"seed: {show(seed)} is not an integer"))
        elif written is not None:
            try:
                again = _texts(generate(catalog, seed))
            except SetupError as exc:
                add(Problem("seed-mismatch", f"seed: {exc}"))
            else:
                if again != written:
                    add(
                        Problem(
                            "seed-mismatch",
                            f"seed: {seed} gives tiles {_flat(again)}, not {_flat(written)}",
                        )
                    )
    if "code" in data:
        try:
            coded = _texts(decode(str(data["code"])))
        except SetupError as exc:
            add(Problem("bad-code", f"code: {exc}"))
        else:
            if written is not None and coded != written:
                add(
                    Problem(
                        "code-mismatch",
                        f"code: {_plain(data['code'])} names tiles {_flat(coded)}, "
                        f"not {_flat(written)}",
                    )
                )
    return problems


def _verify_catalog(recorded: object, catalog: Catalog, add: Callable[[Problem], None]) -> None:
    """The recorded catalog must be the one in use: same checksum (or, when the
    setup gives only a name, the same name)."""
    name = recorded.get("name") if isinstance(recorded, dict) else recorded
    sha = recorded.get("sha256") if isinstance(recorded, dict) else None
    if sha is None:
        if name is not None and name != catalog.name:
            add(
                Problem(
                    "catalog-mismatch",
                    f"catalog: the setup names catalog {show(name)}, "
                    f"but the catalog in use is {show(catalog.name)}",
                )
            )
        return
    if sha != catalog.sha256:
        add(
            Problem(
                "catalog-mismatch",
                f"catalog: the setup was made with catalog {show(name)} (sha256 {_plain(sha)}), "
                f"but the catalog in use is {show(catalog.name)} (sha256 {catalog.sha256})",
            )
        )


def _plain(value: object) -> str:
    """Short printable text as it is; anything else as a short repr."""
    if isinstance(value, str) and len(value) <= 80 and value.isprintable():
        return value
    return show(value)


def _texts(layout: Sequence[Sequence[TileRef]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(ref) for ref in row) for row in layout)


def _flat(layout: Sequence[Sequence[str]]) -> str:
    return " / ".join(" ".join(row) for row in layout)


def _verify_tiles(
    raw: object, catalog: Catalog
) -> tuple[list[list[TileRef | None]], tuple[tuple[str, ...], ...], list[Problem]]:
    """(known tiles by position, every reference as written, problems)."""
    problems: list[Problem] = []
    layout: list[list[TileRef | None]] = []
    written: list[tuple[str, ...]] = []
    rows = raw if isinstance(raw, list) else []
    if not isinstance(raw, list) or len(raw) != GRID_TILES:
        problems.append(
            Problem("not-3x3", f"tiles: expected 3 rows of 3 tiles, got {len(rows)} rows")
        )
    seen: dict[int, str] = {}
    for r, row in enumerate(rows, start=1):
        if isinstance(row, str):
            row = row.replace(",", " ").split()
        items = row if isinstance(row, list) else []
        if len(items) != GRID_TILES:
            problems.append(
                Problem("not-3x3", f"tiles row {r}: expected 3 tiles, got {len(items)}")
            )
        out: list[TileRef | None] = []
        texts: list[str] = []
        for c, item in enumerate(items, start=1):
            place = f"tiles row {r}, tile {c}"
            try:
                ref = TileRef.from_text(item)
            except SetupError as exc:
                problems.append(Problem("bad-tile", f"{place}: {exc}"))
                out.append(None)
                texts.append(show(item))
                continue
            texts.append(str(ref))
            if ref.number not in catalog.faces:
                problems.append(
                    Problem(
                        "unknown-tile",
                        f"{place}: unknown tile {show(str(ref))}: catalog {show(catalog.name)} has "
                        f"tiles {catalog.numbers[0]}-{catalog.numbers[-1]}",
                    )
                )
                out.append(None)
                continue
            if ref.number in seen:
                problems.append(
                    Problem(
                        "tile-twice",
                        f"{place}: tile {ref.number} is used twice (also at {seen[ref.number]})",
                    )
                )
            else:
                seen[ref.number] = place
            out.append(ref)
        layout.append(out)
        written.append(tuple(texts))
    return layout, tuple(written), problems
