"""Printable Spot it! cards as one SVG or a PDF: round cards, several to a page.

Pure (no click, yaml): :func:`render_svg` returns the SVG text. Pages (A4 or
US Letter, in millimetres) are stacked top to bottom in one drawing, each a
``<g class="page">``; printed at 100% every page lands on its own sheet. Each
card is a ``<g class="card">`` holding one ``<g class="symbol">`` per symbol,
whose ``data-symbol`` attribute is the normalised symbol.

A symbol ``shape/colour`` with a known shape (circle, square, triangle,
rectangle, star, heart, diamond, hexagon, cross, moon, drop, ring) or numeral
(one to ten, or digits) and a known colour is drawn as that shape in that
colour with a dark outline; any other symbol is written out as text, so that
two different symbols never look alike. Sizes (60-100% of the slot) and
rotations (any angle for shapes, up to 35 degrees either way for numerals and
words, so a 6 never reads as a 9) vary from card to card, drawn from :class:`~referee.spotit.rules.SeedStream`
(purpose ``render``): only the size and the angle of an image ever differ
between its copies, as the rulebook says.
"""

from __future__ import annotations

import math

from referee.core.errors import InputError, where
from referee.core.values import frozen
from referee.spotit.rules import Deck, SeedStream

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Page width and height in millimetres."""

MARGIN = 10.0
LABEL = 5.0
"""Room under each card for its number (outside the cutting line)."""
GAP = 4.0
MAX_PER_PAGE = 20
MAX_DRAWN = 200
"""The most symbols drawn on one card (more would be specks)."""

COLOURS: dict[str, str] = {
    "red": "#e32227",
    "orange": "#f7931e",
    "yellow": "#ffd21f",
    "green": "#2ca02c",
    "blue": "#1f4fd8",
    "lilac": "#b48ee6",
    "pink": "#ff6fb5",
    "brown": "#8b5a2b",
    "black": "#222222",
    "grey": "#9a9a9a",
    "purple": "#7b2cbf",
    "cyan": "#19c3e6",
    "navy": "#1b2a6b",
    "gold": "#d4a017",
    "teal": "#138d90",
    "magenta": "#d6249f",
    "white": "#ffffff",
}

_S = 0.8660254037844386  # sin 60


def _polygon(points: list[tuple[float, float]]) -> str:
    return "M " + " L ".join(f"{x:.3f} {y:.3f}" for x, y in points) + " Z"


def _star(spikes: int, outer: float, inner: float) -> str:
    pts = []
    for i in range(2 * spikes):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / spikes - math.pi / 2
        pts.append((r * math.cos(a), r * math.sin(a) + 0.08))
    return _polygon(pts)


SHAPES: dict[str, str] = {
    "circle": "M -0.9 0 A 0.9 0.9 0 1 0 0.9 0 A 0.9 0.9 0 1 0 -0.9 0 Z",
    "square": "M -0.75 -0.75 H 0.75 V 0.75 H -0.75 Z",
    "rectangle": "M -1 -0.52 H 1 V 0.52 H -1 Z",
    "triangle": _polygon([(0, -0.92), (1.0 * _S * 1.15, 0.78), (-1.0 * _S * 1.15, 0.78)]),
    "star": _star(5, 1.0, 0.42),
    "heart": "M 0 0.9 C -1.25 0 -1 -0.95 -0.5 -0.95 C -0.2 -0.95 0 -0.7 0 -0.5 "
    "C 0 -0.7 0.2 -0.95 0.5 -0.95 C 1 -0.95 1.25 0 0 0.9 Z",
    "diamond": "M 0 -1 L 0.65 0 L 0 1 L -0.65 0 Z",
    "hexagon": _polygon(
        [(0.92 * math.cos(math.pi * i / 3), 0.92 * math.sin(math.pi * i / 3)) for i in range(6)]
    ),
    "cross": _polygon(
        [
            (-0.3, -0.95),
            (0.3, -0.95),
            (0.3, -0.3),
            (0.95, -0.3),
            (0.95, 0.3),
            (0.3, 0.3),
            (0.3, 0.95),
            (-0.3, 0.95),
            (-0.3, 0.3),
            (-0.95, 0.3),
            (-0.95, -0.3),
            (-0.3, -0.3),
        ]
    ),
    "moon": "M 0.5275 -0.8497 A 1 1 0 1 0 0.5275 0.8497 A 0.85 0.85 0 1 1 0.5275 -0.8497 Z",
    "drop": "M 0 -1 C 0.3 -0.5 0.72 -0.1 0.72 0.28 A 0.72 0.72 0 0 1 -0.72 0.28 "
    "C -0.72 -0.1 -0.3 -0.5 0 -1 Z",
    "ring": "M -0.95 0 A 0.95 0.95 0 1 0 0.95 0 A 0.95 0.95 0 1 0 -0.95 0 Z "
    "M -0.5 0 A 0.5 0.5 0 1 1 0.5 0 A 0.5 0.5 0 1 1 -0.5 0 Z",
}

NUMERALS: dict[str, str] = {
    name: str(i)
    for i, name in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


@frozen
class Slot:
    """Where a symbol goes on a card of radius 1: centre and the largest radius."""

    x: float
    y: float
    r: float


USABLE = 0.9
"""Symbols stay within this fraction of the card's radius."""


