"""Garbage in, one line out: every command that reads a file or stdin, fuzzed.

Each command family has one hypothesis test, parametrized by command (which
file of it is fuzzed: ``check-word:--layout``, ``blindspot-game-play:GAME``...).
Every example feeds that file (or stdin) one of:

* random bytes (binary, YAML-ish punctuation, any text, lone surrogates);
* a random YAML document of any type (scalars, dates, binary, sets, lists,
  mappings, nested mixes) dumped with ``yaml.safe_dump`` in any style;
* a real example file (``setups/``, ``examples/*/``, ``tests/data/``) with one
  change: a value replaced by a random YAML value, a key deleted, added or
  renamed, a string edited, a value replaced by nesting as deep as the YAML
  parser allows or by an alias bomb, or a few bytes flipped.

``--batch`` gets lines of garbage, random JSON and mutated requests. Then
deterministic cases per command (``test_nasty_input``): 10,000 levels of ``[``
and ``{a: ``; the deepest nesting that parses (1000 levels) at every value of
the seeds; an alias bomb, and bad strings (NUL, empty, 300 characters, ``-``,
not a folder) at every key; lines of hundreds of KB; and the file replaced by
a folder, /dev/zero, /dev/null, a symlink loop (``test_special_path``). Real
subprocesses (60 s timeout, 1 GiB address space) get a 10**9-leaf alias bomb
and a list that contains itself at every key of each file format, and 10,000
levels of nesting. The seeds of the mutations are the example files plus a few
games in ``tests/data/fuzz/``.

Every case must end with exit 0, 1 or 2 (exactly 2 when the input cannot be a
valid file: not UTF-8, not YAML, not a mapping, or lacking the keys the format
needs), at most one line on stderr (for exit 2 exactly one, starting
``Error: ``, at most ``MAX_LINE`` characters), no traceback, and no file
changed, added or removed, except the files the command was asked to write,
and only on exit 0 (a written game or board must then load again).
``--batch`` reports bad lines on stdout (one ``{"line": N, "error": ...}`` per
bad line, exit 2 at the end, nothing on stderr).

Examples per test come from the Hypothesis profile (tests/conftest.py):
``HYPOTHESIS_PROFILE=ci`` (what .ci/run uses) or ``long`` (a soak). The
generated and the nasty in-process cases are marked ``slow``, the capped real
processes ``process``: the default ``python -m pytest`` leaves them out.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parent.parent

MAX_LINE = 1000
"""An error line names the file and the place and quotes the bad value briefly
(``errors.show``); it never echoes a whole structure or a 600 KB value."""

HANG_SECONDS = 60
"""An in-process run still going after this long is reported as a hang."""

YAML_DEPTH_LIMIT = 1000
"""libyaml refuses nesting deeper than this; the deepest that parses is the nastiest."""

MAX_SLOTS = 40
"""The deepest nesting goes at each of the first MAX_SLOTS value shapes of a format's seeds."""

LONG = 600 * 1024
"""A very long line: hundreds of KB, under the 1 MiB limit of every reader."""

ENV: dict[str, str | None] = {"REFEREE_DICTIONARY": None, "REFEREE_CATALOG": None, "NO_COLOR": "1"}


# ------------------------------------------------------------------ file formats


def _keys_within(*allowed: str) -> Callable[[dict[str, Any]], bool]:
    return lambda doc: set(doc) <= set(allowed)


@dataclass(frozen=True)
class Format:
    """A kind of input file. ``could_be_valid`` is a necessary condition on its
    top-level mapping (read off the loader): garbage failing it must exit 2."""

    name: str
    seeds: tuple[str, ...]  # repo-relative example files: the seeds of the mutations
    could_be_valid: Callable[[dict[str, Any]], bool] = lambda doc: True
    lines: bool = False  # one item per line (word lists, symbols), not YAML
    max_bytes: int = 1024 * 1024  # the size its reader refuses beyond


LAYOUT = Format(
    "layout",
    (
        "setups/sample.yaml",
        "setups/seed-2024.yaml",
        "setups/by-tiles.yaml",
        "tests/data/setups/seed-1.yaml",
        "tests/data/blindspot-games/no-words.yaml",
    ),
    lambda doc: "letters" in doc or "tiles" in doc,
)
SETUP = Format(
    "setup",
    (
        "setups/seed-2024.yaml",
        "setups/sample.yaml",
        "setups/by-tiles.yaml",
        "examples/blindspot/tampered-setup.yaml",
        "tests/data/setups/seed-1.yaml",
        "tests/data/setups/custom-by-tiles.yaml",
    ),
    lambda doc: "letters" in doc or "tiles" in doc,
)
POSITION = Format(
    "position",
    ("tests/data/fuzz/position-full.yaml", "examples/blindspot/sample-position.yaml"),
    _keys_within("spots", "glasses", "teams"),
)
CATALOG = Format(
    "catalog",
    ("tests/data/setups/custom-catalog.yaml", "src/referee/data/standard-tiles.yaml"),
    lambda doc: "name" in doc and "tiles" in doc,
)
BS_GAME = Format(
    "blindspot-game",
    (
        "tests/data/fuzz/bs-game-bonus-owed.yaml",
        "tests/data/fuzz/bs-game-word-list.yaml",
        "tests/data/fuzz/bs-game-blue-to-play.yaml",
        "tests/data/fuzz/bs-game-teams.yaml",
        "tests/data/fuzz/bs-game-solo.yaml",
        "tests/data/blindspot-games/two-player-game.yaml",
        "tests/data/blindspot-games/format-1/two-player-game.yaml",
        "tests/data/blindspot-games/play-after-elimination-three-players.yaml",
        "tests/data/blindspot-games/undo-first.yaml",
        "tests/data/blindspot-games/tampered-letters.yaml",
    ),
    lambda doc: doc.get("game") in ("blindspot", "blind-spot-game"),
)
BOARD = Format(
    "board",
    (
        "examples/wordblock/rulebook-t.yaml",
        "examples/wordblock/rulebook.yaml",
        "examples/wordblock/rulebook-p.yaml",
        "examples/wordblock/six-by-six.yaml",
        "tests/data/wordblock/full-a.yaml",
    ),
    lambda doc: "cards" in doc and set(doc) <= {"cards", "blocks", "claimed", "area"},
)
WB_GAME = Format(
    "wordblock-game",
    (
        "tests/data/fuzz/wb-game.yaml",
        "tests/data/fuzz/wb-game-new.yaml",
        "tests/data/fuzz/wb-game-engine.yaml",
        "tests/data/fuzz/wb-game-turns.yaml",
    ),
    lambda doc: doc.get("game") in ("word-block", "wordblock"),
)
FRAME = Format(
    "frame",
    (
        "examples/outofsight/frame3.yaml",
        "examples/outofsight/example-three.yaml",
        "examples/outofsight/frame2.yaml",
        "tests/data/outofsight/game/frame1.yaml",
        "tests/data/outofsight/game/frame3-jessica-wins.yaml",
        "tests/data/outofsight/game/frame2-missing.yaml",
    ),
    lambda doc: "players" in doc and set(doc) <= {"game", "mode", "frame", "players"},
)
OOS_GAME = Format(
    "outofsight-game",
    (
        "examples/outofsight/game.yaml",
        "tests/data/fuzz/oos-game-new.yaml",
        "tests/data/outofsight/game/release-1.yaml",
    ),
    lambda doc: (
        doc.get("game") == "out-of-sight"  # the previous release's files
        or (doc.get("game") == "outofsight" and doc.get("format") == "referee-game/2")
    ),
)
DECK = Format(
    "deck",
    (
        "examples/spotit/fruit.yaml",
        "examples/spotit/order-2.yaml",
        "tests/data/spotit/fano.yaml",
        "tests/data/spotit/fano-lost-one.yaml",
        "tests/data/spotit/pentagon.yaml",
        "examples/spotit/order-7.yaml",
        "examples/spotit/lost-two.yaml",
    ),
    lambda doc: "cards" in doc and set(doc) <= {"name", "cards"},
)
WORDS = Format(
    "word-list",
    (
        "examples/wordblock/words.txt",
        "tests/data/wordblock/qat-words.txt",
        "tests/data/wordblock/twenty-a.txt",
    ),
    lines=True,
    max_bytes=64 * 1024 * 1024,
)
SYMBOLS = Format(
    "symbols",
    ("examples/spotit/classroom-symbols.txt", "tests/data/spotit/symbols-16.txt"),
    lines=True,
)


