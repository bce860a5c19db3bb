"""Acceptance tests for the Word Block commands, on the real enchant dictionary.

Each test runs in-process through the ``referee`` fixture (click's CliRunner;
test_all_process.py runs the commands as real processes). The board is the
rulebook's diagram rebuilt from its text (examples/wordblock/rulebook.yaml);
the rulebook's words are all in aspell en_US except qat, which is checked
against a word list that has it (tests/data/wordblock/qat-words.txt).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import ASPELL, Runner, one_json
from wordblock_examples import CLAIMS

REPO = Path(__file__).resolve().parents[1]
BOARD = "examples/wordblock/rulebook.yaml"
WITH_T = "tests/data/wordblock/rulebook-t.yaml"
WITH_P = "tests/data/wordblock/rulebook-p.yaml"
QAT_WORDS = "tests/data/wordblock/qat-words.txt"
FULL_A = "tests/data/wordblock/full-a.yaml"
TWENTY_A = "tests/data/wordblock/twenty-a.txt"
WORDS = "examples/wordblock/words.txt"


def claim(referee: Runner, word: str, *args: str, board: str = BOARD) -> tuple[int, Any]:
    code, out, err = referee("score-claim", word, "--board", board, *args, "--json")
    assert err == ""
    return code, one_json(out)


@pytest.mark.parametrize(
    ("word", "player", "path", "awards", "discard"),
    CLAIMS.values(),
    ids=CLAIMS.keys(),
)
def test_rulebook_claims(
    referee: Runner,
    word: str,
    player: str,
    path: str,
    awards: dict[str, tuple[int, int]],
    discard: str,
) -> None:
    code, data = claim(referee, word, "--player", player)
    assert code == 0
    assert data["valid"] is True and data["reason"] is None
    assert data["word"] == word and data["letters"] == len(word)
    assert data["path"] == path.split()
    assert data["cards_used"] == len(set(path.split()))
    assert data["points"] == {p: w + c for p, (w, c) in awards.items()}
    assert data["breakdown"] == {
        p: {"word": w, "cards": c, "challenge": 0} for p, (w, c) in awards.items()
    }
    assert data["discard"] == discard.split()
    assert data["dictionary"] == ASPELL
    assert data["best_proven"] is True


def test_quash_json_matches_the_issue(referee: Runner) -> None:
    code, data = claim(referee, "quash", "--player", "red")
    assert code == 0
    assert {k: data[k] for k in ("valid", "word", "letters", "cards_used", "path")} == {
        "valid": True,
        "word": "quash",
        "letters": 5,
        "cards_used": 4,
        "path": ["A4", "B4", "B3", "C3"],
    }
    assert data["points"] == {"red": 32, "blue": 20}
    assert data["breakdown"]["red"] == {"word": 20, "cards": 12, "challenge": 0}
    assert data["discard"] == ["A4", "B3", "C3"]


RULEBOOK_REFUSALS = {
    "saw": ("saw", "blue", "no-path"),
    "shows": ("shows", "blue", "no-path"),
    "shoe": ("shoe", "blue", "no-path"),
    "rash": ("rash", "blue", "no-block"),
    "qat-before-the-t": ("qat", "red", "no-path"),
    "too-short": ("sh", "blue", "too-short"),
}


@pytest.mark.parametrize(
    ("word", "player", "reason"), RULEBOOK_REFUSALS.values(), ids=RULEBOOK_REFUSALS.keys()
)
def test_rulebook_refusals(referee: Runner, word: str, player: str, reason: str) -> None:
    code, data = claim(referee, word, "--player", player)
    assert code == 1
    assert (data["valid"], data["reason"]) == (False, reason)
    assert data["points"] == {} and data["discard"] == [] and data["path"] == []


def test_qat_with_a_word_list_that_has_it(referee: Runner) -> None:
    code, data = claim(referee, "qat", "--player", "red", "--dictionary", QAT_WORDS, board=WITH_T)
    assert code == 0
    assert data["path"] == ["A4", "B4", "B5"]
    assert data["points"] == {"red": 17}
    assert data["dictionary"] == {"name": "qat-words.txt", "provider": "word-list"}
    code, data = claim(referee, "qat", "--player", "red", board=WITH_T)
    assert (code, data["reason"]) == (1, "not-in-dictionary")
    assert data["path"] == ["A4", "B4", "B5"]  # where the letters are
    assert data["points"] == {}


def test_spars_after_the_p(referee: Runner) -> None:
    code, data = claim(referee, "spars", "--player", "blue", board=WITH_P)
    assert code == 0
    assert data["path"] == ["B3", "A3", "B4", "C4", "B3"]
    assert data["points"] == {"blue": 20}
    assert data["breakdown"] == {"blue": {"word": 20, "cards": 0, "challenge": 0}}
    assert data["discard"] == ["B3"]


def test_sheer_challenged_by_green(referee: Runner) -> None:
    code, data = claim(referee, "sheer", "--player", "blue", "--challenged-by", "green")
    assert code == 0
    # The ee read off green's e twice: 4 cards (see wordblock_examples.CLAIMS).
    assert data["points"] == {"blue": 20, "red": 24, "green": 17}
    assert data["breakdown"]["green"] == {"word": 20, "cards": 2, "challenge": -5}
    assert data["challenged_by"] == "green"


def test_lost_challenge_costs_the_claimer_5(referee: Runner) -> None:
    # "shash" walks B3 C3 B4 B3 C3 but is no word.
    code, data = claim(referee, "shash", "--player", "blue", "--challenged-by", "red")
    assert code == 1
    assert data["reason"] == "not-in-dictionary"
    assert data["points"] == {"blue": -5}
    assert data["breakdown"] == {"blue": {"word": 0, "cards": 0, "challenge": -5}}
    assert data["discard"] == []


def test_given_path(referee: Runner) -> None:
    code, data = claim(referee, "she", "--player", "blue", "--path", "B3,C3,D3")
    assert code == 0
    assert data["points"] == {"blue": 9, "red": 13, "green": 11}
    code, data = claim(referee, "she", "--player", "blue", "--path", "B3,C3,C4")
    assert (code, data["reason"]) == (1, "bad-path")
    assert "spells 'shr', not 'she'" in data["explanation"]


def test_already_claimed(referee: Runner, tmp_path: Path) -> None:
    board = yaml.safe_load((REPO / BOARD).read_text())
    board["claimed"] = ["spars", "she"]
    path = tmp_path / "claimed.yaml"
    path.write_text(yaml.safe_dump(board))
    code, data = claim(
        referee, "SHE", "--player", "blue", "--challenged-by", "red", board=str(path)
    )
    assert (code, data["reason"], data["points"]) == (1, "already-claimed", {})


@pytest.fixture
def etc_board(tmp_path: Path) -> str:
    path = tmp_path / "etc.yaml"
    path.write_text('cards:\n  - "e-1  t-1  c-4"\nblocks:\n  red: [A1]\n  blue: []\n')
    return str(path)


def test_abbreviations_are_excluded_by_default(referee: Runner, etc_board: str) -> None:
    code, data = claim(referee, "etc", "--player", "red", board=etc_board)
    assert (code, data["reason"], data["exclusions"]) == (1, "excluded", True)
    code, data = claim(referee, "etc", "--player", "red", "--no-exclusions", board=etc_board)
    assert (code, data["points"], data["exclusions"]) == (0, {"red": 10}, False)


def test_house_words_override_the_exclusions(
    referee: Runner, etc_board: str, tmp_path: Path
) -> None:
    allow = tmp_path / "house.txt"
    allow.write_text("etc\n")
    code, data = claim(referee, "etc", "--player", "red", "--allow", str(allow), board=etc_board)
    assert (code, data["valid"]) == (0, True)


def test_full_board_of_a_answers(referee: Runner) -> None:
    """The pathological case: 10x10 of a's, 20 a's under --allow, exact answer."""
    code, data = claim(referee, "a" * 20, "--player", "blue", "--allow", TWENTY_A, board=FULL_A)
    assert code == 0
    assert data["best_proven"] is True
    assert data["cards_used"] == 20
    assert data["points"] == {"blue": 401}
    assert data["path"][0] == "E5" and len(data["path"]) == 20
    assert not {"D4", "F6", "A1"} & set(data["path"])


QUASH_TEXT = """\
   A          B          C          D          E
