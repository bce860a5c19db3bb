"""Acceptance tests for ``referee setup generate/verify/code/show/catalog`` and
``check-word --layout`` on every setup form.

Tests taking the ``referee`` fixture run in-process through click's CliRunner
(test_all_process.py runs ``setup`` as real processes). They run from the
repo root, so repo files are named relatively and scratch files absolutely.
The golden files tests/data/setups/seed-1.yaml and seed-2024.yaml are the
exact output of ``referee setup generate --seed 1`` / ``--seed 2024``.
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from helpers import (
    ASPELL,
    BY_TILES_CODE,
    CODE_ALPHABET,
    CUSTOM_SHA,
    SAMPLE,
    STANDARD_SHA,
    SVG_NS,
    Runner,
    assert_one_error_line,
    error_line,
    one_json,
    without_seed,
)
from referee.blindspot.formats import MAX_SEED

REPO = Path(__file__).resolve().parent.parent
DATA = "tests/data/setups"
SEED_1 = f"{DATA}/seed-1.yaml"
SEED_2024 = f"{DATA}/seed-2024.yaml"
CUSTOM_CATALOG = f"{DATA}/custom-catalog.yaml"
CUSTOM_BY_TILES = f"{DATA}/custom-by-tiles.yaml"
BY_TILES = "setups/by-tiles.yaml"
STANDARD_TILES = "src/referee/data/standard-tiles.yaml"

SEED_1_CODE = "BS1-17A8B11B-18B16A1B-5B2B4B-RC"
SEED_2024_CODE = "BS1-1A3A5B-16B7B17B-8B14B12B-5Y"
SEED_1_FLAT = "17A 8B 11B / 18B 16A 1B / 5B 2B 4B"

BY_TILES_BOARD = (REPO / DATA / "by-tiles-board.txt").read_text(encoding="utf-8") + (
    "Code: BS1-1A2A3A-4B5B6B-7A8A9A-6E\n"
)

SAMPLE_BOARD = """\
     A  B  C   D  E  F   G  H  I
   +---------+---------+---------+
 1 | S  E  A | R  S  T | O  E  P |
 2 | K  O  M | I  E  G | U  U  D |
 3 | B  H  V | N  L  C | W  Y  F |
   +---------+---------+---------+
 4 | W  E  A | L  O  T | A  R  U |
 5 | G  J  T | D  A  Q | N  X  Z |
 6 | N  O  I | R  T  C | A  M  T |
   +---------+---------+---------+
 7 | E  T  E | C  S  T | A  R  S |
 8 | P  L  A | N  O  E | T  Y  B |
 9 | A  O  P | E  T  M | I  S  H |
   +---------+---------+---------+
