"""The line reader of :func:`referee.core.schema.parse_yaml` (the deck shape:
``key: word`` lines and lists of words) against the full strict loader: the
same values of the same types, the same lines, and, for every document it
does not take, the same answer from the readers after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core import schema
from referee.core.files import dump_yaml
from referee.core.schema import (
    LINE_READER_FROM,
    MAX_DIGITS,
    _LineReader,
    _Unsupported,
    parse_yaml,
    parse_yaml_with_loader,
)
from referee.spotit.planes import generate
from referee.spotit.symbols import builtin_symbols
from test_core_schema_events import FILES, outcome, shape

ROOT = Path(__file__).resolve().parents[1]

# Words the line reader takes as words: their tag is still the resolver's.
WORDS = [
    "a", "one/blue", "heart-561/red", "big star/red", "x.y", "a+b", "_", "a-", "0",
    "Yes", "no", "ON", "off", "True", "null", "Null", "NULL", "y", "n",
    "12", "007", "0o17", "0x1F", "0b101", "1_000", "1.5", "1e3", "1.0e+3", "6.8523015e+5",
    "2001-12-14", "2001-13-45", "9" * MAX_DIGITS, "9" * (MAX_DIGITS + 1), "1_" * 12 + "1",
]  # fmt: skip
# Words it must hand over (or that are not words at all).
OTHERS = [
    "", " a", "a ", "a  b", "x #c", "x#c", "a: b", "a:b", "-x", "- x", ".inf", "-1", "+1",
    "'q'", '"q"', "[", "]", "{", "a,b", "é", "<<", "=", "~", "a\tb", "!x", "&a", "*a", "?x",
    "%x", "@x", "`x", "|", ">", "a\rb", "a\x85b", "a\u2028b",
]  # fmt: skip
KEYS = ["name", "cards", "a", "b", "x-y", "_", "on", "yes", "No", "null", "1", "a b", "'q'", "~"]
NOISE = ["", "# note", "#", "  ", "# é", " # x", "\t", "#\tx", "---", "..."]
BREAKS = [",\n  ", ",\n ", ",\n   ", ",\n\t", ",\n\n  ", ",\n# c\n  ", ", "]


@st.composite
def documents(draw: st.DrawFn, words: list[str], keys: list[str], clean: bool) -> str:
    """A document of top-level entries: ``key: word`` or ``key:`` with ``- ...``
    items; unless ``clean``, with noise lines, odd breaks and endings."""
    out: list[str] = []
    names = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=4))
    if clean:
        names = list(dict.fromkeys(names))
    for name in names:
        if draw(st.integers(0, 4)) == 0:
            out.append(draw(st.sampled_from(NOISE[:3] if clean else NOISE)) + "\n")
        if draw(st.booleans()):
            out.append(f"{name}: {draw(st.sampled_from(words))}\n")
            continue
        out.append(f"{name}:\n")
        for _ in range(draw(st.integers(1 if clean else 0, 4))):
            if draw(st.integers(0, 5)) == 0:
                out.append(draw(st.sampled_from(NOISE[:3] if clean else NOISE)) + "\n")
            if draw(st.integers(0, 3)) == 0:
                out.append(f"- {draw(st.sampled_from(words))}\n")
                continue
            items = draw(st.lists(st.sampled_from(words), min_size=1, max_size=6))
            body = items[0]
            for item in items[1:]:
                body += draw(st.sampled_from(BREAKS[:1] + BREAKS[-1:] if clean else BREAKS))
                body += item
            out.append(f"- [{body}]\n")
    text = "".join(out)
    if not clean:
        ending = draw(st.sampled_from(["", "strip", "crlf", "indent"]))
        if ending == "strip":
            text = text.rstrip("\n")
        elif ending == "crlf":
            text = text.replace("\n", "\r\n")
        elif ending == "indent":
            text = text.replace("\n- ", "\n  - ")
    return text


@given(documents(WORDS + OTHERS, KEYS, clean=False))
def test_generated_documents_read_alike(text: str) -> None:
    expected = outcome(parse_yaml_with_loader, text)
    assert outcome(parse_yaml, text) == expected, text
    try:
        own = _LineReader(text).read()
    except _Unsupported:
        return
    assert ("value", shape(own)) == expected, text


SAFE_WORDS = [w for w in WORDS if w not in {"2001-13-45", "9" * (MAX_DIGITS + 1)}]
SAFE_KEYS = ["name", "cards", "a", "b", "x-y", "_", "y", "n", "key2"]


@given(documents(SAFE_WORDS, SAFE_KEYS, clean=True))
def test_clean_documents_are_read_line_by_line(text: str) -> None:
    """The shape the reader is for: it reads every such document itself."""
    expected = outcome(parse_yaml_with_loader, text)
    assert expected[0] == "value", (text, expected)
    assert ("value", shape(_LineReader(text).read())) == expected, text


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_it_takes_is_read_as_the_loader_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    try:
        own = _LineReader(text).read()
    except _Unsupported:
        return
    assert shape(own) == shape(parse_yaml_with_loader(text))


def test_sample_and_generated_decks_are_read_line_by_line() -> None:
    """What the fast path is for: the decks ``spotit generate`` writes (with
    their comment header) and the sample decks."""
    deck = generate(7, builtin_symbols(), seed="2024")
    texts = [
        "# A deck\n# Made by: referee spotit generate --order 7 --seed 2024\n"
        + dump_yaml(deck.to_mapping()),
        (ROOT / "examples" / "spotit" / "order-7.yaml").read_text(encoding="utf-8"),
        (ROOT / "examples" / "spotit" / "order-2.yaml").read_text(encoding="utf-8"),
    ]
    for text in texts:
        own = _LineReader(text).read()
        assert shape(own) == shape(parse_yaml_with_loader(text))
        assert len(own["cards"]) in (57, 7)


# Each needs another reader: the line reader hands it over at once.
HANDED_OVER = [
    "",
    "# only a comment\n",
    "a: 1\na: 2\n",  # a key twice: the loader names it
    "on: x\n",  # the key is True, not a string
    "a:\n",  # null
    "a:\nb: 1\n",
    "a: [x, y]\n",  # a flow list after a key
    "a:\n  - x\n",  # indented items
    "a:\n- [x,\n   y]\n",  # a continuation indented three spaces
    "a:\n- [x,\n  y\n  ]\n",
    "a: 'q'\n",
    "a: x # c\n",
    "a: x\r\n",
    "a: x",  # no newline at the end
    "a: 9" + "9" * MAX_DIGITS + "\n",
    "a: 2001-13-45\n",
    "---\na: 1\n",
    "a: 1\n...\n",
]


@pytest.mark.parametrize("text", HANDED_OVER)
def test_what_the_line_reader_hands_over(text: str) -> None:
    with pytest.raises(_Unsupported):
        _LineReader(text).read()
    assert outcome(parse_yaml, text) == outcome(parse_yaml_with_loader, text)


def test_a_long_deck_is_read_by_the_line_reader_and_a_short_one_is_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """parse_yaml offers documents of LINE_READER_FROM characters or more to
    the line reader (here the event reader is not even called); shorter ones
    go to the event reader, without compiling the line reader's patterns."""
    long_text = dump_yaml(generate(13, builtin_symbols(), seed="1").to_mapping())
    short_text = dump_yaml(generate(3, builtin_symbols(), seed="1").to_mapping())
    assert len(short_text) < LINE_READER_FROM <= len(long_text)
    expected = shape(parse_yaml_with_loader(long_text))
    short_expected = shape(parse_yaml_with_loader(short_text))

    def no_events(text: str) -> None:
        raise AssertionError("the event reader was asked")

    monkeypatch.setattr(schema._EventReader, "read", no_events)
    assert shape(parse_yaml(long_text)) == expected
    monkeypatch.undo()

    def no_lines(self: object, text: str) -> None:
        raise AssertionError("the line reader was asked")

    monkeypatch.setattr(schema._LineReader, "__init__", no_lines)
    assert shape(parse_yaml(short_text)) == short_expected
