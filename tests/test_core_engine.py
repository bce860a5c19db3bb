"""The game log (referee.engine) on a toy game: versions, undo as an action,
stale writes refused, strict files, and real processes racing for one file."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from engine_toy import TALLY, Add, Setup, State
from referee import engine
from referee.core.errors import ConflictError, InputError, OutputExists
from referee.engine import Decision, Refusal


def new_game(tmp_path: Path, players: tuple[str, ...] = ("ann", "bob")) -> str:
    path = str(tmp_path / "g.yaml")
    engine.create(TALLY, path, Setup(players))
    return path


Acted = engine.Acted[Setup, State, Add, object]


def play(path: str, player: str, points: int, expect: int | None = None) -> Acted:
    def decide(current: engine.Replayed[Setup, State, Add]) -> Decision[Add, object]:
        if current.state.turn != player:
            return Decision(None, Refusal("not-your-turn"))
        return Decision(Add("add", player, points), "ok")

    return engine.act(TALLY, path, decide, expect_version=expect)


def test_a_new_game_is_version_0_and_each_action_adds_one(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    assert engine.load(TALLY, path).version == 0
    assert play(path, "ann", 3).version == 1
    assert play(path, "bob", 4).version == 2
    g = engine.load(TALLY, path)
    assert (g.version, g.state.to_dict()) == (2, {"totals": {"ann": 3, "bob": 4}, "turn": "ann"})


def test_a_refused_step_records_nothing(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    before = Path(path).read_bytes()
    acted = play(path, "bob", 3)
    assert not acted.recorded and acted.result == Refusal("not-your-turn")
    assert acted.version == 0
    assert Path(path).read_bytes() == before


def test_undo_is_an_action_and_restores_the_state(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    play(path, "ann", 3)
    shown = engine.load(TALLY, path).state
    play(path, "bob", 5)
    undone = engine.undo(TALLY, path)
    assert undone.recorded and undone.result == Add("add", "bob", 5)
    assert undone.version == 3
    assert engine.load(TALLY, path).state == shown
    assert '{"action": "undo"}' in Path(path).read_text()
    engine.undo(TALLY, path)
    nothing = engine.undo(TALLY, path)
    assert nothing.result == engine.NOTHING_TO_UNDO and not nothing.recorded
    assert nothing.version == 4


def test_a_stale_write_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    play(path, "ann", 3, expect=0)
    before = Path(path).read_bytes()
    with pytest.raises(ConflictError, match=r"^game changed: version is 1, expected 0$"):
        play(path, "bob", 3, expect=0)
    assert Path(path).read_bytes() == before


def test_create_never_replaces_without_force(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    play(path, "ann", 1)
    with pytest.raises(OutputExists):
        engine.create(TALLY, path, Setup(("x", "y")))
    assert engine.load(TALLY, path).version == 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("history:", "histroy:"), "unknown key 'histroy'"),
        (lambda t: t + "history: null\n", "key 'history' appears twice"),
        (lambda t: t.split("history:")[0] + "history: null\n", "history: expected a list of actions"),
        (lambda t: t.replace('"points": 3', '"points": ' + "9" * 5000), "5,000 digits"),
        (lambda t: t.replace('"player": "bob"', '"player": "ann"'), "history[1]: impossible action (not-your-turn"),
        (lambda t: t.replace("game: tally", "game: other"), "game: expected tally"),
        (lambda t: t.replace("format: referee-game/2", "format: 9"), "format"),
    ],
    ids=["mistyped-key", "history-null-appended", "history-null", "5000-digits", "impossible", "other-game", "format"],
)  # fmt: skip
def test_bad_files_are_refused_and_left_as_they_are(
    tmp_path: Path, edit: Callable[[str], str], message: str
) -> None:
    path = new_game(tmp_path)
    play(path, "ann", 3)
    play(path, "bob", 3)
    Path(path).write_text(edit(Path(path).read_text()))
    before = Path(path).read_bytes()
    with pytest.raises(InputError) as info:
        play(path, "ann", 1)
    assert message in str(info.value)
    assert str(info.value).startswith(path + ": ")
    assert Path(path).read_bytes() == before


def test_the_lock_follows_a_replaced_file(tmp_path: Path) -> None:
    """A writer that waited on the old file (replaced by a rename) acts on the new one."""
    path = new_game(tmp_path)
    with engine.locked(path) as (fd, real):
        import os

        assert os.path.samestat(os.fstat(fd), os.stat(real))


WRITER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, sys.argv[3])
    from engine_toy import TALLY, Add
    from referee import engine
    from referee.engine import Decision
    path, me = sys.argv[1], int(sys.argv[2])
    versions = []
    for k in range(25):
        acted = engine.act(TALLY, path, lambda g: Decision(Add("add", g.state.turn, me), None))
        versions.append(acted.version)
    print(" ".join(map(str, versions)))
    """
)


