"""Write semantics, the same for every output (referee.core.files.write_text):
symlinks written through, non-regular files never replaced, modes and owners
kept, exclusive creation under a race, temp files never left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from referee.core import files
from referee.core.errors import InputError, OutputExists


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".referee-"))


def test_force_writes_through_a_symlink_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_text("old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(target.name)
    files.write_text(str(link), "new\n", force=True)
    assert link.is_symlink() and os.readlink(link) == "real.yaml"
    assert target.read_text() == "new\n"


def test_a_dangling_symlink_is_written_through(tmp_path: Path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to("made.yaml")
    files.write_text(str(link), "x\n")
    assert link.is_symlink() and (tmp_path / "made.yaml").read_text() == "x\n"


@pytest.mark.parametrize("force", [False, True])
def test_dev_null_is_never_replaced(force: bool) -> None:
    before = os.stat("/dev/null")
    with pytest.raises(InputError, match="is not a regular file"):
        files.write_text("/dev/null", "x\n", force=force)
    after = os.stat("/dev/null")
    assert (before.st_ino, before.st_rdev) == (after.st_ino, after.st_rdev)


def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="is not a regular file"):
        files.write_text(str(fifo), "x\n", force=True)
    assert fifo.is_fifo()


def test_a_directory_is_never_replaced(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        files.write_text(str(tmp_path), "x\n", force=True)


def test_an_empty_name_is_refused() -> None:
    with pytest.raises(InputError, match="an empty file name"):
        files.write_text("", "x\n")


def test_dash_is_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    files.write_text("-", "hello\n")
    assert capsys.readouterr().out == "hello\n"


def test_without_force_an_existing_file_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    with pytest.raises(OutputExists, match="already exists; use --force"):
        files.write_text(str(target), "new\n")
    assert target.read_text() == "old\n"
    assert temps(tmp_path) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="keeping another owner needs root")
def test_as_root_the_owner_and_group_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    os.chown(target, 1234, 2345)
    target.chmod(0o640)
    files.write_text(str(target), "new\n", force=True)
    st = target.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o777) == (1234, 2345, 0o640)


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    """Read-only for everyone (no write bit), so even root leaves it alone."""
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    target.chmod(0o444)
    with pytest.raises(InputError, match="is read-only; not replacing it"):
        files.write_text(str(target), "new\n", force=True)
    assert target.read_text() == "old\n"


def test_leftover_temp_files_of_dead_writers_are_cleaned(tmp_path: Path) -> None:
    # Process ids stay below pid_max, so no process has that id.
    pid = int(Path("/proc/sys/kernel/pid_max").read_text())
    leftover = tmp_path / f".referee-a.txt.{pid}.deadbeef.tmp"
    leftover.write_text("half")
    mine = tmp_path / f".referee-a.txt.{os.getpid()}.cafe.tmp"
    mine.write_text("in progress")
    files.write_text(str(tmp_path / "a.txt"), "x\n")
    assert temps(tmp_path) == [mine.name]  # a live writer's file is left alone


def test_check_destinations_refuses_two_outputs_onto_one_file(tmp_path: Path) -> None:
    a = tmp_path / "a.yaml"
    link = tmp_path / "b.yaml"
    link.symlink_to(a.name)
    with pytest.raises(InputError, match="is the same file as the game"):
        files.check_destinations([(str(a), "game"), (str(link), "next frame file")], force=True)


RACE = textwrap.dedent(
    """
    import sys, time
    from referee.core import files
    from referee.core.errors import RefereeError
    t0 = float(sys.argv[2])
    while time.time() < t0:
        pass
    try:
        files.write_text(sys.argv[1], sys.argv[3] + "\\n")
    except RefereeError as exc:
        print(exc, file=sys.stderr)
        sys.exit(2)
    """
)


@pytest.mark.process
def test_two_simultaneous_creates_one_wins(tmp_path: Path) -> None:
    import time

    for round_ in range(10):
        target = tmp_path / f"g{round_}.yaml"
        start = str(time.time() + 0.3)
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", RACE, str(target), start, name],
                stderr=subprocess.PIPE,
                text=True,
            )
            for name in ("first", "second")
        ]
        codes = sorted(p.wait(timeout=30) for p in procs)
        assert codes == [0, 2]
        assert target.read_text() in ("first\n", "second\n")
    assert temps(tmp_path) == []


SLOW_WRITE = textwrap.dedent(
    """
    import os, sys, time
    from referee.core import files
    real_fsync = os.fsync
    def slow(fd):
        print("writing", flush=True)
        time.sleep(30)
    os.fsync = slow
    files.write_text(sys.argv[1], "x" * 1000, force=True)
    """
)


@pytest.mark.process
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_write_leaves_no_temp_file(tmp_path: Path, sig: signal.Signals) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old\n")
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITE, str(target)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdout is not None
    assert proc.stdout.readline() == "writing\n"
    assert len(temps(tmp_path)) == 1
    proc.send_signal(sig)
    proc.wait(timeout=30)
    assert temps(tmp_path) == []
    assert target.read_text() == "old\n"