# ------------------------------------------------------------------ targets


@dataclass(frozen=True)
class Target:
    """One command and the file of it that is fuzzed.

    In ``argv``, ``@F`` is the fuzzed file (or ``-`` with ``stdin``), ``@name``
    a fresh copy of the support file ``name`` (see ``SUPPORT``) or an output
    path in the example's folder. ``writes`` are the names that may change on
    exit 0 (``@F`` for the fuzzed file itself); ``reload`` must then load it (exit 0 or 1).
    """

    id: str
    fmt: Format
    argv: tuple[str, ...]
    stdin: bool = False
    writes: tuple[str, ...] = ()
    reload: tuple[str, ...] = ()
    seeds: tuple[str, ...] = ()  # overrides fmt.seeds (e.g. small decks for render)

    @property
    def seed_files(self) -> tuple[str, ...]:
        return self.seeds or self.fmt.seeds


SUPPORT = {
    "sample.yaml": "setups/sample.yaml",
    "sample-position.yaml": "examples/blindspot/sample-position.yaml",
    "custom-by-tiles.yaml": "tests/data/setups/custom-by-tiles.yaml",
    "custom-catalog.yaml": "tests/data/setups/custom-catalog.yaml",
    "rulebook.yaml": "examples/wordblock/rulebook.yaml",
    "rulebook-t.yaml": "examples/wordblock/rulebook-t.yaml",
    "words.txt": "examples/wordblock/words.txt",
    "game.yaml": "examples/outofsight/game.yaml",
    "frame3.yaml": "examples/outofsight/frame3.yaml",
}

BS_SHOW = ("blindspot", "game", "show", "@F")
WB_SHOW = ("wordblock", "game", "show", "@F")
OOS_SHOW = ("outofsight", "game", "show", "@game.yaml")
BOARD_LOADS = ("wordblock", "place", "t-1", "--board", "@F", "--at", "A1")


def _t(id: str, fmt: Format, *argv: str, **kw: Any) -> Target:
    return Target(id, fmt, argv, **kw)


BLIND_SPOT = [
    _t("check-word:--layout", LAYOUT, "check-word", "seas", "--layout", "@F", "--at", "D1"),
    _t(
        "check-word:--layout-stdin",
        LAYOUT,
        *("check-word", "tale", "--layout", "-", "--at", "E4", "--player", "blue"),
        stdin=True,
    ),
    _t(
        "check-word:--position",
        POSITION,
        *("check-word", "tale", "--layout", "@sample.yaml", "--at", "E4"),
        *("--player", "yellow", "--position", "@F"),
    ),
    _t(
        "check-word:--catalog",
        CATALOG,
        *("check-word", "can", "--layout", "@custom-by-tiles.yaml", "--at", "C1"),
        *("--catalog", "@F"),
    ),
    _t(
        "check-word:--allow",
        WORDS,
        *("check-word", "seas", "--layout", "@sample.yaml", "--at", "D1", "--allow", "@F"),
    ),
    _t(
        "check-word:--dictionary",
        WORDS,
        *("check-word", "seas", "--layout", "@sample.yaml", "--at", "D1", "--dictionary", "@F"),
    ),
    _t("words:--layout", LAYOUT, "words", "--layout", "@F", "--min-length", "5"),
    _t(
        "words:--position",
        POSITION,
        *("words", "--layout", "@sample.yaml", "--position", "@F", "--min-length", "5"),
    ),
]

SETUP_TARGETS = [
    _t("setup-verify:FILE", SETUP, "setup", "verify", "@F"),
    _t("setup-code:FILE", SETUP, "setup", "code", "@F"),
    _t("setup-show:FILE", SETUP, "setup", "show", "@F"),
    _t(
        "setup-verify:--catalog",
        CATALOG,
        *("setup", "verify", "@custom-by-tiles.yaml", "--catalog", "@F"),
    ),
    _t("setup-generate:--catalog", CATALOG, "setup", "generate", "--seed", "1", "--catalog", "@F"),
    _t("setup-catalog:--catalog", CATALOG, "setup", "catalog", "--catalog", "@F"),
]

BLIND_SPOT_GAME = [
    _t(
        "blindspot-game-new:--layout",
        LAYOUT,
        *("blindspot", "game", "new", "--layout", "@F", "--players", "red,blue", "-o", "@new.yaml"),
        writes=("new.yaml",),
        reload=("blindspot", "game", "show", "@new.yaml"),
    ),
    _t(
        "blindspot-game-play:GAME",
        BS_GAME,
        *("blindspot", "game", "play", "@F", "tale", "--at", "E4"),
        writes=("@F",),
        reload=BS_SHOW,
    ),
    _t(
        "blindspot-game-bonus:GAME",
        BS_GAME,
        *("blindspot", "game", "bonus", "@F", "--at", "A5"),
        writes=("@F",),
        reload=BS_SHOW,
    ),
    _t(
        "blindspot-game-skip-bonus:GAME",
        BS_GAME,
        *("blindspot", "game", "skip-bonus", "@F"),
        writes=("@F",),
        reload=BS_SHOW,
    ),
    _t(
        "blindspot-game-timeout:GAME",
        BS_GAME,
        *("blindspot", "game", "timeout", "@F"),
        writes=("@F",),
        reload=BS_SHOW,
    ),
    _t(
        "blindspot-game-undo:GAME",
        BS_GAME,
        *("blindspot", "game", "undo", "@F"),
        writes=("@F",),
        reload=BS_SHOW,
    ),
    _t("blindspot-game-show:GAME", BS_GAME, "blindspot", "game", "show", "@F"),
    _t("blindspot-game-hint:GAME", BS_GAME, "blindspot", "game", "hint", "@F"),
]

WORD_BLOCK = [
    _t("score-claim:--board", BOARD, "score-claim", "qat", "--board", "@F", "--player", "red"),
    _t(
        "wordblock-place:--board", BOARD, "wordblock", "place", "t-1", "--board", "@F", "--at", "B5"
    ),
    _t(
        "wordblock-place:--board+--write",
        BOARD,
        *("wordblock", "place", "t-1", "--board", "@F", "--at", "B5", "--write"),
        writes=("@F",),
        reload=BOARD_LOADS,
    ),
    _t(
        "wordblock-move-block:--board",
        BOARD,
        *("wordblock", "move-block", "--board", "@F", "--player", "blue", "--to", "A1"),
    ),
    _t(
        "wordblock-move-block:--board+--write",
        BOARD,
        *("wordblock", "move-block", "--board", "@F", "--player", "blue", "--to", "A1", "--write"),
        writes=("@F",),
        reload=BOARD_LOADS,
    ),
    _t(
        "wordblock-hint:--board",
        BOARD,
        *("wordblock", "hint", "--board", "@F", "--player", "red", "--dictionary", "@words.txt"),
    ),
    _t(
        "wordblock-hint:--dictionary",
        WORDS,
        *("wordblock", "hint", "--board", "@rulebook-t.yaml", "--player", "red"),
        *("--dictionary", "@F"),
    ),
    _t(
        "wordblock-game-claim:GAME",
        WB_GAME,
        *("wordblock", "game", "claim", "@F", "quash", "--player", "red"),
        writes=("@F",),
        reload=WB_SHOW,
    ),
    _t(
        "wordblock-game-place:GAME",
        WB_GAME,
        *("wordblock", "game", "place", "@F", "t-1", "--at", "E5", "--player", "blue"),
        writes=("@F",),
        reload=WB_SHOW,
    ),
    _t(
        "wordblock-game-move-block:GAME",
        WB_GAME,
        *("wordblock", "game", "move-block", "@F", "--player", "green", "--to", "A2"),
        writes=("@F",),
        reload=WB_SHOW,
    ),
    _t(
        "wordblock-game-end-turn:GAME",
        WB_GAME,
        *("wordblock", "game", "end-turn", "@F"),
        writes=("@F",),
        reload=WB_SHOW,
    ),
    _t("wordblock-game-show:GAME", WB_GAME, "wordblock", "game", "show", "@F"),
    _t(
        "wordblock-game-undo:GAME",
        WB_GAME,
        *("wordblock", "game", "undo", "@F"),
        writes=("@F",),
        reload=WB_SHOW,
    ),
]

