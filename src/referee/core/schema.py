"""The strict reader: every file the referee reads goes through here.

Two layers:

* :func:`parse_yaml` is YAML with the safe loader, made strict: a key that
  appears twice in one mapping (at any depth) is refused with its line, an
  integer longer than :data:`MAX_DIGITS` digits is refused before Python turns
  it into a number, and the shape is bounded (depth, alias expansion, cycles).
  Mappings and lists come back as :class:`YamlMap` / :class:`YamlList`, plain
  ``dict`` / ``list`` subclasses that remember the line of each entry.
* :class:`Value` and :class:`Fields` read those values field by field: wrong
  types, out-of-range numbers and unknown keys are one :class:`InputError`
  naming the key path and the line (``line 12: history[3].at: ...``); the file
  edge (:func:`referee.core.files.read_document`) adds the file name once.

>>> doc = Value(parse_yaml("players: [ann, bob]\\nrounds: 3\\n"))
>>> with doc.fields() as f:
...     players = [p.text() for p in f.require("players").items()]
...     rounds = f.require("rounds").integer(1, 10)
>>> players, rounds
(['ann', 'bob'], 3)
>>> Value(parse_yaml("rounds: 30\\n")).fields().require("rounds").integer(1, 10)
Traceback (most recent call last):
...
referee.core.errors.InputError: line 1: rounds: expected a whole number from 1 to 10, got 30
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

from referee.core.errors import InputError, show

T = TypeVar("T")

MAX_DIGITS = 18
"""The most digits any integer in any file may have; counts, card numbers and
seeds all fit (a seed is at most 18 digits)."""

MAX_DEPTH = 50
"""Deeper YAML is refused: no data file of the toolkit nests beyond a handful."""

EXPANSION = 4
EXPANSION_SLACK = 64 * 1024
"""A document's strings may add up to this many times its own text (plus the
slack): without aliases they never exceed it once."""

MAX_VALUES = 2_000_000
"""YAML whose aliases expand to more values than this is refused (a few
hundred bytes of aliases can stand for billions of values)."""


class YamlMap(dict[Any, Any]):
    """A mapping read from YAML: ``line`` of the mapping, ``lines[key]`` of each key."""

    line: int | None = None
    lines: dict[Any, int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines = {}


class YamlList(list[Any]):
    """A list read from YAML: ``line`` of the list, ``lines[i]`` of each item."""

    line: int | None = None
    lines: list[int]

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines = []


_INT = re.compile(r"[-+]?[0-9]+")
_STR = "tag:yaml.org,2002:str"


def _loader() -> type[Any]:
    """The strict loader class (built on first use: yaml is imported lazily)."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    import yaml
    from yaml.constructor import ConstructorError, SafeConstructor
    from yaml.nodes import ScalarNode

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class StrictLoader(base):  # type: ignore[misc]
        def construct_yaml_map(self, node: Any) -> Iterator[YamlMap]:
            data = YamlMap()
            data.line = node.start_mark.line + 1
            yield data
            self.flatten_mapping(node)
            for key_node, value_node in node.value:
                key = self.construct_object(key_node, deep=False)
                line = key_node.start_mark.line + 1
                try:
                    hash(key)
                except TypeError:
                    raise InputError(
                        "a key must be a name, not a list or mapping", line=line
                    ) from None
                if key in data:
                    raise InputError(f"key {show(key)} appears twice", line=line)
                data[key] = self.construct_object(value_node, deep=False)
                data.lines[key] = line

        def construct_yaml_seq(self, node: Any) -> Iterator[YamlList]:
            data = YamlList()
            data.line = node.start_mark.line + 1
            yield data
            # A plain string's value is its text: taken directly, as SafeConstructor
            # would (a deck file is tens of thousands of them).
            construct = self.construct_object
            data.extend(
                child.value
                if child.tag == _STR and type(child) is ScalarNode
                else construct(child, deep=False)
                for child in node.value
            )
            data.lines = [child.start_mark.line + 1 for child in node.value]

        def construct_yaml_int(self, node: Any) -> int:
            text = str(node.value).replace("_", "")
            digits = len(text.lstrip("+-"))
            if digits > MAX_DIGITS:
                raise InputError(
                    f"a number of {digits:,} digits is out of range (at most {MAX_DIGITS} digits)",
                    line=node.start_mark.line + 1,
                )
            value: int = SafeConstructor.construct_yaml_int(self, node)
            return value

        def construct_yaml_timestamp(self, node: Any) -> Any:
            try:
                return SafeConstructor.construct_yaml_timestamp(self, node)
            except ValueError as exc:  # 2001-13-45 looks like a date, is none
                raise InputError(
                    f"not a valid date or time: {show(node.value)} ({exc})",
                    line=node.start_mark.line + 1,
                ) from None

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            # The tag of a scalar depends on its text alone (the loader adds no
            # path resolvers): a deck repeats each symbol dozens of times.
            if kind is not ScalarNode or value is None:
                return base.resolve(self, kind, value, implicit)
            key = (value, implicit)
            tags: dict[tuple[Any, Any], str] = self.__dict__.setdefault("_tags", {})
            tag = tags.get(key)
            if tag is None:
                tag = tags[key] = base.resolve(self, kind, value, implicit)
            return tag

        def construct_undefined(self, node: Any) -> Any:
            raise ConstructorError(None, None, f"unknown tag {node.tag!r}", node.start_mark)

    StrictLoader.add_constructor("tag:yaml.org,2002:map", StrictLoader.construct_yaml_map)
    StrictLoader.add_constructor("tag:yaml.org,2002:seq", StrictLoader.construct_yaml_seq)
    StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)
    StrictLoader.add_constructor(
        "tag:yaml.org,2002:timestamp", StrictLoader.construct_yaml_timestamp
    )
    StrictLoader.add_constructor(None, StrictLoader.construct_undefined)
    _LOADER = StrictLoader
    return StrictLoader


