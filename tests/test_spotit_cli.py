"""Acceptance tests of ``referee spotit``: the real command, in-process
(CliRunner); a few, marked ``process``, as real ``python -m referee`` processes.

Decks are the golden files in tests/data/spotit/ and the examples in
examples/spotit/; expected pairs are recomputed by brute force from the files.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from helpers import SVG_NS as SVG
from helpers import Runner, one_json

DATA = "tests/data/spotit"
FANO = f"{DATA}/fano.yaml"
LOST_ONE = f"{DATA}/fano-lost-one.yaml"
PENTAGON = f"{DATA}/pentagon.yaml"
FRUIT = "examples/spotit/fruit.yaml"
LOST_TWO = "examples/spotit/lost-two.yaml"
ORDER_7 = "examples/spotit/order-7.yaml"
SYMBOLS_16 = f"{DATA}/symbols-16.txt"
PRIME_POWERS_TO_16 = (2, 3, 4, 5, 7, 8, 9, 11, 13, 16)


def cards_of(path: str | Path, repo: Path) -> list[list[str]]:
    """A deck file's cards, normalised the documented way (by the test, not the code)."""
    data = yaml.safe_load((repo / path).read_text(encoding="utf-8"))
    return [
        ["/".join(" ".join(p.split()).casefold() for p in str(s).split("/")) for s in card]
        for card in data["cards"]
    ]


def brute(cards: list[list[str]]) -> dict[tuple[int, int], set[str]]:
    return {
        (i, j): set(a) & set(b)
        for (i, a), (j, b) in itertools.combinations(enumerate(cards, 1), 2)
        if len(set(a) & set(b)) != 1
    }


# ------------------------------------------------------------------------- verify


def test_verify_fano_in_the_rulebooks_spelling(referee: Runner) -> None:
    code, out, err = referee("spotit", "verify", FANO)
    assert (code, err) == (0, "")
    assert out == (
        "fano: 7 cards, 3 symbols per card, 7 distinct symbols.\n"
        "Every two cards share exactly one symbol.\n"
        "Every symbol is on 3 cards.\n"
        "A complete projective plane of order 2.\n"
    )


def test_verify_a_deck_missing_a_card_names_the_card_to_add_back(referee: Runner) -> None:
    code, out, err = referee("spotit", "verify", LOST_ONE)
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == [
        "A subset of a projective plane of order 2 (7 cards): 1 card could be added back:",
        "  - [two/red, square/lilac, triangle/yellow]",
    ]


def test_verify_55_of_57(referee: Runner, repo: Path) -> None:
    code, out, _ = referee("spotit", "verify", LOST_TWO, "--json")
    assert code == 0
    report = one_json(out)
    full = cards_of(ORDER_7, repo)
    lost = [full[19], full[40]]  # the file's header says which two were lost
    assert report["valid"] is True
    assert (report["cards"], report["symbols_per_card"], report["distinct_symbols"]) == (55, 8, 57)
    assert report["plane"]["kind"] == "subset"
    assert report["plane"]["order"] == 7
    assert report["plane"]["missing"] == 2
    assert report["plane"]["forced"] is True
    assert sorted(map(sorted, report["plane"]["add_back"])) == sorted(map(sorted, lost))
    assert sorted(report["frequencies"].values()) == sorted(
        sum(s in c for c in cards_of(LOST_TWO, repo)) for s in {s for c in full for s in c}
    )


def test_verify_a_broken_home_made_deck(referee: Runner, repo: Path) -> None:
    code, out, err = referee("spotit", "verify", FRUIT)
    assert (code, err) == (1, "")
    cards = cards_of(FRUIT, repo)
    faults = brute(cards)
    lines = out.splitlines()
    assert lines[0] == "fruit: 13 cards, 4 symbols per card, 13 distinct symbols."
    assert lines[1] == f"{len(faults)} of 78 card pairs do not share exactly one symbol:"
    assert len(faults) == 8
    for (i, j), shared in sorted(faults.items()):
        expected = (
            f"  cards {i} and {j} share none"
            if not shared
            else f"  cards {i} and {j} share {len(shared)} symbols: "
        )
        assert any(line.startswith(expected) for line in lines), expected
    assert "Card 5 repeats a symbol: apple/red." in lines
    assert lines[-1] == (
        "Not a projective plane or a subset of one: its cards do not all share exactly one symbol."
    )


