"""Word Block's service (referee.wordblock.service): its reports are the CLI's
JSON, a refusal is a report (valid false, reason, explanation; exit 1 on the
CLI), its fields read values from the web and paths from Python, and its
errors name fields, never options."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import Runner, assert_one_error_line, one_json
from referee import service as sv
from referee.core import scowl
from referee.core.cells import Cell
from referee.core.dictionary import open_dictionary
from referee.core.errors import ConflictError, InputError
from referee.wordblock import formats, service
from referee.wordblock.board import Card

SAMPLES = Path(__file__).resolve().parents[1] / "src" / "referee" / "samples" / "examples"
BOARD = str(SAMPLES / "wordblock" / "rulebook.yaml")
WORDS = str(SAMPLES / "wordblock" / "words.txt")
NEW_TURNS = ("--players", "blue,red", "--draw", "blue=k,red=x", "--grid", "s,h,a,e")


@pytest.fixture(autouse=True)
def shared_cache(scowl_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One SCOWL cache (the exclusions and hint's lists come from SCOWL)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(scowl_cache))
    monkeypatch.delenv(scowl.ENV_DIR, raising=False)


def cli_json(invoke: Runner, *args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = invoke(*args, "--json")
    assert err == "", err
    doc: dict[str, Any] = one_json(out)
    return code, doc


def board_mapping() -> dict[str, Any]:
    """The board file's mapping, as the web sends a board."""
    data: dict[str, Any] = yaml.safe_load(Path(BOARD).read_text())
    return data


def refusal(report: sv.Report) -> None:
    """A refusal: valid false, a reason and an explanation, exit 1."""
    assert report.valid is False and report.exit_code == 1
    assert isinstance(report.reason, str) and report.reason
    assert isinstance(report.explanation, str) and report.explanation
    assert report.doc["valid"] is False


# ----------------------------------------------------------------- questions

CLAIMS: list[tuple[str, str, dict[str, Any], list[str]]] = [
    ("quash", "red", {}, []),
    ("sheer", "blue", {"challenged_by": "green"}, ["--challenged-by", "green"]),
    ("rash", "blue", {}, []),  # refused: no block to start from
    ("she", "blue", {"walk": "B3,C3,C4"}, ["--path", "B3,C3,C4"]),  # refused: bad path
    ("she", "blue", {"walk": [Cell.from_name("B3"), "C3", "d3"]}, ["--path", "B3,C3,D3"]),
]


@pytest.mark.parametrize(("word", "player", "fields", "argv"), CLAIMS)
def test_score_claim_is_the_cli_document(
    invoke: Runner, word: str, player: str, fields: dict[str, Any], argv: list[str]
) -> None:
    report = service.score_claim(
        word=word,
        board=formats.load_board(BOARD),
        player=player,
        dictionary=open_dictionary(WORDS),
        **fields,
    )
    code, doc = cli_json(
        invoke, "score-claim", word, "--board", BOARD, "--player", player,
        "--dictionary", WORDS, *argv,
    )  # fmt: skip
    assert report.doc == doc and report.exit_code == code
    assert report.version is None and report.detail.verdict.word == word
    if not report.valid:
        refusal(report)


def test_score_claim_refused_is_exit_1_on_the_cli(invoke: Runner) -> None:
    report = service.score_claim(
        word="rash", board=formats.load_board(BOARD), player="blue", no_exclusions=True,
        dictionary=open_dictionary(WORDS),
    )  # fmt: skip
    refusal(report)
    assert report.reason == "no-block"
    code, out, err = invoke(
        "score-claim", "rash", "--board", BOARD, "--player", "blue", "--dictionary", WORDS
    )
    assert (code, err) == (1, "") and report.explanation is not None
    assert report.explanation in out


