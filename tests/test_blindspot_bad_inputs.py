"""Unusable input: exit 2 and exactly one ``Error: ...`` line naming the culprit.

Every case runs in-process (CliRunner; test_all_process.py runs the commands as
real processes); the
hypothesis tests feed generated garbage (never a valid file) through CliRunner.
"""

from __future__ import annotations

import os
import random
import re
import string
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from helpers import SAMPLE, Runner, assert_one_error_line
from helpers import SAMPLE_LETTERS as ROWS


def letters(rows: list[str]) -> str:
    return "letters:\n" + "".join(f"  - {row}\n" for row in rows)


def tiles(third: str) -> str:
    """A tiles layout whose first row's third tile is ``third`` (written as is)."""
    return f"tiles:\n  - [1A, 2B, {third}]\n  - [4A, 5B, 6A]\n  - [7A, 8B, 9A]\n"


# ------------------------------------------------------------------ the listed cases


@dataclass(frozen=True)
class Bad:
    """``files`` are written into a tmp dir first (bytes as is; ``None`` makes a
    directory); ``{tmp}`` in ``args`` and ``fragments`` is that dir."""

    args: tuple[str, ...]
    fragments: tuple[str, ...]
    files: tuple[tuple[str, bytes | None], ...] = ()
    stdin: str | None = None
    unreadable: str | None = None


def layout(path: str, *more: str, word: str = "seas", at: str = "D1") -> tuple[str, ...]:
    return ("check-word", word, "--layout", path, "--at", at, *more)


def position(name: str) -> tuple[str, ...]:
    return layout(SAMPLE, "--position", "{tmp}/" + name)


GARBAGE = random.Random(20240601).randbytes(700) + b"\x00" + b"\x89PNG\r\n\x1a\n"
BIG = b"letters: []\n# " + b"x" * (1100 * 1024) + b"\n"
L = "{tmp}/layout.yaml"
P = "{tmp}/position.yaml"

