"""Property tests of the Blind Spot rules: legal_plays and check_word agree.

Boards are random 9x9 grids over a small alphabet so that words from a small
word set occur often; positions are random spots on distinct cells, random
glasses counts and optionally the two teams.
"""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.blindspot.board import LetterGrid
from referee.blindspot.formats import read_position
from referee.blindspot.render import sentence
from referee.blindspot.rules import (
    COLOURS,
    MIN_LENGTH,
    REASONS,
    SIZE,
    Play,
    Position,
    board_from_letters,
    check_word,
    legal_plays,
)
from referee.core.cells import Cell
from referee.core.errors import InputError
from referee.core.schema import Value

ALPHABET = "aest"
# Words over the alphabet: 3-letter ones on the rulebook's list (sea, eat, tea, ate,
# set, sat, tat, see, tee, ass), 3-letter ones not on it (sae, tas, ese), longer ones
# that are judged by the dictionary.
WORD_POOL = (
    "sea",
    "eat",
    "tea",
    "ate",
    "set",
    "sat",
    "tat",
    "see",
    "tee",
    "ass",
    "sae",
    "tas",
    "ese",
    "seat",
    "east",
    "eats",
    "teas",
    "sate",
    "seta",
    "tees",
    "sees",
    "tass",
    "tease",
    "state",
    "taste",
    "asset",
    "setae",
    "eases",
    "tasse",
    "estate",
    "teases",
)
TEAMS = [["red", "yellow"], ["blue", "green"]]

boards = st.lists(
    st.text(alphabet=ALPHABET, min_size=SIZE, max_size=SIZE), min_size=SIZE, max_size=SIZE
).map(board_from_letters)
cells = st.builds(Cell, row=st.integers(0, SIZE - 1), col=st.integers(0, SIZE - 1))
players = st.sampled_from(COLOURS)
dictionaries = st.sets(st.sampled_from(WORD_POOL), max_size=len(WORD_POOL)).map(frozenset)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    placed = draw(
        st.lists(
            st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)),
            unique=True,
            max_size=24,
        )
    )
    spots: dict[str, list[str]] = {}
    for row, col in placed:
        colour = draw(players)
        spots.setdefault(colour, []).append(Cell(row=row, col=col).name)
    glasses = {c: draw(st.sampled_from([0, 0, 0, 1, 1, 2])) for c in COLOURS}
    data: dict[str, Any] = {"spots": spots, "glasses": glasses}
    if draw(st.booleans()):
        data["teams"] = TEAMS
    return read_position(Value(data))


def spelled(board: LetterGrid, play: Play) -> str:
    return "".join(board[c] for c in play.cells)


def check_play_shape(board: LetterGrid, pos: Position, player: str, play: Play) -> None:
    """A play's cells spell its word along its direction, across the new spot."""
    assert spelled(board, play) == play.word
    assert len(play.word) >= MIN_LENGTH
    assert play.at not in play.cells
    assert play.at in play.skipped
    covered = pos.covered()
    friends = set(pos.team_of(player))
    assert not any(c in covered for c in play.cells)
    # every cell from the first to the last is a word cell or a skipped cell, in order
    line = board.line(play.cells[0], play.direction)
    start = line.index(play.cells[0])
    end = line.index(play.cells[-1])
    span = line[start : end + 1]
    assert [c for c in span if c not in covered and c != play.at] == list(play.cells)
    assert [c for c in span if c in covered or c == play.at] == list(play.skipped)
    # the new spot is strictly inside the word, never at either end
    assert 0 < span.index(play.at) < len(span) - 1
    # only the player's own or a teammate's spots are read over
    assert all(covered[c] in friends for c in play.skipped if c != play.at)


