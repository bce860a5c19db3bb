"""The engine's limits agree with its reader: a game at its cap still reads,
shows and hints, and the step that would pass the cap is refused with nothing
written (never an acknowledged write that leaves a file nobody can read)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_toy import TALLY, Add, Setup, State
from helpers import SAMPLE, Runner
from referee import engine
from referee.blindspot.formats import load_layout
from referee.blindspot.game import BLIND_SPOT, UNDO, Action, GameSetup
from referee.core.cells import Cell
from referee.core.errors import TooLarge
from referee.engine import Decision


def add(path: str) -> engine.Acted[Setup, State, Add, str]:
    return engine.act(TALLY, path, lambda current: Decision(Add("add", "ann", 1), "ok"))


def test_a_step_past_the_byte_limit_is_refused_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "g.yaml")
    engine.create(TALLY, path, Setup(("ann",)))
    while Path(path).stat().st_size < 2000:
        add(path)
    monkeypatch.setattr(engine, "MAX_GAME_BYTES", Path(path).stat().st_size + 10)
    before = Path(path).read_bytes()
    with pytest.raises(TooLarge) as caught:
        add(path)
    assert "the game is full" in caught.value.message and caught.value.http_status == 413
    assert Path(path).read_bytes() == before
    engine.forget()
    assert engine.load(TALLY, path).version == before.count(b"\n- ")


def test_a_setup_too_large_to_read_back_is_never_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "MAX_GAME_BYTES", 100)
    with pytest.raises(TooLarge):
        engine.create(TALLY, str(tmp_path / "g.yaml"), Setup(("ann", "bob")))
    assert not (tmp_path / "g.yaml").exists()


def capped_game(path: Path, actions: int) -> None:
    """A Blind Spot game of ``actions`` recorded actions (PET on G1, undo, ...)."""
    setup = GameSetup.create(load_layout(SAMPLE).board, ["red", "blue"])
    play = Action("play", "red", Cell.from_name("G1", 9, 9), "pet")
    history = tuple(play if i % 2 == 0 else UNDO for i in range(actions))
    path.write_text(engine.text(BLIND_SPOT, engine.Log(setup, history)), encoding="utf-8")


@pytest.mark.slow
def test_a_game_at_the_history_cap_still_works(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    capped_game(game, engine.MAX_HISTORY - 1)
    code, out, err = invoke("blindspot", "game", "timeout", str(game))  # the 100,000th action
    assert (code, err) == (0, "")
    full = game.read_bytes()
    for step in (["play", str(game), "tale", "--at", "E4"], ["undo", str(game)]):
        code, out, err = invoke("blindspot", "game", *step)
        assert (code, out) == (2, ""), out
        assert err.startswith(f"Error: {game}: the game is full: a game file holds at most 100,000")
        assert err.count("\n") == 1 and "Traceback" not in err
        assert game.read_bytes() == full
    engine.forget()
    code, out, err = invoke("blindspot", "game", "show", str(game), "--json")
    assert code == 0 and '"version": 100000' in out
    assert invoke("blindspot", "game", "hint", str(game))[0] == 0
    code, out, _ = invoke("blindspot", "game", "undo", str(game), "--json")
    assert code == 2 and '"kind": "too-large"' in out


def test_a_lock_held_too_long_is_busy_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl
    import os
    import time

    from referee.core.errors import Busy

    path = str(tmp_path / "g.yaml")
    engine.create(TALLY, path, Setup(("ann",)))
    before = Path(path).read_bytes()
    monkeypatch.setattr(engine, "LOCK_WAIT", 0.2)
    holder = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        start = time.monotonic()
        with pytest.raises(Busy) as caught:
            add(path)
        assert time.monotonic() - start < 2
        assert caught.value.http_status == 503 and "try again" in caught.value.message
    finally:
        os.close(holder)
    assert Path(path).read_bytes() == before
    assert add(path).version == 1  # the lock is free again


@pytest.mark.process
def test_a_writer_stopped_holding_the_lock_makes_the_cli_say_busy(
    run: Runner, tmp_path: Path
) -> None:
    """A real process holds the game's lock (as a CLI writer stopped with
    Ctrl-Z would): the next writer gives up after the wait, exit 2."""
    import subprocess
    import sys

    game = tmp_path / "g.yaml"
    assert (
        run(
            "blindspot", "game", "new", "--layout", SAMPLE, "--players", "red,blue", "-o", str(game)
        )[0]
        == 0
    )
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, sys, time; f = open(sys.argv[1]); fcntl.flock(f, fcntl.LOCK_EX); "
            "print('held', flush=True); time.sleep(30)",
            str(game),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        code, out, err = run("blindspot", "game", "play", str(game), "pet", "--at", "G1")
        assert (code, out) == (2, "")
        assert (
            err
            == f"Error: {game}: the game is busy: another writer has held it for 5 s; nothing was written, try again\n"
        )
    finally:
        holder.kill()
        holder.wait()
    assert run("blindspot", "game", "play", str(game), "pet", "--at", "G1")[0] == 0
