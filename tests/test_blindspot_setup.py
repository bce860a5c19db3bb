"""Blind Spot setups at the pure level: tile references, catalogs, seeded
generation (method sha256-ctr-v1), BS1 codes, verification, rendering.

The golden files tests/data/setups/seed-1.yaml and seed-2024.yaml are the exact
output of ``referee setup generate --seed 1`` / ``--seed 2024``; the CLI tests
(test_blindspot_setup_cli.py) compare the command against them byte for byte.
"""

from __future__ import annotations

import copy
import hashlib
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from helpers import BY_TILES_CODE, CODE_ALPHABET, CUSTOM_SHA, STANDARD_SHA, SVG_NS, without_seed
from referee.blindspot.board import LetterGrid
from referee.blindspot.formats import (
    CATALOG_ENV,
    catalog_template,
    load_catalog,
    load_layout,
    load_setup,
    read_catalog,
    read_layout,
    read_tile_rows,
    setup_text,
    standard_catalog,
)
from referee.blindspot.render import render_setup, setup_svg
from referee.blindspot.tiles import (
    GENERATOR,
    PROBLEM_KINDS,
    SIDES,
    Catalog,
    Layout,
    Problem,
    SeedStream,
    TileRef,
    decode,
    encode,
    generate,
    verify,
)
from referee.core.errors import InputError, SetupError
from referee.core.files import reading
from referee.core.schema import Value, parse_yaml

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "setups"
STANDARD_TILES = REPO / "src" / "referee" / "data" / "standard-tiles.yaml"
CUSTOM_CATALOG = DATA / "custom-catalog.yaml"

SEED_1_CODE = "BS1-17A8B11B-18B16A1B-5B2B4B-RC"
SEED_2024_CODE = "BS1-1A3A5B-16B7B17B-8B14B12B-5Y"
SEED_1_FLAT = "17A 8B 11B / 18B 16A 1B / 5B 2B 4B"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def refs(flat: str) -> Layout:
    """``"1A 2A 3A / 4B 5B 6B / 7A 8A 9A"`` as a layout."""
    return tuple(tuple(TileRef(int(t[:-1]), t[-1]) for t in row.split()) for row in flat.split("/"))


def parse_tile_rows(raw: object, source: str = "s.yaml") -> Layout:
    """``tiles:`` of a layout as the strict reader reads it."""
    with reading(source):
        return read_tile_rows(Value(raw, "tiles"))


def catalog_from(data: Any, source: str = "c.yaml") -> Catalog:
    with reading(source):
        return read_catalog(Value(data))


def layout_from_mapping(
    data: dict[str, Any], source: str = "s", catalog: Catalog | None = None
) -> LetterGrid:
    with reading(source):
        return read_layout(Value(data), lambda: catalog or standard_catalog()).board


def golden_text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def golden(name: str) -> dict[str, Any]:
    data = yaml.safe_load(golden_text(name))
    assert isinstance(data, dict)
    return data


def standard_mapping() -> dict[str, Any]:
    data = yaml.safe_load(STANDARD_TILES.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


# --------------------------------------------------------------- tile references


@pytest.mark.parametrize(
    ("text", "number", "side"),
    [
        ("7B", 7, "B"),
        ("7b", 7, "B"),
        ("12A", 12, "A"),
        (" 18 a ", 18, "A"),
        ("1A", 1, "A"),
    ],
    ids=["7B", "lowercase-side", "two-digits", "spaces", "1A"],
)
def test_tile_ref_parses(text: str, number: int, side: str) -> None:
    ref = TileRef.from_text(text)
    assert ref == TileRef(number, side)
    assert str(ref) == f"{number}{side}"
    assert TileRef.from_text(str(ref)) == ref


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("7C", "f: tiles[0][2]: '7C': tile sides are A and B, not 'C'"),
        ("7c", "f: tiles[0][2]: '7c': tile sides are A and B, not 'c'"),
        (
            "A7",
            "f: tiles[0][2]: 'A7' is not a tile reference (a tile number then its side, like 7B)",
        ),
        (
            "7",
            "f: tiles[0][2]: '7' is not a tile reference (a tile number then its side, like 7B)",
        ),
        (
            7,
            "f: tiles[0][2]: 7 is not a tile reference (a tile number then its side, like 7B)",
        ),
        (
            "7AB",
            "f: tiles[0][2]: '7AB' is not a tile reference (a tile number then its side, like 7B)",
        ),
        (
            "",
            "f: tiles[0][2]: '' is not a tile reference (a tile number then its side, like 7B)",
        ),
        (
            None,
            "f: tiles[0][2]: None is not a tile reference (a tile number then its side, like 7B)",
        ),
        (
            ["7A"],
            "f: tiles[0][2]: ['7A'] is not a tile reference (a tile number then its side, like 7B)",
        ),
    ],
    ids=[
        "side-C",
        "side-c",
        "A7",
        "no-side-string",
        "no-side-int",
        "two-sides",
        "empty",
        "null",
        "list",
    ],
)
def test_tile_ref_rejects(value: object, message: str) -> None:
    with pytest.raises(SetupError) as info, reading("f"):
        Value(value, "tiles[0][2]").convert(TileRef.from_text)
    assert str(info.value) == message


