"""A command line from a JSON body, by introspection of the real Click tree.

The API has no list of its own of what each step takes: it reads the
command's ``click.Argument``s and ``click.Option``s. A JSON field is named as
the parameter is on the command line, dashes as underscores (``--challenged-by``
is ``challenged_by``, an argument ``WORD`` is ``word``). Values:

* a flag: ``true`` or ``false``;
* an option given more than once (``multiple``): a JSON list, one per use;
* any other value: a string or a number; a JSON list of them is joined with
  commas (``"players": ["red", "blue"]`` is ``--players red,blue``);
* a file (an input the CLI reads from a path): never a path from the web. A
  JSON object is written as a JSON document, a list of strings one per line,
  to a private temporary file whose path is passed; ``layout`` also takes a
  setup code (``BS1-...``), rebuilt by ``referee setup generate --code``.

Options the web must not set (outputs, overwriting, batch mode, ``--json``)
are not fields. Options are passed as ``--name=value`` and arguments after
``--``, so no value is ever read as an option.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import click

from referee.core.errors import InputError, show
from referee.core.values import frozen

FILE_METAVARS = ("FILE", "DECK", "GAME", "OUT")
"""A parameter whose metavar (or name) contains one of these is a path."""

OUTPUT_OPTIONS = ("--output", "--next", "--svg")  # --svg: the old name of setup show -o
"""Options that name a file to write: never from the web."""

NEVER = ("--json", "--expect-version", "--batch", "--help")
"""Options the server sets itself, or that make no sense over HTTP."""

DICTIONARY_TAG = re.compile(r"(?:[a-z]+:)?[A-Za-z]{2,3}(?:[_-][A-Za-z]{2,3})?")
"""``--dictionary`` from the web: an enchant tag only (never a file)."""

SETUP_CODE = re.compile(r"BS1-[0-9A-Za-z-]{1,60}")


class BadRequest(InputError):
    """A request the server refuses before running anything (400)."""


@frozen
class Field:
    """One parameter of a command as a JSON field."""

    name: str
    param: click.Parameter
    positional: bool
    flag: bool
    multiple: bool
    is_file: bool

    @property
    def option(self) -> str:
        """The long option (``--challenged-by``), for options."""
        longs = [o for o in self.param.opts if o.startswith("--")]
        return max(longs, key=len) if longs else self.param.opts[0]


def resolve(path: Sequence[str]) -> click.Command | None:
    """The command at ``path`` in the referee's tree (``["blindspot", "game",
    "play"]``), or ``None``."""
    from referee.cli import cli

    cmd: click.Command = cli
    ctx = click.Context(cli, info_name="referee")
    for name in path:
        if not isinstance(cmd, click.Group):
            return None
        sub = cmd.get_command(ctx, name)
        if sub is None:
            return None
        ctx = click.Context(sub, parent=ctx, info_name=name)
        cmd = sub
    return cmd


def subcommands(path: Sequence[str]) -> list[str]:
    """The names of the commands under the group at ``path``."""
    group = resolve(path)
    if not isinstance(group, click.Group):
        return []
    return group.list_commands(click.Context(group))


def _is_file(param: click.Parameter) -> bool:
    if isinstance(param.type, (click.Path, click.File)):
        return True
    if isinstance(param.type, (click.Choice, click.types._NumberParamTypeBase)):
        return False  # a choice or a number is a value, whatever its metavar says
    metavar = (param.metavar or param.name or "").upper()
    return any(word in metavar for word in FILE_METAVARS)


def fields(cmd: click.Command) -> dict[str, Field]:
    """The command's parameters the web may set, by JSON field name."""
    out: dict[str, Field] = {}
    opts = {o for p in cmd.params for o in p.opts}
    writes = any(o in opts for o in OUTPUT_OPTIONS)
    for p in cmd.params:
        if isinstance(p, click.Argument):
            name = (p.name or "").replace("-", "_")
            out[name] = Field(name, p, True, False, p.nargs != 1, _is_file(p))
            continue
        if not isinstance(p, click.Option) or p.hidden:
            continue
        if any(o in NEVER or o in OUTPUT_OPTIONS for o in p.opts):
            continue
        if "--force" in p.opts and writes:
            continue  # overwriting an output: never from the web
        longs = [o for o in p.opts if o.startswith("--")]
        if not longs:
            continue
        name = max(longs, key=len)[2:].replace("-", "_")
        out[name] = Field(name, p, False, bool(p.is_flag), bool(p.multiple), _is_file(p))
    return out


class Scratch:
    """A private temporary folder for the files a request gives as JSON."""

    def __init__(self) -> None:
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self._n = 0
        self.names: dict[str, str] = {}

    def path(self, stem: str) -> str:
        if self._dir is None:
            self._dir = tempfile.TemporaryDirectory(prefix="referee-serve-")
        self._n += 1
        path = os.path.join(self._dir.name, f"{stem}-{self._n}.yaml")
        self.names[path] = stem
        return path

    def tidy(self, text: str) -> str:
        """Messages name the request's field, not the temporary file."""
        for path, stem in self.names.items():
            text = text.replace(path, stem)
        return text

    def write(self, stem: str, text: str) -> str:
        path = self.path(stem)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def close(self) -> None:
        if self._dir is not None:
            self._dir.cleanup()
            self._dir = None

    def __enter__(self) -> Scratch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


