"""Unit tests of the pure Word Block rules (no enchant: dictionaries are plain sets).

The spec is the Word Block Rulebook (the book from the game's box). Its diagram is rebuilt from the text in examples/wordblock/rulebook.yaml
(copied inline below): Blue Square's block on the s, Red Circle's on the q and
the h, Green Triangle's on one of the two e's.

     A    B    C    D    E
  1  w-1  .    .    .    .
  2  o-1  o-1  .    e-1  .
  3  .    s-0  h-4  e-2  .
  4  q-8  a-1  r-1  .    .
  5  .    .    .    .    .
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee import engine
from referee.core.cells import Cell
from referee.core.errors import InputError
from referee.core.files import parse_document, reading
from referee.core.schema import Value
from referee.wordblock.actions import ClaimWord, MoveBlock, PlaceCard, Setup, Undo
from referee.wordblock.board import Board, Card, cell_key, normalise_word, parse_path
from referee.wordblock.formats import board_mapping, read_board
from referee.wordblock.game import GAME
from referee.wordblock.hints import WordIndex, hints, spellable_words
from referee.wordblock.play import claim_action, free_setup
from referee.wordblock.rules import (
    CHALLENGE_PENALTY,
    EXPLANATIONS,
    REASONS,
    check_move,
    check_place,
    empty_spaces_for_a_card,
    judge_claim,
)
from referee.wordblock.scoring import score_walk, walk_problem
from referee.wordblock.search import best_walk
from wordblock_examples import CLAIMS

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data" / "wordblock"

ROWS = [
    "w-1  .    .    .    .",
    "o-1  o-1  .    e-1  .",
    ".    s-0  h-4  e-2  .",
    "q-8  a-1  r-1  .    .",
    ".    .    .    .    .",
]
BLOCKS = {"blue": ["B3"], "red": ["A4", "C3"], "green": ["D3"]}
# Every word the rulebook names, plus qat (a word list's, not en_US's).
WORDS = frozenset(
    [
        "she",
        "sheer",
        "share",
        "sharer",
        "sharers",
        "sash",
        "show",
        "shoo",
        "saw",
        "shows",
        "shoe",
        "rash",
        "quash",
        "qat",
        "spars",
        "quaff",
        "quart",
    ]
)


def board_from(data: Any) -> Board:
    """A board file's mapping, read as the referee reads one."""
    return read_board(Value(data))


def board_of(rows: Sequence[str] = ROWS, blocks: Any = None, **more: Any) -> Board:
    return board_from({"cards": list(rows), "blocks": BLOCKS if blocks is None else blocks, **more})


def with_card(rows: Sequence[str], name: str, card: str) -> list[str]:
    """``rows`` with ``card`` written on the space ``name`` (which must be empty)."""
    cell = Cell.from_name(name)
    grid = [r.split() for r in rows]
    assert grid[cell.row][cell.col] == "."
    grid[cell.row][cell.col] = card
    return ["  ".join(r) for r in grid]


def cells(text: str) -> list[Cell]:
    return [Cell.from_name(n) for n in text.split()]


def names(path: Sequence[Cell]) -> str:
    return " ".join(c.name for c in path)


RULEBOOK = board_of()


def test_inline_board_is_the_example_file() -> None:
    data = yaml.safe_load((REPO / "examples" / "wordblock" / "rulebook.yaml").read_text())
    assert board_from(data) == RULEBOOK


# ------------------------------------------------------------- the rulebook's examples


@pytest.mark.parametrize(
    ("word", "player", "walk", "awards", "discard"), CLAIMS.values(), ids=CLAIMS.keys()
)
def test_rulebook_claims(
    word: str, player: str, walk: str, awards: dict[str, tuple[int, int]], discard: str
) -> None:
    verdict = judge_claim(RULEBOOK, word, player, WORDS)
    assert verdict.valid and verdict.reason is None
    assert verdict.walk is not None and verdict.exhaustive
    assert names(verdict.walk.path) == walk
    assert {a.player: (a.word, a.cards) for a in verdict.walk.awards} == awards
    assert verdict.points() == {p: w + c for p, (w, c) in awards.items()}
    assert names(verdict.walk.discard) == discard
    assert verdict.walk.letters == len(word)


