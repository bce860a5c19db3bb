"""The fast reader of game files (referee.engine.read_document) against the
strict reader: on generated histories, valid and hostile, both give the same
values with the same lines, or the fast one hands the text to the strict one
(which then gives its own message): the game read, or the error, is the same."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from referee import engine
from referee.core.errors import InputError
from referee.core.files import parse_document

HEAD = "# a game\nformat: referee-game/2\ngame: tally\nplayers: [ann, bob]\n"

keys = st.sampled_from(["action", "player", "points", "by", "at", "word", "cards", "forced"])
scalars = st.one_of(
    st.text(min_size=0, max_size=8),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
)
values = st.one_of(scalars, st.lists(st.one_of(st.text(max_size=4), st.integers()), max_size=3))
objects = st.dictionaries(keys, values, min_size=1, max_size=4)


def line_of(obj: dict[str, Any], ascii_only: bool) -> str:
    return "- " + json.dumps(obj, ensure_ascii=ascii_only)


hostile = st.one_of(
    st.sampled_from(
        [
            '- {"action": "add", "action": "add"}',
            '- {"action": {"nested": 1}}',
            '- {"points": 1e5}',
            '- {"points": 123456789012345678901}',
            '- {"word": "caf\\u00e9"}',
            '- {"word": "a\\u0085b"}',
            '- {"word": "tab\there"}',
            "- {action: add}",
            '- {"action": "add"',
            "- [1, 2]",
            '- {"word": "\u2028"}',
            '- {"word": "\x7f"}',
            '- {"points": NaN}',
        ]
    ),
    st.text(max_size=30).map(lambda t: "- {" + t),
)


def same(text: str) -> None:
    try:
        strict: Any = parse_document(text, "g.yaml", "game")
    except InputError as exc:
        strict = exc.message
    try:
        fast: Any = engine.read_document(text, "g.yaml")
    except InputError as exc:
        fast = exc.message
    assert fast == strict
    if isinstance(strict, dict) and "history" in strict:
        assert fast["history"].lines == strict["history"].lines
        firsts: set[int] = set()
        for a, b in zip(fast["history"], strict["history"], strict=True):
            assert a == b
            if id(a) in firsts:
                continue  # a repeated line is its first entry again (read once)
            firsts.add(id(a))
            assert getattr(a, "lines", None) == getattr(b, "lines", None)
            assert getattr(a, "line", None) == getattr(b, "line", None)


@given(st.lists(objects, min_size=1, max_size=6), st.booleans())
def test_engine_lines_read_the_same(items: list[dict[str, Any]], ascii_only: bool) -> None:
    same(HEAD + "history:\n" + "".join(line_of(o, ascii_only) + "\n" for o in items))


@given(
    st.lists(st.one_of(objects.map(lambda o: line_of(o, False)), hostile), min_size=1, max_size=5)
)
def test_hostile_lines_read_the_same(lines: list[str]) -> None:
    same(HEAD + "history:\n" + "".join(line + "\n" for line in lines))


def test_repeated_lines_are_one_entry_on_each_line() -> None:
    text = HEAD + "history:\n" + '- {"action": "undo"}\n' * 3
    data = engine.read_document(text, "g.yaml")
    assert data["history"].lines == [6, 7, 8]
    assert len({id(item) for item in data["history"]}) == 1
    assert data == parse_document(text, "g.yaml", "game")