"""


def golden(path: str) -> str:
    return (REPO / path).read_text(encoding="utf-8")


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def tiles_file(tmp_path: Path, rows: list[str], name: str = "t.yaml") -> str:
    """A hand-written tiles-only setup; each row written as is inside ``[...]``."""
    body = "".join(f"  - [{row}]\n" for row in rows)
    return write(tmp_path / name, f"game: blind-spot\ntiles:\n{body}")


def tampered(tmp_path: Path, source: str, old: str, new: str, name: str = "s.yaml") -> str:
    """A copy of ``source`` with one exact piece of text replaced."""
    text = golden(source)
    assert text.count(old) == 1, old
    return write(tmp_path / name, text.replace(old, new))


# ------------------------------------------------------------------- generate


@pytest.mark.parametrize(("seed", "path"), [("1", SEED_1), ("2024", SEED_2024)], ids=["1", "2024"])
def test_generate_seed_is_golden(referee: Runner, seed: str, path: str) -> None:
    assert referee("setup", "generate", "--seed", seed) == (0, golden(path), "")


@pytest.mark.parametrize(
    ("seed", "path", "code"),
    [("1", SEED_1, SEED_1_CODE), ("2024", SEED_2024, SEED_2024_CODE)],
    ids=["1", "2024"],
)
def test_generate_output_file_is_golden(
    referee: Runner, tmp_path: Path, seed: str, path: str, code: str
) -> None:
    out = tmp_path / "setup.yaml"
    assert referee("setup", "generate", "--seed", seed, "-o", str(out)) == (
        0,
        f"Wrote {out}: {code}\n",
        "",
    )
    assert out.read_bytes() == (REPO / path).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["setup.yaml"]  # no temp file left


def test_generate_json(referee: Runner) -> None:
    code, out, err = referee("setup", "generate", "--seed", "1", "--json")
    assert (code, err) == (0, "")
    data = yaml.safe_load(golden(SEED_1))
    assert one_json(out) == {
        "seed": 1,
        "code": SEED_1_CODE,
        "tiles": data["tiles"],
        "letters": data["letters"],
        "catalog": {"name": "standard", "sha256": STANDARD_SHA},
        "output": None,
    }


def test_generate_json_with_output_file(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "s.yaml"
    code, stdout, err = referee("setup", "generate", "--seed", "2024", "-o", str(out), "--json")
    assert (code, err) == (0, "")
    doc = one_json(stdout)
    assert (doc["seed"], doc["code"], doc["output"]) == (2024, SEED_2024_CODE, str(out))
    assert out.read_text(encoding="utf-8") == golden(SEED_2024)


def test_generate_without_seed_records_the_seed_it_drew(referee: Runner, tmp_path: Path) -> None:
    code, out, err = referee("setup", "generate")
    assert (code, err) == (0, "")
    data = yaml.safe_load(out)
    assert data["generator"] == "sha256-ctr-v1"
    seed = data["seed"]
    assert isinstance(seed, int)
    assert seed >= 0
    assert referee("setup", "generate", "--seed", str(seed)) == (0, out, "")
    path = write(tmp_path / "drawn.yaml", out)
    assert referee("setup", "verify", path)[0] == 0


def test_different_seeds_give_different_setups(invoke: Runner) -> None:
    seen = []
    for seed in ["0", "1", "2", "3", "99", "2024", "123456789"]:
        code, out, _ = invoke("setup", "generate", "--seed", seed)
        assert code == 0
        tiles = yaml.safe_load(out)["tiles"]
        flat = [ref for row in tiles for ref in row]
        assert len(flat) == 9
        assert len({ref[:-1] for ref in flat}) == 9  # never a tile twice
        assert {ref[-1] for ref in flat} <= {"A", "B"}
        seen.append(tiles)
    assert all(a != b for i, a in enumerate(seen) for b in seen[i + 1 :])


def test_generate_with_a_custom_catalog(referee: Runner) -> None:
    code, out, err = referee("setup", "generate", "--seed", "1", "--catalog", CUSTOM_CATALOG)
    assert (code, err) == (0, "")
    data = yaml.safe_load(out)
    # the method draws from the tile numbers: the same tiles as with 'standard'
    assert data["code"] == SEED_1_CODE
    assert data["catalog"] == {"name": "custom", "sha256": CUSTOM_SHA}
    assert data["letters"][0] == "nqtlorknq"  # 17A, 8B, 11B of the custom catalog
    env_run = referee("setup", "generate", "--seed", "1", env={"REFEREE_CATALOG": CUSTOM_CATALOG})
    assert env_run == (0, out, "")


# ------------------------------------------------------------------------ codes


@pytest.mark.parametrize(
    ("typed", "path"),
    [
        (SEED_1_CODE, SEED_1),
        (SEED_2024_CODE, SEED_2024),
        ("bs1-17a8b11b-18b16a1b-5b2b4b-rc", SEED_1),
        (" BS1 - 1A3A5B -16B 7B 17B- 8B14B12B -5Y ", SEED_2024),
    ],
    ids=["seed-1", "seed-2024", "lowercase", "spaces"],
)
def test_generate_code_rebuilds_the_setup(referee: Runner, typed: str, path: str) -> None:
    assert referee("setup", "generate", "--code", typed) == (0, without_seed(golden(path)), "")


@given(st.integers(min_value=0, max_value=MAX_SEED))
def test_code_round_trips_through_the_cli(invoke: Runner, seed: int) -> None:
    code, seeded, _ = invoke("setup", "generate", "--seed", str(seed))
    assert code == 0
    setup_code = yaml.safe_load(seeded)["code"]
    assert invoke("setup", "generate", "--code", setup_code) == (0, without_seed(seeded), "")
    assert invoke("setup", "generate", "--code", setup_code.lower()) == (
        0,
        without_seed(seeded),
        "",
    )


@pytest.mark.parametrize(
    ("path", "code"),
    [(BY_TILES, BY_TILES_CODE), (SEED_1, SEED_1_CODE), ("setups/seed-2024.yaml", SEED_2024_CODE)],
    ids=["by-tiles", "seed-1", "seed-2024"],
)
def test_setup_code_prints_the_code(referee: Runner, path: str, code: str) -> None:
    assert referee("setup", "code", path) == (0, f"{code}\n", "")


def test_setup_code_json(referee: Runner) -> None:
    code, out, err = referee("setup", "code", BY_TILES, "--json")
    assert (code, err) == (0, "")
    assert one_json(out) == {
        "code": BY_TILES_CODE,
        "tiles": [["1A", "2A", "3A"], ["4B", "5B", "6B"], ["7A", "8A", "9A"]],
    }


def test_setup_code_of_a_letters_only_setup(referee: Runner) -> None:
    assert error_line(referee("setup", "code", SAMPLE)) == (
        f"Error: {SAMPLE}: this setup gives only letters, so it has no tiles to name"
    )


def test_setup_code_of_a_hand_written_setup(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["17a, 8b, 11b", "18B, 16A, 1B", "5B, 2B, 4B"])
    assert referee("setup", "code", path) == (0, f"{SEED_1_CODE}\n", "")


def test_every_single_substitution_is_rejected(invoke: Runner) -> None:
    """Exhaustive over every position of one code and every character of the
    code alphabet (and the separator): exit 2, "mistyped code?"."""
    tried = 0
    for i, original in enumerate(SEED_1_CODE):
        for ch in CODE_ALPHABET + "-":
            if ch == original:
                continue
            typo = SEED_1_CODE[:i] + ch + SEED_1_CODE[i + 1 :]
            line = error_line(invoke("setup", "generate", "--code", typo))
            assert line.startswith(f"Error: code {typo!r}"), line
            assert line.endswith("mistyped code?"), line
            tried += 1
    assert tried == 36 * len(SEED_1_CODE)


def test_code_naming_a_tile_twice_is_refused(referee: Runner) -> None:
    # a well-formed code with correct check characters, tile 1 twice
    typed = "BS1-1A1A2A-3A4A5A-6A7A8A-KW"
    assert error_line(referee("setup", "generate", "--code", typed)) == (
        f"Error: --code {typed}: tiles[0][1]: tile 1 is used twice (also at row 1, tile 1)"
    )


def test_code_naming_an_unknown_tile_is_refused(referee: Runner) -> None:
    typed = "BS1-1A2A3A-4A5A6A-7A8A19A-TH"
    assert error_line(referee("setup", "generate", "--code", typed)) == (
        f"Error: --code {typed}: tiles[2][2]: unknown tile '19A': catalog 'standard' has tiles 1-18"
    )


# ----------------------------------------------------------------------- verify


VALID_FILES = [
    *(str(p.relative_to(REPO)) for p in sorted((REPO / "setups").glob("*.yaml"))),
    SEED_1,
    SEED_2024,
]


@pytest.mark.parametrize("path", VALID_FILES)
def test_valid_files_verify(referee: Runner, path: str) -> None:
    """Every file in setups/ (as CI checks) and the golden files."""
    data = yaml.safe_load(golden(path))
    if "tiles" not in data:
        what = "OK (a 9x9 board written by letters; no tiles to cross-check)"
    elif "letters" in data:
        what = "OK (tiles and letters consistent with catalog 'standard')"
    else:
        what = "OK (tiles consistent with catalog 'standard')"
    assert referee("setup", "verify", path) == (0, f"{path}: {what}\n", "")
    code, out, err = referee("setup", "verify", path, "--json")
    assert (code, err) == (0, "")
    assert one_json(out) == {
        "valid": True,
        "setup": path,
        "problems": [],
        "catalog": {"name": "standard", "sha256": STANDARD_SHA},
    }


def test_setups_has_every_form() -> None:
    """The issue asks for a generated, a by-tiles and a by-letters example."""
    forms = {
        tuple(k in yaml.safe_load(golden(path)) for k in ("seed", "tiles", "letters"))
        for path in VALID_FILES
        if path.startswith("setups/")
    }
    assert {(True, True, True), (False, True, False), (False, False, True)} <= forms


def test_custom_setup_verifies_with_its_catalog(referee: Runner) -> None:
    assert referee("setup", "verify", CUSTOM_BY_TILES, "--catalog", CUSTOM_CATALOG) == (
        0,
        f"{CUSTOM_BY_TILES}: OK (tiles consistent with catalog 'custom')\n",
        "",
    )
    env = {"REFEREE_CATALOG": CUSTOM_CATALOG}
    assert referee("setup", "verify", CUSTOM_BY_TILES, env=env)[0] == 0


def assert_problems(
    referee: Runner, path: str, expected: list[tuple[str, str]], *extra: str
) -> None:
    """verify exits 1 and lists exactly these problems, in text and in --json."""
    code, out, err = referee("setup", "verify", path, *extra, "--json")
    assert (code, err) == (1, "")
    doc = one_json(out)
    assert doc["valid"] is False
    assert doc["setup"] == path
    assert [(p["kind"], p["message"]) for p in doc["problems"]] == expected
    code, out, err = referee("setup", "verify", path, *extra)
    noun = "problem" if len(expected) == 1 else "problems"
    lines = [f"{path}: {len(expected)} {noun}:"] + [f"  {k}: {m}" for k, m in expected]
    assert (code, out, err) == (1, "\n".join(lines) + "\n", "")


def test_verify_tile_used_twice(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["1A, 2A, 3A", "4B, 5B, 6B", "7A, 8A, 1B"])
    assert_problems(
        referee,
        path,
        [("tile-twice", "tiles row 3, tile 3: tile 1 is used twice (also at tiles row 1, tile 1)")],
    )


def test_verify_unknown_tile_number(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["1A, 2A, 3A", "4B, 5B, 6B", "7A, 8A, 19A"])
    assert_problems(
        referee,
        path,
        [
            (
                "unknown-tile",
                "tiles row 3, tile 3: unknown tile '19A': catalog 'standard' has tiles 1-18",
            )
        ],
    )


def test_verify_side_other_than_a_or_b(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["1A, 2A, 3A", "4B, 5B, 6B", "7C, 8A, 9A"])
    assert_problems(
        referee, path, [("bad-tile", "tiles row 3, tile 1: '7C': tile sides are A and B, not 'C'")]
    )


def test_verify_malformed_references(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["1A, A7, 3A", "4B, 5B, 6B", "7A, 8A, 7"])
    assert_problems(
        referee,
        path,
        [
            (
                "bad-tile",
                "tiles row 1, tile 2: 'A7' is not a tile reference "
                "(a tile number then its side, like 7B)",
            ),
            (
                "bad-tile",
                "tiles row 3, tile 3: 7 is not a tile reference "
                "(a tile number then its side, like 7B)",
            ),
        ],
    )


def test_verify_two_rows_of_tiles(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["1A, 2A, 3A", "4B, 5B, 6B"])
    assert_problems(referee, path, [("not-3x3", "tiles: expected 3 rows of 3 tiles, got 2 rows")])


def test_verify_rows_of_two_and_four_tiles(referee: Runner, tmp_path: Path) -> None:
    path = tiles_file(tmp_path, ["1A, 2A", "4B, 5B, 6B, 10A", "7A, 8A, 9A"])
    assert_problems(
        referee,
        path,
        [
            ("not-3x3", "tiles row 1: expected 3 tiles, got 2"),
            ("not-3x3", "tiles row 2: expected 3 tiles, got 4"),
        ],
    )


def test_verify_letters_that_disagree_with_the_tiles(referee: Runner, tmp_path: Path) -> None:
    # E5 lies in tile 16A (middle tile); I9 in tile 4B (bottom right)
    path = tampered(tmp_path, SEED_1, "  - efheoseor\n", "  - efhexseor\n")
    path = write(Path(path), golden(path).replace("  - chdaiirne\n", "  - chdaiirnq\n"))
    assert_problems(
        referee,
        path,
        [
            ("letters-mismatch", "letters: E5 is 'x' but tile 16A gives 'o'"),
            ("letters-mismatch", "letters: I9 is 'q' but tile 4B gives 'e'"),
        ],
    )


def test_verify_catalog_checksum_differs(referee: Runner, tmp_path: Path) -> None:
    wrong = "0" + STANDARD_SHA[1:]
    path = tampered(tmp_path, SEED_1, STANDARD_SHA, wrong)
    assert_problems(
        referee,
        path,
        [
            (
                "catalog-mismatch",
                f"catalog: the setup was made with catalog 'standard' (sha256 {wrong}), "
                f"but the catalog in use is 'standard' (sha256 {STANDARD_SHA})",
            )
        ],
    )


def test_verify_with_a_different_catalog(referee: Runner) -> None:
    """A correct file checked against another catalog than the one it names."""
    assert_problems(
        referee,
        BY_TILES,
        [
            (
                "catalog-mismatch",
                f"catalog: the setup was made with catalog 'standard' (sha256 {STANDARD_SHA}), "
                f"but the catalog in use is 'custom' (sha256 {CUSTOM_SHA})",
            )
        ],
        "--catalog",
        CUSTOM_CATALOG,
    )


def test_verify_generated_file_with_a_different_catalog(referee: Runner) -> None:
    """The seed and the code name tiles only, so they still agree; the letters
    (resolved under 'standard') and the recorded checksum do not."""
    code, custom, _ = referee("setup", "generate", "--seed", "1", "--catalog", CUSTOM_CATALOG)
    assert code == 0
    standard_letters = "".join(yaml.safe_load(golden(SEED_1))["letters"])
    custom_letters = "".join(yaml.safe_load(custom)["letters"])
    differing = sum(a != b for a, b in zip(standard_letters, custom_letters, strict=True))
    assert differing > 40
    code, out, err = referee("setup", "verify", SEED_1, "--catalog", CUSTOM_CATALOG, "--json")
    assert (code, err) == (1, "")
    kinds = [p["kind"] for p in one_json(out)["problems"]]
    assert kinds == ["letters-mismatch"] * differing + ["catalog-mismatch"]


def test_verify_seed_that_does_not_regenerate_the_tiles(referee: Runner, tmp_path: Path) -> None:
    path = tampered(tmp_path, SEED_1, "seed: 1\n", "seed: 2\n")
    assert_problems(
        referee,
        path,
        [
            (
                "seed-mismatch",
                f"seed: 2 gives tiles 10A 4B 9B / 1A 6B 17A / 2B 16A 11A, not {SEED_1_FLAT}",
            )
        ],
    )


def test_verify_code_that_does_not_match_the_tiles(referee: Runner, tmp_path: Path) -> None:
    path = tampered(tmp_path, SEED_1, SEED_1_CODE, BY_TILES_CODE)
    assert_problems(
        referee,
        path,
        [
            (
                "code-mismatch",
                f"code: {BY_TILES_CODE} names tiles 1A 2A 3A / 4B 5B 6B / 7A 8A 9A, "
                f"not {SEED_1_FLAT}",
            )
        ],
    )


def test_verify_mistyped_code(referee: Runner, tmp_path: Path) -> None:
    typo = SEED_1_CODE[:-1] + "D"
    path = tampered(tmp_path, SEED_1, SEED_1_CODE, typo)
    assert_problems(
        referee,
        path,
        [
            (
                "bad-code",
                f"code: code '{typo}': the check characters do not match: mistyped code?",
            )
        ],
    )


def test_verify_lists_every_problem(referee: Runner, tmp_path: Path) -> None:
    """Four tamperings at once (letter, catalog checksum, seed, code): all four listed."""
    text = golden(SEED_1)
    for old, new in [
        ("  - efheoseor\n", "  - efhexseor\n"),
        (STANDARD_SHA, "f" * 64),
        ("seed: 1\n", "seed: 2\n"),
        (SEED_1_CODE, BY_TILES_CODE),
    ]:
        text = text.replace(old, new)
    path = write(tmp_path / "many.yaml", text)
    assert_problems(
        referee,
        path,
        [
            ("letters-mismatch", "letters: E5 is 'x' but tile 16A gives 'o'"),
            (
                "catalog-mismatch",
                f"catalog: the setup was made with catalog 'standard' (sha256 {'f' * 64}), "
                f"but the catalog in use is 'standard' (sha256 {STANDARD_SHA})",
            ),
            (
                "seed-mismatch",
                f"seed: 2 gives tiles 10A 4B 9B / 1A 6B 17A / 2B 16A 11A, not {SEED_1_FLAT}",
            ),
            (
                "code-mismatch",
                f"code: {BY_TILES_CODE} names tiles 1A 2A 3A / 4B 5B 6B / 7A 8A 9A, "
                f"not {SEED_1_FLAT}",
            ),
        ],
    )


def test_verify_a_tile_used_twice_in_a_generated_file(referee: Runner) -> None:
    """The shipped example: one hand edit, and every consequence listed."""
    path = "examples/blindspot/tampered-setup.yaml"
    code, out, err = referee("setup", "verify", path, "--json")
    assert (code, err) == (1, "")
    problems = one_json(out)["problems"]
    assert [p["kind"] for p in problems] == [
        "tile-twice",
        *["letters-mismatch"] * 9,
        "seed-mismatch",
        "code-mismatch",
    ]
    assert problems[0]["message"] == (
        "tiles row 1, tile 3: tile 3 is used twice (also at tiles row 1, tile 2)"
    )
    assert [p["message"].split()[1] for p in problems[1:10]] == [
        "G1",
        "H1",
        "I1",
        "G2",
        "H2",
        "I2",
        "G3",
        "H3",
        "I3",
    ]


# ------------------------------------------------------------------------- show


def test_show_by_tiles(referee: Runner) -> None:
    assert referee("setup", "show", BY_TILES) == (0, BY_TILES_BOARD, "")


def test_show_letters_only(referee: Runner) -> None:
    assert referee("setup", "show", SAMPLE) == (0, SAMPLE_BOARD, "")


def test_show_json(referee: Runner) -> None:
    code, out, err = referee("setup", "show", SEED_1, "--json")
    assert (code, err) == (0, "")
    data = yaml.safe_load(golden(SEED_1))
    assert one_json(out) == {
        "code": SEED_1_CODE,
        "tiles": data["tiles"],
        "letters": data["letters"],
        "output": None,
    }


def svg_texts(root: ET.Element, cls: str) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG_NS}text") if el.get("class") == cls]


def test_show_svg(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    code, stdout, err = referee("setup", "show", SEED_1, "-o", str(out))
    assert (code, err) == (0, "")
    assert stdout.endswith(f"Code: {SEED_1_CODE}\nWrote {out}\n")
    root = ET.parse(out).getroot()  # well-formed XML
    assert root.tag == f"{SVG_NS}svg"
    letters = "".join(yaml.safe_load(golden(SEED_1))["letters"]).upper()
    assert svg_texts(root, "l letter") == list(letters)
    assert len(svg_texts(root, "l letter")) == 81
    assert svg_texts(root, "n") == [ref for ref in SEED_1_FLAT.split() if ref != "/"]
    assert SEED_1_CODE in [el.text for el in root.iter(f"{SVG_NS}text")]
    # one printed page: the SVG's own size fits A4 (210 x 297) and Letter (215.9 x 279.4)
    assert (root.get("width"), root.get("height")) == ("190mm", "252mm")


def test_show_svg_letters_only(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    assert referee("setup", "show", SAMPLE, "-o", str(out)) == (
        0,
        f"{SAMPLE_BOARD}Wrote {out}\n",
        "",
    )
    root = ET.parse(out).getroot()
    assert (
        "".join(svg_texts(root, "l letter"))
        == "".join(yaml.safe_load(golden(SAMPLE))["letters"]).upper()
    )
    assert svg_texts(root, "n") == []


def test_show_svg_refuses_to_overwrite(referee: Runner, tmp_path: Path) -> None:
    out = write(tmp_path / "board.svg", "keep me\n")
    assert error_line(referee("setup", "show", BY_TILES, "-o", out)) == (
        f"Error: {out}: already exists; use --force to overwrite it"
    )
    assert Path(out).read_text() == "keep me\n"
    code, stdout, err = referee("setup", "show", BY_TILES, "-o", out, "--force")
    assert (code, stdout, err) == (0, f"{BY_TILES_BOARD}Wrote {out}\n", "")
    root = ET.parse(out).getroot()
    assert svg_texts(root, "n") == ["1A", "2A", "3A", "4B", "5B", "6B", "7A", "8A", "9A"]


def test_show_svg_keeps_its_old_option_name(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    code, stdout, err = referee("setup", "show", BY_TILES, "--svg", str(out), "--json")
    assert (code, err) == (0, "")
    assert one_json(stdout)["output"] == str(out)
    assert svg_texts(ET.parse(out).getroot(), "n")[0] == "1A"
    assert error_line(referee("setup", "show", BY_TILES, "--svg", str(out), "-o", "x.svg"))


def test_show_page_to_stdout(referee: Runner) -> None:
    code, stdout, err = referee("setup", "show", BY_TILES, "-o", "-")
    assert (code, err) == (0, "")
    assert svg_texts(ET.fromstring(stdout), "n")[0] == "1A"  # the page only, no board text
    code, out, err = referee("setup", "show", BY_TILES, "-o", "-", "--json")
    assert "both write to stdout" in assert_one_error_line(code, out, err, as_json=True)


def test_show_refuses_an_empty_output_name(referee: Runner) -> None:
    assert "empty file name" in error_line(referee("setup", "show", BY_TILES, "-o", ""))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_show_pdf(referee: Runner, tmp_path: Path, paper: str) -> None:
    out = tmp_path / "board.pdf"
    code, stdout, err = referee("setup", "show", BY_TILES, "-o", str(out), "--paper", paper)
    assert (code, err) == (0, "")
    assert stdout.endswith(f"Wrote {out}\n")
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert re.findall(rb"/Count (\d+)", data) == [b"1"]  # one page
    size = {"a4": b"595.28 841.89", "letter": b"612.00 792.00"}[paper]  # in points
    assert re.findall(rb"/MediaBox \[0 0 ([\d.]+ [\d.]+)\]", data) == [size]


@pytest.mark.process
def test_show_pdf_rasterised(referee: Runner, tmp_path: Path) -> None:
    """Through poppler: one A4 page; the drawing's 81 letters in reading order
    (the same text as the SVG); nothing within 8 mm of a page edge, so the
    whole board prints; the cut marks just outside the drawing's corners (and
    5 mm clear of the page edge, as printers need)."""
    import subprocess

    out = tmp_path / "board.pdf"
    assert referee("setup", "show", SEED_1, "-o", str(out))[0] == 0
    text = subprocess.run(
        ["pdftotext", "-raw", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    letters = "".join(yaml.safe_load(golden(SEED_1))["letters"]).upper()
    assert (
        re.sub(r"[^A-Z]", "", text.replace(SEED_1_CODE, "").replace("Blind Spot setup", ""))[:81]
        == letters
    )
    subprocess.run(["pdftoppm", "-r", "50", "-gray", str(out), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.pgm"))
    assert len(pages) == 1
    from test_spotit_limits import read_pgm

    width, height, pixels = read_pgm(pages[0].read_bytes())
    assert (width, height) == (414, 585)  # A4 at 50 dpi
    mm = 50 / 25.4
    dark = {(x, y) for y in range(height) for x in range(width) if pixels[y * width + x] < 160}
    edge = round(4.9 * mm)
    assert not [p for p in dark if min(p[0], p[1], width - 1 - p[0], height - 1 - p[1]) < edge]
    # a cut mark: dark pixels left of the drawing's top left corner, on its top edge line
    left, top = round(10 * mm), round(22.5 * mm)
    assert any(
        (x, y) in dark
        for x in range(left - round(5 * mm), left - 1)
        for y in (top - 1, top, top + 1)
    )


# ---------------------------------------------------------------------- catalog


def test_catalog_shows_the_standard_catalog(referee: Runner) -> None:
    code, out, err = referee("setup", "catalog")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"Catalog 'standard': 18 tiles, sha256 {STANDARD_SHA}"
    assert lines[1] == "   1A TOD TNS ENE    1B OTE EOR OII"
    assert lines[18] == "  18A ASI OAS EIG   18B NCI EFH NHH"
    assert len(lines) == 19


def fill(template: str) -> tuple[str, str]:
    """Fill every ``___`` of a template with letters; returns (text, expected sha256)
    computed from the README's canonical form (``1A:abcdefghi`` lines)."""
    rows = iter(
        "".join("abcdefghijklmnopqrstuvwxyz"[(k * 5 + i) % 26] for i in range(3))
        for k in range(999)
    )
    filled = re.sub(r"(?<=[\[ ])___(?=[,\]])", lambda _: next(rows), template)
    data = yaml.safe_load(filled)
    canonical = "\n".join(
        f"{n}{s}:{''.join(data['tiles'][n][s])}" for n in range(1, 19) for s in "AB"
    )
    return filled, hashlib.sha256(canonical.encode("ascii")).hexdigest()