def test_house_words_and_exclusions_are_values() -> None:
    """House words are a list of words, exclusions a set of words (the shipped
    list unless given; none with no_exclusions)."""
    board = formats.load_board(BOARD)
    words = open_dictionary(WORDS)
    plain = service.score_claim(word="quash", board=board, player="red", dictionary=words)
    assert plain.valid
    excluded = service.score_claim(
        word="quash", board=board, player="red", dictionary=words, exclusions={"quash"}
    )
    assert (excluded.valid, excluded.reason) == (False, "excluded")
    allowed = service.score_claim(
        word="quash", board=board, player="red", dictionary=words, exclusions={"quash"},
        allow=["quash"],
    )  # fmt: skip
    assert allowed.valid and allowed.doc["dictionary"]["allowed_extra"] == 1


def test_place_and_move_block_are_the_cli_documents(invoke: Runner) -> None:
    board = formats.load_board(BOARD)
    cases: list[tuple[sv.Report, list[str]]] = [
        (
            service.place_card(card="t-1", board=board, at="B5"),
            ["wordblock", "place", "t-1", "--board", BOARD, "--at", "B5"],
        ),
        (
            service.place_card(card=Card("t", 1), board=board, at=Cell.from_name("A1")),
            ["wordblock", "place", "t-1", "--board", BOARD, "--at", "A1"],
        ),
        (
            service.move_block_on(board=board, player="blue", to="B4"),
            ["wordblock", "move-block", "--board", BOARD, "--player", "blue", "--to", "B4"],
        ),
        (
            service.move_block_on(board=board, player="blue", from_="A4", to="B4"),
            [
                "wordblock",
                "move-block",
                "--board",
                BOARD,
                "--player",
                "blue",
                "--from",
                "A4",
                "--to",
                "B4",
            ],
        ),
    ]
    refused = 0
    for report, argv in cases:
        code, doc = cli_json(invoke, *argv)
        assert (report.doc, report.exit_code) == (doc, code), argv
        if not report.valid:
            refusal(report)
            refused += 1
    assert refused == 2


def test_place_writes_nothing_the_cli_writes_the_board(invoke: Runner, tmp_path: Path) -> None:
    """``--write`` is the command line's: the service hands back the board
    with the card on it, and the CLI's file is exactly that board."""
    copy = tmp_path / "board.yaml"
    copy.write_bytes(Path(BOARD).read_bytes())
    report = service.place_card(card="t-1", board=formats.load_board(str(copy)), at="B5")
    assert copy.read_bytes() == Path(BOARD).read_bytes()
    code, doc = cli_json(
        invoke, "wordblock", "place", "t-1", "--board", str(copy), "--at", "B5", "--write"
    )
    assert code == 0 and doc == {**report.doc, "output": str(copy)}
    assert formats.load_board(str(copy)) == report.detail.after


def test_hint_is_the_cli_document(invoke: Runner) -> None:
    board = formats.load_board(BOARD)
    for player, top in (("red", 10), ("blue", 2), ("green", 10)):
        report = service.board_hint(
            board=board, player=player, top=top, dictionary=service.hint_dictionary(WORDS)
        )
        code, doc = cli_json(
            invoke, "wordblock", "hint", "--board", BOARD, "--player", player, "--top", str(top),
            "--dictionary", WORDS,
        )  # fmt: skip
        assert (report.doc, report.exit_code) == (doc, code), player


def test_hint_cannot_search_an_enchant_dictionary(invoke: Runner) -> None:
    with pytest.raises(InputError) as caught:
        service.board_hint(
            board=formats.load_board(BOARD), player="red", dictionary=open_dictionary("en_US")
        )
    assert caught.value.place == "dictionary" and "--" not in caught.value.message
    code, out, err = invoke(
        "wordblock", "hint", "--board", BOARD, "--player", "red", "--dictionary", "en_US"
    )
    assert_one_error_line(code, out, err, "--dictionary: 'en_US' names an enchant dictionary")


# ----------------------------------------------------------------- the fields