CASES: dict[str, Bad] = {
    "missing-file": Bad(layout("{tmp}/missing.yaml"), ("{tmp}/missing.yaml", "no such")),
    "directory-not-file": Bad(
        layout("{tmp}/folder"), ("{tmp}/folder", "directory"), (("folder", None),)
    ),
    "empty-file": Bad(layout(L), (L, "empty"), (("layout.yaml", b""),)),
    "blank-file": Bad(
        layout(L), (L, "mapping", "nothing"), (("layout.yaml", b"  \n\n# nothing\n"),)
    ),
    "binary-garbage": Bad(layout(L), (L, "binary"), (("layout.yaml", GARBAGE),)),
    "not-utf8": Bad(layout(L), (L, "UTF-8"), (("layout.yaml", b"letters: [\xff\xfe]\n"),)),
    "yaml-list": Bad(layout(L), (L, "mapping", "list"), (("layout.yaml", b"- a\n- b\n"),)),
    "yaml-scalar": Bad(layout(L), (L, "mapping", "str"), (("layout.yaml", b"hello\n"),)),
    "yaml-number": Bad(layout(L), (L, "mapping", "int"), (("layout.yaml", b"42\n"),)),
    "malformed-yaml": Bad(
        layout(L), (L, "line 2", "not valid YAML"), (("layout.yaml", b"letters: [abc\n  - x: :\n"),)
    ),
    "no-letters-or-tiles": Bad(
        layout(L), (L, "letters", "tiles"), (("layout.yaml", b"name: nothing here\n"),)
    ),
    "8-rows": Bad(
        layout(L), (L, "letters", "got 8"), (("layout.yaml", letters(ROWS[:8]).encode()),)
    ),
    "10-rows": Bad(
        layout(L), (L, "letters", "got 10"), (("layout.yaml", letters([*ROWS, "a" * 9]).encode()),)
    ),
    "row-of-8-letters": Bad(
        layout(L),
        (L, "line 5: letters[3]", "got 8"),
        (("layout.yaml", letters([*ROWS[:3], "wealotar", *ROWS[4:]]).encode()),),
    ),
    "digit-in-letters": Bad(
        layout(L),
        (L, "line 5: letters[3]", "'3'"),
        (("layout.yaml", letters([*ROWS[:3], "weal3taru", *ROWS[4:]]).encode()),),
    ),
    "punctuation-in-letters": Bad(
        layout(L),
        (L, "line 8: letters[6]", "'!'"),
        (("layout.yaml", letters([*ROWS[:6], "'etec!tars'", *ROWS[7:]]).encode()),),
    ),
    "unknown-tile-19A": Bad(
        layout(L), (L, "line 2: tiles[0][2]", "19A"), (("layout.yaml", tiles("19A").encode()),)
    ),
    "tile-side-7C": Bad(
        layout(L), (L, "line 2: tiles[0][2]", "7C"), (("layout.yaml", tiles("7C").encode()),)
    ),
    "tile-ref-A7": Bad(
        layout(L), (L, "line 2: tiles[0][2]", "A7"), (("layout.yaml", tiles("A7").encode()),)
    ),
    "tile-ref-7": Bad(
        layout(L), (L, "line 2: tiles[0][2]", "7"), (("layout.yaml", tiles("7").encode()),)
    ),
    "at-J1": Bad(layout(SAMPLE, at="J1"), ("J1", "off the board")),
    "at-A0": Bad(layout(SAMPLE, at="A0"), ("A0", "off the board")),
    "at-A10": Bad(layout(SAMPLE, at="A10"), ("A10", "off the board")),
    "at-11": Bad(layout(SAMPLE, at="11"), ("'11'", "not a cell")),
    "word-with-digits": Bad(layout(SAMPLE, word="ab3"), ("ab3", "letters a-z")),
    "word-with-space": Bad(layout(SAMPLE, word="two words"), ("two words", "letters a-z")),
    "teams-unknown-colour": Bad(
        position("position.yaml"),
        (P, "teams", "purple"),
        (("position.yaml", b"teams: [[red, purple], [blue, green]]\n"),),
    ),
    "spot-off-board-J5": Bad(
        position("position.yaml"),
        (P, "spots.red", "J5"),
        (("position.yaml", b"spots:\n  red: [A1, J5]\n"),),
    ),
    "cell-covered-twice": Bad(
        position("position.yaml"),
        (P, "spots.blue", "A1", "twice"),
        (("position.yaml", b"spots:\n  red: [A1]\n  blue: [B2, A1]\n"),),
    ),
    "glasses-count-3": Bad(
        position("position.yaml"),
        (P, "glasses.red", "3"),
        (("position.yaml", b"glasses:\n  red: 3\n"),),
    ),
    "position-unknown-key": Bad(
        position("position.yaml"),
        (P, "'spot'"),
        (("position.yaml", b"spot:\n  red: [A1]\n"),),
    ),
    "layout-over-1MiB": Bad(layout(L), (L, "refusing"), (("layout.yaml", BIG),)),
    "position-over-1MiB": Bad(
        position("position.yaml"), (P, "refusing"), (("position.yaml", BIG),)
    ),
    "stdin-binary": Bad(layout("-"), ("<stdin>", "binary"), stdin="letters:\x00\x01\n"),
    "stdin-empty": Bad(layout("-"), ("<stdin>", "empty"), stdin=""),
    "unknown-player-colour": Bad(layout(SAMPLE, "--player", "purple"), ("--player", "purple")),
    "unreadable-allow-file": Bad(
        layout(SAMPLE, "--allow", "{tmp}/allow.txt"),
        ("{tmp}/allow.txt",),
        # Mode 000 stops anyone but root; the bytes are not UTF-8, which stops root too.
        (("allow.txt", b"seast\n\xff\xfe\n"),),
        unreadable="allow.txt",
    ),
    "allow-directory": Bad(
        layout(SAMPLE, "--allow", "{tmp}/folder"),
        ("{tmp}/folder", "directory"),
        (("folder", None),),
    ),
    "dictionary-word-list-missing-words": Bad(
        layout(SAMPLE, "--dictionary", "{tmp}/words.txt"),
        ("{tmp}/words.txt", "no words"),
        (("words.txt", b"# only a comment\n\n"),),
    ),
    "dictionary-word-list-missing": Bad(
        layout(SAMPLE, "--dictionary", "{tmp}/words.txt"), ("{tmp}/words.txt", "no such")
    ),
    "wrong-game": Bad(
        layout(L),
        (L, "game", "word-block"),
        (("layout.yaml", letters(ROWS).replace("letters", "game: word-block\nletters").encode()),),
    ),
    "catalog-missing": Bad(
        layout(L, "--catalog", "{tmp}/catalog.yaml"),
        ("{tmp}/catalog.yaml", "no such"),
        (("layout.yaml", tiles("3A").encode()),),
    ),
    "catalog-not-a-catalog": Bad(
        layout(L, "--catalog", "{tmp}/catalog.yaml"),
        ("{tmp}/catalog.yaml",),
        (("layout.yaml", tiles("3A").encode()), ("catalog.yaml", b"name: mine\ntiles: [1, 2]\n")),
    ),
    "layout-option-missing": Bad(("check-word", "seas", "--at", "D1"), ("--layout",)),
    "unknown-option": Bad(layout(SAMPLE, "--bogus"), ("--bogus",)),
    "min-length-2": Bad(("words", "--layout", SAMPLE, "--min-length", "2"), ("--min-length",)),
}


