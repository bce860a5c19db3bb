"""Acceptance tests for the Out of Sight commands: score-frame, take, outofsight game.

Every test runs in-process through the ``referee`` fixture (CliRunner;
test_all_process.py runs the commands as real processes). The whole-game scenario is the
golden data in tests/data/outofsight/game/ with its hand-worked expected.yaml.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import Runner, one_json

DATA = Path(__file__).resolve().parent / "data" / "outofsight"
GAME = DATA / "game"
EXAMPLE_THREE = "examples/outofsight/example-three.yaml"
EXPECTED: dict[str, Any] = yaml.safe_load((GAME / "expected.yaml").read_text(encoding="utf-8"))
KEYS = ("points", "scored", "saved", "subtracted")


def summary(player: dict[str, Any], keys: tuple[str, ...] = KEYS) -> dict[str, Any]:
    return {k: player[k] for k in keys}


# ------------------------------------------------------------------- score-frame


def test_example_three_text(referee: Runner) -> None:
    code, out, err = referee("score-frame", EXAMPLE_THREE)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Out of Sight, advanced game, frame 1.",
        "Brian: 10 points",
        "  scored       11  blue 4, yellow 4, green 3",
        "  saved         7  purple 3, silver 2, red 2",
        "  subtracted    1  orange 1",
        "  tie: green and purple have 3 cards each; green scored, purple saved "
        "(in the order of the bank)",
        "Jessica: 12 points",
        "  scored       12  red 5, yellow 4, green 3",
        "  saved         4  blue 3, silver 1",
        "  subtracted    0  -",
        "  tie: green and blue have 3 cards each; green scored, blue saved "
        "(in the order of the bank)",
        "Saved for frame 2 (a bank for the next frame's file):",
        "  Brian: {purple: 3, silver: 2, red: 2}",
        "  Jessica: [blue-5, blue-11, blue-14, silver-6]",
    ]


def test_example_three_json(referee: Runner) -> None:
    code, out, err = referee("score-frame", EXAMPLE_THREE, "--json")
    assert (code, err) == (0, "")
    data = one_json(out)
    assert (data["mode"], data["frame"], data["final"]) == ("advanced", 1, False)
    assert summary(data["players"]["Brian"]) == {
        "points": 10,
        "scored": 11,
        "saved": {"purple": 3, "silver": 2, "red": 2},
        "subtracted": 1,
    }
    assert summary(data["players"]["Jessica"]) == {
        "points": 12,
        "scored": 12,
        "saved": {"blue": 3, "silver": 1},
        "subtracted": 0,
    }
    assert list(data["players"]["Brian"]["saved"]) == ["purple", "silver", "red"]
    assert data["players"]["Jessica"]["saved_cards"] == ["blue-5", "blue-11", "blue-14", "silver-6"]
    assert data["players"]["Brian"]["ties"] == [
        {
            "size": 3,
            "colours": ["green", "purple"],
            "placed": {"green": "scored", "purple": "saved"},
            "by": "bank-order",
        }
    ]
    assert (data["warnings"], data["output"]) == ([], None)


def test_stdin(referee: Runner) -> None:
    text = "mode: advanced\nplayers:\n  Ann: {red: 2, blue: 1}\n"
    code, out, _ = referee("score-frame", "-", "--json", input=text)
    assert code == 0
    assert summary(one_json(out)["players"]["Ann"]) == {
        "points": 3,
        "scored": 3,
        "saved": {},
        "subtracted": 0,
    }


@pytest.mark.parametrize(
    ("args", "mode", "frame", "brian"),
    [
        ((), "advanced", 1, 10),
        (("--mode", "basic"), "basic", 1, 19),
        (("--final",), "advanced", 3, 11 - 8),
        (("--frame", "3"), "advanced", 3, 3),
        (("--frame", "2"), "advanced", 2, 10),
        (("--frame", "3", "--final"), "advanced", 3, 3),
    ],
    ids=["from-file", "mode-option-wins", "final", "frame-3", "frame-2", "frame-3-and-final"],
)
def test_options_win_over_the_file(
    referee: Runner, args: tuple[str, ...], mode: str, frame: int, brian: int
) -> None:
    code, out, _ = referee("score-frame", EXAMPLE_THREE, *args, "--json")
    data = one_json(out)
    assert code == 0
    assert (data["mode"], data["frame"], data["players"]["Brian"]["points"]) == (
        mode,
        frame,
        brian,
    )


def test_mode_defaults_to_basic(referee: Runner) -> None:
    code, out, _ = referee("score-frame", "-", input="players:\n  Ann: [red-1, blue-2, gold]\n")
    assert code == 0
    assert out == "Out of Sight, basic game, frame 1.\nAnn: 3 points (3 cards)\n"


def test_final_frame_text(referee: Runner) -> None:
    code, out, _ = referee("score-frame", str(GAME / "frame3.yaml"))
    assert code == 0
    assert out.splitlines() == [
        "Out of Sight, advanced game, final frame.",
        "Brian: 9 points",
        "  scored       10  silver 4, orange 3, blue 3",
        "  subtracted    1  red 1",
        "  numbers on the scored cards: 55",
        "Jessica: 12 points",
        "  scored       12  purple 5, green 4, silver 3",
        "  subtracted    0  -",
        "  numbers on the scored cards: 55",
    ]


def test_prefer_chooses_what_is_saved(referee: Runner) -> None:
    code, out, _ = referee("score-frame", EXAMPLE_THREE, "--prefer", "Brian=purple", "--json")
    brian = one_json(out)["players"]["Brian"]
    assert code == 0
    assert summary(brian) == {
        "points": 10,
        "scored": 11,
        "saved": {"green": 3, "silver": 2, "red": 2},
        "subtracted": 1,
    }
    assert brian["ties"][0]["by"] == "prefer"
    code, out, _ = referee("score-frame", EXAMPLE_THREE, "--prefer", "Brian=purple")
    assert (
        "  tie: purple and green have 3 cards each; purple scored, green saved (as preferred)"
        in (out.splitlines())
    )


def test_more_than_nine_colours_is_a_warning(referee: Runner) -> None:
    colours = ["red", "blue", "green", "gold", "pink", "grey", "teal", "navy", "lime", "plum"]
    text = "players:\n  Ann: [" + ", ".join(colours) + "]\n"
    code, out, err = referee("score-frame", "-", "--json", input=text)
    assert code == 0
    assert one_json(out)["warnings"] == [
        "10 different colours in this game, but the deck has 9 (a typo?): " + ", ".join(colours)
    ]
    assert err.startswith("Warning: 10 different colours")


def test_next_writes_the_next_frame_file(referee: Runner, tmp_path: Path) -> None:
    nxt = tmp_path / "frame2.yaml"
    code, out, _ = referee("score-frame", EXAMPLE_THREE, "--next", str(nxt), "--json")
    assert code == 0
    assert one_json(out)["output"] == str(nxt)
    written = yaml.safe_load(nxt.read_text(encoding="utf-8"))
    assert written == {
        "mode": "advanced",
        "frame": 2,
        "players": {
            "Brian": {"purple": 3, "silver": 2, "red": 2},
            "Jessica": ["blue-5", "blue-11", "blue-14", "silver-6"],
        },
    }
    # The next frame's file can be scored as it is (the saved cards alone).
    code, out, _ = referee("score-frame", str(nxt), "--json")
    data = one_json(out)
    assert (code, data["frame"], data["players"]["Brian"]["points"]) == (0, 2, 7)
    # It is not overwritten without --force.
    code, out, err = referee("score-frame", EXAMPLE_THREE, "--next", str(nxt))
    assert (code, out) == (2, "")
    assert err == f"Error: {nxt}: already exists; use --force to overwrite it\n"
    nxt.write_text("changed\n", encoding="utf-8")
    code, _, _ = referee("score-frame", EXAMPLE_THREE, "--next", str(nxt), "--force")
    assert code == 0
    assert yaml.safe_load(nxt.read_text(encoding="utf-8"))["frame"] == 2


# -------------------------------------------------------------------------- take

TAKES = [
    ("5-4-2", "5,4,2", 0),
    ("9-and-2", "9,2", 0),
    ("11", "11", 0),
    ("2-and-3-split-the-5", "2,3", 1),
]


@pytest.mark.parametrize(("cards", "code"), [t[1:] for t in TAKES], ids=[t[0] for t in TAKES])
def test_example_one(referee: Runner, cards: str, code: int) -> None:
    got, out, err = referee("take", "--roll", "5,4,2", "--cards", cards, "--json")
    assert (got, err) == (code, "")
    data = one_json(out)
    assert data["valid"] is (code == 0)


def test_take_json_as_the_issue_gives_it(referee: Runner) -> None:
    code, out, _ = referee("take", "--roll", "5,4,2", "--cards", "9,2", "--json")
    data = one_json(out)
    assert code == 0
    assert {k: data[k] for k in ("valid", "roll", "takes", "reason")} == {
        "valid": True,
        "roll": [5, 4, 2],
        "takes": [{"card": 9, "dice": [5, 4]}, {"card": 2, "dice": [2]}],
        "reason": None,
    }


def test_take_text(referee: Runner) -> None:
    assert referee("take", "--roll", "5,4,2", "--cards", "9,2") == (
        0,
        "Legal: 9 = 5 + 4, 2 = 2.\n",
        "",
    )
    code, out, _ = referee("take", "--roll", "5,4,2", "--cards", "2,3")
    assert code == 1
    assert out == (
        "Not legal: the dice 5, 4, 2 cannot make 2 and 3: each card needs one die or the sum "
        "of several, no die serves two cards, and a die is never split.\n"
    )


def test_best(referee: Runner) -> None:
    code, out, _ = referee("take", "--roll", "5,4,2", "--row", "3,9,11,2,7", "--best", "--json")
    data = one_json(out)
    assert code == 0
    assert {k: data[k] for k in ("valid", "roll", "takes", "reason", "best")} == {
        "valid": True,
        "roll": [5, 4, 2],
        "takes": [{"card": 9, "dice": [5, 4]}, {"card": 2, "dice": [2]}],
        "reason": None,
        "best": True,
    }
    assert referee("take", "--roll", "5,4,2", "--row", "3,9,11,2,7", "--best") == (
        0,
        "Best take: 9 = 5 + 4, 2 = 2 (2 cards).\n",
        "",
    )


def test_best_nothing(referee: Runner) -> None:
    code, out, _ = referee("take", "--roll", "1,1,1", "--row", "9,10,12", "--best", "--json")
    data = one_json(out)
    assert (code, data["valid"], data["takes"], data["reason"]) == (1, False, [], "nothing-to-take")


def test_cards_must_be_in_the_row(referee: Runner) -> None:
    code, out, _ = referee("take", "--roll", "5,4,2", "--cards", "9", "--row", "3,11", "--json")
    data = one_json(out)
    assert (code, data["reason"]) == (1, "card-not-in-row")


@pytest.mark.parametrize(
    ("roll", "cards", "code", "reason", "pair"),
    [
        ("3,3,2", "2", 0, None, [3, 3]),
        ("3,2,3", "6", 1, "no-combination", [3, 3]),
        ("5,4,2", "2", 1, "no-doubles", None),
    ],
    ids=["third-die-takes", "pair-cannot-take", "no-pair"],
)
def test_doubles(
    referee: Runner, roll: str, cards: str, code: int, reason: str | None, pair: list[int] | None
) -> None:
    got, out, _ = referee("take", "--roll", roll, "--cards", cards, "--doubles", "flip", "--json")
    data = one_json(out)
    assert (got, data["reason"]) == (code, reason)
    assert data["doubles"] == ({"call": "flip", "dice": pair} if pair else None)


def test_doubles_text(referee: Runner) -> None:
    assert referee("take", "--roll", "3,3,2", "--cards", "2", "--doubles", "wipe") == (
        0,
        "Legal: 2 = 2. The two 3s activate the Doubles card (Wipe). Take the cards before the "
        "wipe; after it, re-roll before taking any.\n",
        "",
    )


# ------------------------------------------------------------------------- game


def new_game(referee: Runner, tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    code, out, err = referee(
        "outofsight", "game", "new", "--players", "Brian,Jessica", "--mode", "advanced",
        "-o", str(path),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == f"New advanced game for Brian, Jessica: wrote {path}.\n"
    return path


def record(referee: Runner, game: Path, frame: str, *more: str) -> dict[str, Any]:
    code, out, err = referee(
        "outofsight", "game", "frame", str(game), str(GAME / frame), *more, "--json"
    )
    assert (code, err) == (0, ""), err
    data: dict[str, Any] = one_json(out)
    return data


def test_whole_game(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    for n, name in ((1, "frame1.yaml"), (2, "frame2.yaml"), (3, "frame3.yaml")):
        data = record(referee, game, name)
        assert data["frame"] == n
        for player, expected in EXPECTED["frames"][n].items():
            assert summary(data["players"][player], tuple(expected)) == expected, (n, player)
        assert data["frames_played"] == n
    assert data["totals"] == EXPECTED["totals"]
    assert (data["over"], data["winners"]) == (True, EXPECTED["winners"])
    assert data["tie_break"] == {
        "tied": ["Brian", "Jessica"],
        "numbers": {"Brian": 55, "Jessica": 55},
        "decided": False,
        "unknown_numbers": [],
    }
    # The file keeps the history: one action per frame, with the banks as given.
    kept = yaml.safe_load(game.read_text(encoding="utf-8"))
    assert [a["frame"] for a in kept["history"]] == [1, 2, 3]
    assert kept["history"][0]["banks"]["Brian"] == {
        "blue": 4, "yellow": 4, "green": 3, "purple": 3, "silver": 2, "red": 2, "orange": 1,
    }  # fmt: skip
    # The game is over: the rules refuse another frame (exit 1), nothing is written.
    before = game.read_bytes()
    code, out, err = referee("outofsight", "game", "frame", str(game), str(GAME / "frame3.yaml"))
    assert (code, err) == (1, "")
    assert out == (
        "Refused (game-over): the game is over: all 3 frames played.\n"
        f"Nothing recorded: {game} is at version 3.\n"
    )
    assert game.read_bytes() == before


def test_show(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    code, out, _ = referee("outofsight", "game", "show", str(game))
    assert code == 0
    assert out.splitlines() == [
        "Out of Sight, advanced game: 0 of 3 frames played (version 0).",
        "",
        "frame   Brian  Jessica",
        "total       0        0",
        "",
        "Next: frame 1.",
    ]
    for name in ("frame1.yaml", "frame2.yaml", "frame3-jessica-wins.yaml"):
        record(referee, game, name)
    code, out, _ = referee("outofsight", "game", "show", str(game))
    assert code == 0
    assert out.splitlines() == [
        "Out of Sight, advanced game: 3 of 3 frames played (version 3).",
        "",
        "frame   Brian  Jessica",
        "1          10       12",
        "2          14        9",
        "3           9       12",
        "total      33       33",
        "",
        "Brian and Jessica tie on 33 points; the numbers on their scored cards in the final "
        "frame decide: Brian 55, Jessica 62. Winner: Jessica.",
    ]
    code, out, _ = referee("outofsight", "game", "show", str(game), "--json")
    data = one_json(out)
    assert data["winners"] == EXPECTED["jessica-wins"]["winners"]
    assert data["tie_break"]["numbers"] == EXPECTED["jessica-wins"]["numbers"]
    assert [f["frame"] for f in data["frame_scores"]] == [1, 2, 3]
    assert (
        data["frame_scores"][1]["players"]["Brian"]["points"]
        == EXPECTED["frames"][2]["Brian"]["points"]
    )
    assert (data["mode"], data["players"], data["totals"]) == (
        "advanced",
        ["Brian", "Jessica"],
        EXPECTED["totals"],
    )


def test_saved_cards_must_be_in_the_next_bank(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    record(referee, game, "frame1.yaml")
    before = game.read_bytes()
    missing = GAME / "frame2-missing.yaml"
    code, out, err = referee("outofsight", "game", "frame", str(game), str(missing))
    assert (code, err) == (1, "")
    assert out == (
        "Refused (saved-cards-missing): Brian's bank lacks cards saved in frame 1: purple 1.\n"
        f"Nothing recorded: {game} is at version 1.\n"
    )
    assert game.read_bytes() == before


def test_dry_run_leaves_the_game_alone(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    before = game.read_bytes()
    data = record(referee, game, "frame1.yaml", "--dry-run")
    assert (data["recorded"], data["totals"]) == (False, {"Brian": 10, "Jessica": 12})
    assert game.read_bytes() == before


def test_game_frame_next_file(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    nxt = tmp_path / "next.yaml"
    record(referee, game, "frame1.yaml", "--next", str(nxt))
    data = record(referee, game, "frame2.yaml")
    assert data["frame"] == 2
    # The written next file is accepted as frame 2 of a fresh copy of the game.
    other = tmp_path / "other.yaml"
    referee("outofsight", "game", "new", "--players", "Brian,Jessica", "--mode", "advanced",
            "-o", str(other))  # fmt: skip
    record(referee, other, "frame1.yaml")
    code, _, err = referee("outofsight", "game", "frame", str(other), str(nxt))
    assert (code, err) == (0, "")


def test_game_new_refuses_to_overwrite(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    args = ("outofsight", "game", "new", "--players", "A,B", "-o", str(game))
    code, out, err = referee(*args)
    assert (code, out, err) == (
        2,
        "",
        f"Error: {game}: already exists; use --force to overwrite it\n",
    )
    code, out, _ = referee(*args, "--force", "--json")
    assert code == 0
    assert one_json(out) == {
        "output": str(game),
        "mode": "basic",
        "players": ["A", "B"],
        "first": "A",
        "next_frame": 1,
        "version": 0,
    }


def test_basic_game(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "basic.yaml"
    code, _, _ = referee("outofsight", "game", "new", "--players", "Ann,Bob", "-o", str(path))
    assert code == 0
    frames = [
        "players:\n  Ann: {red: 5}\n  Bob: {blue: 4}\n",
        "players:\n  Ann: {red: 2}\n  Bob: [blue-1, blue-2, blue-3]\n",
        "frame: 3\nplayers:\n  Ann: [red-1]\n  Bob: []\n",
    ]
    for text in frames:
        code, out, err = referee("outofsight", "game", "frame", str(path), "-", input=text)
        assert (code, err) == (0, "")
    code, out, _ = referee("outofsight", "game", "show", str(path), "--json")
    data = one_json(out)
    assert (data["mode"], data["totals"], data["winners"]) == (
        "basic",
        {"Ann": 5 + 2 + 1, "Bob": 4 + 3 + 0},
        ["Ann"],
    )


def test_write_text_keeps_the_game_on_a_crash(
    invoke: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(invoke, tmp_path)
    before = game.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("referee.core.files.replace", crash)
    code, out, err = invoke("outofsight", "game", "frame", str(game), str(GAME / "frame1.yaml"))
    assert (code, out) == (2, "")
    assert err == f"Error: {game}: cannot write the game: Input/output error\n"
    assert game.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["game.yaml"]
