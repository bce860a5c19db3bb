"""Unit tests of the pure Spot it! rules (referee.spotit: symbols, rules, verify,
planes, minigames): symbols, decks,
verification, finite fields, planes, seeded shuffles and the mini-games.

The spec is the Spot it! 1,2,3 Rulebook (the book from the game's box).
Expected values are worked out independently in the tests: pair
intersections by brute force over all card pairs, field arithmetic from
polynomial definitions, SHA-256 blocks recomputed with hashlib.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from referee.core.errors import InputError
from referee.spotit import minigames, symbols
from referee.spotit import verify as verifying
from referee.spotit.minigames import (
    deal,
    parse_counts,
    result,
)
from referee.spotit.planes import (
    GF,
    generate,
    irreducible,
    is_irreducible,
    order_refusal,
    plane_lines,
    plane_size,
    prime_power,
)
from referee.spotit.rules import Deck, SeedStream, match
from referee.spotit.symbols import builtin_symbols, normalise_symbol, parse_symbol_lines
from referee.spotit.verify import complete_plane, verify

REPO = Path(__file__).resolve().parents[1]
PRIME_POWERS_TO_16 = (2, 3, 4, 5, 7, 8, 9, 11, 13, 16)
NOT_PRIME_POWERS = (6, 10, 12, 14, 15, 18, 20, 21, 22)

# The Fano plane (order 2) with the rulebook's seven example images.
FANO = [
    ["one/blue", "two/red", "three/orange"],
    ["one/blue", "rectangle/red", "square/lilac"],
    ["one/blue", "circle/green", "triangle/yellow"],
    ["two/red", "rectangle/red", "circle/green"],
    ["two/red", "square/lilac", "triangle/yellow"],
    ["three/orange", "rectangle/red", "triangle/yellow"],
    ["three/orange", "square/lilac", "circle/green"],
]


# Five cards of 4, every two meeting in their own symbol (10 symbols): the dual
# of a 5-arc, but a plane of order 3 has arcs of at most 4 points (q + 1).
PENTAGON = [
    ["ab", "ac", "ad", "ae"],
    ["ab", "bc", "bd", "be"],
    ["ac", "bc", "cd", "ce"],
    ["ad", "bd", "cd", "de"],
    ["ae", "be", "ce", "de"],
]


def names(n: int) -> list[str]:
    return [f"s{i}" for i in range(n)]


def brute_pairs(cards: Sequence[Sequence[str]]) -> dict[tuple[int, int], set[str]]:
    """Every pair of cards (from 1) whose intersection is not exactly one symbol."""
    out = {}
    for (i, a), (j, b) in itertools.combinations(enumerate(cards, 1), 2):
        shared = set(a) & set(b)
        if len(shared) != 1:
            out[(i, j)] = shared
    return out


# ------------------------------------------------------------------------ rulebook


@pytest.mark.parametrize(
    ("written", "symbol"),
    [
        ("One / Blue", "one/blue"),
        ("Two / Red", "two/red"),
        ("Three / Orange", "three/orange"),
        ("Rectangle / Red", "rectangle/red"),
        ("Square / Lilac", "square/lilac"),
        ("Circle / Green", "circle/green"),
        ("Triangle / Yellow", "triangle/yellow"),
    ],
    ids=lambda v: str(v),
)
def test_rulebook_examples_are_builtin_symbols(written: str, symbol: str) -> None:
    assert normalise_symbol(written) == symbol
    assert symbol in builtin_symbols()[:7]


# ------------------------------------------------------------------------- symbols


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("one/blue", "one/blue"),
        ("  One / BLUE  ", "one/blue"),
        ("light  blue", "light blue"),
        ("Circle/Dark   Green", "circle/dark green"),
        ("apple", "apple"),
        (7, "7"),
        ("STRASSE/Weiß", "strasse/weiss"),
    ],
    ids=[
        "plain",
        "spaces-and-case",
        "inner-spaces",
        "two-word-colour",
        "no-colour",
        "int",
        "casefold",
    ],
)
def test_normalise_symbol(raw: object, expected: str) -> None:
    assert normalise_symbol(raw) == expected


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("/blue", "missing its shape or colour"),
        ("circle/", "missing its shape or colour"),
        ("a/b/c", "more than one '/'"),
        (None, "expected a symbol name"),
        (True, "expected a symbol name"),
        (1.5, "expected a symbol name"),
        (["a"], "expected a symbol name"),
    ],
    ids=["empty", "blank", "no-shape", "no-colour", "two-slashes", "null", "bool", "float", "list"],
)
def test_normalise_symbol_refuses(raw: object, fragment: str) -> None:
    with pytest.raises(InputError, match=r"^deck\.yaml: card 2: ") as exc:
        normalise_symbol(raw, "deck.yaml", "card 2")
    assert fragment in str(exc.value)


def test_symbol_lines_skip_comments_and_blanks() -> None:
    text = "# symbols\n\nOne / Blue\n  two/red  \n# done\n"
    assert parse_symbol_lines(text) == ("one/blue", "two/red")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("a/red\nb/red\nA / Red\n", "line 3: symbol 'A / Red' repeats line 1"),
        ("# nothing\n\n", "no symbols"),
        ("a/red\nx/y/z\n", "line 2: symbol"),
    ],
    ids=["duplicate-after-normalising", "empty", "bad-symbol"],
)
def test_symbol_lines_refuse(text: str, fragment: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_symbol_lines(text, "syms.txt")
    assert str(exc.value).startswith("syms.txt: ")
    assert fragment in str(exc.value)


def test_builtin_symbols_are_enough_for_order_11_and_distinct() -> None:
    symbols = builtin_symbols()
    assert len(symbols) >= plane_size(11) == 133
    assert len(set(symbols)) == len(symbols)
    assert all(s.count("/") == 1 for s in symbols)


# --------------------------------------------------------------------------- decks


def test_deck_from_mapping_normalises_and_numbers_from_one() -> None:
    deck = Deck.from_mapping({"name": "d", "cards": [["A/Red", " b / BLUE"], ["a/red", "c"]]})
    assert deck == Deck("d", (("a/red", "b/blue"), ("a/red", "c")))
    assert deck.card(2) == ("a/red", "c")
    assert eval(repr(deck)) == deck


def test_deck_name_defaults_to_file_stem() -> None:
    deck = Deck.from_mapping({"cards": [["a"], ["a", "b"]]}, "some/dir/my-deck.yaml")
    assert deck.name == "my-deck"


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"cards": [["a", "b"], ["b", "c"], ["B", " a "]]}, "card 3: card 3 is listed twice"),
        ({"cards": [["a", "b"], []]}, "card 2: empty card"),
        ({"cards": [["a", "b"]]}, "at least two cards; found one card"),
        ({"cards": []}, "at least two cards; found no cards"),
        ({"name": "x"}, "no 'cards' key"),
        ({"cards": "a, b"}, "cards: expected a list of cards"),
        ({"cards": [["a"], "b, c"]}, "card 2: expected a list of symbols"),
        ({"cards": [["a"], ["b", {"c": 1}]]}, "card 2: expected a symbol name"),
        ({"cards": [["a"], ["b"]], "colour": 1}, "unknown key 'colour'"),
        ({"name": ["x"], "cards": [["a"], ["b"]]}, "name: expected a deck name"),
    ],
    ids=[
        "card-listed-twice",
        "empty-card",
        "one-card",
        "no-cards",
        "no-cards-key",
        "cards-not-list",
        "card-not-list",
        "symbol-not-text",
        "unknown-key",
        "bad-name",
    ],
)
def test_deck_refuses(data: dict[str, object], fragment: str) -> None:
    with pytest.raises(InputError) as exc:
        Deck.from_mapping(data, "deck.yaml")
    assert str(exc.value).startswith("deck.yaml: ")
    assert fragment in str(exc.value)


def test_deck_refuses_millions_of_symbols_from_aliases() -> None:
    card = [f"s{i}" for i in range(100_000)]
    # One list object repeated (as YAML aliases make it): refused before normalising.
    data = {"cards": [card] * 21}
    with pytest.raises(InputError, match="2,100,000 symbols in all, more than 2,000,000"):
        Deck.from_mapping(data, "deck.yaml")


@pytest.mark.parametrize(
    ("number", "place"),
    [(0, "I"), (8, "J"), (-1, "I")],
    ids=["zero", "past-the-end", "negative"],
)
def test_card_out_of_range(number: int, place: str) -> None:
    deck = Deck.from_cards("fano", FANO)
    with pytest.raises(InputError, match=rf"^deck.yaml: {place}: no card {number}: .* 1 to 7$"):
        deck.card(number, place, "deck.yaml")


# ------------------------------------------------------------------------ verifying


def test_fano_with_rulebook_symbols_is_a_complete_plane() -> None:
    report = verify(Deck.from_cards("fano", FANO))
    assert report.valid
    assert (report.cards, report.symbols_per_card, report.distinct) == (7, 3, 7)
    assert report.fault_total == 0
    assert set(dict(report.frequencies).values()) == {3}
    assert report.plane.kind == "complete"
    assert report.plane.order == 2


@pytest.mark.parametrize("lost", range(7), ids=lambda i: f"lose-card-{i + 1}")
def test_fano_missing_a_card_says_which_to_add_back(lost: int) -> None:
    cards = [c for i, c in enumerate(FANO) if i != lost]
    report = verify(Deck.from_cards("fano-6", cards))
    assert report.valid
    assert report.plane.kind == "subset"
    assert report.plane.forced
    assert [set(c) for c in report.plane.add_back] == [set(FANO[lost])]


@pytest.mark.parametrize(
    ("cards", "repeats"),
    [
        (FANO, {}),
        ([["a", "b"], ["c", "d"], ["a", "c"]], {}),
        ([["a", "b", "c"], ["a", "b", "d"], ["a", "e", "f"]], {}),
        ([["a", "b", "a"], ["a", "c"], ["b", "c"]], {1: ("a",)}),
        ([["a", "b"], ["a", "c", "c", "c"], ["b", "c", "b"]], {2: ("c",), 3: ("b",)}),
        ([["x"], ["y"], ["z"], ["x", "y", "z"]], {}),
        ([*FANO[:6], ["three/orange", "square/lilac", "star/blue"]], {}),
    ],
    ids=[
        "fano",
        "one-pair-shares-none",
        "shares-two",
        "repeat-in-card-1",
        "repeats-in-two-cards",
        "singletons",
        "fano-with-a-wrong-symbol",
    ],
)
def test_verify_faults_match_brute_force(
    cards: list[list[str]], repeats: dict[int, tuple[str, ...]]
) -> None:
    report = verify(Deck.from_cards("d", cards))
    expected = brute_pairs(cards)
    assert report.fault_total == len(expected)
    assert {(f.first, f.second): set(f.shared) for f in report.faults} == expected
    assert {r.card: r.symbols for r in report.repeats} == repeats
    assert report.valid == (not expected and not repeats)


def test_verify_caps_the_list_but_counts_every_fault() -> None:
    cards = [[f"a{i}", f"b{i}"] for i in range(12)]  # no two share anything
    report = verify(Deck.from_cards("disjoint", cards))
    assert report.fault_total == 66
    assert len(report.faults) == verifying.FAULT_CAP
    assert [(f.first, f.second) for f in report.faults] == list(
        itertools.combinations(range(1, 13), 2)
    )[: verifying.FAULT_CAP]
    assert "  ...and 56 more." in report.lines()


@pytest.mark.parametrize(
    ("cards", "sizes", "per_card"),
    [
        (FANO, ((3, 7),), 3),
        ([["a", "b"], ["a", "c", "d"], ["a", "e"]], ((2, 2), (3, 1)), None),
    ],
    ids=["uniform", "mixed"],
)
def test_deck_shape(
    cards: list[list[str]], sizes: tuple[tuple[int, int], ...], per_card: int | None
) -> None:
    report = verify(Deck.from_cards("d", cards))
    assert report.sizes == sizes
    assert report.symbols_per_card == per_card
    counted = Counter(s for c in cards for s in set(c))
    assert dict(report.frequencies) == dict(counted)


@pytest.mark.parametrize(
    ("cards", "kind", "fragment"),
    [
        ([["a", "b"], ["a", "c"], ["a", "d"]], "neither", "at least 3 symbols per card"),
        ([["a", "b", "c"], ["a", "d"]], "neither", "same number of symbols"),
        (
            [["x", f"a{i}", f"b{i}"] for i in range(4)],
            "neither",
            "it has 9 symbols, more than the 7 of a plane of order 2",
        ),
        (
            [["x", f"a{i}", f"b{i}"] for i in range(8)],
            "neither",
            "it has 8 cards, more than the 7 of a plane of order 2",
        ),
        ([["x", f"a{i}", f"b{i}"] for i in range(2)] + [["a0", "a1", "z"]], "subset", ""),
        ([["x", f"a{i}", f"b{i}"] for i in range(3)] + [["a0", "a1", "a2"]], "subset", ""),
        (PENTAGON, "neither", "no set of cards completes it to a plane of order 3"),
        ([*FANO[:6], ["three/orange", "square/lilac", "star/blue"]], "neither", "share exactly"),
    ],
    ids=[
        "two-per-card",
        "mixed-sizes",
        "too-many-symbols",
        "too-many-cards",
        "sunflower-of-two-plus-one",
        "three-lines-through-a-point-and-a-fourth-meeting-all",
        "five-cards-no-three-through-a-symbol",
        "broken",
    ],
)
def test_plane_classification(cards: list[list[str]], kind: str, fragment: str) -> None:
    plane = verify(Deck.from_cards("d", cards)).plane
    assert plane.kind == kind
    assert fragment in plane.reason


def test_a_real_deck_missing_two_cards_gets_them_back() -> None:
    full = generate(7, builtin_symbols(), seed="shop")
    lost = (19, 40)
    deck = Deck("55", tuple(c for i, c in enumerate(full.cards) if i not in lost))
    report = verify(deck)
    assert report.valid and report.cards == 55
    assert report.plane.kind == "subset" and report.plane.order == 7 and report.plane.forced
    assert {frozenset(c) for c in report.plane.add_back} == {frozenset(full.cards[i]) for i in lost}


def test_completion_can_invent_symbols_no_card_shows() -> None:
    lines = plane_lines(3)
    point = 12  # keep only the lines not through this point: it appears on no card
    kept = [line for line in lines if point not in line]
    found = complete_plane(kept, 12, 3)
    assert isinstance(found, tuple)
    added, forced = found
    assert forced
    assert sorted(sorted(line) for line in added) == sorted(
        sorted(line) for line in lines if point in line
    )


def test_huge_cards_are_decided_without_counting_pairs() -> None:
    # Two cards of 150,000 symbols sharing one: counting pairs would take 2 x 10^10.
    first = [f"a{i}" for i in range(150_000)]
    second = ["a0", *(f"b{i}" for i in range(1, 150_000))]
    report = verify(Deck.from_cards("big", [first, second]))
    assert report.valid and report.fault_total == 0
    assert report.plane.kind == "undetermined"
    assert "up to order 97" in report.plane.reason
    broken = verify(Deck.from_cards("big", [first, [*second[1:], "a1", "a2"]]))
    assert broken.fault_total == 1
    assert broken.faults[0].shared == ("a1", "a2")


@pytest.mark.parametrize(
    ("text", "place"),
    [("a\x00b", "U+0000"), ("tab\there", "U+0009"), ("\udcff", "U+DCFF"), ("\ufffe", "U+FFFE")],
    ids=["nul", "tab", "surrogate", "non-character"],
)
def test_plain_text_refuses_control_characters(text: str, place: str) -> None:
    with pytest.raises(InputError, match=re.escape(place)):
        symbols.plain_text(text, "seed")
    assert symbols.plain_text("classroom 2024 ✓", "seed") == "classroom 2024 ✓"


def test_completion_budget_gives_an_undetermined_answer() -> None:
    deck = generate(7, names(57), seed="b", cards=10)
    plane = verify(deck, budget=50).plane
    assert plane.kind == "undetermined"
    assert plane.order == 7
    assert "stopped after 50 steps" in plane.reason


# ---------------------------------------------------------------- finite fields


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (2, (2, 1)),
        (4, (2, 2)),
        (8, (2, 3)),
        (9, (3, 2)),
        (16, (2, 4)),
        (25, (5, 2)),
        (27, (3, 3)),
        (31, (31, 1)),
        (121, (11, 2)),
        (6, None),
        (12, None),
        (1, None),
        (0, None),
        (-4, None),
    ],
    ids=lambda v: str(v),
)
def test_prime_power(n: int, expected: tuple[int, int] | None) -> None:
    assert prime_power(n) == expected


def _poly_mul(a: Sequence[int], b: Sequence[int], p: int) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] = (out[i + j] + x * y) % p
    return out


@pytest.mark.parametrize(
    ("p", "k", "poly"),
    [
        (2, 2, (1, 1, 1)),
        (2, 3, (1, 1, 0, 1)),
        (3, 2, (1, 0, 1)),
        (2, 4, (1, 1, 0, 0, 1)),
        (5, 2, (2, 0, 1)),
        (3, 3, (1, 2, 0, 1)),
    ],
    ids=["GF4", "GF8", "GF9", "GF16", "GF25", "GF27"],
)
def test_irreducible_polynomials(p: int, k: int, poly: tuple[int, ...]) -> None:
    assert irreducible(p, k) == poly
    # Independently: no product of two monic polynomials of lower degree equals it.
    monic = [[*coeffs, 1] for d in range(1, k) for coeffs in itertools.product(range(p), repeat=d)]
    products = {tuple(_poly_mul(a, b, p)) for a in monic for b in monic if len(a) + len(b) - 2 == k}
    assert poly not in products
    assert is_irreducible(poly, p)


@pytest.mark.parametrize(
    ("poly", "p"),
    [((1, 0, 1), 2), ((0, 1, 1), 2), ((1, 0, 0, 0, 1), 2), ((2, 0, 1), 3), ((0, 0, 1), 5)],
    ids=["x2+1-mod-2", "x2+x", "x4+1", "x2+2-mod-3", "x2-mod-5"],
)
def test_reducible_polynomials(poly: tuple[int, ...], p: int) -> None:
    assert not is_irreducible(poly, p)


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27], ids=lambda q: f"GF{q}")
def test_field_axioms(q: int) -> None:
    f = GF.of_order(q)
    add, mul = f.tables()
    els = range(q)
    for a in els:
        assert add[a][0] == a and mul[a][1] == a and mul[a][0] == 0
        assert add[a][f.neg(a)] == 0
        if a:
            assert mul[a][f.inv(a)] == 1
        for b in els:
            assert add[a][b] == add[b][a] and mul[a][b] == mul[b][a]
            assert add[a][b] == f.add(a, b) and mul[a][b] == f.mul(a, b)
    sample = [(a, b, c) for a in els for b in els for c in els][:: max(1, q**3 // 3000)]
    for a, b, c in sample:
        assert add[add[a][b]][c] == add[a][add[b][c]]
        assert mul[mul[a][b]][c] == mul[a][mul[b][c]]
        assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]
    # No zero divisors: the non-zero elements form a group under multiplication.
    for a in range(1, q):
        assert sorted(mul[a][1:]) == list(range(1, q))


def test_field_is_an_immutable_value() -> None:
    f = GF.of_order(9)
    assert eval(repr(f)) == f == GF(3, 2) != GF(2, 3)
    assert len({f, GF(3, 2)}) == 1
    with pytest.raises(AttributeError, match="immutable"):
        f.p = 5


def test_field_is_not_integers_mod_q() -> None:
    f = GF.of_order(4)
    assert f.mul(2, 2) == 3  # x * x = x + 1 modulo x^2 + x + 1
    assert f.add(3, 3) == 0  # characteristic 2
    with pytest.raises(ValueError, match="not a prime power"):
        GF.of_order(6)
    with pytest.raises(ZeroDivisionError):
        f.inv(0)


# ------------------------------------------------------------------------- planes


@pytest.mark.parametrize("n", [*PRIME_POWERS_TO_16, 25, 27, 32], ids=lambda n: f"order-{n}")
def test_plane_is_a_projective_plane(n: int) -> None:
    lines = plane_lines(n)
    size = plane_size(n)
    assert len(lines) == size
    assert all(len(set(line)) == n + 1 for line in lines)
    assert {p for line in lines for p in line} == set(range(size))
    counts = Counter(p for line in lines for p in line)
    assert set(counts.values()) == {n + 1}
    if n <= 9:  # every pair by brute force
        for a, b in itertools.combinations(lines, 2):
            assert len(set(a) & set(b)) == 1
    else:  # every pair of points on exactly one line is the same statement, dually
        pairs = Counter(pair for line in lines for pair in itertools.combinations(sorted(line), 2))
        assert len(pairs) == size * (size - 1) // 2
        assert set(pairs.values()) == {1}


@pytest.mark.parametrize(
    ("n", "fragment"),
    [
        (0, "2 or more"),
        (1, "2 or more"),
        (-3, "2 or more"),
        (6, "Tarry"),
        (6, "Bruck-Ryser"),
        (10, "Lam"),
        (10, "computer search"),
        (12, "no projective plane of order 12 is known: 12 is not a prime power"),
        (14, "Bruck-Ryser"),
        (15, "no projective plane of order 15 is known"),
        (18, "is known"),
        (20, "is known"),
        (21, "Bruck-Ryser"),
        (22, "Bruck-Ryser"),
        (101, "up to 97"),
        (256, "up to 97"),
        (10**40, "up to 97"),
    ],
    ids=lambda v: str(v),
)
def test_orders_without_a_plane_are_refused(n: int, fragment: str) -> None:
    refusal = order_refusal(n)
    assert refusal is not None and fragment in refusal
    with pytest.raises(InputError, match=f"^order {n}: "):
        plane_lines(n)


@pytest.mark.parametrize("n", [*PRIME_POWERS_TO_16, 81, 97], ids=lambda n: f"order-{n}")
def test_prime_power_orders_are_accepted(n: int) -> None:
    assert order_refusal(n) is None


# ----------------------------------------------------------------------- shuffles


def test_seed_stream_is_sha256_in_counter_mode() -> None:
    stream = SeedStream("classroom", "generate")
    block0 = hashlib.sha256(b"referee/spotit/v1/generate/9:classroom/0").digest()
    block1 = hashlib.sha256(b"referee/spotit/v1/generate/9:classroom/1").digest()
    words = [int.from_bytes(b[i : i + 8], "big") for b in (block0, block1) for i in (0, 8, 16, 24)]
    assert [stream.next64() for _ in range(8)] == words


def test_seed_stream_below_rejects_the_biased_top() -> None:
    stream = SeedStream("x", "test")
    n = 3 * 2**62  # 2^64 mod n = 2^62: a quarter of all draws are rejected
    draws = [stream.below(n) for _ in range(200)]
    assert all(0 <= d < n for d in draws)
    with pytest.raises(ValueError):
        stream.below(0)


def test_shuffle_is_a_reproducible_permutation_without_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import random

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the random module must not be used")

    for name in ("shuffle", "sample", "randrange", "randint", "random", "choice"):
        monkeypatch.setattr(random, name, forbidden)
    items = list(range(50))
    a, b, c = items[:], items[:], items[:]
    SeedStream("7", "t").shuffle(a)
    SeedStream("7", "t").shuffle(b)
    SeedStream("8", "t").shuffle(c)
    assert a == b != items
    assert sorted(a) == items and a != c
    assert generate(5, names(31), seed="7") == generate(5, names(31), seed="7")


def test_shuffle_positions_are_roughly_uniform() -> None:
    firsts: Counter[int] = Counter()
    stream = SeedStream("uniform", "t")
    for _ in range(3000):
        items = list(range(4))
        stream.shuffle(items)
        firsts[items[0]] += 1
    assert all(600 < firsts[i] < 900 for i in range(4)), firsts


# --------------------------------------------------------------------- generating


@pytest.mark.parametrize("n", PRIME_POWERS_TO_16, ids=lambda n: f"order-{n}")
@pytest.mark.parametrize("seed", [None, "1", "classroom"], ids=["no-seed", "seed-1", "seed-word"])
def test_generated_decks_verify(n: int, seed: str | None) -> None:
    deck = generate(n, names(plane_size(n)), seed=seed)
    assert len(deck.cards) == plane_size(n)
    assert all(len(c) == n + 1 for c in deck.cards)
    assert not brute_pairs(deck.cards) if n <= 7 else True
    report = verify(deck)
    assert report.valid
    assert (report.plane.kind, report.plane.order) == ("complete", n)


def test_generate_uses_the_first_symbols_and_keeps_k_cards() -> None:
    deck = generate(2, builtin_symbols(), cards=5)
    assert {s for c in deck.cards for s in c} <= set(builtin_symbols()[:7])
    assert len(deck.cards) == 5
    assert not brute_pairs(deck.cards)
    assert deck.name == "order-2"


def test_seed_shuffles_cards_symbols_and_their_order() -> None:
    plain = generate(3, names(13))
    a = generate(3, names(13), seed="a")
    b = generate(3, names(13), seed="b")
    assert a != plain and a != b
    assert a.name == "order-3-seed-a"
    assert {frozenset(c) for c in a.cards} != {frozenset(c) for c in plain.cards}


@pytest.mark.parametrize(
    ("order", "symbols", "cards", "fragment"),
    [
        (7, 56, None, "has 56 symbols; a deck of order 7 needs 57"),
        (2, 7, 8, "card_count 8: the plane of order 2 has only 7 cards"),
        (2, 7, 1, "card_count 1: a deck needs at least 2 cards"),
        (2, 7, 0, "card_count 0"),
        (6, 100, None, "order 6: no projective plane of order 6 exists"),
    ],
    ids=["too-few-symbols", "cards-larger-than-plane", "one-card", "zero-cards", "order-6"],
)
def test_generate_refuses(order: int, symbols: int, cards: int | None, fragment: str) -> None:
    with pytest.raises(InputError) as exc:
        generate(order, names(symbols), cards=cards)
    assert fragment in str(exc.value)


# ----------------------------------------------------------------------- matching


@pytest.mark.parametrize(
    ("i", "j", "shared", "ok"),
    [
        (1, 2, ("one/blue",), True),
        (4, 7, ("circle/green",), True),
        (7, 4, ("circle/green",), True),
    ],
    ids=["1-2", "4-7", "7-4"],
)
def test_match_on_fano(i: int, j: int, shared: tuple[str, ...], ok: bool) -> None:
    found = match(Deck.from_cards("fano", FANO), i, j)
    assert found.shared == shared and found.ok is ok
    assert found.sentence() == f"Cards {i} and {j} share {shared[0]}."


@pytest.mark.parametrize(
    ("cards", "shared", "sentence"),
    [
        ([["a", "b"], ["c", "d"]], (), "share no symbol: the deck is broken for this pair."),
        (
            [["a", "b", "c"], ["c", "b", "d"]],
            ("b", "c"),
            "share 2 symbols (b, c): the deck is broken for this pair.",
        ),
    ],
    ids=["none", "two"],
)
def test_match_broken(cards: list[list[str]], shared: tuple[str, ...], sentence: str) -> None:
    found = match(Deck.from_cards("d", cards), 1, 2)
    assert not found.ok and found.symbol is None and found.shared == shared
    assert found.sentence() == f"Cards 1 and 2 {sentence}"


def test_match_same_card_twice_is_refused() -> None:
    with pytest.raises(InputError, match="card 3 is card I again"):
        match(Deck.from_cards("fano", FANO), 3, 3)


# --------------------------------------------------------------------- mini-games


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("ann=3,bob=0", (("ann", 3), ("bob", 0))),
        (" ann = 3 , Bob Smith=10 ", (("ann", 3), ("Bob Smith", 10))),
    ],
    ids=["plain", "spaces"],
)
def test_parse_counts(text: str, parsed: tuple[tuple[str, int], ...]) -> None:
    assert parse_counts(text) == parsed


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("ann=3,,bob=1", "empty entry"),
        ("ann", "'ann' is not NAME=N"),
        ("=3,bob=1", "'=3' is not NAME=N"),
        ("ann=-1,bob=2", "'ann=-1': the count must be a whole number 0 or more"),
        ("ann=x,bob=2", "whole number"),
        ("ann=1.5,bob=2", "whole number"),
        ("ann=1,ANN=2", "player 'ANN' is listed twice"),
    ],
    ids=["empty-entry", "no-equals", "no-name", "negative", "not-a-number", "fraction", "twice"],
)
def test_parse_counts_refuses(text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=r"^counts: ") as exc:
        parse_counts(text)
    assert fragment in str(exc.value)


R = tuple[tuple[int, str, int], ...]


@pytest.mark.parametrize(
    ("game", "counts", "over", "winner", "ranking", "ties"),
    [
        (
            "two-chests",
            "ann=12,bob=9,cy=15",
            True,
            "cy",
            ((1, "cy", 15), (2, "ann", 12), (3, "bob", 9)),
            (),
        ),
        (
            "two-chests",
            "ann=12,bob=12,cy=3",
            True,
            None,
            ((1, "ann", 12), (1, "bob", 12), (3, "cy", 3)),
            ((1, ("ann", "bob"), "tie-break"),),
        ),
        (
            "two-chests",
            "ann=5,bob=5,cy=5,dee=1",
            True,
            None,
            ((1, "ann", 5), (1, "bob", 5), (1, "cy", 5), (4, "dee", 1)),
            ((1, ("ann", "bob", "cy"), "hot potato"),),
        ),
        (
            "two-chests",
            "ann=9,bob=4,cy=4",
            True,
            "ann",
            ((1, "ann", 9), (2, "bob", 4), (2, "cy", 4)),
            ((2, ("bob", "cy"), "tie-break"),),
        ),
        (  # ann and cy play on (see test_spotit_caterpillar.py)
            "caterpillar",
            "ann=3,bob=0,cy=5",
            True,
            "bob",
            ((1, "bob", 0),),
            (),
        ),
        ("caterpillar", "ann=3,bob=2,cy=5", False, None, (), ()),
        (
            "well",
            "ann=0,bob=0,cy=4",
            True,
            None,
            ((1, "ann", 0), (1, "bob", 0), (3, "cy", 4)),
            ((1, ("ann", "bob"), "tie-break"),),
        ),
        ("well", "ann=1,bob=2", False, None, ((1, "ann", 1), (2, "bob", 2)), ()),
        (
            "hide-and-seek",
            "kid=0,mum=2,dad=1",
            True,
            "kid",
            ((1, "kid", 0), (2, "dad", 1), (3, "mum", 2)),
            (),
        ),
        ("hide-and-seek", "kid=1,mum=1", False, None, ((1, "kid", 1), (1, "mum", 1)), ()),
        ("tom-thumb", "kid=0", True, "kid", ((1, "kid", 0),), ()),
        ("tom-thumb", "kid=2", False, None, ((1, "kid", 2),), ()),
    ],
    ids=[
        "two-chests-most-wins",
        "two-chests-tie-for-first",
        "two-chests-hot-potato",
        "two-chests-tie-for-second",
        "caterpillar-first-empty",
        "caterpillar-not-over",
        "well-two-empty-at-once",
        "well-not-over",
        "hide-and-seek-child-wins",
        "hide-and-seek-not-over",
        "tom-thumb-done",
        "tom-thumb-not-done",
    ],
)
def test_result(
    game: str,
    counts: str,
    over: bool,
    winner: str | None,
    ranking: R,
    ties: tuple[tuple[int, tuple[str, ...], str], ...],
) -> None:
    outcome = result(game, parse_counts(counts))
    assert outcome.over is over
    assert outcome.winner == winner
    assert tuple((s.place, s.name, s.count) for s in outcome.ranking) == ranking
    assert tuple((t.place, t.players, t.kind) for t in outcome.ties) == ties


@pytest.mark.parametrize(
    ("game", "counts", "fragment"),
    [
        ("tom-thumb", "kid=0,mum=1", "Tom Thumb is a solo game"),
        ("two-chests", "ann=3", "The Two Chests needs at least two players"),
        ("well", "ann=0", "needs at least two players"),
    ],
    ids=["tom-thumb-two-players", "two-chests-alone", "well-alone"],
)
def test_result_refuses(game: str, counts: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        result(game, parse_counts(counts))


def test_unknown_game_is_refused() -> None:
    with pytest.raises(InputError, match="unknown mini-game 'snap'"):
        minigames.game("snap")


def piles(dealt: minigames.Deal) -> dict[str, tuple[str, int]]:
    return {p.name: (p.face, len(p.cards)) for p in dealt.piles}


@pytest.mark.parametrize(
    ("game", "players", "deck", "small", "expected"),
    [
        (
            "tom-thumb",
            1,
            57,
            None,
            {"row": ("up", 6), "pile": ("down", 6), "box": ("down", 45)},
        ),
        ("tom-thumb", 1, 57, 4, {"row": ("up", 4), "pile": ("down", 4), "box": ("down", 49)}),
        ("tom-thumb", 1, 12, None, {"row": ("up", 6), "pile": ("down", 6)}),
        (
            "caterpillar",
            3,
            57,
            None,
            {
                "middle": ("up", 1),
                "player 1": ("down", 18),
                "player 2": ("down", 18),
                "player 3": ("down", 18),
                "box": ("down", 2),
            },
        ),
        (
            "caterpillar",
            4,
            57,
            None,
            {"middle": ("up", 1), **{f"player {i}": ("down", 14) for i in range(1, 5)}},
        ),
        (
            "two-chests",
            2,
            57,
            None,
            {"chest 1": ("up", 28), "chest 2": ("up", 28), "box": ("down", 1)},
        ),
        ("two-chests", 5, 56, None, {"chest 1": ("up", 28), "chest 2": ("up", 28)}),
        (
            "well",
            5,
            57,
            None,
            {
                "player 1": ("down", 12),
                "player 2": ("down", 11),
                "player 3": ("down", 11),
                "player 4": ("down", 11),
                "player 5": ("down", 11),
                "middle": ("up", 1),
            },
        ),
        (
            "hide-and-seek",
            3,
            57,
            None,
            {
                "child": ("up", 4),
                "adult 1": ("up", 6),
                "adult 2": ("up", 6),
                "middle": ("up", 1),
                "box": ("down", 40),
            },
        ),
        (
            "hide-and-seek",
            2,
            31,
            2,
            {"child": ("up", 2), "adult 1": ("up", 6), "middle": ("up", 1), "box": ("down", 22)},
        ),
    ],
    ids=[
        "tom-thumb-row-6-pile-6",
        "tom-thumb-younger-child",
        "tom-thumb-exactly-enough",
        "caterpillar-even-piles-leftover-in-box",
        "caterpillar-divides-evenly",
        "two-chests-two-equal-chests",
        "two-chests-even-deck",
        "well-all-dealt-last-card-in-middle",
        "hide-and-seek-child-4-adults-6",
        "hide-and-seek-younger-child",
    ],
)
def test_deal(
    game: str, players: int, deck: int, small: int | None, expected: dict[str, tuple[str, int]]
) -> None:
    dealt = deal(game, players, deck, "s", child_cards=small)
    assert piles(dealt) == expected
    every = [c for p in dealt.piles for c in p.cards]
    assert sorted(every) == list(range(1, deck + 1))  # each card dealt exactly once
    assert dealt == deal(game, players, deck, "s", child_cards=small)
    assert dealt != deal(game, players, deck, "t", child_cards=small)


def test_well_is_dealt_one_at_a_time_from_player_1_and_the_last_card_goes_in_the_middle() -> None:
    dealt = deal("well", 3, 10, "seed")
    shuffled = list(range(1, 11))
    SeedStream("seed", "deal").shuffle(shuffled)
    assert piles(dealt)["middle"] == ("up", 1)
    by_name = {p.name: p.cards for p in dealt.piles}
    assert by_name["middle"] == (shuffled[-1],)
    assert by_name["player 1"] == tuple(shuffled[0:9:3])
    assert by_name["player 2"] == tuple(shuffled[1:9:3])


@pytest.mark.parametrize(
    ("game", "players", "deck", "small", "fragment"),
    [
        ("tom-thumb", 2, 57, None, "Tom Thumb is a solo game"),
        ("caterpillar", 1, 57, None, "needs at least 2 players"),
        ("two-chests", 0, 57, None, "needs at least 2 players"),
        ("hide-and-seek", 10, 57, None, "needs 59 cards; the deck has 57"),
        ("tom-thumb", 1, 11, None, "needs 12 cards; the deck has 11"),
        ("caterpillar", 3, 57, 4, "child_cards: only Tom Thumb and Hide and Seek"),
        ("tom-thumb", 1, 57, 0, "child_cards 0"),
    ],
    ids=[
        "tom-thumb-two-players",
        "caterpillar-alone",
        "two-chests-nobody",
        "hide-and-seek-too-many",
        "tom-thumb-small-deck",
        "child-cards-for-caterpillar",
        "child-cards-zero",
    ],
)
def test_deal_refuses(game: str, players: int, deck: int, small: int | None, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        deal(game, players, deck, "s", child_cards=small)


@pytest.mark.parametrize(
    ("cards", "fragment"),
    [
        # a known spelling first, then two bad ones: the first bad one is named
        ([["a", "b"], ["a", "x/y/z", None]], "card 2: symbol 'x/y/z' has more than one '/'"),
        ([["a", "b"], ["b", None, "x/y/z"]], "card 2: expected a symbol name, got None"),
        # True equals 1: a number symbol seen first does not let True through
        ([[1, "b"], ["b", True]], "card 2: expected a symbol name, got True"),
        ([["a", "b"], ["a", ["c"]]], "card 2: expected a symbol name, got ['c']"),
    ],
)
def test_deck_names_the_first_bad_symbol_of_a_card(
    cards: list[list[object]], fragment: str
) -> None:
    with pytest.raises(InputError) as exc:
        Deck.from_mapping({"cards": cards}, "deck.yaml")
    assert fragment in str(exc.value), str(exc.value)


def test_deck_spellings_seen_before_and_numbers_normalise_alike() -> None:
    deck = Deck.from_mapping({"cards": [["One/Blue", 7], [" one / blue ", "7", "x"]]}, "d.yaml")
    assert deck.cards == (("one/blue", "7"), ("one/blue", "7", "x"))