1  w-1        .          .          .          .
2  o-1        o-1        .          e-1        .
3  .          s-0 b [3]  h-4 r [4]  e-2 g      .
4  q-8 r [1]  a-1 [2]    r-1        .          .
5  .          .          .          .          .
Blocks: b = blue, r = red, g = green.

QUASH scores for red: 5 letters x 4 cards = 20 word points.
  blue  +20  = 20 word + 0 card points (B3)
  red   +32  = 20 word + 12 card points (A4 C3)
Discard A4, B3, C3; their blocks return to reserve.
"""


def test_human_output_draws_the_walk(referee: Runner) -> None:
    code, out, err = referee("score-claim", "quash", "--board", BOARD, "--player", "red")
    assert (code, err) == (0, "")
    assert out == QUASH_TEXT


def test_human_output_of_a_refusal(referee: Runner) -> None:
    code, out, err = referee("score-claim", "rash", "--board", BOARD, "--player", "blue")
    assert (code, err) == (1, "")
    assert out.endswith(
        "\nRASH is refused: no-block: the claimer has no block on a card the word can start from.\n"
    )
    assert "[" not in out


# ------------------------------------------------------------------ place and move


@pytest.mark.parametrize(
    ("card", "at", "code", "reason", "discard"),
    [
        ("t-1", "B5", 0, None, None),
        ("t-1", "C2", 0, None, None),
        ("t-1", "F1", 1, "outside-area", None),
        ("t-1", "C4", 1, "room-left", None),
        ("t-1", "B3", 1, "has-block", None),
    ],
    ids=["next-to-a", "gap", "outside", "room-left", "blocked"],
)
def test_place(
    referee: Runner, card: str, at: str, code: int, reason: str | None, discard: str | None
) -> None:
    got, out, err = referee("wordblock", "place", card, "--board", BOARD, "--at", at, "--json")
    assert (got, err) == (code, "")
    data = one_json(out)
    assert (data["valid"], data["reason"], data["discard"]) == (code == 0, reason, discard)
    assert data["output"] is None


def test_place_replaces_when_full_and_writes(referee: Runner, tmp_path: Path) -> None:
    path = tmp_path / "full.yaml"
    path.write_text('cards:\n  - "a-1  b-2"\nblocks:\n  red: [A1]\n')
    code, out, err = referee("wordblock", "place", "c-3", "--board", str(path), "--at", "B1")
    assert (code, err) == (0, "")
    assert out == "c-3 may replace b-2 on B1 (discard b-2).\n"
    assert "b-2" in path.read_text()  # no --write, no change
    code, out, _ = referee(
        "wordblock", "place", "c-3", "--board", str(path), "--at", "B1", "--write"
    )
    assert code == 0 and out.endswith(f"Updated {path}.\n")
    assert yaml.safe_load(path.read_text())["cards"] == ["a-1  c-3"]


def test_move_block(referee: Runner, tmp_path: Path) -> None:
    code, out, _ = referee(
        "wordblock", "move-block", "--board", BOARD, "--player", "blue", "--to", "B4"
    )
    assert (code, out) == (0, "blue may move a block from reserve to B4.\n")
    code, out, _ = referee(
        "wordblock", "move-block", "--board", BOARD, "--player", "blue", "--from", "C3",
        "--to", "B4", "--json",
    )  # fmt: skip
    data = one_json(out)
    assert (code, data["reason"], data["from"], data["to"]) == (1, "not-your-block", "C3", "B4")
    path = tmp_path / "b.yaml"
    path.write_text((REPO / BOARD).read_text())
    code, _, _ = referee(
        "wordblock", "move-block", "--board", str(path), "--player", "red", "--from", "C3",
        "--to", "B4", "--write",
    )  # fmt: skip
    assert code == 0
    assert yaml.safe_load(path.read_text())["blocks"]["red"] == ["A4", "B4"]


def test_hint(referee: Runner) -> None:
    code, out, err = referee(
        "wordblock", "hint", "--board", BOARD, "--player", "red", "--dictionary", WORDS,
        "--top", "3", "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = one_json(out)
    assert data["count"] == 3
    assert [(h["word"], h["net"]) for h in data["hints"]] == [
        ("how", 13),
        ("quash", 12),
        ("hah", 10),
    ]
    assert data["hints"][1]["path"] == ["A4", "B4", "B3", "C3"]
    assert data["hints"][1]["points"] == {"blue": 20, "red": 32}


def test_hint_text_and_no_hint(referee: Runner, tmp_path: Path) -> None:
    code, out, _ = referee(
        "wordblock", "hint", "--board", BOARD, "--player", "green", "--dictionary", WORDS
    )
    assert (code, out) == (1, "No claim for green.\n")
    code, out, _ = referee(
        "wordblock", "hint", "--board", BOARD, "--player", "red", "--dictionary", WORDS,
        "--top", "1",
    )  # fmt: skip
    assert code == 0
    assert out == ("word  net  points  walk\nHOW   +13  red 13  C3 B2 A1\n1 best claim for red.\n")


# ----------------------------------------------------------------------- the game


def test_game_flow(referee: Runner, tmp_path: Path) -> None:
    game = str(tmp_path / "game.yaml")
    code, out, err = referee(
        "wordblock",
        "game",
        "new",
        "--free",
        "--players",
        "blue,red,green",
        "--board",
        BOARD,
        "-o",
        game,
    )
    assert (code, err) == (0, "")
    assert out == f"New Word Block game for blue, red, green in {game}.\n"
    code, out, _ = referee("wordblock", "game", "claim", game, "quash", "--player", "red")
    assert code == 0
    assert out.endswith("Totals: blue 20, red 32, green 0.\n")
    # a repeat is refused and nothing is recorded
    code, out, _ = referee("wordblock", "game", "claim", game, "quash", "--player", "red")
    assert code == 1 and out.endswith("Nothing recorded.\n")
    code, _, _ = referee(
        "wordblock", "game", "place", game, "t-1", "--at", "B5", "--player", "green"
    )
    assert code == 0
    code, _, _ = referee("wordblock", "game", "move-block", game, "--player", "blue", "--to", "B4")
    assert code == 0
    # a claim refused on the board costs nobody anything, even when challenged
    code, out, _ = referee(
        "wordblock", "game", "claim", game, "aewo", "--player", "green", "--challenged-by", "red",
        "--json",
    )  # fmt: skip
    data = one_json(out)
    assert (code, data["reason"], data["recorded"]) == (1, "no-block", False)
    code, out, _ = referee("wordblock", "game", "show", game, "--json")
    shown = one_json(out)
    assert shown["totals"] == {"blue": 20, "red": 32, "green": 0}
    assert (shown["leaders"], shown["tie"], shown["claimed"]) == (["red"], False, ["quash"])
    assert shown["actions"] == 3
    code, out, _ = referee("wordblock", "game", "undo", game)
    assert (code, out) == (
        0,
        "Undone: blue moves a block from reserve to B4.\nTotals: blue 20, red 32, green 0.\n",
    )
    code, out, _ = referee("wordblock", "game", "show", game)
    assert code == 0
    assert out.startswith(
        "#  entry             blue  red  green\n"
        "1  red claims QUASH    20   32      0\n"
        "   total               20   32      0\n"
        "Leader: red with 32.\n"
    )
    history = yaml.safe_load(Path(game).read_text())["history"]
    assert [h["action"] for h in history] == ["claim", "place", "move-block", "undo"]


def test_game_ties_and_empty_undo(referee: Runner, tmp_path: Path) -> None:
    game = str(tmp_path / "g.yaml")
    assert referee("wordblock", "game", "new", "--free", "--players", "ann,bob", "-o", game)[0] == 0
    code, out, _ = referee("wordblock", "game", "show", game)
    assert "Tied for the lead with 0: ann, bob (ties are not broken)." in out
    assert referee("wordblock", "game", "undo", game)[:2] == (1, "Nothing to undo.\n")
    # the first card goes anywhere in the empty 6x6 area, the next must touch it
    assert referee("wordblock", "game", "place", game, "a-1", "--at", "C3")[0] == 0
    code, out, _ = referee("wordblock", "game", "place", game, "b-1", "--at", "F6")
    assert code == 1 and "not-adjacent" in out
    # game new refuses to overwrite without --force
    code, _, err = referee("wordblock", "game", "new", "--free", "--players", "ann,bob", "-o", game)
    assert code == 2 and "already exists; use --force" in err


def test_game_challenge_penalty_is_recorded(referee: Runner, tmp_path: Path) -> None:
    game = str(tmp_path / "g.yaml")
    referee(
        "wordblock",
        "game",
        "new",
        "--free",
        "--players",
        "blue,red,green",
        "--board",
        BOARD,
        "-o",
        game,
    )
    code, out, _ = referee(
        "wordblock", "game", "claim", game, "shash", "--player", "blue", "--challenged-by", "red"
    )
    assert code == 1
    assert out.endswith("Totals: blue -5, red 0, green 0.\n")
    code, out, _ = referee("wordblock", "game", "show", game, "--json")
    assert one_json(out)["totals"] == {"blue": -5, "red": 0, "green": 0}


def test_help_lists_the_commands(referee: Runner) -> None:
    code, out, _ = referee("--help")
    assert code == 0
    assert "score-claim" in out and "wordblock" in out
    code, out, _ = referee("wordblock", "--help")
    for name in ("place", "move-block", "hint", "game"):
        assert name in out
    code, out, _ = referee("wordblock", "game", "--help")
    for name in ("new", "claim", "show", "undo"):
        assert name in out


def test_text_says_when_the_search_stopped() -> None:
    from referee.wordblock.cli import load_board
    from referee.wordblock.render import claim_text
    from referee.wordblock.rules import judge_claim

    board = load_board(str(REPO / FULL_A))
    verdict = judge_claim(board, "a" * 20, "blue", {"a" * 20}, limit=50)
    text = claim_text(verdict)
    assert text.splitlines()[-1] == (
        "Note: the walk search stopped at its step limit; this is the best walk found, "
        "another might score more for blue (use --path to score a walk of your own)."
    )
