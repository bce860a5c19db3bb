"""The file edge: size-limited reading through the strict reader, and writing
with one set of rules for every output.

Reading: a file is read whole, at most :data:`MAX_YAML_BYTES`, decoded as
UTF-8 and parsed by :mod:`referee.core.schema`; any error inside gets the
file's name here, once (:func:`reading`).

Writing (:func:`write_text`, the same for game files, setups, decks, SVGs):

* ``-`` is standard output; an empty name is refused.
* Through a symlink the target is replaced atomically and the link is kept.
* Anything that is not a regular file (directory, device, FIFO, socket) is
  never replaced.
* The file's mode is kept; as root its owner and group are kept too. A file
  the caller may not write to is not replaced.
* Creating without ``force`` is exclusive even under a race (the temp file is
  hard-linked into place, which fails if the name exists).
* The temp file lives beside the target as ``.referee-NAME.PID.RANDOM.tmp``
  and is removed on every exit path, SIGINT and SIGTERM included; one left by a
  ``kill -9`` is never read, and the next write to that file removes it.

POSIX only: the game engine's lock (:mod:`referee.engine`) is ``fcntl.flock``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from referee.core.errors import InputError, show
from referee.core.errors import OutputExists as _Exists

MAX_YAML_BYTES = 1024 * 1024
"""YAML inputs larger than this are refused before they are read."""

MAX_WORDLIST_BYTES = 64 * 1024 * 1024

TEMP_PREFIX = ".referee-"
TEMP_SUFFIX = ".tmp"


def display_name(path: str) -> str:
    """How a file is named in messages: as given, unless it is too odd to print."""
    if path == "-":
        return "<stdin>"
    if len(path) > 200 or not path.isprintable():
        return show(path)
    return path


@contextlib.contextmanager
def reading(path: str) -> Iterator[None]:
    """Errors raised inside name ``path`` (once: an error naming a file keeps it)."""
    try:
        yield
    except InputError as exc:
        raise exc.in_file(display_name(path)) from None


# ---------------------------------------------------------------------- reading


def read_bytes(path: str, *, limit: int = MAX_YAML_BYTES, what: str = "file") -> bytes:
    """Read a whole file (``-`` for stdin), refusing one over ``limit`` bytes
    before reading it."""
    name = display_name(path)
    if path == "-":
        try:
            data = sys.stdin.buffer.read(limit + 1)
        except (OSError, ValueError, AttributeError):
            raise InputError(f"{name}: cannot read standard input (closed?)") from None
        if len(data) > limit:
            raise InputError(
                f"{name}: {what} is over the {_size(limit)} limit; refusing to read it"
            )
        return data
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(f"{name}: no such {what} file") from None
    except IsADirectoryError:
        raise InputError(f"{name}: is a directory, not a file ({what} expected)") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read {what}: {exc.strerror}") from None
    except ValueError:  # e.g. a NUL byte in the name
        raise InputError(f"{name}: not a usable file name") from None
    try:
        return read_fd(fd, name, limit=limit, what=what)
    finally:
        os.close(fd)


def read_fd(fd: int, name: str, *, limit: int = MAX_YAML_BYTES, what: str = "file") -> bytes:
    """Read an open file descriptor whole, under the same rules as :func:`read_bytes`."""
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"{name}: is a directory, not a file ({what} expected)")
    if stat.S_ISREG(st.st_mode) and st.st_size > limit:
        raise InputError(
            f"{name}: {what} is {st.st_size:,} bytes, over the {_size(limit)} limit; "
            "refusing to read it"
        )
    if not stat.S_ISREG(st.st_mode):
        # A FIFO or device: read in blocking mode, still capped.
        os.set_blocking(fd, True)
    chunks: list[bytes] = []
    total = 0
    try:
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise InputError(f"{name}: cannot read {what}: {exc.strerror}") from None
    if total > limit:
        raise InputError(f"{name}: {what} is over the {_size(limit)} limit; refusing to read it")
    return b"".join(chunks)


def decode_text(data: bytes, name: str, what: str = "file") -> str:
    """UTF-8 text; binary garbage is an :class:`InputError`."""
    if b"\x00" in data:
        raise InputError(f"{name}: {what} is binary, not text")
    # A byte-order mark is dropped (as "utf-8-sig" would, without importing that codec).
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: {what} is not UTF-8 text (byte {exc.start + bom})") from None


def read_text(path: str, *, limit: int = MAX_YAML_BYTES, what: str = "file") -> str:
    """Read a UTF-8 text file; binary garbage is an :class:`InputError`."""
    return decode_text(read_bytes(path, limit=limit, what=what), display_name(path), what)


def parse_document(text: str, name: str, what: str = "file") -> dict[str, Any]:
    """Parse the text of a YAML document whose top is a mapping, strictly."""
    from referee.core.schema import parse_yaml

    if not text.strip():
        raise InputError(f"{name}: {what} is empty")
    try:
        data = parse_yaml(text)
    except InputError as exc:
        raise exc.in_file(name) from None
    if not isinstance(data, dict):
        kind = "nothing" if data is None else f"a {type(data).__name__.replace('Yaml', '').lower()}"
        raise InputError(f"{name}: expected a YAML mapping (key: value) at the top, found {kind}")
    bad = [k for k in data if not isinstance(k, str)]
    if bad:
        line = getattr(data, "lines", {}).get(bad[0])
        raise InputError(f"top-level key {show(bad[0])} is not a name", line=line, source=name)
    return data


def load_mapping(path: str, what: str = "file") -> dict[str, Any]:
    """Read ``path`` (or stdin for ``-``) as a strict YAML mapping."""
    return parse_document(read_text(path, what=what), display_name(path), what)


def dump_yaml(data: Any) -> str:
    """Serialise plain data as block-style YAML, keys in the given order."""
    import yaml

    from referee.core.schema import YamlList, YamlMap

    dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    if YamlMap not in dumper.yaml_representers:
        dumper.add_representer(YamlMap, dumper.represent_dict)
        dumper.add_representer(YamlList, dumper.represent_list)
    text: str = yaml.dump(
        data, Dumper=dumper, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100
    )
    return text


def package_data(name: str) -> str:
    """The text of a file shipped in ``referee/data`` (no importlib.resources: start-up)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(package, "data", name)
    with open(path, encoding="utf-8") as fh:
        return fh.read()


