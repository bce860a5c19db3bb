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


def test_batch_answers_are_the_one_shot_bytes_repeated_lines_too() -> None:
    """A batch keeps each answer by its line's fields: a repeated line gets the
    very bytes a one-shot --json prints, and a bad line between repeats is
    still reported with its own line number."""
    plays = [
        {"word": "seas", "at": "D1"},
        {"word": "welt", "at": "C4", "position": POSITION},
        {"word": "xyzzy", "at": "E5"},
        {"word": "seas", "at": "D1", "player": "blue"},
    ]
    stream = [*plays, {"word": "seas"}, *reversed(plays), *plays]
    code, out, err = referee("check-word", "--batch", "--layout", SAMPLE, stdin=lines(*stream))
    assert (code, err) == (2, "")
    for n, (play, got) in enumerate(zip(stream, out, strict=True), start=1):
        if "at" not in play:
            assert json.loads(got) == {
                "line": n,
                "error": {"kind": "input", "message": f"line {n}: at: no cell given"},
            }
            continue
        args = ["check-word", str(play["word"]), "--layout", SAMPLE, "--at", str(play["at"])]
        if "position" in play:
            args += ["--position", str(play["position"])]
        if "player" in play:
            args += ["--player", str(play["player"])]
        code1, once, _ = referee(*args, "--json")
        assert code1 in (0, 1)
        assert got == once[0]

    claims = [
        {"word": "quash", "player": "red"},
        {"word": "sheer", "player": "blue", "challenged_by": "green"},
        {"word": "she", "player": "blue", "path": "B3,C3,C4"},
        {"word": "quash", "player": "blue"},
    ]
    stream = [*claims, {"word": "quash", "player": "nobody"}, *claims, *reversed(claims)]
    code, out, err = referee("score-claim", "--batch", "--board", BOARD, stdin=lines(*stream))
    assert (code, err) == (2, "")
    for n, (claim, got) in enumerate(zip(stream, out, strict=True), start=1):
        if claim["player"] == "nobody":
            assert json.loads(got)["line"] == n
            continue
        args = ["score-claim", claim["word"], "--board", BOARD, "--player", claim["player"]]
        if "challenged_by" in claim:
            args += ["--challenged-by", claim["challenged_by"]]
        if "path" in claim:
            args += ["--path", claim["path"]]
        code1, once, _ = referee(*args, "--json")
        assert code1 in (0, 1)
        assert got == once[0]


@pytest.mark.process
def test_batch_answers_each_line_before_the_next_arrives() -> None:
    """Input is read a chunk at a time, but the answers to what has arrived are
    written before the batch waits for more: a program that sends one line and
    waits for its answer is never stuck."""
    import select
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "check-word", "--batch", "--layout", SAMPLE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for word, at in (("seas", "D1"), ("xyzzy", "E5"), ("seas", "D1")):
            proc.stdin.write(lines({"word": word, "at": at}))
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no answer while the batch waits for the next line"
            answer = json.loads(proc.stdout.readline())
            assert answer["word"] == word and answer["at"] == at
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


def test_batch_line_over_the_limit_is_one_error_and_the_batch_goes_on() -> None:
    """A line over 1 MiB is refused as one line (whatever chunks it arrives
    in, and at the end of the input too), and is not kept whole in memory."""
    huge = b'{"word": "' + b"s" * (1536 * 1024) + b'", "at": "D1"}\n'
    good = lines({"word": "seas", "at": "D1"})
    stdin = good + huge + good + huge.rstrip(b"\n")
    code, out, err = referee("check-word", "--batch", "--layout", SAMPLE, stdin=stdin)
    assert (code, err) == (2, "")
    results = [json.loads(o) for o in out]
    assert len(results) == 4
    assert results[0]["valid"] is True and results[2] == results[0]
    for n in (2, 4):
        message = f"line {n}: line is over 1048576 bytes"
        assert results[n - 1] == {"line": n, "error": {"kind": "input", "message": message}}