OUT_OF_SIGHT = [
    _t("score-frame:FILE", FRAME, "score-frame", "@F"),
    _t("score-frame:stdin", FRAME, "score-frame", "-", "--mode", "advanced", stdin=True),
    _t(
        "outofsight-game-frame:GAME",
        OOS_GAME,
        *("outofsight", "game", "frame", "@F", "@frame3.yaml"),
        writes=("@F",),
        reload=("outofsight", "game", "show", "@F"),
    ),
    _t(
        "outofsight-game-frame:FRAME_FILE",
        FRAME,
        *("outofsight", "game", "frame", "@game.yaml", "@F"),
        writes=("game.yaml",),
        reload=OOS_SHOW,
    ),
    _t(
        "outofsight-game-frame:stdin",
        FRAME,
        *("outofsight", "game", "frame", "@game.yaml", "-"),
        stdin=True,
        writes=("game.yaml",),
        reload=OOS_SHOW,
    ),
    _t("outofsight-game-show:GAME", OOS_GAME, "outofsight", "game", "show", "@F"),
    _t(
        "outofsight-game-undo:GAME",
        OOS_GAME,
        *("outofsight", "game", "undo", "@F"),
        writes=("@F",),
        reload=("outofsight", "game", "show", "@F"),
    ),
]

SPOT_IT = [
    _t("spotit-verify:DECK", DECK, "spotit", "verify", "@F"),
    _t("spotit-match:DECK", DECK, "spotit", "match", "@F", "1", "2"),
    _t(
        "spotit-render:DECK",
        DECK,
        *("spotit", "render", "@F", "-o", "@out.svg", "--seed", "1"),
        writes=("out.svg",),
        seeds=DECK.seeds[:5],  # the order-7 decks make 57-card SVGs: slow, no new paths
    ),
    _t(
        "spotit-generate:--symbols",
        SYMBOLS,
        "spotit",
        "generate",
        "--order",
        "2",
        "--symbols",
        "@F",
    ),
    _t(
        "spotit-deal:--deck",
        DECK,
        *("spotit", "deal", "caterpillar", "--players", "3", "--seed", "7", "--deck", "@F"),
    ),
]

FILE_TARGETS = BLIND_SPOT + SETUP_TARGETS + BLIND_SPOT_GAME + WORD_BLOCK + OUT_OF_SIGHT + SPOT_IT


def _ids(targets: Sequence[Target]) -> list[str]:
    return [t.id for t in targets]


# ------------------------------------------------------------------ running one case


class Hang(BaseException):
    """Raised by the alarm in a run that went on for HANG_SECONDS (not an Exception,
    so the code under test cannot swallow it)."""


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str
    crash: str | None = None  # the traceback of an exception that escaped the CLI


RUNNER = CliRunner()


def invoke(argv: Sequence[str], stdin: bytes = b"") -> Outcome:
    """``referee ARGV`` in-process, like conftest's ``invoke`` (no REFEREE_* variables,
    NO_COLOR, SystemExit is the exit code), but an escaped exception or a hang is
    returned as ``crash`` with its traceback instead of raised."""
    from referee.cli import cli

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        result = RUNNER.invoke(cli, list(argv), input=stdin, env=ENV)
    except Hang:
        return Outcome(-1, "", "", "HANG:\n" + traceback.format_exc())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    crash = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        crash = "".join(traceback.format_exception(*result.exc_info))
    return Outcome(result.exit_code, result.stdout, result.stderr, crash)


def start_process(argv: Sequence[str], cwd: Path) -> subprocess.Popen[bytes]:
    """Start ``python -m referee ARGV`` capped at 1 GiB of address space (from the main
    thread: ``preexec_fn`` is not safe with threads)."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["NO_COLOR"] = "1"
    return subprocess.Popen(
        [sys.executable, "-m", "referee", *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=cap,
    )


def finish_process(proc: subprocess.Popen[bytes], stdin: bytes = b"") -> Outcome:
    """Feed stdin, wait up to 60 s (then kill: a hang), and collect the outcome."""
    try:
        out_bytes, err_bytes = proc.communicate(stdin, timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return Outcome(-1, "", "", "HANG: no exit within 60 s")
    out = out_bytes.decode("utf-8", "replace")
    err = err_bytes.decode("utf-8", "replace")
    crash = None
    if proc.returncode < 0:
        crash = f"killed by signal {-proc.returncode}: {err[-2000:]}"
    return Outcome(proc.returncode, out, err, crash)


Snapshot = dict[str, tuple[bytes, int] | None]


def snapshot(root: Path) -> Snapshot:
    """Every file (bytes, mtime), symlink (target, mtime) and folder under ``root``."""
    import stat

    found: Snapshot = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            found[os.path.relpath(os.path.join(folder, name), root) + "/"] = None
        for name in files:
            path = os.path.join(folder, name)
            st_ = os.lstat(path)
            if stat.S_ISLNK(st_.st_mode):
                found[os.path.relpath(path, root)] = (os.readlink(path).encode(), st_.st_mtime_ns)
                continue
            with open(path, "rb") as fh:
                found[os.path.relpath(path, root)] = (fh.read(), st_.st_mtime_ns)
    return found


@dataclass
class Example:
    """A fresh folder holding the fuzzed file and copies of the support files."""

    target: Target
    folder: Path
    data: bytes
    fuzzed: Path = field(init=False)

    def __post_init__(self) -> None:
        suffix = ".txt" if self.target.fmt.lines else ".yaml"
        self.fuzzed = self.folder / f"input{suffix}"
        if not self.target.stdin:
            self.fuzzed.write_bytes(self.data)
        for token in (*self.target.argv, *self.target.reload):
            name = token[1:]
            if token.startswith("@") and name in SUPPORT:
                shutil.copyfile(REPO / SUPPORT[name], self.folder / name)

    def path(self, token: str) -> str:
        if token == "@F":
            return "-" if self.target.stdin else str(self.fuzzed)
        if token.startswith("@"):
            return str(self.folder / token[1:])
        return token

    def argv(self, template: Sequence[str]) -> list[str]:
        return [self.path(t) for t in template]

    def writable(self) -> set[str]:
        return {self.fuzzed.name if w == "@F" else w for w in self.target.writes}


@contextlib.contextmanager
def example_folder(root: Path) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(dir=root))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ------------------------------------------------------------------ the oracle

LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the loader files.parse_yaml uses
ANY_EXIT = frozenset({0, 1, 2})
EXIT_2 = frozenset({2})


def load(text: str) -> Any:
    return yaml.load(text, Loader=LOADER)  # LOADER is CSafeLoader or SafeLoader


def must_fail(fmt: Format, data: bytes) -> bool:
    """True when ``data`` cannot be a valid ``fmt`` file, whatever the command."""
    if len(data) > fmt.max_bytes or b"\x00" in data:
        return True
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return True
    if fmt.lines:
        return not any(line.split("#", 1)[0].strip() for line in text.splitlines())
    if not text.strip():
        return True
    try:
        doc = load(text)
    except (yaml.YAMLError, RecursionError):
        return True
    if not isinstance(doc, dict) or not all(isinstance(k, str) for k in doc):
        return True
    return not fmt.could_be_valid(doc)


def _short(data: bytes, limit: int = 400) -> str:
    return repr(data[:limit]) + (f"... ({len(data):,} bytes)" if len(data) > limit else "")


def require(condition: bool, message: str) -> None:
    """``assert`` without pytest's introspection (which would print 600 KB values)."""
    if not condition:
        raise AssertionError(message)