def test_parse_tile_rows_accepts_lists_and_strings() -> None:
    assert parse_tile_rows([["1A", "2A", "3A"], "4B, 5B, 6B", "7a 8a 9a"]) == refs(
        "1A 2A 3A / 4B 5B 6B / 7A 8A 9A"
    )


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            [["1A", "2A", "3A"], ["4B", "5B", "6B"]],
            "s.yaml: tiles: expected 3 rows of 3 tiles, got 2 rows",
        ),
        ("1A 2A 3A", "s.yaml: tiles: expected 3 rows of 3 tiles, got 0 rows"),
        (
            [["1A", "2A"], ["4B", "5B", "6B"], ["7A", "8A", "9A"]],
            "s.yaml: tiles[0]: expected 3 tiles, got 2",
        ),
        (
            [["1A", "2A", "3A", "10A"], ["4B", "5B", "6B"], ["7A", "8A", "9A"]],
            "s.yaml: tiles[0]: expected 3 tiles, got 4",
        ),
        (
            [["1A", "2A", "3A"], ["4B", "5B", "6B"], ["7A", "8A", "9C"]],
            "s.yaml: tiles[2][2]: '9C': tile sides are A and B, not 'C'",
        ),
        (
            [["1A", "2A", "3A"], ["4B", "5B", "6B"], ["7A", "8A", "2B"]],
            "s.yaml: tiles[2][2]: tile 2 is used twice (also at row 1, tile 2)",
        ),
    ],
    ids=["two-rows", "not-a-list", "row-of-2", "row-of-4", "side-C", "tile-twice"],
)
def test_parse_tile_rows_rejects(raw: object, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_tile_rows(raw, "s.yaml")
    assert str(info.value) == message


# ---------------------------------------------------------------------- catalogs


def test_standard_catalog_identity() -> None:
    cat = standard_catalog()
    assert cat.name == "standard"
    assert cat.numbers == list(range(1, 19))
    assert cat.sha256 == STANDARD_SHA
    assert cat.faces[1]["A"] == ("tod", "tns", "ene")
    assert cat.faces[7]["B"] == ("wta", "eef", "uqe")


def test_catalog_canonical_form_is_what_the_checksum_covers() -> None:
    """One ``1A:abcdefghi`` line per tile side, tiles in ascending order, A then B."""
    cat = standard_catalog()
    lines = cat.canonical().split("\n")
    assert len(lines) == 36
    assert lines[:4] == ["1A:todtnsene", "1B:oteeoroii", "2A:siirstnoa", "2B:npiaemaii"]
    assert [line[: line.index(":")] for line in lines] == [
        f"{n}{s}" for n in range(1, 19) for s in "AB"
    ]
    assert all(re.fullmatch(r"[0-9]+[AB]:[a-z]{9}", line) for line in lines)
    assert cat.sha256 == hashlib.sha256("\n".join(lines).encode("ascii")).hexdigest()


def _shuffled_upper_commented(data: dict[str, Any]) -> str:
    """The same letters: tiles in reverse order, side B first, upper case,
    faces as one string, comments everywhere."""
    out = ["# a comment", "tiles:  # the tiles"]
    for number in sorted(data["tiles"], reverse=True):
        sides = data["tiles"][number]
        out.append(f"  '{number}':")
        out.append(f"    b: {' '.join(sides['B']).upper()}  # side B first")
        out.append(f"    A: [{', '.join(sides['A']).upper()}]")
    out.append(f"name: {data['name']}")
    return "\n".join(out) + "\n"


def test_catalog_checksum_ignores_comments_key_order_and_case() -> None:
    data = standard_mapping()
    text = _shuffled_upper_commented(data)
    other = catalog_from(yaml.safe_load(text), "other.yaml")
    assert other.name == "standard"
    assert other.sha256 == STANDARD_SHA
    assert other.canonical() == standard_catalog().canonical()


def test_catalog_checksum_covers_letters_not_the_name() -> None:
    data = standard_mapping()
    data["name"] = "renamed"
    renamed = catalog_from(data)
    assert (renamed.name, renamed.sha256) == ("renamed", STANDARD_SHA)


def test_catalog_checksum_changes_with_one_letter() -> None:
    data = standard_mapping()
    data["tiles"][18]["B"] = [
        "zzz" if i == 1 else row for i, row in enumerate(data["tiles"][18]["B"])
    ]
    changed = catalog_from(data)
    assert changed.sha256 != STANDARD_SHA
    assert changed.canonical().split("\n")[:-1] == standard_catalog().canonical().split("\n")[:-1]


def _tiles(count: int = 18) -> dict[Any, Any]:
    return {
        n: {"A": ["abc", "def", "ghi"], "B": ["jkl", "mno", "pqr"]} for n in range(1, count + 1)
    }


def _with(change: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "t", "tiles": _tiles()}
    change(data)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tiles": _tiles()}, "c.yaml: 'name' is missing"),
        ({"name": "  ", "tiles": _tiles()}, "c.yaml: name: the catalog needs a name"),
        ({"name": 7, "tiles": _tiles()}, "c.yaml: name: expected text, got the number 7"),
        ({"name": "t"}, "c.yaml: 'tiles' is missing"),
        (
            {"name": "t", "tiles": ["abc"]},
            "c.yaml: tiles: expected a mapping of tile number: sides, got a list",
        ),
        (
            _with(lambda d: d["tiles"].update({"x": {}})),
            "c.yaml: tiles: 'x' is not a tile number (1 to 999)",
        ),
        (
            _with(lambda d: d["tiles"].update({0: {}})),
            "c.yaml: tiles: 0 is not a tile number (1 to 999)",
        ),
        (
            _with(lambda d: d["tiles"].update({1000: {}})),
            "c.yaml: tiles: 1000 is not a tile number (1 to 999)",
        ),
        (
            _with(lambda d: d.update({"author": "me"})),
            "c.yaml: unknown key 'author' (expected name, tiles)",
        ),
        (
            _with(lambda d: d["tiles"].update({"3": d["tiles"][3]})),
            "c.yaml: tiles: tile 3 is listed twice",
        ),
        (
            _with(lambda d: d["tiles"].update({4: "abc"})),
            "c.yaml: tiles.4: expected sides A and B, got 'abc'",
        ),
        (
            _with(lambda d: d["tiles"][5].pop("B")),
            "c.yaml: tiles.5: expected exactly sides A and B, found A",
        ),
        (
            _with(lambda d: d["tiles"][5].update({"C": ["abc", "def", "ghi"]})),
            "c.yaml: tiles.5: expected exactly sides A and B, found A, B, C",
        ),
        (
            _with(lambda d: d["tiles"][6].update({"a": ["abc", "def", "ghi"]})),
            "c.yaml: tiles.6: expected exactly sides A and B, found A, B, a",
        ),
        (
            _with(lambda d: d["tiles"][7].update({"B": ["abc", "def"]})),
            "c.yaml: tiles.7.B: expected 3 rows of 3 letters",
        ),
        (
            _with(lambda d: d["tiles"][8].update({"A": ["abc", "defg", "ghi"]})),
            "c.yaml: tiles.8.A[1]: expected 3 letters a-z, got 'defg'",
        ),
        (
            _with(lambda d: d["tiles"][9].update({"B": ["abc", "def", "g1i"]})),
            "c.yaml: tiles.9.B[2]: expected 3 letters a-z, got 'g1i'",
        ),
        (
            _with(lambda d: d["tiles"][10].update({"A": [123, "def", "ghi"]})),
            "c.yaml: tiles.10.A[0]: expected 3 letters a-z, got 123",
        ),
        (
            _with(lambda d: d["tiles"][11].update({"A": ["___", "___", "___"]})),
            "c.yaml: tiles.11.A[0]: expected 3 letters a-z, got '___'",
        ),
    ],
    ids=[
        "no-name",
        "blank-name",
        "name-not-text",
        "no-tiles",
        "tiles-not-mapping",
        "tile-not-number",
        "tile-zero",
        "tile-1000",
        "unknown-key",
        "tile-twice",
        "sides-not-mapping",
        "side-missing",
        "side-extra",
        "side-twice-by-case",
        "two-rows",
        "four-letters",
        "digit",
        "row-not-text",
        "blank",
    ],
)
def test_catalog_validation(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as info:
        catalog_from(data, "c.yaml")
    assert str(info.value) == message


def test_custom_catalog_file() -> None:
    cat = load_catalog(str(CUSTOM_CATALOG))
    assert (cat.name, cat.sha256, cat.numbers) == ("custom", CUSTOM_SHA, list(range(1, 19)))
    assert cat.faces[1]["A"][0] == "cat"


def test_load_catalog_precedence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CATALOG_ENV, raising=False)
    assert load_catalog().sha256 == STANDARD_SHA
    assert load_catalog("standard").sha256 == STANDARD_SHA
    monkeypatch.setenv(CATALOG_ENV, str(CUSTOM_CATALOG))
    assert load_catalog().sha256 == CUSTOM_SHA
    assert load_catalog("standard").sha256 == STANDARD_SHA


