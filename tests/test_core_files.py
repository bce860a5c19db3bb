"""The file edge: atomic writes and size-limited reading."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.core import files
from referee.core.errors import InputError


def test_write_text_gives_a_new_file_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        files.write_text(str(tmp_path / "a.txt"), "hello\n")
    finally:
        os.umask(old)
    assert (tmp_path / "a.txt").read_text() == "hello\n"
    assert (tmp_path / "a.txt").stat().st_mode & 0o777 == 0o644


def test_write_text_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    files.write_text(str(target), "new\n", force=True)
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640


def test_write_text_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    with pytest.raises(InputError, match="already exists; use --force"):
        files.write_text(str(target), "new\n")
    assert target.read_text() == "old\n"


def test_a_failed_rename_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old\n")

    def crash(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "replace", crash)
    with pytest.raises(InputError, match="No space left on device"):
        files.write_text(str(target), "new\n", force=True)
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


@pytest.mark.parametrize(
    ("size", "ok"), [(files.MAX_YAML_BYTES, True), (files.MAX_YAML_BYTES + 1, False)],
    ids=["at-limit", "over-limit"],
)  # fmt: skip
def test_yaml_size_limit(tmp_path: Path, size: int, ok: bool) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (size - 1) + b"\n")
    if ok:
        assert len(files.read_bytes(str(path))) == size
    else:
        with pytest.raises(InputError, match=f"is {size:,} bytes, over the 1 MiB limit"):
            files.read_bytes(str(path))


@pytest.mark.parametrize(
    "data",
    [
        b"a: 1\n",
        b"\xef\xbb\xbfa: 1\n",
        b"\xef\xbb\xbf",
        b"a: \xff\n",
        b"\xef\xbb\xbfa: \xff\n",
        b"\xef\xbb",
    ],
)
def test_decode_text_drops_a_byte_order_mark_as_utf_8_sig_does(data: bytes) -> None:
    """The same text as Python's "utf-8-sig" codec (which the reader no longer
    imports); a bad byte is named by its place in the file, the mark counted
    (the codec counts from after the mark)."""
    try:
        expected = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        at = exc.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        assert data[at:].startswith(exc.object[exc.start : exc.end])
        with pytest.raises(InputError, match=rf"^f\.yaml: file is not UTF-8 text \(byte {at}\)$"):
            files.decode_text(data, "f.yaml")
    else:
        assert files.decode_text(data, "f.yaml") == expected
