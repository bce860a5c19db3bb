"""Acceptance tests for ``referee blindspot game ...`` on the real enchant dictionary.

The spec is issue 7 and the Blind Spot Rulebook. Scenario
tests run in-process (the ``referee`` fixture: CliRunner; test_all_process.py
plays a game in real processes);
crash tests patch the rename seam ``referee.core.files.replace`` in-process. The
board is setups/sample.yaml: PET at G1, TALE at E4, WELT at C4 (blocked by
E4), PLANET at E8 (farsighted bonus), SEAS at D1, CAT at H5 (diagonal),
ACTION at D6 (bonus), KOI at C2. Golden and hand-edited game files are in
tests/data/blindspot-games/.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import SAMPLE, Runner, one_json
from helpers import assert_one_error_line as one_error

DATA = Path(__file__).resolve().parent / "data" / "blindspot-games"
DATA_REL = "tests/data/blindspot-games"  # as named on the command line (cwd is the repo)
NO_WORDS = f"{DATA_REL}/no-words.yaml"

FINAL_SHOW = """\
     A  B  C  D  E  F  G  H  I
 1   S  E  A (r) S  T (r) E  P
 2   K  O  M  I  E  G  U  U  D
 3   B  H  V  N  L  C  W  Y  F
 4   W  E  A  L (b) T  A  R  U
 5  (r) J  T  D  A  Q  N (b) Z
 6   N  O  I (b) T  C  A  M  T
 7   E  T  E  C  S  T  A  R  S
 8   P  L  A  N (r) E  T  Y  B
 9   A  O  P  E  T  M  I  S  H

Players: red, blue (standard)
Glasses tile: red 2, blue 1
Spots left: red 34, blue 36
Out: red
Actions: 11 (version 11)
Game over: blue wins.
"""


def state(
    *,
    turn: str | None,
    spots: dict[str, list[str]] | None = None,
    glasses: dict[str, int] | None = None,
    eliminated: list[str] | None = None,
    bonus_owed: bool = False,
    winner: str | list[str] | None = None,
    solo_score: int | None = None,
    solo_rating: str | None = None,
    spots_left: dict[str, int] | None = None,
    actions: int = 0,
    mode: str | None = None,
) -> dict[str, Any]:
    """The state as ``game show --json`` and every action's JSON give it (the
    version aside; defaults: a fresh red,blue game; the mode solo when there
    is a solo score, and the players those with glasses counts)."""
    players = list(glasses) if glasses is not None else ["red", "blue"]
    return {
        "mode": mode or ("solo" if solo_score is not None else "standard"),
        "players": players,
        "seats": [{"name": p, "colour": p} for p in players],
        "over": turn is None,
        "turn": turn,
        "spots": spots or {},
        "glasses": glasses if glasses is not None else {"red": 0, "blue": 0},
        "eliminated": eliminated or [],
        "bonus_owed": bonus_owed,
        "winner": winner,
        "solo_score": solo_score,
        "solo_rating": solo_rating,
        "spots_left": spots_left if spots_left is not None else {"red": 40, "blue": 40},
        "actions": actions,
    }


PAGE_KEYS = ("timer_seconds", "next", "activity", "undo", "redo", "ranking")
"""The keys of game show --json that a step's state does not repeat."""


class Game:
    """A game file in a temp folder, driven through one runner."""

    def __init__(self, runner: Runner, path: Path) -> None:
        self.runner = runner
        self.path = path

    def new(self, *args: str) -> dict[str, Any]:
        code, out, err = self.runner(
            "blindspot", "game", "new", "--layout", SAMPLE, *args, "-o", str(self.path), "--json"
        )
        assert (code, err) == (0, ""), err
        doc = one_json(out)
        assert (doc["valid"], doc["version"]) == (True, 0)
        return dict(doc["state"])

    def act(self, *args: str) -> tuple[int, dict[str, Any]]:
        """Run ``game CMD GAME ARGS --json``; the reported state and version
        must be the file's, one more than before if the action was recorded."""
        before = self.show()["version"]
        command, *rest = args
        code, out, err = self.runner("blindspot", "game", command, str(self.path), *rest, "--json")
        assert err == ""
        doc = one_json(out)
        assert doc["valid"] is (code == 0)
        assert doc["version"] == before + (1 if code == 0 else 0)
        assert {"version": doc["version"], **doc["state"]} == self.show(), (args, doc)
        return code, doc

    def ok(self, *args: str) -> dict[str, Any]:
        code, doc = self.act(*args)
        assert (code, doc["reason"]) == (0, None), doc
        return doc

    def no(self, reason: str, *args: str) -> dict[str, Any]:
        """A refused action: exit 1 with ``reason``, the file byte-identical."""
        before = self.path.read_bytes()
        code, doc = self.act(*args)
        assert (code, doc["reason"]) == (1, reason), doc
        assert self.path.read_bytes() == before
        return doc

    def show(self) -> dict[str, Any]:
        """``game show --json``: the version and the state (without what the
        pages show beside it: the activity, undo, redo, next, ranking, timer)."""
        code, out, err = self.runner("blindspot", "game", "show", str(self.path), "--json")
        assert (code, err) == (0, ""), err
        result: dict[str, Any] = one_json(out)
        return {k: v for k, v in result.items() if k not in PAGE_KEYS}

    def state(self) -> dict[str, Any]:
        """``game show --json`` without the version."""
        return {k: v for k, v in self.show().items() if k != "version"}

    def actions(self) -> list[dict[str, Any]]:
        data = yaml.safe_load(self.path.read_text(encoding="utf-8"))
        result: list[dict[str, Any]] = data["history"]
        return result