def test_sheer_card_points_as_the_rulebook_says() -> None:
    """Blue gets 0 card points for s, Red 4 for h, Green 2 for e."""
    verdict = judge_claim(RULEBOOK, "sheer", "blue", WORDS)
    cards = verdict.breakdown()
    assert (cards["blue"]["cards"], cards["red"]["cards"], cards["green"]["cards"]) == (0, 4, 2)


def test_sharers_gives_everyone_35_word_points() -> None:
    verdict = judge_claim(RULEBOOK, "sharers", "blue", WORDS)
    assert verdict.walk is not None
    assert (verdict.walk.letters, verdict.walk.cards_used, verdict.walk.word_points) == (7, 5, 35)
    assert verdict.walk.net("blue") == 35 - 39 - 37


REFUSED = {
    "saw-a-not-next-to-w": ("saw", "blue", "no-path"),
    "shows-w-not-next-to-s": ("shows", "blue", "no-path"),
    "shoe-gap-between-o-and-e": ("shoe", "blue", "no-path"),
    "rash-no-square-block-on-r": ("rash", "blue", "no-block"),
    "qat-before-the-t": ("qat", "red", "no-path"),
    "quash-blue-has-no-q": ("quash", "blue", "no-block"),
    "spars-before-the-p": ("spars", "blue", "no-path"),
    "two-letters": ("sh", "blue", "too-short"),
    "green-has-no-s": ("she", "green", "no-block"),
}


@pytest.mark.parametrize(("word", "player", "reason"), REFUSED.values(), ids=REFUSED.keys())
def test_rulebook_refusals(word: str, player: str, reason: str) -> None:
    verdict = judge_claim(RULEBOOK, word, player, WORDS)
    assert not verdict.valid
    assert verdict.reason == reason
    assert verdict.points() == {}
    assert verdict.explanation == EXPLANATIONS[reason]


def test_qat_once_a_t_is_added_next_to_the_a() -> None:
    rows = with_card(ROWS, "B5", "t-1")
    board = board_of(rows)
    verdict = judge_claim(board, "qat", "red", WORDS)
    assert verdict.valid and verdict.walk is not None
    assert names(verdict.walk.path) == "A4 B4 B5"
    assert verdict.points() == {"red": 3 * 3 + 8}
    assert judge_claim(board, "qat", "red", WORDS - {"qat"}).reason == "not-in-dictionary"


def test_spars_after_a_p_next_to_the_s_is_5x4_plus_0() -> None:
    board = board_of(with_card(ROWS, "A3", "p-4"))
    verdict = judge_claim(board, "spars", "blue", WORDS)
    assert verdict.valid and verdict.walk is not None
    assert names(verdict.walk.path) == "B3 A3 B4 C4 B3"
    assert verdict.points() == {"blue": 5 * 4 + 0}
    assert names(verdict.walk.discard) == "B3"
    after = board.after_claim("spars", verdict.walk.discard)
    assert after.card_at(Cell.from_name("B3")) is None
    assert after.blocks_of("blue") == ()
    assert after.claimed == ("spars",)


def test_golden_boards_match_the_inline_ones() -> None:
    t = board_from(yaml.safe_load((DATA / "rulebook-t.yaml").read_text()))
    p = board_from(yaml.safe_load((DATA / "rulebook-p.yaml").read_text()))
    assert t == board_of(with_card(ROWS, "B5", "t-1"))
    assert p == board_of(with_card(ROWS, "A3", "p-4"))


def test_quart_with_a_t_next_to_the_r_is_5x4_plus_8() -> None:
    """The game play example: "quart" for 5*4+8 once a t is next to the r."""
    board = board_of(with_card(ROWS, "D5", "t-1"), blocks={"red": ["A4"], "blue": ["B3"]})
    verdict = judge_claim(board, "quart", "red", WORDS)
    assert verdict.valid
    assert verdict.points() == {"red": 5 * 4 + 8}


def test_quaff_with_one_f_card_is_5x3_plus_8() -> None:
    """The game play example: "Adding "f" would allow "quaff" for 5*3+8 points": three
    cards (q, a and one f), the ff read off one card ("Repeating a card is ok")."""
    one_f = board_of(with_card(ROWS, "B5", "f-4"), blocks={"red": ["A4"]})
    verdict = judge_claim(one_f, "quaff", "red", WORDS)
    assert verdict.valid and verdict.walk is not None
    assert names(verdict.walk.path) == "A4 B4 B5 B5"
    assert verdict.walk.cards_used == 3
    assert verdict.points() == {"red": 5 * 3 + 8}