def test_verify_json_keys(referee: Runner, repo: Path) -> None:
    code, out, err = referee("spotit", "verify", FRUIT, "--json")
    assert (code, err) == (1, "")
    report = one_json(out)
    assert set(report) == {
        "valid",
        "deck",
        "cards",
        "pairs",
        "symbols_per_card",
        "card_sizes",
        "distinct_symbols",
        "frequencies",
        "offending_pairs",
        "offending_total",
        "repeats",
        "plane",
    }
    faults = brute(cards_of(FRUIT, repo))
    assert report["offending_total"] == len(faults)
    assert {tuple(p["cards"]): set(p["shared"]) for p in report["offending_pairs"]} == faults
    assert report["repeats"] == [{"card": 5, "symbols": ["apple/red"]}]
    assert report["card_sizes"] == {"4": 13}
    assert report["plane"]["kind"] == "neither"


def test_verify_a_partial_plane_no_plane_holds(referee: Runner) -> None:
    code, out, _ = referee("spotit", "verify", PENTAGON)
    assert code == 0
    assert out.splitlines()[-1].startswith(
        "Not a projective plane or a subset of one: no set of cards completes it to a plane "
        "of order 3"
    )


def test_verify_reads_stdin(referee: Runner, repo: Path) -> None:
    text = (repo / FANO).read_text(encoding="utf-8")
    code, out, _ = referee("spotit", "verify", "-", input=text)
    assert code == 0
    assert out.startswith("fano: 7 cards")


# -------------------------------------------------------------------------- match


@pytest.mark.parametrize(
    ("i", "j", "code", "sentence"),
    [
        ("1", "2", 0, "Cards 1 and 2 share one/blue."),
        ("6", "7", 0, "Cards 6 and 7 share three/orange."),
        ("4", "5", 0, "Cards 4 and 5 share two/red."),
    ],
    ids=["1-2", "6-7", "4-5"],
)
def test_match_fano(referee: Runner, i: str, j: str, code: int, sentence: str) -> None:
    assert referee("spotit", "match", FANO, i, j) == (code, sentence + "\n", "")


@pytest.mark.parametrize(
    ("i", "j", "sentence"),
    [
        ("3", "5", "Cards 3 and 5 share no symbol: the deck is broken for this pair."),
        (
            "4",
            "12",
            "Cards 4 and 12 share 2 symbols (cherry/red, peach/orange): "
            "the deck is broken for this pair.",
        ),
    ],
    ids=["none", "two"],
)
def test_match_broken_pair(referee: Runner, i: str, j: str, sentence: str) -> None:
    assert referee("spotit", "match", FRUIT, i, j) == (1, sentence + "\n", "")


def test_match_json(referee: Runner) -> None:
    code, out, _ = referee("spotit", "match", FANO, "2", "3", "--json")
    assert code == 0
    assert one_json(out) == {
        "cards": [2, 3],
        "valid": True,
        "symbol": "one/blue",
        "shared": ["one/blue"],
    }
    code, out, _ = referee("spotit", "match", FRUIT, "1", "12", "--json")
    assert code == 1
    assert one_json(out) == {"cards": [1, 12], "valid": False, "symbol": None, "shared": []}


# ----------------------------------------------------------------------- generate


@pytest.mark.parametrize("order", PRIME_POWERS_TO_16, ids=lambda n: f"order-{n}")
def test_generated_decks_pass_verify(invoke: Runner, tmp_path: Path, order: int) -> None:
    out = tmp_path / "deck.yaml"
    extra = ["--symbols", SYMBOLS_16] if order == 16 else []
    code, text, err = invoke(
        "spotit", "generate", "--order", str(order), "--seed", "20", "-o", str(out), *extra
    )
    assert (code, err) == (0, "")
    size = order * order + order + 1
    assert (
        text
        == f"Wrote order-{order}-seed-20: {size} cards of {order + 1} symbols (order {order}) to {out}.\n"
    )
    code, text, _ = invoke("spotit", "verify", str(out), "--json")
    assert code == 0
    report = one_json(text)
    assert report["valid"] is True
    assert (report["cards"], report["symbols_per_card"]) == (size, order + 1)
    assert report["plane"] == {
        "kind": "complete",
        "order": order,
        "plane_cards": size,
        "missing": None,
        "add_back": [],
        "forced": None,
        "explanation": None,
    }


@pytest.mark.process
@pytest.mark.parametrize("order", [4, 9], ids=lambda n: f"order-{n}")
def test_generate_then_verify_in_real_processes(run: Runner, order: int) -> None:
    code, text, err = run("spotit", "generate", "--order", str(order), "--card-count", "20")
    assert (code, err) == (0, "")
    cards = yaml.safe_load(text)["cards"]
    assert len(cards) == 20 and not brute(cards)
    code, out, _ = run("spotit", "verify", "-", input=text)
    assert code == 0
    assert "Every two cards share exactly one symbol." in out