def slots(k: int) -> list[Slot]:
    """``k`` non-overlapping discs in a circle of radius :data:`USABLE`, as large
    as a centre disc plus concentric rings allows (rings evenly filled)."""
    if k < 1:
        return []
    if k == 1:
        return [Slot(0.0, 0.0, USABLE * 0.8)]
    best: tuple[float, int, int] | None = None
    for centre in (0, 1):
        for rings in range(1, 9):
            lo, hi = 0.0, USABLE
            for _ in range(40):
                mid = (lo + hi) / 2
                if (
                    _capacity(mid, centre, rings) is not None
                    and sum(_capacity(mid, centre, rings) or []) + centre >= k
                ):
                    lo = mid
                else:
                    hi = mid
            if lo > 0 and (best is None or lo > best[0] + 1e-9):
                best = (lo, centre, rings)
    assert best is not None
    s, centre, rings = best
    caps = _capacity(s, centre, rings)
    assert caps is not None
    left = k - centre
    total = sum(caps)
    counts = [min(c, round(left * c / total)) for c in caps]
    while sum(counts) > left:
        i = max(range(rings), key=lambda j: counts[j] / caps[j])
        counts[i] -= 1
    while sum(counts) < left:
        i = min(range(rings), key=lambda j: counts[j] / caps[j] if counts[j] < caps[j] else 9)
        counts[i] += 1
    out: list[Slot] = [Slot(0.0, 0.0, s)] if centre else []
    for j, count in enumerate(counts):
        rho = _radii(s, centre, rings)[j]
        offset = math.pi / count if j % 2 else 0.0
        for i in range(count):
            a = 2 * math.pi * i / count + offset - math.pi / 2
            out.append(Slot(rho * math.cos(a), rho * math.sin(a), s))
    return out


_RING_GAP = 2.08


def _radii(s: float, centre: int, rings: int) -> list[float]:
    """Ring radii, outermost first."""
    return [USABLE - s - _RING_GAP * s * j for j in range(rings)]


def _capacity(s: float, centre: int, rings: int) -> list[int] | None:
    """How many discs of radius ``s`` fit on each ring (None: the rings do not fit)."""
    radii = _radii(s, centre, rings)
    inner = radii[-1]
    if inner < (_RING_GAP * s if centre else 1.04 * s):
        return None
    caps = []
    for rho in radii:
        ratio = 1.04 * s / rho
        caps.append(int(math.pi / math.asin(min(1.0, ratio))))
    return caps


