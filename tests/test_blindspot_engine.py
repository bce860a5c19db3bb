"""Blind Spot game files on the engine (issue 12), tried as players would.

Real ``referee`` processes where processes matter (``@pytest.mark.process``):
eight players recording at once lose nothing and see every version once; two
``game new -o X`` at once, exactly one wins. In-process (CliRunner) for the
rest: every bad game, layout, position and catalog file is one ``Error:``
line naming the file and the place and is left byte for byte; undo gives back
what ``show --json`` printed before; ``--expect-version`` refuses a stale
write; ``--force`` writes through a symlink and never replaces /dev/null or a
FIFO; files of the previous release are read and rewritten in this shape.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee import engine
from referee.blindspot.game import BLIND_SPOT

Outcome = tuple[int, str, str]
Runner = Callable[..., Outcome]

REPO = Path(__file__).resolve().parent.parent
SAMPLE = "setups/sample.yaml"
DATA = REPO / "tests" / "data" / "blindspot-games"
PREVIOUS = DATA / "format-1"


def one_error(result: Outcome) -> str:
    """Exit 2, nothing on stdout, one ``Error:`` line on stderr (returned)."""
    code, out, err = result
    assert code == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.startswith("Error: ") and err.count("\n") == 1, err
    return err.rstrip("\n")


def one_json(out: str) -> Any:
    assert out.endswith("\n") and out.count("\n") == 1, out
    return json.loads(out)


def new_game(invoke: Runner, path: Path, *players: str) -> None:
    seats = ",".join(players or ("red", "blue"))
    code, _, err = invoke(
        "blindspot", "game", "new", "--layout", SAMPLE, "--players", seats, "-o", str(path)
    )
    assert (code, err) == (0, ""), err


HISTORY_KEYS = ("activity", "undo", "redo")
"""The keys of show --json that tell the history, not the state (undo keeps them growing)."""


def show(invoke: Runner, path: Path) -> dict[str, Any]:
    """``game show --json`` but for the keys that tell the history."""
    code, out, err = invoke("blindspot", "game", "show", str(path), "--json")
    assert (code, err) == (0, ""), err
    result: dict[str, Any] = one_json(out)
    return {k: v for k, v in result.items() if k not in HISTORY_KEYS}


PAGE_KEYS = ("timer_seconds", "next", "ranking")
"""What show --json adds to a step's state for the pages (beside HISTORY_KEYS)."""