def test_a_board_from_the_web_is_the_mapping_itself() -> None:
    step = sv.question("score-claim")
    given = {"word": "quash", "player": "red", "dictionary": "scowl", "no_exclusions": True}
    from_web = step.call({**given, "board": board_mapping()}, files=False)
    from_python = step.call({**given, "board": BOARD}, files=True)
    assert from_web.doc == from_python.doc and from_web.valid
    assert from_web.doc["points"] == {"blue": 20, "red": 32}


QUESTION_FIELDS: dict[str, dict[str, Any]] = {
    "score-claim": {"word": "quash", "player": "red"},
    "wordblock place": {"card": "t-1", "at": "B5"},
    "wordblock move-block": {"player": "blue", "to": "B4"},
    "wordblock hint": {"player": "red"},
}


@pytest.mark.parametrize("name", list(service.QUESTIONS))
def test_a_file_name_from_the_web_is_refused_naming_the_field(name: str) -> None:
    step = service.QUESTIONS[name]
    assert step.call({**QUESTION_FIELDS[name], "board": board_mapping()}, files=False).doc
    for board in (BOARD, Path(BOARD)):
        with pytest.raises(InputError) as caught:
            step.call({**QUESTION_FIELDS[name], "board": board}, files=False)
        message = caught.value.message
        assert message.startswith("board: ") and "--" not in message, message
        assert "file names are not accepted" in message


def test_web_fields_are_checked_naming_the_field() -> None:
    step = sv.question("score-claim")
    base = {"word": "quash", "player": "red", "board": board_mapping()}
    bad: list[tuple[dict[str, Any], str]] = [
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"board": {"cards": ["x"]}}, "board.cards[0]: A1: 'x' is not a card"),
        ({"board": ["w-1"]}, "board: expected a board"),
        ({"path": "A1,Z9"}, "path: 'Z9' is off the board"),
        ({"path": ["A4", 7]}, "path: '7' is not a cell name"),
        ({"path": ["A4", None]}, "path[1]: expected text"),
        ({"path": 7}, "path: expected cells like A4,B4,B3"),
        ({"dictionary": WORDS}, "dictionary: give an installed dictionary's name"),
        ({"allow": WORDS}, "allow: give the words as a list"),
        ({"no_exclusions": "yes"}, "no_exclusions: expected true or false"),
        ({"player": "nobody"}, "player: 'nobody' is not a player here"),
        ({"word": "qu-ash"}, "word: 'qu-ash': words are letters a-z only"),
    ]
    for extra, fragment in bad:
        with pytest.raises(InputError) as caught:
            step.call({**base, **extra}, files=False)
        assert fragment in caught.value.message and "--" not in caught.value.message, extra
    with pytest.raises(InputError, match="board: this field is required"):
        step.call({"word": "quash", "player": "red"}, files=False)
    with pytest.raises(InputError, match="dictionary: 'en_US' names an enchant dictionary"):
        sv.question("wordblock hint").call(
            {"board": board_mapping(), "player": "red", "dictionary": "en_US"}, files=False
        )


def test_the_other_questions_from_the_web() -> None:
    board = board_mapping()
    placed = sv.question("wordblock place").call(
        {"card": "t-1", "board": board, "at": "B5"}, files=False
    )
    assert placed.valid and placed.doc["output"] is None
    moved = sv.question("wordblock/move-block").call(
        {"board": board, "player": "blue", "from": "A4", "to": "B4"}, files=False
    )
    refusal(moved)
    assert moved.reason == "not-your-block"
    with pytest.raises(InputError, match=r"^card: 'tt' is not a card"):
        sv.question("wordblock place").call({"card": "tt", "board": board, "at": "B5"}, files=False)
    with pytest.raises(InputError, match=r"^to: 'Z9' is off the board"):
        sv.question("wordblock move-block").call(
            {"board": board, "player": "blue", "to": "Z9"}, files=False
        )
    hinted = sv.question("wordblock hint").call(
        {"board": board, "player": "red", "dictionary": "scowl", "top": 3}, files=False
    )
    assert hinted.valid and hinted.doc["count"] == 3
    assert hinted.doc["dictionary"]["provider"] == "scowl"


