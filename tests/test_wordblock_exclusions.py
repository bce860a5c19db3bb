"""Word Block exclusions from data: SCOWL's categories, and the house corrections.

The rulebook (Challenge): "Exclude abbreviations, acronyms, capitalized or
usually capitalized words, and words with hyphens or other punctuation." A word
is excluded when SCOWL lists it among abbreviations, upper-case words or proper
names and never among its plain lowercase words up to size 80; whichever
dictionary judges the word (enchant, SCOWL or a word-list file). The house list
``src/referee/data/scowl-corrections.txt`` corrects what SCOWL gets wrong, with
a test per entry below. Everything reads the real SCOWL files.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import Runner
from referee.core import scowl
from referee.core.files import package_data
from referee.core.schema import Value
from referee.wordblock.exclusions import exclusions
from referee.wordblock.formats import read_board
from referee.wordblock.rules import judge_claim

REAL = scowl.DEFAULT_DIR


@pytest.fixture(autouse=True)
def shared_cache(scowl_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """One SCOWL cache for these tests (the cache itself is tested in
    test_core_scowl.py, each test with a fresh one)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(scowl_cache))
    monkeypatch.delenv(scowl.ENV_DIR, raising=False)
    yield


WATCHED = frozenset(
    [
        "asap",
        "inst",
        "etc",
        "adj",
        "avg",
        "sap",
        "tin",
        "koi",
        "abbrev",
        "abbrevs",
        "emf",
        "emfs",
        "nee",
        "née",
        "psi",
        "phi",
        "chi",
        "rho",
        "tau",
        "eta",
        "nu",
        "xi",
        "mu",
        "pi",
        "sec",
        "secs",
        "monday",
        "april",
        "fbi",
        "nasa",
        "usa",
        "aol",
        "dds",
    ]
)


@functools.cache
def scowl_lists() -> dict[str, frozenset[str]]:
    """Where SCOWL lists each watched word: its file names, by the exact entry."""
    found: dict[str, set[str]] = {}
    for name in os.listdir(REAL):
        for entry in Path(REAL, name).read_text(encoding="utf-8").split():
            if entry.lower() in WATCHED:
                found.setdefault(entry, set()).add(name)
    return {k: frozenset(v) for k, v in found.items()}


def files_of(entry: str) -> frozenset[str]:
    """The files that list ``entry`` exactly as written."""
    return scowl_lists().get(entry, frozenset())


def files_any_case(word: str) -> frozenset[str]:
    return frozenset(n for e, names in scowl_lists().items() if e.lower() == word for n in names)


def plain(entry: str) -> bool:
    """Among SCOWL's plain words, as written, up to size 80."""
    return any(
        "-words." in n and int(n.rsplit(".", 1)[1]) <= scowl.PLAIN_MAX_SIZE for n in files_of(entry)
    )


def board(tmp_path: Path, rows: list[str], blocks: str) -> str:
    path = tmp_path / "board.yaml"
    cards = "".join(f'  - "{r}"\n' for r in rows)
    path.write_text(f"cards:\n{cards}blocks: {blocks}\n", encoding="utf-8")
    return str(path)


def claim(referee: Runner, word: str, board_file: str, player: str, *more: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code, out, err = referee(
        "score-claim", word, "--board", board_file, "--player", player, *more, "--json"
    )
    assert err == "", err
    return code, json.loads(out)


ASAP = ["a-1  s-1", "a-1  p-4"]  # the issue's board: blue on A1
INST = ["i-1  n-1", "s-1  t-1"]


# ------------------------------------------------------------ the issue's claims


def test_asap_is_refused_as_an_abbreviation(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1]}")
    code, data = claim(referee, "asap", path, "blue")
    assert (code, data["reason"], data["excluded_as"]) == (1, "excluded", "abbreviation")
    assert data["dictionary"] == {"name": "en_US", "provider": "aspell"}
    assert data["explanation"] == (
        "the rules exclude abbreviations, acronyms and capitalized words: "
        "it is an abbreviation or acronym"
    )
    code, data = claim(referee, "asap", path, "blue", "--no-exclusions")
    assert (code, data["points"], data["excluded_as"]) == (0, {"blue": 4 * 4 + 1}, None)