def test_quaff_with_two_f_cards_takes_the_walk_best_for_the_claimer() -> None:
    """With two f cards both walks are legal; 4 cards score more for red (5x4+8)."""
    two_f = board_of(with_card(with_card(ROWS, "B5", "f-4"), "C5", "f-4"), blocks={"red": ["A4"]})
    verdict = judge_claim(two_f, "quaff", "red", WORDS)
    assert verdict.points() == {"red": 5 * 4 + 8}
    stay = judge_claim(two_f, "quaff", "red", WORDS, path=cells("A4 B4 C5 C5"))
    assert stay.valid and stay.points() == {"red": 5 * 3 + 8}


def test_a_card_read_twice_in_a_row_gives_its_points_once() -> None:
    """The rulebook: "Repeating a card in the word does not give additional card points."."""
    board = board_from({"cards": ["q-8 a-1 f-4"], "blocks": {"red": ["A1"], "blue": ["C1"]}})
    verdict = judge_claim(board, "quaff", "red", WORDS)
    assert verdict.valid and verdict.walk is not None
    assert names(verdict.walk.path) == "A1 B1 C1 C1"
    assert verdict.points() == {"red": 15 + 8, "blue": 15 + 4}


# ------------------------------------------------------------------- the q card

Q_CASES = {
    "q-reads-qu": (["q-1  a-1  t-1"], "qat", "A1 B1 C1", 3),
    "q-reads-q-then-u-card": (["q-1  u-1  a-1  t-1"], "quat", "A1 B1 C1 D1", 4),
    "qu-from-the-q-card-skips-the-u-card": (["q-1  a-1  u-1"], "qua", "A1 B1", 2),
    "plain-q-in-the-middle": (["a-1  q-1  a-1"], "aqa", "A1 B1 C1", 3),
    "u-counts-as-a-letter": (["q-1  i-1  t-1"], "quit", "A1 B1 C1", 3),
}


@pytest.mark.parametrize(("rows", "word", "walk", "cards"), Q_CASES.values(), ids=Q_CASES.keys())
def test_q_card_reads_q_or_qu(rows: list[str], word: str, walk: str, cards: int) -> None:
    board = board_of(rows, blocks={"p": ["A1"]})
    verdict = judge_claim(board, word, "p", {word})
    assert verdict.valid and verdict.walk is not None
    assert names(verdict.walk.path) == walk
    assert verdict.walk.cards_used == cards
    assert verdict.points() == {"p": len(word) * cards + 1}


# ------------------------------------------------------------ choosing the best walk

PICKS = {
    # Two e's next to h: she avoids Green's block (net +0 for blue against red's 4).
    "avoid-another-players-block": (ROWS, BLOCKS, "she", "blue", "B3 C3 D2"),
    # Same letters both ways, nobody else involved: more distinct cards win.
    "more-cards-when-alone": (["a-1  b-1  a-1"], {"p": ["A1"]}, "aba", "p", "A1 B1 C1"),
    # An opponent on both walks: 2 opponents cost more than 1, so fewer/cheaper blocks.
    "fewer-opponents": (
        ["a-1  b-1  a-1"],
        {"p": ["A1"], "x": ["B1"], "y": ["C1"]},
        "aba",
        "p",
        "A1 B1 A1",
    ),
    # Own blocked card with points: worth collecting.
    "collect-own-card-points": (
        ["a-1  b-1  a-5"],
        {"p": ["A1", "C1"]},
        "aba",
        "p",
        "A1 B1 C1",
    ),
    # Tie on points: the smaller list of cells (name order, A2 < A10).
    "lexicographic-tie": (
        ["b-1  a-1  b-1", "a-1  .    .", "b-1  .    ."],
        {"p": ["A1"]},
        "bab",
        "p",
        "A1 A2 A3",
    ),
    # Two starting blocks: the better start wins even if it comes later in name order.
    "better-start": (
        ["c-1  a-1  t-1  .    c-1  a-1  t-1"],
        {"p": ["A1", "E1"], "x": ["B1"]},
        "cat",
        "p",
        "E1 F1 G1",
    ),
}


