"""File edges: size-limited reading, safe YAML, atomic writes.

Every reader names the file in its errors; every writer refuses to overwrite
without ``force`` and replaces the target atomically (temp file + rename), so a
crash never leaves a half-written file behind.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

from referee.errors import InputError, show

MAX_YAML_BYTES = 1024 * 1024
"""YAML inputs larger than this are refused before they are read."""

MAX_WORDLIST_BYTES = 64 * 1024 * 1024


def display_name(path: str) -> str:
    """How a file is named in messages: as given, unless it is too odd to print."""
    if path == "-":
        return "<stdin>"
    if len(path) > 200 or not path.isprintable():
        return show(path)
    return path


def read_bytes(path: str, *, limit: int = MAX_YAML_BYTES, what: str = "file") -> bytes:
    """Read a whole file (``-`` for stdin), refusing one over ``limit`` bytes
    before reading it."""
    name = display_name(path)
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise InputError(
                f"{name}: {what} is over the {_size(limit)} limit; refusing to read it"
            )
        return data
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{name}: no such {what} file") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read {what}: {exc.strerror}") from None
    except ValueError:  # e.g. a NUL byte in the name
        raise InputError(f"{name}: not a usable file name") from None
    import stat

    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"{name}: is a directory, not a file ({what} expected)")
    if st.st_size > limit:
        raise InputError(
            f"{name}: {what} is {st.st_size:,} bytes, over the {_size(limit)} limit; "
            "refusing to read it"
        )
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(f"{name}: cannot read {what}: {exc.strerror}") from None
    if len(data) > limit:
        raise InputError(f"{name}: {what} is over the {_size(limit)} limit; refusing to read it")
    return data


def read_text(path: str, *, limit: int = MAX_YAML_BYTES, what: str = "file") -> str:
    """Read a UTF-8 text file; binary garbage is an :class:`InputError`."""
    data = read_bytes(path, limit=limit, what=what)
    name = display_name(path)
    if b"\x00" in data:
        raise InputError(f"{name}: {what} is binary, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: {what} is not UTF-8 text (byte {exc.start})") from None


def parse_yaml(text: str, name: str, what: str = "file") -> Any:
    """Parse YAML text with the safe loader (libyaml's when present)."""
    import yaml

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(text, Loader=loader)  # CSafeLoader/SafeLoader only
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        place = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"{name}: {place}not valid YAML ({problem})") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: not valid YAML ({exc})") from None
    except RecursionError:
        raise InputError(f"{name}: YAML nested too deeply") from None
    check_shape(data, name)
    return data


MAX_DEPTH = 50
"""Deeper YAML is refused: no data file of the toolkit nests beyond a handful."""

MAX_VALUES = 2_000_000
"""YAML whose aliases expand to more values than this is refused (a few
hundred bytes of aliases can stand for billions of values)."""


def check_shape(data: Any, name: str) -> None:
    """Refuse structures nested too deeply, with cycles, or whose aliases expand
    enormously, before any code walks them (no recursion here: an explicit
    stack, and each shared object measured once)."""
    depth: dict[int, int] = {}
    size: dict[int, int] = {}
    pending: set[int] = set()
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        node, done = stack.pop()
        if not isinstance(node, (list, dict)):
            continue
        key = id(node)
        children = list(node.values()) if isinstance(node, dict) else node
        if done:
            pending.discard(key)
            inner = [c for c in children if isinstance(c, (list, dict))]
            depth[key] = 1 + max((depth[id(c)] for c in inner), default=0)
            size[key] = len(children) + sum(size[id(c)] for c in inner)
            if depth[key] > MAX_DEPTH:
                raise InputError(f"{name}: YAML nested too deeply (over {MAX_DEPTH} levels)")
            if size[key] > MAX_VALUES:
                raise InputError(
                    f"{name}: YAML expands to over {MAX_VALUES:,} values (aliases?); "
                    "refusing to read it"
                )
            continue
        if key in depth:
            continue
        if key in pending:
            raise InputError(f"{name}: YAML refers to itself (a recursive alias)")
        pending.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in children if isinstance(c, (list, dict)))


def load_mapping(path: str, what: str = "file") -> dict[str, Any]:
    """Read ``path`` (or stdin for ``-``) as a YAML mapping."""
    name = display_name(path)
    text = read_text(path, what=what)
    if not text.strip():
        raise InputError(f"{name}: {what} is empty")
    data = parse_yaml(text, name, what)
    if not isinstance(data, dict):
        kind = "nothing" if data is None else f"a {type(data).__name__}"
        raise InputError(f"{name}: expected a YAML mapping (key: value) at the top, found {kind}")
    bad = [k for k in data if not isinstance(k, str)]
    if bad:
        raise InputError(f"{name}: top-level key {show(bad[0])} is not a name")
    return data


def dump_yaml(data: Any) -> str:
    """Serialise plain data as block-style YAML, keys in the given order."""
    import yaml

    dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text: str = yaml.dump(
        data, Dumper=dumper, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100
    )
    return text


def atomic_write(path: str, text: str, *, force: bool = False, what: str = "file") -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder and a rename.

    Refuses to replace an existing file unless ``force``.
    """
    if os.path.isdir(path):
        raise InputError(f"{path}: is a directory; cannot write the {what} there")
    if not force and os.path.lexists(path):
        raise InputError(f"{path}: already exists; use --force to overwrite it")
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".referee-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the {what}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private (0600): give it the mode a plain
        # open() would, or keep the mode of the file it replaces.
        os.chmod(tmp, _mode_for(path))
        replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise InputError(f"{path}: cannot write the {what}: {exc.strerror}") from None
        raise


def _mode_for(path: str) -> int:
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def replace(src: str, dst: str) -> None:
    """The rename step of :func:`atomic_write` (a seam for crash tests)."""
    os.replace(src, dst)


def package_data(name: str) -> str:
    """The text of a file shipped in ``referee/data`` (no importlib.resources: start-up)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", name)
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):g} MiB"
    if n >= 1024:
        return f"{n / 1024:g} KiB"
    return f"{n} bytes"
