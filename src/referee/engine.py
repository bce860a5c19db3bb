"""The game log: one engine under every live game (Blind Spot, Word Block,
Out of Sight).

A game file is a setup and the full history of actions::

    format: referee-game/2
    game: blindspot
    ...the game's setup keys...
    history:
    - {action: play, player: red, word: pet, at: G1}
    - {action: undo}

The state is never stored: it is replayed from the history through the game's
pure ``step``. Guarantees, the same for every game:

* **One writer at a time.** A change runs under an exclusive ``fcntl.flock``
  (POSIX only). The lock is taken on the game file itself and, once held, the
  engine checks that the name still names the locked file: the atomic rename
  of a previous writer replaces the file, and a writer that waited on the old
  one opens the new one and tries again, so it never acts on stale content.
* **A version on every game**: the number of recorded actions. It is 0 for a
  new game and grows by exactly one per action, undo included; a refused step
  records nothing. ``expect_version`` refuses a stale write
  (:class:`~referee.core.errors.ConflictError`).
* **Atomic writes** (:func:`referee.core.files.write_text`): readers see the
  old file or the new one, never half of one.
* **Undo is an action**: it takes back the latest action still in force, and
  is kept in the history like any other; nothing is ever deleted.

A long-running process (``referee serve``) acts on the same games again and
again: a small memo keeps, per game file, the bytes last read or written and
the game they replay to. A read whose bytes are exactly those bytes skips the
parse and the replay; any other content (another process wrote, someone edited
the file) is read and replayed in full. The file is always read under the
lock, so the memo never decides what the current content is, only how much
work it takes to understand it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar

from referee.core.errors import Busy, ConflictError, InputError, TooLarge
from referee.core.files import display_name, reading
from referee.core.schema import Fields, Value
from referee.core.values import frozen

FORMAT = "referee-game/2"
"""The ``format`` of game files written by this release."""

MAX_HISTORY = 100_000
"""The most actions a game file may hold (the reader refuses more)."""

MAX_GAME_BYTES = 16 * 1024 * 1024
"""The largest game file the reader accepts. A step whose file would be larger,
or hold more than :data:`MAX_HISTORY` actions, is refused before anything is
written (:class:`~referee.core.errors.TooLarge`): an acknowledged write always
leaves a file that reads."""

S = TypeVar("S")  # the setup: fixed for the whole game
St = TypeVar("St")  # the state, replayed
A = TypeVar("A")  # one action
R = TypeVar("R")  # what a command reports


@frozen
class Refusal:
    """A step the rules refuse: ``reason`` is a stable key (``not-your-turn``),
    ``detail`` a sentence for people."""

    reason: str
    detail: str = ""


class Game(Protocol[S, St, A]):
    """What a game gives the engine: its file format and its pure step."""

    name: str
    """The value of ``game:`` in its files, also the CLI group (``blindspot``)."""
    title: str
    """For people: "Blind Spot"."""

    def read_setup(self, fields: Fields) -> S:
        """The setup from the file's top-level keys (every one it reads is
        marked known; the engine refuses the rest)."""
        ...

    def write_setup(self, setup: S) -> dict[str, Any]: ...

    def read_action(self, value: Value) -> A: ...

    def write_action(self, action: A) -> dict[str, Any]: ...

    def is_undo(self, action: A) -> bool: ...

    def undo(self) -> A:
        """The action that records an undo."""
        ...

    def start(self, setup: S) -> St: ...

    def step(self, setup: S, state: St, action: A) -> St | Refusal:
        """Apply one action to the state (pure), or refuse it."""
        ...

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        """A file of an earlier release in this release's shape (or an
        :class:`InputError` saying how to convert it)."""
        ...


@frozen
class Log(Generic[S, A]):
    """A game file's content: the setup and every recorded action."""

    setup: S
    history: tuple[A, ...] = ()

    @property
    def version(self) -> int:
        return len(self.history)

    def add(self, action: A) -> Log[S, A]:
        return Log(self.setup, (*self.history, action))


