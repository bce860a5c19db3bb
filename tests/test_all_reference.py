"""docs/reference.md is generated from the Click tree (scripts/reference) and
cannot drift: regenerated here, it must equal the committed file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from referee.cli import cli
from referee.cli.reference import render, walk

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "reference.md"


def test_reference_is_up_to_date() -> None:
    """If this fails, run scripts/reference and commit docs/reference.md."""
    assert REFERENCE.read_text(encoding="utf-8") == render(), (
        "docs/reference.md is out of date: run scripts/reference"
    )


def test_reference_has_every_command_with_its_options() -> None:
    text = render()
    commands = walk(cli, "referee")
    assert len(commands) > 40
    for path, ctx in commands:
        section = text.split(f"\n## {path}\n", 1)[1].split("\n## ", 1)[0]
        assert section.startswith(f"\n```text\nUsage: {path} ")
        for param in ctx.command.params:
            if isinstance(param, click.Option) and not param.hidden:
                record = param.get_help_record(ctx)
                assert record is not None and record[0] in section, (path, param.opts)
        if not isinstance(ctx.command, click.Group):
            assert "Example:" in section, path


def test_reference_does_not_depend_on_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Made 100 columns wide whatever COLUMNS says: the drift test passes everywhere."""
    monkeypatch.setenv("COLUMNS", "40")
    narrow = render()
    monkeypatch.setenv("COLUMNS", "250")
    assert render() == narrow


@pytest.mark.process
def test_the_generator_writes_the_file(tmp_path: Path) -> None:
    """The module scripts/reference runs writes exactly the committed file."""
    out = tmp_path / "reference.md"
    proc = subprocess.run(
        [sys.executable, "-m", "referee.cli.reference", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert out.read_text(encoding="utf-8") == REFERENCE.read_text(encoding="utf-8")
    script = (ROOT / "scripts" / "reference").read_text(encoding="utf-8")
    assert "-m referee.cli.reference docs/reference.md" in script
