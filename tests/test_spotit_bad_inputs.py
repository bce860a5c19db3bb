"""Unusable input to ``referee spotit``: exit 2 and exactly one ``Error: ...``
line naming the file and the place, never a traceback.

Every case runs in-process (CliRunner). The first
group is the issue's list; the rest are the other ways input goes wrong.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import Runner, assert_one_error_line
from referee.cli import cli

FANO = "tests/data/spotit/fano.yaml"
T = "{tmp}"
D = "{tmp}/deck.yaml"
S = "{tmp}/symbols.txt"


@dataclass(frozen=True)
class Bad:
    """``files`` are written into a tmp dir first; ``{tmp}`` in ``args`` and
    ``fragments`` is that dir."""

    args: tuple[str, ...]
    fragments: tuple[str, ...]
    files: tuple[tuple[str, bytes], ...] = ()
    stdin: str | None = None


def deck(*cards: str) -> bytes:
    return ("name: d\ncards:\n" + "".join(f"  - {c}\n" for c in cards)).encode()


def verify(path: str = D) -> tuple[str, ...]:
    return ("spotit", "verify", path)


def generate(*more: str) -> tuple[str, ...]:
    return ("spotit", "generate", *more)


GARBAGE = random.Random(6).randbytes(600) + b"\x00\x89PNG\r\n\x1a\n"
BIG = b"name: big\ncards:\n# " + b"x" * (1100 * 1024) + b"\n"
DUPLICATE_SYMBOLS = b"one/blue\ntwo/red\n# a comment\nOne / Blue\n"
FIVE_SYMBOLS = b"a\nb\nc\nd\ne\n"

CASES: dict[str, Bad] = {
    # -------------------------------------------------------- the list
    "card-listed-twice": Bad(
        verify(),
        (D, "card 3", "listed twice", "card 1"),
        (("deck.yaml", deck("[a/red, b/red]", "[a/red, c/red]", "[B/Red, a/red]")),),
    ),
    "empty-card": Bad(
        verify(), (D, "card 2", "empty card"), (("deck.yaml", deck("[a/red, b/red]", "[]")),)
    ),
    "deck-with-one-card": Bad(
        verify(), (D, "at least two cards", "one card"), (("deck.yaml", deck("[a, b, c]")),)
    ),
    "match-card-0": Bad(("spotit", "match", FANO, "0", "2"), (FANO, "I", "no card 0", "1 to 7")),
    "match-card-8": Bad(("spotit", "match", FANO, "1", "8"), (FANO, "J", "no card 8", "1 to 7")),
    "match-card-999": Bad(("spotit", "match", FANO, "999", "1"), (FANO, "I", "no card 999")),
    "symbols-file-with-duplicates": Bad(
        generate("--order", "2", "--symbols", S),
        (S, "line 4", "'One / Blue'", "repeats line 1"),
        (("symbols.txt", DUPLICATE_SYMBOLS),),
    ),
    "order-0": Bad(generate("--order", "0"), ("--order 0", "2 or more")),
    "order-1": Bad(generate("--order", "1"), ("--order 1", "2 or more")),
    "order-minus-3": Bad(generate("--order", "-3"), ("--order -3", "2 or more")),
    "order-abc": Bad(generate("--order", "abc"), ("--order", "'abc' is not a whole number")),
    "cards-larger-than-plane": Bad(
        generate("--order", "3", "--card-count", "14"), ("--card-count 14", "only 13 cards")
    ),
    "garbage-yaml": Bad(
        verify(), (D, "line 2", "not valid YAML"), (("deck.yaml", b"cards: [[a, b]\n  - : :\n"),)
    ),
    "binary-garbage": Bad(verify(), (D, "binary"), (("deck.yaml", GARBAGE),)),
    "deck-over-1MiB": Bad(verify(), (D, "1 MiB", "refusing"), (("deck.yaml", BIG),)),
    # ----------------------------------------------------------- no plane known
    "order-6": Bad(generate("--order", "6"), ("--order 6", "no projective plane", "Tarry")),
    "order-10": Bad(generate("--order", "10"), ("--order 10", "Lam")),
    "order-12": Bad(generate("--order", "12"), ("--order 12", "not a prime power")),
    "order-14": Bad(generate("--order", "14"), ("--order 14", "Bruck-Ryser")),
    "order-15": Bad(generate("--order", "15"), ("--order 15", "is known")),
    "order-too-large": Bad(generate("--order", "101"), ("--order 101", "up to 97")),
    "order-huge": Bad(generate("--order", "1" + "0" * 30), ("--order", "is too large")),
    "order-100-million": Bad(generate("--order", "100000000"), ("--order 100000000", "up to 97")),
    "order-5000-digits": Bad(generate("--order", "9" * 5000), ("--order", "'999", "too large")),
    "cards-2.5": Bad(
        generate("--order", "2", "--card-count", "2.5"), ("--card-count", "not a whole number")
    ),
    # ---------------------------------------------------------------- the rest
    "missing-deck": Bad(verify("{tmp}/nope.yaml"), ("{tmp}/nope.yaml", "no such")),
    "deck-is-a-list": Bad(verify(), (D, "mapping", "list"), (("deck.yaml", b"- [a, b]\n"),)),
    "empty-file": Bad(verify(), (D, "empty"), (("deck.yaml", b""),)),
    "stdin-empty": Bad(verify("-"), ("<stdin>", "empty"), stdin=""),
    "no-cards-key": Bad(verify(), (D, "no 'cards' key"), (("deck.yaml", b"name: x\n"),)),
    "unknown-key": Bad(
        verify(), (D, "unknown key 'card'"), (("deck.yaml", b"card: [[a], [b]]\n"),)
    ),
    "card-is-a-string": Bad(
        verify(), (D, "card 2", "expected a list"), (("deck.yaml", deck("[a, b]", "a, c")),)
    ),
    "symbol-is-a-mapping": Bad(
        verify(),
        (D, "card 1", "expected a symbol name"),
        (("deck.yaml", deck("[a, {b: c}]", "[a, d]")),),
    ),
    "symbol-with-two-slashes": Bad(
        verify(),
        (D, "card 2", "'a/b/c'", "more than one '/'"),
        (("deck.yaml", deck("[x, y]", "[x, a/b/c]")),),
    ),
    "symbol-without-colour": Bad(
        verify(), (D, "card 1", "'star/'"), (("deck.yaml", deck("[star/, y]", "[x, y]")),)
    ),
    "alias-bomb": Bad(
        verify(),
        (D, "YAML expands to over", "(aliases?)", "refusing"),
        (
            (
                "deck.yaml",
                b"cards: [&a ["
                + b",".join(b"s%d" % i for i in range(3000))
                + b"], "
                + b",".join([b"*a"] * 700)
                + b"]\n",
            ),
        ),
    ),
    "match-same-card": Bad(("spotit", "match", FANO, "3", "3"), (FANO, "J", "card I again")),
    "match-not-a-number": Bad(
        ("spotit", "match", FANO, "one", "2"), ("'I'", "'one' is not a whole number")
    ),
    "too-few-symbols-in-file": Bad(
        generate("--order", "2", "--symbols", S),
        (S, "has 5 symbols", "needs 7"),
        (("symbols.txt", FIVE_SYMBOLS),),
    ),
    "too-few-builtin-symbols": Bad(
        generate("--order", "16"), ("built-in set has 210 symbols", "needs 273")
    ),
    "missing-symbols-file": Bad(
        generate("--order", "2", "--symbols", "{tmp}/none.txt"), ("{tmp}/none.txt", "no such")
    ),
    "cards-1": Bad(generate("--order", "2", "--card-count", "1"), ("--card-count 1", "at least 2")),
    "output-exists": Bad(
        generate("--order", "2", "-o", D), (D, "already exists", "--force"), (("deck.yaml", b"x"),)
    ),
    "render-output-exists": Bad(
        ("spotit", "render", FANO, "-o", "{tmp}/c.svg"),
        ("{tmp}/c.svg", "already exists"),
        (("c.svg", b"<svg/>"),),
    ),
    "render-per-page-0": Bad(
        ("spotit", "render", FANO, "-o", "{tmp}/c.svg", "--per-page", "0"),
        ("--per-page 0", "1 to 20"),
    ),
    "render-card-of-201-symbols": Bad(
        ("spotit", "render", D, "-o", "{tmp}/c.svg"),
        (D, "card 1", "201 symbols", "at most 200"),
        (
            (
                "deck.yaml",
                deck(
                    "[" + ", ".join(f"a{i}" for i in range(201)) + "]",
                    "[a0, " + ", ".join(f"b{i}" for i in range(200)) + "]",
                ),
            ),
        ),
    ),
    "render-paper-a3": Bad(
        ("spotit", "render", FANO, "-o", "{tmp}/c.svg", "--paper", "a3"), ("--paper", "'a3'")
    ),
    "result-unknown-game": Bad(
        ("spotit", "result", "snap", "--counts", "a=1,b=2"), ("GAME", "'snap'")
    ),
    "result-negative-count": Bad(
        ("spotit", "result", "well", "--counts", "a=-1,b=2"), ("--counts", "'a=-1'", "whole number")
    ),
    "result-count-5000-digits": Bad(
        ("spotit", "result", "well", "--counts", "a=" + "9" * 5000 + ",b=2"),
        ("--counts", "whole number"),
    ),
    "result-control-character": Bad(
        ("spotit", "result", "well", "--counts", "a\x1b[31m=1,b=2"), ("--counts", "U+001B")
    ),
    "seed-not-a-whole-number": Bad(
        generate("--order", "2", "--seed", "classroom"), ("--seed", "expected a whole number")
    ),
    "seed-negative": Bad(generate("--order", "2", "--seed", "-1"), ("--seed",)),
    "seed-too-long": Bad(generate("--order", "2", "--seed", "9" * 19), ("--seed",)),
    "name-with-newline": Bad(generate("--order", "2", "--name", "a\nb"), ("--name", "U+000A")),
    "symbol-with-control-character": Bad(
        verify(),
        (D, "card 1", "U+0001"),
        (("deck.yaml", b'name: d\ncards:\n  - ["a\\x01", b]\n  - [a, c]\n'),),
    ),
    "deck-name-with-control-character": Bad(
        verify(),
        (D, "name", "expected a deck name"),
        (("deck.yaml", b'name: "x\\x1b"\ncards: [[a], [a, b]]\n'),),
    ),
    "too-many-cards": Bad(
        verify(),
        (D, "10,001 cards", "at most 10,000"),
        (("deck.yaml", b"cards:\n" + b"".join(b"- [s%d]\n" % i for i in range(10_001))),),
    ),
    "result-player-twice": Bad(
        ("spotit", "result", "well", "--counts", "a=1,A=2"), ("--counts", "'A'", "twice")
    ),
    "result-solo-with-two": Bad(
        ("spotit", "result", "tom-thumb", "--counts", "a=1,b=2"), ("--counts", "solo game")
    ),
    "deal-too-many-players": Bad(
        ("spotit", "deal", "hide-and-seek", "--player-count", "12", "--seed", "1"),
        ("--deck", "needs 71 cards", "has 57"),
    ),
    "deal-one-player": Bad(
        ("spotit", "deal", "well", "--player-count", "1"),
        ("--player-count 1", "at least 2 players"),
    ),
    "deal-bad-deck": Bad(
        ("spotit", "deal", "well", "--player-count", "2", "--deck", D),
        (D, "card 2", "empty card"),
        (("deck.yaml", deck("[a, b]", "[]")),),
    ),
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_bad_input(referee: Runner, tmp_path: Path, case: Bad) -> None:
    for name, data in case.files:
        (tmp_path / name).write_bytes(data)
    args = [a.replace(T, str(tmp_path)) for a in case.args]
    code, out, err = referee(*args, input=case.stdin)
    assert_one_error_line(code, out, err, *(f.replace(T, str(tmp_path)) for f in case.fragments))


# --------------------------------------------------------- generated garbage


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=5), children, max_size=3)
        ),
        max_leaves=25,
    )
)
def test_any_yaml_value_as_cards_is_an_error_or_a_verdict(
    tmp_path_factory: pytest.TempPathFactory, value: object
) -> None:
    import yaml
    from click.testing import CliRunner

    path = tmp_path_factory.mktemp("d") / "deck.yaml"
    path.write_text(yaml.safe_dump({"cards": value}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["spotit", "verify", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert_one_error_line(result.exit_code, result.stdout, result.stderr)
    else:
        assert result.exit_code in (0, 1)
        assert result.stderr == ""


@given(st.binary(max_size=300))
def test_any_bytes_as_symbols_file(data: bytes) -> None:
    import tempfile

    from click.testing import CliRunner

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "symbols.txt"
        path.write_bytes(data)
        result = CliRunner().invoke(
            cli, ["spotit", "generate", "--order", "2", "--symbols", str(path)]
        )
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code != 0:
        assert_one_error_line(result.exit_code, result.stdout, result.stderr, str(path))