@pytest.mark.parametrize(
    ("rows", "blocks", "word", "player", "walk"), PICKS.values(), ids=PICKS.keys()
)
def test_best_walk_choice(
    rows: list[str], blocks: dict[str, list[str]], word: str, player: str, walk: str
) -> None:
    found = best_walk(board_of(rows, blocks=blocks), word, player)
    assert found.walk is not None and found.exhaustive
    assert names(found.walk.path) == walk


def test_row_ten_sorts_after_row_two() -> None:
    rows = ["a-1  ."] * 10 + ["b-1  a-1"]
    rows[0] = "b-1  ."
    rows[1] = "a-1  b-1"
    # From A1: b(A1) a(A2) b(B2) versus longer column walks: only names matter on ties.
    board = board_of(rows, blocks={"p": ["A1"]})
    found = best_walk(board, "bab", "p")
    assert found.walk is not None
    assert names(found.walk.path) == "A1 A2 B2"
    assert sorted(cells("A10 B1 A2"), key=cell_key) == cells("A2 A10 B1")


def test_full_board_of_a_cards_answers_exactly() -> None:
    """The pathological case: 10x10 of a's and a 20-letter word of a's."""
    data = yaml.safe_load((DATA / "full-a.yaml").read_text())
    board = board_from(data)
    found = best_walk(board, "a" * 20, "blue")
    assert found.exhaustive and found.walk is not None
    assert found.walk.cards_used == 20
    assert [a.player for a in found.walk.awards] == ["blue"]
    assert found.walk.net("blue") == 20 * 20 + 1
    assert walk_problem(board, "a" * 20, found.walk.path, "blue") is None


def test_search_limit_reports_instead_of_running_on() -> None:
    data = yaml.safe_load((DATA / "full-a.yaml").read_text())
    board = board_from(data)
    found = best_walk(board, "a" * 20, "blue", limit=50)
    assert not found.exhaustive
    assert found.walk is not None
    assert walk_problem(board, "a" * 20, found.walk.path, "blue") is None
    verdict = judge_claim(board, "a" * 20, "blue", {"a" * 20}, limit=50)
    assert verdict.valid and not verdict.exhaustive
    assert verdict.to_dict()["best_proven"] is False


# --------------------------------------------------------------------- given walks

PATHS = {
    "legal": ("quash", "red", "A4 B4 B3 C3", None),
    "empty-space": ("she", "blue", "B3 C3 C2", "C2 is an empty space"),
    "not-the-claimers-block": ("rash", "blue", "C4 B4 B3 C3", "C4 has no block"),
    "someone-elses-block": ("has", "blue", "C3 B4 B3", "C3 has red's block"),
    "not-a-neighbour": ("saw", "blue", "B3 B4 A1", "B4 to A1 is not a step"),
    "stays-on-a-card": ("shoo", "blue", "B3 C3 B2 B2", None),
    "stays-then-not-a-neighbour": ("shoo", "blue", "B3 C3 B2 B2 D2", "B2 to D2 is not a step"),
    "wrong-letters": ("shoe", "blue", "B3 C3 B2 A2", "spells 'shoo', not 'shoe'"),
    "too-long": ("she", "blue", "B3 C3 D2 D3", "spells 'shee', not 'she'"),
}


@pytest.mark.parametrize(("word", "player", "path", "problem"), PATHS.values(), ids=PATHS.keys())
def test_walk_problem(word: str, player: str, path: str, problem: str | None) -> None:
    found = walk_problem(RULEBOOK, word, cells(path), player)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_path_scores_exactly_that_walk() -> None:
    verdict = judge_claim(RULEBOOK, "she", "blue", WORDS, path=cells("B3 C3 D3"))
    assert verdict.valid and verdict.walk is not None
    assert verdict.points() == {"blue": 9, "red": 13, "green": 11}
    bad = judge_claim(RULEBOOK, "she", "blue", WORDS, path=cells("B3 C3 C4"))
    assert bad.reason == "bad-path" and bad.explanation is not None
    assert "spells 'shr', not 'she'" in bad.explanation


