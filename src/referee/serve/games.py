"""The games folder: names, paths, and what each game file holds.

A game's name is ``[a-z0-9-]{1,40}``; its file is ``DIR/NAME.yaml``. Nothing
else is ever read or written: a name that does not match is refused before
any path is built, and an entry that is not a regular file (a symlink, a
folder, a device) is not a game.

What a game is (its kind, players, version, whose turn, whether it is over,
and ``show --json`` itself) is the game service's own answer
(:mod:`referee.service`), never read by the server's own means: after the
server's step, ``module.game_doc(report.game)`` of the step's report; for a
file written by anyone else (the CLI, an edit by hand), the file's bytes
replayed by the engine for the game its ``game:`` names. Either is kept per
game, keyed on a hash of the file's exact bytes, so ``show`` is rendered once
per version and a file changed in any way (even to the same size, time and
inode) is read again.

A file that is not a game the referee can read (not YAML, no game of a known
kind, a history its engine refuses) is **corrupt**: it is listed, with the
reader's message as ``corrupt``, and shown as that error (400), never left
out as if it were not there. What is kept is bounded: the answers of the
:data:`KEPT` games asked for last, and a lock only while a write holds it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import threading
import traceback
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from referee.core.errors import InputError, Internal, NotFound, RefereeError
from referee.core.errors import show as show_value
from referee.core.values import frozen
from referee.serve.locks import ThreadLocks

NAME = re.compile(r"[a-z0-9-]{1,40}")
SUFFIX = ".yaml"

KEPT = 256
"""Games whose answers are kept (the ones asked for last); others are read again."""

GONE = (errno.ENOENT, errno.ENOTDIR, errno.ELOOP, errno.ENXIO)
"""``open`` errors that mean "no such regular file" (``ELOOP``: a symlink)."""

Signature = tuple[int, int, int]
"""(inode, size, mtime in ns): what the event poller compares between two
``stat`` calls (a cheap "has it changed"; the content is judged by its hash)."""


class BadName(InputError):
    """A game name outside ``[a-z0-9-]{1,40}``."""


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise BadName("game names are 1 to 40 of a-z, 0-9 and '-'")
    return name


@frozen
class Shown:
    """A game file as its service shows it: ``show --json`` (the document and
    its text as the CLI prints it), for the file's exact bytes (``digest``)."""

    digest: bytes
    game: str
    version: int
    doc: dict[str, Any]
    text: str
    current: Any = None
    """The game replayed (the engine's ``Replayed``)."""

    def summary(self, name: str) -> dict[str, Any]:
        """The row of ``GET /api/games``."""
        players = self.doc.get("players")
        turn = self.doc.get("turn")
        return {
            "name": name,
            "game": self.game,
            "players": [str(p) for p in players] if isinstance(players, list) else [],
            "version": self.version,
            "over": self.doc.get("over") is True,
            "turn": turn if isinstance(turn, str) else None,
        }


def shown(digest: bytes, game: str, current: Any, doc: dict[str, Any]) -> Shown:
    text = json.dumps(doc, ensure_ascii=False) + "\n"
    return Shown(digest, game, current.version, doc, text, current)


def digest_of(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=20).digest()


@frozen
class Broken:
    """A corrupt game file (kept, so it is not replayed again until its bytes
    change): ``error`` is what reading it said; ``game`` the game its
    ``game:`` names, if it names one."""

    digest: bytes
    error: RefereeError
    game: str | None = None

    def summary(self, name: str) -> dict[str, Any]:
        """The row of ``GET /api/games``: the reason under ``corrupt``."""
        return {
            "name": name,
            "game": self.game,
            "players": [],
            "version": None,
            "over": False,
            "turn": None,
            "corrupt": self.error.message,
        }


class Kept(OrderedDict[str, Any]):
    """A dict of at most :data:`KEPT` entries: the last one set or looked at
    stays, the oldest goes."""

    def get(self, key: str, default: Any = None) -> Any:
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > KEPT:
            self.popitem(last=False)