@frozen
class PageLayout:
    columns: int
    rows: int
    diameter: float
    width: float
    height: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def page_layout(per_page: int, paper: str) -> PageLayout:
    """The grid with the largest cards that holds ``per_page`` cards."""
    if paper not in PAPERS:
        raise InputError(
            f"unknown paper {paper!r} (choose from {', '.join(PAPERS)})", place="paper"
        )
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise InputError(f"choose 1 to {MAX_PER_PAGE} cards per page", place=f"per_page {per_page}")
    width, height = PAPERS[paper]
    best: PageLayout | None = None
    for columns in range(1, per_page + 1):
        rows = -(-per_page // columns)
        cell_w = (width - 2 * MARGIN) / columns
        cell_h = (height - 2 * MARGIN - LABEL) / rows
        d = min(cell_w - GAP, cell_h - GAP - LABEL)
        if best is None or d > best.diameter + 1e-9:
            best = PageLayout(columns, rows, d, width, height)
    assert best is not None
    return best


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if "." in f"{x:.2f}" else f"{x:.2f}"


def _turns(symbol: str) -> bool:
    """Shapes turn freely; numerals and words stay within 35 degrees of upright
    (a 6 turned over would read as a 9)."""
    shape, _, colour = symbol.partition("/")
    return shape in SHAPES and colour in COLOURS


def symbol_svg(symbol: str) -> str:
    """The drawing of one symbol in a box from -1 to 1 (no position)."""
    shape, _, colour = symbol.partition("/")
    fill = COLOURS.get(colour)
    outline = 'stroke="#333333" stroke-width="0.07" stroke-linejoin="round"'
    if fill and shape in SHAPES:
        rule = ' fill-rule="evenodd"' if shape == "ring" else ""
        return f'<use href="#shape-{shape}" fill="{fill}" {outline}{rule}/>'
    numeral = NUMERALS.get(shape, shape if shape.isdigit() and len(shape) <= 2 else None)
    if fill and numeral is not None:
        size = 2.0 if len(numeral) == 1 else 1.4
        return (
            f'<text x="0" y="0" font-family="{FONT}" font-weight="bold" font-size="{size}" '
            f'text-anchor="middle" dominant-baseline="central" fill="{fill}" '
            f'stroke="#333333" stroke-width="0.06">{_esc(numeral)}</text>'
        )
    # Anything else is written out: the shape in its colour, or the whole symbol in black.
    label = shape if fill else symbol
    size = min(0.9, 3.2 / max(1, len(label)))
    return (
        f'<text x="0" y="0" font-family="{FONT}" font-weight="bold" font-size="{_num(size)}" '
        f'text-anchor="middle" dominant-baseline="central" fill="{fill or "#222222"}">'
        f"{_esc(label)}</text>"
    )


def _check_drawable(deck: Deck, source: str | None) -> None:
    for number, card in enumerate(deck.cards, 1):
        if len(card) > MAX_DRAWN:
            raise InputError(
                f"{where(source, f'card {number}')}{len(card)} symbols; render draws at most "
                f"{MAX_DRAWN} on a card"
            )


def page_bodies(deck: Deck, layout: PageLayout, paper: str, seed: str) -> list[str]:
    """The drawing of each page in the page's own millimetres: cards, their
    numbers, cut marks at the corners of each card's square, and a footer."""
    per_page = layout.per_page
    pages = -(-len(deck.cards) // per_page)
    width, height = layout.width, layout.height
    stream = SeedStream(seed, "render")
    cell_w = (width - 2 * MARGIN) / layout.columns
    cell_h = (height - 2 * MARGIN - LABEL) / layout.rows
    radius = layout.diameter / 2
    shapes = {k: slots(k) for k in {len(c) for c in deck.cards}}
    bodies = []
    for page in range(pages):
        first = page * per_page
        cards = deck.cards[first : first + per_page]
        out = [
            f'<g class="page" id="page-{page + 1}" data-cards="{len(cards)}">'
            f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#ffffff"/>'
        ]
        for i, card in enumerate(cards):
            number = first + i + 1
            row, col = divmod(i, layout.columns)
            cx = MARGIN + cell_w * (col + 0.5)
            cy = MARGIN + cell_h * row + GAP / 2 + radius
            out.append(_cut_marks(cx, cy, radius))
            out.append(
                f'<g class="card" id="card-{number}" data-symbols="{len(card)}" '
                f'transform="translate({_num(cx)} {_num(cy)})">'
                f'<circle r="{_num(radius)}" fill="#ffffff" stroke="#222222" stroke-width="0.5"/>'
            )
            places = list(shapes[len(card)])
            stream.shuffle(places)
            for symbol, slot in zip(card, places, strict=True):
                size = slot.r * radius * (0.6 + 0.4 * stream.uniform())
                turn = stream.uniform()
                angle = 360.0 * turn if _turns(symbol) else 70.0 * turn - 35.0
                out.append(
                    f'<g class="symbol" data-symbol="{_esc(symbol)}" transform="translate('
                    f"{_num(slot.x * radius)} {_num(slot.y * radius)}) rotate({angle:.0f}) "
                    f'scale({size:.3f})">{symbol_svg(symbol)}</g>'
                )
            out.append(
                f'<text class="label" x="0" y="{_num(radius + 3.5)}" font-family="{FONT}" '
                f'font-size="3" text-anchor="middle" fill="#888888">{number}</text>'
            )
            out.append("</g>")
        out.append(
            f'<text x="{_num(width / 2)}" y="{_num(height - MARGIN / 2)}" '
            f'font-family="{FONT}" font-size="3" text-anchor="middle" fill="#888888">'
            f"{_esc(deck.name)}: page {page + 1} of {pages}; print at 100% on "
            f"{'A4' if paper == 'a4' else 'US Letter'} and cut along the circles</text>"
        )
        out.append("</g>")
        bodies.append("\n".join(out))
    return bodies


CUT_MARK = 3.0
"""Length of the cut marks at each corner of a card's square, in millimetres."""


def _cut_marks(cx: float, cy: float, radius: float) -> str:
    """Corner ticks just outside the square around a card (never on the card)."""
    lines = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = cx + sx * (radius + 0.8), cy + sy * (radius + 0.8)
            lines.append(f"M {_num(x)} {_num(y)} h {_num(sx * CUT_MARK)}")
            lines.append(f"M {_num(x)} {_num(y)} v {_num(sy * CUT_MARK)}")
    return (
        f'<path class="cut" d="{" ".join(lines)}" stroke="#999999" stroke-width="0.2" fill="none"/>'
    )


def _svg_open(width: float, height: float) -> list[str]:
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}mm" '
        f'height="{_num(height)}mm" viewBox="0 0 {_num(width)} {_num(height)}">',
        "<defs>",
        *(f'<path id="shape-{name}" d="{d}"/>' for name, d in SHAPES.items()),
        "</defs>",
    ]


