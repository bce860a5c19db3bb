"""Blind Spot for people: explanations, sentences, the board in the terminal,
lists of plays, a game's status, and setups drawn as text and as SVG.

Pure text: colours are applied through a ``style`` function the command line
passes (``click.style``); the default leaves text plain.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.blindspot.board import LetterGrid
from referee.blindspot.rules import MIN_LENGTH, Play, Verdict
from referee.core.cells import Cell

if TYPE_CHECKING:  # check-word and words do not load the game modules
    from referee.blindspot.game import GameSetup, GameState, Outcome
    from referee.blindspot.tiles import Layout, TileRef

Style = Callable[..., str]


def plain(text: str, **_: Any) -> str:
    return text


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
"""Each reason of :func:`referee.blindspot.rules.check_word`, for people."""

GAME_EXPLANATIONS: dict[str, str] = {
    "not-your-turn": "it is another player's turn",
    "game-over": "the game is over",
    "bonus-owed": "the farsighted bonus spot must be placed (or skipped) first",
    "no-bonus-owed": "no farsighted bonus spot is owed",
    "no-spots-left": "the player has no spots left",
    "must-play": "in solo play you must play a word if you can",
    "nothing-to-undo": "there is no action to take back",
    "nothing-to-redo": "no undone action is waiting to be put back (redo comes right after undo)",
}
"""Each reason a game refuses an action for, for people."""


def explain(reason: str | None) -> str | None:
    if reason is None:
        return None
    return EXPLANATIONS.get(reason) or GAME_EXPLANATIONS.get(reason)


def describe(play: Play) -> str:
    """``reads east from A1 to E1, skipping D1``."""
    first, last = play.cells[0], play.cells[-1]
    text = f"reads {play.direction.long_name} from {first.name} to {last.name}"
    if play.skipped:
        text += ", skipping " + ", ".join(c.name for c in play.skipped)
    return text


def sentence(verdict: Verdict) -> str:
    """One line: ``SEAS is legal: reads east from A1 to E1, skipping D1.``"""
    word = verdict.word.upper()
    if verdict.valid and verdict.play:
        s = f"{word} is legal: {describe(verdict.play)}."
        if verdict.bonus:
            s += " Farsighted bonus: place one more spot anywhere."
        return s
    s = f"{word} is not legal at {verdict.at.name}: {verdict.reason}: {explain(verdict.reason)}"
    if verdict.play and verdict.reason not in ("not-found",):
        s += f" ({describe(verdict.play)})"
    return s + "."


# ---------------------------------------------------------------- the board

COLOUR_STYLE = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}


def render_board(
    board: LetterGrid,
    covered: Mapping[Cell, str],
    *,
    new: Cell | None = None,
    word_cells: Collection[Cell] = (),
    style: Style = plain,
) -> str:
    """The grid with column letters and row numbers.

    ``[E]`` a letter of the word, ``(r)`` a spot of that colour (its initial),
    ``(*)`` the new spot.
    """
    header = "    " + "".join(f" {chr(ord('A') + c)} " for c in range(board.width))
    lines = [header.rstrip()]
    for r in range(board.height):
        parts = [f"{r + 1:>2}  "]
        for c in range(board.width):
            cell = Cell(row=r, col=c)
            if cell == new:
                parts.append(style("(*)", bold=True, reverse=True))
            elif cell in covered:
                name = covered[cell]
                parts.append(style(f"({name[0]})", fg=COLOUR_STYLE.get(name), bold=True))
            elif cell in word_cells:
                parts.append(style(f"[{board[cell].upper()}]", fg="green", bold=True))
            else:
                parts.append(f" {board[cell].upper()} ")
        lines.append("".join(parts).rstrip())
    return "\n".join(lines)


def format_plays(plays: Sequence[Play], player: str, at: Cell | None) -> str:
    """``referee words``: a header, one play per line (the new spot, the word,
    the direction it reads in, its letters' cells), then the count."""
    where = f" at {at.name}" if at else ""
    if not plays:
        return f"No legal play for {player}{where}."
    width = max(4, *(len(p.word) for p in plays))
    lines = [f"{'AT':<3} {'WORD':<{width}}  {'DIR':<3} CELLS"]
    lines += [
        f"{p.at.name:<3} {p.word.upper():<{width}}  {p.direction.name:<3} "
        f"{' '.join(c.name for c in p.cells)}"
        for p in plays
    ]
    noun = "play" if len(plays) == 1 else "plays"
    lines.append(f"{len(plays)} legal {noun} for {player}{where}.")
    return "\n".join(lines)


# ------------------------------------------------------------------- games


def status(setup: GameSetup, state: GameState, path: str) -> str:
    """The last line of every game command: whose turn, the bonus owed, or the end."""
    if state.over:
        score = state.solo_score(setup)
        if score is not None:
            return f"Game over. Solo score: {score} ({state.solo_rating(setup)})."
        if isinstance(state.winner, tuple):
            return f"Game over: {' and '.join(_name(setup, c) for c in state.winner)} win."
        return f"Game over: {_name(setup, state.winner)} wins."
    if state.bonus_owed:
        return (
            f"{_name(setup, state.bonus_owed)} earned the farsighted bonus: place it with "
            f"'referee blindspot game bonus {path} --at CELL' or skip it with "
            f"'referee blindspot game skip-bonus {path}'."
        )
    return f"Turn: {_name(setup, state.turn)}."


def _name(setup: GameSetup, seat: str | None) -> str:
    """A seat's player, by name (``Ana``), or by colour where the name is the colour."""
    return setup.name_of(seat) or str(seat)


def _player(setup: GameSetup, seat: str) -> str:
    """``Ana (red)``, or ``red`` for a seat named by its colour."""
    name = _name(setup, seat)
    return seat if name == seat else f"{name} ({seat})"


def game_summary(setup: GameSetup, state: GameState, version: int) -> list[str]:
    """``game show``'s lines under the board."""
    glasses = ", ".join(f"{_name(setup, p)} {state.glasses.get(p, 0)}" for p in setup.players)
    left = ", ".join(
        f"{_name(setup, p)} {setup.supply - state.used.get(p, 0)}" for p in setup.players
    )
    lines = [
        f"Players: {', '.join(_player(setup, p) for p in setup.players)} ({setup.mode})",
        f"Glasses tile: {glasses}",
        f"Spots left: {left}",
    ]
    if state.eliminated:
        lines.append(f"Out: {', '.join(_name(setup, p) for p in state.eliminated)}")
    score = state.solo_score(setup)
    if score is not None:
        lines.append(f"Solo score: {score} ({state.solo_rating(setup)})")
    lines.append(f"Actions: {len(state.actions)} (version {version})")
    return lines


def outcome_lines(what: str, outcome: Outcome) -> list[str]:
    """What an action command says about its action: check-word's sentence for
    a play, else done or why not, and the proof of a must-play."""
    lines: list[str] = []
    if outcome.verdict is not None:
        lines.append(sentence(outcome.verdict))
    elif outcome.ok:
        lines.append(f"Done: {what}.")
    else:
        lines.append(f"Not accepted: {what}: {outcome.reason}: {explain(outcome.reason)}.")
    if outcome.proof is not None:
        proof = outcome.proof
        lines.append(f"For example: {proof.word.upper()} at {proof.at.name}, {describe(proof)}.")
    return lines


# ------------------------------------------------------------------ setups


def render_setup(grid: LetterGrid, layout: Layout | None = None, style: Style = plain) -> str:
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


PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres (width, height)."""
SHEET_MM = (190.0, 252.0)
"""The size of :func:`setup_svg`'s drawing."""
MARK_MM = 4.0
"""The length of a cut mark, drawn outside the drawing's corners."""


def setup_pdf(svg: str, paper: str = "a4", title: str = "Blind Spot setup") -> bytes:
    """:func:`setup_svg`'s drawing as a one-page PDF (fpdf2) on A4 or Letter:
    the same picture, centred, with cut marks at its corners (outside it) to
    trim the sheet to the drawing, which then fits the game's box lid."""
    import io

    from fpdf import FPDF

    width, height = PAPERS[paper]
    w, h = SHEET_MM
    x, y = (width - w) / 2, (height - h) / 2
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_creator("referee")
    pdf.set_title(title)
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.image(io.BytesIO(svg.encode("utf-8")), x=x, y=y, w=w, h=h)
    pdf.set_line_width(0.2)
    gap = 1.0
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            pdf.line(cx + sx * gap, cy, cx + sx * (gap + MARK_MM), cy)
            pdf.line(cx, cy + sy * gap, cx, cy + sy * (gap + MARK_MM))
    return bytes(pdf.output())
