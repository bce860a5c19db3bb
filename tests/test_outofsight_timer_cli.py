"""The ``referee timer`` command in a pseudo-terminal, on a fake clock.

``--clock manual`` (or REFEREE_TIMER_CLOCK=manual) stands still and moves one
second per ``+`` key, so these tests are exact and never sleep; ``fast:N``
runs the real loop N times faster than real time.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
import sys
import termios
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from referee.outofsight.timer import SandTimer
from referee.outofsight.timer_cli import Terminal, TurnClock, run_turn

REPO = Path(__file__).resolve().parent.parent
PROMPT = "Press Enter to start; then s = Stop, f = Flip, q = quit."


def spawn(*args: str, clock: str = "manual", command: str | None = None) -> pexpect.spawn[str]:
    """``referee timer ARGS`` (or a bash ``command``) on a pseudo-terminal, with
    the whole transcript kept in ``child.logfile_read``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["NO_COLOR"] = "1"
    env["REFEREE_TIMER_CLOCK"] = clock
    program, argv = (
        ("bash", ["-c", command])
        if command is not None
        else (sys.executable, ["-m", "referee", "timer", *args])
    )
    child = pexpect.spawn(program, argv, env=env, cwd=str(REPO), encoding="utf-8", timeout=20)
    child.logfile_read = io.StringIO()
    return child


def finish(child: pexpect.spawn[str]) -> tuple[int, str]:
    """Wait for the end: (exit code, the whole transcript with plain newlines)."""
    child.expect(pexpect.EOF)
    child.close()
    log = child.logfile_read
    assert isinstance(log, io.StringIO)
    transcript = log.getvalue().replace("\r\n", "\n")
    assert "Traceback" not in transcript
    code = child.exitstatus if child.exitstatus is not None else 128 + (child.signalstatus or 0)
    return code, transcript


@pytest.mark.process
def test_stop_after_a_flip() -> None:
    child = spawn()
    child.expect_exact("Sand timer: 30.0 seconds. " + PROMPT)
    child.send("\n")
    child.expect_exact("Go!")
    child.expect_exact("Time left:  30.0")
    child.send("+" * 10)
    child.expect_exact("Time left:  20.0")
    child.send("f")  # 10 seconds have run: 10 are left after the flip
    child.expect_exact("Flip! 10.0 seconds left.")
    child.send("++++")
    child.expect_exact("Time left:   6.0")
    child.send("f")
    child.expect_exact("No Flip: only one Flip per turn.")
    child.send("s")
    code, rest = finish(child)
    assert code == 0
    assert rest.endswith("Stop! 6.0 seconds before time (the turn lasted 14.0 seconds).\n")


@pytest.mark.process
def test_time_runs_out() -> None:
    child = spawn("--seconds", "3")
    child.expect_exact("Sand timer: 3.0 seconds. ")
    child.send("\n++")
    child.expect_exact("Time left:   1.0")
    child.send("+")
    code, rest = finish(child)
    assert code == 1
    assert rest.endswith("Time left:   0.0\n\aTime! The cards taken this turn are lost.\n")


@pytest.mark.process
def test_hidden_shows_nothing_until_the_end() -> None:
    child = spawn("--hidden", "--seconds", "5")
    child.expect_exact("Sand timer: 5.0 seconds (hidden). " + PROMPT)
    child.send("\n")
    child.expect_exact("Go! The timer is hidden.")
    child.send("++f")
    child.expect_exact("Flip!")
    child.send("+")  # 2 seconds had run: 2 are left after the flip, then 1
    assert child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.5) == 0  # still running
    child.send("+")  # and none: the sand runs out
    code, transcript = finish(child)
    assert code == 1
    assert transcript.endswith(
        "Go! The timer is hidden.\nFlip!\n\aTime! The cards taken this turn are lost.\n"
    )
    assert "Time left" not in transcript
    assert "seconds left" not in transcript


@pytest.mark.process
def test_keys_before_enter_do_nothing() -> None:
    child = spawn("--seconds", "2")
    child.expect_exact(PROMPT)
    child.send("sfx")
    child.send("\n")
    child.expect_exact("Go!")
    child.send("s")
    code, rest = finish(child)
    assert code == 0
    assert rest.endswith("Stop! 2.0 seconds before time (the turn lasted 0.0 seconds).\n")