def check(
    ex: Example,
    argv: Sequence[str],
    outcome: Outcome,
    before: Snapshot,
    after: Snapshot,
    expected: frozenset[int],
) -> None:
    """Exit code, stderr, no traceback, no file changed unless allowed; raise AssertionError."""
    shown = " ".join(a.replace(str(ex.folder), "DIR") for a in argv)
    where = f"referee {shown}\ninput: {_short(ex.data)}\n"
    got = f"exit {outcome.code}, stderr {outcome.err[:1500]!r}"
    require(outcome.crash is None, f"{where}crashed:\n{outcome.crash}")
    require("Traceback" not in outcome.out + outcome.err, f"{where}traceback printed: {got}")
    require(outcome.code in expected, f"{where}expected exit {sorted(expected)}, got {got}")
    lines = outcome.err.splitlines()
    require(len(lines) <= 1, f"{where}{len(lines)} lines on stderr: {got}")
    if outcome.code == 2:
        require(bool(lines) and lines[0].startswith("Error: "), f"{where}no 'Error: ' line: {got}")
    if lines:
        line = lines[0].replace(str(ex.folder), "DIR")
        require(
            len(line) <= MAX_LINE,
            f"{where}the stderr line is {len(line):,} characters: {line[:300]!r}...",
        )
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    allowed = ex.writable() if outcome.code == 0 else set()
    wrong = [k for k in changed if k not in allowed]
    require(not wrong, f"{where}{got}; changed, added or removed: {wrong} (allowed: {allowed})")
    if changed and ex.target.reload:
        again = invoke(ex.argv(ex.target.reload))
        require(
            again.crash is None and again.code in (0, 1),
            f"{where}wrote {changed}, which 'referee {' '.join(ex.target.reload)}' then "
            f"refuses: exit {again.code}, {again.err!r}{again.crash or ''}",
        )


def fuzz_once(target: Target, data: bytes, lenient: bool, root: Path) -> None:
    """Run ``target`` on ``data``; ``lenient`` allows exit 0/1 even for garbage."""
    with example_folder(root) as folder:
        ex = Example(target, folder, data)
        argv = ex.argv(target.argv)
        before = snapshot(folder)
        outcome = invoke(argv, data if target.stdin else b"")
        after = snapshot(folder)
        expected = ANY_EXIT if lenient or not must_fail(target.fmt, data) else EXIT_2
        check(ex, argv, outcome, before, after, expected)


# ------------------------------------------------------------------ strategies

# Strings the formats care about, so mutations hit the interesting branches.
WORDS_OF_THE_FORMATS = [
    *("red", "blue", "yellow", "green", "Brian", "Jessica", "nobody", "RED", "red "),
    *("A1", "E4", "I9", "J1", "A0", "Z99", "a1", "B5", "E5", "A", "1", "11A", "1A", "9B", "19A"),
    *("t-1", "q-8", "a-1", "x-0", "t-100", "-", ".", "t", "qu-1", "a-1  b-1", "a-1  .    b"),
    *("blind-spot", "blind-spot-game", "word-block", "out-of-sight", "standard", "teams", "solo"),
    *("blindspot", "referee-game/2"),
    *("play", "bonus", "skip-bonus", "timeout", "undo", "claim", "place", "move-block", "frame"),
    *("basic", "advanced", "blue-7", "red-19", "red-0", "silver", "purple-2", "one/blue"),
    *("Apple / Red", "/", "a/", "/b", "a/b/c", "sha256", "BS1-1A3A5B-16B7B17B-8B14B12B-5Y"),
    *("searstoep", "SEARSTOEP", "searstoe", "searstoepx", "seärstoep", "qxzqxzqxz"),
    *("", " ", "~", "null", "yes", "no", "0", "-1", "1e999", ".nan", "0x10", "\x00", "a\x00b"),
    *("\u2028", "\ud7ff", "\U0001f600", "x" * 200, "-" * 61, "\t", "'", '"', "#", "&a", "*a"),
    *("setups/sample.yaml", "/dev/null", ".", "..", "/", "en_US", "hunspell:en_US", "xx_YY"),
]
# Strings that make bad file names (a NUL, too long, not a folder...) or bad anything.
WEIRD_STRINGS = [
    *("", " ", "\x00", "a\x00b", "examples/wordblock/words.txt\x00", "-", ".", "..", "/", "~"),
    *("/dev/null", "/dev/null/x", "x" * 300, "a/" * 100, "nowhere.yaml", "\n", "\r", "*", "?"),
    *("src", "setups/", "tests/data/fuzz", "\x7f", "\x1b[31m", "\ufeff", "\U0010ffff", "C:\\x"),
]
KEYS_OF_THE_FORMATS = [
    *("game", "name", "letters", "tiles", "catalog", "generator", "seed", "code", "format"),
    *("mode", "players", "layout", "source", "sha256", "actions", "do", "player", "at", "word"),
    *("dictionary", "allow", "spots", "glasses", "teams", "cards", "blocks", "claimed", "area"),
    *("board", "history", "action", "card", "from", "to", "path", "challenged_by", "valid"),
    *("reason", "points", "frame", "banks", "prefer", "A", "B", "1", "<<", "forced"),
]

safe_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
scalars: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.integers(),
    st.floats(),
    safe_text,
    st.sampled_from(WORDS_OF_THE_FORMATS),
    st.sampled_from(WEIRD_STRINGS),
    st.dates(),
    st.datetimes(),
    st.binary(max_size=6),
)
keys: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(KEYS_OF_THE_FORMATS),
    safe_text,
    st.integers(-2, 20),
    st.none(),
    st.booleans(),
    st.sampled_from(WORDS_OF_THE_FORMATS),
)