@frozen
class Replayed(Generic[S, St, A]):
    """A log and the state its history leads to."""

    log: Log[S, A]
    state: St
    in_force: tuple[int, ...]
    """Indexes of the actions still in force (not undone), in order."""
    undone: tuple[int, ...] = ()
    """Indexes of the actions a redo may put back, the next one last: the
    actions taken back by the undos since the latest action of play (a new
    action of play empties it)."""
    before: tuple[Any, ...] = ()
    """The states before the latest actions in force (at most :data:`KEPT`,
    the latest last): an undo of one of them is that state again, with no
    replay. Not part of what a game is (equality leaves it out)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replayed):
            return NotImplemented
        return (self.log, self.state, self.in_force, self.undone) == (
            other.log,
            other.state,
            other.in_force,
            other.undone,
        )

    def __hash__(self) -> int:
        return hash((self.log, self.in_force, self.undone))

    @property
    def version(self) -> int:
        return self.log.version

    @property
    def last(self) -> A | None:
        """The latest action still in force: what ``undo`` would take back."""
        return self.log.history[self.in_force[-1]] if self.in_force else None

    @property
    def next_redo(self) -> A | None:
        """The action ``redo`` would put back (the latest one undone), or ``None``."""
        return self.log.history[self.undone[-1]] if self.undone else None


@frozen
class Decision(Generic[A, R]):
    """What a command decided against the current state: an action to record
    (or ``None`` for a refusal that records nothing) and what it reports."""

    action: A | None
    result: R


@frozen
class Acted(Generic[S, St, A, R]):
    """The outcome of :func:`act`: the game as it is now and the report."""

    game: Replayed[S, St, A]
    result: R
    recorded: bool

    @property
    def version(self) -> int:
        return self.game.version


# ----------------------------------------------------------------- replaying


def is_redo(game: Game[S, St, A], action: A) -> bool:
    """Whether ``action`` records a redo (games without redo have none)."""
    check: Callable[[A], bool] | None = getattr(game, "is_redo", None)
    return check is not None and check(action)


def stacks(game: Game[S, St, A], history: Sequence[A]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The actions in force and the actions a redo may put back (the next
    one last), as indexes into ``history``.

    An undo takes back the latest action in force; a redo puts back the
    latest action taken back (it is in force again, as it was); any other
    action forgets what the undos took back.
    """
    kept: list[int] = []
    undone: list[int] = []
    undo_check = game.is_undo
    redo_check: Callable[[A], bool] = getattr(game, "is_redo", None) or (lambda _: False)
    for i, action in enumerate(history):
        if undo_check(action):
            if not kept:
                raise InputError("undo with nothing to undo", place=f"history[{i}]")
            undone.append(kept.pop())
        elif redo_check(action):
            if not undone:
                raise InputError("redo with nothing to redo", place=f"history[{i}]")
            kept.append(undone.pop())
        else:
            kept.append(i)
            undone.clear()
    return tuple(kept), tuple(undone)


def in_force(game: Game[S, St, A], history: Sequence[A]) -> tuple[int, ...]:
    """Indexes of the actions an undo has not taken back (or a redo put back)."""
    return stacks(game, history)[0]


def links(game: Game[S, St, A], history: Sequence[A]) -> dict[int, int]:
    """For each undo and redo in ``history``: the index of the action it
    took back or put back."""
    kept: list[int] = []
    undone: list[int] = []
    out: dict[int, int] = {}
    for i, action in enumerate(history):
        if game.is_undo(action) and kept:
            out[i] = kept[-1]
            undone.append(kept.pop())
        elif is_redo(game, action) and undone:
            out[i] = undone[-1]
            kept.append(undone.pop())
        elif not game.is_undo(action) and not is_redo(game, action):
            kept.append(i)
            undone.clear()
    return out