def test_catalog_template_is_rejected_until_filled() -> None:
    text = catalog_template()
    assert text.count("[___, ___, ___]") == 18 * 2
    with pytest.raises(SetupError) as info:
        catalog_from(parse_yaml(text), "my-tiles.yaml")
    assert (
        str(info.value) == "my-tiles.yaml: line 9: tiles.1.A[0]: expected 3 letters a-z, got '___'"
    )
    counter = iter(range(10**6))
    filled = re.sub(r"(?<=[\[ ])___(?=[,\]])", lambda _: ALPHABET[next(counter) % 24 :][:3], text)
    cat = catalog_from(yaml.safe_load(filled), "my-tiles.yaml")
    assert (cat.name, cat.numbers) == ("my-tiles", list(range(1, 19)))
    assert cat.faces[1]["A"] == ("abc", "bcd", "cde")
    assert cat.faces[1]["B"] == ("def", "efg", "fgh")
    assert cat.faces[18]["B"] == ("jkl", "klm", "lmn")  # blanks 105-107


# -------------------------------------------------------------------- generation


def test_seed_stream_first_values_are_pinned() -> None:
    """A change of method (hash input, byte order, block order) changes these."""
    stream = SeedStream(1)
    assert [stream.next64() for _ in range(6)] == [
        10909747626194836762,
        6959824070217835708,
        7836811196394438856,
        6137620358098536119,
        11790803105435179473,
        6307860483680887480,
    ]
    stream = SeedStream(2024)
    assert [stream.next64() for _ in range(2)] == [17622290349774091440, 16874011399677715358]


