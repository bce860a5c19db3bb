"""Unusable Word Block input: exit 2 and exactly one ``Error: ...`` line naming the culprit.

Every case the issue lists has its own test id, and each runs in-process
(CliRunner). Files are written to a tmp dir first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import Runner, assert_one_error_line

BOARD = "examples/wordblock/rulebook.yaml"
GOOD_ROWS = ["w-1  .    .", "o-1  s-0  h-4"]


def board_text(rows: list[str], blocks: str = "  blue: [B2]\n") -> bytes:
    cards = "".join(f'  - "{r}"\n' for r in rows)
    return f"cards:\n{cards}blocks:\n{blocks}".encode()


@dataclass(frozen=True)
class Bad:
    """``files`` go into a tmp dir first; ``{tmp}`` in args and fragments is that dir."""

    args: tuple[str, ...]
    fragments: tuple[str, ...]
    files: tuple[tuple[str, bytes], ...] = ()


B = "{tmp}/board.yaml"


def score(board: str = B, *more: str, word: str = "she", player: str = "blue") -> tuple[str, ...]:
    return ("score-claim", word, "--board", board, "--player", player, *more)


def with_card(card: str) -> tuple[tuple[str, bytes], ...]:
    return (("board.yaml", board_text(["w-1  .    .", f"o-1  s-0  {card}"])),)


BIG = b"cards:\n  - a-1\n# " + b"x" * (1100 * 1024) + b"\n"

CASES: dict[str, Bad] = {
    # --- the list
    "card-s": Bad(score(), (B, "line 3: cards[1]: C2: 's'", "is not a card"), with_card("s")),
    "card-s-x": Bad(score(), (B, "cards[1]: C2: 's-x'"), with_card("s-x")),
    "card-ss-1": Bad(score(), (B, "cards[1]: C2: 'ss-1'"), with_card("ss-1")),
    "card-s--1": Bad(score(), (B, "cards[1]: C2: 's--1'"), with_card("s--1")),
    "rows-of-different-lengths": Bad(
        score(),
        (B, "line 3: cards[1]", "has 2 spaces but the first row has 3"),
        (("board.yaml", board_text(["w-1  .    .", "o-1  s-0"])),),
    ),
    "block-on-an-empty-cell": Bad(
        score(),
        (B, "blocks.blue", "B1 is an empty space"),
        (("board.yaml", board_text(GOOD_ROWS, "  blue: [B1]\n")),),
    ),
    "two-blocks-on-one-card": Bad(
        score(),
        (B, "blocks.red", "B2 already has a block (of blue)"),
        (("board.yaml", board_text(GOOD_ROWS, "  blue: [B2]\n  red: [B2]\n")),),
    ),
    "more-than-3-blocks": Bad(
        score(),
        (B, "blocks.blue", "4 blocks; a player has 3 at most"),
        (
            (
                "board.yaml",
                board_text(["a-1  a-1", "a-1  a-1"], "  blue: [A1, A2, B1, B2]\n"),
            ),
        ),
    ),
    "challenged-by-the-claimer": Bad(
        score(BOARD, "--challenged-by", "blue"), ("--challenged-by", "'blue' is the claimer")
    ),
    "path-cell-off-the-board": Bad(
        score(BOARD, "--path", "B3,C3,F3"), ("--path", "'F3' is off the board", "A1 to E5")
    ),
    "file-over-1MiB": Bad(score(), (B, "refusing"), (("board.yaml", BIG),)),
    "garbage-yaml": Bad(
        score(), (B, "line 2", "not valid YAML"), (("board.yaml", b"cards: [a-1\n  - x: :\n"),)
    ),
    # --- more of the same kind
    "binary-garbage": Bad(
        score(), (B, "binary"), (("board.yaml", b"\x89PNG\r\n\x1a\n\x00\x00garbage"),)
    ),
    "yaml-list-not-mapping": Bad(score(), (B, "mapping", "list"), (("board.yaml", b"- a-1\n"),)),
    "missing-board": Bad(score("{tmp}/nope.yaml"), ("{tmp}/nope.yaml", "no such")),
    "no-cards-key": Bad(score(), (B, "'cards' is missing"), (("board.yaml", b"blocks: {}\n"),)),
    "unknown-key": Bad(
        score(), (B, "unknown key 'card'"), (("board.yaml", b"card: [a-1]\ncards: [a-1]\n"),)
    ),
    "unknown-player": Bad(score(BOARD, player="purple"), ("--player", "'purple'", "players:")),
    "unknown-challenger": Bad(
        score(BOARD, "--challenged-by", "pink"), ("--challenged-by", "'pink'")
    ),
    "word-with-hyphen": Bad(score(BOARD, word="x-ray"), ("'x-ray'", "letters a-z")),
    "path-not-cells": Bad(score(BOARD, "--path", "B3,33"), ("--path", "'33'", "not a cell")),
    "area-too-small": Bad(
        score(),
        (B, "area", "do not fit"),
        (("board.yaml", board_text(GOOD_ROWS) + b"area: [2, 2]\n"),),
    ),
    "claimed-not-a-word": Bad(
        score(),
        (B, "claimed[0]", "'s-he'"),
        (("board.yaml", board_text(GOOD_ROWS) + b"claimed: [s-he]\n"),),
    ),
    "place-bad-card": Bad(
        ("wordblock", "place", "t1", "--board", BOARD, "--at", "B5"), ("CARD", "'t1'")
    ),
    "place-not-a-cell": Bad(
        ("wordblock", "place", "t-1", "--board", BOARD, "--at", "5B"), ("--at", "'5B'")
    ),
    "move-block-off-board": Bad(
        ("wordblock", "move-block", "--board", BOARD, "--player", "blue", "--to", "Z9"),
        ("--to", "'Z9'", "off the board"),
    ),
    "hint-missing-word-list": Bad(
        (
            "wordblock",
            "hint",
            "--board",
            BOARD,
            "--player",
            "blue",
            "--dictionary",
            "{tmp}/none.txt",
        ),
        ("{tmp}/none.txt", "no such"),
    ),
    "hint-with-an-enchant-tag": Bad(
        ("wordblock", "hint", "--board", BOARD, "--player", "blue", "--dictionary", "en_US"),
        ("--dictionary", "'en_US'", "word-list file"),
    ),
    "game-new-one-player": Bad(
        ("wordblock", "game", "new", "--players", "ann", "-o", "{tmp}/g.yaml"),
        ("--players", "at least 2"),
    ),
    "game-file-not-a-game": Bad(
        ("wordblock", "game", "show", B), (B, "not a Word Block game file"), with_card("h-4")
    ),
    "game-file-edited-points": Bad(
        ("wordblock", "game", "show", "{tmp}/g.yaml"),
        ("{tmp}/g.yaml", "history[0]: impossible action (points-differ", "recorded points"),
        (
            (
                "g.yaml",
                b"game: word-block\nplayers: [blue, red]\nboard:\n  cards: ['s-0  h-4  e-1']\n"
                b"  blocks: {blue: [A1]}\nhistory:\n- {action: claim, player: blue, word: she,"
                b" path: [A1, B1, C1], valid: true, points: {blue: 100}}\n",
            ),
        ),
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_bad_input(referee: Runner, tmp_path: Path, case: Bad) -> None:
    for name, data in case.files:
        (tmp_path / name).write_bytes(data)
    tmp = str(tmp_path)
    args = [a.replace("{tmp}", tmp) for a in case.args]
    code, out, err = referee(*args)
    assert_one_error_line(code, out, err, *(f.replace("{tmp}", tmp) for f in case.fragments))


def test_bad_board_on_stdin(referee: Runner) -> None:
    code, out, err = referee(*score("-"), input="cards:\n  - 'a-1  b'\n")
    assert_one_error_line(code, out, err, "<stdin>: line 2: cards[0]: B1: 'b'")


@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_garbage_never_crashes(invoke: Runner, tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "board.yaml"
    path.write_bytes(data)
    code, out, err = invoke(*score(str(path)))
    assert "Traceback" not in out + err
    if code == 2:
        assert_one_error_line(code, out, err)