def test_generate_prints_yaml_with_the_builtin_symbols(referee: Runner) -> None:
    code, out, err = referee("spotit", "generate", "--order", "2")
    assert (code, err) == (0, "")
    assert out.startswith(
        "# A Spot it! deck from the projective plane of order 2: 7 cards, 3 symbols each.\n"
        "# Made by: referee spotit generate --order 2\nname: order-2\ncards:\n"
    )
    cards = yaml.safe_load(out)["cards"]
    assert {s for c in cards for s in c} == {
        "one/blue",
        "two/red",
        "three/orange",
        "rectangle/red",
        "square/lilac",
        "circle/green",
        "triangle/yellow",
    }
    assert not brute(cards)


@pytest.mark.process
def test_generate_seed_is_reproducible_across_processes(run: Runner, invoke: Runner) -> None:
    a = run("spotit", "generate", "--order", "5", "--seed", "2024")
    b = invoke("spotit", "generate", "--order", "5", "--seed", "2024")
    c = invoke("spotit", "generate", "--order", "5", "--seed", "2025")
    assert a == b
    assert yaml.safe_load(a[1])["cards"] != yaml.safe_load(c[1])["cards"]


def test_generate_cards_and_symbols_file(referee: Runner) -> None:
    code, out, _ = referee(
        "spotit",
        "generate",
        "--order",
        "3",
        "--symbols",
        "examples/spotit/classroom-symbols.txt",
        "--card-count",
        "11",
        "--name",
        "fruit-11",
    )
    assert code == 0
    data = yaml.safe_load(out)
    assert data["name"] == "fruit-11"
    assert len(data["cards"]) == 11 and not brute(data["cards"])
    assert all(len(c) == 4 for c in data["cards"])
    assert "apple/red" in {s for c in data["cards"] for s in c}


