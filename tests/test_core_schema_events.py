"""The event reader of :func:`referee.core.schema.parse_yaml` against the full
strict loader (:func:`parse_yaml_with_loader`, the reader every file went
through before): the same values of the same types, the same lines, the same
errors, on every YAML file of the checkout and on generated documents."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core.errors import InputError
from referee.core.schema import (
    MAX_DEPTH,
    MAX_DIGITS,
    YamlList,
    YamlMap,
    _EventReader,
    _Unsupported,
    parse_yaml,
    parse_yaml_with_loader,
)

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(
    p
    for folder in ("setups", "examples", "src/referee", "tests/data")
    for pattern in ("*.yaml", "*.yml")
    for p in (ROOT / folder).rglob(pattern)
)


def shape(value: Any) -> Any:
    """Everything a reader's result says: types, values, lines, key order."""
    if isinstance(value, dict):
        lines = getattr(value, "lines", None)
        return (
            type(value).__name__,
            getattr(value, "line", None),
            [(shape(k), shape(v), lines.get(k) if lines else None) for k, v in value.items()],
        )
    if isinstance(value, list):
        return (
            type(value).__name__,
            getattr(value, "line", None),
            [shape(v) for v in value],
            list(getattr(value, "lines", [])),
        )
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, sorted(map(repr, value)))
    return (type(value).__name__, repr(value))


def outcome(read: Any, text: str) -> Any:
    try:
        return ("value", shape(read(text)))
    except InputError as exc:
        return ("refused", str(exc))
    except Exception as exc:  # whatever the old reader let through, the new one must too
        return ("raised", type(exc).__name__, str(exc))


def test_the_checkout_has_yaml_files() -> None:
    assert len(FILES) >= 15, FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_is_read_from_events_as_the_loader_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    expected = outcome(parse_yaml_with_loader, text)
    assert outcome(parse_yaml, text) == expected
    if expected[0] == "value":
        # the event reader itself read it (no fall-back to the loader)
        assert shape(_EventReader(text).read()) == expected[1]


# Plain scalars whose tag depends on the text (YAML 1.1 as the safe loader
# resolves it), keys and values the loader treats specially, and text that
# is not YAML at all.
SCALARS = [
    "a", "ann", "circle/red", "Yes", "no", "ON", "off", "True", "FALSE", "~", "null", "Null", "",
    "0", "-0", "+12", "007", "0o17", "0x1F", "0b101", "1_000", "1:30", "190:20:30", "_",
    "1.5", "-.5", "1e3", "1.0e+3", ".inf", "-.Inf", ".NaN", "1_0.5", "6.8523015e+5",
    "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2002-12-14 21:59:43", "2001-13-45",
    "9" * MAX_DIGITS, "9" * (MAX_DIGITS + 1), "-" + "1" * MAX_DIGITS, "1_" * 12 + "1",
    "'quoted'", '"yes"', '"0x1F"', "'a: b'", '"\\u00e9t\\u00e9"', "'it''s'",
    "<<", "=", "!!str 12", "!!int x", "!x y", "! 12", "!!python/name:os.system",
    "&a 1", "*a", "&a [1, 2]", "!!set {a, b}", "!!binary aGk=", "[", "]", "{", "}", ",",
    "a: b", "- x", "? x", "%TAG", "@x", "`x", "'open", "x #c",
]  # fmt: skip
KEYS = ["a", "b", "A", "1", "1.0", "true", "yes", "~", "''", '"a"', "<<", "=", "[x]", "{x: 1}"]

# What the event reader reads itself: no tags, anchors, aliases, merge or
# value keys, no number out of range, keys unique in each mapping.
PLAIN_SCALARS = [
    s
    for s in SCALARS
    if s[:1] not in set("!&*[]{},?%@`") and s not in {"- x", "<<", "=", "2001-13-45", "'open", "a: b", "", "x #c"}
    and len(s) <= MAX_DIGITS
]  # fmt: skip
PLAIN_KEYS = ["a", "b", "A", "1", "no", "~", "'c'", '"d"', "2001-12-14", ".inf"]