@pytest.fixture
def game(referee: Runner, tmp_path: Path) -> Game:
    return Game(referee, tmp_path / "game.yaml")


@pytest.fixture
def quick(invoke: Runner, tmp_path: Path) -> Game:
    """The same, in-process only (for the many small cases)."""
    return Game(invoke, tmp_path / "game.yaml")


def play(player: str, at: str, word: str) -> dict[str, Any]:
    return {"action": "play", "player": player, "at": at, "word": word}


# ------------------------------------------------------ the two-player game


def test_scripted_two_player_game_to_its_end(game: Game, referee: Runner) -> None:
    assert game.new("--players", "red,blue") == state(turn="red")
    doc = game.ok("play", "pet", "--at", "G1")
    assert doc == {
        "valid": True,
        "reason": None,
        "explanation": None,
        "version": 1,
        "action": play("red", "G1", "pet"),
        "word": "pet",
        "at": "G1",
        "cells": ["I1", "H1", "F1"],
        "direction": "W",
        "bonus": False,
        "state": state(
            turn="blue", spots={"red": ["G1"]}, spots_left={"red": 39, "blue": 40}, actions=1
        ),
    }
    game.ok("play", "tale", "--at", "E4")
    # The rulebook's blocked WELT: exit 1, check-word's reason, not recorded.
    doc = game.no("blocked", "play", "welt", "--at", "C4")
    assert (doc["cells"], doc["direction"], doc["version"]) == (["A4", "B4", "D4", "F4"], "E", 2)
    doc = game.ok("play", "planet", "--at", "E8")
    assert doc["bonus"] is True
    assert doc["state"] == state(
        turn="red",
        spots={"red": ["G1", "E8"], "blue": ["E4"]},
        bonus_owed=True,
        spots_left={"red": 38, "blue": 39},
        actions=3,
    )
    game.no("bonus-owed", "play", "seas", "--at", "D1")
    game.no("occupied", "bonus", "--at", "E4")
    doc = game.ok("bonus", "--at", "A5")
    assert doc["action"] == {"action": "bonus", "player": "red", "at": "A5"}
    game.no("diagonal-needs-glasses", "play", "cat", "--at", "H5")
    assert game.ok("timeout")["action"] == {"action": "timeout", "player": "blue"}
    game.ok("play", "seas", "--at", "D1")
    doc = game.ok("play", "cat", "--at", "H5")  # blue has glasses now: the diagonal reads
    assert (doc["cells"], doc["direction"]) == (["F3", "G4", "I6"], "SE")
    game.ok("timeout")
    assert game.ok("play", "action", "--at", "D6")["state"]["bonus_owed"] is True
    assert game.ok("skip-bonus")["action"] == {"action": "skip-bonus", "player": "blue"}
    doc = game.ok("timeout")
    final = state(
        turn=None,
        spots={"red": ["G1", "E8", "A5", "D1"], "blue": ["E4", "H5", "D6"]},
        glasses={"red": 2, "blue": 1},
        eliminated=["red"],
        winner="blue",
        spots_left={"red": 34, "blue": 36},
        actions=11,
    )
    assert doc["state"] == final
    # After the end nothing more is accepted.
    game.no("game-over", "play", "koi", "--at", "C2", "--player", "blue")
    game.no("game-over", "timeout")
    # The file holds every action in order, byte for byte the golden file.
    assert game.path.read_text(encoding="utf-8") == (DATA / "two-player-game.yaml").read_text(
        encoding="utf-8"
    )
    assert game.actions() == [
        play("red", "G1", "pet"),
        play("blue", "E4", "tale"),
        play("red", "E8", "planet"),
        {"action": "bonus", "player": "red", "at": "A5"},
        {"action": "timeout", "player": "blue"},
        play("red", "D1", "seas"),
        play("blue", "H5", "cat"),
        {"action": "timeout", "player": "red"},
        play("blue", "D6", "action"),
        {"action": "skip-bonus", "player": "blue"},
        {"action": "timeout", "player": "red"},
    ]
    assert game.state() == final
    assert referee("blindspot", "game", "show", str(game.path)) == (0, FINAL_SHOW, "")


