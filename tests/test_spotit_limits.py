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

    monkeypatch.setattr("referee.spotit.generate", never)
    symbols = tmp_path / "s.txt"
    symbols.write_text("".join(f"{i:x}\n" for i in range(9507)), encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["spotit", "generate", "--order", "97", "--symbols", str(symbols)]
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: --order 97: the deck would be over 3.4 MiB")
    assert result.stderr.count("\n") == 1