CodeConverter = Callable[[str, str, Scratch], str]
"""Turns a code given for a file field into a file: (field, code, scratch) -> path."""


def _text(name: str, value: Any) -> str:
    """A scalar field value as command-line text."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise BadRequest(f"{name}: expected a string or a number, got {show(value)}")
    text = value if isinstance(value, str) else json.dumps(value)
    if "\x00" in text:
        raise BadRequest(f"{name}: contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"{name}: not valid UTF-8 text") from None
    return text


def _joined(name: str, value: Any) -> str:
    if isinstance(value, list):
        parts = [_text(f"{name}[{i}]", v) for i, v in enumerate(value)]
        for i, part in enumerate(parts):
            if "," in part:
                raise BadRequest(f"{name}[{i}]: a list item cannot contain a comma")
        return ",".join(parts)
    return _text(name, value)


def _file(f: Field, value: Any, scratch: Scratch, codes: Mapping[str, CodeConverter]) -> str:
    if isinstance(value, dict):
        return scratch.write(f.name, json.dumps(value, ensure_ascii=False) + "\n")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        for i, v in enumerate(value):
            if "\n" in v or "\r" in v or "\x00" in v:
                raise BadRequest(f"{f.name}[{i}]: one line per item")
        return scratch.write(f.name, "".join(f"{v}\n" for v in value))
    if isinstance(value, str) and f.name in codes:
        return codes[f.name](f.name, value, scratch)
    what = " or a setup code (BS1-...)" if f.name in codes else ""
    raise BadRequest(
        f"{f.name}: give the file's content as a JSON object{what}; "
        "file names are not accepted from the web"
    )


def build(
    path: Sequence[str],
    cmd: click.Command,
    body: Mapping[str, Any],
    scratch: Scratch,
    *,
    fixed: Mapping[str, str] | None = None,
    extra: Sequence[str] = (),
    aliases: Mapping[str, str] | None = None,
    codes: Mapping[str, CodeConverter] | None = None,
) -> list[str]:
    """The argument list for ``referee PATH...`` from a JSON object.

    ``fixed`` gives parameters the server fills itself (the game file, by
    parameter name); ``extra`` options the server adds (``--json``);
    ``aliases`` maps accepted field names to the command's.
    """
    fixed = dict(fixed or {})
    known = fields(cmd)
    params: dict[str, Any] = {}
    for key, value in body.items():
        name = (aliases or {}).get(key, key)
        if name not in known or known[name].param.name in fixed:
            names = sorted(
                {*(n for n, f in known.items() if f.param.name not in fixed), *(aliases or {})}
            )
            listed = ", ".join(names) or "none"
            raise BadRequest(f"unknown field {show(key)} (fields: {listed})")
        if name in params:
            raise BadRequest(f"{key}: given twice (also as {name})")
        params[name] = value
    options: list[str] = []
    positional: list[str] = []
    for p in cmd.params:
        if p.name in fixed:
            if isinstance(p, click.Argument):
                positional.append(fixed[p.name])
            else:
                options.append(f"{_long(p)}={fixed[p.name]}")
            continue
        f = next((f for f in known.values() if f.param is p), None)
        if f is None or f.name not in params or params[f.name] is None:
            continue
        value = params[f.name]
        if f.flag:
            if not isinstance(value, bool):
                raise BadRequest(f"{f.name}: expected true or false, got {show(value)}")
            if value:
                options.append(f.option)
            elif isinstance(p, click.Option) and p.secondary_opts:
                options.append(p.secondary_opts[0])
            continue
        if f.multiple:
            items = value if isinstance(value, list) else [value]
            texts = [_text(f"{f.name}[{i}]", v) for i, v in enumerate(items)]
        elif f.is_file:
            texts = [_file(f, value, scratch, codes or {})]
        else:
            texts = [_joined(f.name, value)]
        if f.name == "dictionary" and not all(DICTIONARY_TAG.fullmatch(t) for t in texts):
            raise BadRequest(
                "dictionary: give an enchant tag such as en_US or hunspell:en_GB "
                "(word-list files are not accepted from the web)"
            )
        if f.positional:
            positional.extend(texts)
        else:
            options.extend(f"{f.option}={t}" for t in texts)
    return [*path, *options, *extra, "--", *positional]


def _long(p: click.Parameter) -> str:
    longs = [o for o in p.opts if o.startswith("--")]
    return max(longs, key=len) if longs else p.opts[0]


def describe(cmd: click.Command, *, skip: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The command's fields for documentation and the pages: name, kind,
    required, choices, help."""
    out = []
    for name, f in fields(cmd).items():
        if f.param.name in skip:
            continue
        kind = "flag" if f.flag else "list" if f.multiple else "file" if f.is_file else "value"
        entry: dict[str, Any] = {"name": name, "kind": kind, "required": f.param.required}
        if isinstance(f.param.type, click.Choice):
            entry["choices"] = list(f.param.type.choices)
        helptext = getattr(f.param, "help", None)
        if helptext:
            entry["help"] = " ".join(str(helptext).split())
        out.append(entry)
    return out


def iter_commands(path: Sequence[str] = ()) -> Iterator[tuple[list[str], click.Command]]:
    """Every leaf command under ``path`` (for documentation tests)."""
    cmd = resolve(path)
    if isinstance(cmd, click.Group):
        for name in subcommands(path):
            yield from iter_commands([*path, name])
    elif cmd is not None:
        yield list(path), cmd