def test_text_output_of_a_play_and_a_refusal(quick: Game, invoke: Runner) -> None:
    quick.new("--players", "red,blue")
    path = str(quick.path)
    code, out, err = invoke("blindspot", "game", "play", path, "pet", "--at", "G1")
    assert (code, err) == (0, "")
    assert out.endswith("\nPET is legal: reads west from I1 to F1, skipping G1.\nTurn: blue.\n")
    code, out, err = invoke(
        "blindspot", "game", "play", path, "tale", "--at", "E4", "--player", "red"
    )
    assert (code, err) == (1, "")
    assert out.endswith(
        "\nNot accepted: play red E4 TALE: not-your-turn: it is another player's turn.\n"
        "Turn: blue.\n"
    )
    assert invoke("blindspot", "game", "play", path, "tale", "--at", "E4")[0] == 0
    code, out, _ = invoke("blindspot", "game", "play", path, "planet", "--at", "E8")
    assert code == 0
    assert out.endswith(
        "PLANET is legal: reads east from A8 to G8, skipping E8. "
        "Farsighted bonus: place one more spot anywhere.\n"
        f"red earned the farsighted bonus: place it with 'referee blindspot game bonus {path} "
        f"--at CELL' or skip it with 'referee blindspot game skip-bonus {path}'.\n"
    )


def test_game_show_text_of_a_new_game(referee: Runner, tmp_path: Path) -> None:
    path = str(tmp_path / "g.yaml")
    code, out, err = referee(
        "blindspot", "game", "new", "--layout", SAMPLE, "--players", "red,blue", "-o", path
    )
    assert (code, err) == (0, "")
    assert out.endswith(f"\nNew standard game in {path}.\nTurn: red.\n")
    code, out, err = referee("blindspot", "game", "show", path)
    assert (code, err) == (0, "")
    assert out.endswith(
        "\nPlayers: red, blue (standard)\nGlasses tile: red 0, blue 0\n"
        "Spots left: red 40, blue 40\nActions: 0 (version 0)\nTurn: red.\n"
    )


# ------------------------------------------------------------- turn order


def test_turn_order_is_the_players_order_and_skips_the_eliminated(quick: Game) -> None:
    start = quick.new("--players", "blue,yellow,red")
    assert start["turn"] == "blue"
    assert start["spots_left"] == {"blue": 20, "yellow": 20, "red": 20}
    turns = []
    for args in [
        ("timeout",),
        ("timeout",),
        ("play", "pet", "--at", "G1"),
        ("play", "tale", "--at", "E4"),
    ]:
        turns.append(quick.ok(*args)["state"]["turn"])
    assert turns == ["yellow", "red", "blue", "yellow"]
    assert quick.ok("timeout")["state"]["eliminated"] == ["yellow"]  # yellow's second
    assert quick.ok("play", "seas", "--at", "D1")["state"]["turn"] == "blue"
    assert quick.ok("play", "koi", "--at", "C2")["state"]["turn"] == "red"  # yellow skipped
    quick.no("not-your-turn", "play", "planet", "--at", "E8", "--player", "yellow")
    quick.ok("timeout")
    doc = quick.ok("timeout")
    assert doc["state"] == state(
        turn=None,
        spots={"red": ["G1", "D1"], "blue": ["E4", "C2"]},
        glasses={"blue": 2, "yellow": 2, "red": 1},
        eliminated=["yellow", "blue"],
        winner="red",
        spots_left={"blue": 16, "yellow": 18, "red": 17},
        actions=9,
    )


# ------------------------------------------------------------------ teams


def test_team_game_partner_glasses_and_team_loss(game: Game) -> None:
    fresh = game.new("--players", "red,blue,yellow,green", "--teams")
    assert fresh == state(
        mode="teams",
        turn="red",
        glasses={"red": 0, "blue": 0, "yellow": 0, "green": 0},
        spots_left={"red": 20, "blue": 20, "yellow": 20, "green": 20},
    )
    game.ok("play", "tale", "--at", "E4")
    # WELT across red's E4: blocked for blue, legal for red's teammate yellow.
    game.no("blocked", "play", "welt", "--at", "C4")
    game.ok("play", "pet", "--at", "G1")
    game.no("diagonal-needs-glasses", "play", "cat", "--at", "H5")
    doc = game.ok("play", "welt", "--at", "C4")
    assert (doc["action"], doc["cells"]) == (play("yellow", "C4", "welt"), ["A4", "B4", "D4", "F4"])
    game.ok("timeout")  # green
    game.ok("timeout")  # red: now red and yellow read diagonally
    game.ok("play", "seas", "--at", "D1")
    doc = game.ok("play", "cat", "--at", "H5")
    assert (doc["action"]["player"], doc["cells"], doc["direction"]) == (
        "yellow",
        ["F3", "G4", "I6"],
        "SE",
    )
    doc = game.ok("timeout")  # green's second: blue and green lose
    final = state(
        mode="teams",
        turn=None,
        spots={"red": ["E4"], "blue": ["G1", "D1"], "yellow": ["C4", "H5"]},
        glasses={"red": 1, "blue": 0, "yellow": 0, "green": 2},
        eliminated=["blue", "green"],
        winner=["red", "yellow"],
        spots_left={"red": 18, "blue": 18, "yellow": 18, "green": 18},
        actions=8,
    )
    assert doc["state"] == final
    assert game.state() == final
    code, out, err = game.runner("blindspot", "game", "show", str(game.path))
    assert (code, err) == (0, "")
    assert out.endswith(
        "\nOut: blue, green\nActions: 8 (version 8)\nGame over: red and yellow win.\n"
    )
    game.no("game-over", "play", "action", "--at", "D6", "--player", "red")