# ------------------------------------------------------------------ the game


def test_the_registry_finds_the_game_and_its_steps() -> None:
    module = sv.service("wordblock")
    assert module is service
    assert set(service.STEPS) == {"place", "claim", "move-block", "end-turn", "undo", "redo"}
    assert set(service.QUESTIONS) == {
        "score-claim",
        "wordblock place",
        "wordblock move-block",
        "wordblock hint",
    }
    from referee.wordblock.game import GAME

    assert service.GAME is GAME and GAME.name == "wordblock"
    for key in service.QUESTIONS:
        assert sv.QUESTIONS[key] == "referee.wordblock.service"


def new_pair(invoke: Runner, tmp_path: Path, *argv: str) -> tuple[str, str]:
    """The same new game by the service (web-style fields) and by the CLI."""
    ours, theirs = str(tmp_path / "service.yaml"), str(tmp_path / "cli.yaml")
    fields: dict[str, Any] = {}
    args = list(argv)
    while args:
        option = args.pop(0)
        value: str | bool = args.pop(0) if args and not args[0].startswith("--") else True
        fields[option[2:].replace("-", "_")] = value
    if "board" in fields:
        fields["board"] = board_mapping()
    report = service.NEW.call(fields, files=False, path=ours)
    code, doc = cli_json(invoke, "wordblock", "game", "new", *argv, "-o", theirs)
    assert (report.version, code) == (0, 0)
    assert {**report.doc, "output": theirs} == doc
    assert report.doc == {"output": ours, **service.game_doc(report.game)}
    return ours, theirs


STEPS_TURNS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("claim", {"word": "she"}, ["she"]),  # refused by the turn: place-first
    ("place", {"card": "t", "at": "B2", "player": "blue"}, ["t", "--at", "B2", "--player", "blue"]),
    ("place", {"card": "t", "at": "B2"}, ["t", "--at", "B2"]),
    ("place", {"card": "t", "at": "A1"}, ["t", "--at", "A1"]),  # refused by the rules
    ("place", {"card": "t", "at": "B3"}, ["t", "--at", "B3"]),
    ("move-block", {"to": "C3"}, ["--to", "C3"]),
    ("claim", {"word": "hat", "dictionary": "scowl"}, ["hat", "--dictionary", "scowl"]),
    ("end-turn", {"player": "blue"}, ["--player", "blue"]),  # refused: not-your-turn
    ("end-turn", {}, []),
    ("undo", {}, []),
    ("undo", {"expect_version": 4}, ["--expect-version", "4"]),
    ("end-turn", {"player": "red"}, ["--player", "red"]),
]


def test_a_whole_game_through_the_service_is_the_cli_game(invoke: Runner, tmp_path: Path) -> None:
    """The same steps through the service (fields as the web sends them) and
    through the CLI: the same reports, the same exit codes, the same files;
    and ``game_doc`` of a step's game is the show document."""
    ours, theirs = new_pair(invoke, tmp_path, *NEW_TURNS, "--values", "asteroid")
    for step, fields, argv in STEPS_TURNS:
        report = service.STEPS[step].call(fields, files=False, path=ours)
        code, doc = cli_json(invoke, "wordblock", "game", step, theirs, *argv)
        assert (report.doc, report.exit_code) == (doc, code), (step, fields)
        assert report.version == doc["version"] == service.show(ours).version
        if not report.valid:
            refusal(report)
        assert service.game_doc(report.game) == service.show(ours).doc
    assert Path(ours).read_bytes() == Path(theirs).read_bytes()
    assert service.show(ours).doc == cli_json(invoke, "wordblock", "game", "show", theirs)[1]


