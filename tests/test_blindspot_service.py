"""Blind Spot's service (referee.blindspot.service): its reports are the CLI's
JSON, its fields read values from the web and paths from Python, and its
errors name fields, never options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers import SAMPLE, SAMPLE_LETTERS, SAMPLE_POSITION, Runner, one_json
from referee import service as sv
from referee.blindspot import service
from referee.blindspot.formats import load_layout, load_position
from referee.core.cells import Cell
from referee.core.errors import ConflictError, InputError, NotFound

D1 = Cell.from_name("D1", 9, 9)


def cli_json(invoke: Runner, *args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = invoke(*args, "--json")
    assert err == "" or code == 1
    return code, one_json(out)


def test_check_word_is_the_cli_document(invoke: Runner, repo: Path) -> None:
    for word, at, position in (("seas", "D1", None), ("welt", "C4", SAMPLE_POSITION)):
        report = service.check_word(
            word=word,
            layout=load_layout(str(repo / SAMPLE)),
            at=Cell.from_name(at, 9, 9),
            position=load_position(str(repo / position)) if position else None,
        )
        extra = ["--position", position] if position else []
        code, doc = cli_json(invoke, "check-word", word, "--layout", SAMPLE, "--at", at, *extra)
        assert report.doc == doc and report.exit_code == code
    assert report.reason == "blocked" and report.explanation


def test_words_is_the_cli_document(invoke: Runner, repo: Path) -> None:
    report = service.words(layout=load_layout(str(repo / SAMPLE)), at=D1)
    code, doc = cli_json(invoke, "words", "--layout", SAMPLE, "--at", "D1")
    assert (report.doc, report.exit_code) == (doc, code)


def test_a_game_through_the_service_is_the_cli_game(
    invoke: Runner, repo: Path, tmp_path: Path
) -> None:
    """The same moves through the service and through the CLI: the same
    reports, the same files."""
    ours, theirs = tmp_path / "service.yaml", tmp_path / "cli.yaml"
    layout = load_layout(str(repo / SAMPLE))
    service.new(str(ours), layout=layout, players=["red", "blue"])
    invoke(
        "blindspot",
        "game",
        "new",
        "--layout",
        str(repo / SAMPLE),
        "--players",
        "red,blue",
        "-o",
        str(theirs),
    )
    moves: list[tuple[str, dict[str, Any], list[str]]] = [
        ("play", {"word": "pet", "at": "G1"}, ["pet", "--at", "G1"]),
        ("play", {"word": "pet", "at": "G1"}, ["pet", "--at", "G1"]),  # refused: occupied
        ("timeout", {}, []),
        ("undo", {}, []),
        ("play", {"word": "tale", "at": "E4"}, ["tale", "--at", "E4"]),
    ]
    for step, fields, argv in moves:
        report = service.STEPS[step].call(fields, files=True, path=str(ours))
        code, doc = cli_json(invoke, "blindspot", "game", step, str(theirs), *argv)
        assert (report.doc, report.exit_code) == (doc, code), step
    shown = service.show(str(ours))
    assert shown.doc == cli_json(invoke, "blindspot", "game", "show", str(theirs))[1]
    assert shown.doc["over"] is False and shown.doc["players"] == ["red", "blue"]
    assert shown.doc == service.game_doc(shown.game)
    # the files differ only in the layout's source (the path each was given)
    a = [line for line in ours.read_text().splitlines() if "source:" not in line]
    b = [line for line in theirs.read_text().splitlines() if "source:" not in line]
    assert a == b


def test_a_refusal_is_a_report(tmp_path: Path, repo: Path) -> None:
    path = str(tmp_path / "g.yaml")
    service.new(path, layout=load_layout(str(repo / SAMPLE)), players=["red", "blue"])
    report = service.play(path, word="pet", at=Cell.from_name("G1", 9, 9), player="blue")
    assert (report.valid, report.reason, report.version, report.exit_code) == (
        False,
        "not-your-turn",
        0,
        1,
    )
    assert sv.http_status(report) == 422 and sv.http_status(report, question=True) == 200


def test_web_values_a_layout_object_a_code_and_house_words(tmp_path: Path) -> None:
    path = str(tmp_path / "g.yaml")
    service.NEW.call(
        {"layout": {"letters": SAMPLE_LETTERS}, "players": "red, blue", "allow": ["ste"]},
        files=False,
        path=path,
    )
    report = service.STEPS["play"].call({"word": "ste", "at": "G1"}, files=False, path=path)
    assert report.valid and report.version == 1
    coded = str(tmp_path / "coded.yaml")
    report = service.NEW.call(
        {"layout": "BS1-1A3A5B-16B7B17B-8B14B12B-5Y", "players": ["red", "blue"]},
        files=False,
        path=coded,
    )
    assert report.valid and "code: BS1-1A3A5B-16B7B17B-8B14B12B-5Y" in Path(coded).read_text()


@pytest.mark.parametrize(
    ("step", "fields", "message"),
    [
        (
            "new",
            {"layout": "setups/sample.yaml", "players": ["red", "blue"]},
            "file names are not accepted here",
        ),
        (
            "new",
            {"layout": {"letters": SAMPLE_LETTERS}, "players": ["Ana", "Ben"]},
            "players: unknown colour 'Ana'",
        ),
        ("new", {"layout": {"letters": SAMPLE_LETTERS}}, "players: give the players"),
        (
            "new",
            {"layout": {"letters": SAMPLE_LETTERS[:3]}, "players": ["red", "blue"]},
            "layout.letters",
        ),
        (
            "new",
            {
                "layout": {"letters": SAMPLE_LETTERS},
                "players": ["red", "blue"],
                "allow": "house.txt",
            },
            "allow: give the words as a list",
        ),
        (
            "new",
            {
                "layout": {"letters": SAMPLE_LETTERS},
                "players": ["red", "blue"],
                "dictionary": "words.txt",
            },
            "dictionary: give an installed dictionary's name",
        ),
        (
            "new",
            {"layout": {"letters": SAMPLE_LETTERS}, "players": ["red", "blue"], "output": "x"},
            "unknown field 'output'",
        ),
        ("new", {"players": ["red", "blue"]}, "layout: this field is required"),
        (
            "new",
            {"layout": {"letters": SAMPLE_LETTERS}, "players": ["red", "blue"], "teams": "yes"},
            "teams: expected true or false",
        ),
    ],
    ids=[
        "path",
        "names",
        "no-players",
        "short-board",
        "allow-file",
        "dictionary-file",
        "unknown",
        "required",
        "flag",
    ],
)
def test_web_fields_refused_name_the_field_never_an_option(
    tmp_path: Path, step: str, fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(InputError) as caught:
        service.NEW.call(fields, files=False, path=str(tmp_path / "g.yaml"))
    assert message in caught.value.message
    assert "--" not in caught.value.message
    assert not (tmp_path / "g.yaml").exists()


def test_a_dictionary_name_from_the_web_is_never_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``"dictionary": "key"`` names no dictionary; a file named ``key`` in the
    working folder is not read as a word list."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "key").write_text("zzq\n", encoding="utf-8")
    with pytest.raises(Exception) as caught:
        service.QUESTIONS["check-word"].call(
            {"word": "zzq", "layout": {"letters": SAMPLE_LETTERS}, "at": "D1", "dictionary": "key"},
            files=False,
        )
    assert "key" in str(caught.value) and "not installed" in str(caught.value)
    # from Python a path is a path
    report = service.QUESTIONS["check-word"].call(
        {"word": "zzq", "layout": {"letters": SAMPLE_LETTERS}, "at": "D1", "dictionary": "key"},
        files=True,
    )
    assert report.doc["dictionary"]["provider"] == "word-list"


def test_a_stale_version_and_an_unknown_step(tmp_path: Path, repo: Path) -> None:
    path = str(tmp_path / "g.yaml")
    service.new(path, layout=load_layout(str(repo / SAMPLE)), players=["red", "blue"])
    with pytest.raises(ConflictError):
        service.STEPS["skip-bonus"].call({"expect_version": 3}, path=path)
    with pytest.raises(NotFound):
        sv.question("no-such-question")
    assert sv.question("check-word") is service.QUESTIONS["check-word"]
    assert set(sv.describe(service.STEPS)) == {
        "play",
        "bonus",
        "skip-bonus",
        "timeout",
        "undo",
        "redo",
        "hint",
    }


def test_report_json_is_the_cli_bytes(invoke: Runner, repo: Path) -> None:
    report = service.check_word(word="seas", layout=load_layout(str(repo / SAMPLE)), at=D1)
    code, out, _ = invoke("check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--json")
    assert code == 0 and out == report.json() + "\n"
    assert json.loads(out) == report.doc