# ------------------------------------------------------------------- solo


def test_solo_game_to_its_end_with_its_score(game: Game, referee: Runner) -> None:
    fresh = game.new("--solo")
    assert fresh == state(
        turn="blue",
        glasses={"blue": 0, "red": 0},
        solo_score=0,
        solo_rating="Get those eyes checked!",
        spots_left={"blue": 40, "red": 40},
    )
    # "You must play a word if you can": refused, with the first play `words` lists.
    code, out, err = referee("words", "--layout", SAMPLE, "--player", "blue", "--json")
    assert (code, err) == (0, "")
    first = one_json(out)["plays"][0]
    doc = game.no("must-play", "timeout")
    assert doc["proof"] == first
    assert first == {
        "at": "E4",
        "word": "stales",
        "direction": "N",
        "cells": ["E7", "E6", "E5", "E3", "E2", "E1"],
    }
    code, out, err = referee("blindspot", "game", "timeout", str(game.path))
    assert (code, err) == (1, "")
    assert out.endswith(
        "\nNot accepted: timeout blue: must-play: in solo play you must play a word if you can.\n"
        "For example: STALES at E4, reads north from E7 to E1, skipping E4.\nTurn: blue.\n"
    )
    doc = game.ok("timeout", "--anyway")
    assert doc["action"] == {"action": "timeout", "player": "blue", "forced": True}
    game.no("must-play", "timeout")  # red too has words
    game.ok("timeout", "--anyway")
    game.ok("play", "pet", "--at", "G1")
    doc = game.ok("timeout", "--anyway")  # red's second: red is out, the game goes on
    assert (doc["state"]["turn"], doc["state"]["eliminated"]) == ("blue", ["red"])
    game.ok("play", "tale", "--at", "E4")
    game.no("eliminated", "play", "seas", "--at", "D1")
    doc = game.ok("timeout")  # no --force needed: an out colour keeps adding glasses spots
    assert doc["state"]["glasses"] == {"blue": 1, "red": 3}
    assert doc["state"]["solo_score"] == 3
    game.ok("play", "seas", "--at", "D1")
    game.ok("timeout")
    doc = game.ok("timeout", "--anyway")  # blue's second: the end
    final = state(
        turn=None,
        spots={"blue": ["G1", "E4", "D1"]},
        glasses={"blue": 2, "red": 4},
        eliminated=["red", "blue"],
        solo_score=4,
        solo_rating="Slightly blurry...",
        spots_left={"blue": 35, "red": 36},
        actions=9,
    )
    assert doc["state"] == final
    assert game.state() == final
    code, out, err = referee("blindspot", "game", "show", str(game.path))
    assert (code, err) == (0, "")
    assert out.endswith(
        "\nSolo score: 4 (Slightly blurry...)\nActions: 9 (version 9)\n"
        "Game over. Solo score: 4 (Slightly blurry...).\n"
    )
    game.no("game-over", "timeout")


def test_solo_game_on_a_board_without_words(quick: Game, invoke: Runner) -> None:
    code, _, err = invoke(
        "blindspot", "game", "new", "--layout", NO_WORDS, "--solo", "-o", str(quick.path)
    )
    assert (code, err) == (0, "")
    code, out, err = invoke("blindspot", "game", "hint", str(quick.path), "--json")
    assert (code, err) == (1, "")
    assert one_json(out)["plays"] == []
    for _ in range(3):
        doc = quick.ok("timeout")  # no word: no --force needed
        assert "forced" not in doc["action"]
    assert quick.state() == state(
        turn=None,
        glasses={"blue": 2, "red": 1},
        eliminated=["blue"],
        solo_score=1,
        solo_rating="Get those eyes checked!",
        spots_left={"blue": 38, "red": 39},
        actions=3,
    )


# ------------------------------------------------------------------- undo


PLANET = (
    ("play", "pet", "--at", "G1"),
    ("play", "tale", "--at", "E4"),
    ("play", "planet", "--at", "E8"),
)