_LOADER: type[Any] | None = None


def parse_yaml(text: str) -> Any:
    """Parse YAML text strictly (safe loader only). Errors carry a line, no file.

    Three readers, each giving exactly the same values, lines and messages:
    a document of the simplest line shapes (``key: word`` and lists of words,
    as a deck file is) is read line by line by :class:`_LineReader`; other
    plain documents (no tags, anchors, aliases or merge keys; every key new and
    a scalar; numbers in range) are built straight from libyaml's events by
    :class:`_EventReader`; anything else, errors included, is read by the
    strict loader (:func:`parse_yaml_with_loader`). The line reader is tried
    only on documents of :data:`LINE_READER_FROM` characters or more: below
    that, compiling its patterns costs more than it saves."""
    if len(text) >= LINE_READER_FROM:
        try:
            return _LineReader(text).read()
        except _Unsupported:
            pass
    try:
        return _EventReader(text).read()
    except _Unsupported:
        return parse_yaml_with_loader(text)


def parse_yaml_with_loader(text: str) -> Any:
    """The full strict reader: compose, then construct with :func:`_loader`'s
    class, then :func:`check_shape`. Every YAML feature the safe loader knows."""
    import yaml

    try:
        data = yaml.load(text, Loader=_loader())  # a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        line = mark.line + 1 if mark else None
        raise InputError(f"not valid YAML ({problem})", line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML ({exc})") from None
    except RecursionError:
        raise InputError("YAML nested too deeply") from None
    check_shape(data, len(text))
    return data


class _Unsupported(Exception):
    """The document needs the full loader: :func:`parse_yaml_with_loader` reads it."""


_PLAIN_TAGS = frozenset(
    "tag:yaml.org,2002:" + name for name in ("str", "null", "bool", "int", "float", "timestamp")
)


_WORD = r"[A-Za-z0-9_][A-Za-z0-9_./+-]*(?: [A-Za-z0-9_./+-]+)*"
"""A plain scalar that means the same wherever it stands, in block or flow
context: ASCII letters, digits and ``_./+-``, single spaces inside, no YAML
indicator first (its tag, str or not, is still the resolver's)."""

LINE_READER_FROM = 32 * 1024
"""Documents this long or longer are offered to :class:`_LineReader` first."""


class _LinePatterns:
    """The line reader's patterns, compiled on its first use (about a
    millisecond: not at every start-up)."""

    def __init__(self) -> None:
        self.key_value = re.compile(rf"([A-Za-z_][A-Za-z0-9_-]*):(?: ({_WORD}))?\n")
        self.word = re.compile(_WORD)
        self.item = re.compile(r"- (?:\[([^\]\n]*(?:\n  [^\]\n]*)*)\]|([^\n]*))\n")
        """``- [body]`` (its lines after the first indented two spaces) or
        ``- text``; the words of either are checked one distinct word at a time."""
        self.skip = re.compile(r"(?:(?:#[ -~]*)?\n)*")
        """Blank lines and comments (printable ASCII) at the start of a line."""


_PATTERNS: _LinePatterns | None = None


class _LineReader:
    """Reads, a line shape at a time, a document made only of these lines (as
    ``dump_yaml`` writes a deck file)::

        name: order-31-seed-1
        cards:
        - [one/blue, two/red,
          three/green]
        - word

    that is, top-level ``key: word`` and ``key:`` followed at column 0 by
    ``- word`` or ``- [word, word, ...]`` items, a flow list broken only after
    a comma onto a line indented two spaces, and a newline at the end; blank
    lines and ``#`` comments may stand between the lines. A word
    is :data:`_WORD`; its tag comes from the YAML resolver, as it would in the
    loader. Anything else (quotes, a comment after a value, other indentation,
    a key twice, a key that is not a string, a number the loader refuses)
    raises :class:`_Unsupported` at once, and the next reader takes the
    document. Its values and lines are those the strict loader gives; a test
    compares the two on generated documents.
    """

    def __init__(self, text: str) -> None:
        global _PATTERNS
        if _PATTERNS is None:
            _PATTERNS = _LinePatterns()
        self.patterns = _PATTERNS
        self.text = text
        self.pos = 0  # where the next line starts
        self.line = 1  # its number
        self.words: dict[str, Any] = {}  # each word's value, resolved once
        self.values = 0

    def read(self) -> YamlMap:
        text = self.text
        root = YamlMap()
        while self._skip() < len(text):
            m = self.patterns.key_value.match(text, self.pos)
            if m is None:
                raise _Unsupported
            key, line = self._word(m[1]), self.line
            if not isinstance(key, str) or key in root:
                raise _Unsupported  # the loader names a repeated key and its line
            self.pos, self.line = m.end(), line + 1
            if root.line is None:
                root.line = line
            root[key] = self._word(m[2]) if m[2] is not None else self._items()
            root.lines[key] = line
        if root.line is None:
            raise _Unsupported  # no entries: null, not a mapping
        self.values += len(root)
        if self.values > MAX_VALUES:
            raise _Unsupported
        return root

    def _items(self) -> YamlList:
        """The ``- ...`` items after ``key:`` (at least one)."""
        text = self.text
        items = YamlList()
        while (m := self.patterns.item.match(text, self._skip())) is not None:
            if items.line is None:
                items.line = self.line
            items.lines.append(self.line)
            if m[2] is not None:
                items.append(self._word(m[2]))
                self.line += 1
            else:
                items.append(self._flow(m[1]))
            self.pos = m.end()
        if not items:
            raise _Unsupported  # ``key:`` alone is null, or something else follows
        self.values += len(items)
        return items

    def _flow(self, body: str) -> YamlList:
        """The flow list ``[body]`` starting on the current line (which moves on
        past its last line)."""
        flow = YamlList()
        flow.line = line = self.line
        chunks = body.split(",\n  ")  # one per line
        words = ", ".join(chunks).split(", ") if len(chunks) > 1 else body.split(", ")
        for word in set(words).difference(self.words):
            self._word(word)
        # Each word's one value (a deck repeats each symbol dozens of times):
        # the split's copies are freed at once, so memory stays small.
        flow.extend(map(self.words.__getitem__, words))
        for number, chunk in enumerate(chunks, line):
            flow.lines.extend([number] * (chunk.count(", ") + 1))
        self.line = line + len(chunks)
        self.values += len(flow)
        return flow

    def _skip(self) -> int:
        """Move past blank lines and comments; the position of the next line."""
        m = self.patterns.skip.match(self.text, self.pos)
        if m is not None and m.end() > self.pos:
            self.line += self.text.count("\n", self.pos, m.end())
            self.pos = m.end()
        return self.pos

    def _word(self, word: str) -> Any:
        value = self.words.get(word, _MISSING)
        if value is _MISSING:
            if self.patterns.word.fullmatch(word) is None:
                raise _Unsupported
            value = self.words[word] = _resolve_word(word)
        return value


_MISSING = object()


def _resolve_word(word: str) -> Any:
    """A plain word's value as the loader gives it: its text, or the number,
    boolean, null or date its tag makes it (:class:`_Unsupported` if refused)."""
    global _RESOLVER
    from yaml.nodes import ScalarNode

    if _RESOLVER is None:
        from yaml.resolver import Resolver

        _RESOLVER = Resolver()
    tag = _RESOLVER.resolve(ScalarNode, word, (True, False))
    return word if tag == _STR else _scalar(tag, word)


_RESOLVER: Any = None


class _EventReader:
    """Builds the values of a plain YAML document from libyaml's event stream,
    without the node graph: a stack of open containers, the mapping key waiting
    for its value, and the tags of plain scalars resolved once per text.

    The values, types and lines are those the strict loader gives. Whatever
    this reader does not handle raises :class:`_Unsupported`: tags (``!!str``,
    ``!``), anchors and aliases, merge (``<<``) and value (``=``) keys, a list
    or mapping as a key, a key twice, an integer over :data:`MAX_DIGITS`
    digits, a scalar its constructor refuses, nesting over :data:`MAX_DEPTH`,
    over :data:`MAX_VALUES` values, more than one document, and invalid YAML.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.root: Any = None
        self.stack: list[Any] = []  # the open containers, innermost last
        self.values = 0  # entries in closed containers (check_shape's size)

    def read(self) -> Any:
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(self.text)
        try:
            self._build(loader)
        except yaml.YAMLError:
            raise _Unsupported from None
        finally:
            loader.dispose()
        return self.root

    def _build(self, loader: Any) -> None:
        from yaml import events
        from yaml.nodes import ScalarNode

        scalar_event, alias_event = events.ScalarEvent, events.AliasEvent
        seq_start, seq_end = events.SequenceStartEvent, events.SequenceEndEvent
        map_start, map_end = events.MappingStartEvent, events.MappingEndEvent
        doc_start, doc_end = events.DocumentStartEvent, events.DocumentEndEvent
        stream_start, stream_end = events.StreamStartEvent, events.StreamEndEvent
        str_tag = _STR
        resolve = loader.resolve
        tags: dict[str, str] = {}  # plain scalar text -> its implicit tag
        stack = self.stack
        get_event = loader.get_event
        top: Any = None  # the innermost open container (stack[-1])
        in_list = False  # whether ``top`` is a YamlList
        add: Any = None  # top.append and top.lines.append while ``top`` is a list
        add_line: Any = None
        key: Any = None  # a mapping's key waiting for its value
        key_line = 0
        has_key = False
        documents = 0
        while True:
            event = get_event()
            kind = type(event)
            if kind is scalar_event:
                if event.tag is not None or event.anchor is not None:
                    raise _Unsupported
                value = event.value
                if event.implicit[0]:  # plain: its tag depends on its text
                    tag = tags.get(value)
                    if tag is None:
                        tag = tags[value] = resolve(ScalarNode, value, event.implicit)
                    if tag != str_tag:
                        value = _scalar(tag, value)
                if in_list:
                    add(value)
                    add_line(event.start_mark.line + 1)
                elif has_key:
                    top[key] = value
                    top.lines[key] = key_line
                    has_key = False
                elif top is None:
                    self.root = value
                else:
                    if value in top:
                        raise _Unsupported  # the loader names the key and its line
                    key, key_line, has_key = value, event.start_mark.line + 1, True
                continue
            if kind is seq_start or kind is map_start:
                if event.anchor is not None or event.tag is not None:
                    raise _Unsupported
                container: Any = YamlList() if kind is seq_start else YamlMap()
                container.line = event.start_mark.line + 1
                if in_list:
                    add(container)
                    add_line(container.line)
                elif top is None:
                    self.root = container
                elif has_key:
                    top[key] = container
                    top.lines[key] = key_line
                    has_key = False
                else:
                    raise _Unsupported  # a list or mapping as a key
                stack.append(top)
                if len(stack) > MAX_DEPTH:
                    raise _Unsupported
                top, in_list = container, kind is seq_start
                if in_list:
                    add, add_line = top.append, top.lines.append
                continue
            if kind is seq_end or kind is map_end:
                self.values += len(top)
                if self.values > MAX_VALUES:
                    raise _Unsupported
                top = stack.pop()
                in_list = type(top) is YamlList
                if in_list:
                    add, add_line = top.append, top.lines.append
                continue
            if kind is doc_start:
                documents += 1
                if documents > 1:
                    raise _Unsupported  # the loader says "expected a single document"
                continue
            if kind is stream_end:
                return
            if kind is doc_end or kind is stream_start:
                continue
            if kind is alias_event:
                raise _Unsupported
            raise _Unsupported  # an event this reader does not know


def _scalar(tag: str, text: str) -> Any:
    """A plain scalar resolved to ``tag`` (not str), constructed as the strict
    loader does; :class:`_Unsupported` for what the loader would refuse."""
    if tag not in _PLAIN_TAGS:
        raise _Unsupported  # merge ``<<`` and value ``=``
    if tag == "tag:yaml.org,2002:int" and len(text.replace("_", "").lstrip("+-")) > MAX_DIGITS:
        raise _Unsupported
    from yaml.nodes import ScalarNode

    global _CONSTRUCTOR
    if _CONSTRUCTOR is None:
        _CONSTRUCTOR = _loader()("")
    try:
        return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, ScalarNode(tag, text))
    except Exception:  # the loader meets it again and handles it its own way
        raise _Unsupported from None


_CONSTRUCTOR: Any = None
"""An instance of the strict loader, for its scalar constructors."""


def check_shape(data: Any, text_length: int | None = None) -> None:
    """Refuse structures nested too deeply, with cycles, or whose aliases expand
    enormously, before any code walks them (no recursion here: an explicit
    stack, and each shared object measured once). With ``text_length`` (the
    document's), the characters of its strings, each alias counted as many
    times as it is used, may be at most :data:`EXPANSION` times the text
    (plus :data:`EXPANSION_SLACK`): one long string used a thousand times is
    refused, since whatever draws or prints the values would write it a
    thousand times."""
    depth: dict[int, int] = {}
    size: dict[int, int] = {}
    chars: dict[int, int] = {}
    budget = None if text_length is None else EXPANSION * text_length + EXPANSION_SLACK
    pending: set[int] = set()
    if not isinstance(data, (list, dict)):
        return
    stack: list[tuple[Any, bool]] = [(data, False)]
    containers = (list, dict)
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = list(node.values()) if isinstance(node, dict) else node
        if done:
            pending.discard(key)
            inner = [c for c in children if isinstance(c, containers)]
            depth[key] = 1 + max([depth[id(c)] for c in inner], default=0)
            size[key] = len(children) + sum([size[id(c)] for c in inner])
            if budget is not None:
                keys = node if isinstance(node, dict) else ()
                chars[key] = (
                    sum([len(c) for c in children if isinstance(c, str)])
                    + sum([len(k) for k in keys if isinstance(k, str)])
                    + sum([chars[id(c)] for c in inner])
                )
                if chars[key] > budget:
                    raise InputError(
                        f"YAML expands to over {budget:,} characters of text (aliases?); "
                        "refusing to read it"
                    )
            if depth[key] > MAX_DEPTH:
                raise InputError(f"YAML nested too deeply (over {MAX_DEPTH} levels)")
            if size[key] > MAX_VALUES:
                raise InputError(
                    f"YAML expands to over {MAX_VALUES:,} values (aliases?); refusing to read it"
                )
            continue
        if key in depth:
            continue
        if key in pending:
            raise InputError("YAML refers to itself (a recursive alias)")
        pending.add(key)
        stack.append((node, True))
        stack.extend([(c, False) for c in children if isinstance(c, containers)])


# ---------------------------------------------------------------------- reading


def _type_name(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        return f"the number {value}"
    return show(value)


class Value:
    """One value of a document, with where it is: its key path and line.

    Every accessor either returns a plain Python value of the asked type and
    range or raises one :class:`InputError` naming the place.
    """

    __slots__ = ("line", "path", "raw")

    def __init__(self, raw: Any, path: str = "", line: int | None = None) -> None:
        self.raw = raw
        self.path = path
        self.line = line if line is not None else getattr(raw, "line", None)

    def error(self, message: str) -> InputError:
        return InputError(message, place=self.path or None, line=self.line)

    def expected(self, what: str) -> InputError:
        return self.error(f"expected {what}, got {_type_name(self.raw)}")

    # -- containers
    def fields(self, what: str = "a mapping (key: value)") -> Fields:
        if not isinstance(self.raw, dict):
            raise self.expected(what)
        return Fields(self)

    def items(self, *, at_most: int | None = None) -> list[Value]:
        if not isinstance(self.raw, list):
            raise self.expected("a list")
        if at_most is not None and len(self.raw) > at_most:
            raise self.error(f"at most {at_most:,} entries, got {len(self.raw):,}")
        lines = getattr(self.raw, "lines", None)
        return [
            Value(item, f"{self.path}[{i}]", lines[i] if lines else None)
            for i, item in enumerate(self.raw)
        ]

    def entries(self) -> list[tuple[str, Value]]:
        """A mapping of names to values (player names, colours, ...), in order."""
        fields = self.fields()
        return [(key, fields.take(key)) for key in fields.names()]

    # -- scalars
    def text(self, *, choices: Sequence[str] | None = None, max_length: int = 1000) -> str:
        if not isinstance(self.raw, str):
            if choices:
                raise self.expected(" or ".join(choices))
            raise self.expected("text")
        if choices is not None and self.raw not in choices:
            raise self.error(f"expected {' or '.join(choices)}, got {show(self.raw)}")
        if len(self.raw) > max_length:
            raise self.error(f"over {max_length:,} characters")
        return self.raw

    def integer(self, low: int, high: int) -> int:
        value = self.raw
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.expected(f"a whole number from {low} to {high}")
        if not low <= value <= high:
            raise self.error(f"expected a whole number from {low} to {high}, got {value}")
        return value

    def flag(self) -> bool:
        if not isinstance(self.raw, bool):
            raise self.expected("true or false")
        return self.raw

    def optional(self) -> Value | None:
        """``None`` for a null value (``key:`` with nothing after it)."""
        return None if self.raw is None else self

    def convert(self, parse: Callable[[Any], T]) -> T:
        """Run a parser of the rules on the raw value; its plain
        :class:`InputError` gets this value's place and line."""
        try:
            return parse(self.raw)
        except InputError as exc:
            raise (
                exc.at(self.path, self.line) if self.path else _with_line(exc, self.line)
            ) from None


def _with_line(exc: InputError, line: int | None) -> InputError:
    if exc.line is None and exc.source is None:
        exc.line = line
        exc.message = exc._format()
    return exc


class Fields:
    """The keys of one mapping, read one by one; :meth:`done` (or leaving the
    ``with`` block) refuses any key that was not read, naming those expected."""

    def __init__(self, value: Value) -> None:
        self.value = value
        self.data: dict[Any, Any] = value.raw
        self.lines: dict[Any, int] = getattr(value.raw, "lines", {})
        self.known: list[str] = []

    def __enter__(self) -> Fields:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if kind is None:
            self.done()

    def names(self) -> list[str]:
        for key in self.data:
            if not isinstance(key, str):
                raise InputError(
                    f"key {show(key)} is not a name",
                    place=self.value.path or None,
                    line=self.lines.get(key, self.value.line),
                )
        return list(self.data)

    def _child(self, key: str) -> Value:
        path = f"{self.value.path}.{key}" if self.value.path else key
        return Value(self.data[key], path, self.lines.get(key))

    def take(self, key: str) -> Value:
        """A key known to be present (from :meth:`keys`)."""
        if key not in self.known:
            self.known.append(key)
        return self._child(key)

    def get(self, key: str) -> Value | None:
        """The value of an optional key; ``None`` when absent or null."""
        if key not in self.known:
            self.known.append(key)
        if key not in self.data or self.data[key] is None:
            return None
        return self._child(key)

    def require(self, key: str) -> Value:
        """The value of a required key (present and not null)."""
        value = self.get(key)
        if value is None:
            where = self.value.path or None
            missing = "is empty" if key in self.data else "is missing"
            line = self.lines.get(key, self.value.line)
            raise InputError(f"{key!r} {missing}", place=where, line=line)
        return value

    def allow(self, *keys: str) -> None:
        """Keys accepted and ignored (comments, informational fields)."""
        self.known.extend(k for k in keys if k not in self.known)

    def done(self) -> None:
        unknown = [k for k in self.data if k not in self.known]
        if unknown:
            key = unknown[0]
            expected = ", ".join(self.known) or "no keys"
            raise InputError(
                f"unknown key {show(key)} (expected {expected})",
                place=self.value.path or None,
                line=self.lines.get(key, self.value.line),
            )


def bounded_int(text: str, low: int, high: int, place: str | None = None) -> int:
    """A whole number typed on the command line, refused (not crashed on) when
    it is long, malformed or out of range."""
    stripped = text.strip()
    if not _INT.fullmatch(stripped) or len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise InputError(
            f"expected a whole number from {low} to {high}, got {show(text, 20)}", place=place
        )
    value = int(stripped, 10)
    if not low <= value <= high:
        raise InputError(f"expected a whole number from {low} to {high}, got {value}", place=place)
    return value
