"""The README's ``console`` examples are run and their output compared.

A ``console`` block holds ``$ command`` lines each followed by its exact output
(stdout then stderr). ``text`` blocks are illustrations and are not run.
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

_BLOCK = re.compile(r"^([ \t]*)```console\n(.*?)^[ \t]*```", re.M | re.S)


def examples() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for m in _BLOCK.finditer(README.read_text(encoding="utf-8")):
        body = textwrap.dedent(m.group(2))
        command: str | None = None
        expected: list[str] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    out.append((command, "\n".join(expected)))
                command, expected = line[2:], []
            else:
                expected.append(line)
        if command is not None:
            out.append((command, "\n".join(expected)))
    return out


EXAMPLES = examples()


def test_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["NO_COLOR"] = "1"
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert (proc.stdout + proc.stderr).rstrip("\n") == expected.rstrip("\n")