def test_parse_path() -> None:
    assert parse_path("A4,B4, B3 C3", RULEBOOK) == cells("A4 B4 B3 C3")
    with pytest.raises(InputError, match="off the board"):
        parse_path("A4,F1", RULEBOOK)
    with pytest.raises(InputError, match="expected cells"):
        parse_path(" , ", RULEBOOK)


# ----------------------------------------------------------- dictionary and challenges


def test_reasons_are_checked_in_order() -> None:
    assert REASONS == (
        "too-short",
        "already-claimed",
        "no-block",
        "no-path",
        "bad-path",
        "not-in-dictionary",
        "excluded",
    )
    claimed = board_of(claimed=["she"])
    assert judge_claim(claimed, "she", "blue", WORDS).reason == "already-claimed"
    # too short beats everything, even a word never on the board
    assert judge_claim(claimed, "zz", "blue", WORDS).reason == "too-short"


def test_already_claimed_costs_nothing_even_when_challenged() -> None:
    claimed = board_of(claimed=["she"])
    verdict = judge_claim(claimed, "she", "blue", WORDS, challenged_by="red")
    assert verdict.reason == "already-claimed"
    assert verdict.points() == {}


DICTIONARY = {
    "unchallenged-valid": ("sash", None, set(), {"blue": 12, "red": 16}, True, None),
    "challenged-valid-challenger-loses": (
        "sash",
        "green",
        set(),
        {"blue": 12, "red": 16, "green": -CHALLENGE_PENALTY},
        True,
        None,
    ),
    "challenger-also-on-the-walk": (
        "sash",
        "red",
        set(),
        {"blue": 12, "red": 16 - CHALLENGE_PENALTY},
        True,
        None,
    ),
    "unchallenged-not-a-word": ("shash", None, set(), {}, False, "not-in-dictionary"),
    "challenged-not-a-word-claimer-loses": (
        "shash",
        "red",
        set(),
        {"blue": -CHALLENGE_PENALTY},
        False,
        "not-in-dictionary",
    ),
    "excluded-abbreviation": ("sash", None, {"sash"}, {}, False, "excluded"),
    "challenged-abbreviation-claimer-loses": (
        "sash",
        "red",
        {"sash"},
        {"blue": -CHALLENGE_PENALTY},
        False,
        "excluded",
    ),
}


@pytest.mark.parametrize(
    ("word", "challenger", "excluded", "points", "valid", "reason"),
    DICTIONARY.values(),
    ids=DICTIONARY.keys(),
)
def test_dictionary_and_challenges(
    word: str,
    challenger: str | None,
    excluded: set[str],
    points: dict[str, int],
    valid: bool,
    reason: str | None,
) -> None:
    lexicon = WORDS | {"shash"} if word == "sash" else WORDS
    verdict = judge_claim(
        RULEBOOK, word, "blue", lexicon, challenged_by=challenger, exclusions=excluded
    )
    assert verdict.valid is valid
    assert verdict.reason == reason
    assert verdict.points() == points
    if not valid:
        assert verdict.to_dict()["discard"] == []


def test_house_words_override_exclusions() -> None:
    verdict = judge_claim(RULEBOOK, "sash", "blue", WORDS, exclusions={"sash"}, allowed={"sash"})
    assert verdict.valid


def test_claim_to_dict_keys() -> None:
    data = judge_claim(RULEBOOK, "quash", "red", WORDS).to_dict()
    assert data == {
        "valid": True,
        "word": "quash",
        "letters": 5,
        "cards_used": 4,
        "path": ["A4", "B4", "B3", "C3"],
        "points": {"blue": 20, "red": 32},
        "breakdown": {
            "blue": {"word": 20, "cards": 0, "challenge": 0},
            "red": {"word": 20, "cards": 12, "challenge": 0},
        },
        "discard": ["A4", "B3", "C3"],
        "reason": None,
        "explanation": None,
        "player": "red",
        "challenged_by": None,
        "best_proven": True,
        "excluded_as": None,
    }


# -------------------------------------------------------------------------- cards

GOOD_CARDS = {
    "s-0": ("s-0", "s", 0),
    "q-8": ("q-8", "q", 8),
    "upper-case": ("E-2", "e", 2),
    "two-digits": ("z-10", "z", 10),
    "spaces-around": (" a-1 ", "a", 1),
}


