"""``referee examples [DIR]``: the sample files that ship inside the package
are copied out, byte for byte, under the project's write rules (no overwrite
without --force; --force never replaces a folder, device or FIFO; nothing is
written unless every file can be)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import assert_one_error_line, in_process, one_json

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "src" / "referee" / "samples"


def shipped() -> dict[str, bytes]:
    """Every sample file in the source tree (what the package carries), by relative path."""
    return {
        p.relative_to(SAMPLES).as_posix(): p.read_bytes()
        for p in sorted(SAMPLES.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def copied(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_repo_root_names_are_the_package_samples() -> None:
    """setups/ and examples/ at the repo root are links into the package, so
    docs and tests name the very files a wheel ships."""
    for name in ("setups", "examples"):
        assert (ROOT / name).is_symlink()
        assert (ROOT / name).resolve() == (SAMPLES / name).resolve()
    files = shipped()
    assert "setups/sample.yaml" in files
    assert "examples/spotit/order-7.yaml" in files
    assert {name.split("/")[1] for name in files if name.startswith("examples/")} == {
        "blindspot",
        "outofsight",
        "spotit",
        "wordblock",
    }


def test_copies_every_sample_into_a_new_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = in_process("examples", "here/samples", "--json")
    assert (code, err) == (0, "")
    doc = one_json(out)
    assert doc["folder"] == "here/samples"
    want = shipped()
    assert sorted(doc["output"]) == sorted(f"here/samples/{name}" for name in want)
    assert copied(tmp_path / "here" / "samples") == want


def test_default_folder_is_the_current_one_and_the_samples_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = in_process("examples")
    assert (code, err) == (0, "")
    assert f"Wrote {len(shipped())} sample files into ." in out
    assert copied(tmp_path) == shipped()
    # The copies are the real thing: the README's first example runs on them.
    code, out, err = in_process(
        "check-word", "seas", "--layout", "setups/sample.yaml", "--at", "D1"
    )
    assert (code, err) == (0, "")
    assert "SEAS is legal" in out


def test_refuses_to_overwrite_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One file already there: exit 2 naming it, and no other file is written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples" / "spotit").mkdir(parents=True)
    mine = tmp_path / "examples" / "spotit" / "order-2.yaml"
    mine.write_text("my own deck\n")
    code, out, err = in_process("examples")
    assert_one_error_line(
        code, out, err, "examples/spotit/order-2.yaml", "already exists", "--force"
    )
    assert mine.read_text() == "my own deck\n"
    assert copied(tmp_path) == {"examples/spotit/order-2.yaml": b"my own deck\n"}


def test_refusal_under_json_is_a_json_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert in_process("examples")[0] == 0
    code, out, err = in_process("examples", "--json")
    assert_one_error_line(code, out, err, "setups/README.md", "already exists", as_json=True)
    assert json.loads(out)["error"]["kind"] == "exists"


def test_force_replaces_regular_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert in_process("examples")[0] == 0
    (tmp_path / "setups" / "sample.yaml").write_text("changed\n")
    (tmp_path / "setups" / "mine.yaml").write_text("not a sample\n")
    code, _out, err = in_process("examples", "--force")
    assert (code, err) == (0, "")
    files = copied(tmp_path)
    assert files.pop("setups/mine.yaml") == b"not a sample\n"  # other files are left alone
    assert files == shipped()


@pytest.mark.parametrize("kind", ["directory", "fifo", "device"])
def test_force_never_replaces_a_folder_fifo_or_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "setups").mkdir()
    target = tmp_path / "setups" / "sample.yaml"
    if kind == "directory":
        target.mkdir()
        fragment = "is a directory"
    elif kind == "fifo":
        os.mkfifo(target)
        fragment = "not a regular file"
    else:  # a link to a device: the link's target is what would be replaced
        target.symlink_to("/dev/null")
        fragment = "not a regular file"
    code, out, err = in_process("examples", "--force")
    assert_one_error_line(code, out, err, "setups/sample.yaml", fragment)
    assert not (tmp_path / "examples").exists()
    assert sorted(p.name for p in (tmp_path / "setups").iterdir()) == ["sample.yaml"]


def test_dir_that_is_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("x\n")
    code, out, err = in_process("examples", "notes.txt")
    assert_one_error_line(code, out, err, "notes.txt", "is not a folder")
    assert (tmp_path / "notes.txt").read_text() == "x\n"


def test_a_sample_folder_that_is_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``examples`` already there as a file: refused, even with --force, nothing written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").write_text("x\n")
    code, out, err = in_process("examples", "--force")
    assert_one_error_line(code, out, err, "examples", "is not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["examples"]


def test_empty_dir_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = in_process("examples", "")
    assert_one_error_line(code, out, err, "DIR", "empty")
    assert list(tmp_path.iterdir()) == []


def test_unwritable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the referee may not create files in: one error line, exit 2."""
    if os.geteuid() == 0:
        # root may write anywhere; a read-only file system plays the part instead
        target = "/proc/referee-samples"
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = str(locked / "samples")
    monkeypatch.chdir(tmp_path)
    code, out, err = in_process("examples", target)
    assert_one_error_line(code, out, err, "referee-samples" if os.geteuid() == 0 else "samples")


def test_dir_completes_as_a_file_name() -> None:
    """DIR is a click.Path: the shells complete folder names there."""
    from click.shell_completion import BashComplete

    from referee.cli import cli

    items = BashComplete(cli, {}, "referee", "_REFEREE_COMPLETE").get_completions(
        ["examples"], "sam"
    )
    assert [(item.type, item.value) for item in items] == [("file", "sam")]