def test_generate_json(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "d.yaml"
    code, text, _ = referee(
        "spotit", "generate", "--order", "3", "--seed", "9", "-o", str(out), "--json"
    )
    assert code == 0
    doc = one_json(text)
    assert {k: doc[k] for k in doc if k != "cards"} == {
        "name": "order-3-seed-9",
        "order": 3,
        "card_count": 13,
        "symbols_per_card": 4,
        "seed": 9,
        "method": "spotit-sha256-ctr-v1",
        "output": str(out),
    }
    assert doc["cards"] == yaml.safe_load(out.read_text(encoding="utf-8"))["cards"]


def test_generate_refuses_to_overwrite_without_force(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "d.yaml"
    out.write_text("keep me\n", encoding="utf-8")
    code, text, err = referee("spotit", "generate", "--order", "2", "-o", str(out))
    assert (code, text) == (2, "")
    assert err == f"Error: {out}: already exists; use --force to overwrite it\n"
    assert out.read_text(encoding="utf-8") == "keep me\n"
    code, _, _ = referee("spotit", "generate", "--order", "2", "-o", str(out), "--force")
    assert code == 0
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["name"] == "order-2"


def test_generate_refuses_a_deck_verify_could_not_read(referee: Runner, tmp_path: Path) -> None:
    symbols = tmp_path / "long.txt"
    symbols.write_text("".join(f"{'x' * 60}{i}/c\n" for i in range(1500)), encoding="utf-8")
    code, out, err = referee("spotit", "generate", "--order", "37", "--symbols", str(symbols))
    assert (code, out) == (2, "")
    assert "more than the 1 MiB verify reads" in err and err.count("\n") == 1


# ------------------------------------------------------------------------- render


def svg_pages(path: Path) -> list[ET.Element]:
    root = ET.parse(path).getroot()  # well-formed XML or this raises
    assert root.tag == f"{SVG}svg"
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "page"]


def cards_in(page: ET.Element) -> list[ET.Element]:
    return [g for g in page.iter(f"{SVG}g") if g.get("class") == "card"]


def symbols_in(card: ET.Element) -> list[str]:
    return [g.get("data-symbol", "") for g in card.iter(f"{SVG}g") if g.get("class") == "symbol"]


@pytest.mark.parametrize(
    ("deck", "per_page", "paper", "symbols"),
    [
        (ORDER_7, "6", "a4", 8),
        (ORDER_7, "4", "letter", 8),
        (FANO, "6", "a4", 3),
        (LOST_TWO, "9", "a4", 8),
    ],
    ids=["order-7-a4", "order-7-letter-4", "fano", "lost-two-9-per-page"],
)
def test_render_is_well_formed_with_the_right_cards_per_page(
    referee: Runner,
    repo: Path,
    tmp_path: Path,
    deck: str,
    per_page: str,
    paper: str,
    symbols: int,
) -> None:
    out = tmp_path / "cards.svg"
    code, text, err = referee(
        "spotit", "render", deck, "-o", str(out), "--per-page", per_page, "--paper", paper
    )
    assert (code, err) == (0, "")
    expected = cards_of(deck, repo)
    pages = svg_pages(out)
    assert len(pages) == math.ceil(len(expected) / int(per_page))
    sizes = [len(cards_in(p)) for p in pages]
    assert sizes[:-1] == [int(per_page)] * (len(pages) - 1)
    assert sum(sizes) == len(expected)
    drawn = [symbols_in(card) for page in pages for card in cards_in(page)]
    assert all(len(d) == symbols for d in drawn)
    assert drawn == expected  # each card's symbols, in order
    sheet = "A4" if paper == "a4" else "US Letter"
    assert text.endswith(f"on {len(pages)} {sheet} pages, {per_page} per page, to {out}.\n")


def test_render_size_varies_but_shape_and_colour_do_not(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "cards.svg"
    assert referee("spotit", "render", ORDER_7, "-o", str(out), "--seed", "5")[0] == 0
    root = ET.parse(out).getroot()
    looks: dict[str, set[str]] = {}
    scales: dict[str, set[str]] = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "symbol":
            name = g.get("data-symbol", "")
            inner = ET.tostring(g[0], encoding="unicode")
            looks.setdefault(name, set()).add(inner)
            scales.setdefault(name, set()).add(g.get("transform", "").split("scale(")[1])
    assert len(looks) == 57
    assert all(len(v) == 1 for v in looks.values())  # one drawing per image
    assert all(len(v) > 1 for v in scales.values())  # in varying sizes


def test_render_is_reproducible_and_seeded(invoke: Runner, tmp_path: Path) -> None:
    paths = [tmp_path / f"{i}.svg" for i in range(3)]
    for path, seed in zip(paths, ["1", "1", "2"], strict=True):
        assert invoke("spotit", "render", FANO, "-o", str(path), "--seed", seed)[0] == 0
    a, b, c = (p.read_text(encoding="utf-8") for p in paths)
    assert a == b != c


def test_render_refuses_a_deck_that_does_not_verify(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "cards.svg"
    code, text, err = referee("spotit", "render", FRUIT, "-o", str(out))
    assert (code, err) == (1, "")
    assert text.startswith(f"Not rendered: {FRUIT} does not verify.\n8 of 78 card pairs")
    assert not out.exists()


def test_render_json(referee: Runner, tmp_path: Path) -> None:
    out = tmp_path / "cards.svg"
    code, text, _ = referee("spotit", "render", FANO, "-o", str(out), "--json")
    assert code == 0
    assert one_json(text) == {
        "valid": True,
        "output": str(out),
        "cards": 7,
        "pages": 2,
        "per_page": 6,
        "paper": "a4",
        # 2 columns x 3 rows on 210 x 297 mm: 10 mm margins, 5 mm page label,
        # 4 mm between cards and 5 mm under each for its number.
        "diameter_mm": round(min((210 - 20) / 2 - 4, (297 - 20 - 5) / 3 - 4 - 5), 1),
    }


# ------------------------------------------------------------------------- result


@pytest.mark.parametrize(
    ("args", "code", "lines"),
    [
        (
            ("two-chests", "--counts", "ann=12,bob=9,cy=9"),
            0,
            [
                "The Two Chests: the player who has collected the most cards wins.",
                " 1st  ann  12  (cards collected)",
                " 2nd  bob   9  (cards collected)",
                " 2nd  cy    9  (cards collected)",
                "Winner: ann.",
                "Tie for 2nd place: bob and cy play a tie-break: each draws a card, they "
                "reveal them together, and the first to name the matching image wins.",
            ],
        ),
        (
            ("well", "--counts", "ann=3,bob=0,cy=5"),
            0,
            [
                "The Well: the first to get rid of all their cards wins.",
                " 1st  bob  0  (cards left in their deck)",
                " 2nd  ann  3  (cards left in their deck)",
                " 3rd  cy   5  (cards left in their deck)",
                "Winner: bob.",
            ],
        ),
        (
            ("caterpillar", "--counts", "a=0,b=0,c=0,d=4"),
            0,
            [
                "The Caterpillar: the first to get rid of all their cards wins; "
                "the others play on for the later places.",
                " 1st  a  0  (cards left in their pile)",
                " 1st  b  0  (cards left in their pile)",
                " 1st  c  0  (cards left in their pile)",
                " 4th  d  4  (cards left in their pile)",
                "Tie for 1st place: a, b and c play a round of hot potato "
                "(more than two are tied).",
            ],
        ),
        (
            ("hide-and-seek", "--counts", "kid=1,mum=2"),
            1,
            [
                "Hide and Seek: the game ends as soon as a player has no cards left face up; "
                "that player wins.",
                " 1st  kid  1  (cards still face up)",
                " 2nd  mum  2  (cards still face up)",
                "No winner yet: nobody is at 0.",
            ],
        ),
        (
            ("tom-thumb", "--counts", "kid=2"),
            1,
            [
                "Tom Thumb: cover every card in the row.",
                "kid still has 2 cards of the row to cover.",
            ],
        ),
        (
            ("TOM-THUMB", "--counts", "kid=0"),
            0,
            ["Tom Thumb: cover every card in the row.", "kid has covered the whole row: done!"],
        ),
    ],
    ids=[
        "two-chests-tie-for-second",
        "well",
        "caterpillar-hot-potato",
        "hide-and-seek-not-over",
        "tom-thumb-not-done",
        "tom-thumb-done-any-case",
    ],
)
def test_result(referee: Runner, args: tuple[str, ...], code: int, lines: list[str]) -> None:
    assert referee("spotit", "result", *args) == (code, "\n".join(lines) + "\n", "")


def test_result_json(referee: Runner) -> None:
    code, out, _ = referee("spotit", "result", "two-chests", "--counts", "a=5,b=5,c=5", "--json")
    assert code == 0
    assert one_json(out) == {
        "game": "two-chests",
        "title": "The Two Chests",
        "valid": True,
        "over": True,
        "winner": None,
        "ranking": [
            {"place": 1, "name": "a", "count": 5},
            {"place": 1, "name": "b", "count": 5},
            {"place": 1, "name": "c", "count": 5},
        ],
        "ties": [{"place": 1, "players": ["a", "b", "c"], "tie_break": "hot potato"}],
        "playing_on": [],
        "counts_mean": "cards collected",
    }


# --------------------------------------------------------------------------- deal


def test_deal_caterpillar_from_a_seed(referee: Runner) -> None:
    code, out, err = referee("spotit", "deal", "caterpillar", "--player-count", "3", "--seed", "7")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "The Caterpillar, 3 players, deck order-7 (57 cards), seed 7:"
    heads = [line.split(":")[0] for line in lines[1:]]
    assert heads == [
        "middle    face up      1 card",
        "player 1  face down  18 cards",
        "player 2  face down  18 cards",
        "player 3  face down  18 cards",
        "box       face down   2 cards",
    ]
    dealt = [int(x) for line in lines[1:] for x in line.split(":")[1].split()]
    assert sorted(dealt) == list(range(1, 58))
    assert referee("spotit", "deal", "caterpillar", "--player-count", "3", "--seed", "7")[1] == out


def test_deal_with_a_deck_file_and_json(referee: Runner) -> None:
    code, out, _ = referee(
        "spotit",
        "deal",
        "hide-and-seek",
        "--player-count",
        "2",
        "--deck",
        LOST_TWO,
        "--seed",
        "77",
        "--json",
    )
    assert code == 0
    doc = one_json(out)
    assert (doc["game"], doc["player_count"], doc["deck"], doc["deck_cards"], doc["seed"]) == (
        "hide-and-seek",
        2,
        "lost-two",
        55,
        77,
    )
    assert [(p["name"], p["face"], len(p["cards"])) for p in doc["piles"]] == [
        ("child", "up", 4),
        ("adult 1", "up", 6),
        ("middle", "up", 1),
        ("box", "down", 44),
    ]
    assert sorted(c for p in doc["piles"] for c in p["cards"]) == list(range(1, 56))


def test_deal_without_a_seed_prints_one_that_reproduces_it(invoke: Runner) -> None:
    code, out, _ = invoke("spotit", "deal", "two-chests", "--player-count", "2", "--json")
    assert code == 0
    first = one_json(out)
    again = one_json(
        invoke(
            "spotit",
            "deal",
            "two-chests",
            "--player-count",
            "2",
            "--seed",
            str(first["seed"]),
            "--json",
        )[1]
    )
    assert again == first


def test_help_lists_the_group(referee: Runner) -> None:
    code, out, _ = referee("--help")
    assert code == 0
    assert "Spot it! 1,2,3:" in out and "spotit" in out
    code, out, _ = referee("spotit", "--help")
    assert code == 0
    for command in ("verify", "match", "generate", "render", "result", "deal"):
        assert f"  {command} " in out