def replay(game: Game[S, St, A], log: Log[S, A]) -> Replayed[S, St, A]:
    """The state after the log's history; an action the rules refuse is an
    :class:`InputError` naming its place (the file was edited by hand)."""
    from collections import deque

    kept, undone = stacks(game, log.history)
    state = game.start(log.setup)
    before: deque[St] = deque(maxlen=KEPT)
    for i in kept:
        result = game.step(log.setup, state, log.history[i])
        if isinstance(result, Refusal):
            detail = f": {result.detail}" if result.detail else ""
            raise InputError(f"impossible action ({result.reason}{detail})", place=f"history[{i}]")
        before.append(state)
        state = result
    return Replayed(log, state, kept, undone, tuple(before))


KEPT = 16
"""States kept for undo without a replay (:attr:`Replayed.before`)."""


# ------------------------------------------------------------------- the file


def parse(game: Game[S, St, A], data: dict[str, Any]) -> Log[S, A]:
    """A game file's mapping (from the strict reader) as a log."""
    if data.get("format") != FORMAT:
        data = game.upgrade(data)
    with Value(data).fields() as fields:
        fields.require("format").text(choices=[FORMAT])
        fields.require("game").text(choices=[game.name])
        setup = game.read_setup(fields)
        raw = fields.get("history")
        if raw is None and "history" in data:
            raise InputError("expected a list of actions, got nothing", place="history")
        items = raw.items(at_most=MAX_HISTORY) if raw is not None else []
        history = tuple(_read_actions(game, items))
    return Log(setup, history)


def _read_actions(game: Game[S, St, A], items: Sequence[Value]) -> Iterator[A]:
    """Each history entry as an action; an entry whose line is the same text
    as an earlier one (the fast reader marks them) is that same action, read
    once (actions are immutable values)."""
    known: dict[str, A] = {}
    for item in items:
        text = getattr(item.raw, "text", None)
        if text is None:
            yield game.read_action(item)
            continue
        action = known.get(text)
        if action is None:
            action = game.read_action(item)
            if len(known) < REPEATS:
                known[text] = action
        yield action


REPEATS = 4096
"""Distinct history lines read once each however often they repeat."""


def text(game: Game[S, St, A], log: Log[S, A]) -> str:
    """The file's text: the setup, then one line per action."""
    from referee.core.files import dump_yaml

    head = {"format": FORMAT, "game": game.name, **game.write_setup(log.setup)}
    article = "An" if game.title[:1].lower() in "aeiou" else "A"  # An Out of Sight game
    lines = [
        f"# {article} {game.title} game kept by referee: every action, in order. The state is",
        f"# replayed from them (referee {game.name} game show); an undo is an action too.",
        dump_yaml(head).rstrip("\n"),
    ]
    if not log.history:
        lines.append("history: []")
    else:
        lines.append("history:")
        lines += [_action_line(game, a) for a in log.history]
    return "\n".join(lines) + "\n"


def _action_line(game: Game[S, St, A], action: A) -> str:
    """One action in the history: one JSON object per line is valid YAML flow
    style, and unambiguous (every string is quoted: "no" stays a word)."""
    return "- " + json.dumps(game.write_action(action), ensure_ascii=False)


# ------------------------------------------------------------------- the memo

MEMO_SIZE = 64
"""Game files remembered (the most recently used)."""

MEMO_BYTES = 64 * 1024 * 1024
"""And at most this many bytes of them: a few long games cannot pin more
(the replayed state they stand for is of the same order)."""


@frozen
class _Memo:
    data: bytes
    """The file's exact bytes."""
    game: Any  # Replayed[S, St, A] of the game named in the key
    canonical: bool
    """``data`` ends with a history in the engine's own form, whole (so a new
    action is one line more)."""


_memos: OrderedDict[tuple[str, str], _Memo] = OrderedDict()
_memo_bytes = 0
_memo_guard = threading.Lock()