def _yaml_containers(kids: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    small = st.one_of(st.integers(0, 9), st.sampled_from(WORDS_OF_THE_FORMATS[:20]))
    return st.one_of(
        st.lists(kids, max_size=6),
        st.dictionaries(keys, kids, max_size=5),
        st.sets(small, max_size=3),  # !!set
    )


yaml_values: st.SearchStrategy[Any] = st.recursive(scalars, _yaml_containers, max_leaves=16)


@st.composite
def yaml_documents(draw: st.DrawFn) -> bytes:
    """A random YAML value of any type, dumped by yaml.safe_dump in a random style."""
    value = draw(yaml_values)
    text = yaml.safe_dump(
        value,
        sort_keys=False,
        default_flow_style=draw(st.sampled_from([False, True, None])),
        allow_unicode=draw(st.booleans()),
        canonical=draw(st.booleans()),
        explicit_start=draw(st.booleans()),
    )
    return text.encode("utf-8")


YAMLISH = "[]{}:,-?&*!|>'\"%@`# \n\t.~=<0123456789abcdeABC"
raw_bytes: st.SearchStrategy[bytes] = st.one_of(
    st.binary(max_size=300),
    st.text(YAMLISH, max_size=200).map(lambda s: s.encode()),
    st.text(max_size=120).map(lambda s: s.encode("utf-8", "surrogatepass")),
    st.text(st.characters(categories=["Cs", "Cc", "Zs", "Zl", "Zp"]), max_size=40).map(
        lambda s: s.encode("utf-8", "surrogatepass")
    ),
)


@st.composite
def flipped_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with 1 to 4 byte-level edits (insert, delete, replace, duplicate, cut)."""
    buf = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(buf)))
        j = min(len(buf), i + draw(st.integers(1, 8)))
        how = draw(st.sampled_from(["insert", "delete", "replace", "duplicate", "cut"]))
        if how == "insert":
            buf[i:i] = draw(
                st.one_of(
                    st.binary(min_size=1, max_size=4),
                    st.sampled_from(
                        [b"\n", b":", b"- ", b"[", b"{", b"&a ", b"*a", b"\xff", b"\t", b"'", b'"']
                    ),
                )
            )
        elif how == "delete":
            del buf[i:j]
        elif how == "replace" and i < len(buf):
            buf[i] = draw(st.integers(0, 255))
        elif how == "duplicate":
            buf[i:i] = buf[i:j]
        elif how == "cut":
            del buf[i:]
    return bytes(buf)


SPECIAL_CHARACTERS = st.one_of(
    st.sampled_from("\x00\n\r\t /\\.-_#:,'\"*&!|>%@`[]{}\x7f\x85\u2028\ufeff"),
    st.characters(exclude_categories=["Cs"]),
)
REPLACEMENTS = st.one_of(yaml_values, st.sampled_from(WEIRD_STRINGS))


def mutate_string(draw: st.DrawFn, s: str) -> str:
    how = draw(st.sampled_from(["insert", "delete", "replace", "case", "empty", "other"]))
    i = draw(st.integers(0, len(s)))
    if how == "insert":
        return s[:i] + draw(st.text(SPECIAL_CHARACTERS, min_size=1, max_size=3)) + s[i:]
    if how == "delete" and s:
        return s[: min(i, len(s) - 1)] + s[min(i, len(s) - 1) + 1 :]
    if how == "replace" and s:
        k = min(i, len(s) - 1)
        return s[:k] + draw(SPECIAL_CHARACTERS) + s[k + 1 :]
    if how == "case":
        return s.swapcase()
    if how == "empty":
        return ""
    return str(draw(st.sampled_from(WORDS_OF_THE_FORMATS + WEIRD_STRINGS)))


Slot = tuple[Any, Any, int]  # (container, key or index, containers enclosing the value)


def slots(doc: Any, depth: int = 1) -> Iterator[Slot]:
    """Every (container, key, depth) of a parsed document, depth first."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield doc, k, depth
            yield from slots(v, depth + 1)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield doc, i, depth
            yield from slots(v, depth + 1)


MARKER = "FUZZMARKERQZX"


def deepest(text_with_marker: str) -> str:
    """``text_with_marker`` with MARKER replaced by the deepest nested list that still
    parses (1000 levels, less the containers around MARKER)."""
    for n in range(YAML_DEPTH_LIMIT, 0, -1):
        text = text_with_marker.replace(MARKER, "[" * n + "]" * n, 1)
        try:
            load(text)
        except yaml.YAMLError:
            continue
        return text
    raise AssertionError("no nesting parses at the marker")


def alias_bomb(levels: int, width: int = 10) -> str:
    """A flow list expanding to width**levels strings through aliases (a few hundred bytes)."""
    text = "&b0 [" + ", ".join(["lol"] * width) + "]"
    for k in range(1, levels):
        text = f"&b{k} [{text}, " + ", ".join([f"*b{k - 1}"] * (width - 1)) + "]"
    return text


DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump_block(doc: Any, flow: bool | None = False) -> str:
    """yaml.safe_dump, with libyaml's emitter when present (fast)."""
    text: str = yaml.dump(
        doc, Dumper=DUMPER, sort_keys=False, allow_unicode=True, default_flow_style=flow
    )
    return text


SEED_CACHE: dict[str, bytes] = {}


def seed_bytes(path: str) -> bytes:
    if path not in SEED_CACHE:
        SEED_CACHE[path] = (REPO / path).read_bytes()
    return SEED_CACHE[path]


@st.composite
def mutated_yaml(draw: st.DrawFn, seeds: tuple[str, ...]) -> bytes:
    """A seed file with one change (see the module docstring)."""
    data = seed_bytes(draw(st.sampled_from(seeds)))
    how = draw(
        st.sampled_from(["replace", "delete", "add", "string", "rename", "deep", "bomb", "bytes"])
    )
    if how == "bytes":
        return draw(flipped_bytes(data))
    doc = load(data.decode("utf-8"))
    found = list(slots(doc))
    if not found or how == "add":
        containers = [doc, *[c[k] for c, k, _ in found if isinstance(c[k], (dict, list))]]
        target = draw(st.sampled_from(containers))
        if isinstance(target, dict):
            target[draw(keys)] = draw(REPLACEMENTS)
        else:
            target.insert(draw(st.integers(0, len(target))), draw(REPLACEMENTS))
        return dump_block(doc, draw(st.sampled_from([False, None]))).encode()
    if how == "string":
        strings = [s for s in found if isinstance(s[0][s[1]], str)]
        found = strings or found
    if how == "rename":
        found = [s for s in found if isinstance(s[0], dict)] or found
    container, key, depth = draw(st.sampled_from(found))
    if how == "delete":
        del container[key]
    elif how == "string" and isinstance(container[key], str):
        container[key] = mutate_string(draw, container[key])
    elif how == "rename" and isinstance(container, dict):
        new = mutate_string(draw, key) if isinstance(key, str) else draw(keys)
        items = [(new if k == key else k, v) for k, v in container.items()]
        container.clear()
        container.update(items)
    elif how in ("deep", "bomb"):
        container[key] = MARKER
        text = dump_block(doc)
        if how == "bomb":
            bomb = alias_bomb(draw(st.integers(1, 5)), draw(st.integers(2, 10)))
            return text.replace(MARKER, bomb, 1).encode()
        if draw(st.booleans()):
            return deepest(text).encode()
        n = draw(st.integers(1, YAML_DEPTH_LIMIT - depth))
        return text.replace(MARKER, "{a: " * n + "1" + "}" * n, 1).encode()
    else:
        container[key] = draw(REPLACEMENTS)
    return dump_block(doc, draw(st.sampled_from([False, None]))).encode()


@st.composite
def mutated_lines(draw: st.DrawFn, seeds: tuple[str, ...]) -> bytes:
    """A word/symbol list with a line deleted, duplicated, inserted or edited, or bytes flipped."""
    data = seed_bytes(draw(st.sampled_from(seeds)))
    how = draw(st.sampled_from(["delete", "duplicate", "insert", "edit", "bytes"]))
    if how == "bytes":
        return draw(flipped_bytes(data))
    lines = data.decode("utf-8").split("\n")
    i = draw(st.integers(0, len(lines) - 1))
    if how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "insert":
        lines.insert(i, draw(st.one_of(safe_text, st.sampled_from(WORDS_OF_THE_FORMATS))))
    else:
        lines[i] = mutate_string(draw, lines[i])
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class Case:
    """One generated input: ``kind`` is bytes, yaml (pure garbage) or mutation."""

    kind: str
    data: bytes


STRATEGIES: dict[Target, st.SearchStrategy[Case]] = {}


def cases(target: Target) -> st.SearchStrategy[Case]:
    if target not in STRATEGIES:
        mutations = (mutated_lines if target.fmt.lines else mutated_yaml)(target.seed_files)
        STRATEGIES[target] = st.one_of(
            raw_bytes.map(lambda b: Case("bytes", b)),
            yaml_documents().map(lambda b: Case("yaml", b)),
            mutations.map(lambda b: Case("mutation", b)),
            mutations.map(lambda b: Case("mutation", b)),  # twice: most paths are in there
        )
    return STRATEGIES[target]


# ------------------------------------------------------------------ the hypothesis tests


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The examples' parent folder; the working directory is the repo root (as ``invoke``)."""
    monkeypatch.chdir(REPO)
    return tmp_path


def _fuzz(target: Target, data: st.DataObject, root: Path) -> None:
    case = data.draw(cases(target), label="case")
    fuzz_once(target, case.data, case.kind == "mutation", root)


@pytest.mark.slow
@pytest.mark.parametrize("target", BLIND_SPOT, ids=_ids(BLIND_SPOT))
@given(data=st.data())
def test_fuzz_blind_spot(target: Target, data: st.DataObject, root: Path) -> None:
    _fuzz(target, data, root)


@pytest.mark.slow
@pytest.mark.parametrize("target", SETUP_TARGETS, ids=_ids(SETUP_TARGETS))
@given(data=st.data())
def test_fuzz_setup(target: Target, data: st.DataObject, root: Path) -> None:
    _fuzz(target, data, root)


@pytest.mark.slow
@pytest.mark.parametrize("target", BLIND_SPOT_GAME, ids=_ids(BLIND_SPOT_GAME))
@given(data=st.data())
def test_fuzz_blind_spot_game(target: Target, data: st.DataObject, root: Path) -> None:
    _fuzz(target, data, root)


@pytest.mark.slow
@pytest.mark.parametrize("target", WORD_BLOCK, ids=_ids(WORD_BLOCK))
@given(data=st.data())
def test_fuzz_word_block(target: Target, data: st.DataObject, root: Path) -> None:
    _fuzz(target, data, root)


@pytest.mark.slow
@pytest.mark.parametrize("target", OUT_OF_SIGHT, ids=_ids(OUT_OF_SIGHT))
@given(data=st.data())
def test_fuzz_out_of_sight(target: Target, data: st.DataObject, root: Path) -> None:
    _fuzz(target, data, root)


@pytest.mark.slow
@pytest.mark.parametrize("target", SPOT_IT, ids=_ids(SPOT_IT))
@given(data=st.data())
def test_fuzz_spot_it(target: Target, data: st.DataObject, root: Path) -> None:
    _fuzz(target, data, root)


# ------------------------------------------------------------------ --batch

CHECK_WORD_FIELDS = (
    *("word", "at", "layout", "player", "position", "glasses", "catalog", "dictionary", "allow"),
)
SCORE_CLAIM_FIELDS = (
    *("word", "board", "player", "path", "challenged_by", "dictionary", "allow", "no_exclusions"),
)


@dataclass(frozen=True)
class BatchTarget:
    """``argv`` reads JSON lines on stdin; ``@name`` in argv or in a line's string values
    is a copy of a support file (or ``garbage.yaml``, a garbage file drawn per example)."""

    id: str
    argv: tuple[str, ...]
    fields: tuple[str, ...]
    requests: tuple[dict[str, Any], ...]  # valid lines, the seeds of the mutations


BATCH = [
    BatchTarget(
        "check-word:--batch",
        ("check-word", "--batch", "--layout", "@sample.yaml"),
        CHECK_WORD_FIELDS,
        (
            {"word": "seas", "at": "D1"},
            {"word": "tale", "at": "E4", "player": "blue", "position": "@sample-position.yaml"},
            {"word": "cat", "at": "H5", "glasses": True},
            {"word": "can", "at": "C1", "layout": "@custom-by-tiles.yaml"}
            | {"catalog": "@custom-catalog.yaml"},
            {"word": "koi", "at": "C2", "dictionary": "@words.txt", "allow": "@words.txt"},
        ),
    ),
    BatchTarget(
        "score-claim:--batch",
        ("score-claim", "--batch", "--board", "@rulebook.yaml"),
        SCORE_CLAIM_FIELDS,
        (
            {"word": "quash", "player": "red"},
            {"word": "sheer", "player": "blue", "challenged_by": "green"},
            {"word": "she", "player": "blue", "path": "B3,C3,C4"},
            {"word": "qat", "player": "red", "board": "@rulebook-t.yaml"}
            | {"dictionary": "@words.txt", "no_exclusions": True},
            {"word": "etc", "player": "green", "allow": "@words.txt"},
        ),
    ),
]

PATH_VALUES = ["@garbage.yaml", "@sample.yaml", "@words.txt", "@rulebook.yaml", "@nowhere.yaml"]
json_scalars: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    safe_text,
    st.text(max_size=3).map(lambda s: s + "\ud800"),  # a lone surrogate: JSON can carry one
    st.sampled_from(WORDS_OF_THE_FORMATS + PATH_VALUES),
    st.sampled_from(WEIRD_STRINGS + PATH_VALUES),
)