def alias_bomb(levels: int) -> str:
    """A flow list whose last item expands to 10**levels strings through YAML aliases:
    a few hundred bytes on disk, ~7 * 10**levels characters once printed."""
    items = ["&l0 [" + ", ".join(["lol"] * 10) + "]"]
    items += [f"&l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "[" + ", ".join(items) + "]"


BOMB = alias_bomb(6)
NINE = "[" + ", ".join(ROWS) + "]"
BOMBS: dict[str, Bad] = {
    "alias-bomb-in-game": Bad(
        layout(L),
        (L, "YAML expands to over", "characters of text (aliases?)"),
        (("layout.yaml", f"game: {BOMB}\nletters: {NINE}\n".encode()),),
    ),
    "alias-bomb-as-letters-row": Bad(
        layout(L),
        (L, "YAML expands to over", "characters of text (aliases?)"),
        (("layout.yaml", f"letters: [{BOMB}, {', '.join(ROWS[1:])}]\n".encode()),),
    ),
    "alias-bomb-as-tile-ref": Bad(
        layout(L),
        (L, "YAML expands to over", "characters of text (aliases?)"),
        (("layout.yaml", tiles(BOMB).encode()),),
    ),
    "alias-bomb-as-glasses-count": Bad(
        position("position.yaml"),
        (P, "YAML expands to over", "characters of text (aliases?)"),
        (("position.yaml", f"glasses:\n  red: {BOMB}\n".encode()),),
    ),
    "alias-bomb-as-spot-cell": Bad(
        position("position.yaml"),
        (P, "YAML expands to over", "characters of text (aliases?)"),
        (("position.yaml", f"spots:\n  red: [{BOMB}]\n".encode()),),
    ),
    "alias-bomb-as-team-colour": Bad(
        position("position.yaml"),
        (P, "YAML expands to over", "characters of text (aliases?)"),
        (("position.yaml", f"teams: [[red, {BOMB}], [blue, green]]\n".encode()),),
    ),
}


def _bad_input(referee: Runner, tmp_path: Path, bad: Bad) -> None:
    for name, content in bad.files:
        if content is None:
            (tmp_path / name).mkdir()
        else:
            (tmp_path / name).write_bytes(content)
    if bad.unreadable:
        (tmp_path / bad.unreadable).chmod(0)
    args = [a.replace("{tmp}", str(tmp_path)) for a in bad.args]
    fragments = [f.replace("{tmp}", str(tmp_path)) for f in bad.fragments]
    code, out, err = referee(*args, input=bad.stdin)
    assert_one_error_line(code, out, err, *fragments)


@pytest.mark.parametrize("bad", list(CASES.values()), ids=list(CASES))
def test_bad_input(referee: Runner, tmp_path: Path, bad: Bad) -> None:
    _bad_input(referee, tmp_path, bad)


@pytest.mark.parametrize("bad", list(BOMBS.values()), ids=list(BOMBS))
def test_alias_bomb_error_line_stays_short(invoke: Runner, tmp_path: Path, bad: Bad) -> None:
    """YAML aliases can make a tiny file hold a huge value (here ~8 MB from a
    400-byte file): the file is refused for what it expands to, wherever the
    bomb sits, and the error line does not print the value back."""
    _bad_input(invoke, tmp_path, bad)


# ------------------------------------------------------------ generated garbage

COLOURS = ("red", "yellow", "blue", "green")
VALID_CELL = re.compile(r"[A-Ia-i]0?[1-9]")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)
non_text = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False))
anything = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _no_keyword(*words: str) -> Callable[[str], bool]:
    """Text that can never spell one of ``words`` as a YAML key (no escapes either)."""
    return lambda s: "\\" not in s and not any(w in s for w in words)