def _documented_stream(seed: int) -> list[int]:
    """The first two blocks, as the docstring and README describe them."""
    out: list[int] = []
    for block in range(2):
        digest = hashlib.sha256(f"referee/blind-spot/setup/v1/{seed}/{block}".encode()).digest()
        out += [int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)]
    return out


@given(st.integers(min_value=0, max_value=2**80))
def test_seed_stream_follows_its_documented_method(seed: int) -> None:
    stream = SeedStream(seed)
    assert [stream.next64() for _ in range(8)] == _documented_stream(seed)


class _Scripted(SeedStream):
    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def next64(self) -> int:
        return self.values.pop(0)


@pytest.mark.parametrize(
    ("n", "values", "expected", "left"),
    [
        (3, [2**64 - 1, 5], 2, 0),
        (3, [2**64 - 2, 5], (2**64 - 2) % 3, 1),
        (18, [2**64 - (2**64 % 18), 2**64 - 1, 37], 1, 0),
        (2, [2**64 - 1, 0], 1, 1),
        (1, [12345], 0, 0),
    ],
    ids=[
        "reject-top-of-3",
        "accept-below-limit",
        "reject-twice-18",
        "power-of-two-no-reject",
        "one",
    ],
)
def test_below_rejects_values_at_or_above_the_largest_multiple(
    n: int, values: list[int], expected: int, left: int
) -> None:
    stream = _Scripted(values)
    assert stream.below(n) == expected
    assert len(stream.values) == left


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="n must be positive"):
        SeedStream(1).below(0)


def _documented_generate(numbers: list[int], seed: int) -> Layout:
    """Method sha256-ctr-v1 as the docstring of ``generate`` states it."""
    stream = SeedStream(seed)
    pool = sorted(numbers)
    for i in range(9):
        j = i + stream.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    chosen = [TileRef(n, "AB"[stream.below(2)]) for n in pool[:9]]
    return (tuple(chosen[0:3]), tuple(chosen[3:6]), tuple(chosen[6:9]))


def test_generator_name() -> None:
    assert GENERATOR == "sha256-ctr-v1"


@pytest.mark.parametrize(
    ("seed", "flat"),
    [
        (0, "5A 11B 13B / 4B 17B 16A / 10A 18A 6B"),
        (1, SEED_1_FLAT),
        (2, "10A 4B 9B / 1A 6B 17A / 2B 16A 11A"),
        (2024, "1A 3A 5B / 16B 7B 17B / 8B 14B 12B"),
    ],
    ids=["seed-0", "seed-1", "seed-2", "seed-2024"],
)
def test_generate_is_pinned(seed: int, flat: str) -> None:
    assert generate(standard_catalog(), seed) == refs(flat)


@given(st.integers(min_value=0, max_value=2**70))
def test_generate_draws_nine_distinct_tiles_each_side_a_or_b(seed: int) -> None:
    layout = generate(standard_catalog(), seed)
    assert len(layout) == 3
    assert all(len(row) == 3 for row in layout)
    flat = [ref for row in layout for ref in row]
    assert len({ref.number for ref in flat}) == 9
    assert all(1 <= ref.number <= 18 for ref in flat)
    assert all(ref.side in SIDES for ref in flat)
    assert layout == _documented_generate(list(range(1, 19)), seed)


def test_different_seeds_give_different_setups() -> None:
    layouts = {generate(standard_catalog(), seed) for seed in [*range(50), 2024, 10**9, 2**64]}
    assert len(layouts) == 53


def test_generate_uses_the_catalogs_tile_numbers() -> None:
    """Only the numbers matter: 18 tiles numbered 101-118 draw the same
    positions as the standard 1-18, shifted by 100."""
    faces = {n + 100: standard_catalog().faces[n] for n in range(1, 19)}
    shifted = generate(Catalog("shifted", faces), 1)
    assert shifted == tuple(
        tuple(TileRef(ref.number + 100, ref.side) for ref in row) for row in refs(SEED_1_FLAT)
    )
    assert generate(load_catalog(str(CUSTOM_CATALOG)), 1) == refs(SEED_1_FLAT)


def test_generate_needs_nine_tiles() -> None:
    faces = {n: standard_catalog().faces[n] for n in range(1, 9)}
    with pytest.raises(SetupError) as info:
        generate(Catalog("small", faces), 1)
    assert str(info.value) == "catalog 'small' has 8 tiles; a setup needs 9"


def test_generate_from_exactly_nine_tiles_uses_them_all() -> None:
    faces = {n: standard_catalog().faces[n] for n in range(1, 10)}
    layout = generate(Catalog("nine", faces), 7)
    assert sorted(ref.number for row in layout for ref in row) == list(range(1, 10))


# ------------------------------------------------------------------------- codes


@pytest.mark.parametrize(
    ("flat", "code"),
    [
        (SEED_1_FLAT, SEED_1_CODE),
        ("1A 3A 5B / 16B 7B 17B / 8B 14B 12B", SEED_2024_CODE),
        ("1A 2A 3A / 4B 5B 6B / 7A 8A 9A", BY_TILES_CODE),
    ],
    ids=["seed-1", "seed-2024", "by-tiles"],
)
def test_encode_is_pinned(flat: str, code: str) -> None:
    assert encode(refs(flat)) == code
    assert decode(code) == refs(flat)