@pytest.mark.process
def test_json_outcome_on_stdout(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    child = spawn(
        command=f"exec {sys.executable} -m referee timer --json --seconds 20 > {out}",
    )
    child.expect_exact(PROMPT)  # the live display is on stderr, the terminal
    child.send("\n+++++f+s")
    code, rest = finish(child)
    assert code == 0
    assert "Flip! 5.0 seconds left." in rest
    text = out.read_text(encoding="utf-8")
    assert text.count("\n") == 1
    assert json.loads(text) == {
        "outcome": "stop",
        "seconds": 20.0,
        "elapsed": 6.0,
        "left": 4.0,
        "flipped": True,
        "flipped_at": 5.0,
        "hidden": False,
        "margin": 4.0,
    }


@pytest.mark.process
def test_q_quits() -> None:
    child = spawn()
    child.expect_exact(PROMPT)
    child.send("\n+q")
    code, rest = finish(child)
    assert code == 0
    assert rest.endswith("\nQuit.\n")
    assert "Error" not in rest


@pytest.mark.process
def test_q_before_the_start_quits_too_and_json_says_so() -> None:
    child = spawn("--json")
    child.expect_exact(PROMPT)
    child.send("q")
    code, rest = finish(child)
    assert code == 0
    assert "Error" not in rest
    doc = json.loads(rest.splitlines()[-1])
    assert doc == {"outcome": "quit", "seconds": 30.0, "hidden": False}


@pytest.mark.process
def test_ctrl_c_aborts() -> None:
    """click turns the interrupt into its Abort: exit 130, the terminal restored."""
    child = spawn()
    child.expect_exact(PROMPT)
    child.send("\n")
    child.expect_exact("Go!")
    child.sendintr()
    code, rest = finish(child)
    assert code == 130
    assert rest.endswith("\nError: aborted\n")


@pytest.mark.process
def test_fast_clock_runs_out() -> None:
    child = spawn(clock="fast:100")  # 30 seconds in 0.3 real seconds
    child.expect_exact(PROMPT)
    child.send("\n")
    code, rest = finish(child)
    assert code == 1
    assert rest.endswith("\aTime! The cards taken this turn are lost.\n")
    assert "Time left:   0.0" in rest


@pytest.mark.process
def test_fast_clock_stop() -> None:
    child = spawn("--seconds", "600", clock="fast:10")  # 600 seconds in a real minute
    child.expect_exact(PROMPT)
    child.send("\n")
    child.expect(r"Time left: +5\d\d\.\d")
    child.send("s")
    code, rest = finish(child)
    assert code == 0
    m = re.search(
        r"Stop! (\d+\.\d) seconds before time \(the turn lasted (\d+\.\d) seconds\)", rest
    )
    assert m is not None, rest
    assert float(m.group(1)) + float(m.group(2)) == pytest.approx(600, abs=0.11)


# --------------------------------------------------------------- in-process parts


def scripted(keys: str) -> Iterator[str | None]:
    yield from keys


def test_run_turn_in_process() -> None:
    out = io.StringIO()
    keys = scripted("\n" + "+" * 12 + "fs")
    state, event = run_turn(
        SandTimer.from_seconds(30), TurnClock("manual"), lambda _t: next(keys), out, hidden=False
    )
    assert (event.kind, event.margin, state.phase) == ("stop", 12.0, "stopped")
    lines = out.getvalue().split("\n")
    assert lines[0] == "Sand timer: 30.0 seconds. " + PROMPT
    assert lines[1] == "Go!"
    assert lines[2].split("\r")[1:] == [f"Time left: {f'{30 - n}.0':>5}" for n in range(13)]
    assert lines[3:] == [
        "Flip! 12.0 seconds left.",
        "\rTime left:  12.0\rTime left:  12.0",
        "Stop! 12.0 seconds before time (the turn lasted 12.0 seconds).",
        "",
    ]


def test_terminal_is_restored() -> None:
    master, slave = pty.openpty()
    try:
        before = termios.tcgetattr(slave)
        with pytest.raises(KeyboardInterrupt), Terminal(slave):
            assert termios.tcgetattr(slave)[3] & termios.ICANON == 0  # cbreak: no line editing
            raise KeyboardInterrupt
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize(
    ("spec", "manual"), [("real", False), ("manual", True), ("fast:2.5", False)], ids=str
)
def test_clock_specs(spec: str, manual: bool) -> None:
    clock = TurnClock(spec)
    assert clock.manual is manual
    assert clock.consume("+") is manual
    if manual:
        assert clock() == 1.0