def test_catalog_template_round_trip(referee: Runner, tmp_path: Path) -> None:
    code, template, err = referee("setup", "catalog", "--template")
    assert (code, err) == (0, "")
    assert template.count("[___, ___, ___]") == 36
    path = write(tmp_path / "my-tiles.yaml", template)
    assert error_line(referee("setup", "catalog", "--catalog", path)) == (
        f"Error: {path}: line 9: tiles.1.A[0]: expected 3 letters a-z, got '___'"
    )
    filled, sha = fill(template)
    write(Path(path), filled)
    code, out, err = referee("setup", "catalog", "--catalog", path)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"Catalog 'my-tiles': 18 tiles, sha256 {sha}"
    code, out, err = referee("setup", "catalog", "--catalog", path, "--json")
    assert (code, err) == (0, "")
    doc = one_json(out)
    assert (doc["name"], doc["sha256"]) == ("my-tiles", sha)
    assert doc["tiles"]["1"] == {"A": ["abc", "fgh", "klm"], "B": ["pqr", "uvw", "zab"]}


def test_catalog_template_to_a_file(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "my-tiles.yaml"
    code, stdout, err = referee("setup", "catalog", "--template", "-o", str(out))
    assert (code, err) == (0, "")
    assert stdout == (
        f"Wrote {out}: fill in the letters of each tile, then check it with "
        f"referee setup catalog --catalog {out}\n"
    )
    assert out.read_text(encoding="utf-8") == referee("setup", "catalog", "--template")[1]
    assert error_line(referee("setup", "catalog", "--template", "-o", str(out))) == (
        f"Error: {out}: already exists; use --force to overwrite it"
    )


def test_catalog_template_json_names_the_file(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "my-tiles.yaml"
    code, stdout, err = referee("setup", "catalog", "--template", "-o", str(out), "--json")
    assert (code, err) == (0, "")
    assert one_json(stdout) == {"output": str(out)}
    assert out.read_text(encoding="utf-8") == referee("setup", "catalog", "--template")[1]


def test_catalog_output_without_template_is_refused(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "cat.yaml"
    line = error_line(referee("setup", "catalog", "-o", str(out)))
    assert "-o writes the --template" in line
    assert not out.exists()


def test_catalog_template_json_to_stdout_is_refused(referee: Runner) -> None:
    line = assert_one_error_line(*referee("setup", "catalog", "--template", "--json"), as_json=True)
    assert "--template --json needs -o FILE" in line


def rewritten_standard() -> str:
    """The standard catalog's letters, rewritten: other comments, tiles in
    reverse order, side B first, upper case, one string per face."""
    data = yaml.safe_load(golden(STANDARD_TILES))
    out = ["# rewritten by hand", "tiles:"]
    for n in sorted(data["tiles"], reverse=True):
        out.append(f"  {n}:  # tile {n}")
        out.append(f"    B: {' '.join(data['tiles'][n]['B']).upper()}")
        out.append(f"    a: [{', '.join(data['tiles'][n]['A']).upper()}]")
    out.append("name: standard")
    return "\n".join(out) + "\n"


def catalog_sha(referee: Runner, path: str) -> str:
    code, out, err = referee("setup", "catalog", "--catalog", path, "--json")
    assert (code, err) == (0, "")
    sha = one_json(out)["sha256"]
    assert isinstance(sha, str)
    return sha


def test_catalog_identity_ignores_comments_order_and_case(referee: Runner, tmp_path: Path) -> None:
    path = write(tmp_path / "rewritten.yaml", rewritten_standard())
    assert catalog_sha(referee, path) == STANDARD_SHA
    # so a setup made with 'standard' verifies against it
    assert referee("setup", "verify", SEED_1, "--catalog", path)[0] == 0


def test_catalog_identity_changes_with_one_letter(referee: Runner, tmp_path: Path) -> None:
    text = rewritten_standard()
    assert text.count("    B: NCI EFH NHH\n") == 1  # tile 18 side B
    path = write(tmp_path / "changed.yaml", text.replace("NCI EFH NHH", "NCI EFH NHA"))
    sha = catalog_sha(referee, path)
    assert sha != STANDARD_SHA
    assert len(sha) == 64
    code, out, _ = referee("setup", "verify", BY_TILES, "--catalog", path, "--json")
    assert code == 1
    assert [p["kind"] for p in one_json(out)["problems"]] == ["catalog-mismatch"]


@pytest.mark.parametrize(
    ("name", "decoded", "may_refuse"),
    [
        ("my tiles: v2", "my tiles: v2", False),
        ('say \\"hi\\"', 'say "hi"', False),
        ("tab\\there", "tab\there", False),
        ("braces {x}", "braces {x}", False),
        ("del\\x7f", "del\x7f", True),
    ],
    ids=["colon", "quotes", "tab", "braces", "control-character"],
)
def test_generated_file_with_any_catalog_name_verifies(
    referee: Runner, tmp_path: Path, name: str, decoded: str, may_refuse: bool
) -> None:
    """Whatever name a catalog file gives (written here as a YAML double-quoted
    string with escapes), the setup file generate writes with it must be a
    setup that verify reads back; a name with a control character may
    instead be refused up front, naming the catalog's name."""
    catalog = golden(CUSTOM_CATALOG).replace("name: custom\n", f'name: "{name}"\n')
    cat_path = write(tmp_path / "cat.yaml", catalog)
    out = tmp_path / "s.yaml"
    code, _, err = referee(
        "setup", "generate", "--seed", "3", "--catalog", cat_path, "-o", str(out)
    )
    if may_refuse and code == 2:
        assert err.startswith(f"Error: {cat_path}: name:")
        return
    assert code == 0, err
    assert referee("setup", "verify", str(out), "--catalog", cat_path) == (
        0,
        f"{out}: OK (tiles and letters consistent with catalog {decoded!r})\n",
        "",
    )


# -------------------------------------------------------- check-word --layout


@pytest.mark.parametrize(
    ("layout", "word", "at", "extra", "env", "verdict"),
    [
        pytest.param(
            SEED_1,
            "hath",
            "C4",
            (),
            None,
            {"cells": ["C1", "C2", "C3", "C5"], "direction": "S", "bonus": False},
            id="generated-tiles-and-letters",
        ),
        pytest.param(
            BY_TILES,
            "reset",
            "A2",
            (),
            None,
            {"cells": ["A6", "A5", "A4", "A3", "A1"], "direction": "N", "bonus": True},
            id="tiles-only",
        ),
        pytest.param(
            SAMPLE,
            "seas",
            "D1",
            (),
            None,
            {"cells": ["A1", "B1", "C1", "E1"], "direction": "E", "bonus": False},
            id="letters-only",
        ),
        pytest.param(
            CUSTOM_BY_TILES,
            "can",
            "C1",
            ("--catalog", CUSTOM_CATALOG),
            None,
            {"cells": ["A1", "B1", "D1"], "direction": "E", "bonus": False},
            id="custom-catalog-option",
        ),
        pytest.param(
            CUSTOM_BY_TILES,
            "can",
            "C1",
            (),
            {"REFEREE_CATALOG": CUSTOM_CATALOG},
            {"cells": ["A1", "B1", "D1"], "direction": "E", "bonus": False},
            id="custom-catalog-env",
        ),
    ],
)
def test_check_word_accepts_every_setup_form(
    referee: Runner,
    layout: str,
    word: str,
    at: str,
    extra: tuple[str, ...],
    env: dict[str, str] | None,
    verdict: dict[str, Any],
) -> None:
    code, out, err = referee(
        "check-word", word, "--layout", layout, "--at", at, *extra, "--json", env=env
    )
    assert (code, err) == (0, "")
    assert one_json(out) == {
        "valid": True,
        "word": word,
        "at": at,
        **verdict,
        "reason": None,
        "explanation": None,
        "player": "red",
        "dictionary": ASPELL,
    }


def test_check_word_tiles_depend_on_the_catalog(referee: Runner) -> None:
    """Without the custom catalog the same tiles show other letters: no CAN."""
    code, out, err = referee(
        "check-word", "can", "--layout", CUSTOM_BY_TILES, "--at", "C1", "--json"
    )
    assert (code, err) == (1, "")
    doc = one_json(out)
    assert (doc["valid"], doc["reason"]) == (False, "not-found")


def test_check_word_on_a_generated_custom_setup(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "custom.yaml"
    assert (
        referee(
            "setup",
            "generate",
            "--code",
            "BS1-1A2B3A-4A5B6A-7B8A9B-J6",
            "--catalog",
            CUSTOM_CATALOG,
            "-o",
            str(out),
        )[0]
        == 0
    )
    # the file carries its letters: no --catalog needed to judge on it
    code, stdout, err = referee("check-word", "can", "--layout", str(out), "--at", "C1", "--json")
    assert (code, err) == (0, "")
    assert one_json(stdout)["cells"] == ["A1", "B1", "D1"]


# ------------------------------------------------------------------- bad input


def big(path: Path) -> str:
    path.write_text("# " + "x" * (1024 * 1024) + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("command", "what"),
    [(("setup", "catalog", "--catalog"), "tile catalog"), (("setup", "verify"), "setup")],
    ids=["catalog", "setup"],
)
def test_not_yaml(referee: Runner, tmp_path: Path, command: tuple[str, ...], what: str) -> None:
    path = write(tmp_path / "bad.yaml", "name: [unclosed\n")
    assert error_line(referee(*command, path)) == (
        f"Error: {path}: line 2: not valid YAML (did not find expected ',' or ']')"
    )


@pytest.mark.parametrize(
    "command",
    [("setup", "catalog", "--catalog"), ("setup", "verify")],
    ids=["catalog", "setup"],
)
def test_not_a_mapping(referee: Runner, tmp_path: Path, command: tuple[str, ...]) -> None:
    path = write(tmp_path / "list.yaml", "- 1A\n- 2A\n")
    assert error_line(referee(*command, path)) == (
        f"Error: {path}: expected a YAML mapping (key: value) at the top, found a list"
    )


@pytest.mark.parametrize(
    ("command", "what"),
    [(("setup", "catalog", "--catalog"), "tile catalog"), (("setup", "verify"), "setup")],
    ids=["catalog", "setup"],
)
def test_over_one_mib(referee: Runner, tmp_path: Path, command: tuple[str, ...], what: str) -> None:
    path = big(tmp_path / "big.yaml")
    size = Path(path).stat().st_size
    assert size > 1024 * 1024
    assert error_line(referee(*command, path)) == (
        f"Error: {path}: {what} is {size:,} bytes, over the 1 MiB limit; refusing to read it"
    )


def test_catalog_not_yaml_for_generate(referee: Runner, tmp_path: Path) -> None:
    path = write(tmp_path / "bad.yaml", "tiles: {1: [abc\n")
    line = error_line(referee("setup", "generate", "--seed", "1", "--catalog", path))
    assert line.startswith(f"Error: {path}: line ")
    assert "not valid YAML" in line


def test_setup_without_tiles_or_letters(referee: Runner, tmp_path: Path) -> None:
    path = write(tmp_path / "empty.yaml", "game: blind-spot\nseed: 1\n")
    assert error_line(referee("setup", "verify", path)) == (
        f"Error: {path}: not a setup: it has neither 'tiles' nor 'letters'"
    )


def test_setup_of_another_game(referee: Runner, tmp_path: Path) -> None:
    path = write(tmp_path / "other.yaml", "game: word-block\ntiles: []\n")
    assert error_line(referee("setup", "verify", path)) == (
        f"Error: {path}: line 1: game: this is a 'word-block' file, not a Blind Spot setup "
        "(game: blind-spot)"
    )


COMMANDS = {
    "code": ("setup", "code"),
    "show": ("setup", "show"),
    "check-word": ("check-word", "toe", "--at", "B1", "--layout"),
}

BAD_REFS = {
    "19A": "unknown tile '19A': catalog 'standard' has tiles 1-18",
    "7C": "'7C': tile sides are A and B, not 'C'",
    "A7": "'A7' is not a tile reference (a tile number then its side, like 7B)",
    "7": "7 is not a tile reference (a tile number then its side, like 7B)",
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("ref", list(BAD_REFS))
def test_bad_tile_reference(referee: Runner, tmp_path: Path, command: str, ref: str) -> None:
    path = tiles_file(tmp_path, ["1A, 2A, 3A", "4B, 5B, 6B", f"8A, {ref}, 10A"])
    assert error_line(referee(*COMMANDS[command], path)) == (
        f"Error: {path}: line 5: tiles[2][1]: {BAD_REFS[ref]}"
    )


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["1A, 2A", "4B, 5B, 6B", "7A, 8A, 9A"], "line 3: tiles[0]: expected 3 tiles, got 2"),
        (
            ["1A, 2A, 3A", "4B, 5B, 6B, 10A", "7A, 8A, 9A"],
            "line 4: tiles[1]: expected 3 tiles, got 4",
        ),
        (["1A, 2A, 3A", "4B, 5B, 6B"], "line 2: tiles: expected 3 rows of 3 tiles, got 2 rows"),
        (
            ["1A, 2A, 3A", "4B, 5B, 6B", "7A, 8A, 2B"],
            "line 5: tiles[2][2]: tile 2 is used twice (also at row 1, tile 2)",
        ),
    ],
    ids=["row-of-2", "row-of-4", "two-rows", "tile-twice"],
)
def test_not_three_by_three(
    referee: Runner, tmp_path: Path, command: str, rows: list[str], message: str
) -> None:
    path = tiles_file(tmp_path, rows)
    assert error_line(referee(*COMMANDS[command], path)) == f"Error: {path}: {message}"


def test_code_with_wrong_checksum(referee: Runner) -> None:
    typed = SEED_1_CODE[:-2] + "CR"
    assert error_line(referee("setup", "generate", "--code", typed)) == (
        f"Error: code '{typed}': the check characters do not match: mistyped code?"
    )


@pytest.mark.parametrize(
    "typed",
    [SEED_1_CODE[:-3], SEED_1_CODE + "X", "BS1-17A8B11B-18B16A1B-5B2B-RC"],
    ids=["no-check", "extra-char", "row-of-2"],
)
def test_code_of_wrong_length(referee: Runner, typed: str) -> None:
    assert error_line(referee("setup", "generate", "--code", typed)) == (
        f"Error: code '{typed}' is not of the form BS1-<3 tiles>-<3 tiles>-<3 tiles>-<2 check "
        "characters>, e.g. BS1-7B12A3A-1A5B18B-9A2A4B-K4: mistyped code?"
    )


@pytest.mark.parametrize(
    ("seed", "problem"),
    [
        ("abc", "expected a whole number from 0 to 999999999999999999, got 'abc'"),
        ("1.5", "expected a whole number from 0 to 999999999999999999, got '1.5'"),
        ("-1", "expected a whole number from 0 to 999999999999999999, got -1"),
        (
            "1000000000000000000",
            "expected a whole number from 0 to 999999999999999999, got '1000000...00000000'",
        ),
        (
            "9" * 5000,
            "expected a whole number from 0 to 999999999999999999, got '9999999...99999999'",
        ),
    ],
    ids=["abc", "1.5", "negative", "19-digits", "5000-digits"],
)
def test_seed_not_a_whole_number(referee: Runner, seed: str, problem: str) -> None:
    assert error_line(referee("setup", "generate", "--seed", seed)) == (
        f"Error: Invalid value for '--seed': {problem} (see 'referee setup generate --help')"
    )


def test_seed_and_code_together(referee: Runner) -> None:
    assert error_line(referee("setup", "generate", "--seed", "1", "--code", SEED_1_CODE)) == (
        "Error: give --seed or --code, not both (see 'referee setup generate --help')"
    )


def test_output_in_a_missing_directory(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "no-such-dir" / "s.yaml"
    assert error_line(referee("setup", "generate", "--seed", "1", "-o", str(out))) == (
        f"Error: {out}: cannot write the setup: no such folder"
    )
    assert not out.parent.exists()


def test_output_is_a_directory(referee: Runner, tmp_path: Path) -> None:
    assert error_line(referee("setup", "generate", "--seed", "1", "-o", str(tmp_path))) == (
        f"Error: {tmp_path}: is a directory; cannot write the setup there"
    )
    assert list(tmp_path.iterdir()) == []


def test_output_exists_without_force(referee: Runner, tmp_path: Path) -> None:
    out = write(tmp_path / "s.yaml", "mine\n")
    assert error_line(referee("setup", "generate", "--seed", "1", "-o", out)) == (
        f"Error: {out}: already exists; use --force to overwrite it"
    )
    assert Path(out).read_text() == "mine\n"
    assert referee("setup", "generate", "--seed", "1", "-o", out, "--force") == (
        0,
        f"Wrote {out}: {SEED_1_CODE}\n",
        "",
    )
    assert Path(out).read_bytes() == (REPO / SEED_1).read_bytes()