class Folder:
    """The games folder ``DIR`` (kept as given, so that messages name files
    as the person who started the server wrote them)."""

    def __init__(self, path: str) -> None:
        self.dir = path
        self._shown: Kept = Kept()  # name -> Shown | Broken
        self._stepped: Kept = Kept()  # name -> (game, Replayed)
        self._kinds: Kept = Kept()  # name -> (Signature, game)
        self._locks = ThreadLocks()
        self._guard = threading.Lock()

    def path(self, name: str) -> str:
        return os.path.join(self.dir, check_name(name) + SUFFIX)

    def lock(self, name: str) -> contextlib.AbstractContextManager[None]:
        """The server's own lock of one game: its writes run one at a time (the
        engine's file lock covers writers in other processes). It exists
        while a write holds or waits for it."""
        return self._locks.hold(check_name(name))

    def kept(self) -> Iterator[int]:
        """How many entries each cache holds (for tests: all bounded)."""
        yield from (len(self._shown), len(self._stepped), len(self._kinds), len(self._locks))

    def names(self) -> list[str]:
        """The games in the folder (regular files named NAME.yaml), sorted."""
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

    # ------------------------------------------------- the services' answers

    def read(self, name: str) -> bytes | None:
        """The file's bytes (``None``: no such regular file). A symlink is
        never followed. A file that cannot be read (permissions) is an
        :class:`InputError` saying so; out of file descriptors, the
        ``OSError`` itself (the API answers 503)."""
        from referee.engine import MAX_GAME_BYTES

        try:
            fd = os.open(self.path(name), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except ValueError:
            return None
        except OSError as exc:
            if exc.errno in GONE:
                return None
            if exc.errno in (errno.EMFILE, errno.ENFILE):
                raise
            raise InputError(
                f"cannot read the game: {exc.strerror}", source=name + SUFFIX
            ) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            chunks = []
            size = 0
            while size <= MAX_GAME_BYTES:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            return b"".join(chunks)
        except OSError:
            return None
        finally:
            os.close(fd)

    def show(self, name: str) -> Shown:
        """``show --json`` of the game as its file now is. No such game, or a
        file that is no game of a known kind: :class:`NotFound`; a game file
        its service cannot read: that :class:`RefereeError`."""
        data = self.read(name)
        if data is None:
            raise NotFound(f"no game named {name!r}")
        digest = digest_of(data)
        with self._guard:
            known: Shown | Broken | None = self._shown.get(name)
        if known is None or known.digest != digest:
            known = self._stepped_to(name, data, digest) or self._replay(name, data, digest)
            with self._guard:
                self._shown[name] = known
        if isinstance(known, Broken):
            raise known.error
        return known

    def answer(self, name: str) -> Shown | Broken:
        """The game as :meth:`show` has it, or the corrupt file's reading."""
        try:
            return self.show(name)
        except NotFound:
            raise
        except RefereeError:
            with self._guard:
                known = self._shown.get(name)
            if isinstance(known, Broken):
                return known
            raise

    def _replay(self, name: str, data: bytes, digest: bytes) -> Shown | Broken:
        """The game these bytes hold, replayed by the engine for the game their
        ``game:`` names, shown by that game's service."""
        from referee import engine
        from referee import service as sv
        from referee.core.files import decode_text, display_name, parse_document, reading

        path = self.path(name)
        shown_as = display_name(path)
        try:
            mapping = parse_document(decode_text(data, shown_as, "game"), shown_as, "game")
        except RefereeError as exc:
            return Broken(digest, exc)
        except (RecursionError, ValueError) as exc:
            what = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            return Broken(digest, InputError(f"not a readable game file: {what}", source=shown_as))
        game = sv.kind_of(mapping)
        if game is None:
            found = mapping.get("game")
            return Broken(
                digest,
                InputError(
                    f"not a game of a known kind (game: {show_value(found)}; "
                    f"games: {', '.join(sv.GAMES)})",
                    place="game",
                    source=shown_as,
                ),
            )
        try:
            module = sv.service(game)
            with reading(path):
                current = engine.replay(module.GAME, engine.parse(module.GAME, mapping))
            doc = module.game_doc(current)
        except RefereeError as exc:
            return Broken(digest, exc, game)
        except Exception:  # a bug, on one file: logged; the file is listed as not read
            traceback.print_exc()
            return Broken(digest, Internal(f"{shown_as}: the referee failed to read it"), game)
        return shown(digest, game, current, doc)

    def open_file(self, name: str, data: bytes) -> Shown:
        """A game file brought from elsewhere (a phone's files, a download)
        becomes the game ``name``: the bytes are replayed by the engine first
        (a file that is no game the referee can read is that error, and
        nothing is written), then written as they are, atomically. The caller
        holds the game's lock and has checked that no game of that name exists."""
        from referee.core.files import write_bytes

        digest = digest_of(data)
        known = self._replay(name, data, digest)
        if isinstance(known, Broken):
            raise known.error
        os.makedirs(self.dir, exist_ok=True)
        write_bytes(self.path(name), data, what="game")
        with self._guard:
            self._shown[name] = known
        return known

    def remember(self, name: str, game: str, report: Any) -> None:
        """After the server's own step: the game as the step's report has it
        (``report.game``). Nothing is read now: when the game is next asked
        for, the file's bytes are kept with ``module.game_doc(report.game)``
        if they are the bytes that step left (the engine's memo of the file
        still holds the step's game: no other writer came in between), and
        replayed otherwise."""
        if report.game is None:
            return
        sig = self.signature(name)
        with self._guard:
            if sig is not None:
                self._kinds[name] = (sig, game)
            known = self._shown.get(name)
            if isinstance(known, Shown) and known.current is report.game:
                return  # a step that wrote nothing: the game as it was
            self._stepped[name] = (game, report.game)

    def _stepped_to(self, name: str, data: bytes, digest: bytes) -> Shown | None:
        """The game the server's last step left, if ``data`` is what it wrote."""
        from referee import engine
        from referee import service as sv

        with self._guard:
            stepped = self._stepped.pop(name, None)
        if stepped is None:
            return None
        game, current = stepped
        module = sv.service(game)
        try:
            loaded = engine.load(module.GAME, self.path(name))
        except RefereeError:
            return None
        if loaded is not current:  # someone else wrote since: replay what is there
            return None
        return shown(digest, game, current, module.game_doc(current))

    def kind(self, name: str) -> str:
        """The game a file holds (``blindspot``...), even when its service
        cannot read the rest of it; :class:`NotFound` if it is no game. Read
        again only when the file's signature changed (a step on a file that
        now holds another game is refused by that game's engine anyway)."""
        sig = self.signature(name)
        with self._guard:
            kept: tuple[Signature, str] | None = self._kinds.get(name)
        if sig is not None and kept is not None and kept[0] == sig:
            return kept[1]
        try:
            game = self.show(name).game
        except NotFound:
            raise
        except RefereeError:
            with self._guard:
                known = self._shown.get(name)
            if not isinstance(known, Broken) or known.game is None:
                raise
            game = known.game
        if sig is not None:
            with self._guard:
                self._kinds[name] = (sig, game)
        return game

    def version(self, name: str) -> int | None:
        """The game's version (``None``: no game, or not a readable one)."""
        try:
            return self.show(name).version
        except (RefereeError, OSError):
            return None

    def summaries(self) -> list[dict[str, Any]]:
        """``GET /api/games``: every game file of the folder; a corrupt one
        with the reason under ``corrupt``."""
        rows = []
        names = self.names()
        for name in names:
            try:
                rows.append(self.answer(name).summary(name))
            except NotFound:  # gone since the listing
                continue
            except RefereeError as exc:
                rows.append(Broken(b"", exc).summary(name))
        with self._guard:  # forget the files that are gone
            for gone in set(self._shown) - set(names):
                self._shown.pop(gone, None)
                self._kinds.pop(gone, None)
        return rows