def _dump(data: Any) -> bytes:
    # surrogatepass: a lone surrogate in generated text becomes invalid UTF-8, still garbage
    return yaml.safe_dump(data, allow_unicode=True).encode("utf-8", "surrogatepass")


# Raw bytes and text: binary with a NUL, invalid UTF-8, and YAML-ish text.
with_nul = st.tuples(st.binary(max_size=200), st.binary(max_size=200)).map(
    lambda p: p[0] + b"\x00" + p[1]
)
not_utf8 = st.binary(max_size=200).map(lambda b: b.replace(b"\x00", b"") + b"\xff")
yamlish_text = st.text(
    alphabet=st.one_of(st.sampled_from(list(":-[]{},'\"#|>&*!?\n ")), st.characters()),
    max_size=120,
)


def _bad_rows() -> st.SearchStrategy[Any]:
    """A ``letters`` value that is never 9 rows of 9 letters."""
    good_row = st.text(alphabet=string.ascii_lowercase, min_size=9, max_size=9)
    broken_row = st.one_of(
        st.text(alphabet=string.ascii_lowercase, max_size=8),
        st.text(alphabet=string.ascii_lowercase, min_size=10, max_size=14),
        st.text(
            alphabet=string.ascii_lowercase + string.digits + ".,;", min_size=9, max_size=9
        ).filter(lambda s: not s.isalpha()),
        non_text,
    )
    nine_with_one_broken = st.tuples(
        st.lists(good_row, min_size=8, max_size=8), broken_row, st.integers(0, 8)
    ).map(lambda t: [*t[0][: t[2]], t[1], *t[0][t[2] :]])
    return st.one_of(
        scalars,
        st.lists(anything, max_size=8),
        st.lists(anything, min_size=10, max_size=11),
        nine_with_one_broken,
    )


def _bad_tiles() -> st.SearchStrategy[Any]:
    """A ``tiles`` value that never resolves: wrong shape or one bad reference."""
    good_ref = st.builds(lambda n, s: f"{n}{s}", st.integers(1, 18), st.sampled_from("ABab"))
    bad_ref = st.one_of(
        st.sampled_from(["19A", "0A", "7C", "A7", "7", "", "99B", "1AB"]),
        st.integers(),
        st.none(),
    )
    grid_with_one_bad = (
        st.tuples(st.lists(good_ref, min_size=8, max_size=8), bad_ref, st.integers(0, 8))
        .map(lambda t: [*t[0][: t[2]], t[1], *t[0][t[2] :]])
        .map(lambda refs: [refs[0:3], refs[3:6], refs[6:9]])
    )
    return st.one_of(
        scalars,
        st.lists(anything, max_size=2),
        st.lists(anything, min_size=4, max_size=5),
        grid_with_one_bad,
    )


layout_structures = st.one_of(
    # not a mapping at the top
    scalars,
    st.lists(anything, max_size=5),
    # a mapping with neither letters nor tiles
    st.dictionaries(st.text(max_size=10).filter(_no_keyword("letters", "tiles")), anything),
    # broken letters (whatever else is there)
    st.builds(
        lambda rows, rest: {**rest, "letters": rows},
        _bad_rows(),
        st.dictionaries(st.sampled_from(["name", "game", "tiles"]), anything, max_size=2),
    ),
    # broken tiles, no letters
    st.builds(
        lambda refs, rest: {**rest, "tiles": refs},
        _bad_tiles(),
        st.dictionaries(st.sampled_from(["name", "game"]), scalars, max_size=2),
    ),
)

bad_layouts = st.one_of(
    with_nul,
    not_utf8,
    yamlish_text.filter(_no_keyword("letters", "tiles")).map(
        lambda s: s.encode("utf-8", "surrogatepass")
    ),
    layout_structures.map(_dump),
)