def _recall(game: Game[S, St, A], real: str, data: bytes) -> _Memo | None:
    """The memo of this file if its bytes are exactly ``data``."""
    key = (game.name, real)
    with _memo_guard:
        memo = _memos.get(key)
        if memo is None or memo.data != data:
            return None
        _memos.move_to_end(key)
        return memo


def _remember(game: Game[S, St, A], real: str, memo: _Memo) -> None:
    global _memo_bytes
    key = (game.name, real)
    with _memo_guard:
        old = _memos.pop(key, None)
        _memo_bytes -= len(old.data) if old is not None else 0
        _memos[key] = memo
        _memo_bytes += len(memo.data)
        while len(_memos) > MEMO_SIZE or (_memo_bytes > MEMO_BYTES and len(_memos) > 1):
            _memo_bytes -= len(_memos.popitem(last=False)[1].data)


def forget() -> None:
    """Empty the memo (every game is read and replayed in full again)."""
    global _memo_bytes
    with _memo_guard:
        _memos.clear()
        _memo_bytes = 0


_LINE_START = b'- {"'

_HISTORY = "\nhistory:\n"

_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f]")
"""Control characters (tab and carriage return too): YAML and JSON read them
differently, so a history with any goes to the strict reader."""

_UNUSUAL = frozenset(
    [*map(chr, range(0x7F, 0xA0)), "\u2028", "\u2029", "\ufeff", "\ufffe", "\uffff"]
)
"""Characters beyond ASCII that YAML reads otherwise than JSON (non-printable
ones, and NEL or U+2028 that YAML takes for line breaks)."""


def _unusual(body: str) -> bool:
    """Whether the history holds a character the strict reader reads otherwise."""
    if _CONTROL.search(body):
        return True
    return not body.isascii() and not _UNUSUAL.isdisjoint(body)


def read_document(text: str, name: str) -> dict[str, Any]:
    """A game file's text as the strict reader reads it, fast where the
    history is in the engine's own form: the part before ``history:`` goes
    through the strict reader, and each history line, one JSON object as
    :func:`_action_line` writes it, through :func:`json.loads`, with the same
    values and lines the strict reader gives. Anything else (a history in
    another shape, an escape, a number or a key the strict reader would judge
    otherwise) is read whole by the strict reader, with its messages."""
    from referee.core.files import parse_document

    fast = _fast_document(text, name)
    return fast if fast is not None else parse_document(text, name, "game")


def _fast_document(text: str, name: str) -> dict[str, Any] | None:
    from referee.core.files import parse_document
    from referee.core.schema import YamlList

    at = text.find(_HISTORY)
    if at < 0:
        return None
    body = text[at + len(_HISTORY) :]
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or len(lines) > MAX_HISTORY or "\\" in body or _unusual(body):
        return None
    first = text.count("\n", 0, at) + 3  # the line of the first action (1-based)
    items = YamlList()
    seen: dict[str, Any] = {}
    for n, line in enumerate(lines, start=first):
        item = seen.get(line)
        if item is None:
            item = _fast_item(line, n)
            if item is None:
                return None
            if len(seen) < REPEATS:
                seen[line] = item
        # else: the same text, the same entry (its action is read once, at
        # its first line: see _read_actions, which keeps as many)
        items.append(item)
        items.lines.append(n)
    items.line = first
    head = parse_document(text[: at + 1], name, "game")
    if "history" in head:
        return None
    head["history"] = items
    head.lines["history"] = first - 1  # type: ignore[attr-defined]
    return head


def _fast_item(line: str, n: int) -> Any:
    """One history line as the strict reader reads it, or ``None`` if it is
    not a flat JSON object of the engine's own values."""
    from referee.core.schema import MAX_DIGITS, YamlList, YamlMap

    if not (line.startswith('- {"') and line.endswith("}")):
        return None
    try:
        pairs = json.loads(
            line[2:], object_pairs_hook=list, parse_float=_no_float, parse_constant=_no_float
        )
    except ValueError:
        return None
    out = YamlMap()
    out.line = n
    out.text = line  # type: ignore[attr-defined]  # the same text, the same action
    for key, value in pairs:
        if key in out or (isinstance(value, list) and not _flat(value)):
            return None  # a key twice, or a nested object: the strict reader says how
        if isinstance(value, int) and len(str(abs(value))) > MAX_DIGITS:
            return None
        if isinstance(value, list):
            value = YamlList(value)
            value.line = n
            value.lines = [n] * len(value)
        out[key] = value
        out.lines[key] = n
    return out