@pytest.mark.process
def test_eight_processes_lose_no_action(tmp_path: Path) -> None:
    path = new_game(tmp_path, ("a", "b", "c"))
    tests = str(Path(__file__).parent)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, path, str(n), tests], stdout=subprocess.PIPE, text=True
        )
        for n in range(1, 9)
    ]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    versions = sorted(int(v) for out in outs for v in out.split())
    assert versions == list(range(1, 201))
    g = engine.load(TALLY, path)
    assert g.version == 200
    assert sum(dict(g.state.totals).values()) == 25 * sum(range(1, 9))


# ------------------------------------------------------------------ the memo
# A long-running process (referee serve) keeps the game it last read or wrote
# per file, and reuses it only when the file's bytes are exactly the same.


def test_the_memo_and_a_full_replay_agree(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    for player, points in (("ann", 3), ("bob", 4), ("ann", 5)):
        play(path, player, points)
    engine.undo(TALLY, path)
    play(path, "ann", 6)
    remembered = engine.load(TALLY, path)
    engine.forget()
    fresh = engine.load(TALLY, path)
    assert (remembered.version, remembered.state, remembered.in_force) == (
        fresh.version,
        fresh.state,
        fresh.in_force,
    )
    assert remembered.log == fresh.log
    # the file written a line at a time is exactly the file written whole
    assert Path(path).read_text() == engine.text(TALLY, fresh.log)


@pytest.mark.process
def test_a_write_by_another_process_between_two_actions_is_seen(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    assert play(path, "ann", 3).version == 1  # remembered by this process
    other = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, sys.argv[2])
        from engine_toy import TALLY, Add
        from referee import engine
        from referee.engine import Decision
        acted = engine.act(TALLY, sys.argv[1], lambda g: Decision(Add("add", "bob", 40), None))
        print(acted.version)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", other, path, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["2"]
    acted = play(path, "ann", 5)  # not bob's turn again: the other process's action counts
    assert acted.recorded and acted.version == 3
    assert dict(acted.game.state.totals) == {"ann": 8, "bob": 40}
    with pytest.raises(ConflictError, match="version is 3, expected 2"):
        play(path, "bob", 1, expect=2)


def test_a_file_changed_behind_the_memos_back_is_read_again(tmp_path: Path) -> None:
    """Same inode, same size, same modification time, other bytes: still seen."""
    import os

    path = new_game(tmp_path)
    play(path, "ann", 3)
    play(path, "bob", 4)
    before = os.stat(path)
    text = Path(path).read_text()
    edited = text.replace('"points": 4', '"points": 7')
    assert len(edited) == len(text) and edited != text
    with open(path, "r+", encoding="utf-8") as f:  # in place: the inode stays
        f.write(edited)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )
    assert dict(engine.load(TALLY, path).state.totals) == {"ann": 3, "bob": 7}
    acted = play(path, "ann", 1)
    assert dict(acted.game.state.totals) == {"ann": 4, "bob": 7}
    engine.forget()
    assert dict(engine.load(TALLY, path).state.totals) == {"ann": 4, "bob": 7}


def test_a_refused_step_in_a_remembered_game_records_nothing(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    play(path, "ann", 3)
    before = Path(path).read_bytes()
    assert not play(path, "ann", 3).recorded  # bob's turn
    assert Path(path).read_bytes() == before
    assert engine.load(TALLY, path).version == 1


def test_an_empty_game_file_is_named_alike_when_read_and_when_changed(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    Path(path).write_text("")
    for attempt in (lambda: engine.load(TALLY, path), lambda: play(path, "ann", 1)):
        with pytest.raises(InputError, match=r"g\.yaml: game is empty$"):
            attempt()