def _json_containers(kids: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.lists(kids, max_size=4), st.dictionaries(safe_text, kids, max_size=4))


json_values: st.SearchStrategy[Any] = st.recursive(json_scalars, _json_containers, max_leaves=10)
JSON_REPLACEMENTS = st.one_of(
    json_values,
    st.sampled_from(WEIRD_STRINGS + PATH_VALUES),
    st.text(max_size=3).map(lambda s: s + "\ud800"),
)


@st.composite
def batch_line(draw: st.DrawFn, target: BatchTarget) -> Any:
    """One line: raw bytes (garbage), any JSON value, or a request with random or mutated fields."""
    how = draw(st.sampled_from(["bytes", "json", "fields", "mutated", "mutated"]))
    if how == "bytes":
        return draw(raw_bytes).replace(b"\n", b" ")
    if how == "json":
        return draw(json_values)
    if how == "fields":
        chosen = draw(st.lists(st.sampled_from(target.fields), unique=True, max_size=5))
        return {f: draw(JSON_REPLACEMENTS) for f in chosen}
    request = dict(draw(st.sampled_from(target.requests)))
    change = draw(st.sampled_from(["replace", "delete", "add", "string"]))
    name = draw(st.sampled_from(sorted(request)))
    if change == "replace":
        request[name] = draw(JSON_REPLACEMENTS)
    elif change == "delete":
        del request[name]
    elif change == "add":
        request[draw(st.one_of(st.sampled_from(target.fields), safe_text))] = draw(
            JSON_REPLACEMENTS
        )
    elif isinstance(request[name], str):
        request[name] = mutate_string(draw, request[name])
    return request


@dataclass(frozen=True)
class BatchCase:
    lines: tuple[Any, ...]  # bytes (sent as is) or JSON values (dumped after @name substitution)
    separator: bytes
    final_newline: bool
    garbage: bytes  # the content of @garbage.yaml
    ascii_json: bool = True  # \uXXXX escapes (a lone surrogate stays JSON) or raw UTF-8


def batch_cases(target: BatchTarget) -> st.SearchStrategy[BatchCase]:
    return st.builds(
        BatchCase,
        st.lists(batch_line(target), max_size=6).map(tuple),
        st.sampled_from([b"\n", b"\r\n"]),
        st.booleans(),
        st.one_of(raw_bytes, yaml_documents()),
        st.booleans(),
    )


def _substitute(value: Any, folder: Path) -> Any:
    if isinstance(value, str) and value.startswith("@") and value[1:] in {*SUPPORT, "garbage.yaml"}:
        return str(folder / value[1:])
    if isinstance(value, list):
        return [_substitute(v, folder) for v in value]
    if isinstance(value, dict):
        return {k: _substitute(v, folder) for k, v in value.items()}
    return value


def certainly_bad(raw: bytes) -> bool:
    """A batch line that can never be a request: not UTF-8, blank, not JSON, not an object."""
    try:
        text = raw.decode("utf-8").strip()
        return not text or not isinstance(json.loads(text), dict)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return True


def render(case: BatchCase, folder: Path) -> bytes:
    """The stdin of a batch: bytes as they are, JSON values dumped with ``@name`` paths."""
    out = []
    for line in case.lines:
        if isinstance(line, bytes):
            out.append(line)
        else:
            text = json.dumps(_substitute(line, folder), ensure_ascii=case.ascii_json)
            out.append(text.encode("utf-8", "surrogatepass"))
    return case.separator.join(out) + (case.separator if case.final_newline and out else b"")


def _blank(raw: bytes) -> bool:
    """A line ``--batch`` skips: nothing but white space (once it is UTF-8 text)."""
    try:
        return not raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return False