def _iso7064_sum(text: str) -> int:
    """ISO/IEC 7064 MOD 1271-36: a valid string (payload + 2 check characters)
    has weighted sum 1 modulo 1271, weights 36^k from the right."""
    n = len(text)
    return (
        sum(CODE_ALPHABET.index(ch) * pow(36, n - 1 - i, 1271) for i, ch in enumerate(text)) % 1271
    )


ref_strategy = st.builds(TileRef, st.integers(min_value=1, max_value=999), st.sampled_from(SIDES))
layout_strategy = st.lists(ref_strategy, min_size=9, max_size=9).map(
    lambda r: (tuple(r[0:3]), tuple(r[3:6]), tuple(r[6:9]))
)


@given(st.integers(min_value=0, max_value=2**64))
def test_code_round_trips_any_generated_setup(seed: int) -> None:
    layout = generate(standard_catalog(), seed)
    code = encode(layout)
    assert re.fullmatch(
        r"BS1-(?:[0-9]{1,2}[AB]){3}-(?:[0-9]{1,2}[AB]){3}-(?:[0-9]{1,2}[AB]){3}-[0-9A-Z]{2}", code
    )
    assert decode(code) == layout
    assert decode(code.lower()) == layout
    assert decode(" ".join(code)) == layout


@given(layout_strategy)
def test_code_round_trips_any_layout_and_is_iso7064(layout: Layout) -> None:
    code = encode(layout)
    assert decode(code) == layout
    body = code.removeprefix("BS1-").replace("-", "")
    assert _iso7064_sum(body) == 1


def test_every_single_substitution_is_a_mistyped_code() -> None:
    """Exhaustive over every position and every character of the code alphabet
    (and the separator): one wrong character never decodes."""
    code = SEED_1_CODE
    tried = 0
    for i, original in enumerate(code):
        for ch in CODE_ALPHABET + "-":
            if ch == original:
                continue
            typo = code[:i] + ch + code[i + 1 :]
            with pytest.raises(SetupError) as info:
                decode(typo)
            assert str(info.value).endswith("mistyped code?"), typo
            assert repr(typo) in str(info.value)
            tried += 1
    assert tried == len(code) * 36


@pytest.mark.parametrize(
    "code",
    [
        "BS1-17A8B11B-18B16A1B-5B2B4B",
        "BS1-17A8B11B-18B16A1B-5B2B4B-R",
        "BS1-17A8B11B-18B16A1B-5B2B4B-RCX",
        "BS1-17A8B11B-18B16A1B-5B2B-RC",
        "BS1-17A8B11B-18B16A1B-RC",
        "BS1-17A8B11B-18B16A1B-5B2B4B1A-RC",
        "17A8B11B-18B16A1B-5B2B4B-RC",
        "",
    ],
    ids=[
        "no-check",
        "one-check-char",
        "three-check-chars",
        "row-of-2",
        "two-rows",
        "row-of-4",
        "no-prefix",
        "empty",
    ],
)
def test_code_of_wrong_length_is_a_mistyped_code(code: str) -> None:
    with pytest.raises(SetupError) as info:
        decode(code)
    assert str(info.value) == (
        f"code {code!r} is not of the form BS1-<3 tiles>-<3 tiles>-<3 tiles>-<2 check "
        "characters>, e.g. BS1-7B12A3A-1A5B18B-9A2A4B-K4: mistyped code?"
    )


def test_code_with_wrong_check_characters() -> None:
    with pytest.raises(SetupError) as info:
        decode("BS1-17A8B11B-18B16A1B-5B2B4B-RD")
    assert str(info.value) == (
        "code 'BS1-17A8B11B-18B16A1B-5B2B4B-RD': the check characters do not match: mistyped code?"
    )


@pytest.mark.parametrize(
    "typed",
    [
        "bs1-17a8b11b-18b16a1b-5b2b4b-rc",
        "Bs1-17A8b11B-18B16a1B-5B2B4b-rC",
        " BS1 - 17A 8B 11B - 18B 16A 1B - 5B 2B 4B - RC ",
        "BS1-17A8B11B-\t18B16A1B-\n5B2B4B-RC",
    ],
    ids=["lower", "mixed", "spaces", "tab-newline"],
)
def test_code_ignores_case_and_spaces(typed: str) -> None:
    assert decode(typed) == refs(SEED_1_FLAT)


# ------------------------------------------------------------------ setup files


def test_setup_text_is_the_golden_file() -> None:
    cat = standard_catalog()
    for seed, name in ((1, "seed-1.yaml"), (2024, "seed-2024.yaml")):
        assert setup_text(cat, generate(cat, seed), seed) == golden_text(name)


def test_setup_text_without_seed_has_no_generator_or_seed() -> None:
    cat = standard_catalog()
    text = setup_text(cat, refs(SEED_1_FLAT))
    assert text == without_seed(golden_text("seed-1.yaml"))
    assert "generator" not in text
    assert "seed" not in yaml.safe_load(text)