def act(invoke: Runner, path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    command, *rest = args
    code, out, err = invoke("blindspot", "game", command, str(path), *rest, "--json")
    assert code in (0, 1) and err == "", (code, out, err)
    doc: dict[str, Any] = one_json(out)
    return code, doc


# ------------------------------------------------------- players at one table


REFEREE = [sys.executable, "-m", "referee"]


def _player(path: str, plays: int, versions: list[int], problems: list[str]) -> None:
    """Record ``plays`` actions, alternating a timeout and an undo; a refused
    one (the game is over, or nothing is left to undo) records nothing, so the
    player tries the other."""
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("REFEREE_DICTIONARY", None)
    wanted = ["timeout", "undo"]
    recorded = 0
    attempts = 0
    while recorded < plays and attempts < plays * 20:
        attempts += 1
        command = wanted[recorded % 2] if attempts % 7 else wanted[(recorded + 1) % 2]
        proc = subprocess.run(
            [*REFEREE, "blindspot", "game", command, path, "--json"],
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
            timeout=120,
            check=False,
        )
        if proc.returncode == 1:
            wanted.reverse()
            continue
        if proc.returncode != 0 or proc.stderr:
            problems.append(f"{command}: exit {proc.returncode}: {proc.stderr}")
            return
        versions.append(json.loads(proc.stdout)["version"])
        recorded += 1
    if recorded < plays:
        problems.append(f"only {recorded} of {plays} recorded in {attempts} attempts")


@pytest.mark.process
def test_eight_players_record_200_actions_and_lose_none(invoke: Runner, tmp_path: Path) -> None:
    """8 real processes x 25 recorded actions on one game file: all 200 are in
    the file, the versions the commands report are 1-200 each exactly once."""
    path = tmp_path / "game.yaml"
    new_game(invoke, path, "red", "blue", "yellow", "green")
    versions: list[list[int]] = [[] for _ in range(8)]
    problems: list[str] = []
    threads = [
        threading.Thread(target=_player, args=(str(path), 25, versions[n], problems))
        for n in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not problems, problems
    assert sorted(v for mine in versions for v in mine) == list(range(1, 201))
    for mine in versions:
        assert mine == sorted(mine)  # each player sees the game only move forward
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert len(data["history"]) == 200
    assert show(invoke, path)["version"] == 200
    game = engine.load(BLIND_SPOT, str(path))
    assert game.version == 200
    assert not list(tmp_path.glob(".referee-*"))  # no temp file left behind


@pytest.mark.process
def test_two_simultaneous_new_one_wins(tmp_path: Path) -> None:
    """Two ``game new -o X`` at once without --force: one exits 0, the other 2."""
    for round_ in range(5):
        path = tmp_path / f"game-{round_}.yaml"
        argv = [*REFEREE, "blindspot", "game", "new", "--layout", SAMPLE, "-o", str(path)]
        procs = [
            subprocess.Popen(
                [*argv, "--players", players],
                cwd=REPO,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for players in ("red,blue", "blue,red")
        ]
        results = [(p.wait(timeout=120), *p.communicate()) for p in procs]
        codes = sorted(code for code, _, _ in results)
        assert codes == [0, 2], results
        loser = next(err for code, _, err in results if code == 2)
        assert loser.startswith(f"Error: {path}: already exists") and loser.count("\n") == 1
        winner = next(i for i, (code, _, _) in enumerate(results) if code == 0)
        first = show_players(path)
        assert first == (["red", "blue"] if winner == 0 else ["blue", "red"])


def show_players(path: Path) -> list[str]:
    players: list[str] = yaml.safe_load(path.read_text(encoding="utf-8"))["players"]
    return players


# ------------------------------------------------------------- bad game files


def _game_text(invoke: Runner, tmp_path: Path) -> str:
    path = tmp_path / "made.yaml"
    new_game(invoke, path)
    for args in (("play", "pet", "--at", "G1"), ("play", "tale", "--at", "E4"), ("timeout",)):
        assert act(invoke, path, *args)[0] == 0
    return path.read_text(encoding="utf-8")


BAD_GAMES: dict[str, tuple[Callable[[str], str], str]] = {
    "mistyped-history": (
        lambda t: t.replace("history:", "histroy:"),
        "line 11: unknown key 'histroy' (expected format, game, mode, players, dictionary, "
        "allow, layout, history)",
    ),
    "mistyped-layout-key": (
        lambda t: t.replace("  sha256:", "  sha265:"),
        "line 9: layout: unknown key 'sha265'",
    ),
    "mistyped-action-key": (
        lambda t: t.replace('"word": "tale"', '"wrod": "tale"'),
        "line 13: history[1]: unknown key 'wrod' (expected action, player, at, word, by)",
    ),
    "history-twice": (
        lambda t: t + "history: null\n",
        "line 15: key 'history' appears twice",
    ),
    "key-twice-in-layout": (
        lambda t: t.replace("  sha256:", "  source: elsewhere.yaml\n  sha256:"),
        "line 9: key 'source' appears twice",
    ),
    "key-twice-in-an-action": (
        lambda t: t.replace('{"action": "timeout",', '{"action": "timeout", "action": "undo",'),
        "line 14: key 'action' appears twice",
    ),
    "history-null": (
        lambda t: t.split("history:")[0] + "history: null\n",
        "history: expected a list of actions, got nothing",
    ),
    "5000-digits": (
        lambda t: t.replace('"at": "G1"', '"at": ' + "9" * 5000),
        "line 12: a number of 5,000 digits is out of range (at most 18 digits)",
    ),
    "digits-as-players": (
        lambda t: t.replace("players: [red, blue]", "players: [red, 123456789012345678]"),
        "line 6: players[1]: unknown colour 123456789012345678",
    ),
    "impossible": (
        lambda t: t.replace('"at": "E4"', '"at": "G1"'),
        "history[1]: impossible action (occupied: play blue G1 TALE)",
    ),
    "not-yaml": (lambda t: t + "history: [\n", "line 16: not valid YAML"),
}


@pytest.mark.parametrize(
    "command",
    [
        ("show",),
        ("show", "--json"),
        ("hint",),
        ("play", "seas", "--at", "D1"),
        ("bonus", "--at", "A5"),
        ("skip-bonus",),
        ("timeout",),
        ("undo",),
    ],
    ids=lambda c: "-".join(c),
)
@pytest.mark.parametrize("bad", list(BAD_GAMES))
def test_a_bad_game_file_is_one_line_and_left_as_it_is(
    invoke: Runner, tmp_path: Path, bad: str, command: tuple[str, ...]
) -> None:
    edit, message = BAD_GAMES[bad]
    path = tmp_path / "game.yaml"
    path.write_text(edit(_game_text(invoke, tmp_path)), encoding="utf-8")
    before = path.read_bytes()
    code, out, err = invoke("blindspot", "game", command[0], str(path), *command[1:])
    line = one_error((code, "", err))
    assert line.startswith(f"Error: {path}: "), line
    assert message in line, line
    if "--json" in command:
        assert one_json(out) == {"error": {"kind": "input", "message": line[len("Error: ") :]}}
    else:
        assert out == ""
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml", "made.yaml"]


# ---------------------------------------------------------- other bad files

LETTERS = (
    "letters: [searstoep, komieguud, bhvnlcwyf, wealotaru, gjtdaqnxz, noirtcamt, etecstars, "
    "planoetyb, aopetmish]\n"
)


BAD_INPUTS: dict[str, tuple[str, str, str]] = {
    # name: (which file, its text, the message after "Error: FILE: ")
    "layout-key-twice": (
        "layout",
        LETTERS + "name: a\nname: b\n",
        "line 3: key 'name' appears twice",
    ),
    "layout-unknown-key": (
        "layout",
        LETTERS + "lettres: []\n",
        "line 2: unknown key 'lettres' (expected game, name, catalog, generator, seed, code, "
        "tiles, letters)",
    ),
    "layout-huge-number": ("layout", LETTERS + "seed: " + "7" * 5000 + "\n", "5,000 digits"),
    "layout-seed-19-digits": (
        "layout",
        LETTERS + "seed: " + "1" * 19 + "\n",
        "line 2: a number of 19 digits is out of range (at most 18 digits)",
    ),
    "layout-key-twice-in-catalog": (
        "layout",
        LETTERS + "catalog: {name: a, name: b}\n",
        "line 2: key 'name' appears twice",
    ),
    "position-key-twice": (
        "position",
        "spots:\n  red: [A1]\n  red: [B2]\n",
        "line 3: key 'red' appears twice",
    ),
    "position-unknown-key": (
        "position",
        "spots: {red: [A1]}\nglases: {red: 1}\n",
        "line 2: unknown key 'glases' (expected spots, glasses, teams)",
    ),
    "position-huge-number": (
        "position",
        "glasses: {red: " + "1" * 5000 + "}\n",
        "line 1: a number of 5,000 digits is out of range",
    ),
    "position-glasses-3": (
        "position",
        "glasses: {red: 3}\n",
        "line 1: glasses.red: expected a whole number from 0 to 2, got 3",
    ),
    "catalog-tile-twice-by-name": (
        "catalog",
        "name: x\ntiles:\n  1: {A: [abc, def, ghi], B: [abc, def, ghi]}\n"
        "  '1': {A: [abc, def, ghi], B: [abc, def, ghi]}\n",
        "line 4: tiles: tile 1 is listed twice",
    ),
    "catalog-key-twice": (
        "catalog",
        "name: x\ntiles:\n  1: {A: [abc, def, ghi], B: [abc, def, ghi]}\n"
        "  1: {A: [abc, def, ghi], B: [abc, def, ghi]}\n",
        "line 4: key 1 appears twice",
    ),
    "catalog-unknown-key": ("catalog", "name: x\ntils: {}\n", "line 2: unknown key 'tils'"),
    "catalog-huge-number": (
        "catalog",
        "name: x\ntiles:\n  1: {A: [abc, def, ghi], B: " + "1" * 5000 + "}\n",
        "line 3: a number of 5,000 digits is out of range",
    ),
    "catalog-tile-1000": (
        "catalog",
        "name: x\ntiles:\n  1000: {A: [abc, def, ghi], B: [abc, def, ghi]}\n",
        "line 3: tiles: 1000 is not a tile number (1 to 999)",
    ),
}


def _command_for(which: str, path: str, out: str) -> list[tuple[str, ...]]:
    """Every command that reads such a file (one writes a game: it must not)."""
    if which == "layout":
        return [
            ("check-word", "seas", "--layout", path, "--at", "D1"),
            ("words", "--layout", path),
            ("blindspot", "game", "new", "--layout", path, "--players", "red,blue", "-o", out),
        ]
    if which == "position":
        return [
            ("check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--position", path),
            ("words", "--layout", SAMPLE, "--position", path),
        ]
    return [
        ("setup", "catalog", "--catalog", path),
        ("setup", "generate", "--seed", "1", "--catalog", path, "-o", out),
        ("check-word", "toe", "--at", "B1", "--layout", "setups/by-tiles.yaml", "--catalog", path),
    ]


@pytest.mark.parametrize("bad", list(BAD_INPUTS))
def test_other_bad_files_are_one_line_and_nothing_is_written(
    invoke: Runner, tmp_path: Path, bad: str
) -> None:
    which, text, message = BAD_INPUTS[bad]
    path = tmp_path / f"{which}.yaml"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.yaml"
    for argv in _command_for(which, str(path), str(out)):
        line = one_error(invoke(*argv))
        assert line.startswith(f"Error: {path}: "), (argv, line)
        assert message in line, (argv, line)
        assert len(line) < 400
        assert not out.exists()
    assert path.read_text(encoding="utf-8") == text


# --------------------------------------------------------------------- undo


def test_undo_restores_what_show_printed_at_every_point(invoke: Runner, tmp_path: Path) -> None:
    """A whole game forward, then undo back to the start: after each undo
    ``show --json`` is what it was before the undone action, the version aside
    (it only grows); at the start, exit 1 nothing-to-undo and nothing written."""
    path = tmp_path / "game.yaml"
    new_game(invoke, path)
    moves = [
        ("play", "pet", "--at", "G1"),
        ("play", "tale", "--at", "E4"),
        ("play", "planet", "--at", "E8"),
        ("bonus", "--at", "A5"),
        ("timeout",),
        ("play", "seas", "--at", "D1"),
        ("play", "cat", "--at", "H5"),
        ("timeout",),
        ("play", "action", "--at", "D6"),
        ("skip-bonus",),
        ("timeout",),
    ]
    shown = [show(invoke, path)]
    for move in moves:
        code, doc = act(invoke, path, *move)
        assert code == 0, doc
        shown.append(show(invoke, path))
        assert shown[-1]["version"] == doc["version"] == len(shown) - 1
    assert shown[-1]["winner"] == "blue"
    version = len(moves)
    for before in reversed(shown[:-1]):
        code, doc = act(invoke, path, "undo")
        version += 1
        assert (code, doc["reason"], doc["version"]) == (0, None, version)
        now = show(invoke, path)
        assert now == {**before, "version": version}
        state = {k: v for k, v in now.items() if k not in PAGE_KEYS}
        assert {"version": doc["version"], **doc["state"]} == state
    file_before = path.read_bytes()
    code, doc = act(invoke, path, "undo")
    assert (code, doc["valid"], doc["reason"], doc["version"]) == (
        1,
        False,
        "nothing-to-undo",
        version,
    )
    assert path.read_bytes() == file_before
    history = yaml.safe_load(path.read_text(encoding="utf-8"))["history"]
    assert len(history) == 2 * len(moves)
    assert history[len(moves) :] == [{"action": "undo"}] * len(moves)


def test_undo_of_a_new_game_is_nothing_to_undo(invoke: Runner, tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    new_game(invoke, path)
    before = path.read_bytes()
    code, out, err = invoke("blindspot", "game", "undo", str(path))
    assert (code, err) == (1, "")
    assert out.endswith(
        "\nNot accepted: undo: nothing-to-undo: there is no action to take back.\nTurn: red.\n"
    )
    assert path.read_bytes() == before


# -------------------------------------------------------- stale writes


STEPS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = {
    # command: (its arguments, the moves before it)
    "play": (("play", "tale", "--at", "E4"), (("play", "pet", "--at", "G1"),)),
    "bonus": (
        ("bonus", "--at", "A5"),
        (
            ("play", "pet", "--at", "G1"),
            ("play", "tale", "--at", "E4"),
            ("play", "planet", "--at", "E8"),
        ),
    ),
    "skip-bonus": (
        ("skip-bonus",),
        (
            ("play", "pet", "--at", "G1"),
            ("play", "tale", "--at", "E4"),
            ("play", "planet", "--at", "E8"),
        ),
    ),
    "timeout": (("timeout",), (("play", "pet", "--at", "G1"),)),
    "undo": (("undo",), (("play", "pet", "--at", "G1"),)),
}


@pytest.mark.parametrize("step", list(STEPS))
def test_expect_version_refuses_a_stale_write(invoke: Runner, tmp_path: Path, step: str) -> None:
    args, moves = STEPS[step]
    path = tmp_path / "game.yaml"
    new_game(invoke, path)
    for move in moves:
        assert act(invoke, path, *move)[0] == 0
    version = len(moves)
    before = path.read_bytes()
    stale = str(version - 1)
    line = one_error(
        invoke("blindspot", "game", args[0], str(path), *args[1:], "--expect-version", stale)
    )
    assert line == f"Error: game changed: version is {version}, expected {stale}"
    code, out, err = invoke(
        "blindspot", "game", args[0], str(path), *args[1:], "--expect-version", stale, "--json"
    )
    assert (code, err) == (2, f"Error: game changed: version is {version}, expected {stale}\n")
    assert one_json(out) == {
        "error": {
            "kind": "conflict",
            "message": f"game changed: version is {version}, expected {stale}",
        }
    }
    assert path.read_bytes() == before
    code, doc = act(invoke, path, *args, "--expect-version", str(version))
    assert (code, doc["version"]) == (0, version + 1)


def test_expect_version_is_a_short_whole_number(invoke: Runner, tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    new_game(invoke, path)
    before = path.read_bytes()
    for bad in ("-1", "x", "9" * 5000):
        line = one_error(invoke("blindspot", "game", "timeout", str(path), "--expect-version", bad))
        assert line.startswith(
            "Error: Invalid value for '--expect-version': expected a whole number"
        )
        assert len(line) < 300
    assert path.read_bytes() == before


# ------------------------------------------------- where new games are written


def test_force_through_a_symlink_keeps_the_link(invoke: Runner, tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to("real.yaml")
    argv = (
        "blindspot",
        "game",
        "new",
        "--layout",
        SAMPLE,
        "--players",
        "red,blue",
        "-o",
        str(link),
    )
    line = one_error(invoke(*argv))
    assert line == f"Error: {link}: already exists; use --force to overwrite it"
    assert invoke(*argv, "--force")[0] == 0
    assert link.is_symlink() and os.readlink(link) == "real.yaml"
    assert show(invoke, target)["version"] == 0
    # Changing the game through the link writes through it too.
    code, doc = act(invoke, link, "play", "pet", "--at", "G1")
    assert (code, doc["version"]) == (0, 1)
    assert link.is_symlink() and show(invoke, target)["version"] == 1


@pytest.mark.parametrize("force", [False, True], ids=["no-force", "force"])
def test_new_never_replaces_dev_null(invoke: Runner, force: bool) -> None:
    before = os.stat("/dev/null")
    argv = ["blindspot", "game", "new", "--layout", SAMPLE, "--players", "red,blue"]
    line = one_error(invoke(*argv, "-o", "/dev/null", *(["--force"] if force else [])))
    assert line.startswith("Error: /dev/null: ")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (
        before.st_ino,
        before.st_rdev,
    )


def test_new_never_replaces_a_fifo(invoke: Runner, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    argv = (
        "blindspot",
        "game",
        "new",
        "--layout",
        SAMPLE,
        "--players",
        "red,blue",
        "-o",
        str(fifo),
    )
    line = one_error(invoke(*argv, "--force"))
    assert line == (
        f"Error: {fifo}: is not a regular file (a device, FIFO or socket); "
        "the referee never replaces one"
    )
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_game_file_that_is_a_fifo_or_folder_is_refused(invoke: Runner, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    line = one_error(invoke("blindspot", "game", "timeout", str(fifo)))
    assert line == f"Error: {fifo}: is not a regular file; a game file is expected"
    line = one_error(invoke("blindspot", "game", "timeout", str(tmp_path)))
    assert line == f"Error: {tmp_path}: is a directory; a game file is expected"


# ---------------------------------------------------- the previous release


def test_a_previous_release_file_is_read_and_rewritten_in_this_shape(
    invoke: Runner, tmp_path: Path
) -> None:
    """``game: blind-spot-game``, ``format: 1``, ``actions`` of ``do:``, as
    the previous release wrote them: read as they are (the same state as the
    same game in this release's shape), and the next change writes the file in
    this release's shape with the whole history and one more action."""
    old = tmp_path / "old.yaml"
    shutil.copyfile(PREVIOUS / "two-player-game.yaml", old)
    assert old.read_text(encoding="utf-8").startswith("# A Blind Spot game kept by referee. Every")
    same = show(invoke, DATA / "two-player-game.yaml")
    assert show(invoke, old) == same == {**show(invoke, old), "version": 11}
    code, out, err = invoke("blindspot", "game", "show", str(old))
    assert (code, err) == (0, "") and out.endswith(
        "Actions: 11 (version 11)\nGame over: blue wins.\n"
    )
    code, doc = act(invoke, old, "undo", "--expect-version", "11")
    assert (code, doc["version"], doc["undone"]) == (0, 12, {"action": "timeout", "player": "red"})
    data = yaml.safe_load(old.read_text(encoding="utf-8"))
    assert (data["format"], data["game"], "actions" in data) == (
        "referee-game/2",
        "blindspot",
        False,
    )
    new = yaml.safe_load((DATA / "two-player-game.yaml").read_text(encoding="utf-8"))
    assert data["history"] == [*new["history"], {"action": "undo"}]
    assert {k: v for k, v in data.items() if k != "history"} == {
        k: v for k, v in new.items() if k != "history"
    }


def test_a_previous_release_solo_game_with_forced_timeout_and_undo(
    invoke: Runner, tmp_path: Path
) -> None:
    old = tmp_path / "solo.yaml"
    shutil.copyfile(PREVIOUS / "solo-with-undo.yaml", old)
    assert show(invoke, old) == {
        "version": 5,
        "mode": "solo",
        "players": ["blue", "red"],
        "seats": [{"name": "blue", "colour": "blue"}, {"name": "red", "colour": "red"}],
        "over": False,
        "turn": "red",
        "spots": {"red": ["E4"], "blue": ["G1"]},
        "glasses": {"blue": 1, "red": 0},
        "eliminated": [],
        "bonus_owed": False,
        "winner": None,
        "solo_score": 0,
        "solo_rating": "Get those eyes checked!",
        "spots_left": {"blue": 38, "red": 39},
        "actions": 3,
        "timer_seconds": 30,
        "next": ["play", "timeout"],
        "ranking": None,
    }
    code, doc = act(invoke, old, "timeout", "--anyway")
    assert (code, doc["version"], doc["action"]) == (
        0,
        6,
        {"action": "timeout", "player": "red", "forced": True},
    )
    data = yaml.safe_load(old.read_text(encoding="utf-8"))
    assert data["dictionary"] == "en_US"
    assert data["history"][:3] == [
        {"action": "timeout", "player": "blue", "forced": True},
        {"action": "play", "player": "red", "at": "G1", "word": "pet"},
        {"action": "undo"},
    ]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("actions:", "actoins:"), "line 21: unknown key 'actoins'"),
        (lambda t: t + "actions: null\n", "line 33: key 'actions' appears twice"),
        (lambda t: t.replace("format: 1", "format: 3"), "format: expected referee-game/2"),
    ],
    ids=["mistyped-actions", "actions-twice", "unknown-format"],
)
def test_a_bad_previous_release_file_is_refused_not_emptied(
    invoke: Runner, tmp_path: Path, edit: Callable[[str], str], message: str
) -> None:
    """The issue's typo: ``actions:`` mistyped as ``actoins:`` used to show an
    empty board and let the next play erase the history."""
    path = tmp_path / "old.yaml"
    path.write_text(edit((PREVIOUS / "two-player-game.yaml").read_text(encoding="utf-8")))
    before = path.read_bytes()
    for command in (("show",), ("play", "koi", "--at", "C2"), ("undo",)):
        line = one_error(invoke("blindspot", "game", command[0], str(path), *command[1:]))
        assert line.startswith(f"Error: {path}: ") and message in line, line
    assert path.read_bytes() == before


# ---------------------------------------------------------------- the verbs


def test_the_old_verb_order_is_gone(invoke: Runner, tmp_path: Path) -> None:
    """``play GAME WORD --at CELL`` (as check-word); ``play GAME CELL WORD`` is a usage error."""
    path = tmp_path / "game.yaml"
    new_game(invoke, path)
    before = path.read_bytes()
    line = one_error(invoke("blindspot", "game", "play", str(path), "G1", "pet"))
    assert line.startswith("Error: Missing option '--at'"), line
    line = one_error(invoke("blindspot", "game", "play", str(path), "G1", "pet", "--at", "G1"))
    assert line.startswith("Error: Got unexpected extra argument (pet)"), line
    line = one_error(invoke("blindspot", "game", "play", str(path), "G1", "--at", "G1"))
    assert line == "Error: word 'G1': words are letters a-z only (no digits, spaces or marks)"
    line = one_error(invoke("blindspot", "game", "bonus", str(path), "A5"))
    assert line.startswith("Error: Missing option '--at'"), line
    assert path.read_bytes() == before
    assert act(invoke, path, "play", "pet", "--at", "G1")[0] == 0


def test_team_seats_alternate_on_the_command_line(invoke: Runner, tmp_path: Path) -> None:
    """Issue 12: "The members of each team sit alternately with the other team"."""
    path = tmp_path / "teams.yaml"
    argv = ["blindspot", "game", "new", "--layout", SAMPLE, "--teams", "-o", str(path)]
    line = one_error(invoke(*argv, "--players", "red,yellow,blue,green"))
    assert line.startswith("Error: --players: the members of each team sit alternately")
    assert not path.exists()
    code, out, err = invoke(*argv, "--players", "red,blue,yellow,green", "--json")
    assert (code, err) == (0, "")
    assert one_json(out)["state"]["turn"] == "red"
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["players"] == [
        "red",
        "blue",
        "yellow",
        "green",
    ]