@pytest.mark.parametrize(("text", "letter", "points"), GOOD_CARDS.values(), ids=GOOD_CARDS.keys())
def test_card_parse(text: str, letter: str, points: int) -> None:
    card = Card.parse(text)
    assert (card.letter, card.points) == (letter, points)
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card


BAD_CARDS = ["s", "s-x", "ss-1", "s--1", "s-", "-1", "1-1", "s-100", "é-1", "s 1", ""]


@pytest.mark.parametrize("text", BAD_CARDS)
def test_card_parse_refuses(text: str) -> None:
    with pytest.raises(InputError, match="is not a card"):
        Card.parse(text)


# ---------------------------------------------------------------------- the board

BAD_BOARDS = {
    "ragged-rows": (
        {"cards": ["a-1  b-1", "c-1"]},
        "cards[1]",
        "has 1 spaces but the first row has 2",
    ),
    "bad-card": ({"cards": ["a-1  s--1"]}, "cards[0]", "B1: 's--1' is not a card"),
    "empty-row": ({"cards": ["a-1", "  "]}, "cards[1]", "empty"),
    "row-not-string": ({"cards": [["a-1"]]}, "cards[0]", "expected a string"),
    "no-cards": ({"blocks": {}}, "", "'cards' is missing"),
    "cards-not-list": ({"cards": "a-1"}, "cards", "expected a list of rows"),
    "unknown-key": (
        {"cards": ["a-1"], "block": {}},
        "",
        "unknown key 'block' (expected cards, blocks, claimed, area)",
    ),
    "block-on-empty": (
        {"cards": ["a-1  ."], "blocks": {"p": ["B1"]}},
        "blocks.p[0]",
        "B1 is an empty",
    ),
    "two-blocks-one-card": (
        {"cards": ["a-1"], "blocks": {"p": ["A1"], "q": ["A1"]}},
        "blocks.q[0]",
        "A1 already has a block (of p)",
    ),
    "four-blocks": (
        {"cards": ["a-1  a-1  a-1  a-1"], "blocks": {"p": ["A1", "B1", "C1", "D1"]}},
        "blocks.p",
        "4 blocks; a player has 3 at most",
    ),
    "block-off-board": (
        {"cards": ["a-1"], "blocks": {"p": ["B1"]}},
        "blocks.p[0]",
        "off the board",
    ),
    "bad-player-name": ({"cards": ["a-1"], "blocks": {"a=b": ["A1"]}}, "blocks", "'a=b'"),
    "player-twice": (
        {"cards": ["a-1"], "blocks": {"p": [], "P": []}},
        "blocks.P",
        "the player is listed twice",
    ),
    "blocks-not-mapping": ({"cards": ["a-1"], "blocks": ["A1"]}, "blocks", "mapping"),
    "claimed-not-list": ({"cards": ["a-1"], "claimed": "she"}, "claimed", "list"),
    "claimed-bad-word": ({"cards": ["a-1"], "claimed": ["s-he"]}, "claimed[0]", "'s-he'"),
    "area-too-small": ({"cards": ["a-1  a-1"], "area": [1, 1]}, "area", "do not fit"),
    "area-bad-shape": ({"cards": ["a-1"], "area": [6]}, "area", "expected [columns, rows]"),
    "area-too-big": ({"cards": ["a-1"], "area": [27, 5]}, "area[0]", "from 1 to 26, got 27"),
    "area-huge": ({"cards": ["a-1"], "area": [5, 10**30]}, "area[1]", "from 1 to 99"),
}


@pytest.mark.parametrize(("data", "place", "fragment"), BAD_BOARDS.values(), ids=BAD_BOARDS.keys())
def test_board_refuses(data: dict[str, Any], place: str, fragment: str) -> None:
    with pytest.raises(InputError) as info, reading("b.yaml"):
        board_from(data)
    message = str(info.value)
    assert message.startswith(f"b.yaml: {place}: " if place else "b.yaml: ")
    assert fragment in message


def test_board_round_trips_and_pads_to_the_area() -> None:
    board = board_of(["a-1  ."], blocks={"p": ["A1"], "q": []}, area=[3, 2], claimed=["abc"])
    assert (board.width, board.height) == (3, 2)
    again = board_from(board_mapping(board))
    assert again == board
    assert eval(repr(board)) == board
    assert board_mapping(board)["cards"] == ["a-1  .    .", ".    .    ."]
    assert board.players == ("p", "q")


