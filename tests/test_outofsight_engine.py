"""Out of Sight on the game engine: versions, undo, stale writes, strict game
files, the --next side file checked before anything is recorded, previous
release files, and real processes racing for one game file.

Most tests run twice through the ``referee`` fixture (in-process and as a real
``python -m referee``); the races are real processes only (``process`` mark).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee import engine
from referee.outofsight.game import GAME

Outcome = tuple[int, str, str]
Runner = Callable[..., Outcome]

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "outofsight" / "game"
EXAMPLES = REPO / "examples" / "outofsight"
FRAMES = [str(DATA / "frame1.yaml"), str(DATA / "frame2.yaml"), str(DATA / "frame3.yaml")]
RELEASE_1 = DATA / "release-1.yaml"


def one_json(out: str) -> Any:
    assert out.endswith("\n") and out.count("\n") == 1, out
    return json.loads(out)


def new_game(referee: Runner, path: Path, *more: str) -> Path:
    code, out, err = referee(
        "outofsight", "game", "new", "--players", "Brian,Jessica", "--mode", "advanced",
        "-o", str(path), *more, "--json",
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    assert one_json(out)["version"] == 0
    return path


def frame(referee: Runner, game: Path, n: int, *more: str) -> dict[str, Any]:
    code, out, err = referee(
        "outofsight", "game", "frame", str(game), FRAMES[n - 1], *more, "--json"
    )
    assert (code, err) == (0, ""), err
    data: dict[str, Any] = one_json(out)
    return data


def show(referee: Runner, game: Path) -> dict[str, Any]:
    code, out, err = referee("outofsight", "game", "show", str(game), "--json")
    assert (code, err) == (0, ""), err
    data: dict[str, Any] = one_json(out)
    return data


def undo(referee: Runner, game: Path, *more: str) -> tuple[int, dict[str, Any]]:
    code, out, err = referee("outofsight", "game", "undo", str(game), *more, "--json")
    assert err == "" or code == 2, err
    return code, one_json(out)


def assert_one_error(code: int, out: str, err: str, *fragments: str) -> str:
    assert "Traceback" not in out + err
    assert code == 2, (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


HISTORY_KEYS = ("version", "activity", "undo", "redo")
"""What show --json says of the history rather than the state (undo keeps it growing)."""


def without_version(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in HISTORY_KEYS}


# ------------------------------------------------------------------- versions


def test_every_recorded_action_adds_one_to_the_version(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    assert show(referee, game)["version"] == 0
    assert frame(referee, game, 1)["version"] == 1
    assert frame(referee, game, 2, "--expect-version", "1")["version"] == 2
    assert undo(referee, game)[1]["version"] == 3
    assert frame(referee, game, 2)["version"] == 4
    assert show(referee, game)["version"] == 4
    assert engine.load(GAME, str(game)).version == 4


def test_a_refused_frame_records_nothing_and_keeps_the_version(
    referee: Runner, tmp_path: Path
) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    frame(referee, game, 1)
    before = game.read_bytes()
    missing = DATA / "frame2-missing.yaml"
    code, out, err = referee("outofsight", "game", "frame", str(game), str(missing), "--json")
    assert (code, err) == (1, "")  # a refusal of the rules, not bad input (issue 22)
    data = one_json(out)
    assert (data["valid"], data["reason"], data["recorded"]) == (
        False,
        "saved-cards-missing",
        False,
    )
    assert data["explanation"] == "Brian's bank lacks cards saved in frame 1: purple 1"
    assert (data["version"], data["frames_played"]) == (1, 1)
    assert game.read_bytes() == before
    assert show(referee, game)["version"] == 1


def test_a_dry_run_keeps_the_version(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    before = game.read_bytes()
    data = frame(referee, game, 1, "--dry-run")
    assert (data["recorded"], data["version"], data["frames_played"]) == (False, 0, 1)
    assert game.read_bytes() == before


# ----------------------------------------------------------------------- undo


def test_undo_restores_what_show_printed_before(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    shown = [show(referee, game)]
    for n in (1, 2):
        frame(referee, game, n)
        shown.append(show(referee, game))
    # Back to frame 1, then to the start.
    code, data = undo(referee, game)
    assert (code, data["undone"]["action"], data["undone"]["frame"]) == (0, "frame", 2)
    assert without_version(show(referee, game)) == without_version(shown[1])
    assert undo(referee, game)[1]["undone"]["frame"] == 1
    assert without_version(show(referee, game)) == without_version(shown[0])
    # Play on to the end; take back the final frame (and the winner with it).
    for n in (1, 2, 3):
        frame(referee, game, n)
        shown.append(show(referee, game))
    assert shown[-1]["over"] and shown[-1]["winners"] == ["Brian", "Jessica"]
    code, data = undo(referee, game)
    assert (code, data["winners"], data["over"]) == (0, [], False)
    assert without_version(show(referee, game)) == without_version(shown[-2])
    # The history keeps everything: frames and undos.
    kept = yaml.safe_load(game.read_text(encoding="utf-8"))["history"]
    assert [a["action"] for a in kept] == ["frame"] * 2 + ["undo"] * 2 + ["frame"] * 3 + ["undo"]
    assert show(referee, game)["version"] == 8


def test_undo_with_nothing_left_is_exit_1(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    before = game.read_bytes()
    code, data = undo(referee, game)
    assert (code, data["undone"], data["reason"], data["version"]) == (
        1,
        None,
        "nothing-to-undo",
        0,
    )
    assert game.read_bytes() == before
    frame(referee, game, 1)
    assert undo(referee, game)[0] == 0
    code, data = undo(referee, game)
    assert (code, data["reason"], data["version"]) == (1, "nothing-to-undo", 2)
    code, out, err = referee("outofsight", "game", "undo", str(game))
    assert (code, out, err) == (1, f"Nothing to undo ({game} is at version 2).\n", "")


def test_undo_text(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    frame(referee, game, 1)
    frame(referee, game, 2)
    code, out, err = referee("outofsight", "game", "undo", str(game))
    assert (code, err) == (0, "")
    assert out == (
        f"Undone: frame 2; {game} is at version 3.\nTotals after frame 1: Brian 10, Jessica 12.\n"
    )


# ----------------------------------------------------------- --expect-version


@pytest.mark.parametrize(
    "command",
    [("frame", FRAMES[1]), ("undo",), ("frame", FRAMES[1], "--dry-run")],
    ids=["frame", "undo", "frame-dry-run"],
)
def test_a_stale_write_is_refused(
    referee: Runner, tmp_path: Path, command: tuple[str, ...]
) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    frame(referee, game, 1)
    before = game.read_bytes()
    args = ("outofsight", "game", command[0], str(game), *command[1:], "--expect-version", "0")
    code, out, err = referee(*args)
    assert (code, out, err) == (2, "", "Error: game changed: version is 1, expected 0\n")
    code, out, err = referee(*args, "--json")
    assert code == 2
    assert one_json(out) == {
        "error": {"kind": "conflict", "message": "game changed: version is 1, expected 0"}
    }
    assert game.read_bytes() == before


# ------------------------------------------------------------------ --next


def test_next_is_checked_before_the_frame_is_recorded(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    nxt = tmp_path / "next.yaml"
    nxt.write_text("mine\n", encoding="utf-8")
    before = game.read_bytes()
    args = ("outofsight", "game", "frame", str(game), FRAMES[0], "--next", str(nxt))
    code, out, err = referee(*args)
    assert (code, out) == (2, "")
    assert err == f"Error: {nxt}: already exists; use --force to overwrite it\n"
    assert game.read_bytes() == before
    assert nxt.read_text(encoding="utf-8") == "mine\n"
    # The natural retry with --force records the frame once.
    code, out, err = referee(*args, "--force", "--json")
    assert (code, err) == (0, "")
    assert (one_json(out)["version"], one_json(out)["output"]) == (1, str(nxt))
    assert yaml.safe_load(nxt.read_text(encoding="utf-8"))["frame"] == 2
    assert len(yaml.safe_load(game.read_text(encoding="utf-8"))["history"]) == 1


@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
def test_next_never_writes_onto_the_game(referee: Runner, tmp_path: Path, force: bool) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    link = tmp_path / "link.yaml"
    link.symlink_to("g.yaml")
    before = game.read_bytes()
    for target in (game, link):
        args = ("outofsight", "game", "frame", str(game), FRAMES[0], "--next", str(target))
        code, out, err = referee(*args, *(["--force"] if force else []))
        fragment = "is the same file as the game" if force else "already exists"
        assert_one_error(code, out, err, str(target), fragment)
        assert game.read_bytes() == before
    assert link.is_symlink()


@pytest.mark.parametrize("where", ["/dev/null", "fifo", "folder"])
def test_next_onto_a_device_fifo_or_folder_records_nothing(
    referee: Runner, tmp_path: Path, where: str
) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    before = game.read_bytes()
    target = {"/dev/null": "/dev/null", "fifo": str(tmp_path / "fifo"), "folder": str(tmp_path)}[
        where
    ]
    if where == "fifo":
        os.mkfifo(target)
    args = ("outofsight", "game", "frame", str(game), FRAMES[0], "--next", target, "--force")
    code, out, err = referee(*args)
    assert_one_error(code, out, err, target)
    assert game.read_bytes() == before
    if where == "fifo":
        assert Path(target).is_fifo()


def test_next_after_the_final_frame_records_nothing(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    frame(referee, game, 1)
    frame(referee, game, 2)
    before = game.read_bytes()
    args = ("outofsight", "game", "frame", str(game), FRAMES[2], "--next", str(tmp_path / "n"))
    code, out, err = referee(*args)
    assert_one_error(code, out, err, "--next", "nothing is saved after the final frame")
    assert game.read_bytes() == before
    assert not (tmp_path / "n").exists()


def test_score_frame_next_is_checked_before_any_output(referee: Runner, tmp_path: Path) -> None:
    for target in ("/dev/null", str(tmp_path)):
        code, out, err = referee("score-frame", FRAMES[0], "--next", target, "--force")
        assert_one_error(code, out, err, target)
        assert out == ""


def test_a_failed_game_write_takes_back_the_new_next_file(
    invoke: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is reported after a write: the next file is written before the
    game, and removed again when the game cannot be written."""
    game = new_game(invoke, tmp_path / "g.yaml")
    before = game.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("referee.core.files.replace", crash)
    nxt = tmp_path / "next.yaml"
    code, out, err = invoke("outofsight", "game", "frame", str(game), FRAMES[0], "--next", str(nxt))
    assert (code, out) == (2, "")
    assert err == f"Error: {game}: cannot write the game: Input/output error\n"
    assert game.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["g.yaml"]


