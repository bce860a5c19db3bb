"""Building the wheel and the sdist offline, from a copy of the checkout (so
that two builds at once, or a build beside an editable install, never share
setuptools' build/ and egg-info folders)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SOURCE = ("pyproject.toml", "README.md", "LICENSE", "src")
"""What the build reads."""


def build(tmp_path: Path, *kinds: str) -> dict[str, Path]:
    """Build ``kinds`` (``wheel``, ``sdist``) with ``python -m build
    --no-isolation`` (setuptools from this venv: nothing is downloaded) and
    return each built file by kind."""
    tree = tmp_path / "source"
    tree.mkdir()
    for name in SOURCE:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(
                src, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
            )
        else:
            shutil.copy2(src, tree / name)
    dist = tmp_path / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist)]
        + [f"--{kind}" for kind in kinds],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    found = {
        "wheel": list(dist.glob("referee-*.whl")),
        "sdist": list(dist.glob("referee-*.tar.gz")),
    }
    out: dict[str, Path] = {}
    for kind in kinds:
        assert len(found[kind]) == 1, found
        out[kind] = found[kind][0]
    return out
