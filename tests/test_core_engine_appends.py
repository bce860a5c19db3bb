"""Appends: an action on a file in the engine's own form adds one line, in
place, with one fsync (the bytes written do not grow with the game); a line
cut short by ``kill -9`` is never read as an action, and the next write
leaves it out."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine_toy import TALLY, Add, Setup, State
from referee import engine
from referee.engine import Decision


def add(path: str, points: int = 1) -> engine.Acted[Setup, State, Add, str]:
    return engine.act(TALLY, path, lambda current: Decision(Add("add", "ann", points), "ok"))


def new(tmp_path: Path) -> str:
    path = str(tmp_path / "g.yaml")
    engine.create(TALLY, path, Setup(("ann",)))
    add(path)  # the first action rewrites "history: []"
    return path


def test_an_action_appends_one_line_in_place(tmp_path: Path) -> None:
    path = new(tmp_path)
    sizes, inode = [], os.stat(path).st_ino
    for _ in range(20):
        before = Path(path).read_bytes()
        add(path)
        after = Path(path).read_bytes()
        assert after.startswith(before)
        assert after[len(before) :].count(b"\n") == 1
        sizes.append(len(after) - len(before))
        assert os.stat(path).st_ino == inode  # the same file: appended, not replaced
    assert len(set(sizes)) == 1
    engine.forget()
    assert engine.load(TALLY, path).version == 21


@pytest.mark.parametrize("tail", [b"-", b"- {", b'- {"act', b'- {"action": "add", "player": "an'])
def test_a_torn_last_line_is_passed_over_and_left_out_by_the_next_write(
    tmp_path: Path, tail: bytes
) -> None:
    path = new(tmp_path)
    add(path)
    whole = Path(path).read_bytes()
    with open(path, "ab") as f:
        f.write(tail)
    engine.forget()
    assert engine.load(TALLY, path).version == 2  # the torn line is no action
    assert add(path).version == 3
    text = Path(path).read_bytes()
    assert text.startswith(whole)  # the torn bytes are gone: one whole line follows
    (line,) = text[len(whole) :].splitlines()
    assert json.loads(line[2:]) == {"action": "add", "player": "ann", "points": 1}
    engine.forget()
    assert engine.load(TALLY, path).version == 3


def test_a_whole_last_line_without_its_newline_is_an_action(tmp_path: Path) -> None:
    """A file saved by an editor that drops the last newline keeps its last action."""
    path = new(tmp_path)
    add(path)
    Path(path).write_bytes(Path(path).read_bytes().rstrip(b"\n"))
    engine.forget()
    assert engine.load(TALLY, path).version == 2
    assert add(path).version == 3


def test_a_failed_append_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.core.errors import InputError

    path = new(tmp_path)
    before = Path(path).read_bytes()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(InputError, match="cannot write the game: No space left on device"):
        add(path)
    monkeypatch.undo()
    assert Path(path).read_bytes() == before
    engine.forget()
    assert add(path).version == 2


CHILD = """
import sys
sys.path.insert(0, sys.argv[2])
from engine_toy import TALLY, Add
from referee import engine
from referee.engine import Decision
path = sys.argv[1]
while True:
    acted = engine.act(TALLY, path, lambda current: Decision(Add("add", "ann", 1), "ok"))
    print(acted.version, flush=True)
"""


@pytest.mark.process
def test_kill_9_while_appending_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """A real process appends actions and prints each version once its write
    returned; it is killed at random moments, twenty times. Every version it
    printed is in the file, which always reads."""
    tests = str(Path(__file__).resolve().parent)
    path = new(tmp_path)
    rng = random.Random(25)
    acknowledged = 1
    for _ in range(20):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, path, tests], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.strip().isdigit()
        time.sleep(rng.uniform(0.0, 0.2))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        printed = [int(v) for v in (first + out).split() if v.isdigit()]
        acknowledged = max(acknowledged, *printed)
        engine.forget()
        version = engine.load(TALLY, path).version
        assert acknowledged <= version <= acknowledged + 1
        acknowledged = version
    assert dict(engine.load(TALLY, path).state.totals)["ann"] == acknowledged


def test_the_memo_is_bounded_by_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine.forget()
    paths = [str(tmp_path / f"g{i}.yaml") for i in range(6)]
    engine.create(TALLY, paths[0], Setup(("ann",)))
    size = len(Path(paths[0]).read_bytes())
    monkeypatch.setattr(engine, "MEMO_BYTES", 3 * size)
    for path in paths[1:]:
        engine.create(TALLY, path, Setup(("ann",)))
    assert len(engine._memos) == 3 and engine._memo_bytes == 3 * size
    assert [key[1] for key in engine._memos] == [os.path.realpath(p) for p in paths[3:]]
    engine.forget()
    assert engine._memo_bytes == 0
