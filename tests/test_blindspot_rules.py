"""Unit tests of the pure Blind Spot rules (no enchant: dictionaries are plain sets).

The spec is the Blind Spot rulebook; its facts live in the package data and in the
tables below (scripts/check-rulebooks compares them with the book in CI).
Boards are either the letters of setups/sample.yaml (copied inline in helpers.py) or a board of
filler 'q's with a few letters placed by cell name: no word in these tests, and no
word on the rulebook's 3-letter list, contains a 'q', so no accidental words form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import SAMPLE_LETTERS
from referee.blindspot.board import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, Direction, LetterGrid
from referee.blindspot.formats import read_catalog, read_position, read_tile_rows
from referee.blindspot.render import EXPLANATIONS, explain, sentence
from referee.blindspot.rules import (
    BONUS_LENGTH,
    COLOURS,
    MIN_LENGTH,
    REASONS,
    SIZE,
    Play,
    Position,
    Verdict,
    board_from_letters,
    check_word,
    is_word,
    legal_plays,
    normalise_word,
    three_letter_words,
)
from referee.blindspot.tiles import Catalog, Layout, TileRef
from referee.core.cells import Cell, column_letter
from referee.core.errors import InputError, SetupError
from referee.core.files import reading
from referee.core.schema import Value

REPO = Path(__file__).resolve().parents[1]

# setups/sample.yaml (SAMPLE_LETTERS, copied inline in helpers.py)
SAMPLE = board_from_letters(SAMPLE_LETTERS)
FILLER = "q"
NO_THREE: frozenset[str] = frozenset()


def cell(name: str) -> Cell:
    return Cell.from_name(name, SIZE, SIZE)


def names(cells: Sequence[Cell]) -> list[str]:
    return [c.name for c in cells]


def board_with(letters: Mapping[str, str]) -> LetterGrid:
    """A 9x9 board of filler 'q's with ``letters`` ({cell name: letter}) placed."""
    grid = [[FILLER] * SIZE for _ in range(SIZE)]
    for name, letter in letters.items():
        c = cell(name)
        assert grid[c.row][c.col] == FILLER, f"{name} placed twice"
        grid[c.row][c.col] = letter
    return board_from_letters(["".join(row) for row in grid])


def spell(word: str, cells: Sequence[str]) -> dict[str, str]:
    """Place ``word`` letter by letter on ``cells``: {cell name: letter}."""
    return dict(zip(cells, word, strict=True))


def position(
    spots: Mapping[str, list[str]] | None = None,
    glasses: Mapping[str, int] | None = None,
    teams: bool = False,
) -> Position:
    data: dict[str, Any] = {"spots": dict(spots or {}), "glasses": dict(glasses or {})}
    if teams:
        data["teams"] = [["red", "yellow"], ["blue", "green"]]
    return read_position(Value(data))


def parse_tile_rows(raw: object) -> Layout:
    return read_tile_rows(Value(raw, "tiles"))


def catalog(data: dict[str, Any]) -> Catalog:
    return read_catalog(Value(data))


def verdict_summary(v: Verdict) -> tuple[bool, str | None, list[str], str | None]:
    d = v.to_dict()
    return d["valid"], d["reason"], d["cells"], d["direction"]


# ------------------------------------------------------------------ constants


def test_reasons_are_in_the_documented_order() -> None:
    assert REASONS == (
        "occupied",
        "eliminated",
        "too-short",
        "diagonal-needs-glasses",
        "blocked",
        "spot-at-end",
        "not-found",
        "not-allowed-three-letter",
        "not-in-dictionary",
    )
    assert set(EXPLANATIONS) == set(REASONS)


def test_game_constants() -> None:
    assert (SIZE, MIN_LENGTH, BONUS_LENGTH) == (9, 3, 5)
    assert COLOURS == ("red", "yellow", "blue", "green")


# ------------------------------------------------------------- 3-letter list


def test_three_letter_list_has_699_words() -> None:
    words = three_letter_words()
    assert len(words) == 699
    assert all(len(w) == 3 and w.isascii() and w.isalpha() and w.islower() for w in words)


@pytest.mark.parametrize(
    ("word", "listed"),
    [
        ("koi", True),
        ("moa", True),
        ("taj", True),
        ("ace", True),
        ("wee", True),
        ("etc", False),
        ("adj", False),
        ("sae", False),
    ],
    ids=["koi", "moa", "taj", "first-ace", "last-wee", "etc", "adj", "sae"],
)
def test_three_letter_list_membership(word: str, listed: bool) -> None:
    assert (word in three_letter_words()) is listed


# ------------------------------------------------------------ words and lists


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("seas", "seas"), ("SEAS", "seas"), ("  Planet\n", "planet"), ("a", "a")],
    ids=["lower", "upper", "padded-mixed", "one-letter"],
)
def test_normalise_word(raw: str, expected: str) -> None:
    assert normalise_word(raw) == expected


@pytest.mark.parametrize(
    "raw",
    ["", "   ", "se as", "don't", "café", "a1", "seas!", "co-op"],
    ids=["empty", "blank", "space", "apostrophe", "accent", "digit", "bang", "hyphen"],
)
def test_normalise_word_rejects(raw: str) -> None:
    with pytest.raises(InputError, match="letters a-z only"):
        normalise_word(raw)


@pytest.mark.parametrize(
    ("word", "dictionary", "three", "expected"),
    [
        ("koi", set(), None, True),
        ("etc", {"etc"}, None, False),
        ("adj", {"adj"}, None, False),
        ("etc", set(), {"etc"}, True),
        ("koi", {"koi"}, set(), False),
        ("seas", {"seas"}, None, True),
        ("seas", set(), {"seas"}, False),
        ("planet", {"planet"}, set(), True),
        ("se", {"se"}, {"se"}, False),
        ("s", {"s"}, None, False),
    ],
    ids=[
        "3-listed-not-in-dict",
        "3-unlisted-in-dict-etc",
        "3-unlisted-in-dict-adj",
        "3-custom-list-allows",
        "3-custom-empty-list-refuses",
        "4-in-dict",
        "4-not-in-dict-but-in-list",
        "6-in-dict",
        "2-too-short",
        "1-too-short",
    ],
)
def test_is_word(word: str, dictionary: set[str], three: set[str] | None, expected: bool) -> None:
    assert is_word(word, dictionary, three) is expected


# ------------------------------------------------------ rulebook example flow


def test_rulebook_red_reads_pet_leftwards_at_g1() -> None:
    v = check_word(SAMPLE, "pet", cell("G1"), set(), player="red")
    assert v.valid is True
    assert v.reason is None
    assert v.play is not None
    assert names(v.play.cells) == ["I1", "H1", "F1"]
    assert v.play.direction is Direction.W
    assert names(v.play.skipped) == ["G1"]


def test_rulebook_blue_reads_tale_upwards_at_e4() -> None:
    after_pet = position({"red": ["G1"]})
    v = check_word(SAMPLE, "tale", cell("E4"), set(), player="blue", position=after_pet)
    # tale is 4 letters: judged by the dictionary, which is empty here
    assert verdict_summary(v) == (False, "not-in-dictionary", ["E6", "E5", "E3", "E2"], "N")
    v = check_word(SAMPLE, "tale", cell("E4"), {"tale"}, player="blue", position=after_pet)
    assert verdict_summary(v) == (True, None, ["E6", "E5", "E3", "E2"], "N")
    assert v.play is not None
    assert names(v.play.skipped) == ["E4"]


AFTER_TALE = position({"red": ["G1"], "blue": ["E4"]})


def test_rulebook_welt_is_blocked_by_blues_spot() -> None:
    v = check_word(SAMPLE, "welt", cell("C4"), {"welt"}, player="red", position=AFTER_TALE)
    assert verdict_summary(v) == (False, "blocked", ["A4", "B4", "D4", "F4"], "E")
    assert v.play is not None
    assert names(v.play.skipped) == ["C4", "E4"]


def test_welt_would_be_legal_across_reds_own_spot() -> None:
    own = position({"red": ["G1", "E4"]})
    v = check_word(SAMPLE, "welt", cell("C4"), {"welt"}, player="red", position=own)
    assert verdict_summary(v) == (True, None, ["A4", "B4", "D4", "F4"], "E")
    assert v.play is not None
    assert names(v.play.skipped) == ["C4", "E4"]


def test_rulebook_tie_at_c4_has_the_spot_at_an_end() -> None:
    v = check_word(SAMPLE, "tie", cell("C4"), set(), player="red", position=AFTER_TALE)
    assert verdict_summary(v) == (False, "spot-at-end", ["C5", "C6", "C7"], "S")


def test_tie_at_c8_has_the_spot_at_the_other_end() -> None:
    # T(C5) I(C6) E(C7) read down, then the new spot on C8: the spot is at the end
    # of the word, exactly like TIE at C4 is at its start.
    v = check_word(SAMPLE, "tie", cell("C8"), set(), player="red", position=AFTER_TALE)
    assert v.reason == "spot-at-end"
    assert verdict_summary(v) == (False, "spot-at-end", ["C5", "C6", "C7"], "S")


def test_rulebook_red_has_no_play_at_c4_but_has_tea() -> None:
    assert legal_plays(SAMPLE, set(), player="red", position=AFTER_TALE, at=cell("C4")) == []
    plays = legal_plays(SAMPLE, set(), player="red", position=AFTER_TALE)
    tea = [p.to_dict() for p in plays if p.word == "tea"]
    assert tea == [{"at": "C6", "word": "tea", "direction": "S", "cells": ["C5", "C7", "C8"]}]


def test_rulebook_red_plays_opt_at_d9() -> None:
    v = check_word(SAMPLE, "opt", cell("D9"), set(), player="red", position=AFTER_TALE)
    assert verdict_summary(v) == (True, None, ["B9", "C9", "E9"], "E")
    plays = legal_plays(SAMPLE, set(), player="red", position=AFTER_TALE, at=cell("D9"))
    assert [p.to_dict() for p in plays] == [
        {"at": "D9", "word": "opt", "direction": "E", "cells": ["B9", "C9", "E9"]}
    ]


@pytest.mark.parametrize(
    ("word", "at", "dictionary", "glasses", "expected"),
    [
        ("seas", "D1", {"seas"}, None, (True, None, ["A1", "B1", "C1", "E1"], "E")),
        ("koi", "C2", set(), None, (True, None, ["A2", "B2", "D2"], "E")),
        ("etc", "C7", {"etc"}, None, (False, "not-allowed-three-letter", ["A7", "B7", "D7"], "E")),
        ("cat", "H5", set(), None, (False, "diagonal-needs-glasses", ["F3", "G4", "I6"], "SE")),
        ("cat", "H5", set(), True, (True, None, ["F3", "G4", "I6"], "SE")),
        ("planet", "E8", {"planet"}, None, (True, None, ["A8", "B8", "C8", "D8", "F8", "G8"], "E")),
    ],
    ids=[
        "seas-d1",
        "koi-c2",
        "etc-c7-refused",
        "cat-h5-needs-glasses",
        "cat-h5-with-glasses",
        "planet-e8",
    ],
)
def test_sample_board_examples(
    word: str,
    at: str,
    dictionary: set[str],
    glasses: bool | None,
    expected: tuple[bool, str | None, list[str], str | None],
) -> None:
    v = check_word(SAMPLE, word, cell(at), dictionary, glasses=glasses)
    assert verdict_summary(v) == expected
    assert v.word == word
    assert v.at == cell(at)


def test_planet_earns_the_bonus() -> None:
    v = check_word(SAMPLE, "planet", cell("E8"), {"planet"})
    assert v.bonus is True
    assert v.to_dict()["bonus"] is True


# --------------------------------------------------------- every reason once

REASON_CASES: list[tuple[str, str, str, set[str], Position | None, str]] = [
    # (word, at, player, dictionary, position, expected reason)
    ("seas", "G1", "blue", {"seas"}, AFTER_TALE, "occupied"),
    ("seas", "D1", "red", {"seas"}, position(glasses={"red": 2}), "eliminated"),
    ("se", "D1", "red", {"se"}, None, "too-short"),
    ("cat", "H5", "red", set(), None, "diagonal-needs-glasses"),
    ("welt", "C4", "red", {"welt"}, AFTER_TALE, "blocked"),
    ("tie", "C4", "red", set(), AFTER_TALE, "spot-at-end"),
    ("dog", "D1", "red", {"dog"}, None, "not-found"),
    ("etc", "C7", "red", {"etc"}, None, "not-allowed-three-letter"),
    ("seas", "D1", "red", set(), None, "not-in-dictionary"),
]


@pytest.mark.parametrize(
    ("word", "at", "player", "dictionary", "pos", "reason"),
    REASON_CASES,
    ids=[case[-1] for case in REASON_CASES],
)
def test_every_reason(
    word: str, at: str, player: str, dictionary: set[str], pos: Position | None, reason: str
) -> None:
    v = check_word(SAMPLE, word, cell(at), dictionary, player=player, position=pos)
    assert v.valid is False
    assert v.reason == reason
    assert explain(v.reason) == EXPLANATIONS[reason]
    assert v.bonus is False


def test_reason_cases_cover_every_reason() -> None:
    assert [case[-1] for case in REASON_CASES] == list(REASONS)


PRECEDENCE_CASES: list[tuple[str, LetterGrid, str, str, set[str], Position | None, str]] = [
    # (id, board, word, at, dictionary, position, expected reason)
    (
        "occupied-before-eliminated",
        SAMPLE,
        "seas",
        "D1",
        {"seas"},
        position({"blue": ["D1"]}, {"red": 2}),
        "occupied",
    ),
    (
        "eliminated-before-too-short",
        SAMPLE,
        "se",
        "D1",
        set(),
        position(glasses={"red": 2}),
        "eliminated",
    ),
    ("too-short-before-not-found", SAMPLE, "qq", "A1", set(), None, "too-short"),
    ("one-letter-too-short", SAMPLE, "s", "D1", set(), None, "too-short"),
    (
        "diagonal-before-blocked",
        board_with(
            {**spell("seat", ["C3", "D4", "F6", "G7"]), **spell("seat", ["C5", "D5", "F5", "H5"])}
        ),
        "seat",
        "E5",
        {"seat"},
        position({"blue": ["G5"]}),
        "diagonal-needs-glasses",
    ),
    (
        "blocked-before-spot-at-end",
        board_with({**spell("sea", ["C5", "D5", "G5"]), **spell("sea", ["E6", "E7", "E8"])}),
        "sea",
        "E5",
        set(),
        position({"blue": ["F5"]}),
        "blocked",
    ),
    (
        "spot-at-end-before-word-list",
        board_with(spell("etc", ["F5", "G5", "H5"])),
        "etc",
        "E5",
        {"etc"},
        None,
        "spot-at-end",
    ),
    (
        "blocked-before-word-list",
        board_with(spell("etc", ["C5", "D5", "G5"])),
        "etc",
        "E5",
        {"etc"},
        position({"green": ["F5"]}),
        "blocked",
    ),
    (
        "diagonal-before-word-list",
        board_with(spell("etc", ["D4", "F6", "G7"])),
        "etc",
        "E5",
        {"etc"},
        None,
        "diagonal-needs-glasses",
    ),
    ("not-found-before-not-in-dictionary", SAMPLE, "zzzz", "A1", set(), None, "not-found"),
    ("not-found-before-three-letter", SAMPLE, "etc", "A1", set(), None, "not-found"),
]


@pytest.mark.parametrize(
    ("board", "word", "at", "dictionary", "pos", "reason"),
    [case[1:] for case in PRECEDENCE_CASES],
    ids=[case[0] for case in PRECEDENCE_CASES],
)
def test_reason_precedence(
    board: LetterGrid, word: str, at: str, dictionary: set[str], pos: Position | None, reason: str
) -> None:
    v = check_word(board, word, cell(at), dictionary, player="red", position=pos)
    assert (v.valid, v.reason) == (False, reason)


# ------------------------------------------------------------------ directions

# "seat" read across E5 in each direction: (direction, cells of s, e, a, t)
DIRECTION_CASES: list[tuple[str, list[str]]] = [
    ("E", ["C5", "D5", "F5", "G5"]),
    ("W", ["G5", "F5", "D5", "C5"]),
    ("S", ["E3", "E4", "E6", "E7"]),
    ("N", ["E7", "E6", "E4", "E3"]),
    ("SE", ["C3", "D4", "F6", "G7"]),
    ("NW", ["G7", "F6", "D4", "C3"]),
    ("NE", ["C7", "D6", "F4", "G3"]),
    ("SW", ["G3", "F4", "D6", "C7"]),
]
ORTHOGONAL_CASES = [c for c in DIRECTION_CASES if len(c[0]) == 1]
DIAGONAL_CASES = [c for c in DIRECTION_CASES if len(c[0]) == 2]


@pytest.mark.parametrize(
    ("direction", "cells"), ORTHOGONAL_CASES, ids=[c[0] for c in ORTHOGONAL_CASES]
)
def test_orthogonal_readings_need_no_glasses(direction: str, cells: list[str]) -> None:
    board = board_with(spell("seat", cells))
    v = check_word(board, "seat", cell("E5"), {"seat"})
    assert verdict_summary(v) == (True, None, cells, direction)
    expected = Play(
        cell("E5"), "seat", Direction[direction], tuple(map(cell, cells)), (cell("E5"),)
    )
    assert v.play == expected
    assert legal_plays(board, {"seat"}, at=cell("E5"), three_letter=NO_THREE) == [expected]


@pytest.mark.parametrize(("direction", "cells"), DIAGONAL_CASES, ids=[c[0] for c in DIAGONAL_CASES])
def test_diagonal_readings_need_glasses(direction: str, cells: list[str]) -> None:
    board = board_with(spell("seat", cells))
    v = check_word(board, "seat", cell("E5"), {"seat"})
    assert verdict_summary(v) == (False, "diagonal-needs-glasses", cells, direction)
    assert legal_plays(board, {"seat"}, at=cell("E5"), three_letter=NO_THREE) == []


@pytest.mark.parametrize(("direction", "cells"), DIAGONAL_CASES, ids=[c[0] for c in DIAGONAL_CASES])
def test_diagonal_readings_with_a_glasses_spot(direction: str, cells: list[str]) -> None:
    board = board_with(spell("seat", cells))
    pos = position(glasses={"red": 1})
    v = check_word(board, "seat", cell("E5"), {"seat"}, position=pos)
    assert verdict_summary(v) == (True, None, cells, direction)
    expected = Play(
        cell("E5"), "seat", Direction[direction], tuple(map(cell, cells)), (cell("E5"),)
    )
    assert v.play == expected
    plays = legal_plays(board, {"seat"}, position=pos, at=cell("E5"), three_letter=NO_THREE)
    assert plays == [expected]


GLASSES_CASES: list[tuple[str, str, Position, bool | None, bool]] = [
    # (id, player, position, glasses override, may read diagonally)
    ("no-glasses", "red", Position.empty(), None, False),
    ("own-glasses-1", "red", position(glasses={"red": 1}), None, True),
    ("override-true", "red", Position.empty(), True, True),
    ("override-false-beats-position", "red", position(glasses={"red": 1}), False, False),
    ("teammate-glasses-team-game", "red", position(glasses={"yellow": 1}, teams=True), None, True),
    ("blue-teammate-green", "blue", position(glasses={"green": 1}, teams=True), None, True),
    ("yellow-glasses-no-teams", "red", position(glasses={"yellow": 1}), None, False),
    ("opponent-glasses-team-game", "red", position(glasses={"blue": 1}, teams=True), None, False),
    ("glasses-zero", "red", position(glasses={"red": 0}), None, False),
]


@pytest.mark.parametrize(
    ("player", "pos", "override", "diagonals"),
    [c[1:] for c in GLASSES_CASES],
    ids=[c[0] for c in GLASSES_CASES],
)
def test_who_may_read_diagonally(
    player: str, pos: Position, override: bool | None, diagonals: bool
) -> None:
    cells = ["C3", "D4", "F6", "G7"]
    board = board_with(spell("seat", cells))
    v = check_word(
        board, "seat", cell("E5"), {"seat"}, player=player, position=pos, glasses=override
    )
    if diagonals:
        assert verdict_summary(v) == (True, None, cells, "SE")
    else:
        assert verdict_summary(v) == (False, "diagonal-needs-glasses", cells, "SE")
    plays = legal_plays(
        board, {"seat"}, player=player, position=pos, glasses=override, three_letter=NO_THREE
    )
    assert [p.word for p in plays] == (["seat"] if diagonals else [])
    if override is None:
        assert pos.has_glasses(player) is diagonals


@pytest.mark.parametrize(
    ("split", "cells"),
    [(1, ["D5", "F5", "G5", "H5"]), (2, ["C5", "D5", "F5", "G5"]), (3, ["B5", "C5", "D5", "F5"])],
    ids=["s|eat", "se|at", "sea|t"],
)
def test_any_split_around_the_spot(split: int, cells: list[str]) -> None:
    board = board_with(spell("seat", cells))
    v = check_word(board, "seat", cell("E5"), {"seat"})
    assert verdict_summary(v) == (True, None, cells, "E")
    assert v.play is not None
    before = [c for c in v.play.cells if c < cell("E5")]
    assert names(before) == cells[:split]


# ----------------------------------------------------------- skipping spots

SKIP_CASES: list[tuple[str, str, dict[str, str], Position, str, list[str], str, list[str]]] = [
    # (id, player, letters, position, reason-or-"", cells, direction, skipped)
    (
        "own-spot-after-new",
        "red",
        spell("seat", ["C5", "D5", "G5", "H5"]),
        position({"red": ["F5"]}),
        "",
        ["C5", "D5", "G5", "H5"],
        "E",
        ["E5", "F5"],
    ),
    (
        "own-spots-both-sides-west",
        "red",
        spell("seat", ["H5", "F5", "D5", "B5"]),
        position({"red": ["G5", "C5"]}),
        "",
        ["H5", "F5", "D5", "B5"],
        "W",
        ["G5", "E5", "C5"],
    ),
    (
        "own-spots-north",
        "red",
        spell("seat", ["E8", "E6", "E3", "E2"]),
        position({"red": ["E7", "E4"]}),
        "",
        ["E8", "E6", "E3", "E2"],
        "N",
        ["E7", "E5", "E4"],
    ),
    (
        "own-spots-south-two-in-a-row",
        "red",
        spell("seat", ["E1", "E2", "E6", "E9"]),
        position({"red": ["E3", "E4", "E7", "E8"]}),
        "",
        ["E1", "E2", "E6", "E9"],
        "S",
        ["E3", "E4", "E5", "E7", "E8"],
    ),
    (
        "own-spot-diagonal-with-glasses",
        "red",
        spell("seat", ["C3", "D4", "G7", "H8"]),
        position({"red": ["F6"]}, {"red": 1}),
        "",
        ["C3", "D4", "G7", "H8"],
        "SE",
        ["E5", "F6"],
    ),
    (
        "teammate-spot-team-game",
        "red",
        spell("seat", ["C5", "D5", "G5", "H5"]),
        position({"yellow": ["F5"]}, teams=True),
        "",
        ["C5", "D5", "G5", "H5"],
        "E",
        ["E5", "F5"],
    ),
    (
        "green-is-blues-teammate",
        "blue",
        spell("seat", ["C5", "D5", "G5", "H5"]),
        position({"green": ["F5"]}, teams=True),
        "",
        ["C5", "D5", "G5", "H5"],
        "E",
        ["E5", "F5"],
    ),
    (
        "mixed-own-and-teammate",
        "yellow",
        spell("seat", ["B5", "D5", "G5", "I5"]),
        position({"red": ["C5", "H5"], "yellow": ["F5"]}, teams=True),
        "",
        ["B5", "D5", "G5", "I5"],
        "E",
        ["C5", "E5", "F5", "H5"],
    ),
    (
        "yellow-not-a-teammate-without-teams",
        "red",
        spell("seat", ["C5", "D5", "G5", "H5"]),
        position({"yellow": ["F5"]}),
        "blocked",
        ["C5", "D5", "G5", "H5"],
        "E",
        ["E5", "F5"],
    ),
    (
        "opponent-spot-team-game",
        "red",
        spell("seat", ["C5", "D5", "G5", "H5"]),
        position({"blue": ["F5"]}, teams=True),
        "blocked",
        ["C5", "D5", "G5", "H5"],
        "E",
        ["E5", "F5"],
    ),
    (
        "opponent-spot-behind",
        "red",
        spell("seat", ["B5", "D5", "F5", "G5"]),
        position({"green": ["C5"]}),
        "blocked",
        ["B5", "D5", "F5", "G5"],
        "E",
        ["C5", "E5"],
    ),
]


@pytest.mark.parametrize(
    ("player", "letters", "pos", "reason", "cells", "direction", "skipped"),
    [c[1:] for c in SKIP_CASES],
    ids=[c[0] for c in SKIP_CASES],
)
def test_skipping_spots(
    player: str,
    letters: dict[str, str],
    pos: Position,
    reason: str,
    cells: list[str],
    direction: str,
    skipped: list[str],
) -> None:
    board = board_with(letters)
    v = check_word(board, "seat", cell("E5"), {"seat"}, player=player, position=pos)
    assert verdict_summary(v) == (reason == "", reason or None, cells, direction)
    assert v.play is not None
    assert names(v.play.skipped) == skipped
    plays = legal_plays(
        board, {"seat"}, player=player, position=pos, at=cell("E5"), three_letter=NO_THREE
    )
    if reason:
        assert plays == []
    else:
        assert plays == [v.play]


def test_an_opponents_spot_ends_the_line() -> None:
    board = board_with(spell("seats", ["C5", "D5", "F5", "G5", "I5"]))
    pos = position({"blue": ["H5"]})
    words = {"seat", "seats"}
    seat = check_word(board, "seat", cell("E5"), words, position=pos)
    assert verdict_summary(seat) == (True, None, ["C5", "D5", "F5", "G5"], "E")
    seats = check_word(board, "seats", cell("E5"), words, position=pos)
    assert verdict_summary(seats) == (False, "blocked", ["C5", "D5", "F5", "G5", "I5"], "E")
    assert seats.play is not None
    assert names(seats.play.skipped) == ["E5", "H5"]
    plays = legal_plays(board, words, position=pos, at=cell("E5"), three_letter=NO_THREE)
    assert [(p.word, names(p.cells)) for p in plays] == [("seat", ["C5", "D5", "F5", "G5"])]
    # with the s next to the t, and no blue spot, both are legal, longest first
    board2 = board_with(spell("seats", ["C5", "D5", "F5", "G5", "H5"]))
    plays = legal_plays(board2, words, at=cell("E5"), three_letter=NO_THREE)
    assert [p.word for p in plays] == ["seats", "seat"]


# --------------------------------------------------------------- spot at end

END_CASES: list[tuple[str, list[str], str]] = [
    # (id, cells of "sea", direction the word reads); the new spot is always E5
    ("spot-before-word-east", ["F5", "G5", "H5"], "E"),
    ("spot-before-word-north", ["E4", "E3", "E2"], "N"),
    ("spot-before-word-west", ["D5", "C5", "B5"], "W"),
    ("spot-after-word-east", ["B5", "C5", "D5"], "E"),
    ("spot-after-word-south", ["E2", "E3", "E4"], "S"),
    ("spot-after-word-west", ["H5", "G5", "F5"], "W"),
]


@pytest.mark.parametrize(
    ("cells", "direction"), [c[1:] for c in END_CASES], ids=[c[0] for c in END_CASES]
)
def test_the_new_spot_is_never_at_either_end(cells: list[str], direction: str) -> None:
    board = board_with(spell("sea", cells))  # "sea" is on the rulebook's list
    v = check_word(board, "sea", cell("E5"), set())
    assert verdict_summary(v) == (False, "spot-at-end", cells, direction)
    assert legal_plays(board, set(), at=cell("E5")) == []


def test_spot_at_end_across_own_spot() -> None:
    board = board_with(spell("sea", ["G5", "H5", "I5"]))
    pos = position({"red": ["F5"]})
    v = check_word(board, "sea", cell("E5"), set(), position=pos)
    assert verdict_summary(v) == (False, "spot-at-end", ["G5", "H5", "I5"], "E")


# -------------------------------------------------------------- elimination

ELIMINATION_CASES: list[tuple[str, str, Position, bool]] = [
    ("red-two-glasses", "red", position(glasses={"red": 2}), True),
    ("red-one-glasses", "red", position(glasses={"red": 1}), False),
    ("teammate-two-glasses", "red", position(glasses={"yellow": 2}, teams=True), True),
    ("blue-teammate-green-two", "blue", position(glasses={"green": 2}, teams=True), True),
    ("yellow-two-no-teams", "red", position(glasses={"yellow": 2}), False),
    ("opponent-two-team-game", "red", position(glasses={"blue": 2}, teams=True), False),
    ("nobody", "red", Position.empty(), False),
]


@pytest.mark.parametrize(
    ("player", "pos", "eliminated"),
    [c[1:] for c in ELIMINATION_CASES],
    ids=[c[0] for c in ELIMINATION_CASES],
)
def test_elimination(player: str, pos: Position, eliminated: bool) -> None:
    assert pos.eliminated(player) is eliminated
    v = check_word(SAMPLE, "seas", cell("D1"), {"seas"}, player=player, position=pos)
    plays = legal_plays(SAMPLE, {"seas"}, player=player, position=pos)
    if eliminated:
        assert (v.valid, v.reason, v.play) == (False, "eliminated", None)
        assert plays == []
    else:
        assert verdict_summary(v) == (True, None, ["A1", "B1", "C1", "E1"], "E")
        assert any(p.word == "seas" and p.at == cell("D1") for p in plays)


# ------------------------------------------------------ 3-letter list wins

THREE_CASES: list[tuple[str, LetterGrid, str, str, set[str], bool, str | None]] = [
    ("koi-not-in-dictionary", SAMPLE, "koi", "C2", set(), True, None),
    (
        "moa-not-in-dictionary",
        board_with(spell("moa", ["C5", "D5", "F5"])),
        "moa",
        "E5",
        set(),
        True,
        None,
    ),
    (
        "taj-not-in-dictionary",
        board_with(spell("taj", ["E4", "E6", "E7"])),
        "taj",
        "E5",
        set(),
        True,
        None,
    ),
    ("etc-in-dictionary", SAMPLE, "etc", "C7", {"etc"}, False, "not-allowed-three-letter"),
    (
        "adj-in-dictionary",
        board_with(spell("adj", ["D5", "F5", "G5"])),
        "adj",
        "E5",
        {"adj"},
        False,
        "not-allowed-three-letter",
    ),
]


@pytest.mark.parametrize(
    ("board", "word", "at", "dictionary", "valid", "reason"),
    [c[1:] for c in THREE_CASES],
    ids=[c[0] for c in THREE_CASES],
)
def test_three_letter_list_wins_both_ways(
    board: LetterGrid, word: str, at: str, dictionary: set[str], valid: bool, reason: str | None
) -> None:
    v = check_word(board, word, cell(at), dictionary)
    assert (v.valid, v.reason) == (valid, reason)
    assert v.play is not None
    assert "".join(board[c] for c in v.play.cells) == word
    words = {p.word for p in legal_plays(board, dictionary, at=cell(at))}
    assert (word in words) is valid


def test_three_letter_override() -> None:
    v = check_word(SAMPLE, "etc", cell("C7"), set(), three_letter={"etc"})
    assert (v.valid, v.reason) == (True, None)
    v = check_word(SAMPLE, "koi", cell("C2"), {"koi"}, three_letter=set())
    assert (v.valid, v.reason) == (False, "not-allowed-three-letter")


# ------------------------------------------------------------ farsighted bonus

BONUS_CASES: list[tuple[str, str, set[str], bool, bool]] = [
    ("lane-4-letters", "lane", {"lane"}, True, False),
    ("plane-5-letters", "plane", {"plane"}, True, True),
    ("planet-6-letters", "planet", {"planet"}, True, True),
    ("plane-not-in-dictionary", "plane", set(), False, False),
]


@pytest.mark.parametrize(
    ("word", "dictionary", "valid", "bonus"),
    [c[1:] for c in BONUS_CASES],
    ids=[c[0] for c in BONUS_CASES],
)
def test_farsighted_bonus(word: str, dictionary: set[str], valid: bool, bonus: bool) -> None:
    v = check_word(SAMPLE, word, cell("E8"), dictionary)
    assert v.valid is valid
    assert v.bonus is bonus
    assert v.to_dict()["bonus"] is bonus


def test_blocked_five_letter_word_earns_no_bonus() -> None:
    board = board_with(spell("plane", ["B5", "C5", "D5", "F5", "H5"]))
    blocked = check_word(board, "plane", cell("E5"), {"plane"}, position=position({"blue": ["G5"]}))
    assert (blocked.valid, blocked.reason, blocked.bonus) == (False, "blocked", False)
    assert blocked.to_dict()["bonus"] is False
    own = check_word(board, "plane", cell("E5"), {"plane"}, position=position({"red": ["G5"]}))
    assert (own.valid, own.reason, own.bonus) == (True, None, True)


# -------------------------------------------------------- verdict rendering


def test_verdict_to_dict_legal() -> None:
    v = check_word(SAMPLE, "SEAS", cell("D1"), {"seas"})
    d = v.to_dict()
    assert set(d) == {"valid", "word", "at", "cells", "direction", "bonus", "reason"}
    assert d == {
        "valid": True,
        "word": "seas",
        "at": "D1",
        "cells": ["A1", "B1", "C1", "E1"],
        "direction": "E",
        "bonus": False,
        "reason": None,
    }


def test_verdict_to_dict_without_play() -> None:
    d = check_word(SAMPLE, "dog", cell("D1"), {"dog"}).to_dict()
    assert d == {
        "valid": False,
        "word": "dog",
        "at": "D1",
        "cells": [],
        "direction": None,
        "bonus": False,
        "reason": "not-found",
    }


SENTENCE_CASES: list[tuple[str, str, str, set[str], Position | None, bool | None, str]] = [
    (
        "seas",
        "seas",
        "D1",
        {"seas"},
        None,
        None,
        "SEAS is legal: reads east from A1 to E1, skipping D1.",
    ),
    ("pet", "pet", "G1", set(), None, None, "PET is legal: reads west from I1 to F1, skipping G1."),
    (
        "cat-glasses",
        "cat",
        "H5",
        set(),
        None,
        True,
        "CAT is legal: reads south-east from F3 to I6, skipping H5.",
    ),
    (
        "plane-bonus",
        "plane",
        "E8",
        {"plane"},
        None,
        None,
        "PLANE is legal: reads east from A8 to F8, skipping E8. "
        "Farsighted bonus: place one more spot anywhere.",
    ),
    (
        "welt-blocked",
        "welt",
        "C4",
        {"welt"},
        AFTER_TALE,
        None,
        "WELT is not legal at C4: blocked: the word is there, but only across another "
        "player's spot (reads east from A4 to F4, skipping C4, E4).",
    ),
    (
        "tie-spot-at-end",
        "tie",
        "C4",
        set(),
        AFTER_TALE,
        None,
        "TIE is not legal at C4: spot-at-end: the letters are there, but the new spot would "
        "be at an end of the word; letters from both sides of the spot must be used "
        "(reads south from C5 to C7).",
    ),
    (
        "etc-three-letter",
        "etc",
        "C7",
        {"etc"},
        None,
        None,
        "ETC is not legal at C7: not-allowed-three-letter: it is not on the rulebook's list "
        "of allowed 3-letter words (reads east from A7 to D7, skipping C7).",
    ),
    (
        "dog-not-found",
        "dog",
        "D1",
        {"dog"},
        None,
        None,
        "DOG is not legal at D1: not-found: the letters are not on any line through the spot.",
    ),
    (
        "occupied",
        "seas",
        "G1",
        {"seas"},
        AFTER_TALE,
        None,
        "SEAS is not legal at G1: occupied: the cell already has a spot.",
    ),
]


@pytest.mark.parametrize(
    ("word", "at", "dictionary", "pos", "glasses", "text"),
    [c[1:] for c in SENTENCE_CASES],
    ids=[c[0] for c in SENTENCE_CASES],
)
def test_verdict_sentence(
    word: str,
    at: str,
    dictionary: set[str],
    pos: Position | None,
    glasses: bool | None,
    text: str,
) -> None:
    v = check_word(SAMPLE, word, cell(at), dictionary, position=pos, glasses=glasses)
    assert sentence(v) == text


def test_play_to_dict() -> None:
    v = check_word(
        SAMPLE, "tale", cell("E4"), {"tale"}, player="blue", position=position({"red": ["G1"]})
    )
    assert v.play is not None
    assert v.play.to_dict() == {
        "at": "E4",
        "word": "tale",
        "direction": "N",
        "cells": ["E6", "E5", "E3", "E2"],
    }


# ------------------------------------------------------------- legal_plays


def test_legal_plays_sorted_longest_first_then_cell() -> None:
    words = {"seas", "plane", "planet", "lane", "tale", "welt"}
    plays = legal_plays(SAMPLE, words, three_letter=NO_THREE)
    assert [
        (p.word, p.at.name, p.direction.name, names(p.cells), names(p.skipped)) for p in plays
    ] == [
        ("planet", "E8", "E", ["A8", "B8", "C8", "D8", "F8", "G8"], ["E8"]),
        ("plane", "E8", "E", ["A8", "B8", "C8", "D8", "F8"], ["E8"]),
        ("seas", "D1", "E", ["A1", "B1", "C1", "E1"], ["D1"]),
        ("tale", "E4", "N", ["E6", "E5", "E3", "E2"], ["E4"]),
        ("lane", "E8", "E", ["B8", "C8", "D8", "F8"], ["E8"]),
    ]


def test_legal_plays_min_length_and_at() -> None:
    plays = legal_plays(SAMPLE, {"plane", "planet", "lane"}, at=cell("E8"), min_length=5)
    assert [p.word for p in plays] == ["planet", "plane"]
    assert legal_plays(SAMPLE, {"seas"}, at=cell("D1"), min_length=5) == []
    assert [p.word for p in legal_plays(SAMPLE, {"seas"}, at=cell("D1"), min_length=4)] == ["seas"]


def test_legal_plays_skip_covered_cells() -> None:
    pos = position({"blue": ["D1"]})
    assert legal_plays(SAMPLE, {"seas"}, position=pos, three_letter=NO_THREE) == []
    assert legal_plays(SAMPLE, {"seas"}, position=pos, at=cell("D1")) == []


def test_legal_plays_reads_both_ways() -> None:
    board = board_with(spell("stop", ["C5", "D5", "F5", "G5"]))
    plays = legal_plays(board, {"stop", "pots"}, at=cell("E5"), three_letter=NO_THREE)
    assert [(p.word, p.direction.name, names(p.cells)) for p in plays] == [
        ("pots", "W", ["G5", "F5", "D5", "C5"]),
        ("stop", "E", ["C5", "D5", "F5", "G5"]),
    ]


@pytest.mark.parametrize("player", ["purple", ""], ids=["purple", "empty"])
def test_unknown_player_raises(player: str) -> None:
    with pytest.raises(InputError, match="unknown colour"):
        check_word(SAMPLE, "seas", cell("D1"), {"seas"}, player=player)
    with pytest.raises(InputError, match="unknown colour"):
        legal_plays(SAMPLE, {"seas"}, player=player)


def test_check_word_off_board_cell_raises() -> None:
    with pytest.raises(InputError, match="J1 is off the board"):
        check_word(SAMPLE, "seas", Cell(row=0, col=9), {"seas"})


def test_check_word_bad_word_raises() -> None:
    with pytest.raises(InputError, match="letters a-z only"):
        check_word(SAMPLE, "se as", cell("D1"), {"seas"})


# ---------------------------------------------------------------- position


def test_position_from_mapping() -> None:
    pos = read_position(
        Value(
            {
                "spots": {"Red": ["g1", "A2"], "blue": ["E4"], "green": None},
                "glasses": {"red": 1, "BLUE": 2},
                "teams": [["red", "yellow"], ["blue", "green"]],
            }
        )
    )
    assert pos.spots == {
        "red": frozenset({cell("G1"), cell("A2")}),
        "blue": frozenset({cell("E4")}),
        "green": frozenset(),
    }
    assert pos.glasses == {"red": 1, "blue": 2}
    assert pos.teams == (("red", "yellow"), ("blue", "green"))
    assert pos.covered() == {cell("G1"): "red", cell("A2"): "red", cell("E4"): "blue"}
    assert pos.owner(cell("E4")) == "blue"
    assert pos.owner(cell("E5")) is None
    assert pos.team_of("green") == ("blue", "green")
    assert pos.has_glasses("yellow") is True
    assert pos.eliminated("green") is True
    assert pos.eliminated("yellow") is False


def test_position_empty_and_defaults() -> None:
    assert read_position(Value({})) == Position.empty()
    pos = Position.empty()
    assert pos.covered() == {}
    assert pos.team_of("red") == ("red",)
    assert (pos.has_glasses("red"), pos.eliminated("red")) == (False, False)
    two = pos.with_glasses("red", 2)
    assert two.eliminated("red") is True
    assert pos.eliminated("red") is False


POSITION_ERRORS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown-key", {"spot": {}}, "unknown key 'spot'"),
    ("unknown-colour-in-spots", {"spots": {"purple": ["A1"]}}, "unknown colour 'purple'"),
    ("unknown-colour-in-glasses", {"glasses": {"pink": 1}}, "unknown colour 'pink'"),
    (
        "unknown-colour-in-teams",
        {"teams": [["red", "purple"], ["blue", "green"]]},
        "unknown colour 'purple'",
    ),
    (
        "colour-in-two-teams",
        {"teams": [["red", "yellow"], ["red", "green"]]},
        "red is in more than one team",
    ),
    ("teams-not-a-list", {"teams": "red,yellow"}, "teams: expected a list"),
    ("spot-off-board-column", {"spots": {"red": ["J1"]}}, "off the board"),
    ("spot-off-board-row", {"spots": {"red": ["A10"]}}, "off the board"),
    ("spot-not-a-cell", {"spots": {"red": ["11"]}}, "not a cell name"),
    (
        "same-cell-two-colours",
        {"spots": {"red": ["E5"], "blue": ["e5"]}},
        "E5 is covered twice (already by red)",
    ),
    ("same-cell-one-colour", {"spots": {"red": ["E5", "E5"]}}, "E5 is covered twice"),
    ("spots-not-a-mapping", {"spots": ["A1"]}, "spots: expected a mapping"),
    ("cells-not-a-list", {"spots": {"red": "A1"}}, "spots.red: expected a list"),
    (
        "glasses-3",
        {"glasses": {"red": 3}},
        "glasses.red: expected a whole number from 0 to 2, got 3",
    ),
    ("glasses-negative", {"glasses": {"red": -1}}, "from 0 to 2, got -1"),
    ("glasses-bool", {"glasses": {"red": True}}, "from 0 to 2, got true/false"),
    ("glasses-string", {"glasses": {"red": "1"}}, "from 0 to 2, got '1'"),
    ("glasses-not-a-mapping", {"glasses": [1]}, "glasses: expected a mapping"),
    ("colour-twice", {"glasses": {"red": 1, "Red": 2}}, "glasses.Red: colour red is listed twice"),
]


@pytest.mark.parametrize(
    ("data", "message"), [c[1:] for c in POSITION_ERRORS], ids=[c[0] for c in POSITION_ERRORS]
)
def test_position_from_mapping_rejects(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as info, reading("pos.yaml"):
        read_position(Value(data))
    assert message in str(info.value)
    assert str(info.value).startswith("pos.yaml: ")


# -------------------------------------------------------------------- cells

CELL_NAMES: list[tuple[str, int, int]] = [
    ("A1", 0, 0),
    ("I1", 0, 8),
    ("A9", 8, 0),
    ("I9", 8, 8),
    ("E5", 4, 4),
    ("Z99", 98, 25),
    ("C12", 11, 2),
]


@pytest.mark.parametrize(("name", "row", "col"), CELL_NAMES, ids=[c[0] for c in CELL_NAMES])
def test_cell_names_round_trip(name: str, row: int, col: int) -> None:
    c = Cell(row=row, col=col)
    assert c.name == name
    assert str(c) == name
    assert Cell.from_name(name) == c
    assert Cell.from_name(name.lower()) == c
    assert Cell.from_name(f" {name} ") == c
    assert eval(repr(c), {"Cell": Cell}) == c
    assert repr(c) == f"Cell(row={row}, col={col})"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("J1", "off the board (cells run from A1 to I9)"),
        ("A0", "off the board"),
        ("A10", "off the board"),
        ("11", "not a cell name"),
        ("", "not a cell name"),
        ("AA1", "not a cell name"),
        ("A1B", "not a cell name"),
        ("E 5", "not a cell name"),
    ],
    ids=["J1", "A0", "A10", "11", "empty", "AA1", "A1B", "space-inside"],
)
def test_cell_invalid_names_on_9x9(name: str, message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Cell.from_name(name, 9, 9)
    with pytest.raises(InputError):
        SAMPLE.cell(name)


def test_cell_order_is_row_major() -> None:
    assert Cell(row=0, col=8) < Cell(row=1, col=0)
    assert sorted([cell("A2"), cell("I1"), cell("B1")]) == [cell("B1"), cell("I1"), cell("A2")]


def test_cell_step_and_column_letter() -> None:
    assert cell("E5").step(1, -1) == cell("F4")
    assert cell("E5").step(-1, 1, 3) == cell("B8")
    assert [column_letter(i) for i in (0, 8, 25)] == ["A", "I", "Z"]


# ------------------------------------------------------------ grid, directions


def test_letter_grid_from_rows() -> None:
    grid = LetterGrid.from_rows(["SEA rs", "kom ie"])
    assert grid.rows == ("sears", "komie")
    assert (grid.width, grid.height) == (5, 2)
    assert grid[Cell(row=1, col=2)] == "m"
    assert Cell(row=1, col=4) in grid
    assert Cell(row=2, col=0) not in grid
    assert Cell(row=0, col=-1) not in grid
    assert "A1" not in grid
    assert list(grid.cells())[:6] == [
        Cell(0, 0),
        Cell(0, 1),
        Cell(0, 2),
        Cell(0, 3),
        Cell(0, 4),
        Cell(1, 0),
    ]
    assert len(list(grid.cells())) == 10


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "expected a list of rows"),
        ("searstoep", "expected a list of rows"),
        (SAMPLE_LETTERS[:8], "expected 9 rows, got 8"),
        ([*SAMPLE_LETTERS[:8], "aopetmis"], "[8]: expected 9 letters, got 8"),
        ([*SAMPLE_LETTERS[:8], "aopetmis1"], "[8]: '1' is not a letter a-z"),
        ([*SAMPLE_LETTERS[:8], 123456789], "[8]: expected a string of letters"),
    ],
    ids=["empty", "string", "8-rows", "short-row", "digit", "not-a-string"],
)
def test_board_from_letters_rejects(rows: object, message: str) -> None:
    with pytest.raises(InputError) as info, reading("b.yaml"):
        board_from_letters(rows)
    assert message in str(info.value)
    assert str(info.value).startswith("b.yaml: ")


def test_inline_letters_match_setups_sample_yaml() -> None:
    data = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text(encoding="utf-8"))
    assert data["letters"] == SAMPLE_LETTERS


def test_sample_board_letters() -> None:
    assert SAMPLE.rows == tuple(SAMPLE_LETTERS)
    assert (SAMPLE[cell("A1")], SAMPLE[cell("I9")], SAMPLE[cell("E4")]) == ("s", "h", "o")


@pytest.mark.parametrize(
    ("direction", "opposite", "long_name", "diagonal"),
    [
        (Direction.N, Direction.S, "north", False),
        (Direction.S, Direction.N, "south", False),
        (Direction.E, Direction.W, "east", False),
        (Direction.W, Direction.E, "west", False),
        (Direction.NE, Direction.SW, "north-east", True),
        (Direction.SW, Direction.NE, "south-west", True),
        (Direction.NW, Direction.SE, "north-west", True),
        (Direction.SE, Direction.NW, "south-east", True),
    ],
    ids=["N", "S", "E", "W", "NE", "SW", "NW", "SE"],
)
def test_directions(
    direction: Direction, opposite: Direction, long_name: str, diagonal: bool
) -> None:
    assert direction.opposite is opposite
    assert direction.long_name == long_name
    assert direction.diagonal is diagonal
    assert (direction in DIAGONAL) is diagonal
    assert (direction in ORTHOGONAL) is not diagonal
    assert direction in ALL_DIRECTIONS


@pytest.mark.parametrize(
    ("start", "direction", "ray"),
    [
        ("E5", Direction.E, ["F5", "G5", "H5", "I5"]),
        ("E5", Direction.N, ["E4", "E3", "E2", "E1"]),
        ("B2", Direction.NW, ["A1"]),
        ("H2", Direction.NE, ["I1"]),
        ("A1", Direction.W, []),
        ("C7", Direction.SE, ["D8", "E9"]),
        ("C7", Direction.SW, ["B8", "A9"]),
    ],
    ids=["E", "N", "NW", "NE", "edge", "SE", "SW"],
)
def test_grid_ray(start: str, direction: Direction, ray: list[str]) -> None:
    assert names(SAMPLE.ray(cell(start), direction)) == ray


def test_grid_line() -> None:
    assert names(SAMPLE.line(cell("C3"), Direction.SE)) == [
        "A1",
        "B2",
        "C3",
        "D4",
        "E5",
        "F6",
        "G7",
        "H8",
        "I9",
    ]
    assert names(SAMPLE.line(cell("B2"), Direction.W)) == [
        "I2",
        "H2",
        "G2",
        "F2",
        "E2",
        "D2",
        "C2",
        "B2",
        "A2",
    ]


# -------------------------------------------------------------------- tiles


@pytest.mark.parametrize(
    ("text", "number", "side"),
    [("7B", 7, "B"), ("7b", 7, "B"), (" 12 a ", 12, "A"), ("1A", 1, "A"), ("100B", 100, "B")],
    ids=["7B", "lower", "spaces", "1A", "three-digits"],
)
def test_tile_ref_parses(text: str, number: int, side: str) -> None:
    ref = TileRef.from_text(text)
    assert ref == TileRef(number, side)
    assert str(ref) == f"{number}{side}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7C", "tile sides are A and B, not 'C'"),
        ("B7", "is not a tile reference"),
        ("7", "is not a tile reference"),
        ("", "is not a tile reference"),
        ("1234A", "is not a tile reference"),
        (7, "is not a tile reference"),
        (None, "is not a tile reference"),
    ],
    ids=["side-C", "reversed", "no-side", "empty", "four-digits", "int", "none"],
)
def test_tile_ref_rejects(text: object, message: str) -> None:
    with pytest.raises(SetupError) as info:
        TileRef.from_text(text)
    assert message in str(info.value)
    with pytest.raises(InputError) as placed, reading("s.yaml"):
        Value(text, "tiles[0][1]", 4).convert(TileRef.from_text)
    assert str(placed.value).startswith("s.yaml: line 4: tiles[0][1]: ")


def test_tile_ref_order() -> None:
    assert sorted([TileRef(7, "B"), TileRef(2, "B"), TileRef(7, "A")]) == [
        TileRef(2, "B"),
        TileRef(7, "A"),
        TileRef(7, "B"),
    ]


def sample_catalog_data() -> dict[str, Any]:
    """Nine tiles whose A sides lay out setups/sample.yaml's letters (B sides reversed)."""
    tiles: dict[Any, Any] = {}
    for t in range(9):
        r, c = divmod(t, 3)
        face = [SAMPLE_LETTERS[r * 3 + i][c * 3 : c * 3 + 3] for i in range(3)]
        tiles[t + 1] = {"A": face, "B": [row[::-1] for row in face]}
    return {"name": "sample", "tiles": tiles}