@pytest.mark.parametrize(
    ("players", "prefix", "action"),
    [
        ("red,blue", (), ("play", "pet", "--at", "G1")),
        ("red,blue", PLANET[:2], ("play", "planet", "--at", "E8")),
        ("red,blue", PLANET, ("bonus", "--at", "A5")),
        ("red,blue", PLANET, ("skip-bonus",)),
        ("red,blue", (), ("timeout",)),
        ("red,blue", (("timeout",), ("timeout",)), ("timeout",)),
        ("red,blue,yellow", (("timeout",), ("timeout",), ("timeout",)), ("timeout",)),
        ("red,blue", PLANET[:2], ("undo",)),
    ],
    ids=[
        "play",
        "play-earning-a-bonus",
        "bonus",
        "skip-bonus",
        "timeout",
        "elimination-and-win",
        "elimination-of-one-of-three",
        "undo",
    ],
)
def test_undo_after_every_kind_of_action(
    quick: Game, players: str, prefix: tuple[tuple[str, ...], ...], action: tuple[str, ...]
) -> None:
    quick.new("--players", players)
    for args in prefix:
        quick.ok(*args)
    if action == ("undo",):  # an undo after an undo takes back the action before
        quick.ok("undo")
        doc = quick.ok("undo")
        assert (doc["state"], doc["version"]) == (state(turn="red"), 4)
        pet, tale = play("red", "G1", "pet"), play("blue", "E4", "tale")
        assert quick.actions() == [pet, tale, {"action": "undo"}, {"action": "undo"}]
        return
    before = quick.show()
    entries = quick.actions()
    quick.ok(*action)
    done = quick.actions()[-1]
    doc = quick.ok("undo")
    assert doc["action"] == {"action": "undo"}
    # The state is exactly as before the action; the file grew by two entries.
    assert {"version": doc["version"], **doc["state"]} == {
        **before,
        "version": before["version"] + 2,
    }
    assert doc["undone"] == done
    assert quick.actions() == [*entries, done, {"action": "undo"}]


def test_undo_restores_an_eliminated_player(quick: Game) -> None:
    quick.new("--players", "red,blue")
    for _ in range(3):
        quick.ok("timeout")
    assert quick.show()["eliminated"] == ["red"]
    doc = quick.ok("undo")
    assert doc["version"] == 4
    assert doc["state"] == state(
        turn="red",
        glasses={"red": 1, "blue": 1},
        spots_left={"red": 39, "blue": 39},
        actions=2,
    )
    quick.ok("play", "pet", "--at", "G1")  # red plays on


def test_undo_with_nothing_to_undo(quick: Game, invoke: Runner) -> None:
    quick.new("--players", "red,blue")
    doc = quick.no("nothing-to-undo", "undo")
    assert doc["action"] == {"action": "undo"}
    quick.ok("play", "pet", "--at", "G1")
    quick.ok("undo")
    doc = quick.no("nothing-to-undo", "undo")
    assert (doc["state"], doc["version"]) == (state(turn="red"), 2)
    code, out, err = invoke("blindspot", "game", "undo", str(quick.path))
    assert (code, err) == (1, "")
    assert out.endswith(
        "\nNot accepted: undo: nothing-to-undo: there is no action to take back.\nTurn: red.\n"
    )


# ------------------------------------------------------------------- hint


def _position_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("players", "moves", "player", "position"),
    [
        (
            ["--players", "red,blue"],
            (("play", "pet", "--at", "G1"), ("play", "tale", "--at", "E4")),
            "red",
            "spots: {red: [G1], blue: [E4]}\nteams: [[red, yellow], [blue, green]]\n",
        ),
        (
            ["--players", "red,blue,yellow,green", "--teams"],
            (("play", "tale", "--at", "E4"), ("timeout",)),
            "yellow",
            "spots: {red: [E4]}\nglasses: {blue: 1}\nteams: [[red, yellow], [blue, green]]\n",
        ),
        (
            ["--players", "red,blue,yellow,green", "--teams"],
            (("timeout",), ("play", "pet", "--at", "G1")),
            "yellow",
            "spots: {blue: [G1]}\nglasses: {red: 1}\nteams: [[red, yellow], [blue, green]]\n",
        ),
    ],
    ids=["two-players", "teams-across-partner-spot", "teams-partner-glasses"],
)
def test_hint_lists_what_words_lists(
    game: Game,
    referee: Runner,
    tmp_path: Path,
    players: list[str],
    moves: tuple[tuple[str, ...], ...],
    player: str,
    position: str,
) -> None:
    game.new(*players)
    for args in moves:
        game.ok(*args)
    code, out, err = referee("blindspot", "game", "hint", str(game.path), "--json")
    assert (code, err) == (0, "")
    hint = one_json(out)
    pos = _position_file(tmp_path, position)
    code, out, err = referee(
        "words", "--layout", SAMPLE, "--player", player, "--position", pos, "--json"
    )
    assert (code, err) == (0, "")
    words = one_json(out)
    assert hint["player"] == player
    assert hint["plays"] == words["plays"]
    assert hint["count"] == words["count"] == len(words["plays"])
    diagonal = {"at": "H5", "word": "cat", "direction": "SE", "cells": ["F3", "G4", "I6"]}
    assert (diagonal in hint["plays"]) is ("red: 1" in position)


