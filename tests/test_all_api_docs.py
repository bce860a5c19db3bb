"""The Python API's examples (``pycon`` blocks of docs/api.md and the README)
run as doctests, in-process, in a folder that holds the sample files."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

import referee
from referee.cli.general import samples_root

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "docs" / "api.md", ROOT / "README.md"]
_BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.M | re.S)


def copy_examples(folder: str) -> None:
    """``setups/`` and ``examples/`` beside the examples, as ``referee examples`` writes them."""
    import shutil

    for name in ("setups", "examples"):
        shutil.copytree(os.path.join(samples_root(), name), os.path.join(folder, name))


def examples(page: Path) -> str:
    return "\n".join(m.group(1) for m in _BLOCK.finditer(page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_pages_python_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = examples(page)
    if page.name == "api.md":
        assert text.count(">>> ") >= 20
    else:
        assert "import referee" in text  # the README says how to call the referee from Python
    copy_examples(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)
    assert runner.tries == text.count(">>> ")


def test_the_api_module_docstring_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.api

    copy_examples(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    result = doctest.testmod(referee.api, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5


def test_import_referee_loads_the_api_only_when_used() -> None:
    assert set(referee.__all__) <= set(dir(referee))
    assert referee.Report is referee.api.Report
    with pytest.raises(AttributeError):
        referee.nothing_here  # noqa: B018
    assert os.path.basename(referee.__file__ or "") == "__init__.py"