def _flat(values: list[Any]) -> bool:
    """A list of words and whole numbers (in the strict reader's range)."""
    from referee.core.schema import MAX_DIGITS

    return all(
        isinstance(v, str) or (type(v) is int and len(str(abs(v))) <= MAX_DIGITS) for v in values
    )


def _no_float(text: str) -> Any:
    raise ValueError(text)  # a float or NaN: the strict reader judges it


def torn(raw: bytes) -> int:
    """How much of a game file's bytes to read: all of them, unless the last
    line is an action the engine was appending when it was killed (it has no
    newline, and is the start of an action line but not a whole one). Such a
    line was never acknowledged: it is not read as an action, and the next
    write leaves it out (the file is written whole again)."""
    cut = raw.rfind(b"\n") + 1
    tail = raw[cut:]
    if not tail:
        return len(raw)
    if len(tail) < len(_LINE_START):
        return cut if _LINE_START.startswith(tail) else len(raw)
    if not tail.startswith(_LINE_START):
        return len(raw)
    try:
        json.loads(tail[2:])
    except ValueError:
        return cut
    return len(raw)


def _understand(
    game: Game[S, St, A], path: str, real: str, raw: bytes
) -> tuple[Replayed[S, St, A], bool]:
    """The game these bytes of the file hold, and whether one more action
    may be appended to them as one line (the history in the engine's own
    form): from the memo if they are the bytes last seen, else parsed and
    replayed."""
    from referee.core.files import decode_text

    memo = _recall(game, real, raw)
    if memo is not None:
        replayed: Replayed[S, St, A] = memo.game
        return replayed, memo.canonical
    from referee.core.files import parse_document

    name = display_name(path)
    whole = raw[: torn(raw)]
    text_ = decode_text(whole, name, "game")
    fast = _fast_document(text_, name)
    data = fast if fast is not None else parse_document(text_, name, "game")
    # One more action can be appended as one more line when the history is
    # already in the engine's form, whole, and of this release's format.
    appendable = (
        fast is not None
        and len(whole) == len(raw)
        and raw.endswith(b"\n")
        and data.get("format") == FORMAT
    )
    with reading(path):
        replayed = replay(game, parse(game, data))
    _remember(game, real, _Memo(raw, replayed, canonical=appendable))
    return replayed, appendable


def _advance(
    game: Game[S, St, A], path: str, current: Replayed[S, St, A], action: A
) -> Replayed[S, St, A]:
    """The game after one more action: one step from the current state; an
    undo is the state kept from before the action it takes back (replayed in
    full when none is kept), and a step the rules refuse is replayed in full,
    which names the error exactly as reading the file would."""
    log = current.log.add(action)
    before = (*current.before[1 - KEPT :], current.state)
    with reading(path):
        if game.is_undo(action):
            if current.in_force and current.before:  # the state before it, kept
                return Replayed(
                    log,
                    current.before[-1],
                    current.in_force[:-1],
                    (*current.undone, current.in_force[-1]),
                    current.before[:-1],
                )
        elif is_redo(game, action) and current.undone:
            back = current.undone[-1]
            result = game.step(log.setup, current.state, log.history[back])
            if not isinstance(result, Refusal):
                in_force = (*current.in_force, back)
                return Replayed(log, result, in_force, current.undone[:-1], before)
        elif not is_redo(game, action):
            result = game.step(log.setup, current.state, action)
            if not isinstance(result, Refusal):
                in_force = (*current.in_force, len(current.log.history))
                return Replayed(log, result, in_force, (), before)
        return replay(game, log)