def test_hint_text_and_game_over(quick: Game, invoke: Runner, tmp_path: Path) -> None:
    quick.new("--players", "red,blue")
    code, out, err = invoke("blindspot", "game", "hint", str(quick.path), "--min-length", "6")
    code2, out2, _ = invoke("words", "--layout", SAMPLE, "--player", "red", "--min-length", "6")
    assert (code, err) == (0, "")
    assert (code2, out) == (0, out2)
    ended = tmp_path / "ended.yaml"
    shutil.copyfile(DATA / "two-player-game.yaml", ended)
    code, out, err = invoke("blindspot", "game", "hint", str(ended), "--json")
    assert (code, err) == (1, "")
    assert one_json(out) == {
        "player": None,
        "count": 0,
        "plays": [],
        "reason": "game-over",
        "explanation": "the game is over",
    }


# --------------------------------------------------------------- bad input


def test_move_for_the_wrong_player_is_not_your_turn(quick: Game) -> None:
    quick.new("--players", "red,blue")
    doc = quick.no("not-your-turn", "play", "pet", "--at", "G1", "--player", "blue")
    assert doc["action"] == play("blue", "G1", "pet")
    quick.no("not-your-turn", "timeout", "--player", "blue")
    assert quick.actions() == []


def test_moves_after_the_game_ended_are_game_over(quick: Game, tmp_path: Path) -> None:
    shutil.copyfile(DATA / "two-player-game.yaml", quick.path)
    quick.no("game-over", "play", "koi", "--at", "C2", "--player", "blue")
    quick.no("game-over", "timeout")
    quick.no("game-over", "bonus", "--at", "A1")


@pytest.mark.parametrize(
    "command", [("bonus", "--at", "A1"), ("skip-bonus",)], ids=["bonus", "skip-bonus"]
)
def test_bonus_when_none_is_owed(referee: Runner, tmp_path: Path, command: tuple[str, ...]) -> None:
    path = tmp_path / "g.yaml"
    code, _, _ = referee(
        "blindspot", "game", "new", "--layout", SAMPLE, "--players", "red,blue", "-o", str(path)
    )
    assert code == 0
    before = path.read_bytes()
    code, out, err = referee("blindspot", "game", command[0], str(path), *command[1:])
    line = one_error(code, out, err)
    assert line == f"Error: {path}: {command[0]}: no bonus spot is owed"
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("name", "prefix"),
    [
        ("two-spots-one-cell", "history[1]: impossible action (occupied: play blue G1 PET)"),
        (
            "play-after-elimination",
            "history[3]: impossible action (game-over: play red G1 PET)",
        ),
        (
            "play-after-elimination-three-players",
            "history[6]: impossible action (not-your-turn: play yellow D1 SEAS)",
        ),
        ("undo-first", "history[0]: undo with nothing to undo"),
        ("bonus-not-owed", "history[1]: impossible action (no-bonus-owed: bonus blue A5)"),
        (
            "tampered-letters",
            "line 8: layout.sha256: the letters do not match their sha256 (edited by hand?)",
        ),
        ("garbage", "line 5: not valid YAML"),
        ("no-words", "line 3: game: this is a Blind Spot layout, not a game file"),
    ],
    ids=[
        "two-spots-one-cell",
        "spot-after-elimination",
        "spot-after-elimination-of-one-of-three",
        "undo-with-nothing-before",
        "bonus-not-owed",
        "tampered-letters",
        "garbage-yaml",
        "not-a-game-file",
    ],
)
def test_impossible_game_files(referee: Runner, name: str, prefix: str) -> None:
    path = f"{DATA_REL}/{name}.yaml"
    line = one_error(*referee("blindspot", "game", "show", path))
    assert line.startswith(f"Error: {path}: {prefix}"), line
    code, out, err = referee("blindspot", "game", "show", path, "--json")
    line = one_error(code, "", err)
    assert line.startswith(f"Error: {path}: {prefix}"), line
    assert one_json(out) == {"error": {"kind": "input", "message": line[len("Error: ") :]}}


@pytest.mark.parametrize(
    "command",
    [("play", "seas", "--at", "D1"), ("timeout",), ("undo",), ("hint",), ("bonus", "--at", "A1")],
    ids=["play", "timeout", "undo", "hint", "bonus"],
)
def test_every_command_refuses_an_impossible_file(
    invoke: Runner, tmp_path: Path, command: tuple[str, ...]
) -> None:
    path = tmp_path / "bad.yaml"
    shutil.copyfile(DATA / "two-spots-one-cell.yaml", path)
    before = path.read_bytes()
    line = one_error(*invoke("blindspot", "game", command[0], str(path), *command[1:]))
    assert line.startswith(f"Error: {path}: history[1]: impossible action"), line
    assert path.read_bytes() == before