# ------------------------------------------------------------- the output file


def test_new_with_force_writes_through_a_symlink(referee: Runner, tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to("real.yaml")
    new_game(referee, link, "--force")
    assert link.is_symlink() and os.readlink(link) == "real.yaml"
    assert show(referee, real)["version"] == 0
    frame(referee, link, 1)
    assert link.is_symlink() and show(referee, real)["version"] == 1


@pytest.mark.parametrize("where", ["/dev/null", "fifo", "folder"])
def test_new_never_replaces_a_device_fifo_or_folder(
    referee: Runner, tmp_path: Path, where: str
) -> None:
    target = {"/dev/null": "/dev/null", "fifo": str(tmp_path / "fifo"), "folder": str(tmp_path)}[
        where
    ]
    if where == "fifo":
        os.mkfifo(target)
    before = os.stat(target)
    code, out, err = referee(
        "outofsight", "game", "new", "--players", "A,B", "-o", target, "--force"
    )
    assert_one_error(code, out, err, target)
    after = os.stat(target)
    assert (before.st_ino, before.st_mode, before.st_rdev) == (
        after.st_ino,
        after.st_mode,
        after.st_rdev,
    )


# ------------------------------------------------------------- bad game files

EDITS: dict[str, tuple[Callable[[str], str], tuple[str, ...]]] = {
    "mistyped-history": (
        lambda t: t.replace("history:", "histroy:"),
        (
            "line 7",
            "unknown key 'histroy'",
            "expected format, game, mode, players, first, colours, variant, roll, history",
        ),
    ),
    "mistyped-mode": (lambda t: t.replace("mode:", "mdoe:"), ("line 5", "unknown key 'mdoe'")),
    "duplicate-top-key": (
        lambda t: t + "history: null\n",
        ("line 10", "key 'history' appears twice"),
    ),
    "duplicate-key-in-a-bank": (
        lambda t: t.replace('"blue": 4,', '"blue": 4, "blue": 1,', 1),
        ("line 8", "key 'blue' appears twice"),
    ),
    "duplicate-key-in-an-action": (
        lambda t: t.replace('"frame": 2,', '"frame": 2, "frame": 3,', 1),
        ("line 9", "key 'frame' appears twice"),
    ),
    "history-null": (
        lambda t: t.split("history:")[0] + "history: null\n",
        ("history", "expected a list of actions, got nothing"),
    ),
    "5000-digit-frame": (
        lambda t: t.replace('"frame": 2', '"frame": ' + "2" * 5000, 1),
        ("line 9", "5,000 digits"),
    ),
    "5000-digit-count": (
        lambda t: t.replace('"blue": 4', '"blue": ' + "4" * 5000, 1),
        ("line 8", "5,000 digits"),
    ),
    "count-over-the-deck": (
        lambda t: t.replace('"blue": 4', '"blue": 4000', 1),
        ("line 8", "history[0].banks.Brian", "more than 108 cards"),
    ),
    "unknown-action": (
        lambda t: t.replace('"action": "frame", "frame": 2', '"action": "toss", "frame": 2'),
        ("line 9", "history[1].action", "expected turn or frame or undo or redo, got 'toss'"),
    ),
    "unknown-key-in-an-action": (
        lambda t: t.replace('"frame": 2,', '"frame": 2, "fram": 2,', 1),
        ("line 9", "history[1]", "unknown key 'fram' (expected action, by, frame, banks, prefer)"),
    ),
    "tampered-saved-cards": (
        lambda t: t.replace('"purple": 6', '"purple": 1'),
        ("history[1]", "impossible action (saved-cards-missing", "purple 2"),
    ),
    "undo-first": (
        lambda t: t.replace("history:\n", 'history:\n- {"action": "undo"}\n'),
        ("history[0]", "undo with nothing to undo"),
    ),
    "one-player": (
        lambda t: t.replace("[Brian, Jessica]", "[Brian]"),
        ("line 6", "players", "2 to 12 players, got 1"),
    ),
    "other-game": (lambda t: t.replace("game: outofsight", "game: wordblock"), ("game",)),
}

COMMANDS = {
    "frame": ("frame", "@G", FRAMES[2]),
    "undo": ("undo", "@G"),
    "show": ("show", "@G"),
}


@pytest.mark.parametrize("edit", list(EDITS), ids=list(EDITS))
@pytest.mark.parametrize("command", list(COMMANDS), ids=list(COMMANDS))
def test_a_bad_game_file_is_refused_and_left_as_it_is(
    invoke: Runner, tmp_path: Path, edit: str, command: str
) -> None:
    game = tmp_path / "g.yaml"
    game.write_text((EXAMPLES / "game.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    change, fragments = EDITS[edit]
    game.write_text(change(game.read_text(encoding="utf-8")), encoding="utf-8")
    before = game.read_bytes()
    args = [str(game) if a == "@G" else a for a in COMMANDS[command]]
    code, out, err = invoke("outofsight", "game", *args)
    line = assert_one_error(code, out, err, *fragments)
    assert line.startswith(f"Error: {game}: ")
    assert len(line) < 400
    assert game.read_bytes() == before


@pytest.mark.process
def test_a_bad_game_file_as_a_real_process(run: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    text = (EXAMPLES / "game.yaml").read_text(encoding="utf-8")
    game.write_text(text + "history: null\n", encoding="utf-8")
    before = game.read_bytes()
    code, out, err = run("outofsight", "game", "frame", str(game), FRAMES[2])
    assert_one_error(code, out, err, f"{game}: line 10: key 'history' appears twice")
    assert game.read_bytes() == before


FRAME_FILES = {
    "duplicate-colour": (
        "players:\n  Brian: {red: 3, blue: 2, red: 4}\n  Jessica: []\n",
        ("line 2", "key 'red' appears twice"),
    ),
    "duplicate-player": (
        "players:\n  Brian: []\n  Jessica: []\n  Brian: [red]\n",
        ("line 4", "key 'Brian' appears twice"),
    ),
    "unknown-key": (
        "players:\n  Brian: []\n  Jessica: []\nframes: 1\n",
        ("line 4", "unknown key 'frames'"),
    ),
    "5000-digit-count": (
        "players:\n  Brian: {red: " + "7" * 5000 + "}\n  Jessica: []\n",
        ("line 2", "5,000 digits"),
    ),
    "5000-digit-card": (
        "players:\n  Brian: [red-" + "7" * 5000 + "]\n  Jessica: []\n",
        ("line 2", "players.Brian[0]", "got '7777777...77777777'"),
    ),
}


@pytest.mark.parametrize("case", list(FRAME_FILES), ids=list(FRAME_FILES))
def test_a_bad_frame_file_records_nothing(referee: Runner, tmp_path: Path, case: str) -> None:
    game = new_game(referee, tmp_path / "g.yaml")
    before = game.read_bytes()
    text, fragments = FRAME_FILES[case]
    bad = tmp_path / "frame.yaml"
    bad.write_text(text, encoding="utf-8")
    code, out, err = referee("outofsight", "game", "frame", str(game), str(bad))
    assert_one_error(code, out, err, f"Error: {bad}: ", *fragments)
    assert game.read_bytes() == before
    code, out, err = referee("score-frame", str(bad))
    assert_one_error(code, out, err, f"Error: {bad}: ", *fragments)


# ----------------------------------------------------------- the previous release


def test_a_game_file_of_the_previous_release_is_read_and_upgraded(
    referee: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "old.yaml"
    game.write_bytes(RELEASE_1.read_bytes())
    assert "format" not in yaml.safe_load(game.read_text(encoding="utf-8"))
    data = show(referee, game)
    assert (data["version"], data["frames_played"], data["totals"]) == (
        2,
        2,
        {"Brian": 24, "Jessica": 21},
    )
    assert without_version(data) == without_version(show(referee, EXAMPLES / "game.yaml"))
    # The next write gives it this release's shape, history kept.
    assert frame(referee, game, 3)["version"] == 3
    kept = yaml.safe_load(game.read_text(encoding="utf-8"))
    assert (kept["format"], kept["game"]) == ("referee-game/2", "outofsight")
    assert [a["frame"] for a in kept["history"]] == [1, 2, 3]
    assert show(referee, game)["winners"] == ["Brian", "Jessica"]


def test_a_previous_release_file_is_as_strict(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "old.yaml"
    game.write_text(
        RELEASE_1.read_text(encoding="utf-8").replace("mode:", "colour: red\nmode:"),
        encoding="utf-8",
    )
    before = game.read_bytes()
    code, out, err = invoke("outofsight", "game", "undo", str(game))
    assert_one_error(code, out, err, str(game), "unknown key 'colour'")
    assert game.read_bytes() == before


# ----------------------------------------------------------------- real races

RACER = textwrap.dedent(
    """
    import json, subprocess, sys
    game, frame_file, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
    referee = [sys.executable, "-m", "referee", "outofsight", "game"]
    versions = []
    tries = 0
    while len(versions) < want and tries < 20 * want:
        tries += 1
        # Record a frame; when the game is over (all three frames in force: the
        # frame is refused, exit 1), undo one.
        for args in (["frame", game, frame_file], ["undo", game]):
            proc = subprocess.run(referee + args + ["--json"], capture_output=True, text=True)
            if proc.returncode == 0:
                versions.append(json.loads(proc.stdout)["version"])
                break
            refused = proc.returncode == 1 and json.loads(proc.stdout).get("reason")
            if refused not in ("game-over", "nothing-to-undo"):  # others may have undone all
                sys.exit("unexpected: " + proc.stdout + proc.stderr)
    print(json.dumps(versions))
    """
)


@pytest.mark.process
def test_eight_processes_lose_no_action(run: Runner, tmp_path: Path) -> None:
    """8 real processes x 25 recorded actions on one game file: all 200 are in
    the file, and each version 1-200 was reported exactly once."""
    game = tmp_path / "g.yaml"
    code, _, err = run("outofsight", "game", "new", "--players", "Ann,Bob", "-o", str(game))
    assert (code, err) == (0, "")
    frame_file = tmp_path / "frame.yaml"
    frame_file.write_text("players:\n  Ann: {red: 2}\n  Bob: [blue-1]\n", encoding="utf-8")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(game), str(frame_file), "25"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(8)
    ]
    results = [p.communicate(timeout=900) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in results]
    reported = [json.loads(out) for out, _ in results]
    assert all(len(r) == 25 for r in reported)
    assert sorted(v for r in reported for v in r) == list(range(1, 201))
    kept = yaml.safe_load(game.read_text(encoding="utf-8"))
    assert len(kept["history"]) == 200
    assert engine.load(GAME, str(game)).version == 200
    code, out, _ = run("outofsight", "game", "show", str(game), "--json")
    assert (code, json.loads(out)["version"]) == (0, 200)


@pytest.mark.process
def test_two_simultaneous_new_games_one_wins(tmp_path: Path) -> None:
    for n in range(5):
        target = tmp_path / f"g{n}.yaml"
        procs = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "referee",
                    "outofsight",
                    "game",
                    "new",
                    "--players",
                    players,
                    "-o",
                    str(target),
                ],
                cwd=REPO,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for players in ("Ann,Bob", "Cy,Di")
        ]
        outcomes = [(p.wait(timeout=120), p.communicate()[1]) for p in procs]
        assert sorted(code for code, _ in outcomes) == [0, 2], outcomes
        loser = next(err for code, err in outcomes if code == 2)
        assert loser.startswith(f"Error: {target}: already exists") and loser.count("\n") == 1
        winner = next(i for i, (code, _) in enumerate(outcomes) if code == 0)
        players = ("Ann", "Bob") if winner == 0 else ("Cy", "Di")
        assert engine.load(GAME, str(target)).log.setup.players == players
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".referee-")] == []
