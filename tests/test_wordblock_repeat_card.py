"""A walk may stay on the same card: the rulebook's quaff, on the command line.

The rulebook's game play example: "Adding "f" would allow "quaff" for 5*3+8
points": three cards (q, a and one f), the double f read off one card
("Repeating a card is ok"). The card's points still count once ("Repeating a
card in the word does not give additional card points").
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Runner

WORDS = "examples/wordblock/words.txt"


def board(tmp_path: Path, blocks: str = "{red: [A1]}") -> str:
    path = tmp_path / "quaff.yaml"
    path.write_text(f'cards: ["q-8 a-1 f-4"]\nblocks: {blocks}\n', encoding="utf-8")
    return str(path)


def test_quaff_with_one_f_card_is_23_to_red(referee: Runner, tmp_path: Path) -> None:
    code, out, err = referee(
        "score-claim", "quaff", "--board", board(tmp_path), "--player", "red",
        "--dictionary", WORDS, "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["valid"] is True
    assert data["path"] == ["A1", "B1", "C1", "C1"]
    assert (data["letters"], data["cards_used"]) == (5, 3)
    assert data["points"] == {"red": 5 * 3 + 8}
    assert data["breakdown"] == {"red": {"word": 15, "cards": 8, "challenge": 0}}


def test_the_f_card_read_twice_gives_its_points_once(referee: Runner, tmp_path: Path) -> None:
    code, out, _ = referee(
        "score-claim", "quaff", "--board", board(tmp_path, "{red: [A1], blue: [C1]}"),
        "--player", "red", "--dictionary", WORDS, "--json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["points"] == {"red": 15 + 8, "blue": 15 + 4}


def test_a_given_walk_may_stay_on_a_card(referee: Runner, tmp_path: Path) -> None:
    code, out, _ = referee(
        "score-claim", "quaff", "--board", board(tmp_path), "--player", "red",
        "--dictionary", WORDS, "--path", "A1,B1,C1,C1",
    )  # fmt: skip
    assert code == 0
    assert "QUAFF scores for red: 5 letters x 3 cards = 15 word points." in out
    assert "[3,4]" in out  # the f card shows both steps


def test_the_diagrams_refusals_still_hold(referee: Runner) -> None:
    """Staying on a card adds no adjacency: saw (a not next to w), shows (w not
    next to s), shoe (a gap between o and e) and rash (no Square block on r)."""
    expected = {"saw": "no-path", "shows": "no-path", "shoe": "no-path", "rash": "no-block"}
    for word, reason in expected.items():
        code, out, _ = referee(
            "score-claim", word, "--board", "examples/wordblock/rulebook.yaml",
            "--player", "blue", "--dictionary", WORDS, "--json",
        )  # fmt: skip
        assert (code, json.loads(out)["reason"]) == (1, reason), word