def test_inst_is_refused_as_an_abbreviation(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, INST, "{blue: [A1]}")
    code, data = claim(referee, "inst", path, "blue")
    assert (code, data["reason"], data["excluded_as"]) == (1, "excluded", "abbreviation")
    code, data = claim(referee, "inst", path, "blue", "--no-exclusions")
    assert (code, data["points"]) == (0, {"blue": 17})


@pytest.mark.parametrize(
    ("word", "rows", "blocks", "points"),
    [("sap", ASAP, "{blue: [B1]}", 3 * 3 + 1), ("tin", INST, "{blue: [B2]}", 3 * 3 + 1)],
    ids=["sap", "tin"],
)
def test_sap_and_tin_score_as_before(
    referee: Runner, tmp_path: Path, word: str, rows: list[str], blocks: str, points: int
) -> None:
    """The same cards, the block on the word's first letter: the points do not
    depend on the exclusions."""
    path = board(tmp_path, rows, blocks)
    code, data = claim(referee, word, path, "blue")
    assert (code, data["valid"], data["points"]) == (0, True, {"blue": points})
    assert claim(referee, word, path, "blue", "--no-exclusions")[1]["points"] == data["points"]


def test_text_output_says_why(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1]}")
    code, out, _ = referee("score-claim", "asap", "--board", path, "--player", "blue")
    assert code == 1
    assert (
        "ASAP is refused: excluded: the rules exclude abbreviations, acronyms and capitalized "
        "words: it is an abbreviation or acronym." in out.splitlines()
    )


@pytest.mark.parametrize("word", ["asap", "inst", "etc", "adj", "avg"])
def test_the_issues_abbreviations_are_only_abbreviations_in_scowl(word: str) -> None:
    assert any("-abbreviations." in n for e in (word, word.upper()) for n in files_of(e))
    assert not plain(word)
    assert exclusions().get(word) == "abbreviation"


@pytest.mark.parametrize("word", ["sap", "tin", "koi"])
def test_plain_words_are_not_excluded(word: str) -> None:
    assert plain(word)
    assert exclusions().get(word) is None and word not in exclusions()


def test_koi_at_size_80(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ["k-4  o-1  i-1"], "{red: [A1]}")
    code, data = claim(referee, "koi", path, "red", "--dictionary", "scowl:80")
    assert (code, data["points"]) == (0, {"red": 3 * 3 + 4})
    assert data["dictionary"] == {"name": "american:80", "provider": "scowl"}
    for smaller in ("scowl:70", "en_US"):
        code, data = claim(referee, "koi", path, "red", "--dictionary", smaller)
        assert (code, data["reason"]) == (1, "not-in-dictionary"), smaller


# ----------------------------------------------- kinds, and every dictionary


def test_size_95_is_no_witness() -> None:
    """english-words.95 lists monday, april, fbi, nasa and usa in lowercase; SCOWL's
    README: "Many of the words at the 95 level will probably not be considered
    valid English words by most people". They stay excluded."""
    for word, kind in [
        ("monday", "capitalized"),
        ("april", "capitalized"),
        ("fbi", "abbreviation"),
        ("nasa", "abbreviation"),
        ("usa", "abbreviation"),
    ]:
        assert "english-words.95" in files_of(word) and not plain(word), word
        assert exclusions().get(word) == kind, word


@pytest.mark.parametrize(
    ("word", "rows", "kind"),
    [
        ("monday", ["m-4  o-1  n-1", "y-4  a-1  d-4"], "capitalized"),
        ("aol", ["a-1  o-1  l-1"], "proper-name"),
        ("moan", ["m-4  o-1", "n-1  a-1"], None),
    ],
    ids=["capitalized", "proper-name", "plain"],
)
def test_a_word_list_file_is_checked_too(
    referee: Runner, tmp_path: Path, word: str, rows: list[str], kind: str | None
) -> None:
    """A lowercased list (as Debian's wamerican-large becomes) holds names and
    capitalized words; the exclusions refuse them."""
    words = tmp_path / "words.txt"
    words.write_text("monday\naol\nmoan\n", encoding="utf-8")
    path = board(tmp_path, rows, "{red: [A1]}")
    code, data = claim(referee, word, path, "red", "--dictionary", str(words))
    assert (code, data["excluded_as"]) == (0 if kind is None else 1, kind)
    assert data["reason"] == (None if kind is None else "excluded")