def test_a_scorepad_through_the_service_is_the_cli_scorepad(invoke: Runner, tmp_path: Path) -> None:
    ours, theirs = new_pair(
        invoke, tmp_path, "--free", "--players", "blue,red,green", "--board", BOARD
    )
    steps: list[tuple[str, dict[str, Any], list[str]]] = [
        ("claim", {"word": "shash", "player": "blue", "challenged_by": "red"},
         ["shash", "--player", "blue", "--challenged-by", "red"]),
        ("claim", {"word": "quash", "player": "red", "path": ["A4", "B4", "B3", "C3"]},
         ["quash", "--player", "red", "--path", "A4,B4,B3,C3"]),
        ("place", {"card": "t-1", "at": "B5", "player": "green"},
         ["t-1", "--at", "B5", "--player", "green"]),
        ("move-block", {"player": "blue", "to": "B4"}, ["--player", "blue", "--to", "B4"]),
        ("undo", {}, []),
    ]  # fmt: skip
    for step, fields, argv in steps:
        report = service.STEPS[step].call(fields, files=False, path=ours)
        code, doc = cli_json(invoke, "wordblock", "game", step, theirs, *argv)
        assert (report.doc, report.exit_code) == (doc, code), (step, fields)
    assert Path(ours).read_bytes() == Path(theirs).read_bytes()


def test_show_has_players_turn_and_over(invoke: Runner, tmp_path: Path) -> None:
    turns = str(tmp_path / "turns.yaml")
    service.new(turns, players=["blue", "red"], draw="blue=k,red=x", grid="s,h,a,e",
                values="asteroid")  # fmt: skip
    shown = service.show(turns)
    assert (shown.doc["players"], shown.doc["turn"], shown.doc["over"]) == (
        ["blue", "red"],
        "red",
        False,
    )
    assert shown.doc["phase"] == "place" and shown.version == 0
    free = str(tmp_path / "free.yaml")
    service.new(free, players=["ann", "bob", "cy"], free=True)
    doc = service.show(free).doc
    assert (doc["mode"], doc["players"], doc["turn"], doc["over"]) == (
        "free",
        ["ann", "bob", "cy"],
        None,
        False,
    )
    assert doc == cli_json(invoke, "wordblock", "game", "show", free)[1]
    # the end of a game: the last 4 cards played, no claims
    end = str(tmp_path / "end.yaml")
    board = formats.load_board(str(SAMPLES / "wordblock" / "endgame.yaml"), "asteroid")
    service.new(end, players=["blue", "red"], first="blue", board=board, values="asteroid")
    for player, card, at in (("blue", "p", "A5"), ("red", "s", "F5"), ("blue", "m", "B5")):
        service.place(end, card=card, at=at)
        assert service.show(end).doc["turn"] == player
        service.end_turn(end)
    service.place(end, card="u", at="E5")
    last = service.end_turn(end)
    doc = service.show(end).doc
    assert (doc["turn"], doc["phase"], doc["over"], doc["winners"]) == (
        None,
        None,
        True,
        ["blue", "red"],
    )
    assert (
        doc == service.game_doc(last.game) == cli_json(invoke, "wordblock", "game", "show", end)[1]
    )
    with pytest.raises(InputError, match="the game is over"):
        service.place(end, card="x", at="C5")


def test_a_game_step_refused_by_the_turn_is_exit_1_on_the_cli(
    invoke: Runner, tmp_path: Path
) -> None:
    game = str(tmp_path / "g.yaml")
    service.new(game, players=["blue", "red"], first="blue", grid="s,h,a,e", values="asteroid")
    before = Path(game).read_bytes()
    report = service.claim(game, word="she", dictionary=open_dictionary(WORDS))
    refusal(report)
    assert (report.reason, report.doc["recorded"]) == ("place-first", False)
    code, out, err = invoke("wordblock", "game", "claim", game, "she", "--dictionary", WORDS)
    assert (code, err) == (1, "") and out == f"Refused: place-first: {report.explanation}.\n"
    assert Path(game).read_bytes() == before
    nothing = str(tmp_path / "none.yaml")
    service.new(nothing, players=["a", "b"], free=True)
    undone = service.undo(nothing)
    refusal(undone)
    assert undone.reason == "nothing-to-undo"
    code, out, _ = invoke("wordblock", "game", "undo", nothing)
    assert (code, out) == (1, "Nothing to undo.\n")