def test_file_over_the_game_file_limit(referee: Runner, tmp_path: Path) -> None:
    """Game files are read up to 16 MiB (the most the engine ever writes)."""
    path = tmp_path / "big.yaml"
    text = (DATA / "two-player-game.yaml").read_text(encoding="utf-8")
    path.write_text(text + "#" + "x" * (16 * 1024 * 1024) + "\n", encoding="utf-8")
    size = path.stat().st_size
    assert one_error(*referee("blindspot", "game", "show", str(path))) == (
        f"Error: {path}: game is {size:,} bytes, over the 16 MiB limit; refusing to read it"
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "game is empty"),
        ("- just\n- a list\n", "expected a YAML mapping"),
        ("game: blind-spot-game\nformat: 2\n", "format: expected referee-game/2, got the number 2"),
    ],
    ids=["empty", "a-list", "unknown-format"],
)
def test_not_a_game_file(invoke: Runner, tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    line = one_error(*invoke("blindspot", "game", "show", str(path)))
    assert line.startswith(f"Error: {path}: ")
    assert fragment in line


HAND_EDITS = {
    "jump": (
        ("bonus", "jump"),
        "history[3].action: expected play or bonus or skip-bonus or timeout or undo or redo, got 'jump'",
    ),
    "pink": (("blue", "pink"), "history[4].player: unknown colour 'pink'"),
    "Z1": (("D1", "Z1"), "history[5].at: 'Z1' is off the board (cells run from A1 to I9)"),
}


@pytest.mark.parametrize(
    ("golden", "first"),
    [("two-player-game.yaml", 12), ("format-1/two-player-game.yaml", 22)],
    ids=["this-release", "previous-release"],
)
@pytest.mark.parametrize("bad", list(HAND_EDITS))
def test_hand_edited_action_fields(
    invoke: Runner, tmp_path: Path, golden: str, first: int, bad: str
) -> None:
    """One line naming the file, the line, the key path; the file is left as it is."""
    text = (DATA / golden).read_text(encoding="utf-8").split("\n")
    index = {"jump": 3, "pink": 4, "Z1": 5}[bad]
    line_no = first + index
    (old, new), message = HAND_EDITS[bad]
    text[line_no - 1] = text[line_no - 1].replace(f'"{old}"', f'"{new}"')
    path = tmp_path / f"{bad}.yaml"
    path.write_text("\n".join(text), encoding="utf-8")
    before = path.read_bytes()
    for command in (("show",), ("undo",), ("play", "koi", "--at", "C2")):
        line = one_error(*invoke("blindspot", "game", command[0], str(path), *command[1:]))
        assert line.startswith(f"Error: {path}: line {line_no}: {message}"), line
    assert path.read_bytes() == before


def test_missing_game_file(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    assert one_error(*referee("blindspot", "game", "show", str(path))) == (
        f"Error: {path}: no such game file"
    )


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        (("play", "pet", "--at", "Z1"), "'Z1' is off the board"),
        (("play", "p3t", "--at", "G1"), "words are letters a-z only"),
        (("bonus", "--at", "J1"), "'J1' is off the board"),
    ],
    ids=["cell-off-the-board", "word-with-a-digit", "bonus-off-the-board"],
)
def test_bad_move_arguments(
    quick: Game, invoke: Runner, command: tuple[str, ...], fragment: str
) -> None:
    quick.new("--players", "red,blue")
    before = quick.path.read_bytes()
    line = one_error(*invoke("blindspot", "game", command[0], str(quick.path), *command[1:]))
    assert fragment in line, line
    assert quick.path.read_bytes() == before


def test_new_refuses_to_overwrite_without_force(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    shutil.copyfile(DATA / "two-player-game.yaml", path)
    before = path.read_bytes()
    args = (
        "blindspot",
        "game",
        "new",
        "--layout",
        SAMPLE,
        "--players",
        "red,blue",
        "-o",
        str(path),
    )
    assert (
        one_error(*referee(*args)) == f"Error: {path}: already exists; use --force to overwrite it"
    )
    assert path.read_bytes() == before
    code, _, err = referee(*args, "--force")
    assert (code, err) == (0, "")
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["history"] == []


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (
            ["--players", "red,yellow"],
            "Error: --players: with two players one takes red+yellow and the other "
            "blue+green; red and yellow are the same side",
        ),
        (["--players", "blue,green"], "blue and green are the same side"),
        (
            ["--players", "red,blue,yellow", "--teams"],
            "Error: --players: a team game needs all four colours (red, yellow, blue, green)",
        ),
        (
            ["--players", "red,purple"],
            "Error: --players: unknown colour 'purple' (colours are red, yellow, blue, green)",
        ),
        (["--players", "red,blue,red"], "a colour is listed twice"),
        (["--players", "red"], "2 to 4 players, got 1"),
        (
            ["--players", "red,yellow,blue,green", "--teams"],
            "Error: --players: the members of each team sit alternately with the other team: "
            "red and yellow are teammates seated side by side (e.g. red, blue, yellow, green)",
        ),
        (["--solo", "--teams"], "--solo and --teams cannot be combined"),
        ([], "give --players (e.g. red,blue) or --solo"),
    ],
    ids=[
        "same-side-red-yellow",
        "same-side-blue-green",
        "teams-with-three",
        "unknown-colour",
        "colour-twice",
        "one-player",
        "teams-seated-side-by-side",
        "solo-and-teams",
        "no-players",
    ],
)
def test_new_refuses_impossible_tables(
    referee: Runner, tmp_path: Path, args: list[str], fragment: str
) -> None:
    path = tmp_path / "g.yaml"
    line = one_error(
        *referee("blindspot", "game", "new", "--layout", SAMPLE, *args, "-o", str(path))
    )
    assert fragment in line, line
    assert not path.exists()


