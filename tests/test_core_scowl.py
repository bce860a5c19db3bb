"""SCOWL word lists: ``--dictionary scowl[:SPELLING][:SIZE]``, the compact cache,
``referee dictionaries``, and the bad inputs.

Everything here reads the real SCOWL files that scripts/setup installs (Debian's
``scowl`` package, /usr/share/dict/scowl). Each test that builds caches points
``XDG_CACHE_HOME`` at its own tmp folder; tests that change SCOWL files work on
copies in a tmp folder named by ``REFEREE_SCOWL_DIR``.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import Runner
from referee.blindspot.rules import is_word
from referee.core import scowl
from referee.core.dictionary import is_path_spec, open_dictionary
from referee.core.errors import DictionaryError, InputError
from referee.core.scowl import SIZES, Spec, parse_spec, word_list

REAL = scowl.DEFAULT_DIR
SAMPLE = "setups/sample.yaml"
PLAIN = re.compile(r"[a-z]+")


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of this test's own, and no lists carried over in-process."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.delenv(scowl.ENV_DIR, raising=False)
    scowl._LOADED.clear()
    yield cache / "referee" / "scowl"
    scowl._LOADED.clear()


def union(folder: str, names: list[str]) -> list[str]:
    """The test's own reading of SCOWL files: lowercase a-z lines, deduplicated."""
    words: set[str] = set()
    for name in names:
        text = Path(folder, name).read_bytes().decode("utf-8", "replace")
        words.update(w for w in text.splitlines() if PLAIN.fullmatch(w))
    return sorted(words)


def files(spelling: str, size: int) -> list[str]:
    return [f"{c}-words.{s}" for c in ("english", spelling) for s in SIZES if s <= size]


# ------------------------------------------------------------------------ names


GOOD = {
    "scowl": Spec("american", 60),
    "scowl:70": Spec("american", 70),
    "scowl:80": Spec("american", 80),
    "scowl:british": Spec("british", 60),
    "scowl:british:70": Spec("british", 70),
    "scowl:british_z:95": Spec("british_z", 95),
    "scowl:canadian:10": Spec("canadian", 10),
    "scowl:australian:35": Spec("australian", 35),
}


@pytest.mark.parametrize(("text", "spec"), GOOD.items(), ids=GOOD.keys())
def test_spec_names(text: str, spec: Spec) -> None:
    assert parse_spec(text) == spec
    assert not is_path_spec(text)


BAD = {
    "scowl:33": "'33' is not a SCOWL size (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)",
    "scowl:british:999": "'999' is not a SCOWL size",
    "scowl:nonsense": "'nonsense' is not a SCOWL spelling (american, british,",
    "scowl:70:british": "'70' is not a SCOWL spelling",
    "scowl:": "is not a SCOWL list (write scowl, scowl:SIZE,",
    "scowl:british:70:x": "is not a SCOWL list",
    "scowl::70": "is not a SCOWL list",
    "scowl:060": "'060' is not a SCOWL size",
    "scowl:british:": "is not a SCOWL list",
}