def render_svg(
    deck: Deck, *, per_page: int = 6, paper: str = "a4", seed: str = "", source: str | None = None
) -> str:
    """The whole deck as one SVG document (pages stacked top to bottom)."""
    layout = page_layout(per_page, paper)
    _check_drawable(deck, source)
    bodies = page_bodies(deck, layout, paper, seed)
    height = layout.height
    out = _svg_open(layout.width, height * len(bodies))
    out.insert(3, f"<title>{_esc(deck.name)}: {len(deck.cards)} cards</title>")
    for page, body in enumerate(bodies):
        out.append(f'<g transform="translate(0 {_num(page * height)})">{body}</g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def render_pdf(
    deck: Deck, *, per_page: int = 6, paper: str = "a4", seed: str = "", source: str | None = None
) -> bytes:
    """The deck as a PDF (fpdf2): one page per sheet, the same drawing as the
    SVG's pages, so no card ever crosses a page edge."""
    import io

    from fpdf import FPDF

    layout = page_layout(per_page, paper)
    _check_drawable(deck, source)
    pdf = FPDF(unit="mm", format=(layout.width, layout.height))
    pdf.set_creator("referee")
    pdf.set_title(f"{deck.name}: {len(deck.cards)} cards")
    pdf.set_auto_page_break(False)
    for body in page_bodies(deck, layout, paper, seed):
        page = "\n".join([*_svg_open(layout.width, layout.height), body, "</svg>"])
        pdf.add_page()
        pdf.image(io.BytesIO(page.encode("utf-8")), x=0, y=0, w=layout.width, h=layout.height)
    return bytes(pdf.output())