def flow(scalars: list[str], keys: list[str]) -> st.SearchStrategy[str]:
    def nest(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        unique = keys is PLAIN_KEYS
        return st.one_of(
            st.lists(children, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
            st.lists(
                st.tuples(st.sampled_from(keys), children),
                max_size=4,
                unique_by=(lambda kv: kv[0]) if unique else None,
            ).map(lambda kvs: "{" + ", ".join(f"{k}: {v}" for k, v in kvs) + "}"),
        )

    return st.recursive(st.sampled_from(scalars), nest, max_leaves=12)


@st.composite
def blocks(
    draw: st.DrawFn, scalars: list[str], keys: list[str], indent: int = 0, depth: int = 0
) -> str:
    """A block mapping or list, children block or flow, with blank and comment
    lines between entries so the lines vary."""
    pad = " " * indent
    as_list = draw(st.booleans())
    names = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=4))
    if keys is PLAIN_KEYS:
        names = list(dict.fromkeys(names))
    lines: list[str] = []
    for name in names:
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(["", pad + "# note", "   "])))
        head = pad + ("- " if as_list else name + ":")
        if depth < 3 and draw(st.integers(0, 3)) == 0:
            inner = draw(blocks(scalars, keys, indent + 2, depth + 1))
            lines.append(head.rstrip() + "\n" + inner)
        else:
            lines.append(head + ("" if as_list else " ") + draw(flow(scalars, keys)))
    return "\n".join(lines)


def documents(scalars: list[str], keys: list[str]) -> st.SearchStrategy[str]:
    tree = blocks(scalars, keys)
    if keys is PLAIN_KEYS:  # one valid document
        return st.one_of(tree, flow(scalars, keys), tree.map("---\n# top\n\n{}\n...\n".format))
    return st.one_of(
        tree,
        flow(scalars, keys),
        st.tuples(tree, st.sampled_from(["\n---\n", "\n...\n", "\n--- x\n", "\n"]), tree).map(
            "".join
        ),
        st.tuples(st.sampled_from(["---\n", "%YAML 1.1\n---\n", "# top\n\n", ""]), tree).map(
            "".join
        ),
    )


@given(documents(SCALARS, KEYS))
def test_generated_documents_read_alike(text: str) -> None:
    assert outcome(parse_yaml, text) == outcome(parse_yaml_with_loader, text), text


@given(documents(PLAIN_SCALARS, PLAIN_KEYS))
def test_generated_plain_documents_are_read_from_events(text: str) -> None:
    expected = outcome(parse_yaml_with_loader, text)
    assert expected[0] == "value", (text, expected)
    assert ("value", shape(_EventReader(text).read())) == expected, text


# The event reader reads these itself; the loader gives the same.
OWN = [
    "a: 1\nb: [x, 'y', \"z\"]\nc:\n  - {d: yes, e: ~}\n  - - 1_000\n    - 0x1F\n",
    "n: 1.5\nt: 2001-12-14\nz: .NaN\nq: ''\nempty:\n",
    "- [a, b]\n- [c, d]\n",
    "just text\n",
    "",
    "---\nx: 1\n...\n",
    "n: " + "9" * MAX_DIGITS + "\n",
    "1: one\nfalse: yes\nnull: nothing\n",
    "[" * MAX_DEPTH + "]" * MAX_DEPTH,
]


@pytest.mark.parametrize("text", OWN)
def test_plain_documents_are_read_from_events(text: str) -> None:
    assert shape(_EventReader(text).read()) == shape(parse_yaml_with_loader(text))


# These need the loader (or are refused by it): the event reader hands them over.
HANDED_OVER = [
    "a: 1\na: 2\n",
    "{1: a, 1.0: b}\n",
    "n: " + "9" * (MAX_DIGITS + 1) + "\n",
    "a: &x [1]\nb: *x\n",
    "base: &b {x: 1}\nd: {<<: *b, y: 2}\n",
    "a: !!str 12\n",
    "a: !x y\n",
    "? [1, 2]\n: x\n",
    "a: =\n",
    "a: 2001-13-45\n",
    "a: [1, 2\n",
    "a: 1\n---\nb: 2\n",
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
]


@pytest.mark.parametrize("text", HANDED_OVER)
def test_other_documents_go_to_the_loader(text: str) -> None:
    with pytest.raises(_Unsupported):
        _EventReader(text).read()
    assert outcome(parse_yaml, text) == outcome(parse_yaml_with_loader, text)


def test_result_types_are_the_yaml_containers() -> None:
    data = parse_yaml("a:\n  - b\n  - {c: 1}\n")
    assert type(data) is YamlMap and type(data["a"]) is YamlList
    assert type(data["a"][1]) is YamlMap
    assert (data.line, data.lines, data["a"].line, data["a"].lines) == (1, {"a": 1}, 2, [2, 3])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a: 2001-13-45\n",
            "line 1: not a valid date or time: '2001-13-45' (month must be in 1..12)",
        ),
        ("- 2024-02-30 10:00:00\n", "line 1: not a valid date or time: '2024-02-30 10:00:00'"),
    ],
)
def test_an_impossible_date_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_yaml(text)
    assert message in str(info.value)
