"""Blind Spot file edge: tile catalogs, layouts (setups) and position files."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from referee.blindspot.board import LetterGrid
from referee.blindspot.rules import Action, GameSetup, Position, board_from_letters
from referee.core.errors import InputError, SetupError, show, where

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from referee.blindspot.tiles import Catalog, Layout, TileRef
from referee.core.files import display_name, load_mapping, package_data, parse_document

CATALOG_ENV = "REFEREE_CATALOG"
STANDARD = "standard"


@lru_cache(maxsize=1)
def standard_catalog() -> Catalog:
    from referee.blindspot.tiles import Catalog

    text = package_data("standard-tiles.yaml")
    data = parse_document(text, "standard catalog")
    return Catalog.from_mapping(data, "standard catalog")


def load_catalog(path: str | None = None) -> Catalog:
    """The catalog at ``path``, else ``$REFEREE_CATALOG``, else the shipped ``standard``."""
    path = path or os.environ.get(CATALOG_ENV) or None
    if path is None or path == STANDARD:
        return standard_catalog()
    from referee.blindspot.tiles import Catalog

    return Catalog.from_mapping(load_mapping(path, "tile catalog"), display_name(path))


def layout_from_mapping(
    data: dict[str, Any], source: str, catalog: Catalog | None = None
) -> LetterGrid:
    """A board from a layout/setup mapping: ``letters`` if given, else ``tiles``."""
    game = data.get("game")
    if game is not None and game != "blind-spot":
        raise SetupError(
            f"{where(source, 'game')}this is a {show(game)} file, not a blind-spot layout"
        )
    if "letters" in data:
        return board_from_letters(data["letters"], source)
    if "tiles" in data:
        from referee.blindspot.tiles import parse_tile_rows

        refs = parse_tile_rows(data["tiles"], source)
        return (catalog or standard_catalog()).resolve(refs, source)
    raise SetupError(f"{source}: a layout needs 'letters' (9 rows of 9) or 'tiles' (3 rows of 3)")


def load_layout(path: str, catalog_path: str | None = None) -> LetterGrid:
    return load_layout_and_code(path, catalog_path)[0]


def load_layout_and_code(
    path: str, catalog_path: str | None = None
) -> tuple[LetterGrid, str | None]:
    """The board of a layout file, and its setup code when it gives tiles
    (``None`` for letters only), from one read of the file."""
    from referee.blindspot.tiles import encode, parse_tile_rows

    data = load_mapping(path, "layout")
    name = display_name(path)
    catalog = load_catalog(catalog_path) if "letters" not in data and "tiles" in data else None
    board = layout_from_mapping(data, name, catalog)
    code = encode(parse_tile_rows(data["tiles"], name)) if "tiles" in data else None
    return board, code


def load_position(path: str) -> Position:
    return Position.from_mapping(load_mapping(path, "position"), display_name(path))


# ----------------------------------------------------------------- setup files


def setup_text(catalog: Catalog, layout: Layout, seed: int | None = None) -> str:
    """The YAML text of a setup file, byte for byte the same on every machine."""
    from referee.blindspot.tiles import GENERATOR, encode

    grid = catalog.resolve(layout)
    lines = [
        "# Blind Spot setup: lay these 9 tiles 3x3, all letters facing the same way.",
        "# Check it: referee setup verify FILE. Share it: referee setup code FILE.",
        "game: blind-spot",
        f"catalog: {{name: {_quote(catalog.name)}, sha256: {catalog.sha256}}}",
    ]
    if seed is not None:
        lines += [f"generator: {GENERATOR}", f"seed: {seed}"]
    lines.append(f"code: {encode(layout)}")
    lines.append("tiles:")
    lines += [f"  - [{', '.join(str(ref) for ref in row)}]" for row in layout]
    lines.append("letters:")
    lines += [f"  - {row}" for row in grid.rows]
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
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


def load_setup(path: str) -> dict[str, Any]:
    """A setup file's mapping; exit 2 unless it has ``tiles`` or ``letters``."""
    data = load_mapping(path, "setup")
    name = display_name(path)
    game = data.get("game")
    if game is not None and game != "blind-spot":
        raise SetupError(f"{name}: game: this is a {show(game)} file, not a blind-spot setup")
    if "tiles" not in data and "letters" not in data:
        raise SetupError(f"{name}: not a setup: it has neither 'tiles' nor 'letters'")
    return data


