"""Unicode at the edges: words are ASCII letters a-z *before* case folding, and
player names are NFC-normalised, one player however they were typed."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import SAMPLE, Runner, assert_one_error_line
from referee.core.dictionary import parse_word_list
from referee.core.text import ascii_word, first_duplicate, name, name_key

KELVIN = "\u212a"  # KELVIN SIGN: its lower case is k
LONG_S = "\u017f"  # LATIN SMALL LETTER LONG S: its upper case is S
NFC = "Ren\u00e9"
NFD = "Rene\u0301"


def test_the_two_spellings_differ_and_fold_alike() -> None:
    """The premise of every test below."""
    assert KELVIN.lower() == "k" and NFC != NFD
    assert unicodedata.normalize("NFC", NFD) == NFC


@pytest.mark.parametrize("word", [f"{KELVIN}oi", f"sea{LONG_S}", "caf\u00e9", "s\u0435as"])
def test_ascii_word_refuses_letters_that_fold_to_ascii(word: str) -> None:
    assert ascii_word(word) is None


def test_ascii_word_folds_ascii() -> None:
    assert ascii_word(" SeAs ") == "seas"


def test_names() -> None:
    assert name(NFD) == NFC
    assert name_key("ANN") == name_key("ann") and name_key(NFD) == name_key(NFC.upper())
    assert first_duplicate(["Ann", "Bob", "ann"]) == "ann"
    assert first_duplicate([NFC, NFD]) == NFD
    assert first_duplicate(["Ann", "Bob"]) is None


def test_word_lists_keep_ascii_words_only() -> None:
    assert parse_word_list([f"{KELVIN}oi", "Koi", "caf\u00e9", "# c", ""]) == {"koi"}


# ---------------------------------------------------------------- words on the CLI


@pytest.mark.parametrize("word", [f"{KELVIN}OTS", f"sea{LONG_S}"])
def test_check_word_refuses_a_letter_no_board_shows(referee: Runner, word: str) -> None:
    assert_one_error_line(
        *referee("check-word", word, "--layout", SAMPLE, "--at", "D1"), "letters a-z only"
    )


def test_check_word_still_folds_ascii_case(referee: Runner) -> None:
    code, out, _ = referee("check-word", "SEAS", "--layout", SAMPLE, "--at", "D1", "--json")
    assert code == 0 and json.loads(out)["word"] == "seas"


def test_score_claim_refuses_kelvin(referee: Runner) -> None:
    assert_one_error_line(
        *referee(
            "score-claim",
            f"qua{LONG_S}h",
            "--board",
            "examples/wordblock/rulebook.yaml",
            "--player",
            "red",
        ),
        "letters a-z only",
    )


def test_a_layout_row_with_a_kelvin_sign_is_refused(referee: Runner, tmp_path: Path) -> None:
    rows = Path(SAMPLE).read_text(encoding="utf-8").replace("komieguud", f"{KELVIN}omieguud")
    assert KELVIN in rows
    layout = tmp_path / "kelvin.yaml"
    layout.write_text(rows, encoding="utf-8")
    assert_one_error_line(
        *referee("check-word", "seas", "--layout", str(layout), "--at", "D1"), str(layout)
    )


def test_a_wordblock_player_named_with_a_kelvin_sign_is_no_player_here(referee: Runner) -> None:
    """Word Block names are any text, compared NFC and case-folded: the Kelvin
    sign folds to k, and no player of the board is named ken."""
    assert_one_error_line(
        *referee(
            "score-claim",
            "quash",
            "--board",
            "examples/wordblock/rulebook.yaml",
            "--player",
            f"{KELVIN}en",
        ),
        "is not a player here (players: blue, red, green",
    )


# ---------------------------------------------------------------- Out of Sight names


@pytest.mark.parametrize(
    ("players", "shown"),
    [("Ann,ann", "'ann' is named twice (as 'Ann')"), (f"{NFC},{NFD}", f"'{NFC}' is named twice")],
    ids=["case", "nfc-nfd"],
)
def test_outofsight_refuses_one_player_named_twice(
    referee: Runner, tmp_path: Path, players: str, shown: str
) -> None:
    game = tmp_path / "g.yaml"
    outcome = referee("outofsight", "game", "new", "--players", players, "-o", str(game))
    assert_one_error_line(*outcome, "--players", shown)
    assert not game.exists()


def test_an_nfd_name_in_the_game_is_the_nfc_name_of_the_frame_file(
    referee: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "g.yaml"
    code, _, err = referee("outofsight", "game", "new", "--players", f"{NFD},Bob", "-o", str(game))
    assert code == 0, err
    assert NFD not in game.read_text(encoding="utf-8")
    frame = tmp_path / "frame1.yaml"
    frame.write_text(
        f"mode: basic\nframe: 1\nplayers:\n  {NFC}: {{blue: 3}}\n  Bob: {{red: 2}}\n",
        encoding="utf-8",
    )
    code, out, err = referee("outofsight", "game", "frame", str(game), str(frame), "--json")
    assert code == 0, err
    assert json.loads(out)["players"][NFC]["points"] == 3


def test_a_frame_file_naming_one_player_twice_is_refused(referee: Runner, tmp_path: Path) -> None:
    frame = tmp_path / "frame1.yaml"
    frame.write_text(
        f"mode: basic\nframe: 1\nplayers:\n  {NFC}: {{blue: 3}}\n  {NFD}: {{red: 2}}\n",
        encoding="utf-8",
    )
    assert_one_error_line(*referee("score-frame", str(frame)), str(frame), "players", "named twice")


# ---------------------------------------------------------------- Spot it! names


@pytest.mark.parametrize("counts", ["Ann=3,ann=2", f"{NFC}=3,{NFD}=2"], ids=["case", "nfc-nfd"])
def test_spotit_result_refuses_one_player_listed_twice(referee: Runner, counts: str) -> None:
    assert_one_error_line(
        *referee("spotit", "result", "two-chests", "--counts", counts), "listed twice"
    )


def test_spotit_placed_finds_the_player_however_spelled(referee: Runner) -> None:
    code, out, err = referee(
        "spotit",
        "result",
        "caterpillar",
        "--counts",
        f"{NFD}=0,bob=0,cy=3",
        "--placed",
        NFC.upper(),
        "--json",
    )
    assert code == 0, err
    assert NFC in out and NFD not in out


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=20))
def test_ascii_names_take_the_short_way_to_the_same_key(text: str) -> None:
    """name and name_key skip the Unicode tables for ASCII text: the same
    answers as NFC normalisation and case folding."""
    assert name(text) == unicodedata.normalize("NFC", text)
    assert name_key(text) == unicodedata.normalize(
        "NFC", unicodedata.normalize("NFC", text).casefold()
    )