# ----------------------------------------------------------------- place and move

PLACES = {
    "next-to-the-a": (ROWS, "B5", True, None, None),
    "diagonal-counts": (ROWS, "E1", True, None, None),
    "not-adjacent": (["a-1  .    ."], "C1", False, "not-adjacent", None),
    "outside-area": (ROWS, "F5", False, "outside-area", None),
    "on-a-card-with-room-left": (ROWS, "C4", False, "room-left", None),
    "on-a-blocked-card": (ROWS, "B3", False, "has-block", None),
    "replace-when-full": (["a-1  b-2"], "B1", True, None, "b-2"),
    "full-but-blocked": (["a-1  b-2"], "A1", False, "has-block", None),
}


@pytest.mark.parametrize(
    ("rows", "at", "valid", "reason", "replaces"), PLACES.values(), ids=PLACES.keys()
)
def test_check_place(
    rows: list[str], at: str, valid: bool, reason: str | None, replaces: str | None
) -> None:
    blocks = BLOCKS if rows is ROWS else {"p": ["A1"]}
    verdict = check_place(board_of(rows, blocks=blocks), Card.parse("t-1"), Cell.from_name(at))
    assert (verdict.valid, verdict.reason) == (valid, reason)
    assert (str(verdict.replaces) if verdict.replaces else None) == replaces


def test_first_card_goes_anywhere_in_an_empty_area() -> None:
    board = Board.empty(["p", "q"], (4, 4))
    assert len(empty_spaces_for_a_card(board)) == 16
    assert check_place(board, Card.parse("a-1"), Cell.from_name("C3")).valid
    after = board.with_card(Cell.from_name("C3"), Card.parse("a-1"))
    assert check_place(after, Card.parse("b-1"), Cell.from_name("A1")).reason == "not-adjacent"


MOVES = {
    "from-reserve": ("blue", None, "B4", True, None),
    "move-own-block": ("red", "C3", "B4", True, None),
    "onto-a-block": ("blue", "B3", "C3", False, "has-block"),
    "onto-own-block": ("blue", None, "B3", False, "has-block"),
    "onto-empty-space": ("blue", None, "C2", False, "no-card"),
    "not-your-block": ("blue", "C3", "B4", False, "not-your-block"),
    "no-block-there": ("blue", "B4", "C4", False, "not-your-block"),
}


@pytest.mark.parametrize(
    ("player", "src", "to", "valid", "reason"), MOVES.values(), ids=MOVES.keys()
)
def test_check_move(player: str, src: str | None, to: str, valid: bool, reason: str | None) -> None:
    source = Cell.from_name(src) if src else None
    verdict = check_move(RULEBOOK, player, source, Cell.from_name(to))
    assert (verdict.valid, verdict.reason) == (valid, reason)


def test_three_blocks_at_most() -> None:
    board = board_of(["a-1  a-1  a-1  a-1"], blocks={"p": ["A1", "B1", "C1"]})
    assert check_move(board, "p", None, Cell.from_name("D1")).reason == "no-reserve"
    assert check_move(board, "p", Cell.from_name("A1"), Cell.from_name("D1")).valid
    moved = board.with_block("p", Cell.from_name("A1"), Cell.from_name("D1"))
    assert moved.blocks_of("p") == tuple(cells("B1 C1 D1"))


# ---------------------------------------------------------------------------- hints


def test_spellable_words_and_hints() -> None:
    index = WordIndex.from_words(WORDS | {"hah", "how", "x-ray", "Has"})
    assert "x-ray" not in index and "Has" not in index.words
    assert spellable_words(RULEBOOK, "blue", index) == sorted(
        ["she", "sheer", "share", "sharer", "sharers", "sash", "show", "shoo"]
    )
    found = hints(RULEBOOK, "red", index, top=3)
    assert [(h.word, h.net) for h in found] == [("how", 13), ("quash", 12), ("hah", 10)]
    assert hints(RULEBOOK, "red", index, exclusions={"how"}, top=1)[0].word == "quash"
    claimed = board_of(claimed=["how"])
    assert hints(claimed, "red", index, top=1)[0].word == "quash"


