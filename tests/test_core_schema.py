"""The strict reader (referee.core.schema): every file the referee reads goes
through it, so these are the promises every game's files get."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import Runner
from referee.core.errors import InputError
from referee.core.schema import MAX_DIGITS, Value, bounded_int, parse_yaml


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\na: 2\n", "line 2: key 'a' appears twice"),
        ("Ann: {red: 3, blue: 2, red: 4}\n", "line 1: key 'red' appears twice"),
        ("x:\n  - {p: 1}\n  - {q: 1, q: 2}\n", "line 3: key 'q' appears twice"),
        ("history: []\nhistory: null\n", "line 2: key 'history' appears twice"),
        ("n: " + "9" * 5000 + "\n", "line 1: a number of 5,000 digits is out of range"),
        ("n: " + "1" * (MAX_DIGITS + 1) + "\n", f"a number of {MAX_DIGITS + 1} digits"),
        ("n: !!python/object:os.system ls\n", "not valid YAML"),
        ("a: [1, 2\n", "not valid YAML"),
        ("? [1, 2]\n: x\n", "line 1: a key must be a name"),
    ],
    ids=[
        "top",
        "nested-flow",
        "in-a-list",
        "history-null-appended",
        "5000-digits",
        "just-too-long",
        "python-tag",
        "unclosed",
        "list-key",
    ],
)
def test_refused_yaml(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_yaml(text)
    assert message in str(info.value)


def test_the_longest_number_allowed_is_read() -> None:
    assert parse_yaml("n: " + "9" * MAX_DIGITS) == {"n": int("9" * MAX_DIGITS)}


def test_lines_are_remembered() -> None:
    data = parse_yaml("a: 1\nb:\n  - x\n  - y\n")
    assert data.lines == {"a": 1, "b": 2}
    assert data["b"].lines == [3, 4]


def test_unknown_key_lists_the_expected_ones() -> None:
    doc = Value(parse_yaml("players: [a]\nactoins: []\n"))
    with pytest.raises(InputError) as info, doc.fields() as f:
        f.require("players")
        f.get("actions")
    assert str(info.value) == "line 2: unknown key 'actoins' (expected players, actions)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rounds: x\n", "line 1: rounds: expected a whole number from 1 to 9, got 'x'"),
        ("rounds: true\n", "line 1: rounds: expected a whole number from 1 to 9, got true/false"),
        ("rounds: 10\n", "line 1: rounds: expected a whole number from 1 to 9, got 10"),
        ("other: 1\n", "line 1: 'rounds' is missing"),
        ("rounds:\n", "line 1: 'rounds' is empty"),
    ],
)
def test_field_errors_name_the_key_path_and_line(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        Value(parse_yaml(text)).fields().require("rounds").integer(1, 9)
    assert str(info.value) == message


def test_nested_paths() -> None:
    doc = Value(parse_yaml("history:\n- {action: add}\n- {action: add, at: 7}\n"))
    items = doc.fields().require("history").items()
    with pytest.raises(
        InputError, match=r"^line 3: history\[1\]\.at: expected text, got the number 7$"
    ):
        items[1].fields().require("at").text()


def test_convert_puts_a_rules_error_at_its_place() -> None:
    def parse_cell(raw: object) -> str:
        raise InputError("expected a cell like D1")

    doc = Value(parse_yaml("moves:\n  - Z99\n"))
    item = doc.fields().require("moves").items()[0]
    with pytest.raises(InputError, match=r"^line 2: moves\[0\]: expected a cell like D1$"):
        item.convert(parse_cell)


@pytest.mark.parametrize(
    ("text", "ok"),
    [("7", 7), ("  12 ", 12), ("0", None), ("x", None), ("1e3", None), ("9" * 5000, None)],
)
def test_bounded_int(text: str, ok: int | None) -> None:
    if ok is None:
        with pytest.raises(InputError, match="expected a whole number from 1 to 99"):
            bounded_int(text, 1, 99, "--cards")
    else:
        assert bounded_int(text, 1, 99) == ok


def test_the_module_examples_run() -> None:
    import doctest

    from referee.core import schema

    result = doctest.testmod(schema)
    assert result.attempted >= 4 and result.failed == 0


# ------------------------------------------------- aliases counted by their text


def test_an_alias_of_a_long_string_used_many_times_is_refused() -> None:
    """A few hundred kilobytes of YAML whose one long string is used a thousand
    times would be drawn or printed a thousand times: refused, with the limit."""
    from referee.core.schema import parse_yaml

    long = "x" * 100_000
    text = f"long: &s {long}\nmany:\n" + "".join("  - *s\n" for _ in range(1000))
    with pytest.raises(InputError) as caught:
        parse_yaml(text)
    assert "characters of text (aliases?)" in caught.value.message
    # the same text used a few times is fine, and so is a big file without aliases
    few = f"long: &s {long}\nmany: [*s, *s]\n"
    assert len(parse_yaml(few)["many"]) == 2
    plain = "many:\n" + "".join(f"  - {'y' * 900}{i}\n" for i in range(1000))
    assert len(parse_yaml(plain)["many"]) == 1000


def test_spotit_render_of_an_alias_bomb_deck_writes_nothing(invoke: Runner, tmp_path: Path) -> None:
    symbol = "s" * 50_000
    cards = ["[*long, b, c]", "[*long, d, e]", "[b, d, f]", "[c, e, f]"]
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        f"name: bomb\nsymbols: [&long {symbol}]\ncards:\n"
        + "".join(f"  - {c}\n" for c in cards * 200),
        encoding="utf-8",
    )
    out = tmp_path / "cards.svg"
    code, stdout, err = invoke("spotit", "render", str(deck), "-o", str(out))
    assert (code, stdout) == (2, "")
    assert err.startswith(f"Error: {deck}:") and "aliases?" in err and err.count("\n") == 1
    assert not out.exists()