# ---------------------------------------------------------- atomic writes


def _boom(exc: BaseException) -> Callable[..., None]:
    def fail(*args: object) -> None:
        raise exc

    return fail


@pytest.mark.parametrize(
    "command",
    [
        ("play", "seas", "--at", "D1"),
        ("timeout",),
        ("undo",),
        ("bonus", "--at", "A5"),
        ("new",),
    ],
    ids=["play", "timeout", "undo", "bonus", "new-force"],
)
@pytest.mark.parametrize(
    ("exc", "code", "message"),
    [
        (
            OSError(28, "No space left on device"),
            2,
            "Error: {path}: cannot write the game: No space left on device",
        ),
        (KeyboardInterrupt(), 130, "Error: aborted"),
    ],
    ids=["failed-rename", "killed-mid-write"],
)
def test_a_failed_write_leaves_the_previous_file(
    invoke: Runner,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: tuple[str, ...],
    exc: BaseException,
    code: int,
    message: str,
) -> None:
    path = tmp_path / "game.yaml"
    game = Game(invoke, path)
    game.new("--players", "red,blue")
    for args in PLANET if command[0] == "bonus" else PLANET[:2]:
        game.ok(*args)
    before = path.read_bytes()
    # every write of a game fsyncs before it counts: an appended line is cut
    # off again, a rewritten file's temporary copy is removed
    monkeypatch.setattr("os.fsync", _boom(exc))
    if command == ("new",):
        argv = ["new", "--layout", SAMPLE, "--players", "red,blue", "-o", str(path), "--force"]
    else:
        argv = [command[0], str(path), *command[1:]]
    got, out, err = invoke("blindspot", "game", *argv)
    assert (got, out, err.strip()) == (code, "", message.format(path=path))
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["game.yaml"]  # no temp file left behind


@pytest.mark.parametrize(
    ("option", "key"), [("--dictionary", "dictionary"), ("--allow", "allow")], ids=["dict", "allow"]
)
def test_a_missing_word_list_named_in_the_game_file_names_the_file_and_key(
    referee: Runner, tmp_path: Path, option: str, key: str
) -> None:
    """A game keeps its house words themselves and opens its dictionary when it
    starts, so a missing file is refused at ``game new``; a game file that
    names a word-list file (an earlier release's, or edited by hand) that has
    gone names the game file and its key."""
    game = tmp_path / "g.yaml"
    missing = str(tmp_path / "gone.txt")
    what = "allow list" if key == "allow" else "word list"
    new = ["blindspot", "game", "new", "--layout", SAMPLE, "--players", "red,blue"]
    code, out, err = referee(*new, option, missing, "-o", str(game))
    assert (code, out, err) == (2, "", f"Error: {missing}: no such {what} file\n")
    assert not game.exists()
    assert referee(*new, "-o", str(game))[0] == 0
    text = game.read_text(encoding="utf-8").replace("history:", f"{key}: {missing}\nhistory:")
    game.write_text(text, encoding="utf-8")
    code, out, err = referee("blindspot", "game", "hint", str(game))
    assert (code, out) == (2, "")
    assert err == f"Error: {game}: {key}: {missing}: no such {what} file\n"


def test_a_game_keeps_its_house_words_not_the_files_name(invoke: Runner, tmp_path: Path) -> None:
    """The allow list's words are in the game file: the game plays on after the
    list's file is gone."""
    house = tmp_path / "house.txt"
    house.write_text("ste\n", encoding="utf-8")
    game = Game(invoke, tmp_path / "game.yaml")
    game.new("--players", "red,blue", "--allow", str(house))
    house.unlink()
    assert "allow: [ste]" in game.path.read_text(encoding="utf-8")
    game.ok("play", "ste", "--at", "G1")


def test_a_word_on_the_games_allow_list_is_legal(invoke: Runner, tmp_path: Path) -> None:
    """--allow given at game new: its house words count on top of the dictionary."""
    house = tmp_path / "house.txt"
    house.write_text("ste\n", encoding="utf-8")
    game = Game(invoke, tmp_path / "game.yaml")
    game.new("--players", "red,blue", "--allow", str(house))
    doc = game.ok("play", "ste", "--at", "G1")
    assert doc["valid"] is True