def test_catalog_resolves_the_sample_board() -> None:
    cat = catalog(sample_catalog_data())
    assert cat.name == "sample"
    assert cat.numbers == list(range(1, 10))
    assert cat.side(TileRef(1, "A")) == ("sea", "kom", "bhv")
    assert cat.side(TileRef(1, "B")) == ("aes", "mok", "vhb")
    refs = parse_tile_rows(["1A 2A 3A", "4a, 5a, 6a", ["7A", "8A", "9A"]])
    assert refs[1] == (TileRef(4, "A"), TileRef(5, "A"), TileRef(6, "A"))
    assert cat.resolve(refs) == SAMPLE
    flipped = cat.resolve(parse_tile_rows(["1B 2A 3A", "4A 5A 6A", "7A 8A 9A"]))
    assert flipped.rows[0] == "aes" + "rst" + "oep"


def test_catalog_checksum_covers_letters_only() -> None:
    data = sample_catalog_data()
    cat = catalog(data)
    assert cat.canonical().splitlines()[:2] == ["1A:seakombhv", "1B:aesmokvhb"]
    reordered = {
        "name": " other ",
        "tiles": {
            str(n): {"b": data["tiles"][n]["B"], "a": " ".join(data["tiles"][n]["A"])}
            for n in reversed(range(1, 10))
        },
    }
    other = catalog(reordered)
    assert other.name == "other"
    assert other.sha256 == cat.sha256
    assert len(cat.sha256) == 64
    data["tiles"][9]["B"] = ["aaa", "aaa", "aaa"]
    assert catalog(data).sha256 != cat.sha256


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tiles": {1: {"A": ["abc"] * 3, "B": ["abc"] * 3}}}, "'name' is missing"),
        ({"name": " ", "tiles": {1: {"A": ["abc"] * 3}}}, "name: the catalog needs a name"),
        ({"name": "x", "tiles": {}}, "expected a mapping of tile number"),
        (
            {"name": "x", "tiles": {1000: {"A": ["abc"] * 3, "B": ["abc"] * 3}}},
            "1000 is not a tile number (1 to 999)",
        ),
        (
            {"name": "x", "tiles": {"one": {"A": ["abc"] * 3, "B": ["abc"] * 3}}},
            "'one' is not a tile number",
        ),
        (
            {"name": "x", "tiles": {0: {"A": ["abc"] * 3, "B": ["abc"] * 3}}},
            "0 is not a tile number",
        ),
        (
            {
                "name": "x",
                "tiles": {
                    1: {"A": ["abc"] * 3, "B": ["abc"] * 3},
                    "1": {"A": ["abc"] * 3, "B": ["abc"] * 3},
                },
            },
            "tile 1 is listed twice",
        ),
        ({"name": "x", "tiles": {1: {"A": ["abc"] * 3}}}, "expected exactly sides A and B"),
        (
            {"name": "x", "tiles": {1: {"A": ["abc"] * 3, "C": ["abc"] * 3}}},
            "expected exactly sides A and B",
        ),
        (
            {"name": "x", "tiles": {1: {"A": ["abc"] * 3, "B": ["abcd", "abc", "abc"]}}},
            "tiles.1.B[0]: expected 3 letters a-z",
        ),
        (
            {"name": "x", "tiles": {1: {"A": ["abc", "a1c", "abc"], "B": ["abc"] * 3}}},
            "tiles.1.A[1]: expected 3 letters a-z",
        ),
        (
            {"name": "x", "tiles": {1: {"A": ["abc"] * 2, "B": ["abc"] * 3}}},
            "tiles.1.A: expected 3 rows of 3 letters",
        ),
    ],
    ids=[
        "no-name",
        "blank-name",
        "no-tiles",
        "number-too-big",
        "word-number",
        "zero",
        "twice",
        "one-side",
        "side-C",
        "long-row",
        "digit",
        "two-rows",
    ],
)
def test_catalog_rejects(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as info, reading("cat.yaml"):
        catalog(data)
    assert message in str(info.value)
    assert str(info.value).startswith("cat.yaml: ")


def test_catalog_unknown_tile() -> None:
    cat = catalog(sample_catalog_data())
    with pytest.raises(SetupError, match="unknown tile '12A': catalog 'sample' has tiles 1-9"):
        cat.side(TileRef(12, "A"))
    with pytest.raises(SetupError, match=r"^\[2\]\[1\]: unknown tile '10B'"):
        cat.resolve(parse_tile_rows(["1A 2A 3A", "4A 5A 6A", "7A 10B 9A"]))


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (["1A 2A 3A", "4A 5A 6A"], "expected 3 rows of 3 tiles, got 2 rows"),
        ("1A 2A 3A", "expected 3 rows of 3 tiles, got 0 rows"),
        (["1A 2A 3A", "4A 5A", "7A 8A 9A"], "tiles[1]: expected 3 tiles, got 2"),
        (["1A 2A 3A", "4A 5A 6A", "7A 8X 9A"], "tiles[2][1]: '8X': tile sides are A and B"),
        (["1A 2A 3A", "4A 5A 6A", "7A 1B 9A"], "tiles[2][1]: tile 1 is used twice (also at row 1"),
    ],
    ids=["two-rows", "string", "short-row", "bad-side", "twice"],
)
def test_parse_tile_rows_rejects(raw: object, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_tile_rows(raw)
    assert message in str(info.value)
