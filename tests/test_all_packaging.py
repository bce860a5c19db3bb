"""Packaging: the wheel and the sdist, built offline from this checkout, carry
every file the referee reads at run time (the data files, the sample files the
help examples use, the serve pages, py.typed) and the licence; the metadata is
complete; the version is written in one place."""

from __future__ import annotations

import email.parser
import re
import tarfile
import zipfile
from pathlib import Path

import pytest

import referee
from build_helpers import build

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "referee"


def runtime_files() -> list[str]:
    """Every non-Python file under src/referee the referee reads at run time,
    as a path inside the package (``referee/data/standard-tiles.yaml``)."""
    out = ["referee/py.typed"]
    for folder in ("data", "samples", "serve/pages"):
        for p in sorted((PACKAGE / folder).rglob("*")):
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts:
                out.append("referee/" + p.relative_to(PACKAGE).as_posix())
    return out


def test_the_runtime_files_are_many() -> None:
    """The list the build is checked against is not empty by accident."""
    files = runtime_files()
    assert "referee/data/standard-tiles.yaml" in files
    assert "referee/data/three-letter-words.txt" in files
    assert "referee/samples/setups/sample.yaml" in files
    assert "referee/samples/examples/spotit/order-7.yaml" in files
    assert any(f.startswith("referee/serve/pages/") and f.endswith(".html") for f in files)
    assert len(files) > 40


def test_the_version_is_written_once() -> None:
    """pyproject reads it from referee/__init__.py; no other file states it."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "referee.__version__" }' in pyproject
    assert not re.search(r"^version\s*=\s*\"", pyproject, re.M)
    assert re.fullmatch(r"\d+\.\d+\.\d+", referee.__version__)
    holders = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "src").rglob("*.py"))
        if f'"{referee.__version__}"' in p.read_text(encoding="utf-8")
    ]
    assert holders == ["src/referee/__init__.py"]


def test_licence_file() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.process
def test_wheel_and_sdist_carry_the_data_files(tmp_path: Path) -> None:
    built = build(tmp_path, "wheel", "sdist")
    want = runtime_files()

    with zipfile.ZipFile(built["wheel"]) as whl:
        names = set(whl.namelist())
        (meta_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = email.parser.Parser().parsestr(whl.read(meta_name).decode("utf-8"))
        (entry_name,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        entry_points = whl.read(entry_name).decode("utf-8")
        for name in want:
            assert name in names, f"{name} is not in the wheel"
            assert whl.read(name) == (PACKAGE.parent / name).read_bytes(), name
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "bench/", "docs/")) for n in names)
    assert "referee = referee.cli:console" in entry_points

    assert metadata["Name"] == "referee"
    assert metadata["Version"] == referee.__version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Author"] == "The referee authors"
    assert metadata["Requires-Python"] == ">=3.10"
    classifiers = metadata.get_all("Classifier") or []
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Typing :: Typed" in classifiers
    requires = " ".join(metadata.get_all("Requires-Dist") or [])
    for dep in ("click", "pyenchant", "pyyaml", "fpdf2", "starlette", "uvicorn", "segno"):
        assert dep in requires.lower(), dep
    assert str(metadata.get_payload()).startswith("# referee")  # the README: long description

    with tarfile.open(built["sdist"]) as sdist:
        members = {m.name.split("/", 1)[1]: m for m in sdist.getmembers() if "/" in m.name}
        for name in want:
            member = members.get(f"src/{name}")
            assert member is not None and member.isfile(), f"src/{name} is not in the sdist"
        for name in ("LICENSE", "README.md", "pyproject.toml", "src/referee/__init__.py"):
            assert name in members, name