def load(game: Game[S, St, A], path: str) -> Replayed[S, St, A]:
    """Read and replay a game file (no lock: writes are atomic renames, or
    appends of one line whose torn end, if any, is passed over)."""
    from referee.core.files import decode_text, read_bytes

    name = display_name(path)
    raw = read_bytes(path, limit=MAX_GAME_BYTES, what="game")
    if path == "-":
        data = read_document(decode_text(raw, name, "game"), name)
        with reading(path):
            return replay(game, parse(game, data))
    return _understand(game, path, os.path.realpath(path), raw)[0]


def create(game: Game[S, St, A], path: str, setup: S, *, force: bool = False) -> Replayed[S, St, A]:
    """Write a new game (version 0). Without ``force`` an existing file is never
    replaced, even by a writer racing this one."""
    from referee.core.files import write_text

    log: Log[S, A] = Log(setup)
    replayed = replay(game, log)
    content = text(game, log)
    check_size(display_name(path), 0, len(content.encode("utf-8")))
    write_text(path, content, force=force, what="game")
    if path != "-":
        memo = _Memo(content.encode("utf-8"), replayed, canonical=True)
        _remember(game, os.path.realpath(path), memo)
    return replayed


def check_size(name: str, actions: int, size: int) -> None:
    """Refuse a write that the reader would refuse to read back."""
    if actions > MAX_HISTORY or size > MAX_GAME_BYTES:
        raise TooLarge(
            f"{name}: the game is full: a game file holds at most {MAX_HISTORY:,} actions "
            f"and {MAX_GAME_BYTES // (1024 * 1024)} MiB; nothing was written "
            "(start a new game to play on)"
        )


LOCK_WAIT = 5.0
"""Seconds a writer waits for another writer's lock before it gives up
(:class:`~referee.core.errors.Busy`: "try again"; HTTP 503): a writer stopped
with Ctrl-Z never holds up the rest for ever."""


def _lock(fd: int, name: str) -> None:
    """Take the exclusive lock, waiting at most :data:`LOCK_WAIT` seconds."""
    import fcntl
    import time

    deadline = time.monotonic() + LOCK_WAIT
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise Busy(
                    f"{name}: the game is busy: another writer has held it for "
                    f"{LOCK_WAIT:g} s; nothing was written, try again"
                ) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.005)  # short: a waiter polling slowly loses the lock to others


@contextlib.contextmanager
def locked(path: str) -> Iterator[tuple[int, str]]:
    """Hold the exclusive lock of a game file: yields the open descriptor of
    the file the name now names, and its real path."""
    name = display_name(path)
    real = os.path.realpath(path)
    while True:
        try:
            fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK)
        except FileNotFoundError:
            raise InputError(f"{name}: no such game file") from None
        except ValueError:
            raise InputError(f"{name}: not a usable file name") from None
        except OSError as exc:
            raise InputError(f"{name}: cannot read the game: {exc.strerror}") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
                raise InputError(f"{name}: is {kind}; a game file is expected")
            _lock(fd, name)
            try:
                current = os.stat(real)
            except FileNotFoundError:
                current = None
        except BaseException:
            os.close(fd)
            raise
        if current is not None and os.path.samestat(st, current):
            break
        os.close(fd)  # replaced while we waited: lock the new file
    try:
        yield fd, real
    finally:
        os.close(fd)