def batch_once(target: BatchTarget, case: BatchCase, root: Path) -> None:
    """Run a batch and check the batch contract: one result per line that is not
    blank, in order; a bad line gets
    ``{"line": N, "error": {"kind": KIND, "message": "line N: ..."}}``; exit 2 iff a
    line failed, else 0; nothing on stderr, no traceback, no file touched."""
    with example_folder(root) as folder:
        (folder / "garbage.yaml").write_bytes(case.garbage)
        for name in SUPPORT:
            shutil.copyfile(REPO / SUPPORT[name], folder / name)
        argv = [str(folder / t[1:]) if t.startswith("@") else t for t in target.argv]
        stdin = render(case, folder)
        before = snapshot(folder)
        outcome = invoke(argv, stdin)
        after = snapshot(folder)
    where = f"referee {' '.join(target.argv)}\nstdin: {_short(stdin, 1500)}\n"
    require(outcome.crash is None, f"{where}crashed:\n{outcome.crash}")
    require("Traceback" not in outcome.out + outcome.err, f"{where}traceback printed")
    require(outcome.err == "", f"{where}stderr: {outcome.err[:1500]!r} (exit {outcome.code})")
    require(before == after, f"{where}files changed")
    raw_lines = stdin.split(b"\n")
    if raw_lines[-1] == b"":
        raw_lines.pop()
    out_lines = outcome.out.split("\n")
    require(out_lines.pop() == "", f"{where}stdout does not end with a newline")
    numbered = [(n, raw) for n, raw in enumerate(raw_lines, start=1) if not _blank(raw)]
    require(
        len(out_lines) == len(numbered),
        f"{where}{len(numbered)} lines in, {len(out_lines)} results out: {outcome.out[:1500]!r}",
    )
    failed = False
    for (n, raw), out in zip(numbered, out_lines, strict=True):
        result = json.loads(out)
        require(isinstance(result, dict), f"{where}line {n}: result {out[:300]!r}")
        if "error" not in result:
            require(not certainly_bad(raw), f"{where}line {n} {raw[:300]!r} got {out[:300]!r}")
            continue
        failed = True
        require(result.get("line") == n, f"{where}line {n}: {result}")
        require(
            isinstance(result["error"], dict)
            and set(result["error"]) == {"kind", "message"}
            and isinstance(result["error"]["kind"], str),
            f"{where}{str(result)[:500]}",
        )
        error = result["error"]["message"]
        require(
            isinstance(error, str) and error.startswith(f"line {n}: "),
            f"{where}{str(result)[:500]}",
        )
        require(len(error.splitlines()) == 1, f"{where}line {n}: multi-line error {error!r}")
        short = error.replace(str(folder), "DIR")
        require(
            len(short) <= MAX_LINE,
            f"{where}line {n}: the error is {len(short):,} characters: {short[:300]!r}...",
        )
    require(outcome.code == (2 if failed else 0), f"{where}exit {outcome.code}, failed={failed}")


PATH_FIELDS = ("layout", "position", "catalog", "dictionary", "allow", "board")


@pytest.mark.slow
@pytest.mark.parametrize("target", BATCH, ids=[t.id for t in BATCH])
@given(data=st.data())
def test_fuzz_batch(target: BatchTarget, data: st.DataObject, root: Path) -> None:
    batch_once(target, data.draw(batch_cases(target), label="case"), root)


# ------------------------------------------------------------------ the nastiest inputs


def placements(fmt: Format, every_seed: bool = True) -> list[tuple[str, str, Any]]:
    """(label, a seed dumped with MARKER at one place, the value it replaced), for each
    top-level key and the first item of each top-level mapping or list, of every seed
    (each label once: the first seed that has it) or of the first."""
    found: dict[str, tuple[str, str, Any]] = {}
    for seed in fmt.seeds if every_seed else fmt.seeds[:1]:
        doc = load(seed_bytes(seed).decode("utf-8"))

        def put(label: str, path: tuple[Any, ...], doc: Any = doc) -> None:
            if label in found:
                return
            copied = copy.deepcopy(doc)
            parent = copied
            for step in path[:-1]:
                parent = parent[step]
            replaced = parent[path[-1]]
            parent[path[-1]] = MARKER
            found[label] = (label, dump_block(copied), replaced)

        for key, value in doc.items():
            put(str(key), (key,))
            if isinstance(value, dict) and value:
                first = next(iter(value))
                put(f"{key}.{first}", (key, first))
            elif isinstance(value, list) and value:
                put(f"{key}[0]", (key, 0))
    return list(found.values())


# Bad file names and values, at every placement of every format (a game file names
# its word list; any string may be taken for a file name somewhere).
WEIRD_AT = {
    "nul": "a\x00b",
    "empty": "",
    "300-chars": "x" * 300,
    "dash": "-",
    "not-a-folder": "/dev/null/x",
}

NastyCase = tuple[
    str, bytes, bool
]  # (label, data, lenient: exit 0/1 allowed whatever the oracle says)


