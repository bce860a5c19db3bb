"""The Word Block scorepad on the game engine: versions, --expect-version, undo
that restores what ``show --json`` printed, strict game files left as they
were, the write rules (links kept, devices never replaced), real processes
racing for one file, and game files of the previous release."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import Runner

REPO = Path(__file__).resolve().parent.parent
BOARD = "examples/wordblock/rulebook.yaml"
WORDS = "examples/wordblock/words.txt"
OLD = REPO / "tests" / "data" / "wordblock" / "old-release-game.yaml"
OLD_SHOW = REPO / "tests" / "data" / "wordblock" / "old-release-game.show.json"


def new_game(invoke: Runner, path: Path, *more: str) -> None:
    code, _, err = invoke(
        "wordblock", "game", "new", "--free", "--players", "blue,red,green", "--board", BOARD,
        "-o", str(path), *more,
    )  # fmt: skip
    assert (code, err) == (0, ""), err


def show(invoke: Runner, path: Path) -> dict[str, Any]:
    code, out, err = invoke("wordblock", "game", "show", str(path), "--json")
    assert (code, err) == (0, ""), err
    data: dict[str, Any] = json.loads(out)
    return data


HISTORY_KEYS = ("version", "activity", "undo", "redo")
"""What show --json says of the history rather than the state (undo keeps it growing)."""


def without_version(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in HISTORY_KEYS}


def one_error_line(code: int, err: str, *fragments: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("Error: "), err
    for fragment in fragments:
        assert fragment in err, (fragment, err)


# Each step of a game and its command (after "wordblock game"); FILE is the game.
STEPS: list[tuple[str, ...]] = [
    ("claim", "FILE", "shash", "--player", "blue", "--challenged-by", "red", "--dictionary", WORDS),
    ("claim", "FILE", "quash", "--player", "red", "--dictionary", WORDS),
    ("place", "FILE", "p-4", "--at", "A3", "--player", "blue"),
    ("move-block", "FILE", "--player", "green", "--from", "D3", "--to", "B2"),
    ("move-block", "FILE", "--player", "blue", "--to", "A3"),
    ("claim", "FILE", "pap", "--player", "blue", "--path", "A3,B4,A3", "--dictionary", WORDS),
    ("place", "FILE", "t-1", "--at", "B5"),
]  # fmt: skip


def step(invoke: Runner, path: Path, args: tuple[str, ...], *more: str) -> tuple[int, str, str]:
    argv = [str(path) if a == "FILE" else a for a in args]
    return invoke("wordblock", "game", *argv, *more)


# ---------------------------------------------------------------- versions and undo


def test_versions_grow_by_one_and_every_change_reports_its_version(
    invoke: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "g.yaml"
    code, out, _ = invoke(
        "wordblock", "game", "new", "--free", "--players", "blue,red,green", "--board", BOARD,
        "-o", str(game), "--json",
    )  # fmt: skip
    assert (code, json.loads(out)["version"]) == (0, 0)
    assert show(invoke, game)["version"] == 0
    version = 0
    for args in STEPS:
        code, out, err = step(invoke, game, args, "--json")
        assert err == "", (args, err)
        data = json.loads(out)
        if data["recorded"]:
            version += 1
        assert data["version"] == version == show(invoke, game)["version"], args
    assert version == 6  # the refused "pap" (not in the word list, unchallenged) records nothing
    code, out, _ = invoke("wordblock", "game", "undo", str(game), "--json")
    assert (code, json.loads(out)["version"]) == (0, 7)


def test_a_refused_step_records_nothing_and_keeps_the_version(
    invoke: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "g.yaml"
    new_game(invoke, game)
    before = game.read_bytes()
    for args in [
        ("place", "FILE", "t-1", "--at", "C4"),  # room-left
        ("move-block", "FILE", "--player", "blue", "--to", "C3"),  # has-block
        ("claim", "FILE", "rash", "--player", "blue", "--dictionary", WORDS),  # no-block
        ("claim", "FILE", "shash", "--player", "blue", "--dictionary", WORDS),  # unchallenged
    ]:
        code, out, _ = step(invoke, game, args, "--json")
        data = json.loads(out)
        assert (code, data["valid"], data["recorded"], data["version"]) == (1, False, False, 0)
    assert game.read_bytes() == before


def test_undo_restores_what_show_printed_before_each_action(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    new_game(invoke, game)
    shown = [show(invoke, game)]
    for args in STEPS:
        before = show(invoke, game)
        code, out, _ = step(invoke, game, args, "--json")
        if not json.loads(out)["recorded"]:
            continue
        # undo right away: the game is as it was
        code, out, _ = invoke("wordblock", "game", "undo", str(game), "--json")
        assert code == 0 and json.loads(out)["undone"]["action"] == args[0]
        assert without_version(show(invoke, game)) == without_version(before)
        # and again for real
        assert step(invoke, game, args)[0] in (0, 1)
        shown.append(show(invoke, game))
    # now take everything back, one action at a time
    for previous in reversed(shown[:-1]):
        code, out, err = invoke("wordblock", "game", "undo", str(game))
        assert (code, err) == (0, "")
        assert out.startswith("Undone: ")
        assert without_version(show(invoke, game)) == without_version(previous)
    untouched = game.read_bytes()
    code, out, _ = invoke("wordblock", "game", "undo", str(game), "--json")
    data = json.loads(out)
    assert (code, data["undone"], data["reason"]) == (1, None, "nothing-to-undo")
    assert data["version"] == show(invoke, game)["version"]
    assert invoke("wordblock", "game", "undo", str(game)) == (1, "Nothing to undo.\n", "")
    assert game.read_bytes() == untouched


def test_the_file_keeps_every_action_one_json_object_per_line(
    invoke: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "g.yaml"
    new_game(invoke, game)
    for args in STEPS[:3]:
        step(invoke, game, args)
    invoke("wordblock", "game", "undo", str(game))
    text = game.read_text()
    assert "format: referee-game/2\ngame: wordblock\n" in text
    history = text.split("history:\n", 1)[1].splitlines()
    assert [json.loads(line[2:])["action"] for line in history] == [
        "claim", "claim", "place", "undo",
    ]  # fmt: skip


# ----------------------------------------------------------------- stale writes


@pytest.mark.parametrize(
    "args", [*STEPS[:3], ("undo", "FILE")], ids=["claim", "claim-2", "place", "undo"]
)
def test_expect_version_refuses_a_stale_write(
    invoke: Runner, tmp_path: Path, args: tuple[str, ...]
) -> None:
    game = tmp_path / "g.yaml"
    new_game(invoke, game)
    step(invoke, game, ("move-block", "FILE", "--player", "blue", "--to", "B4"))
    before = game.read_bytes()
    code, out, err = step(invoke, game, args, "--expect-version", "0", "--json")
    one_error_line(code, err, "game changed: version is 1, expected 0")
    assert json.loads(out) == {
        "error": {"kind": "conflict", "message": "game changed: version is 1, expected 0"}
    }
    assert game.read_bytes() == before
    code, out, err = step(invoke, game, args, "--expect-version", "1", "--json")
    assert code in (0, 1) and err == ""
    assert json.loads(out)["version"] == 2


def test_move_block_takes_expect_version_too(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    new_game(invoke, game)
    args = ("move-block", "FILE", "--player", "blue", "--to", "B4", "--expect-version", "3")
    code, _, err = step(invoke, game, args)
    one_error_line(code, err, "game changed: version is 0, expected 3")


# -------------------------------------------------------------------- bad files


def edited(text: str, how: str) -> str:
    if how == "mistyped-key":
        return text.replace("history:", "histroy:")
    if how == "duplicate-top-key":
        return text.replace(
            "players: [blue, red, green]", "players: [blue, red, green]\nplayers: [a, b]"
        )
    if how == "duplicate-nested-key":
        return text.replace("    blue: [B3]\n", "    blue: [B3]\n    blue: [B3]\n")
    if how == "duplicate-key-in-an-action":
        return text.replace('{"action": "place",', '{"action": "place", "action": "place",')
    if how == "history-null":
        return re.sub(r"history:\n(- .*\n)*", "history: null\n", text)
    if how == "history-null-appended":
        return text + "history: null\n"
    if how == "5000-digits":
        return text.replace('"points": {"blue": -5}', '"points": {"blue": ' + "9" * 5000 + "}")
    if how == "10-digit-points":
        return text.replace('"points": {"blue": -5}', '"points": {"blue": -5000000000}')
    raise AssertionError(how)


BAD_FILES = {
    "mistyped-key": "unknown key 'histroy'",
    "duplicate-top-key": "key 'players' appears twice",
    "duplicate-nested-key": "line 15: key 'blue' appears twice",
    "duplicate-key-in-an-action": "key 'action' appears twice",
    "history-null": "history: expected a list of actions",
    "history-null-appended": "key 'history' appears twice",
    "5000-digits": "a number of 5,000 digits is out of range",
    "10-digit-points": "history[0].points.blue: expected a whole number",
}
COMMANDS = {
    "show": ("show", "FILE"),
    "place": STEPS[2],
    "claim": STEPS[1],
    "move-block": STEPS[3],
    "undo": ("undo", "FILE"),
}


@pytest.mark.parametrize("how", BAD_FILES, ids=BAD_FILES.keys())
@pytest.mark.parametrize("command", COMMANDS, ids=COMMANDS.keys())
def test_a_bad_game_file_is_one_line_and_left_as_it_is(
    invoke: Runner, tmp_path: Path, how: str, command: str
) -> None:
    game = tmp_path / "g.yaml"
    new_game(invoke, game)
    step(invoke, game, STEPS[0])
    step(invoke, game, STEPS[2])
    text = edited(game.read_text(), how)
    assert text != game.read_text()
    game.write_text(text)
    before = game.read_bytes()
    code, out, err = step(invoke, game, COMMANDS[command])
    one_error_line(code, err, f"Error: {game}: ", BAD_FILES[how])
    assert out == ""
    assert game.read_bytes() == before


BAD_BOARDS = {
    "duplicate-key": (
        b"cards: ['a-1  b-1']\ncards: ['c-1']\n",
        "line 2: key 'cards' appears twice",
    ),
    "duplicate-player": (
        b"cards: ['a-1  b-1']\nblocks:\n  red: [A1]\n  red: [B1]\n",
        "line 4: key 'red' appears twice",
    ),
    "unknown-key": (
        b"cards: ['a-1']\nclaims: []\n",
        "unknown key 'claims' (expected cards, blocks, claimed, area)",
    ),
    "huge-number": (b"cards: ['a-1']\narea: [5, " + b"7" * 5000 + b"]\n", "5,000 digits"),
    "ten-digits": (b"cards: ['a-1']\narea: [5, 1234567890]\n", "area[1]: expected a whole number"),
}


@pytest.mark.parametrize(("data", "message"), BAD_BOARDS.values(), ids=BAD_BOARDS.keys())
@pytest.mark.parametrize(
    "command",
    [
        ("wordblock", "place", "t-1", "--board", "B", "--at", "B1", "--write"),
        ("wordblock", "move-block", "--board", "B", "--player", "red", "--to", "A1", "--write"),
        ("score-claim", "abc", "--board", "B", "--player", "red", "--dictionary", WORDS),
        ("wordblock", "game", "new", "--free", "--players", "red,blue", "--board", "B", "-o", "G"),
        ("wordblock", "game", "new", "--players", "red,blue", "--board", "B", "-o", "G"),
    ],
    ids=["place", "move-block", "score-claim", "game-new-free", "game-new"],
)
def test_a_bad_board_file_is_one_line_and_left_as_it_is(
    invoke: Runner, tmp_path: Path, data: bytes, message: str, command: tuple[str, ...]
) -> None:
    board = tmp_path / "b.yaml"
    board.write_bytes(data)
    game = tmp_path / "g.yaml"
    args = [str(board) if a == "B" else str(game) if a == "G" else a for a in command]
    code, _, err = invoke(*args)
    one_error_line(code, err, f"Error: {board}: ", message)
    assert board.read_bytes() == data
    assert not game.exists()


# ------------------------------------------------------------------ write rules


def test_force_through_a_symlink_keeps_the_link(invoke: Runner, tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_text("old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to("real.yaml")
    code, _, err = invoke("wordblock", "game", "new", "--free", "--players", "a,b", "-o", str(link))
    one_error_line(code, err, "already exists; use --force")
    new_game(invoke, link, "--force")
    assert link.is_symlink() and os.readlink(link) == "real.yaml"
    assert "game: wordblock" in target.read_text()
    # a change to the game goes through the link as well
    assert step(invoke, link, STEPS[2])[0] == 0
    assert link.is_symlink() and '"action": "place"' in target.read_text()


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["plain", "force"])
def test_dev_null_is_never_replaced(invoke: Runner, force: list[str]) -> None:
    before = os.stat("/dev/null")
    code, _, err = invoke(
        "wordblock", "game", "new", "--free", "--players", "a,b", "-o", "/dev/null", *force
    )
    one_error_line(code, err, "/dev/null: is not a regular file")
    after = os.stat("/dev/null")
    assert (before.st_ino, before.st_rdev) == (after.st_ino, after.st_rdev)


def test_a_fifo_is_never_replaced(invoke: Runner, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = invoke(
        "wordblock", "game", "new", "--free", "--players", "a,b", "-o", str(fifo), "--force"
    )
    one_error_line(code, err, "is not a regular file")
    assert fifo.is_fifo()
    code, _, err = invoke("wordblock", "game", "show", str(fifo))
    assert code == 2


# ------------------------------------------------------------- the previous release


def test_a_game_file_of_the_previous_release_is_read(invoke: Runner, tmp_path: Path) -> None:
    """The file and the show --json the previous release wrote for it."""
    expected = json.loads(OLD_SHOW.read_text())
    game = tmp_path / "old.yaml"
    game.write_bytes(OLD.read_bytes())
    # this release's show adds whose turn it is and whether the game is over
    # (a free scorepad has no turns and never ends)
    # and what the pages show: next steps, ranking, the activity, undo and redo
    new_keys = {
        "turn": None,
        "phase": None,
        "over": False,
        "next": ["place", "claim", "move-block"],
        "ranking": None,
        # issue 26: how claims are judged, the game's dictionary, its series
        "judging": "strict",
        "dictionary": None,
        "series": [],
        "series_words": [],
    }
    shown = show(invoke, game)
    assert len(shown.pop("activity")) == 6
    # its last action is an undo of the placement of T: redo puts it back
    assert shown.pop("redo") == {"text": "T on B5", "version": 5}
    assert shown.pop("undo") is not None
    assert shown == {"mode": "free", **expected, **new_keys, "version": 6}
    # the next write stores it in this release's shape, history and all
    code, out, _ = invoke("wordblock", "game", "undo", str(game), "--json")
    assert (code, json.loads(out)["version"]) == (0, 7)
    text = game.read_text()
    assert text.count("format: referee-game/2\ngame: wordblock\n") == 1
    assert "word-block" not in text
    code, out, _ = invoke("wordblock", "game", "undo", str(game))
    assert out.startswith("Undone: blue plays p-4 at A3.")


def test_a_file_that_is_no_game_says_so(invoke: Runner, tmp_path: Path) -> None:
    code, _, err = invoke("wordblock", "game", "show", BOARD)
    one_error_line(code, err, f"{BOARD}: not a Word Block game file")
    other = tmp_path / "other.yaml"
    other.write_text("format: referee-game/2\ngame: blindspot\nhistory: []\n")
    code, _, err = invoke("wordblock", "game", "show", str(other))
    one_error_line(code, err, "game: expected wordblock, got 'blindspot'")


# ---------------------------------------------------------------- real processes

WRITER = """
import contextlib, io, json, sys
from referee.cli import cli
versions = []
for _ in range(25):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(
            ["wordblock", "game", "place", sys.argv[1], sys.argv[2], "--at", "A1", "--json"],
            standalone_mode=False,
        )
    data = json.loads(out.getvalue())
    assert code == 0 and data["recorded"], data
    versions.append(data["version"])
