"""Blind Spot file edge: every file Blind Spot reads, through the strict reader.

Layouts and setups (a board by ``letters`` or by ``tiles``), position files
and tile catalogs; and the value readers (letters, cells, colours, words) that
the game file (:mod:`referee.blindspot.game`) uses too. Each reader takes a
:class:`~referee.core.schema.Value`: unknown keys, wrong types and numbers out
of range are one :class:`InputError` with the key path and line (duplicate
keys and huge numbers are refused by the parser); the ``load_*`` functions
add the file's name once (:func:`referee.core.files.reading`).

Writing: the text of setup files and of the catalog template.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from referee.blindspot.board import LetterGrid, parse_row
from referee.blindspot.rules import SIZE, Position, colour, normalise_word
from referee.core.cells import Cell
from referee.core.errors import InputError, show
from referee.core.files import load_mapping, package_data, reading
from referee.core.schema import Fields, Value, parse_yaml
from referee.core.values import frozen, replace

if TYPE_CHECKING:
    from referee.blindspot.tiles import Catalog, Face, Layout

# Tiles (:mod:`referee.blindspot.tiles`) are imported by the functions that read
# or write them: a board by letters, as check-word and words read, needs none.

CATALOG_ENV = "REFEREE_CATALOG"
STANDARD = "standard"

GAME = "blind-spot"
"""The ``game:`` of layouts and setups."""

LAYOUT_KEYS = ("game", "name", "catalog", "generator", "seed", "code", "tiles", "letters")
"""Every key a layout or setup file may have."""

MAX_SEED = 10**18 - 1
"""Seeds are whole numbers of at most 18 digits."""

MAX_TILE = 999
"""Tile numbers run from 1 to 999 (a reference is a number of 1-3 digits and a side)."""


# ------------------------------------------------------------------ values


def expect(fields: Fields, *keys: str) -> None:
    """Refuse unknown keys before reading any: a mistyped key (``sha265``) is
    named as such, with the keys expected, rather than reported as a required
    key that is missing."""
    fields.allow(*keys)
    fields.done()


def read_colour(value: Value) -> str:
    return value.convert(colour)


def read_cell(value: Value) -> Cell:
    text = value.text(max_length=20)
    return value.convert(lambda _: Cell.from_name(text, SIZE, SIZE))


def read_word(value: Value) -> str:
    text = value.text(max_length=100)
    return value.convert(lambda _: normalise_word(text))


def _board_row(raw: object) -> str:
    return parse_row(raw, SIZE)


def read_letters(value: Value) -> LetterGrid:
    """The 9x9 board: 9 strings of 9 letters (spaces ignored, any case)."""
    rows = value.items()
    if len(rows) != SIZE:
        raise value.error(f"expected {SIZE} rows, got {len(rows)}")
    return LetterGrid(tuple(row.convert(_board_row) for row in rows))


def read_tile_rows(value: Value) -> Layout:
    """``tiles:``: 3 rows of 3 tile references, each row a list or one string
    (``"4B, 5B, 6B"``); the form only, and no tile used twice."""
    from referee.blindspot.tiles import GRID_TILES, TileRef

    rows = value.items() if isinstance(value.raw, list) else None
    if rows is None or len(rows) != GRID_TILES:
        got = len(rows) if rows is not None else 0
        raise value.error(f"expected 3 rows of 3 tiles, got {got} rows")
    layout: list[tuple[TileRef, ...]] = []
    for row in rows:
        if isinstance(row.raw, str):
            words = row.raw.replace(",", " ").split()
            tiles = [Value(t, f"{row.path}[{c}]", row.line) for c, t in enumerate(words)]
        else:
            tiles = row.items()
        if len(tiles) != GRID_TILES:
            raise row.error(f"expected 3 tiles, got {len(tiles)}")
        layout.append(tuple(tile.convert(TileRef.from_text) for tile in tiles))
    result = tuple(layout)
    check_tiles(value, result)
    return result


def check_tiles(value: Value, layout: Layout, catalog: Catalog | None = None) -> None:
    """No tile of ``layout`` (read from ``value``) used twice, and each known to
    ``catalog`` when one is given; the error is placed at the tile's row."""
    from referee.blindspot.tiles import layout_problem

    problem = layout_problem(layout, catalog)
    if problem is not None:
        r, c, message = problem
        rows = value.raw if isinstance(value.raw, list) else []
        lines = getattr(rows, "lines", None)
        line = lines[r] if lines else value.line
        raise InputError(message, place=f"{value.path}[{r}][{c}]", line=line)


