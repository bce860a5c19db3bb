"""The games folder: names, paths, versions and what kind of game a file is.

A game's name is ``[a-z0-9-]{1,40}``; its file is ``DIR/NAME.yaml``. Nothing
else is ever read or written: a name that does not match is refused before
any path is built, and an entry that is not a regular file (a symlink, a
folder, a device) is not a game.

A game's *version* is the number of actions its file records (the engine's
definition). The server reads it from the file itself, so it sees writes by
the CLI as well as its own; a file's signature (inode, size, mtime) says
when to read it again.
"""

from __future__ import annotations

import os
import re
import stat
import threading
from typing import Any

from referee.core.errors import InputError
from referee.core.values import frozen
from referee.serve import compat

NAME = re.compile(r"[a-z0-9-]{1,40}")
SUFFIX = ".yaml"

Signature = tuple[int, int, int]
"""(inode, size, mtime in ns): changes whenever a file is replaced or written."""


class BadName(InputError):
    """A game name outside ``[a-z0-9-]{1,40}``."""


@frozen
class FileInfo:
    """What the server reads from a game file: its kind, players and version."""

    game: str
    players: tuple[str, ...]
    version: int
    data: dict[str, Any]


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise BadName("game names are 1 to 40 of a-z, 0-9 and '-'")
    return name


class Folder:
    """The games folder ``DIR`` (kept as given, so that messages name files
    as the person who started the server wrote them)."""

    def __init__(self, path: str) -> None:
        self.dir = path
        self._cache: dict[str, tuple[Signature, FileInfo]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def path(self, name: str) -> str:
        return os.path.join(self.dir, check_name(name) + SUFFIX)

    def lock(self, name: str) -> threading.Lock:
        """The server's own lock of one game: its writes run one at a time (the
        engine's file lock covers writers in other processes)."""
        with self._guard:
            return self._locks.setdefault(check_name(name), threading.Lock())

    def names(self) -> list[str]:
        """The games in the folder, sorted."""
        try:
            entries = os.listdir(self.dir)
        except OSError:
            return []
        out = []
        for entry in entries:
            stem, suffix = entry[: -len(SUFFIX)], entry[-len(SUFFIX) :]
            if suffix == SUFFIX and NAME.fullmatch(stem) and self.signature(stem) is not None:
                out.append(stem)
        return sorted(out)

    def signature(self, name: str) -> Signature | None:
        """The file's signature, or ``None`` if it is not a regular file."""
        try:
            st = os.lstat(self.path(name))
        except (OSError, ValueError):
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def exists(self, name: str) -> bool:
        return os.path.lexists(self.path(name))

    def info(self, name: str) -> FileInfo | None:
        """Kind, players and version of a game file (``None``: no such game or
        not a game file). Read again only when the file changed."""
        sig = self.signature(name)
        if sig is None:
            return None
        cached = self._cache.get(name)
        if cached is not None and cached[0] == sig:
            return cached[1]
        info = read_info(self.path(name))
        if info is not None and self.signature(name) == sig:
            self._cache[name] = (sig, info)
        return info

    def version(self, name: str) -> int | None:
        info = self.info(name)
        return info.version if info is not None else None


HISTORY = re.compile(r"^(?P<key>history|actions):[ \t]*(?P<empty>\[\])?[ \t]*(?:#.*)?$", re.M)
ITEM = re.compile(r"[ \t]*- \{.*\}[ \t]*(?:#.*)?")
MAX_GAME_BYTES = 64 * 1024 * 1024


def read_info(path: str) -> FileInfo | None:
    """Read a game file (``None`` if it is not a readable game file of a known
    game). Game files keep one action per line (``- {...}``): the version is
    counted from those lines and only the part before the history is parsed,
    with the referee's strict reader; a file in any other shape is parsed
    whole. Either way the CLI judges the file again when it runs."""
    from referee.core.errors import RefereeError
    from referee.core.files import decode_text, parse_document, read_bytes

    try:
        text = decode_text(read_bytes(path, limit=MAX_GAME_BYTES, what="game"), path, "game")
        m = HISTORY.search(text)
        lines = []
        if m is not None:
            lines = [
                line
                for line in text[m.end() :].splitlines()
                if line.strip() and not line.lstrip().startswith("#")
            ]
        if (
            m is not None
            and all(ITEM.fullmatch(line) for line in lines)
            and (not m.group("empty") or not lines)
        ):
            data = _head(text[: m.start()], path)
            version = len(lines)
        else:
            data = parse_document(text, path, "game")
            version = _count(data)
    except (RefereeError, OSError, ValueError, RecursionError):
        return None
    game = compat.GAME_KINDS.get(str(data.get("game")))
    if game is None:
        return None
    players = data.get("players")
    names = tuple(str(p) for p in players) if isinstance(players, list) else ()
    return FileInfo(game, names, version, data)


_heads: dict[str, dict[str, Any]] = {}
_heads_guard = threading.Lock()


def _head(text: str, path: str) -> dict[str, Any]:
    """The part of a game file before its history, parsed (remembered: it is
    the same after every action, which only adds a line to the history)."""
    from referee.core.files import parse_document

    with _heads_guard:
        found = _heads.get(text)
    if found is None:
        found = parse_document(text, path, "game")
        with _heads_guard:
            if len(_heads) >= 256:
                _heads.clear()
            _heads[text] = found
    return dict(found)


def _count(data: dict[str, Any]) -> int:
    for key in compat.HISTORY_KEYS:
        if isinstance(data.get(key), list):
            return len(data[key])
    return 0
