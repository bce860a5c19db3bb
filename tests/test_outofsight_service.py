"""Out of Sight's service (referee.outofsight.service), called directly.

Its reports are what the command line prints: each doc is compared with the
CLI's ``--json`` for the same action on the shipped samples. A step the rules
refuse is a report (valid false, a reason, an explanation, exit 1), not an
error; fields given as the web gives them (JSON values, ``files=False``) are
converted or refused naming the field, never an option.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import Runner, assert_one_error_line, one_json
from referee import engine
from referee import service as sv
from referee.cli import field_names
from referee.core.errors import InputError
from referee.outofsight import formats, service
from referee.outofsight.takes import Roll

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "src" / "referee" / "samples" / "examples" / "outofsight"
FRAME_FILES = ("example-three.yaml", "frame2.yaml", "frame3.yaml")
GAME_SAMPLE = SAMPLES / "game.yaml"


def cli_json(referee: Runner, *args: str, code: int = 0) -> dict[str, Any]:
    got, out, err = referee(*args, "--json")
    assert (got, err) == (code, ""), (out, err)
    data: dict[str, Any] = one_json(out)
    return data


def copies(tmp_path: Path, source: Path = GAME_SAMPLE) -> tuple[Path, Path]:
    """Two copies of a game: one for the service, one for the command line."""
    ours, theirs = tmp_path / "service.yaml", tmp_path / "cli.yaml"
    shutil.copyfile(source, ours)
    shutil.copyfile(source, theirs)
    return ours, theirs


# ------------------------------------------------------------- the registry


def test_the_service_exports_what_the_registry_expects() -> None:
    from referee.outofsight.game import GAME

    assert sv.service("outofsight") is service
    assert service.GAME is GAME
    assert set(service.QUESTIONS) == {"score-frame", "take"}
    assert set(service.STEPS) == {"turn", "frame", "undo", "redo"}
    assert (service.NEW.name, service.SHOW.name) == ("new", "show")
    assert sv.question("score-frame") is service.QUESTIONS["score-frame"]
    assert sv.question("take") is service.QUESTIONS["take"]
    assert sv.steps("outofsight") is service.STEPS


def test_every_field_is_a_parameter_of_its_command() -> None:
    """A field is named as the command line's parameter, so that an error
    about it is worded as the option."""
    from referee.outofsight.cli import score_frame, take
    from referee.outofsight.game_cli import game

    commands = {"score-frame": score_frame, "take": take, **game.commands}
    for name, step in {**service.QUESTIONS, **service.STEPS, "new": service.NEW}.items():
        known = field_names(commands[name])
        assert set(step.fields()) <= set(known), (name, step.fields(), known)


# ------------------------------------------------------------- the questions


@pytest.mark.parametrize("name", FRAME_FILES)
def test_score_frame_is_the_cli_json(referee: Runner, name: str) -> None:
    path = SAMPLES / name
    expected = cli_json(referee, "score-frame", str(path))
    report = service.score_frame(file=formats.load_frame_sheet(str(path)))
    assert report.doc == expected and report.json() == json.dumps(expected, ensure_ascii=False)
    assert (report.valid, report.exit_code, report.version) == (True, 0, None)
    step = service.QUESTIONS["score-frame"]
    assert step.call({"file": str(path)}).doc == expected  # Python: a path
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert step.call({"file": data}, files=False).doc == expected  # the web: the mapping


def test_score_frame_options_are_the_cli_options(referee: Runner) -> None:
    path = SAMPLES / "example-three.yaml"
    expected = cli_json(
        referee, "score-frame", str(path), "--final", "--mode", "advanced",
        "--prefer", "Brian=purple",
    )  # fmt: skip
    given = {"file": str(path), "final": True, "mode": "advanced", "prefer": ["Brian=purple"]}
    assert service.QUESTIONS["score-frame"].call(given).doc == expected
    mapping = {**given, "prefer": {"Brian": ["purple"]}}
    assert service.QUESTIONS["score-frame"].call(mapping).doc == expected


def test_score_frame_writes_the_next_file_from_python(referee: Runner, tmp_path: Path) -> None:
    path = SAMPLES / "example-three.yaml"
    ours, theirs = tmp_path / "ours.yaml", tmp_path / "theirs.yaml"
    expected = cli_json(referee, "score-frame", str(path), "--next", str(theirs))
    report = service.QUESTIONS["score-frame"].call({"file": str(path), "next": str(ours)})
    assert report.doc == {**expected, "output": str(ours)}
    assert ours.read_bytes() == theirs.read_bytes()


@pytest.mark.parametrize(
    ("args", "given"),
    [
        (["--roll", "5,4,2", "--cards", "9,2"], {"roll": "5,4,2", "cards": "9,2"}),
        (["--roll", "5,4,2", "--cards", "9,2"], {"roll": [5, 4, 2], "cards": [9, 2]}),
        (["--roll", "5,4,2", "--cards", "11"], {"roll": [5, 4, 2], "cards": [11]}),
        (
            ["--roll", "5,4,2", "--row", "3,9,11,2,7", "--best"],
            {"roll": "5,4,2", "row": [3, 9, 11, 2, 7], "best": True},
        ),
        (
            ["--roll", "3,3,2", "--cards", "2", "--doubles", "wipe"],
            {"roll": ["3", "3", "2"], "cards": ["2"], "doubles": "wipe"},
        ),
    ],
)
def test_take_is_the_cli_json(referee: Runner, args: list[str], given: dict[str, Any]) -> None:
    code, out, err = referee("take", *args, "--json")
    assert err == ""
    report = service.QUESTIONS["take"].call(given, files=False)
    assert report.doc == one_json(out)
    assert report.exit_code == code


def test_take_on_values(referee: Runner) -> None:
    expected = cli_json(referee, "take", "--roll", "5,4,2", "--row", "3,9,11,2,7", "--best")
    report = service.take(roll=Roll.from_text("5,4,2"), row=(3, 9, 11, 2, 7), best=True)
    assert (report.doc, report.valid) == (expected, True)
    no = service.take(roll=Roll((5, 4, 2)), cards=(1, 2, 3, 4))
    assert (no.valid, no.exit_code, no.reason) == (False, 1, "too-many-cards")
    assert no.doc == cli_json(referee, "take", "--roll", "5,4,2", "--cards", "1,2,3,4", code=1)


# ------------------------------------------------------------------ the game


def test_show_and_game_doc_are_the_cli_json(referee: Runner) -> None:
    expected = cli_json(referee, "outofsight", "game", "show", str(GAME_SAMPLE))
    report = service.show(str(GAME_SAMPLE))
    assert report.doc == expected
    assert service.SHOW.call({}, path=str(GAME_SAMPLE)).doc == expected
    assert service.game_doc(engine.load(service.GAME, str(GAME_SAMPLE))) == expected
    assert service.game_doc(report.game) == expected
    assert report.version == expected["version"] == 2


def test_show_names_the_players_whose_turn_and_whether_over(
    referee: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "g.yaml"
    service.new(str(game), players=["Ann", "Bob"], first="Bob")
    doc = service.show(str(game)).doc
    assert (doc["players"], doc["turn"], doc["over"]) == (["Ann", "Bob"], "Bob", False)
    assert (doc["time_keeper"], doc["box"]) == ("Ann", 1)
    # The sample game has two frames; the third ends it.
    ours, _ = copies(tmp_path)
    report = service.frame(
        str(ours), frame_file=formats.load_frame_sheet(str(SAMPLES / "frame3.yaml"))
    )
    done = service.game_doc(report.game)
    assert (done["players"], done["turn"], done["over"]) == (["Brian", "Jessica"], None, True)
    assert (done["time_keeper"], done["box"]) == (None, None)
    assert done == cli_json(referee, "outofsight", "game", "show", str(ours))


def test_new_is_the_cli_new(referee: Runner, tmp_path: Path) -> None:
    ours, theirs = tmp_path / "ours.yaml", tmp_path / "theirs.yaml"
    expected = cli_json(
        referee, "outofsight", "game", "new", "--players", "Ann,Bob,Cy", "--mode", "advanced",
        "--first", "Bob", "-o", str(theirs),
    )  # fmt: skip
    given = {"players": ["Ann", "Bob", "Cy"], "mode": "advanced", "first": "Bob"}
    report = service.NEW.call(given, files=False, path=str(ours))
    assert report.doc == {**expected, "output": str(ours)}
    assert (report.version, report.valid) == (0, True)
    assert ours.read_bytes() == theirs.read_bytes()
    assert service.game_doc(report.game) == service.show(str(ours)).doc


TURNS: list[tuple[list[str], dict[str, Any]]] = [
    (["--cards", "red-3,blue-5", "--stop"], {"cards": ["red-3", "blue-5"], "stop": True}),
    (
        ["--cards", "green-7", "--time", "--doubles", "wipe"],
        {"cards": "green-7", "time": True, "doubles": "wipe"},
    ),
    (["--stop", "--player", "Ann"], {"player": "Ann", "stop": True, "expect_version": 2}),
]


def test_turns_and_undo_are_the_cli_steps(referee: Runner, tmp_path: Path) -> None:
    """The same steps on two copies of a game: the same docs, the same file."""
    start = tmp_path / "start.yaml"
    service.new(str(start), players=["Ann", "Bob"], mode="advanced")
    ours, theirs = copies(tmp_path, start)
    for args, given in TURNS:
        expected = cli_json(referee, "outofsight", "game", "turn", str(theirs), *args)
        report = service.STEPS["turn"].call(given, files=False, path=str(ours))
        assert report.doc == expected, given
        assert report.version == expected["version"]
        assert service.game_doc(report.game) == service.show(str(ours)).doc
        assert ours.read_bytes() == theirs.read_bytes()
    for code in (0, 0, 0, 1):
        expected = cli_json(referee, "outofsight", "game", "undo", str(theirs), code=code)
        report = service.STEPS["undo"].call({}, path=str(ours))
        assert (report.doc, report.exit_code) == (expected, code)
        assert ours.read_bytes() == theirs.read_bytes()


def test_a_frame_given_as_a_mapping_is_the_cli_frame(referee: Runner, tmp_path: Path) -> None:
    ours, theirs = copies(tmp_path)
    frame3 = SAMPLES / "frame3.yaml"
    expected = cli_json(referee, "outofsight", "game", "frame", str(theirs), str(frame3))
    sheet = yaml.safe_load(frame3.read_text(encoding="utf-8"))
    report = service.STEPS["frame"].call({"frame_file": sheet}, files=False, path=str(ours))
    assert report.doc == expected
    assert (report.valid, report.version, report.doc["over"]) == (True, 3, True)
    assert ours.read_bytes() == theirs.read_bytes()


def test_a_dry_run_frame_is_the_cli_dry_run(referee: Runner, tmp_path: Path) -> None:
    ours, theirs = copies(tmp_path)
    frame3 = str(SAMPLES / "frame3.yaml")
    expected = cli_json(referee, "outofsight", "game", "frame", str(theirs), frame3, "--dry-run")
    before = ours.read_bytes()
    report = service.STEPS["frame"].call({"frame_file": frame3, "dry_run": True}, path=str(ours))
    assert report.doc == expected and report.doc["recorded"] is False
    assert ours.read_bytes() == before == theirs.read_bytes()


# ------------------------------------------------------------------ refusals


def test_a_turn_out_of_turn_is_a_refusal(referee: Runner, tmp_path: Path) -> None:
    start = tmp_path / "start.yaml"
    service.new(str(start), players=["Ann", "Bob"])
    ours, theirs = copies(tmp_path, start)
    before = ours.read_bytes()
    report = service.turn(str(ours), stop=True, player="Bob")
    assert (report.valid, report.exit_code, report.version) == (False, 1, 0)
    assert report.reason == "not-your-turn"
    assert report.explanation == "it is Ann's turn (box 1), not Bob's"
    assert (report.doc["valid"], report.doc["recorded"]) == (False, False)
    assert report.doc["turn"] == "Ann"
    assert ours.read_bytes() == before
    expected = cli_json(
        referee, "outofsight", "game", "turn", str(theirs), "--stop", "--player", "Bob", code=1
    )
    assert report.doc == expected
    assert sv.http_status(report) == 422


@pytest.mark.parametrize(
    ("frame_file", "reason"),
    [
        ("frame3.yaml", "game-over"),
        ("example-three.yaml", "wrong-frame"),
    ],
)
def test_a_frame_that_does_not_fit_is_a_refusal(
    referee: Runner, tmp_path: Path, frame_file: str, reason: str
) -> None:
    ours, theirs = copies(tmp_path)
    sheet = formats.load_frame_sheet(str(SAMPLES / "frame3.yaml"))
    if reason == "game-over":
        service.frame(str(ours), frame_file=sheet)
        service.frame(str(theirs), frame_file=sheet)
    before = ours.read_bytes()
    path = str(SAMPLES / frame_file)
    report = service.STEPS["frame"].call({"frame_file": path}, path=str(ours))
    assert (report.valid, report.exit_code, report.reason) == (False, 1, reason)
    assert report.explanation
    assert ours.read_bytes() == before
    expected = cli_json(referee, "outofsight", "game", "frame", str(theirs), path, code=1)
    assert report.doc == expected


# ------------------------------------------------------------- web-style fields


def refused(step: sv.Step, given: dict[str, Any], **fixed: Any) -> str:
    with pytest.raises(InputError) as caught:
        step.call(given, files=False, **fixed)
    message = caught.value.message
    assert "--" not in message, message
    return message


def test_web_fields_are_refused_naming_the_field(tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    service.new(str(game), players=["Ann", "Bob"])
    before = game.read_bytes()
    frame, turn = service.STEPS["frame"], service.STEPS["turn"]
    path = str(SAMPLES / "frame3.yaml")
    message = refused(frame, {"frame_file": path}, path=str(game))
    assert message.startswith("frame_file: ") and "file names are not accepted" in message
    message = refused(frame, {"frame_file": {"Ann": ["red-1"]}}, path=str(game))
    assert message.startswith("frame_file") and "unknown key 'Ann'" in message
    message = refused(frame, {"frame_file": {"players": {"Ann": ["red-99"]}}}, path=str(game))
    assert message.startswith("frame_file.players.Ann[0]: ")
    banks: dict[str, Any] = {"players": {"Ann": [], "Bob": []}}
    message = refused(frame, {"frame_file": banks, "next": "n.yaml"}, path=str(game))
    assert message.startswith("next: ") and "file names are not accepted" in message
    assert refused(frame, {"frame": {}}, path=str(game)).startswith("unknown field 'frame'")
    assert refused(frame, {}, path=str(game)) == "frame_file: this field is required"
    assert refused(turn, {"cards": ["red"], "stop": True}, path=str(game)).startswith(
        "cards: card 'red' has no number"
    )
    assert refused(turn, {"stop": "yes"}, path=str(game)).startswith("stop: expected true")
    assert refused(turn, {"stop": True, "wait": 1}, path=str(game)).startswith(
        "unknown field 'wait'"
    )
    assert refused(turn, {"stop": True, "doubles": "spin"}, path=str(game)).startswith("doubles: ")
    assert refused(turn, {"stop": True, "prefer": "Ann"}, path=str(game)).startswith("prefer: ")
    message = refused(service.QUESTIONS["score-frame"], {"file": path})
    assert message.startswith("file: ") and "file names are not accepted" in message
    assert refused(service.QUESTIONS["take"], {"roll": [5, 4]}).startswith("roll: ")
    assert refused(service.QUESTIONS["take"], {"roll": [5, 4, True]}).startswith("roll[2]: ")
    message = refused(service.QUESTIONS["take"], {"roll": "5,4,2", "row": list(range(1, 7))})
    assert message == "row: 6 cards, but the row has at most 5"
    assert game.read_bytes() == before


def test_values_the_service_refuses_name_the_field(tmp_path: Path) -> None:
    """Checks of the service itself (not of a converter): neutral field names."""
    game = tmp_path / "g.yaml"
    service.new(str(game), players=["Ann", "Bob"])
    with pytest.raises(InputError) as caught:
        service.turn(str(game), stop=True, time=True)
    assert caught.value.message == "stop: give exactly one of stop and time"
    with pytest.raises(InputError) as caught:
        service.turn(str(game), stop=True, prefer={"Ann": ("red",)})
    assert caught.value.message.startswith("prefer: a preference is given on the turn that closes")
    with pytest.raises(InputError) as caught:
        service.take(roll=Roll.from_text("5,4,2"), best=True)
    assert caught.value.message == "best: needs the row, the face-up cards to choose from"
    with pytest.raises(InputError) as caught:
        service.NEW.call({"players": ["Ann"]}, files=False, path=str(tmp_path / "x.yaml"))
    assert caught.value.message == "players: Out of Sight needs 2 to 12 players, got 1"
    assert not (tmp_path / "x.yaml").exists()


def test_bad_preferences_for_a_game_frame_are_exit_2_naming_the_option(
    referee: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "g.yaml"
    shutil.copyfile(GAME_SAMPLE, game)
    before = game.read_bytes()
    outcome = referee(
        "outofsight",
        "game",
        "frame",
        str(game),
        str(SAMPLES / "frame3.yaml"),
        "--prefer",
        "Eve=red",
    )
    assert_one_error_line(*outcome, "Error: --prefer: no player 'Eve'")
    assert game.read_bytes() == before


def tied_game(path: Path) -> str:
    """The phones' game of tests/test_serve_table_games.py: 16 points each
    after three frames, Ana first by the numbers on her final frame's cards."""
    service.new(str(path), players=["Ana", "Ben"])
    colours = ["red", "blue", "green", "yellow"]
    for n in range(18):
        cards = [f"{colours[n % 4]}-{n % 9 + 1}", f"{colours[(n + 1) % 4]}-{(n + 3) % 18 + 1}"]
        end = {"time": True} if n in (1, 6) else {"stop": True}
        assert service.STEPS["turn"].call({"cards": cards, **end}, path=str(path)).valid
    return str(path)


def test_a_tie_on_points_says_in_the_ranking_how_it_was_broken(tmp_path: Path) -> None:
    shown = service.show(tied_game(tmp_path / "sunday.yaml")).doc
    first, second = shown["ranking"]
    assert (first["players"], second["players"]) == (["Ana"], ["Ben"])
    assert first["score"] == second["score"] == 16
    assert (
        first["note"] == "won the tie on points by the final frame's card numbers: Ana 54, Ben 42"
    )
    assert "note" not in second