def test_setup_text_parses_back() -> None:
    cat = load_catalog(str(CUSTOM_CATALOG))
    layout = generate(cat, 5)
    data = yaml.safe_load(setup_text(cat, layout, 5))
    assert data["game"] == "blind-spot"
    assert data["catalog"] == {"name": "custom", "sha256": CUSTOM_SHA}
    assert data["generator"] == "sha256-ctr-v1"
    assert data["seed"] == 5
    assert data["code"] == encode(layout)
    assert parse_tile_rows(data["tiles"]) == layout
    assert tuple(data["letters"]) == cat.resolve(layout).rows
    assert verify(data, cat) == []


def test_resolve_lays_tiles_row_by_row() -> None:
    cat = standard_catalog()
    grid = cat.resolve(refs("1A 2A 3A / 4B 5B 6B / 7A 8A 9A"))
    assert grid.rows[:3] == ("todsiicaa", "tnsrsttne", "enenoator")
    assert grid.rows[3] == "swiiiodmh"
    assert grid.rows[8] == "lstomsmwa"


def test_resolve_names_an_unknown_tile() -> None:
    with pytest.raises(SetupError) as info:
        standard_catalog().resolve(refs("1A 2A 3A / 4B 5B 6B / 7A 8A 19A"))
    assert str(info.value) == "[2][2]: unknown tile '19A': catalog 'standard' has tiles 1-18"
    with pytest.raises(InputError) as placed:
        layout_from_mapping({"tiles": ["1A 2A 3A", "4B 5B 6B", "7A 8A 19A"]}, "s.yaml")
    assert str(placed.value) == (
        "s.yaml: tiles[2][2]: unknown tile '19A': catalog 'standard' has tiles 1-18"
    )


def test_layout_from_mapping_prefers_letters_then_tiles() -> None:
    data = golden("seed-1.yaml")
    expected = LetterGrid(tuple(data["letters"]))
    assert layout_from_mapping(data, "s") == expected
    assert layout_from_mapping({"tiles": data["tiles"]}, "s") == expected
    custom = load_catalog(str(CUSTOM_CATALOG))
    assert layout_from_mapping({"tiles": data["tiles"]}, "s", custom) == custom.resolve(
        refs(SEED_1_FLAT)
    )
    # letters win over tiles: they are the board as written
    assert layout_from_mapping(data, "s", custom) == expected


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"game": "word-block", "letters": []},
            "s: game: this is a 'word-block' file, not a Blind Spot layout (game: blind-spot)",
        ),
        ({"name": "x"}, "s: a layout needs 'letters' (9 rows of 9) or 'tiles' (3 rows of 3)"),
        ({"tiles": [["1A", "2A"]]}, "s: tiles: expected 3 rows of 3 tiles, got 1 rows"),
        ({"letters": ["abc"]}, "s: letters: expected 9 rows, got 1"),
    ],
    ids=["other-game", "neither", "bad-tiles", "bad-letters"],
)
def test_layout_from_mapping_rejects(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as info:
        layout_from_mapping(data, "s")
    assert str(info.value) == message


def test_load_layout_every_setup_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CATALOG_ENV, raising=False)
    seed_1 = LetterGrid(tuple(golden("seed-1.yaml")["letters"]))
    found = load_layout(str(DATA / "seed-1.yaml"))
    assert (found.board, found.tiles, found.code) == (seed_1, refs(SEED_1_FLAT), SEED_1_CODE)
    by_tiles = load_layout(str(REPO / "setups" / "by-tiles.yaml"))
    assert (by_tiles.board.rows[0], by_tiles.code) == ("todsiicaa", BY_TILES_CODE)
    sample = load_layout(str(REPO / "setups" / "sample.yaml"))
    assert (sample.board.rows[0], sample.tiles, sample.code) == ("searstoep", None, None)
    custom = load_layout(str(DATA / "custom-by-tiles.yaml"), str(CUSTOM_CATALOG))
    assert custom.board.rows[0] == "catnqtjmp"
    monkeypatch.setenv(CATALOG_ENV, str(CUSTOM_CATALOG))
    assert load_layout(str(DATA / "custom-by-tiles.yaml")) == custom


