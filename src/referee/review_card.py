"""The result card of ``referee review -o``: one page with the final ranking,
the scores, the best play of the game, the board as it ended, and a QR code
(segno) carrying the result as text. An SVG; a PDF is the same drawing on an
A4 page (fpdf2). PNG is not offered: no maintained SVG rasteriser is a
dependency here (Pillow, which fpdf2 brings, cannot read SVG)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from referee.service import Report

WIDTH, HEIGHT = 210.0, 297.0
"""The drawing's size in millimetres (A4)."""

SPOT_FILL = {"red": "#d62728", "blue": "#1f5fbf", "green": "#2a9d3a", "yellow": "#e3b505"}

SUFFIXES = (".svg", ".pdf")


def result_text(doc: dict[str, Any]) -> str:
    """The result in one line of text: what the QR code carries."""
    parts = [f"{doc['title']} ({_base(doc['game_file'])})"]
    ranking = doc.get("ranking")
    if ranking:
        parts.append(
            ", ".join(
                f"{r['place']}. {' & '.join(r['players'])}"
                + (f" {r['score']}" if r.get("score") is not None else "")
                for r in ranking
            )
        )
    else:
        parts.append(
            "not over: " + ", ".join(f"{name} {score}" for name, score in doc["scores"].items())
        )
    best = doc.get("best_play")
    if best:
        parts.append("best: " + _best_text(doc, best))
    return "; ".join(parts)


def _base(name: str) -> str:
    import os

    return os.path.basename(name) or name