colour = st.sampled_from(COLOURS)
not_colour = st.text(max_size=8).filter(lambda s: s.strip().lower() not in COLOURS)
not_cell = st.one_of(
    scalars.filter(lambda v: not VALID_CELL.fullmatch(str(v).strip())),
    st.sampled_from(["J5", "A0", "A10", "I10", "Z9", "11", "AA1"]),
)
truthy_not_dict = st.one_of(
    st.lists(anything, min_size=1, max_size=3),
    st.integers().filter(bool),
    st.text(min_size=1, max_size=8),
)
truthy_not_list = st.one_of(
    st.dictionaries(st.text(max_size=5), anything, min_size=1, max_size=3),
    st.integers().filter(bool),
    st.text(min_size=1, max_size=8),
)
bad_count = st.one_of(
    st.integers(max_value=-1),
    st.integers(min_value=3),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
)

# Each position below has at least one defect.
position_structures = st.one_of(
    scalars,
    st.lists(anything, max_size=4),
    st.builds(
        lambda key, value, rest: {**rest, key: value},
        st.text(max_size=10).filter(lambda k: k not in ("spots", "glasses", "teams")),
        anything,
        st.fixed_dictionaries({}, optional={"glasses": st.just({"red": 1})}),
    ),
    st.builds(lambda v: {"spots": v}, truthy_not_dict),
    st.builds(lambda c, cells: {"spots": {c: cells}}, not_colour, st.lists(st.just("A1"))),
    st.builds(
        lambda c, v: {"spots": {c: v}},
        colour,
        st.one_of(st.integers(), st.text(max_size=4), st.dictionaries(st.text(), scalars)),
    ),
    st.builds(
        lambda c, good, bad, i: {"spots": {c: [*good[:i], bad, *good[i:]]}},
        colour,
        st.lists(st.sampled_from(["A1", "B2", "i9"]), unique=True),
        not_cell,
        st.integers(0, 3),
    ),
    st.builds(
        lambda pair, cell: {"spots": {pair[0]: [cell], pair[1]: ["I9", cell]}},
        st.permutations(COLOURS).map(lambda p: (p[0], p[1])),
        st.sampled_from(["A1", "E5", "c7"]),
    ),
    st.builds(lambda v: {"glasses": v}, truthy_not_dict),
    st.builds(lambda c, n: {"glasses": {c: n}}, colour, bad_count),
    st.builds(lambda c: {"glasses": {c: 1}}, not_colour),
    st.builds(lambda v: {"teams": v}, truthy_not_list),
    st.builds(
        lambda t: {"teams": [t, ["blue"]]}, st.one_of(scalars, st.dictionaries(colour, colour))
    ),
    st.builds(lambda c: {"teams": [["red", c], ["blue", "green"]]}, not_colour),
    st.builds(lambda c: {"teams": [[c, "red"], [c, "blue"]]}, st.sampled_from(["yellow", "green"])),
)

bad_positions = st.one_of(
    with_nul,
    not_utf8,
    # the extra key makes any mapping the text may hold an invalid position
    yamlish_text.filter(_no_keyword("spots", "glasses", "teams")).map(
        lambda s: (s + "\nzzz: 1\n").encode("utf-8", "surrogatepass")
    ),
    position_structures.map(_dump),
)


@given(data=bad_layouts)
def test_garbage_layout(invoke: Runner, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "garbage.yaml"
        path.write_bytes(data)
        code, out, err = invoke("check-word", "seas", "--layout", str(path), "--at", "D1")
    assert_one_error_line(code, out, err, str(path))


@given(data=bad_positions)
def test_garbage_position(invoke: Runner, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "garbage.yaml"
        path.write_bytes(data)
        code, out, err = invoke(
            "check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--position", str(path)
        )
    assert_one_error_line(code, out, err, str(path))


@pytest.mark.process
def test_alias_bomb_is_refused_within_bounded_memory(
    repo: Path, sample_layout: Path, tmp_path: Path
) -> None:
    """A 700-byte position file whose aliases expand to 10**9 strings: still one
    short Error line, in a process capped at 512 MiB of address space."""
    import resource
    import subprocess
    import sys

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(f"glasses:\n  red: {alias_bomb(9)}\n", encoding="utf-8")
    assert bomb.stat().st_size < 1000
    args = ["check-word", "seas", "--layout", str(sample_layout), "--at", "D1"]
    proc = subprocess.run(
        [sys.executable, "-m", "referee", *args, "--position", str(bomb)],
        cwd=repo,
        env={**os.environ, "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=cap,
        check=False,
    )
    assert_one_error_line(
        proc.returncode, proc.stdout, proc.stderr, str(bomb), "YAML expands to over"
    )