def test_word_index_prefixes() -> None:
    index = WordIndex.from_words(["sharer", "she"])
    assert index.has_prefix("sha") and index.has_prefix("she") and not index.has_prefix("sho")
    assert "she" in index and "sh" not in index


# ----------------------------------------------------------------------- the game

PLAYERS = ("blue", "red", "green")


def replay(*history: Any, board: Board = RULEBOOK) -> engine.Replayed[Setup, Any, Any]:
    setup = free_setup(PLAYERS, board)
    return engine.replay(GAME, engine.Log(setup, tuple(history)))


def recorded(board: Board, word: str, player: str, **more: Any) -> ClaimWord:
    action = claim_action(judge_claim(board, word, player, WORDS, **more))
    assert action is not None
    return action


def test_game_replays_its_history_and_undo_keeps_it() -> None:
    quash = recorded(RULEBOOK, "quash", "red")
    game = replay(quash)
    assert dict(game.state.totals) == {"blue": 20, "red": 32, "green": 0}
    assert game.state.board.claimed == ("quash",)
    assert game.state.board.card_at(Cell.from_name("B3")) is None
    place = PlaceCard(Card.parse("t-1"), Cell.from_name("B5"), "green")
    move = MoveBlock("blue", None, Cell.from_name("B4"))
    game = replay(quash, place, move)
    assert game.state.board.owner_at(Cell.from_name("B4")) == "blue"
    assert game.last == move
    undone = replay(quash, place, move, Undo())
    assert undone.state.board.owner_at(Cell.from_name("B4")) is None
    assert undone.version == 4  # nothing is deleted
    assert undone.state == replay(quash, place).state
    text = engine.text(GAME, undone.log)
    again = engine.parse(GAME, parse_document(text, "g.yaml"))
    assert again == undone.log


def test_game_leaders_and_ties() -> None:
    assert replay().state.leaders() == ["blue", "red", "green"]
    sash = recorded(RULEBOOK, "sash", "blue", challenged_by="green")
    game = replay(sash)
    assert dict(game.state.totals) == {"blue": 12, "red": 16, "green": -5}
    assert game.state.leaders() == ["red"]
    with pytest.raises(InputError, match="'green' has blocks on the board but is not a player"):
        free_setup(["blue", "red"], RULEBOOK)


def test_a_refused_claim_records_only_a_lost_challenge() -> None:
    assert claim_action(judge_claim(RULEBOOK, "shash", "blue", WORDS)) is None
    lost = claim_action(judge_claim(RULEBOOK, "shash", "blue", WORDS, challenged_by="red"))
    assert lost is not None and not lost.valid and lost.points == (("blue", -5),)
    assert dict(replay(lost).state.totals) == {"blue": -5, "red": 0, "green": 0}


def test_game_refuses_a_history_that_does_not_replay() -> None:
    quash = recorded(RULEBOOK, "quash", "red")
    edited = ClaimWord("red", "quash", quash.path, None, True, None, (("red", 99),))
    with pytest.raises(InputError, match=r"history\[0\]: impossible action \(points-differ"):
        replay(edited)
    with pytest.raises(InputError, match=r"history\[0\]: undo with nothing to undo"):
        replay(Undo())
    with pytest.raises(InputError, match=r"history\[1\]: impossible action \(already-claimed"):
        replay(quash, quash)
    far = PlaceCard(Card.parse("t-1"), Cell.from_name("Z9"))
    with pytest.raises(InputError, match=r"history\[0\]: impossible action \(outside-area"):
        replay(far)
    stranger = MoveBlock("pink", None, Cell.from_name("B4"))
    with pytest.raises(InputError, match="unknown-player: 'pink' is not a player of this game"):
        replay(stranger)


def test_normalise_word() -> None:
    assert normalise_word(" QuAsh ") == "quash"
    for bad in ("x-ray", "two words", "", "qu4sh", "é"):
        with pytest.raises(InputError, match="letters a-z only"):
            normalise_word(bad)


def test_score_walk_counts_repeated_cards_once() -> None:
    walk = score_walk(RULEBOOK, "sash", cells("B3 B4 B3 C3"))
    assert walk.cards_used == 3
    assert walk.award("blue") is not None
    assert [a.cards for a in walk.awards] == [0, 4]
