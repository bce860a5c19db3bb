"""Spot it! limits that must be told before the work is done."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli


def test_generate_refuses_an_oversized_deck_before_building_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the deck was built before the size was checked")

    monkeypatch.setattr("referee.spotit.planes.generate", never)
    symbols = tmp_path / "s.txt"
    symbols.write_text("".join(f"{i:x}\n" for i in range(9507)), encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["spotit", "generate", "--order", "97", "--symbols", str(symbols)]
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: --order 97: the deck would be over 3.4 MiB")
    assert result.stderr.count("\n") == 1


@pytest.mark.process
def test_render_writes_a_pdf_whose_pages_hold_whole_cards(tmp_path: Path) -> None:
    """Rasterised by poppler's pdftoppm: 57 cards at 6 a page make 10 A4 pages,
    and nothing is drawn within 3 mm of any page edge, so no card crosses one."""
    import subprocess

    pdf = tmp_path / "cards.pdf"
    repo = Path(__file__).resolve().parents[1]
    result = CliRunner().invoke(
        cli, ["spotit", "render", str(repo / "examples/spotit/order-7.yaml"), "-o", str(pdf)]
    )
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF-")
    subprocess.run(["pdftoppm", "-r", "25", "-gray", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.pgm"))
    assert len(pages) == 10
    for page in pages:
        width, height, pixels = read_pgm(page.read_bytes())
        assert width == 207 and height in (292, 293)  # A4 at 25 dpi
        edge = 3  # pixels: 3 mm at 25 dpi
        dark = [
            (x, y)
            for y in range(height)
            for x in range(width)
            if pixels[y * width + x] < 200
            and (x < edge or y < edge or x >= width - edge or y >= height - edge)
        ]
        assert dark == [], f"{page.name}: drawn at the page edge: {dark[:5]}"
        assert sum(p < 100 for p in pixels) > 500, f"{page.name}: the page looks empty"


def read_pgm(data: bytes) -> tuple[int, int, bytes]:
    """A binary PGM (P5) as width, height and one byte per pixel."""
    import re

    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header is not None
    width, height = int(header[1]), int(header[2])
    return width, height, data[header.end() : header.end() + width * height]