def every_slot(fmt: Format) -> Iterator[tuple[str, str]]:
    """(label, a seed dumped with MARKER there) for every value of every seed, each shape
    once (list indices do not count: ``cards[0][1]`` stands for every card's symbols)."""
    seen: set[str] = set()

    def walk(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            yield (*path, key)
            if isinstance(child, (dict, list)):
                yield from walk(child, (*path, key))

    for seed in fmt.seeds:
        doc = load(seed_bytes(seed).decode("utf-8"))
        for path in walk(doc, ()):
            label = "".join(f"[{step}]" for step in path)
            shape = re.sub(r"\[\d+\]", "[*]", label)
            if shape in seen:
                continue
            seen.add(shape)
            copied = copy.deepcopy(doc)
            parent = copied
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = MARKER
            yield f"{os.path.basename(seed)}{label}", dump_block(copied)


def nasty_cases(fmt: Format, kind: str) -> list[NastyCase]:
    if kind == "deep-10000":
        texts = {
            "list-open": "[" * 10_000,
            "list-closed": "[" * 10_000 + "]" * 10_000,
            "map-open": "{a: " * 10_000,
            "map-closed": "{a: " * 10_000 + "1" + "}" * 10_000,
            "block-list": "- " * 10_000 + "x",
            "block-map-1400": "".join(" " * i + "a:\n" for i in range(1400)),  # 1 MB
        }
        return [(label, text.encode(), False) for label, text in texts.items()]
    if fmt.lines:
        seed = seed_bytes(fmt.seeds[0])
        word = b"w" * LONG
        return [
            ("one-long-word", word + b"\n", False),
            ("a-long-word-twice", word + b"\n" + word + b"\n", False),
            ("100000-lines", b"".join(b"w%06d\n" % i for i in range(100_000)), False),
            ("long-blank-then-word", b" " * LONG + b"word\n", False),
            ("seed-plus-long-line", seed + b"\n" + word + b"\n", False),
            ("long-comment", b"# " + b"c" * LONG + b"\nword\n", False),
        ]
    whole: dict[str, str]
    at: list[NastyCase] = []
    if kind == "deep-1000":
        whole = {
            "list": "[" * 1000 + "]" * 1000,
            "map": "{a: " * 999 + "1" + "}" * 999,
        }
        # at every value: a recursive walk, str() or a YAML dump of the value fails on
        # it (as it would blow up on an alias bomb)
        for label, text in itertools.islice(every_slot(fmt), MAX_SLOTS):
            at.append((f"at-{label}", deepest(text).encode(), True))
    elif kind == "weird-strings":
        whole = {}
        for label, text, _ in placements(fmt):
            for name, value in WEIRD_AT.items():
                at.append(
                    (
                        f"{name}-at-{label}",
                        text.replace(MARKER, json.dumps(value), 1).encode(),
                        True,
                    )
                )
    elif kind == "alias-bomb":
        whole = {"bomb": "a: " + alias_bomb(5), "bomb-top": alias_bomb(5)}
        for label, text, _ in placements(fmt):
            at.append((f"at-{label}", text.replace(MARKER, alias_bomb(5), 1).encode(), True))
    else:  # long-line
        long = "x" * LONG
        whole = {"scalar": long, "key": "k" * LONG + ": 1", "quoted": f'"{long}"'}
        seed = seed_bytes(fmt.seeds[0])
        at.append(("comment", seed + b"\n# " + b"c" * LONG + b"\n", True))
        for label, text, replaced in placements(fmt):
            at.append((f"string-at-{label}", text.replace(MARKER, long, 1).encode(), True))
            if isinstance(replaced, list):
                items = "[" + ", ".join(["y" * 100] * (LONG // 102)) + "]"
                at.append((f"flow-list-at-{label}", text.replace(MARKER, items, 1).encode(), True))
    return [(label, text.encode(), False) for label, text in whole.items()] + at


def nasty_kinds(fmt: Format) -> tuple[str, ...]:
    if fmt.lines:
        return ("deep-10000", "long-line")
    return ("deep-10000", "deep-1000", "alias-bomb", "long-line", "weird-strings")


NASTY = [(t, k) for t in FILE_TARGETS for k in nasty_kinds(t.fmt)]
SPECIAL_PATHS = ("directory", "dev-zero", "dev-null", "symlink-loop", "missing", "under-a-file")


@pytest.mark.parametrize(
    "target",
    [t for t in FILE_TARGETS if not t.stdin],
    ids=_ids([t for t in FILE_TARGETS if not t.stdin]),
)
def test_special_path(target: Target, root: Path) -> None:
    """The file is a folder, /dev/zero (endless), /dev/null (empty), a symlink to
    itself, missing, or under a file: exit 2, one line, nothing touched."""
    failures = []
    for how in SPECIAL_PATHS:
        with example_folder(root) as folder:
            ex = Example(target, folder, b"")
            ex.fuzzed.unlink()
            path = ex.fuzzed
            if how == "directory":
                path.mkdir()
            elif how == "dev-zero":
                path.symlink_to("/dev/zero")
            elif how == "dev-null":
                path.symlink_to("/dev/null")
            elif how == "symlink-loop":
                path.symlink_to(path.name)
            elif how == "under-a-file":
                path.write_bytes(seed_bytes(target.seed_files[0]))
                path = path / "x"
            argv = [str(path) if a == "@F" else ex.path(a) for a in target.argv]
            before = snapshot(folder)
            outcome = invoke(argv)
            after = snapshot(folder)
            try:
                check(ex, argv, outcome, before, after, EXIT_2)
            except AssertionError as exc:
                failures.append(f"[{how}] {exc}")
    require(not failures, f"{len(failures)} case(s) failed:\n\n" + "\n\n".join(failures))


@pytest.mark.slow
@pytest.mark.parametrize(("target", "kind"), NASTY, ids=[f"{t.id}/{k}" for t, k in NASTY])
def test_nasty_input(target: Target, kind: str, root: Path) -> None:
    """10,000 levels of nesting; the deepest nesting that parses at every value; an
    alias bomb (10**5 leaves) and bad strings at every key; lines of hundreds of KB:
    in-process (the 10**9-leaf bombs run in a capped subprocess, below)."""
    failures = []
    for label, data, lenient in nasty_cases(target.fmt, kind):
        try:
            fuzz_once(target, data, lenient, root)
        except AssertionError as exc:
            failures.append(f"[{label}] {exc}")
    require(not failures, f"{len(failures)} case(s) failed:\n\n" + "\n\n".join(failures))


SUBPROCESS_TARGETS = [
    t
    for t in FILE_TARGETS
    if t.id
    in {
        "check-word:--layout",
        "check-word:--position",
        "setup-catalog:--catalog",
        "setup-verify:FILE",
        "blindspot-game-show:GAME",
        "score-claim:--board",
        "wordblock-game-show:GAME",
        "score-frame:FILE",
        "outofsight-game-show:GAME",
        "spotit-verify:DECK",
    }
]


SELF_LIST = "&self [1, *self]"
SELF_MAP = "&self {a: *self}"


def subprocess_cases(fmt: Format) -> list[NastyCase]:
    """A 10**9-leaf alias bomb (a few hundred bytes) and a list that contains itself
    (a recursive alias: a walk that does not watch for it never ends), as the document
    and at every key of the first seed; 10,000 levels of nesting."""
    bomb = alias_bomb(9)
    cases = [
        ("bomb", f"a: {bomb}".encode(), False),
        ("bomb-top", bomb.encode(), False),
        ("self-list", SELF_LIST.encode(), False),
        ("self-map", f"a: {SELF_MAP}".encode(), False),
        ("list-10000", b"[" * 10_000, False),
        ("map-10000", b"{a: " * 10_000, False),
    ]
    for label, text, _ in placements(fmt, every_seed=False):
        cases.append((f"bomb-at-{label}", text.replace(MARKER, bomb, 1).encode(), True))
        cases.append((f"self-at-{label}", text.replace(MARKER, SELF_LIST, 1).encode(), True))
    return cases


@pytest.mark.process
@pytest.mark.parametrize("target", SUBPROCESS_TARGETS, ids=_ids(SUBPROCESS_TARGETS))
def test_nasty_input_subprocess(target: Target, root: Path) -> None:
    """Real ``python -m referee`` processes, capped at 1 GiB of address space and 60 s:
    no hang, no blow-up, one line. Run a few at a time (one per core)."""
    cases = subprocess_cases(target.fmt)
    failures = []
    width = os.cpu_count() or 2
    for first in range(0, len(cases), width):
        wave = []
        for label, data, lenient in cases[first : first + width]:
            ex = Example(target, Path(tempfile.mkdtemp(dir=root)), data)
            argv = ex.argv(target.argv)
            before = snapshot(ex.folder)
            wave.append((label, lenient, ex, argv, before, start_process(argv, ex.folder)))
        for label, lenient, ex, argv, before, proc in wave:
            outcome = finish_process(proc, ex.data if target.stdin else b"")
            after = snapshot(ex.folder)
            expected = ANY_EXIT if lenient or not must_fail(target.fmt, ex.data) else EXIT_2
            try:
                check(ex, argv, outcome, before, after, expected)
            except AssertionError as exc:
                failures.append(f"[{label}] {exc}")
            shutil.rmtree(ex.folder, ignore_errors=True)
    require(not failures, f"{len(failures)} case(s) failed:\n\n" + "\n\n".join(failures))


def batch_nasty(target: BatchTarget, kind: str) -> list[tuple[str, BatchCase]]:
    valid = target.requests[0]

    def case(*lines: Any) -> BatchCase:
        return BatchCase(tuple(lines), b"\n", True, b"")

    if kind == "deep":
        deep_json = b"[" * 100_000 + b"]" * 100_000
        cases = [
            ("list-100000", case(b"[" * 100_000)),
            ("closed-list-100000", case(deep_json)),
            ("field-100000", case(b'{"word": ' + deep_json + b"}")),
        ]
        request = json.dumps(valid).encode()
        for name in target.fields:
            line = request[:-1] + b', "%s": ' % name.encode() + b"[" * 900 + b"]" * 900 + b"}"
            cases.append((f"{name}-900-deep", case(line, valid)))
        return cases
    if kind == "weird-paths":
        cases = []
        for name in (f for f in target.fields if f in PATH_FIELDS):
            for label, value in {**WEIRD_AT, "surrogate": "\ud800", "folder": "."}.items():
                cases.append((f"{label}-as-{name}", case({**valid, name: value}, valid, valid)))
        return cases
    long = "a" * LONG
    cases = [
        ("line-over-1-MiB", case({**valid, "word": "a" * (1024 * 1024)}, valid)),
        ("2000-lines", case(*[valid] * 2000)),
    ]
    for name in target.fields:
        cases.append((f"long-{name}", case({**valid, name: long}, valid)))
    return cases


BATCH_NASTY = [(t, k) for t in BATCH for k in ("deep", "long-line", "weird-paths")]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("target", "kind"), BATCH_NASTY, ids=[f"{t.id}/{k}" for t, k in BATCH_NASTY]
)
def test_nasty_batch(target: BatchTarget, kind: str, root: Path) -> None:
    failures = []
    for label, case in batch_nasty(target, kind):
        try:
            batch_once(target, case, root)
        except AssertionError as exc:
            failures.append(f"[{label}] {exc}")
    require(not failures, f"{len(failures)} case(s) failed:\n\n" + "\n\n".join(failures))
