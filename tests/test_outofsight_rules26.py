"""Out of Sight as the rulebook plays it at the table (issue 26): the roll-off
for the first player ("All players roll the dice. The player with the highest
number goes first (re-roll any ties)"), the younger players' game ("Remove the
Doubles card." "Uncover the timer. Players collect cards until time runs out.
They don't have to call “Stop” and get to keep everything they collect.") and
the dice behind a turn (``--rolls``, each take checked as ``referee take``
checks it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers import Runner, assert_one_error_line
from referee.outofsight import service
from referee.outofsight.rolls import parse_rolls, rolls_problem


def new(referee: Runner, game: Path, *args: str, code: int = 0) -> tuple[int, str, str]:
    got = referee("outofsight", "game", "new", *args, "-o", str(game))
    assert got[0] == code, got
    return got


def show(referee: Runner, game: Path) -> dict[str, Any]:
    code, out, err = referee("outofsight", "game", "show", str(game), "--json")
    assert (code, err) == (0, ""), err
    doc: dict[str, Any] = json.loads(out)
    return doc


def turn(referee: Runner, game: Path, *args: str, code: int = 0) -> dict[str, Any]:
    got, out, err = referee("outofsight", "game", "turn", str(game), *args, "--json")
    assert (got, err) == (code, ""), (args, out, err)
    doc: dict[str, Any] = json.loads(out)
    return doc


# ------------------------------------------------------------------- the roll-off


def test_a_whole_game_after_a_roll_off(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob,cy", "--roll", "ann=5,bob=3,cy=5",
        "--roll", "ann=4,cy=6")  # fmt: skip
    start = show(referee, game)
    assert start["first"] == "cy"
    assert start["roll_off"] == [{"ann": 5, "bob": 3, "cy": 5}, {"ann": 4, "cy": 6}]
    # cy in seat 2 of 3: the Time Keeper is seat (2 + 1) mod 3, ann; then clockwise
    order = []
    for number in range(9 * 1):
        now = show(referee, game)
        order.append((now["turn"], now["time_keeper"]))
        turn(referee, game, "--cards", f"red-{number + 1}", "--stop")
    assert order[:3] == [("cy", "ann"), ("ann", "bob"), ("bob", "cy")]
    assert [p for p, _ in order] == ["cy", "ann", "bob"] * 3
    shown = show(referee, game)
    assert shown["frame"] == 2 and shown["turn"] == "cy"  # every frame starts with cy
    # the service's doc is the command line's
    again = service.NEW.call(
        {"players": ["ann", "bob", "cy"], "roll": [{"ann": 5, "bob": 3, "cy": 5}, "ann=4,cy=6"]},
        files=False,
        path=str(tmp_path / "web.yaml"),
    )
    assert again.doc["first"] == "cy" and again.doc["roll_off"] == start["roll_off"]


def test_a_tie_below_the_top_roll_needs_no_re_roll(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob,cy", "--roll", "ann=6,bob=3,cy=3")
    assert show(referee, game)["first"] == "ann"


@pytest.mark.parametrize(
    ("rolls", "fragment"),
    [
        (["ann=5,bob=3,cy=5"], "re-roll: ann and cy tied on 5"),
        (["ann=5,bob=3,cy=5", "ann=6,cy=6"], "re-roll: ann and cy tied on 6"),
        (["ann=5,bob=5,cy=5"], "re-roll: ann, bob and cy tied on 5"),
        (["ann=5,bob=3,cy=5", "ann=6,bob=2,cy=4"], "re-roll of ann and cy only, not bob"),
        (["ann=5,bob=3"], "cy did not roll"),
        (["ann=5,bob=3,dan=4"], "'dan' is not one of the players"),
        (["ann=5,bob=3,ann=4,cy=1"], "ann rolled twice"),
        (["ann=6,bob=3,cy=5", "ann=1"], "the roll-off was over after roll 1"),
        (["ann=19,bob=3,cy=5"], "19"),
        (["ann=five,bob=3,cy=5"], "five"),
        (["ann,bob=3,cy=5"], "expected PLAYER=NUMBER"),
    ],
)
def test_a_bad_roll_off_is_one_error_line(
    referee: Runner, tmp_path: Path, rolls: list[str], fragment: str
) -> None:
    game = tmp_path / "game.yaml"
    args = [a for r in rolls for a in ("--roll", r)]
    code, out, err = new(referee, game, "--players", "ann,bob,cy", *args, code=2)
    assert_one_error_line(code, out, err, "--roll", fragment)
    assert not game.exists()


def test_first_and_roll_both_say_who_starts(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    code, out, err = new(referee, game, "--players", "ann,bob", "--first", "bob", "--roll",
                         "ann=5,bob=3", code=2)  # fmt: skip
    assert_one_error_line(code, out, err, "--roll", "both say who starts")


# ------------------------------------------------------------- the younger players


def test_a_whole_younger_players_game(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob", "--variant", "younger")
    start = show(referee, game)
    assert (start["variant"], start["timer_visible"]) == ("younger", True)
    for number in range(18):
        end = "--time" if number % 2 else "--stop"
        colour = "red" if number < 9 else "blue"
        turn(referee, game, "--cards", f"{colour}-{number % 9 + 1}", end)
    shown = show(referee, game)
    assert shown["over"] is True and shown["discarded"] == []  # Time loses nothing
    # frame 1: ann banked red 1, 3, 5 (stop, stop, stop), bob red 2, 4, 6 by Time
    assert len(shown["frames"]) == 3
    assert all(sum(frame.values()) > 0 for frame in shown["frames"])


def test_the_basic_game_keeps_the_timer_hidden(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob")
    shown = show(referee, game)
    assert (shown["variant"], shown["timer_visible"]) == (None, False)
    turn(referee, game, "--cards", "red-1", "--time")
    assert show(referee, game)["discarded"] == ["red-1"]


def test_the_younger_game_has_no_doubles_card(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob", "--variant", "younger")
    before = game.read_bytes()
    code, out, err = referee("outofsight", "game", "turn", str(game), "--cards", "red-1",
                             "--stop", "--doubles", "wipe")  # fmt: skip
    assert_one_error_line(code, out, err, "--doubles", "no Doubles card")
    refused = turn(referee, game, "--cards", "red-1", "--stop", "--rolls", "1,1,1:wipe,1", code=1)
    assert refused["reason"] == "bad-rolls" and "no Doubles card" in refused["explanation"]
    assert game.read_bytes() == before
    code, out, err = new(referee, game, "--players", "ann,bob", "--variant", "older", "--force",
                         code=2)  # fmt: skip
    assert_one_error_line(code, out, err, "--variant")


# ------------------------------------------------------------------ the dice behind


def test_a_whole_game_with_the_dice_behind_each_turn(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob")
    first = turn(referee, game, "--cards", "red-9,blue-2,green-1,yellow-6", "--stop",
                 "--rolls", "5,4,2:9,2 6,6,1:wipe,1 3,3,1:6")  # fmt: skip
    # the Wipe is the turn's, from its roll
    assert first["played"]["doubles"] == "wipe"
    assert first["played"]["rolls"] == ["5,4,2:9,2", "6,6,1:wipe,1", "3,3,1:6"]
    colours = ["blue", "yellow", "green", "purple", "silver", "red", "orange", "pink", "brown"]
    for number in range(1, 18):
        c = number // 9 + 3
        turn(referee, game, "--cards", f"{colours[number % 9]}-{c}", "--stop",
             "--rolls", f"1,1,1: {c},1,1:{c} 2,2,2:")  # fmt: skip
    shown = show(referee, game)
    assert shown["over"] is True
    assert shown["activity"]  # the file replays with its rolls


@pytest.mark.parametrize(
    ("cards", "rolls", "doubles", "fragment"),
    [
        # no die split: 5, 4 and 2 make no 3
        ("red-3", "5,4,2:3", None, "roll 1 (5,4,2:3): the dice 5, 4, 2 cannot make 3"),
        # no die used twice: 9 is 5 and 4, leaving no 5
        ("red-9,red-5", "5,4,2:9,5", None, "cannot make 9 and 5"),
        # a Doubles use spends its two dice: the 1 left cannot make 6
        ("red-6", "6,6,1:wipe,6", None, "roll 1 (6,6,1:wipe,6): the die 1 cannot make 6"),
        ("red-1", "6,5,1:flip,1", None, "needs two dice showing the same number"),
        ("", "6,6,1:wipe 2,2,3:flip", None, "rolls 1 and 2 both used the Doubles card"),
        ("red-9", "5,4,2:9", "flip", "the turn says flip, but no roll called one"),
        ("red-9,red-2", "5,4,2:9", None, "the turn has 2 that no roll took"),
        ("red-9", "5,4,2:9,2", None, "the rolls took 2 that the turn lacks"),
    ],
)
def test_rolls_that_do_not_take_the_cards_are_refused(
    referee: Runner, tmp_path: Path, cards: str, rolls: str, doubles: str | None, fragment: str
) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob")
    before = game.read_bytes()
    more = ("--doubles", doubles) if doubles else ()
    refused = turn(referee, game, "--cards", cards, "--stop", "--rolls", rolls, *more, code=1)
    assert (refused["reason"], refused["recorded"]) == ("bad-rolls", False)
    assert fragment in refused["explanation"], refused["explanation"]
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("rolls", "fragment"),
    [
        ("5,4:9", "roll 1"),
        ("5,4,2", "expected DICE:TAKEN"),
        ("5,4,2:x", "roll 1"),
        ("5,4,2:9 7,1,1:1", "roll 2"),
        ("5,5,2:flip,wipe", "one Doubles call a roll"),
        ("", "give the turn's rolls"),
    ],
)
def test_bad_rolls_are_one_error_line(
    referee: Runner, tmp_path: Path, rolls: str, fragment: str
) -> None:
    game = tmp_path / "game.yaml"
    new(referee, game, "--players", "ann,bob")
    before = game.read_bytes()
    code, out, err = referee("outofsight", "game", "turn", str(game), "--cards", "red-9",
                             "--stop", "--rolls", rolls)  # fmt: skip
    assert_one_error_line(code, out, err, "--rolls", fragment)
    assert game.read_bytes() == before


def test_the_rolls_check_is_pure() -> None:
    rolls = parse_rolls("5,4,2:9,2 6,6,1:wipe 3,3,1:1,6")
    assert rolls_problem(rolls, [9, 2, 1, 6], "wipe") is None
    assert rolls_problem(rolls, [9, 2, 1, 6], "wipe", doubles_card=False) is not None