# ------------------------------------------------------------------ catalogs


def read_catalog(value: Value) -> Catalog:
    """A tile catalog: ``name`` and ``tiles: {NUMBER: {A: [3 rows], B: [3 rows]}}``.
    Each tile number once (``3`` and ``'3'`` are the same tile); sides A and B
    in any case."""
    from referee.blindspot.tiles import Catalog

    with value.fields("a tile catalog (name: and tiles:)") as fields:
        expect(fields, "name", "tiles")
        name_value = fields.require("name")
        name = name_value.text(max_length=200).strip()
        if not name:
            raise name_value.error("the catalog needs a name")
        faces = _read_tiles(fields.require("tiles"))
    return Catalog(name, faces)


def _read_tiles(value: Value) -> dict[int, dict[str, Face]]:
    raw = value.raw
    if not isinstance(raw, dict) or not raw:
        raise value.expected("a mapping of tile number: sides")
    lines: dict[object, int] = getattr(raw, "lines", {})
    faces: dict[int, dict[str, Face]] = {}
    for key, sides in raw.items():
        line = lines.get(key, value.line)
        number = key if isinstance(key, int) and not isinstance(key, bool) else None
        if isinstance(key, str) and key.strip().isdigit() and len(key.strip()) <= 3:
            number = int(key)
        if number is None or not 1 <= number <= MAX_TILE:
            raise InputError(
                f"{show(key)} is not a tile number (1 to {MAX_TILE})", place=value.path, line=line
            )
        if number in faces:
            raise InputError(f"tile {number} is listed twice", place=value.path, line=line)
        faces[number] = _read_sides(Value(sides, f"{value.path}.{number}", line))
    return faces


def _read_sides(tile: Value) -> dict[str, Face]:
    from referee.blindspot.tiles import SIDES, face

    raw = tile.raw
    if not isinstance(raw, dict):
        raise tile.expected("sides A and B")
    lines: dict[object, int] = getattr(raw, "lines", {})
    names = [k.upper() if isinstance(k, str) else None for k in raw]
    if sorted(n or "" for n in names) != list(SIDES):
        found = ", ".join(str(k) for k in raw) or "none"
        raise tile.error(f"expected exactly sides A and B, found {found}")
    return {
        side: Value(rows, f"{tile.path}.{side}", lines.get(key, tile.line)).convert(face)
        for key, side, rows in zip(raw, names, raw.values(), strict=True)
        if side is not None
    }


@lru_cache(maxsize=1)
def standard_catalog() -> Catalog:
    """The shipped stand-in catalog (package data)."""
    with reading("standard catalog"):
        return read_catalog(Value(parse_yaml(package_data("standard-tiles.yaml"))))


def load_catalog(path: str | None = None) -> Catalog:
    """The catalog at ``path``, else ``$REFEREE_CATALOG``, else the shipped ``standard``."""
    path = path or os.environ.get(CATALOG_ENV) or None
    if path is None or path == STANDARD:
        return standard_catalog()
    data = load_mapping(path, "tile catalog")
    with reading(path):
        return read_catalog(Value(data))


# ---------------------------------------------------------- layouts and setups


@frozen
class LayoutFile:
    """A layout's board, and its tiles when it names them."""

    board: LetterGrid
    tiles: Layout | None = None
    source: str | None = None
    """The file it was read from (a game keeps it as ``layout.source``)."""

    @property
    def code(self) -> str | None:
        """The setup code of the tiles (``None`` for a board by letters only)."""
        from referee.blindspot.tiles import encode

        return encode(self.tiles) if self.tiles is not None else None