def test_a_scowl_dictionary_is_checked_too(referee: Runner, tmp_path: Path) -> None:
    """emfs is a plain word of SCOWL 60; the house list excludes it (see below)."""
    path = board(tmp_path, ["e-1  m-4", "f-4  s-1"], "{red: [A1]}")
    code, data = claim(referee, "emfs", path, "red", "--dictionary", "scowl")
    assert (code, data["reason"], data["excluded_as"]) == (1, "excluded", "abbreviation")
    code, data = claim(referee, "emfs", path, "red", "--dictionary", "scowl", "--no-exclusions")
    assert code == 0


def test_house_words_override_the_exclusions(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1]}")
    allow = tmp_path / "house.txt"
    allow.write_text("asap\n", encoding="utf-8")
    code, data = claim(referee, "asap", path, "blue", "--allow", str(allow))
    assert (code, data["points"]) == (0, {"blue": 17})


def test_a_challenge_on_an_excluded_word_costs_the_claimer(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1], red: []}")
    code, data = claim(referee, "asap", path, "blue", "--challenged-by", "red")
    assert (code, data["points"], data["excluded_as"]) == (1, {"blue": -5}, "abbreviation")


def test_hint_skips_excluded_words(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1]}")
    words = tmp_path / "words.txt"
    words.write_text("asap\nasps\n", encoding="utf-8")
    base = ("wordblock", "hint", "--board", path, "--player", "blue", "--dictionary", str(words))
    code, out, _ = referee(*base, "--json")
    assert code == 0 and [h["word"] for h in json.loads(out)["hints"]] == ["asps"]
    code, out, _ = referee(*base, "--json", "--no-exclusions")
    assert code == 0 and [h["word"] for h in json.loads(out)["hints"]] == ["asap", "asps"]


def test_batch_claims_use_the_exclusions(referee: Runner, tmp_path: Path) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1]}")
    lines = "".join(
        json.dumps(line) + "\n"
        for line in ({"word": "asap"}, {"word": "asap", "no_exclusions": True})
    )
    code, out, _ = referee(
        "score-claim", "--batch", "--board", path, "--player", "blue", input=lines
    )
    first, second = (json.loads(o) for o in out.splitlines())
    assert (code, first["excluded_as"], second["points"]) == (0, "abbreviation", {"blue": 17})