def setup_layout(data: dict[str, Any], source: str) -> Layout:
    """The tile layout of a setup mapping (exit 2 if it has none or it is malformed)."""
    from referee.blindspot.tiles import parse_tile_rows

    if "tiles" not in data:
        raise SetupError(f"{source}: this setup gives only letters, so it has no tiles to name")
    return parse_tile_rows(data["tiles"], source)


def render_setup(
    grid: LetterGrid, layout: Layout | None = None, style: Callable[[str], str] = str
) -> str:
    """The board in the terminal with the tile borders; each tile's reference
    is written in its bottom border, as the number is printed on the tile."""
    size = 3
    header = "    " + "".join(
        f" {chr(ord('A') + c)} " + (" " if c % size == size - 1 else "") for c in range(9)
    )
    out = [header.rstrip()]
    for r in range(9):
        if r % size == 0:
            out.append("   +" + "+".join("-" * (3 * size) for _ in range(size)) + "+")
        row = f"{r + 1:>2} |"
        for c in range(9):
            row += f" {style(grid.rows[r][c].upper())} "
            if c % size == size - 1:
                row += "|"
        out.append(row)
        if r % size == size - 1:
            out.append(_tile_border(layout[r // size] if layout else None, size))
    # the bottom border of one band is the top border of the next
    text: list[str] = []
    for line in out:
        if text and text[-1].startswith("   +") and line.startswith("   +"):
            continue
        text.append(line)
    return "\n".join(text)


def _tile_border(refs: Sequence[TileRef] | None, size: int) -> str:
    parts = []
    for i in range(size):
        label = str(refs[i]) if refs else ""
        parts.append(label.center(3 * size, "-"))
    return "   +" + "+".join(parts) + "+"


def setup_svg(
    grid: LetterGrid, layout: Layout | None, title: str, subtitle: str = "", footer: str = ""
) -> str:
    """A printable SVG of the board, 190 x 252 mm: one page on A4 or Letter,
    printer margins included (checked by printing it from headless Chromium).

    Tile borders are thick, letters large; each tile's number and side are in
    small print at the bottom of the tile, as on the physical tiles.
    """
    from xml.sax.saxutils import escape

    cell, left, top = 20.0, 15.0, 45.0
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="190mm" height="252mm" '
        'viewBox="0 0 210 279">',
        "<style>text{font-family:'DejaVu Sans',Arial,Helvetica,sans-serif;fill:#111}"
        ".l{font-size:12px;font-weight:bold}.n{font-size:3px;fill:#555}"
        ".t{font-size:7px;font-weight:bold}.s{font-size:5px;font-family:monospace}.f{font-size:3.2px;fill:#444}</style>",
        '<rect x="0" y="0" width="210" height="279" fill="#fff"/>',
        f'<text class="t" x="105" y="22" text-anchor="middle">{escape(title)}</text>',
    ]
    if subtitle:
        parts.append(
            f'<text class="s" x="105" y="32" text-anchor="middle">{escape(subtitle)}</text>'
        )
    for r in range(9):
        for c in range(9):
            x, y = left + c * cell, top + r * cell
            parts.append(
                f'<rect x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" '
                'fill="none" stroke="#bbb" stroke-width="0.3"/>'
            )
            parts.append(
                f'<text class="l letter" x="{x + cell / 2:g}" y="{y + cell / 2 + 4.2:g}" '
                f'text-anchor="middle">{grid.rows[r][c].upper()}</text>'
            )
    tile = 3 * cell
    for tr in range(3):
        for tc in range(3):
            x, y = left + tc * tile, top + tr * tile
            parts.append(
                f'<rect x="{x:g}" y="{y:g}" width="{tile:g}" height="{tile:g}" '
                'fill="none" stroke="#111" stroke-width="1.2"/>'
            )
            if layout is not None:
                parts.append(
                    f'<text class="n" x="{x + tile / 2:g}" y="{y + tile - 1.5:g}" '
                    f'text-anchor="middle">{layout[tr][tc]}</text>'
                )
    if footer:
        parts.append(
            f'<text class="f" x="105" y="{top + 9 * cell + 10:g}" text-anchor="middle">'
            f"{escape(footer)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


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


# ------------------------------------------------------------------ game files

GAME_KIND = "blind-spot-game"
GAME_FORMAT = 1


@dataclass(frozen=True)
class GameFile:
    """A Blind Spot game file: the setup, its recorded actions, and options."""

    setup: GameSetup
    actions: tuple[Action, ...]
    layout_source: str | None = None
    layout_code: str | None = None
    dictionary: str | None = None
    allow: str | None = None

    def with_action(self, action: Action) -> GameFile:
        from dataclasses import replace

        return replace(self, actions=(*self.actions, action))

    def text(self) -> str:
        """The YAML text: one action per line, strings quoted (``no`` stays a word)."""
        q = _quote
        s = self.setup
        lines = [
            "# A Blind Spot game kept by referee. Every action is kept, in order; the",
            "# state is replayed from them (referee blindspot game show). An undo is an",
            "# action too, so nothing is ever lost.",
            f"game: {GAME_KIND}",
            f"format: {GAME_FORMAT}",
            f"mode: {s.mode}",
            f"players: [{', '.join(s.players)}]",
        ]
        if self.dictionary:
            lines.append(f"dictionary: {q(self.dictionary)}")
        if self.allow:
            lines.append(f"allow: {q(self.allow)}")
        lines.append("layout:")
        if self.layout_source:
            lines.append(f"  source: {q(self.layout_source)}")
        if self.layout_code:
            lines.append(f"  code: {self.layout_code}")
        lines.append(f"  sha256: {s.sha256}")
        lines.append("  letters:")
        lines += [f"    - {row}" for row in s.board.rows]
        if not self.actions:
            lines.append("actions: []")
        else:
            lines.append("actions:")
            for a in self.actions:
                fields = ", ".join(
                    f"{k}: {q(v) if isinstance(v, str) else 'true'}"
                    for k, v in a.to_mapping().items()
                )
                lines.append(f"  - {{{fields}}}")
        return "\n".join(lines) + "\n"


def load_game(path: str) -> GameFile:
    """Read a game file; a malformed or tampered file is exit 2 naming the place."""
    data = load_mapping(path, "game")
    name = display_name(path)
    if data.get("game") != GAME_KIND:
        raise SetupError(f"{name}: game: not a Blind Spot game file (expected game: {GAME_KIND})")
    if data.get("format") != GAME_FORMAT:
        raise SetupError(f"{name}: format: expected {GAME_FORMAT}, got {show(data.get('format'))}")
    layout = data.get("layout")
    if not isinstance(layout, dict):
        raise SetupError(f"{name}: layout: expected a mapping with letters and sha256")
    board = board_from_letters(layout.get("letters"), f"{name}: layout")
    mode = data.get("mode")
    players = data.get("players")
    if mode not in ("standard", "teams", "solo"):
        raise SetupError(f"{name}: mode: expected standard, teams or solo, got {show(mode)}")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SetupError(f"{name}: players: expected a list of colours")
    try:
        setup = GameSetup.create(
            board, [] if mode == "solo" else players, teams=mode == "teams", solo=mode == "solo"
        )
    except InputError as exc:
        raise SetupError(f"{name}: players: {exc}") from None
    if mode == "solo" and players != ["blue", "red"]:
        raise SetupError(f"{name}: players: solo play is [blue, red]")
    if layout.get("sha256") != setup.sha256:
        raise SetupError(f"{name}: layout: the letters do not match their sha256 (edited by hand?)")
    raw = data.get("actions")
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise SetupError(f"{name}: actions: expected a list")
    actions = tuple(Action.from_mapping(a, i, name) for i, a in enumerate(raw))
    opt = {k: data.get(k) for k in ("dictionary", "allow")}
    for k, v in opt.items():
        if v is not None and not isinstance(v, str):
            raise SetupError(f"{name}: {k}: expected a string, got {show(v)}")
    src = layout.get("source")
    code = layout.get("code")
    return GameFile(
        setup,
        actions,
        src if isinstance(src, str) else None,
        code if isinstance(code, str) else None,
        opt["dictionary"],
        opt["allow"],
    )