def _read_game(fields: Fields, what: str) -> None:
    game = fields.get("game")
    if game is not None and game.raw != GAME:
        raise game.error(f"this is a {show(game.raw)} file, not a Blind Spot {what} (game: {GAME})")


def _read_catalog_ref(value: Value | None) -> None:
    """``catalog:`` of a setup: a name, or ``{name, sha256}`` (compared by ``setup verify``)."""
    if value is None or isinstance(value.raw, str):
        return
    with value.fields("a catalog name, or {name, sha256}") as fields:
        expect(fields, "name", "sha256")
        for key in ("name", "sha256"):
            found = fields.get(key)
            if found is not None:
                found.text(max_length=200)


def read_layout(
    value: Value, catalog: Callable[[], Catalog], *, tiles_known: bool = False
) -> LayoutFile:
    """A layout or setup: the board is ``letters`` if given, else ``tiles``
    resolved against ``catalog()`` (called only then, or when ``tiles_known``
    asks that every tile be in the catalog even beside letters)."""
    with value.fields("a layout (letters: or tiles:)") as fields:
        expect(fields, *LAYOUT_KEYS)
        _read_game(fields, "layout")
        for key in ("name", "generator", "code"):
            found = fields.get(key)
            if found is not None:
                found.text(max_length=200)
        _read_catalog_ref(fields.get("catalog"))
        seed = fields.get("seed")
        if seed is not None:
            seed.integer(0, MAX_SEED)
        tiles_value = fields.get("tiles")
        letters_value = fields.get("letters")
        tiles = read_tile_rows(tiles_value) if tiles_value is not None else None
        board = read_letters(letters_value) if letters_value is not None else None
    if tiles_value is not None and tiles is not None and (board is None or tiles_known):
        cat = catalog()
        check_tiles(tiles_value, tiles, cat)
        if board is None:
            board = cat.resolve(tiles)
    if board is None:
        raise InputError("a layout needs 'letters' (9 rows of 9) or 'tiles' (3 rows of 3)")
    return LayoutFile(board, tiles)


def load_layout(
    path: str,
    catalog_path: str | None = None,
    *,
    tiles_known: bool = False,
    catalog: Catalog | None = None,
) -> LayoutFile:
    """Read a layout or setup file (``-``: standard input); its tiles are
    looked up in ``catalog``, else the catalog file ``catalog_path``."""
    data = load_mapping(path, "layout")

    def the_catalog() -> Catalog:
        return catalog if catalog is not None else load_catalog(catalog_path)

    with reading(path):
        found = read_layout(Value(data), the_catalog, tiles_known=tiles_known)
    return replace(found, source=path)


def load_setup(path: str) -> dict[str, object]:
    """A setup file's mapping for ``setup verify``, which judges its values and
    lists every problem: here only its keys are checked (unknown ones refused,
    ``tiles`` or ``letters`` present)."""
    data = load_mapping(path, "setup")
    with reading(path):
        return read_setup(data)


def read_setup(data: dict[str, object]) -> dict[str, object]:
    """A setup's mapping (a file's, or a value from the web) for ``setup
    verify``: its keys checked as :func:`load_setup` checks them."""
    with Value(data).fields("a setup (tiles: or letters:)") as fields:
        expect(fields, *LAYOUT_KEYS)
        _read_game(fields, "setup")
    if "tiles" not in data and "letters" not in data:
        raise InputError("not a setup: it has neither 'tiles' nor 'letters'")
    return data


# ------------------------------------------------------------------ positions


def read_position(value: Value) -> Position:
    """A position: ``spots`` (cells by colour), ``glasses`` (0-2 by colour) and
    ``teams`` (lists of colours that read across each other's spots). A cell
    covered twice, or a colour in two teams, is refused."""
    with value.fields("a position (spots:, glasses:, teams:)") as fields:
        expect(fields, "spots", "glasses", "teams")
        spots_value = fields.get("spots")
        glasses_value = fields.get("glasses")
        teams_value = fields.get("teams")
        spots = _read_spots(spots_value) if spots_value is not None else {}
        glasses = _read_glasses(glasses_value) if glasses_value is not None else {}
        teams = _read_teams(teams_value) if teams_value is not None else ()
    return Position(spots=spots, glasses=glasses, teams=teams)