# ---------------------------------------------------------------------- writing


def destination(path: str, *, force: bool, what: str = "file") -> str:
    """Check that ``path`` may be written and return the file that will really
    be replaced (a symlink's final target). Raises before anything is written:
    commands that write several files call this for each first."""
    if path == "":
        raise InputError(f"an empty file name cannot hold the {what} (use - for standard output)")
    if path == "-":
        return path
    name = display_name(path)
    try:
        real = os.path.realpath(path)
        st = os.stat(real)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.realpath(path)) or "."
        if not os.path.isdir(folder):
            raise InputError(f"{name}: cannot write the {what}: no such folder") from None
        return os.path.realpath(path)
    except ValueError:
        raise InputError(f"{name}: not a usable file name") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot write the {what}: {exc.strerror}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"{name}: is a directory; cannot write the {what} there")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(
            f"{name}: is not a regular file (a device, FIFO or socket); "
            f"the referee never replaces one"
        )
    if not force:
        raise _Exists(f"{name}: already exists; use --force to overwrite it")
    if not os.access(real, os.W_OK) or not st.st_mode & 0o222:
        raise InputError(f"{name}: is read-only; not replacing it")
    return real


def check_destinations(paths: Sequence[tuple[str, str]], *, force: bool) -> None:
    """Check every ``(path, what)`` a command will write before it writes any,
    and that no two of them are the same file."""
    seen: dict[str, str] = {}
    for path, what in paths:
        real = destination(path, force=force, what=what)
        if real != "-" and real in seen:
            raise InputError(
                f"{display_name(path)}: is the same file as the {seen[real]}; "
                f"cannot write the {what} there"
            )
        seen[real] = what


def same_file(a: str, b: str) -> bool:
    """Whether two names are one file (through links), existing or not."""
    if a == "-" or b == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def write_text(path: str, text: str, *, force: bool = False, what: str = "file") -> None:
    """Write ``text`` to ``path`` (``-``: standard output) by the rules above."""
    write_bytes(path, text.encode("utf-8"), force=force, what=what)


def write_bytes(path: str, data: bytes, *, force: bool = False, what: str = "file") -> None:
    """Write ``data`` to ``path`` (``-``: standard output) by the rules above."""
    real = destination(path, force=force, what=what)
    if real == "-":
        write_stdout(data)
        return
    _atomic(real, data, create=not os.path.exists(real), name=path, what=what)