@given(board=boards, pos=positions(), player=players, dictionary=dictionaries)
def test_every_listed_play_is_accepted_by_check_word(
    board: LetterGrid, pos: Position, player: str, dictionary: frozenset[str]
) -> None:
    plays = legal_plays(board, dictionary, player=player, position=pos)
    if pos.eliminated(player):
        assert plays == []
    for play in plays:
        check_play_shape(board, pos, player, play)
        if play.direction.diagonal:
            assert pos.has_glasses(player)
        verdict = check_word(board, play.word, play.at, dictionary, player=player, position=pos)
        assert verdict.valid is True
        assert verdict.reason is None
        assert verdict.word == play.word
        assert verdict.at == play.at
        assert verdict.bonus is (len(play.word) >= 5)
    keys = [(p.at, p.word, p.direction, p.cells) for p in plays]
    assert len(keys) == len(set(keys))
    order = [(-len(p.word), p.at, p.word) for p in plays]
    assert order == sorted(order)


@given(
    board=boards,
    pos=positions(),
    player=players,
    dictionary=dictionaries,
    tries=st.lists(st.tuples(cells, st.sampled_from(WORD_POOL)), min_size=1, max_size=8),
)
def test_check_word_accepts_exactly_the_listed_plays(
    board: LetterGrid,
    pos: Position,
    player: str,
    dictionary: frozenset[str],
    tries: list[tuple[Cell, str]],
) -> None:
    for at, word in tries:
        verdict = check_word(board, word, at, dictionary, player=player, position=pos)
        plays = legal_plays(board, dictionary, player=player, position=pos, at=at)
        listed = {p.word for p in plays}
        assert verdict.valid is (word in listed), (at.name, word, verdict.reason)
        if verdict.valid:
            assert verdict.play in plays
        assert all(p.at == at for p in plays)


@given(
    board=boards,
    pos=positions(),
    player=players,
    at=cells,
    word=st.text(alphabet=string.ascii_letters, min_size=1, max_size=12),
    glasses=st.sampled_from([None, True, False]),
    dictionary=dictionaries,
)
def test_check_word_never_raises_for_letters(
    board: LetterGrid,
    pos: Position,
    player: str,
    at: Cell,
    word: str,
    glasses: bool | None,
    dictionary: frozenset[str],
) -> None:
    verdict = check_word(board, word, at, dictionary, player=player, position=pos, glasses=glasses)
    assert verdict.reason is None or verdict.reason in REASONS
    assert verdict.valid is (verdict.reason is None)
    assert verdict.word == word.lower()
    assert verdict.at == at
    d = verdict.to_dict()
    assert set(d) == {"valid", "word", "at", "cells", "direction", "bonus", "reason"}
    if verdict.reason in (
        None,
        "diagonal-needs-glasses",
        "blocked",
        "spot-at-end",
        "not-allowed-three-letter",
        "not-in-dictionary",
    ):
        assert verdict.play is not None
        assert spelled(board, verdict.play) == verdict.word
        assert verdict.play.at == at
        assert at not in verdict.play.cells
    else:
        assert verdict.play is None
    if verdict.valid:
        assert verdict.play is not None
        check_play_shape(board, pos, player, verdict.play)
    line = sentence(verdict)
    assert line.startswith(word.upper() + " is ")
    assert line.endswith(".")


@given(
    width=st.integers(1, 26),
    height=st.integers(1, 99),
    data=st.data(),
)
def test_cell_names_round_trip(width: int, height: int, data: st.DataObject) -> None:
    row = data.draw(st.integers(0, height - 1))
    col = data.draw(st.integers(0, width - 1))
    cell = Cell(row=row, col=col)
    assert Cell.from_name(cell.name, width, height) == cell
    assert Cell.from_name(cell.name.lower(), width, height) == cell
    assert eval(repr(cell), {"Cell": Cell}) == cell
    for outside in (Cell(row=height, col=col), Cell(row=row, col=width)):
        if outside.col < 26 and outside.row < 99:
            with pytest.raises(InputError, match="is off the board"):
                Cell.from_name(outside.name, width, height)


def test_every_cell_name_of_the_largest_grid_round_trips() -> None:
    seen: set[str] = set()
    for row in range(99):
        for col in range(26):
            cell = Cell(row=row, col=col)
            assert Cell.from_name(cell.name) == cell
            seen.add(cell.name)
    assert len(seen) == 26 * 99