def _colour_key(key: str, value: Value) -> str:
    """A colour used as a key (``spots.red``): the error is placed at the key."""
    return value.convert(lambda _: colour(key))


def _read_spots(value: Value) -> dict[str, frozenset[Cell]]:
    spots: dict[str, frozenset[Cell]] = {}
    seen: dict[Cell, str] = {}
    for key, cells in value.entries():
        name = _colour_key(key, cells)
        if name in spots:
            raise cells.error(f"colour {name} is listed twice")
        placed: set[Cell] = set()
        for item in cells.items(at_most=SIZE * SIZE) if cells.optional() else []:
            cell = read_cell(item)
            if cell in seen:
                raise item.error(f"{cell.name} is covered twice (already by {seen[cell]})")
            seen[cell] = name
            placed.add(cell)
        spots[name] = frozenset(placed)
    return spots


def _read_glasses(value: Value) -> dict[str, int]:
    glasses: dict[str, int] = {}
    for key, count in value.entries():
        name = _colour_key(key, count)
        if name in glasses:
            raise count.error(f"colour {name} is listed twice")
        glasses[name] = count.integer(0, 2)
    return glasses


def _read_teams(value: Value) -> tuple[tuple[str, ...], ...]:
    teams: list[tuple[str, ...]] = []
    used: set[str] = set()
    for team in value.items(at_most=4):
        members: list[str] = []
        for member in team.items(at_most=4):
            name = read_colour(member)
            if name in used:
                raise member.error(f"{name} is in more than one team")
            used.add(name)
            members.append(name)
        teams.append(tuple(members))
    return tuple(teams)


def load_position(path: str) -> Position:
    data = load_mapping(path, "position")
    with reading(path):
        return read_position(Value(data))


# -------------------------------------------------------------------- writing


def setup_text(catalog: Catalog, layout: Layout, seed: int | None = None) -> str:
    """The YAML text of a setup file, byte for byte the same on every machine."""
    from referee.blindspot.tiles import GENERATOR, encode

    grid = catalog.resolve(layout)
    lines = [
        "# Blind Spot setup: lay these 9 tiles 3x3, all letters facing the same way.",
        "# Check it: referee setup verify FILE. Share it: referee setup code FILE.",
        f"game: {GAME}",
        f"catalog: {{name: {quote(catalog.name)}, sha256: {catalog.sha256}}}",
    ]
    if seed is not None:
        lines += [f"generator: {GENERATOR}", f"seed: {seed}"]
    lines.append(f"code: {encode(layout)}")
    lines.append("tiles:")
    lines += [f"  - [{', '.join(str(ref) for ref in row)}]" for row in layout]
    lines.append("letters:")
    lines += [f"  - {row}" for row in grid.rows]
    return "\n".join(lines) + "\n"


def quote(text: str) -> str:
    """A YAML double-quoted scalar that reads back as exactly ``text``."""
    out = ['"']
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch.isprintable() and ch != "\x7f":
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def catalog_template(tiles: int = 18) -> str:
    """A fill-in-the-blanks catalog: replace each ``___`` with a tile's 3 letters."""
    lines = [
        "# Your Blind Spot tiles. For each tile number (printed small at the bottom of",
        "# the tile), hold the tile with its number at the bottom and write each side's",
        "# letters row by row, top to bottom, left to right: 3 rows of 3 letters.",
        "# Replace every ___ and give the catalog a name. Check it with:",
        "#   referee setup catalog --catalog THIS-FILE",
        'name: "my-tiles"',
        "tiles:",
    ]
    for n in range(1, tiles + 1):
        lines.append(f"  {n}:")
        lines += [f"    {side}: [___, ___, ___]" for side in ("A", "B")]
    return "\n".join(lines) + "\n"
