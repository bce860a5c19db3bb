"""The result card rasterised: the PDF through pdftoppm (poppler-utils)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from test_review_games import blindspot_game, endgame


@pytest.mark.process
@pytest.mark.parametrize("kind", ["blindspot", "wordblock"])
def test_card_rasterised(kind: str, tmp_path: Path) -> None:
    from PIL import Image

    game = (
        blindspot_game(tmp_path / "g.yaml", turns=25)
        if kind == "blindspot"
        else endgame(tmp_path / "g.yaml")
    )
    pdf = tmp_path / "card.pdf"
    result = CliRunner().invoke(cli, ["review", str(game), "--budget", "0", "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "card"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf), str(out)], check=True, timeout=60
    )
    png = out.with_suffix(".png")
    with Image.open(png) as image:
        width, height = image.size
        assert abs(width / height - 210 / 297) < 0.01
        grey = image.convert("L")
        dark = sum(grey.histogram()[:100])
        assert dark > 0.02 * width * height  # drawn: text, board, QR code
        qr = grey.crop((int(width * 0.6), int(height * 0.35), width, int(height * 0.65)))
        low, high = qr.getextrema()
        assert low < 50 and high > 200
