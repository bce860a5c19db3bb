"""``wordblock hint`` works out of the box: SCOWL's size-60 list is its default.

Real SCOWL files (scripts/setup installs Debian's ``scowl``); each test has its
own cache folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import Runner
from referee.core import scowl

BOARD = "examples/wordblock/rulebook.yaml"
HINT = ("wordblock", "hint", "--board", BOARD)


@pytest.fixture(autouse=True)
def shared_cache(scowl_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(scowl_cache))
    monkeypatch.delenv(scowl.ENV_DIR, raising=False)


def test_hint_without_a_dictionary_uses_scowl_60(referee: Runner) -> None:
    code, out, err = referee(*HINT, "--player", "blue", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["dictionary"] == {
        "name": "american:60",
        "provider": "scowl",
        "words": len(scowl.word_list(scowl.Spec()).words()),
    }
    words = [h["word"] for h in data["hints"]]
    # The diagram's words for Blue that SCOWL 60 has, scored as score-claim does.
    for word in ("shoo", "show", "sash", "she"):
        assert word in words, word
    assert data["hints"][words.index("shoo")]["points"] == {"blue": 16, "red": 20}


def test_hint_text_without_a_dictionary(referee: Runner) -> None:
    code, out, _ = referee(*HINT, "--player", "red", "--top", "3")
    assert code == 0
    assert out.splitlines() == [
        "word   net  points           walk",
        "QUA    +14  red 14           A4 B4",
        "HOW    +13  red 13           C3 B2 A1",
        "QUASH  +12  blue 20, red 32  A4 B4 B3 C3",
        "3 best claims for red.",
    ]


def test_every_hint_is_a_claim_score_claim_accepts(referee: Runner) -> None:
    code, out, _ = referee(*HINT, "--player", "red", "--json", "--top", "6")
    assert code == 0
    for h in json.loads(out)["hints"]:
        code, claimed, _ = referee(
            "score-claim", h["word"], "--board", BOARD, "--player", "red",
            "--dictionary", "scowl", "--json",
        )  # fmt: skip
        data = json.loads(claimed)
        assert (code, data["path"], data["points"]) == (0, h["path"], h["points"]), h["word"]


def test_hint_with_a_larger_scowl_list_and_with_a_file(referee: Runner) -> None:
    code, out, _ = referee(*HINT, "--player", "red", "--dictionary", "scowl:80", "--json")
    assert code == 0
    assert json.loads(out)["dictionary"]["name"] == "american:80"
    code, out, _ = referee(
        *HINT, "--player", "red", "--dictionary", "examples/wordblock/words.txt", "--json"
    )
    assert code == 0
    assert json.loads(out)["dictionary"]["provider"] == "word-list"
    assert [h["word"] for h in json.loads(out)["hints"]][:2] == ["how", "quash"]


def test_hint_house_words_join_the_scowl_list(referee: Runner, tmp_path: Path) -> None:
    allow = tmp_path / "house.txt"
    allow.write_text("shhs\n", encoding="utf-8")  # not a SCOWL word
    code, out, _ = referee(
        *HINT, "--player", "blue", "--allow", str(allow), "--json", "--top", "50"
    )
    assert code == 0
    assert "shhs" in [h["word"] for h in json.loads(out)["hints"]]


def test_hint_without_scowl_is_exit_2(referee: Runner, tmp_path: Path) -> None:
    code, out, err = referee(*HINT, "--player", "blue", env={scowl.ENV_DIR: str(tmp_path)})
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert err.startswith("Error: --dictionary: scowl: SCOWL word lists not found: ")