def test_load_setup_needs_tiles_or_letters(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("game: blind-spot\nseed: 1\n")
    with pytest.raises(InputError) as info:
        load_setup(str(path))
    assert str(info.value) == f"{path}: not a setup: it has neither 'tiles' nor 'letters'"
    path.write_text("game: spot-it\ntiles: []\n")
    with pytest.raises(InputError) as info:
        load_setup(str(path))
    assert str(info.value) == (
        f"{path}: line 1: game: this is a 'spot-it' file, not a Blind Spot setup (game: blind-spot)"
    )
    path.write_text("game: blind-spot\ntiles: []\nauthor: me\n")
    with pytest.raises(InputError) as info:
        load_setup(str(path))
    assert str(info.value) == (
        f"{path}: line 3: unknown key 'author' "
        "(expected game, name, catalog, generator, seed, code, tiles, letters)"
    )
    assert load_setup(str(DATA / "seed-1.yaml")) == golden("seed-1.yaml")


# ------------------------------------------------------------------ verification


def _tampered(name: str, change: Any) -> dict[str, Any]:
    data = copy.deepcopy(golden(name))
    change(data)
    return data


def _set(key: str, value: Any) -> Any:
    return lambda d: d.__setitem__(key, value)


def _tile(r: int, c: int, value: Any) -> Any:
    return lambda d: d["tiles"][r].__setitem__(c, value)


def _letter(row: int, col: int, ch: str) -> Any:
    def change(d: dict[str, Any]) -> None:
        text = d["letters"][row]
        d["letters"][row] = text[:col] + ch + text[col + 1 :]

    return change


BY_TILES = {"tiles": [["1A", "2A", "3A"], ["4B", "5B", "6B"], ["7A", "8A", "9A"]]}


def _by_tiles(r: int, c: int, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BY_TILES)
    data["tiles"][r][c] = value
    return data


VERIFY_CASES: list[tuple[str, dict[str, Any], list[tuple[str, str]]]] = [
    (
        "tile-twice",
        _by_tiles(2, 2, "1B"),
        [("tile-twice", "tiles row 3, tile 3: tile 1 is used twice (also at tiles row 1, tile 1)")],
    ),
    (
        "unknown-tile-19A",
        _by_tiles(2, 2, "19A"),
        [
            (
                "unknown-tile",
                "tiles row 3, tile 3: unknown tile '19A': catalog 'standard' has tiles 1-18",
            )
        ],
    ),
    (
        "side-7C",
        _by_tiles(2, 0, "7C"),
        [("bad-tile", "tiles row 3, tile 1: '7C': tile sides are A and B, not 'C'")],
    ),
    (
        "malformed-A7",
        _by_tiles(0, 1, "A7"),
        [
            (
                "bad-tile",
                "tiles row 1, tile 2: 'A7' is not a tile reference (a tile number then its side, like 7B)",
            )
        ],
    ),
    (
        "malformed-7",
        _by_tiles(1, 1, 7),
        [
            (
                "bad-tile",
                "tiles row 2, tile 2: 7 is not a tile reference (a tile number then its side, like 7B)",
            )
        ],
    ),
    (
        "two-rows",
        {"tiles": BY_TILES["tiles"][:2]},
        [("not-3x3", "tiles: expected 3 rows of 3 tiles, got 2 rows")],
    ),
    (
        "row-of-2",
        {"tiles": [["1A", "2A"], ["4B", "5B", "6B"], ["7A", "8A", "9A"]]},
        [("not-3x3", "tiles row 1: expected 3 tiles, got 2")],
    ),
    (
        "row-of-4",
        {"tiles": [["1A", "2A", "3A"], ["4B", "5B", "6B", "10A"], ["7A", "8A", "9A"]]},
        [("not-3x3", "tiles row 2: expected 3 tiles, got 4")],
    ),
    (
        "letters-mismatch",
        _tampered("seed-1.yaml", _letter(4, 4, "x")),
        [("letters-mismatch", "letters: E5 is 'x' but tile 16A gives 'o'")],
    ),
    (
        "bad-letters",
        _tampered("seed-1.yaml", lambda d: d["letters"].pop()),
        [("bad-letters", "letters: expected 9 rows, got 8")],
    ),
    (
        "catalog-mismatch",
        _tampered("seed-1.yaml", lambda d: d["catalog"].__setitem__("sha256", "0" * 64)),
        [
            (
                "catalog-mismatch",
                f"catalog: the setup was made with catalog 'standard' (sha256 {'0' * 64}), "
                f"but the catalog in use is 'standard' (sha256 {STANDARD_SHA})",
            )
        ],
    ),
    (
        "seed-mismatch",
        _tampered("seed-1.yaml", _set("seed", 2)),
        [
            (
                "seed-mismatch",
                f"seed: 2 gives tiles 10A 4B 9B / 1A 6B 17A / 2B 16A 11A, not {SEED_1_FLAT}",
            )
        ],
    ),
    (
        "seed-not-integer",
        _tampered("seed-1.yaml", _set("seed", "1")),
        [("seed-mismatch", "seed: '1' is not an integer")],
    ),
    (
        "code-mismatch",
        _tampered("seed-1.yaml", _set("code", BY_TILES_CODE)),
        [
            (
                "code-mismatch",
                f"code: {BY_TILES_CODE} names tiles 1A 2A 3A / 4B 5B 6B / 7A 8A 9A, "
                f"not {SEED_1_FLAT}",
            )
        ],
    ),
    (
        "bad-code",
        _tampered("seed-1.yaml", _set("code", "BS1-17A8B11B-18B16A1B-5B2B4B-RD")),
        [
            (
                "bad-code",
                "code: code 'BS1-17A8B11B-18B16A1B-5B2B4B-RD': the check characters do not "
                "match: mistyped code?",
            )
        ],
    ),
]


@pytest.mark.parametrize(
    ("data", "expected"),
    [pytest.param(data, expected, id=name) for name, data, expected in VERIFY_CASES],
)
def test_verify_finds_the_tampering(data: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert verify(data, standard_catalog()) == [Problem(kind, msg) for kind, msg in expected]


def test_verify_cases_cover_every_problem_kind() -> None:
    kinds = {kind for _, _, expected in VERIFY_CASES for kind, _ in expected}
    assert kinds == set(PROBLEM_KINDS)


def test_verify_lists_every_problem_in_one_file() -> None:
    def change(d: dict[str, Any]) -> None:
        d["tiles"][0][2] = "8A"  # 8 is also at row 1, tile 2 (as 8B)
        d["seed"] = 1  # unchanged: it now disagrees with the tiles
        d["catalog"]["sha256"] = "f" * 64

    data = _tampered("seed-1.yaml", change)
    problems = verify(data, standard_catalog())
    assert [p.kind for p in problems] == [
        "tile-twice",
        *["letters-mismatch"] * 9,
        "catalog-mismatch",
        "seed-mismatch",
        "code-mismatch",
    ]
    assert problems[0].message == (
        "tiles row 1, tile 3: tile 8 is used twice (also at tiles row 1, tile 2)"
    )
    cells = [p.message.split(" ")[1] for p in problems[1:10]]
    assert cells == ["G1", "H1", "I1", "G2", "H2", "I2", "G3", "H3", "I3"]
    assert all("but tile 8A gives" in p.message for p in problems[1:10])
    assert problems[-1].message == (
        f"code: {SEED_1_CODE} names tiles {SEED_1_FLAT}, not 17A 8B 8A / 18B 16A 1B / 5B 2B 4B"
    )


@pytest.mark.parametrize(
    ("tile", "kind"),
    [("7C", "bad-tile"), ("19A", "unknown-tile")],
    ids=["side-7C", "unknown-19A"],
)
def test_verify_still_checks_the_rest_around_a_bad_tile(tile: str, kind: str) -> None:
    """A generated file with its first tile hand-edited into a bad reference
    and one letter of another tile changed: the seed no longer regenerates
    these tiles, the code no longer names them, and E5 (tile 16A) disagrees
    with its tile. verify lists every problem, not just the first (issue 3)."""

    def change(d: dict[str, Any]) -> None:
        d["tiles"][0][0] = tile
        _letter(4, 4, "x")(d)

    problems = verify(_tampered("seed-1.yaml", change), standard_catalog())
    assert sorted(p.kind for p in problems) == sorted(
        [kind, "letters-mismatch", "seed-mismatch", "code-mismatch"]
    )
    assert Problem("letters-mismatch", "letters: E5 is 'x' but tile 16A gives 'o'") in problems


@pytest.mark.parametrize(
    "path",
    [
        *sorted((REPO / "setups").glob("*.yaml")),
        DATA / "seed-1.yaml",
        DATA / "seed-2024.yaml",
    ],
    ids=lambda p: str(p.relative_to(REPO)),
)
def test_valid_files_verify(path: Path) -> None:
    assert verify(load_setup(str(path)), standard_catalog()) == []


def test_custom_setup_verifies_only_with_its_catalog() -> None:
    data = load_setup(str(DATA / "custom-by-tiles.yaml"))
    assert verify(data, load_catalog(str(CUSTOM_CATALOG))) == []
    assert [p.kind for p in verify(data, standard_catalog())] == ["catalog-mismatch"]


# --------------------------------------------------------------------- drawing

BY_TILES_BOARD = (DATA / "by-tiles-board.txt").read_text(encoding="utf-8").rstrip("\n")


def test_render_setup_by_tiles() -> None:
    layout = refs("1A 2A 3A / 4B 5B 6B / 7A 8A 9A")
    assert render_setup(standard_catalog().resolve(layout), layout) == BY_TILES_BOARD


def test_render_setup_letters_only_has_plain_borders() -> None:
    grid = LetterGrid(tuple(golden("seed-1.yaml")["letters"]))
    lines = render_setup(grid).split("\n")
    assert len(lines) == 14
    assert [lines[i] for i in (1, 5, 9, 13)] == ["   +---------+---------+---------+"] * 4
    assert lines[2] == " 1 | E  I  H | I  N  I | E  A  U |"


def _svg_texts(svg: str, cls: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter(f"{SVG_NS}text") if el.get("class") == cls]


def test_setup_svg_has_81_letters_and_9_labels() -> None:
    layout = refs(SEED_1_FLAT)
    grid = standard_catalog().resolve(layout)
    svg = setup_svg(grid, layout, "Blind Spot <setup> & more", SEED_1_CODE, "foot & note")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    assert _svg_texts(svg, "l letter") == list("".join(grid.rows).upper())
    assert _svg_texts(svg, "n") == [str(ref) for row in layout for ref in row]
    assert _svg_texts(svg, "t") == ["Blind Spot <setup> & more"]
    assert _svg_texts(svg, "s") == [SEED_1_CODE]
    assert _svg_texts(svg, "f") == ["foot & note"]


def test_setup_svg_letters_only_has_no_labels() -> None:
    grid = LetterGrid(tuple(golden("seed-2024.yaml")["letters"]))
    svg = setup_svg(grid, None, "Blind Spot setup")
    assert len(_svg_texts(svg, "l letter")) == 81
    assert _svg_texts(svg, "n") == []


def _mm(value: str | None) -> float:
    assert value is not None
    assert value.endswith("mm")
    return float(value[:-2])


def test_setup_svg_fits_one_a4_or_letter_page() -> None:
    """190 x 252 mm (its docstring): inside A4 (210 x 297) and Letter
    (215.9 x 279.4) with printer margins."""
    layout = refs(SEED_1_FLAT)
    root = ET.fromstring(setup_svg(standard_catalog().resolve(layout), layout, "t"))
    width, height = _mm(root.get("width")), _mm(root.get("height"))
    assert (width, height) == (190.0, 252.0)
    assert width <= 210 and height <= 279.4
