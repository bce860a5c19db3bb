"""Standard streams as a shell uses them: pipes closed early, full or closed
stdout, closed stdin, arguments that are not UTF-8. Real processes: these are
about file descriptors, which an in-process runner does not have."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "referee"]


def shell(command: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["bash", "-c", command], cwd=REPO, capture_output=True, timeout=120, check=False
    )


def one_error_line(stderr: bytes) -> str:
    lines = stderr.decode("utf-8", "replace").splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), lines
    assert "Traceback" not in lines[0]
    return lines[0]


def test_a_reader_that_closes_the_pipe_early_is_not_an_error() -> None:
    py = " ".join(REFEREE)
    out = shell(
        f"for i in $(seq 30); do {py} setup catalog | head -1 >/dev/null; "
        'printf "%s" "${PIPESTATUS[0]}"; done'
    )
    assert out.stdout.decode() == "0" * 30
    assert out.stderr == b""


def test_a_full_stdout_is_one_error_line() -> None:
    out = shell(f"{' '.join(REFEREE)} words --layout setups/sample.yaml > /dev/full")
    assert out.returncode == 2
    assert "No space left on device" in one_error_line(out.stderr)


def test_a_closed_stdout_is_one_error_line() -> None:
    out = shell(f"{' '.join(REFEREE)} setup generate --seed 1 >&-")
    assert out.returncode == 2
    assert "standard output is closed" in one_error_line(out.stderr)


def test_a_closed_stdin_is_one_error_line() -> None:
    out = shell(f"{' '.join(REFEREE)} score-frame - <&-")
    assert out.returncode == 2
    assert "<stdin>" in one_error_line(out.stderr)


def test_an_argument_that_is_not_utf8_is_one_error_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [*REFEREE, "wordblock", "game", "new", "--players", b"\xff,Bob", "-o", tmp_path / "g.yaml"],
        cwd=REPO,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert "is not valid UTF-8 text" in one_error_line(proc.stderr)
    assert list(tmp_path.iterdir()) == []


def test_a_mistyped_command_gets_a_suggestion() -> None:
    proc = subprocess.run([*REFEREE, "chek-word"], cwd=REPO, capture_output=True, check=False)
    assert proc.returncode == 2
    assert "did you mean 'check-word'?" in one_error_line(proc.stderr)


@pytest.mark.parametrize(
    "library",
    ["/nonexistent/libenchant.so", "/etc/passwd", "/tmp"],
    ids=["missing", "not-a-library", "a-folder"],
)
def test_a_missing_enchant_library_is_one_error_line(library: str) -> None:
    proc = subprocess.run(
        [*REFEREE, "check-word", "seas", "--layout", "setups/sample.yaml", "--at", "D1"],
        cwd=REPO,
        capture_output=True,
        env={**os.environ, "PYENCHANT_LIBRARY_PATH": library},
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stdout) == (2, b"")
    line = one_error_line(proc.stderr)
    assert "the enchant library could not be loaded" in line
    for platform in ("Debian/Ubuntu: apt-get install", "Fedora: dnf install", "macOS: brew"):
        assert platform in line
    assert "scripts/setup" not in line  # a wheel's user has no scripts/