def _best_text(doc: dict[str, Any], best: dict[str, Any]) -> str:
    if doc["game"] == "blindspot":
        return f"{best['player']} {str(best['word']).upper()} at {best['at']}"
    if doc["game"] == "wordblock":
        return f"{best['player']} {str(best['word']).upper()} (net {best['net']:+d})"
    return f"{best['player']} {best['points']} points in frame {best['frame']}"


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    anchor: str = "start",
    bold: bool = False,
    fill: str = "#111",
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}"{weight} '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _qr(text: str, x: float, y: float, size: float) -> list[str]:
    import segno

    code = segno.make(text, error="m", boost_error=False)
    matrix = [list(row) for row in code.matrix]
    n = len(matrix) + 8  # a quiet zone of 4 modules each side
    step = size / n
    parts = [f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" fill="#fff"/>']
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                parts.append(
                    f'<rect x="{x + (c + 4) * step:.3f}" y="{y + (r + 4) * step:.3f}" '
                    f'width="{step + 0.01:.3f}" height="{step + 0.01:.3f}" fill="#000"/>'
                )
    return parts


def _blindspot_board(report: Report, x: float, y: float, size: float) -> list[str]:
    game = report.detail.loaded.game
    setup, state = game.log.setup, game.state
    covered = state.covered()
    cell = size / 9
    parts = []
    for r in range(9):
        for c in range(9):
            from referee.core.cells import Cell

            cx, cy = x + c * cell, y + r * cell
            parts.append(
                f'<rect x="{cx:g}" y="{cy:g}" width="{cell:g}" height="{cell:g}" fill="#fff" '
                'stroke="#999" stroke-width="0.3"/>'
            )
            colour = covered.get(Cell(row=r, col=c))
            if colour is not None:
                parts.append(
                    f'<circle cx="{cx + cell / 2:g}" cy="{cy + cell / 2:g}" r="{cell * 0.42:g}" '
                    f'fill="{SPOT_FILL.get(colour, "#555")}"/>'
                )
            else:
                parts.append(
                    _text(
                        cx + cell / 2,
                        cy + cell * 0.68,
                        setup.board.rows[r][c].upper(),
                        cell * 0.5,
                        anchor="middle",
                        bold=True,
                    )
                )
    for k in range(4):
        t = k * 3 * cell
        parts.append(
            f'<line x1="{x + t:g}" y1="{y:g}" x2="{x + t:g}" y2="{y + size:g}" stroke="#111" '
            'stroke-width="0.8"/>'
        )
        parts.append(
            f'<line x1="{x:g}" y1="{y + t:g}" x2="{x + size:g}" y2="{y + t:g}" stroke="#111" '
            'stroke-width="0.8"/>'
        )
    return parts


def _wordblock_board(report: Report, x: float, y: float, size: float) -> list[str]:
    board = report.detail.loaded.game.state.board
    players = list(board.players)
    fills = ["#1f5fbf", "#d62728", "#2a9d3a", "#e3b505"]
    n = max(board.width, board.height)
    cell = size / n
    parts = []
    for space in board.spaces():
        cx, cy = x + space.col * cell, y + space.row * cell
        card = board.card_at(space)
        parts.append(
            f'<rect x="{cx:g}" y="{cy:g}" width="{cell:g}" height="{cell:g}" '
            f'fill="{"#fdf6e3" if card else "#fff"}" stroke="#999" stroke-width="0.3"/>'
        )
        if card is None:
            continue
        parts.append(
            _text(
                cx + cell / 2,
                cy + cell * 0.62,
                str(card.letter).upper(),
                cell * 0.45,
                anchor="middle",
                bold=True,
            )
        )
        parts.append(
            _text(
                cx + cell - 1.5,
                cy + cell - 1.5,
                str(card.points),
                cell * 0.18,
                anchor="end",
                fill="#555",
            )
        )
        owner = board.owner_at(space)
        if owner is not None:
            fill = fills[players.index(owner) % len(fills)]
            parts.append(
                f'<rect x="{cx + 1.5:g}" y="{cy + 1.5:g}" width="{cell * 0.22:g}" '
                f'height="{cell * 0.22:g}" fill="{fill}"/>'
            )
    if len(players) > 0:
        for i, p in enumerate(players):
            parts.append(
                f'<rect x="{x + i * 45:g}" y="{y + size + 3:g}" width="4" height="4" '
                f'fill="{fills[i % len(fills)]}"/>'
            )
            parts.append(_text(x + i * 45 + 6, y + size + 6.5, f"{p}'s blocks", 4))
    return parts


def _outofsight_table(report: Report, x: float, y: float, size: float) -> list[str]:
    game = report.detail.loaded.game
    setup, state = game.log.setup, game.state
    parts = [_text(x, y + 6, "Points per frame", 6, bold=True)]
    row = 14.0
    head = ["player", *[f"frame {k}" for k in range(1, len(state.frames) + 1)], "total"]
    # the names' column as wide as the longest name needs (about 0.65 em a
    # letter at 5 units, DejaVu Sans), the frames and the total share the rest
    names = min(max(25.0, 3.3 * max(len(p) for p in setup.players) + 4), 45.0)
    step = (size - names) / (len(head) - 1)
    cols = [x, *(x + names + i * step for i in range(len(head) - 1))]
    for cx, h in zip(cols, head, strict=True):
        parts.append(_text(cx, y + 18, h, 5, bold=True))
    totals = state.totals(setup)
    for i, name in enumerate(setup.players):
        cy = y + 18 + row * (i + 1)
        cells = [name, *[str(p.score.player(name).points) for p in state.frames], str(totals[name])]
        for cx, value in zip(cols, cells, strict=True):
            parts.append(_text(cx, cy, value, 5))
    return parts


def card_svg(report: Report) -> str:
    """The result card of a review report, as an SVG."""
    doc = report.doc
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:g}mm" height="{HEIGHT:g}mm" '
        f'viewBox="0 0 {WIDTH:g} {HEIGHT:g}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{WIDTH:g}" height="{HEIGHT:g}" fill="#fff"/>',
        _text(15, 22, f"{doc['title']}: the result", 9, bold=True),
        _text(
            15,
            30,
            _base(doc["game_file"]) + ("" if doc["over"] else " (not over yet)"),
            4.5,
            fill="#444",
        ),
    ]
    y = 42.0
    ranking = doc.get("ranking")
    parts.append(_text(15, y, "Ranking" if ranking else "Scores so far", 6, bold=True))
    rows: Sequence[tuple[str, str]]
    if ranking:
        rows = [
            (
                f"{r['place']}.",
                " & ".join(r["players"])
                + (f"   {r['score']}" if r.get("score") is not None else ""),
            )
            for r in ranking
        ]
    else:
        rows = [("", f"{name}   {score}") for name, score in doc["scores"].items()]
    for i, (place, line) in enumerate(rows[:8]):
        parts.append(_text(15, y + 9 + 7 * i, place, 5, bold=True))
        parts.append(_text(24, y + 9 + 7 * i, line, 5))
    y += 9 + 7 * min(len(rows), 8)
    parts.append(_text(15, y, f"Scores: {doc['score_means']}", 3.5, fill="#555"))
    for r in ranking or []:
        if r.get("note"):  # how a tie was broken
            y += 5
            parts.append(_text(15, y, f"{' & '.join(r['players'])} {r['note']}", 3.5, fill="#555"))
    best = doc.get("best_play")
    y += 10
    parts.append(_text(15, y, "Best play of the game", 6, bold=True))
    parts.append(_text(15, y + 8, _best_text(doc, best) if best else "none yet", 5))
    y += 18
    board_size = 120.0
    if doc["game"] == "blindspot":
        parts += _blindspot_board(report, 15, y, board_size)
    elif doc["game"] == "wordblock":
        parts += _wordblock_board(report, 15, y, board_size)
    else:
        parts += _outofsight_table(report, 15, y, 125.0)
    qr_size = 48.0
    parts += _qr(result_text(doc), WIDTH - 15 - qr_size, y, qr_size)
    parts.append(
        _text(
            WIDTH - 15 - qr_size / 2,
            y + qr_size + 5,
            "the result, as text",
            3.5,
            anchor="middle",
            fill="#555",
        )
    )
    parts.append(_text(15, HEIGHT - 12, "Reviewed by referee", 3.5, fill="#777"))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def card_pdf(svg: str, title: str) -> bytes:
    """The SVG card on one A4 page (fpdf2)."""
    import io

    from fpdf import FPDF

    pdf = FPDF(unit="mm", format=(WIDTH, HEIGHT))
    pdf.set_creator("referee")
    pdf.set_title(title)
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.image(io.BytesIO(svg.encode("utf-8")), x=0, y=0, w=WIDTH, h=HEIGHT)
    return bytes(pdf.output())