def act(
    game: Game[S, St, A],
    path: str,
    decide: Callable[[Replayed[S, St, A]], Decision[A, R]],
    *,
    expect_version: int | None = None,
    before_write: Callable[[], None] | None = None,
) -> Acted[S, St, A, R]:
    """Change a game: under the lock, read and replay it, check the version,
    let ``decide`` judge against the current state, and record its action.

    ``before_write`` runs after the decision and before the write (the place
    for checks of other files a command will write: nothing may fail after the
    game is written).
    """
    from referee.core.files import _atomic, append, read_fd

    name = display_name(path)
    with locked(path) as (fd, real):
        raw = read_fd(fd, name, limit=MAX_GAME_BYTES, what="game")
        current, canonical = _understand(game, path, real, raw)
        if expect_version is not None and current.version != expect_version:
            raise ConflictError(
                f"game changed: version is {current.version}, expected {expect_version}"
            )
        decision = decide(current)
        if decision.action is None:
            return Acted(current, decision.result, recorded=False)
        after = _advance(game, path, current, decision.action)
        if before_write is not None:
            before_write()
        if canonical and current.log.history:
            # the file is text(game, log): the new one is the same plus one
            # line, appended (the bytes written do not grow with the game)
            line = (_action_line(game, decision.action) + "\n").encode("utf-8")
            data = raw + line
            check_size(name, after.version, len(data))
            append(real, line, expect=len(raw), name=path, what="game")
        else:
            data = text(game, after.log).encode("utf-8")
            check_size(name, after.version, len(data))
            _atomic(real, data, create=False, name=path, what="game")
        _remember(game, real, _Memo(data, after, canonical=True))
        return Acted(after, decision.result, recorded=True)


NOTHING_TO_UNDO = Refusal("nothing-to-undo", "there is no action to take back")


def undo(
    game: Game[S, St, A],
    path: str,
    *,
    expect_version: int | None = None,
    action: Callable[[Replayed[S, St, A]], A] | None = None,
) -> Acted[S, St, A, A | Refusal]:
    """Record an undo of the latest action in force; reports the action taken
    back, or :data:`NOTHING_TO_UNDO` (nothing is written). ``action`` makes
    the undo to record from the game as it is (one that says who pressed it)."""

    def decide(current: Replayed[S, St, A]) -> Decision[A, A | Refusal]:
        made = action(current) if action is not None else game.undo()  # may refuse its input
        last = current.last
        if last is None:
            return Decision(None, NOTHING_TO_UNDO)
        return Decision(made, last)

    return act(game, path, decide, expect_version=expect_version)


NOTHING_TO_REDO = Refusal("nothing-to-redo", "no undone action is waiting to be put back")


def redo(
    game: Game[S, St, A],
    path: str,
    action: Callable[[Replayed[S, St, A]], A],
    *,
    expect_version: int | None = None,
) -> Acted[S, St, A, A | Refusal]:
    """Record a redo (``action`` makes it from the game as it is): right
    after one or more undos, the action the latest undo took back is in force
    again. Reports that action, or :data:`NOTHING_TO_REDO` when the latest
    recorded action is not an undo or a redo with more to put back (nothing
    is written)."""

    def decide(current: Replayed[S, St, A]) -> Decision[A, A | Refusal]:
        made = action(current)  # may refuse its input (who entered it)
        back = current.next_redo
        if back is None:
            return Decision(None, NOTHING_TO_REDO)
        return Decision(made, back)

    return act(game, path, decide, expect_version=expect_version)


# ------------------------------------------------------------------ activity

ACTIVITY = 50
"""The newest recorded actions a game's ``activity`` lists."""


@frozen
class Entry(Generic[A]):
    """One recorded action, for the activity list: its ``version`` (the
    game's version once it was recorded), the action and, for an undo or a
    redo, the action it took back or put back and that action's version."""

    version: int
    action: A
    target: A | None = None
    target_version: int | None = None


def activity(game: Game[S, St, A], log: Log[S, A], limit: int = ACTIVITY) -> list[Entry[A]]:
    """The newest ``limit`` recorded actions, newest first."""
    linked = links(game, log.history)
    out: list[Entry[A]] = []
    for i in range(len(log.history) - 1, max(len(log.history) - limit, 0) - 1, -1):
        target = linked.get(i)
        out.append(
            Entry(
                i + 1,
                log.history[i],
                log.history[target] if target is not None else None,
                target + 1 if target is not None else None,
            )
        )
    return out
