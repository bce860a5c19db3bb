"""``--batch`` for pipelines: one JSON object per line in, one result per line out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import SAMPLE, in_process
from helpers import SAMPLE_POSITION as POSITION

ROOT = Path(__file__).resolve().parent.parent
BOARD = "examples/wordblock/rulebook.yaml"


@pytest.fixture(autouse=True)
def _from_the_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    """The files are named relative to the repo root."""
    monkeypatch.chdir(ROOT)


def referee(*args: str, stdin: bytes = b"") -> tuple[int, list[str], str]:
    """In-process (test_all_process.py pipes a batch through a real process)."""
    code, out, err = in_process(*args, input=stdin)
    return code, out.splitlines(), err


def lines(*objects: object) -> bytes:
    return "".join(json.dumps(o) + "\n" for o in objects).encode()


def one_shot(*args: str) -> dict[str, object]:
    code, out, err = referee(*args, "--json")
    assert code in (0, 1), err
    result: dict[str, object] = json.loads(out[0])
    return result


def test_check_word_batch_matches_one_shot_judgements() -> None:
    plays: list[dict[str, str | bool]] = [
        {"word": "seas", "at": "D1"},
        {"word": "welt", "at": "C4", "position": POSITION},
        {"word": "cat", "at": "H5", "glasses": True},
        {"word": "koi", "at": "C2", "player": "blue"},
        {"word": "TALE", "at": "e4", "player": "blue", "layout": SAMPLE},
    ]
    code, out, err = referee("check-word", "--batch", "--layout", SAMPLE, stdin=lines(*plays))
    assert (code, err) == (0, "")
    assert len(out) == len(plays)
    for play, got in zip(plays, out, strict=True):
        args = ["check-word", str(play["word"]), "--layout", SAMPLE, "--at", str(play["at"])]
        if "position" in play:
            args += ["--position", str(play["position"])]
        if play.get("glasses"):
            args.append("--glasses")
        if "player" in play:
            args += ["--player", str(play["player"])]
        assert json.loads(got) == one_shot(*args)
    assert [json.loads(o)["reason"] for o in out] == [None, "blocked", None, None, None]


def test_check_word_batch_goes_on_after_bad_lines() -> None:
    stdin = (
        lines({"word": "seas", "at": "D1"})
        + b"not json\n"
        + b"\n"
        + lines([1, 2], {"word": "se4s", "at": "D1"}, {"word": "seas", "at": "J1"})
        + lines({"word": "seas", "at": "D1", "colour": "red"}, {"word": 7, "at": "D1"})
        + b"\xff\xfe\n"
        + lines({"word": "seas", "at": "D1", "layout": "missing.yaml"})
        + lines({"word": "pet", "at": "G1"})
    )
    code, out, err = referee("check-word", "--batch", "--layout", SAMPLE, stdin=stdin)
    assert (code, err) == (2, "")
    results = [json.loads(o) for o in out]
    assert len(results) == 10  # the blank line 3 is skipped
    assert results[0]["valid"] is True and results[9]["valid"] is True
    kinds = {r["line"]: r["error"]["kind"] for r in results if "error" in r}
    assert kinds == dict.fromkeys([2, 4, 5, 6, 7, 8, 9, 10], "input")
    errors = {r["line"]: r["error"]["message"] for r in results if "error" in r}
    assert errors[2].startswith("line 2: not JSON")
    assert errors[4] == "line 4: expected a JSON object, got list"
    assert "words are letters a-z only" in errors[5]
    assert errors[6] == "line 6: --at: 'J1' is off the board (cells run from A1 to I9)"
    assert errors[7] == "line 7: unknown field 'colour'"
    assert errors[8] == "line 8: word: expected a string, got 7"
    assert errors[9] == "line 9: line is not UTF-8 text"
    assert errors[10] == "line 10: missing.yaml: no such layout file"


def test_check_word_batch_with_no_lines_is_done() -> None:
    assert referee("check-word", "--batch", "--layout", SAMPLE) == (0, [], "")


def test_check_word_batch_skips_blank_lines() -> None:
    stdin = (
        b"\n  \n"
        + lines({"word": "seas", "at": "D1"})
        + b"\t\n"
        + lines({"word": "se4s", "at": "D1"})
    )
    code, out, err = referee("check-word", "--batch", "--layout", SAMPLE, stdin=stdin)
    assert (code, err) == (2, "")
    results = [json.loads(o) for o in out]
    assert len(results) == 2 and results[0]["valid"] is True
    assert results[1]["line"] == 5 and results[1]["error"]["kind"] == "input"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check-word", "seas", "--batch", "--layout", SAMPLE], "give no WORD"),
        (["check-word", "seas", "--at", "D1"], "Missing option '--layout'"),
        (["check-word", "--layout", SAMPLE, "--at", "D1"], "Missing argument 'WORD'"),
    ],
    ids=["word-and-batch", "no-layout", "no-word"],
)
def test_check_word_usage_errors(args: list[str], message: str) -> None:
    code, out, err = referee(*args)
    assert (code, out) == (2, [])
    assert err.count("\n") == 1 and err.startswith("Error: ") and message in err


def test_score_claim_batch() -> None:
    claims = [
        {"word": "quash", "player": "red"},
        {"word": "sheer", "player": "blue", "challenged_by": "green"},
        {"word": "rash", "player": "blue"},
        {"word": "she", "player": "blue", "path": "B3,C3,C4"},
        {"word": "quash", "player": "nobody"},
    ]
    code, out, err = referee("score-claim", "--batch", "--board", BOARD, stdin=lines(*claims))
    assert (code, err) == (2, "")
    results = [json.loads(o) for o in out]
    assert [r.get("reason") for r in results[:4]] == [None, None, "no-block", "bad-path"]
    assert results[0]["points"] == {"blue": 20, "red": 32}
    assert results[1]["points"] == {"blue": 20, "red": 24, "green": 17}
    assert results[0] == one_shot("score-claim", "quash", "--board", BOARD, "--player", "red")
    assert results[4]["line"] == 5 and "'nobody' is not a player" in results[4]["error"]["message"]
    assert results[4]["error"]["kind"] == "input"


def test_score_claim_batch_all_good_exits_zero() -> None:
    code, out, err = referee(
        "score-claim", "--batch", "--board", BOARD, "--player", "blue",
        stdin=lines({"word": "she"}, {"word": "shoo"}, {"word": "saw"}),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert [json.loads(o)["reason"] for o in out] == [None, None, "no-path"]