def write_stdout(data: bytes) -> None:
    """Bytes on standard output; a closed or full stdout is an :class:`InputError`."""
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError, AttributeError) as exc:
        reason = getattr(exc, "strerror", None) or "closed"
        raise InputError(f"cannot write to standard output: {reason}") from None


def _atomic(real: str, data: bytes, *, create: bool, name: str, what: str) -> None:
    import secrets

    folder = os.path.dirname(real)
    base = os.path.basename(real)
    clean_leftovers(real)
    tmp = os.path.join(
        folder, f"{TEMP_PREFIX}{base[:100]}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
    )
    shown = display_name(name)
    with _signals_raise():
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError as exc:
            raise InputError(f"{shown}: cannot write the {what}: {exc.strerror}") from None
        try:
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
                _copy_metadata(fd, real, create)
            finally:
                os.close(fd)
            if create:
                try:
                    link(tmp, real)
                except FileExistsError:
                    raise _Exists(
                        f"{shown}: already exists (written just now by someone else); "
                        "use --force to overwrite it"
                    ) from None
                with contextlib.suppress(FileNotFoundError):  # moved there (no hard links)
                    os.unlink(tmp)
            else:
                replace(tmp, real)
            _sync_folder(folder)
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            if isinstance(exc, OSError):
                raise InputError(f"{shown}: cannot write the {what}: {exc.strerror}") from None
            raise


def append(real: str, data: bytes, *, expect: int, name: str, what: str) -> None:
    """Add ``data`` at the end of the file (which must be ``expect`` bytes long)
    and ``fsync`` it: the bytes written do not grow with the file. A write
    that fails (a full disk, a signal) is cut off again, so the file is as it
    was; one cut short by ``kill -9`` leaves a last line without its newline,
    which readers of game files know to pass over (:mod:`referee.engine`)."""
    shown = display_name(name)
    with _signals_raise():
        try:
            fd = os.open(real, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise InputError(f"{shown}: cannot write the {what}: {exc.strerror}") from None
        try:
            if os.fstat(fd).st_size != expect:
                raise InputError(f"{shown}: the {what} changed while it was being written")
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            except BaseException as exc:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, expect)
                    os.fsync(fd)
                if isinstance(exc, OSError):
                    raise InputError(f"{shown}: cannot write the {what}: {exc.strerror}") from None
                raise
        finally:
            os.close(fd)


def _copy_metadata(fd: int, real: str, create: bool) -> None:
    """New files get the usual mode (0666 less the umask); a replaced file
    keeps its mode, and as root its owner and group."""
    if create:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    st = os.stat(real)
    os.fchmod(fd, stat.S_IMODE(st.st_mode))
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # (the browser's os has no users)
        os.fchown(fd, st.st_uid, st.st_gid)


def link(src: str, dst: str) -> None:
    """Put ``src`` at ``dst`` only if ``dst`` does not exist (exclusive create).
    Where hard links are not supported (some file systems; the browser's,
    where ``os`` has no ``link``), an ``O_EXCL`` placeholder claims the name
    first and ``src`` is moved onto it."""
    try:
        if not hasattr(os, "link"):
            raise OSError(errno.EOPNOTSUPP, "no hard links here")
        os.link(src, dst)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        os.replace(src, dst)


def replace(src: str, dst: str) -> None:
    """The rename step of a forced write (a seam for crash tests)."""
    os.replace(src, dst)


def _sync_folder(folder: str) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def clean_leftovers(real: str) -> None:
    """Remove temp files a killed writer left beside ``real`` (their process is gone)."""
    folder = os.path.dirname(real)
    head = f"{TEMP_PREFIX}{os.path.basename(real)[:100]}."
    try:
        names = [n for n in os.listdir(folder) if n.startswith(head) and n.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for n in names:
        pid_text = n[len(head) :].split(".", 1)[0]
        if pid_text.isdigit() and not _alive(int(pid_text)):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, n))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """While a file is written, SIGTERM (like SIGINT) raises, so the temp file
    is removed on the way out."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        old = signal.signal(signal.SIGTERM, terminate)
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):g} MiB"
    if n >= 1024:
        return f"{n / 1024:g} KiB"
    return f"{n} bytes"
