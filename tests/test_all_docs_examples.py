"""The README's (and docs/*.md's) ``console`` examples are run and compared.

A ``console`` block holds ``$ command`` lines each followed by its exact output
(stdout then stderr). The commands of one block run in order, in a fresh
folder that links to the repository's ``setups``, ``examples`` and ``tests`` (so a block
may create files such as ``game.yaml``). ``text`` blocks are illustrations
and are not run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]

_BLOCK = re.compile(r"^([ \t]*)```console\n(.*?)^[ \t]*```", re.M | re.S)


Block = list[tuple[str, str]]


def blocks(doc: Path) -> list[Block]:
    out: list[Block] = []
    for m in _BLOCK.finditer(doc.read_text(encoding="utf-8")):
        body = textwrap.dedent(m.group(2))
        block: Block = []
        command: str | None = None
        expected: list[str] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    block.append((command, "\n".join(expected)))
                command, expected = line[2:], []
            else:
                expected.append(line)
        if command is not None:
            block.append((command, "\n".join(expected)))
        out.append(block)
    return out


BLOCKS = [(doc.name, block) for doc in DOCS for block in blocks(doc)]


def test_readme_has_examples() -> None:
    """The Quick start's and one for each game."""
    assert sum(len(b) for name, b in BLOCKS if name == "README.md") >= 5


@pytest.mark.process
@pytest.mark.parametrize(("doc", "block"), BLOCKS, ids=[f"{name}: {b[0][0]}" for name, b in BLOCKS])
def test_readme_example(doc: str, block: Block, tmp_path: Path) -> None:
    for name in ("setups", "examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["NO_COLOR"] = "1"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    for command, expected in block:
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (command, (proc.stdout + proc.stderr).rstrip("\n")) == (
            command,
            expected.rstrip("\n"),
        )