print(" ".join(map(str, versions)))
"""


@pytest.mark.process
def test_eight_processes_lose_no_action(tmp_path: Path) -> None:
    """8 referee processes x 25 places each on one game (a full 1x1 area: every place
    replaces A1). Each process runs the command line 25 times in a row."""
    board = tmp_path / "one.yaml"
    board.write_text('cards: ["a-1"]\nblocks: {ann: [], bob: []}\n')
    game = tmp_path / "g.yaml"
    subprocess.run(
        [sys.executable, "-m", "referee", "wordblock", "game", "new", "--free", "--players", "ann,bob",
         "--board", str(board), "-o", str(game)],
        check=True, capture_output=True,
    )  # fmt: skip
    cards = [f"{letter}-{n}" for n, letter in enumerate("bcdefghi", start=1)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(game), card], stdout=subprocess.PIPE, text=True
        )
        for card in cards
    ]
    outs = [p.communicate(timeout=600)[0] for p in procs]
    assert [p.returncode for p in procs] == [0] * 8
    versions = sorted(int(v) for out in outs for v in out.split())
    assert versions == list(range(1, 201))
    done = subprocess.run(
        [sys.executable, "-m", "referee", "wordblock", "game", "show", str(game), "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert json.loads(done.stdout)["version"] == 200
    history = game.read_text().split("history:\n", 1)[1].splitlines()
    assert len(history) == 200
    placed = [json.loads(line[2:])["card"] for line in history]
    assert sorted(placed) == sorted(cards * 25)


@pytest.mark.process
def test_two_simultaneous_new_one_wins(tmp_path: Path) -> None:
    for round_ in range(5):
        game = tmp_path / f"g{round_}.yaml"
        argv = [
            sys.executable, "-m", "referee", "wordblock", "game", "new", "--players",
            "ann,bob", "--grid", "s,h,a,e", "--values", "asteroid", "-o", str(game),
        ]  # fmt: skip
        procs = [
            subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)
        ]
        results = [(p.wait(timeout=60), p.stderr.read() if p.stderr else "") for p in procs]
        assert sorted(code for code, _ in results) == [0, 2], results
        loser = next(err for code, err in results if code == 2)
        assert loser.startswith("Error: ") and "already exists" in loser
        assert loser.count("\n") == 1


@pytest.mark.process
def test_score_claim_imports_only_what_it_needs() -> None:
    """The start-up budget: a one-shot score-claim loads the rules, the search and
    the board reader, and none of the game's engine side (engine, actions,
    turns, play), hint's index or the other games."""
    code = (
        "import sys\n"
        "from referee.cli import main\n"
        "try:\n"
        "    main(['score-claim', 'quash', '--board', sys.argv[1], '--player', 'red',"
        " '--dictionary', sys.argv[2]])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('referee'))), file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(REPO / BOARD), str(REPO / WORDS)],
        capture_output=True,
        text=True,
        check=False,
    )
    loaded = set(proc.stderr.split())
    assert loaded == {
        "referee",
        "referee.cli",
        # the shared options, output and --batch of every command (cli/__init__.py split)
        "referee.cli.options",
        "referee.cli.output",
        "referee.core",
        "referee.core.cells",
        "referee.core.errors",
        "referee.core.files",
        "referee.core.schema",
        "referee.core.scowl",
        "referee.core.dictionary",
        "referee.core.text",
        "referee.core.values",
        "referee.service",
        "referee.wordblock",
        "referee.wordblock.board",
        "referee.wordblock.cli",
        "referee.wordblock.exclusions",
        "referee.wordblock.formats",
        "referee.wordblock.render",
        "referee.wordblock.rules",
        "referee.wordblock.scoring",
        "referee.wordblock.search",
        "referee.wordblock.service",
    }, sorted(loaded)