@pytest.mark.parametrize(("text", "message"), BAD.items(), ids=BAD.keys())
def test_bad_spec_names(text: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        parse_spec(text)


def is_one_error_line(code: int, out: str, err: str, *fragments: str) -> bool:
    lines = err.splitlines()
    return (
        code == 2
        and out == ""
        and len(lines) == 1
        and lines[0].startswith("Error: ")
        and "Traceback" not in err
        and all(f in lines[0] for f in fragments)
    )


COMMANDS = {
    "check-word": ("check-word", "seas", "--layout", SAMPLE, "--at", "D1"),
    "words": ("words", "--layout", SAMPLE),
    "score-claim": (
        "score-claim", "quash", "--board", "examples/wordblock/rulebook.yaml", "--player", "red",
    ),
    "hint": ("wordblock", "hint", "--board", "examples/wordblock/rulebook.yaml", "--player", "red"),
}  # fmt: skip


@pytest.mark.parametrize("text", ["scowl:33", "scowl:british:999", "scowl:nonsense", "scowl:"])
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_bad_spec_is_exit_2_one_line(referee: Runner, command: tuple[str, ...], text: str) -> None:
    code, out, err = referee(*command, "--dictionary", text)
    assert is_one_error_line(code, out, err, f"--dictionary: {text!r}"), (code, out, err)


def test_bad_spec_in_the_environment(referee: Runner) -> None:
    code, out, err = referee(*COMMANDS["check-word"], env={"REFEREE_DICTIONARY": "scowl:33"})
    assert is_one_error_line(code, out, err, "'33' is not a SCOWL size")


@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_missing_scowl_files_is_exit_2_naming_them(
    referee: Runner, command: tuple[str, ...], tmp_path: Path
) -> None:
    empty = tmp_path / "no-scowl"
    empty.mkdir()
    code, out, err = referee(*command, "--dictionary", "scowl:70", env={scowl.ENV_DIR: str(empty)})
    assert is_one_error_line(
        code,
        out,
        err,
        "--dictionary: scowl:70: SCOWL word lists not found:",
        f"{empty}/english-words.10 and 15 more missing",
        "apt-get install scowl",
    ), err


def test_one_missing_file_is_named(referee: Runner, tmp_path: Path) -> None:
    copy = tmp_path / "scowl"
    copy.mkdir()
    for name in files("american", 60):
        if name != "american-words.55":
            shutil.copy(Path(REAL, name), copy / name)
    code, out, err = referee(
        *COMMANDS["check-word"], "--dictionary", "scowl", env={scowl.ENV_DIR: str(copy)}
    )
    assert is_one_error_line(code, out, err, f"{copy}/american-words.55 missing ("), err


# ------------------------------------------------------------------ the lists


@pytest.mark.parametrize(
    ("spelling", "size"), [("american", 35), ("american", 60), ("british", 70), ("australian", 95)]
)
def test_a_list_is_the_union_of_its_files(spelling: str, size: int) -> None:
    """As SCOWL's mk-list makes it: english-words and SPELLING-words, sizes up to N."""
    words = word_list(Spec(spelling, size))
    expected = union(REAL, files(spelling, size))
    assert words.words() == expected
    assert len(words) == len(expected)


def test_the_issues_words() -> None:
    """koi, qat and taj are game words of english-words.80; sap and tin are everyday."""
    sixty, seventy, eighty = (open_dictionary(s) for s in ("scowl", "scowl:70", "scowl:80"))
    for word in ("koi", "qat", "taj"):
        assert (word in sixty, word in seventy, word in eighty) == (False, False, True), word
    for word in ("sap", "tin", "quash", "sheer", "quaff"):
        assert word in sixty, word
    for word in ("asap", "inst", "etc", "adj", "avg"):  # abbreviations are not SCOWL words
        assert word not in eighty, word


def test_spellings() -> None:
    american, british = open_dictionary("scowl:70"), open_dictionary("scowl:british:70")
    assert ("color" in american, "colour" in american) == (True, False)
    assert ("color" in british, "colour" in british) == (False, True)
    assert "realise" in open_dictionary("scowl:british") and "realize" not in british
    assert "realize" in open_dictionary("scowl:british_z:70")


def test_describe_names_the_list() -> None:
    assert open_dictionary("scowl").describe() == {"name": "american:60", "provider": "scowl"}
    assert open_dictionary("scowl:british:70").describe() == {
        "name": "british:70",
        "provider": "scowl",
    }


def test_binary_search_finds_every_word_and_nothing_else() -> None:
    words = word_list(Spec("american", 50))
    lines = words._lines
    listed = words.words()
    assert all(lines.find(w) is not None for w in listed)
    near = [w + "q" for w in listed[::97]] + [w[:-1] for w in listed[::89]] + ["", "zzzzzz", "a"]
    known = set(listed)
    assert [lines.find(w) is not None for w in near] == [w in known for w in near]


@functools.cache
def small_list() -> tuple[scowl.Lines, frozenset[str]]:
    """SCOWL's small list (american:35) as its search lines and as a set."""
    words = word_list(Spec("american", 35))
    return words._lines, frozenset(words.words())


@given(st.text(alphabet="abcdeqrstuvz'É-", max_size=8))
def test_lookup_agrees_with_a_set(word: str) -> None:
    lines, known = small_list()
    assert (lines.find(word) is not None) == (word in known)


def test_many_lookups_switch_to_a_set_with_the_same_answers() -> None:
    words = word_list(Spec("american", 20))
    listed = words.words()
    probes = [*listed[: scowl.PROBES_BEFORE_SET + 50], "xyzzy", "asap", 3]
    answers = [p in words for p in probes]
    assert words._set is not None
    assert answers == [isinstance(p, str) and p in set(listed) for p in probes]


# -------------------------------------------------------------------- the cache


def test_the_cache_is_built_once_and_read_after(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = word_list(Spec("american", 70)).words()
    made = sorted(os.listdir(fresh))
    assert len(made) == 1 and made[0].startswith("words-american-70-")
    text = (fresh / made[0]).read_bytes()
    assert text.startswith(b"referee-scowl-cache 1 words-american-70 ")
    assert text.endswith(b"\n#end\n") and text.count(b"\n") == len(first) + 2

    def no_build(*_: object) -> list[bytes]:
        raise AssertionError("built again")

    monkeypatch.setattr(scowl, "build_words", no_build)
    scowl._LOADED.clear()
    assert word_list(Spec("american", 70)).words() == first


def copy_of(tmp_path: Path, names: list[str]) -> Path:
    folder = tmp_path / "scowl"
    folder.mkdir(exist_ok=True)
    for name in names:
        shutil.copy(Path(REAL, name), folder / name)
    return folder


def test_a_changed_source_file_rebuilds_the_cache(
    fresh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_of(tmp_path, files("american", 10))
    monkeypatch.setenv(scowl.ENV_DIR, str(folder))
    assert "zyxwv" not in word_list(Spec("american", 10)).words()
    old = os.listdir(fresh)
    with (folder / "american-words.10").open("a", encoding="utf-8") as fh:
        fh.write("zyxwv\n")
    scowl._LOADED.clear()
    assert "zyxwv" in word_list(Spec("american", 10)).words()
    new = os.listdir(fresh)
    assert len(new) == 1 and new != old  # the stale cache is gone


def test_a_damaged_cache_is_built_again(fresh: Path) -> None:
    expected = word_list(Spec("american", 10)).words()
    (path,) = fresh.iterdir()
    path.write_bytes(path.read_bytes()[:-200])  # cut short: no trailer
    scowl._LOADED.clear()
    assert word_list(Spec("american", 10)).words() == expected
    assert path.read_bytes().endswith(b"\n#end\n")


def test_an_unwritable_cache_folder_only_means_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would go\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    expected = union(REAL, files("american", 20))
    assert word_list(Spec("american", 20)).words() == expected
    assert blocker.read_text() == "a file where the cache folder would go\n"


def test_the_cache_folder_follows_xdg_or_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert scowl.cache_dir() == "/somewhere/referee/scowl"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", "/home/someone")
    assert scowl.cache_dir() == "/home/someone/.cache/referee/scowl"


def test_unreadable_source_files_are_a_dictionary_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_of(tmp_path, files("american", 10))
    (folder / "english-words.10").unlink()
    (folder / "english-words.10").mkdir()  # there, but not a file
    monkeypatch.setenv(scowl.ENV_DIR, str(folder))
    message = f"cannot read the SCOWL file {folder}/english-words.10: Is a directory"
    with pytest.raises(DictionaryError, match=re.escape(message)):
        word_list(Spec("american", 10))


# ----------------------------------------------------------- referee dictionaries


def test_dictionaries_lists_every_scowl_list_with_its_words(referee: Runner) -> None:
    code, out, err = referee("dictionaries", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)["scowl"]
    assert data["folder"] == REAL
    lists = {entry["name"]: entry for entry in data["lists"]}
    assert len(lists) == len(scowl.SPELLINGS) * len(SIZES)
    for name in ("american:60", "british:70", "australian:95", "canadian:10"):
        spelling, size = name.split(":")
        assert lists[name]["words"] == len(union(REAL, files(spelling, int(size)))), name
        assert (lists[name]["spelling"], lists[name]["size"]) == (spelling, int(size))


def test_dictionaries_text_table(referee: Runner) -> None:
    code, out, _ = referee("dictionaries")
    assert code == 0
    lines = out.splitlines()
    head = lines.index(
        f"SCOWL word lists in {REAL}, words in each (--dictionary scowl:SPELLING:SIZE; "
        "scowl = american:60):"
    )
    assert lines[head + 1].split() == ["size", *scowl.SPELLINGS]
    sixty = next(line for line in lines[head + 2 :] if line.split()[0] == "60")
    assert sixty.split()[1] == f"{len(union(REAL, files('american', 60))):,}"
    assert [line.split()[0] for line in lines[head + 2 :]] == [str(s) for s in SIZES]


def test_dictionaries_without_scowl_says_what_to_install(referee: Runner, tmp_path: Path) -> None:
    code, out, _ = referee("dictionaries", "--json", env={scowl.ENV_DIR: str(tmp_path)})
    assert code == 0 and json.loads(out)["scowl"]["lists"] == []
    code, out, _ = referee("dictionaries", env={scowl.ENV_DIR: str(tmp_path)})
    assert out.splitlines()[-1].startswith(f"SCOWL word lists: none in {tmp_path} (")
    assert "apt-get install scowl" in out


def test_dictionaries_default_from_the_environment(referee: Runner) -> None:
    code, out, _ = referee("dictionaries", env={"REFEREE_DICTIONARY": "scowl:british:70"})
    assert (code, out.splitlines()[0]) == (0, "Default: scowl:british:70")


# ------------------------------------------------------------------- Blind Spot


def test_blind_spot_judges_longer_words_by_the_scowl_list(referee: Runner) -> None:
    """testa (a seed coat) is in SCOWL 70, not in aspell's en_US; tron the other way."""
    cases = {("testa", "D7"): (1, 0), ("tron", "C6"): (0, 1)}
    for (word, at), (aspell, scowl70) in cases.items():
        base = ("check-word", word, "--layout", SAMPLE, "--at", at, "--json")
        code, out, _ = referee(*base)
        assert code == aspell, word
        code, out, _ = referee(*base, "--dictionary", "scowl:70")
        assert code == scowl70, word
        data = json.loads(out)
        assert data["dictionary"] == {"name": "american:70", "provider": "scowl"}
        assert data["reason"] == (None if scowl70 == 0 else "not-in-dictionary")


def test_blind_spot_keeps_its_rulebook_list_for_three_letters() -> None:
    """koi and taj are on the rulebook's list but not in SCOWL 60; etc is neither."""
    sixty = open_dictionary("scowl")
    assert "koi" not in sixty and "taj" not in sixty
    assert is_word("koi", sixty) and is_word("taj", sixty)
    assert not is_word("etc", sixty)


def test_words_with_scowl(referee: Runner) -> None:
    code, out, _ = referee("words", "--layout", SAMPLE, "--dictionary", "scowl:70", "--json")
    assert code == 0
    plays = {(p["at"], p["word"]) for p in json.loads(out)["plays"]}
    assert ("D7", "testa") in plays and ("C6", "tron") not in plays
    assert ("D1", "seas") in plays


@pytest.mark.parametrize(
    "spec", ["scowl", "scowl:70", "scowl:british:70", "scowl:", "scowls", "./scowl", "en_US", ""]
)
def test_the_dictionary_module_tells_a_scowl_spec_as_the_scowl_reader_does(spec: str) -> None:
    """check-word tells a SCOWL spec without importing the SCOWL reader: the same answer."""
    from referee.core import dictionary

    assert dictionary.is_scowl_spec(spec) == scowl.is_spec(spec)