def test_without_scowl_the_exclusions_say_so_and_no_exclusions_still_works(
    referee: Runner, tmp_path: Path
) -> None:
    path = board(tmp_path, ASAP, "{blue: [A1]}")
    env = {scowl.ENV_DIR: str(tmp_path)}
    code, out, err = referee(
        "score-claim", "sap", "--board", path, "--player", "blue", env=env
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert err.startswith(
        "Error: --no-exclusions: turn the exclusions off, or install SCOWL: the Word Block "
        "exclusions (abbreviations, capitalized words) come from SCOWL: "
    )
    assert "SCOWL word lists not found" in err
    assert len(err.splitlines()) == 1
    code, out, err = referee(
        "score-claim", "asap", "--board", path, "--player", "blue", "--no-exclusions", env=env
    )
    assert (code, err) == (0, "")


# ------------------------------------------------- ordinary words stay claimable


# Words aspell en_US accepts that are also abbreviations somewhere, but are
# ordinary words first (the old hand list's reviewed counter-examples).
ORDINARY = [
    "fig",
    "gal",
    "lab",
    "memo",
    "info",
    "exec",
    "sing",
    "wed",
    "rev",
    "sec",
    "she",
    "quash",
    "sash",
    "lit",
    "long",
    "part",
    "pass",
    "sun",
    "sat",
    "mar",
    "hmm",
    "brr",
    "bill",
    "may",
]


@pytest.mark.parametrize("word", ORDINARY)
def test_ordinary_words_are_not_excluded(word: str) -> None:
    assert exclusions().get(word) is None


def test_the_diagrams_words_are_not_excluded() -> None:
    words = [
        "she",
        "sheer",
        "share",
        "sharer",
        "sharers",
        "sash",
        "show",
        "shoo",
        "quash",
        "qat",
        "spars",
        "quaff",
        "quart",
    ]
    assert [w for w in words if w in exclusions()] == []


# ------------------------------------------------------------ the house list


HOUSE = [
    line.split("#", 1)[0].split()
    for line in package_data(scowl.HOUSE_FILE).splitlines()
    if line.split("#", 1)[0].strip()
]


def test_the_house_list_is_small_sorted_and_explained() -> None:
    assert len(HOUSE) <= 10
    assert [w for w, _ in HOUSE] == sorted({w for w, _ in HOUSE})
    assert {k for _, k in HOUSE} <= {"word", "abbreviation"}
    lines = [ln for ln in package_data(scowl.HOUSE_FILE).splitlines() if ln[:1].isalpha()]
    assert all("# " in ln and len(ln.split("# ", 1)[1]) > 20 for ln in lines)
    assert scowl.house_corrections() == {w: None if k == "word" else k for w, k in HOUSE}


def scowl_only(word: str) -> str | None:
    """What SCOWL's data alone says (the house list left out)."""
    data = exclusions()
    return data._scowl(word)  # type: ignore[attr-defined, no-any-return]


# One test per entry: the SCOWL fact that makes the entry necessary (if SCOWL is
# fixed the test fails, and the entry goes), then the verdict.


def test_house_abbrevs() -> None:
    assert "english-abbreviations.60" in files_of("abbrev") and not plain("abbrev")
    assert files_of("abbrevs") == {"special-hacker.50"}  # in no category SCOWL excludes
    assert scowl_only("abbrevs") is None
    assert exclusions().get("abbrevs") == "abbreviation"


def test_house_emfs() -> None:
    assert files_any_case("emf") == {"english-abbreviations.60", "english-abbreviations.95"}
    assert "english-words.60" in files_of("emfs") and plain("emfs")
    assert scowl_only("emfs") is None
    assert exclusions().get("emfs") == "abbreviation"


def test_house_nee() -> None:
    assert "english-words.35" in files_of("née")
    assert files_of("nee") == set() and files_of("Nee") == {"english-proper-names.95"}
    assert scowl_only("nee") == "proper-name"
    assert exclusions().get("nee") is None


def test_house_psi() -> None:
    for letter in ["phi", "chi", "rho", "tau", "eta", "nu", "xi", "mu", "pi"]:
        assert plain(letter), letter
    assert not plain("psi") and "english-abbreviations.60" in files_of("psi")
    assert scowl_only("psi") == "abbreviation"
    assert exclusions().get("psi") is None


def test_house_sec() -> None:
    assert "english-words.40" in files_of("secs") and not plain("sec")
    assert "english-abbreviations.20" in files_of("sec")
    assert scowl_only("sec") == "abbreviation"
    assert exclusions().get("sec") is None


def test_every_house_entry_has_its_test() -> None:
    tested = {
        name.removeprefix("test_house_") for name in globals() if name.startswith("test_house_")
    }
    assert {w for w, _ in HOUSE} <= tested


def test_house_words_are_claimable_with_aspell(tmp_path: Path) -> None:
    """sec on a board, judged in-process with the real aspell and SCOWL data."""
    from referee.core.dictionary import open_dictionary

    b = read_board(Value({"cards": ["s-1 e-1 c-4"], "blocks": {"red": ["A1"]}}))
    verdict = judge_claim(b, "sec", "red", open_dictionary("en_US"), exclusions=exclusions())
    assert verdict.valid and verdict.excluded_as is None
    b = read_board(Value({"cards": ["a-1 d-4 j-8"], "blocks": {"red": ["A1"]}}))
    verdict = judge_claim(b, "adj", "red", open_dictionary("en_US"), exclusions=exclusions())
    assert (verdict.reason, verdict.excluded_as) == ("excluded", "abbreviation")