def test_game_errors_name_fields_never_options(invoke: Runner, tmp_path: Path) -> None:
    game = str(tmp_path / "g.yaml")
    service.new(game, players=["blue", "red"], free=True)
    bad: list[tuple[str, dict[str, Any], str]] = [
        ("claim", {"word": "she"}, "player: name the player"),
        ("claim", {"word": "she", "player": "nobody"}, "player: 'nobody' is not a player"),
        ("claim", {"word": "she", "player": "blue", "challenged_by": "blue"}, "challenged_by: "),
        ("place", {"card": "q", "at": "B2"}, "card: 'q' is not a card"),
        ("place", {"card": "q-1", "at": "5B"}, "at: '5B' is not a cell name"),
        ("move-block", {"player": "blue", "to": "Z9"}, "to: 'Z9' is off the board"),
        ("move-block", {"player": "blue", "from": "Z9", "to": "A1"}, "from: 'Z9' is off"),
        ("end-turn", {}, "a free scorepad: it has no turns to end"),
    ]
    for step, fields, fragment in bad:
        with pytest.raises(InputError) as caught:
            service.STEPS[step].call(fields, files=False, path=game)
        message = caught.value.message
        assert fragment in message and "--" not in message, (step, message)
    with pytest.raises(ConflictError):
        service.STEPS["undo"].call({"expect_version": 3}, files=False, path=game)
    new_bad: list[tuple[dict[str, Any], str]] = [
        ({"players": "a", "free": True}, "players: name at least 2"),
        ({"players": "a,b", "free": True, "grid": "a-1"}, "grid: a free scorepad has no turns"),
        ({"players": "a,b", "first": "a", "draw": "a=x,b=y", "grid": "s,h,a,e",
          "values": "asteroid"}, "draw: first and draw both say who starts"),
        ({"players": "a,b"}, "grid: give the 4 cards dealt face up"),
        ({"players": "a,b", "grid": "s,h,a", "values": "asteroid"}, "grid: expected the 4 cards"),
        ({"players": "a,b", "grid": "s,h,a,e", "values": "asteroid", "deck_size": 30},
         "deck_size: expected 28 or 40"),
        ({"players": "a,b", "grid": "s,h,a,e", "values": "asteroid", "draw": "a"},
         "draw: 'a': expected PLAYER=LETTER"),
        ({"players": "a,b", "grid": "s,h,a,e", "values": "asteroid", "draw": {"a": "x"}},
         "draw: b did not draw"),
        ({"players": "a,b", "free": True, "board": BOARD}, "board: give the board itself"),
        ({"players": "a,b", "values": "roman", "grid": "s,h,a,e"}, "values: one of"),
    ]  # fmt: skip
    for fields, fragment in new_bad:
        target = str(tmp_path / "new.yaml")
        with pytest.raises(InputError) as caught:
            service.NEW.call(fields, files=False, path=target)
        message = caught.value.message
        assert fragment in message and "--" not in message, (fields, message)
        assert not os.path.exists(target)


def test_the_cli_words_the_same_errors_as_its_options(invoke: Runner, tmp_path: Path) -> None:
    """The service's field is the command line's option (exit 2, one line)."""
    game = str(tmp_path / "g.yaml")
    service.new(game, players=["blue", "red"], free=True)
    for argv, fragment in (
        (["claim", game, "she"], "--player: name the player"),
        (["place", game, "q", "--at", "B2"], "CARD: 'q' is not a card"),
        (["move-block", game, "--player", "blue", "--from", "Z9", "--to", "A1"], "--from: 'Z9'"),
        (["claim", game, "she", "--player", "blue", "--path", "A1,Z9"], "--path: 'Z9' is off"),
    ):
        assert_one_error_line(*invoke("wordblock", "game", *argv), fragment)
