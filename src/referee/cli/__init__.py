"""The ``referee`` command group: the one place errors become exit codes.

Commands are imported lazily, one module per game, so that ``referee
check-word`` loads only what it needs. Every command returns its exit code:
0 the referee says yes (or the job is done), 1 the referee says no; any
:class:`~referee.core.errors.RefereeError` or usage error becomes one ``Error: ...``
line on stderr and exit 2.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

from referee import __version__
from referee.core.errors import InputError, RefereeError, show

F = TypeVar("F", bound=Callable[..., Any])

# Sections of ``referee --help``: (title, [(command name, "module:attribute", short help)]).
# The short help is written here, once, so that ``referee --help`` imports no
# command module; it becomes the command's own short help when it is loaded.
SECTIONS: list[tuple[str, list[tuple[str, str, str]]]] = [
    (
        "Blind Spot",
        [
            (
                "check-word",
                "referee.blindspot.cli:check_word",
                "Is WORD legal with a new spot on the cell --at?",
            ),
            (
                "words",
                "referee.blindspot.cli:words",
                "Every legal play for a player, longest words first.",
            ),
            (
                "setup",
                "referee.blindspot.setup_cli:setup",
                "Reproducible, shareable, printable Blind Spot setups.",
            ),
            (
                "blindspot",
                "referee.blindspot.game_cli:blindspot",
                "A live Blind Spot game file: play, bonus, timeout, undo.",
            ),
            # blind-spot commands
        ],
    ),
    (
        "Word Block",
        [
            (
                "score-claim",
                "referee.wordblock.cli:score_claim",
                "Score a Word Block claim: who gets what, which cards go.",
            ),
            (
                "wordblock",
                "referee.wordblock.game_cli:wordblock",
                "Word Block placements, block moves, hints and whole games.",
            ),
            # word-block commands
        ],
    ),
    (
        "Out of Sight",
        [
            (
                "score-frame",
                "referee.outofsight.cli:score_frame",
                "Score a frame: points, saved and lost cards.",
            ),
            ("take", "referee.outofsight.cli:take", "Is this dice take legal? Or: the best take."),
            (
                "outofsight",
                "referee.outofsight.game_cli:outofsight",
                "A live Out of Sight game: turns, frames, undo.",
            ),
            # out-of-sight commands
        ],
    ),
    (
        "Spot it! 1,2,3",
        [
            (
                "spotit",
                "referee.spotit.cli:spotit",
                "Spot it! decks: verify, match, generate, render, mini-games.",
            ),
            # spot-it commands
        ],
    ),
    (
        "General",
        [
            (
                "examples",
                "referee.cli.general:examples",
                "Copy the sample files the help examples use into DIR.",
            ),
            (
                "dictionaries",
                "referee.cli.general:dictionaries",
                "List the dictionaries available here, and the default.",
            ),
            (
                "timer",
                "referee.outofsight.timer_cli:timer",
                "A Time Keeper: a turn timer driven from the keyboard.",
            ),
            (
                "serve",
                "referee.serve.cli:serve",
                "Serve the games to the phones at the table, live.",
            ),
            # general commands
        ],
    ),
]

SHORT_HELP = {name: short for _, entries in SECTIONS for name, _, short in entries}

EXIT_YES = 0
EXIT_NO = 1
EXIT_INPUT = 2

CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class LazyGroup(click.Group):  # the top group; its commands are in their modules
    """A group whose subcommands are imported on first use."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            if close:
                ctx.fail(f"No such command {name!r}; did you mean {close[0]!r}?")
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, _, attr = self.lazy[cmd_name].partition(":")
            cmd = getattr(importlib.import_module(module), attr)
            assert isinstance(cmd, click.Command)
            cmd.short_help = SHORT_HELP.get(cmd_name, cmd.short_help)
            _whole_short_helps(cmd)
            return cmd
        return super().get_command(ctx, cmd_name)


_SENTENCE = re.compile(r"(.*?[.?!])(?=\s+[A-Z(]|\s*$)")


def first_sentence(text: str) -> str:
    """The first sentence of a help text's first paragraph (``e.g.`` does not end one)."""
    paragraph = " ".join(inspect.cleandoc(text).split("\n\n")[0].split())
    m = _SENTENCE.match(paragraph)
    return m.group(1) if m else paragraph


def _whole_short_helps(cmd: click.Command) -> None:
    """Each subcommand's line in a group's help is its whole first sentence,
    wrapped, never cut off with "..." (Click cuts a short help it makes)."""
    if isinstance(cmd, click.Group):
        for sub in cmd.commands.values():
            if not sub.short_help and sub.help:
                sub.short_help = first_sentence(sub.help)
            _whole_short_helps(sub)


def field_names(cmd: click.Command) -> dict[str, str]:
    """The command's parameters by field name (the services' and the web's:
    ``challenged_by``) -> as the command line spells them (``--challenged-by``,
    ``WORD``)."""
    out: dict[str, str] = {}
    for p in cmd.params:
        if isinstance(p, click.Argument):
            out[(p.name or "").replace("-", "_")] = p.human_readable_name
            continue
        longs = [o for o in p.opts if o.startswith("--")]
        if longs:
            option = max(longs, key=len)
            out[option[2:].replace("-", "_")] = option
    return out


class Command(click.Command):
    """A referee command: an input error about a field (``players``, from a
    service or the rules) names the option instead (``--players``)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as exc:
            raise exc.renamed(field_names(self)) from None


class Group(click.Group):
    """A group of referee commands (their errors name options, see :class:`Command`)."""

    command_class = Command
    group_class = type


class RefereeGroup(LazyGroup):
    """The top group: sections in ``--help`` and the single error mapping."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        for title, entries in SECTIONS:
            rows = [(name, short) for name, _, short in entries]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        # Click's main turns a broken pipe into exit 1; the referee's is exit 0.
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _ReaderGone from None

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> int:
        argv = list(sys.argv[1:] if args is None else args)
        words = argv[: argv.index("--")] if "--" in argv else argv
        code = run_mapped(
            lambda: super(RefereeGroup, self).main(
                argv, prog_name or "referee", complete_var, standalone_mode=False, **extra
            ),
            json_errors="--json" in words,
        )
        if standalone_mode:
            sys.exit(code)
        return code


class _Output(threading.local):
    """Per-run output settings the error mapping needs (set by ``--json``);
    per thread, so that ``referee serve`` can run commands side by side."""

    json_errors = False


_output = _Output()


def run_mapped(call: Callable[[], Any], *, json_errors: bool = False) -> int:
    """Run ``call`` and turn its result or error into an exit code (the one place).

    An error is one ``Error:`` line on stderr; under ``--json`` it is also one
    JSON object on stdout: ``{"error": {"kind": KIND, "message": MESSAGE}}``;
    ``json_errors`` says so before the command line is parsed (``--json`` was
    given), so that a usage error is JSON too.
    """
    _output.json_errors = json_errors
    try:
        rv = call()
    except RefereeError as exc:
        error_line(exc.message, exc.kind)
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.exceptions.Abort:
        error_line("aborted")
        return 130
    except click.UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError" and exc.ctx is not None:
            # click >= 8.2: a command run with no arguments shows its help (exit 2)
            click.echo(exc.ctx.get_help())
            return EXIT_INPUT
        hint = ""
        if exc.ctx is not None:
            hint = f" (see '{exc.ctx.command_path} --help')"
        error_line(f"{exc.format_message()}{hint}", "usage")
        return EXIT_INPUT
    except click.ClickException as exc:
        error_line(exc.format_message())
        return EXIT_INPUT
    except KeyboardInterrupt:
        error_line("interrupted")
        return 130
    except (BrokenPipeError, _ReaderGone):
        return _reader_gone()
    except OSError as exc:
        # Writing the answer failed (stdout full, closed, or an I/O error):
        # input-side errors were already RefereeErrors naming their file.
        error_line(f"cannot write the output: {exc.strerror or exc}")
        return EXIT_INPUT
    code = rv if isinstance(rv, int) else EXIT_YES
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        return _reader_gone()
    except (OSError, ValueError) as exc:
        error_line(f"cannot write the output: {getattr(exc, 'strerror', None) or exc}")
        return EXIT_INPUT
    return code


class _ReaderGone(Exception):
    """Standard output's reader closed the pipe."""


def _reader_gone() -> int:
    """The reader went away (``referee setup catalog | head -1``): not an error.
    Later writes (Python's own flush at exit) go to /dev/null."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_YES


def error_line(message: str, kind: str = "input") -> None:
    """One line on stderr: ``Error: ...`` (newlines folded); under ``--json``
    the same error as one JSON object on stdout."""
    text = " ".join(str(message).split())
    click.echo(f"Error: {text}", err=True)
    if _output.json_errors:
        import contextlib
        import json

        with contextlib.suppress(OSError, ValueError):
            click.echo(json.dumps({"error": {"kind": kind, "message": text}}, ensure_ascii=False))


@click.group(
    "referee",
    cls=RefereeGroup,
    lazy={name: target for _, entries in SECTIONS for name, target, _ in entries},
    context_settings=CONTEXT_SETTINGS,
)
@click.version_option(__version__, "--version", prog_name="referee", message="%(prog)s %(version)s")
def cli() -> None:
    """A referee for tabletop games: rules verdicts and scores you can trust.

    Exit codes: 0 yes / done, 1 the referee says no, 2 the input could not be
    used. Every command takes --json for one JSON document on stdout.

    \b
    Example:
      referee check-word seas --layout setups/sample.yaml --at D1
    """


def main(args: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    if sys.stdout is None:  # started with stdout closed (`referee ... >&-`)
        click.echo("Error: standard output is closed; nowhere to write the answer", err=True)
        sys.exit(EXIT_INPUT)
    argv = list(sys.argv[1:] if args is None else args)
    for i, arg in enumerate(argv, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            text = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            click.echo(f"Error: argument {i} ({text!r}) is not valid UTF-8 text", err=True)
            sys.exit(EXIT_INPUT)
    cli.main(args=argv, prog_name="referee")


def console() -> None:
    """The ``referee`` command (and ``python -m referee``): :func:`main`, then a
    fast exit.

    Once the answer is written, the process ends with :func:`os._exit`,
    skipping the interpreter's teardown: freeing every module, and the enchant
    broker with its dictionaries, costs a sixth of a one-shot command's time
    and does nothing for the user (mypy exits the same way). Nothing is lost:
    every file the referee writes is written, fsynced and closed before a
    command returns, and both standard streams are flushed here. An uncaught
    exception is not an exit, so it is not cut short."""
    try:
        main()
        code: object = EXIT_YES
    except SystemExit as exc:
        code = exc.code
    if code is None:
        code = EXIT_YES
    elif not isinstance(code, int):  # sys.exit("message"): printed, exit 1, as Python does
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(code)


# ----------------------------------------------------------------- shared options


def _json_errors(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        _output.json_errors = True
    return value


def json_option(f: F) -> F:
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        is_eager=True,
        callback=_json_errors,
        help="Print one JSON document on stdout instead of text (errors too).",
    )(f)


class BoundedInt(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 on
    """A whole number from ``low`` to ``high`` typed on the command line: a
    malformed or very long one is one short error line (click's own int types
    echo all 5,000 digits of one back)."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from referee.core.schema import bounded_int

        try:
            return bounded_int(str(value), self.low, self.high)
        except InputError as exc:
            self.fail(exc.detail, param, ctx)


class FilePath(click.Path):
    """A file named on the command line (``-`` for stdin or stdout).

    A ``click.Path``, so that bash, zsh and fish complete file names; the
    referee's own readers and writers check the file (their errors name it),
    so this only refuses an empty name, which is no file at all (``-o ''``
    must not mean stdout). An ``output`` file of ``-`` is stdout, which
    ``--json`` needs for itself: the two together are refused."""

    def __init__(self, output: bool = False) -> None:
        super().__init__(dir_okay=True, readable=False, allow_dash=True)
        self.output = output

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("an empty file name (give a file, or - for the standard stream)", param, ctx)
        if self.output and value == "-" and ctx is not None and ctx.params.get("as_json"):
            self.fail("- (stdout) and --json would both write to stdout: give one", param, ctx)
        return super().convert(value, param, ctx)


class RenamedOption(click.Option):
    """An option that also answers to its ``old`` names, for scripts written
    before it was renamed; ``--help`` and error messages show only the new."""

    def __init__(self, *args: Any, old: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.old_names = tuple(old)

    def _new_opts(self) -> list[str]:
        return [o for o in self.opts if o not in self.old_names]

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        opts, self.opts = self.opts, self._new_opts()
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = opts

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return " / ".join(f"'{o}'" for o in self._new_opts())


GAMES_FOLDER = "games"
"""The folder ``referee serve`` keeps its games in by default: its files are
offered when a game file is completed."""


class GamePath(FilePath):
    """A game file: completes as a file, and also as the games of a ``games/``
    folder in the current directory (``referee serve``'s)."""

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[Any]:
        from click.shell_completion import CompletionItem

        items: list[Any] = [CompletionItem(incomplete, type="file")]
        folder = os.path.join(os.getcwd(), GAMES_FOLDER)
        if os.path.isdir(folder):
            with contextlib.suppress(OSError):
                for entry in sorted(os.listdir(folder)):
                    name = f"{GAMES_FOLDER}/{entry}"
                    if entry.endswith(".yaml") and name.startswith(incomplete):
                        items.append(CompletionItem(name))
        return items


def expect_version_option(f: F) -> F:
    """``--expect-version N`` on every command that changes a game."""
    return click.option(
        "--expect-version",
        type=BoundedInt(0, 10**9),
        metavar="N",
        help="Refuse (exit 2, nothing written) unless the game's version is N: "
        "a stale write from someone who had not seen the last action.",
    )(f)


def force_option(f: F) -> F:
    return click.option(
        "--force",
        is_flag=True,
        help="Replace an existing regular file (through a symlink, the target). "
        "Directories, devices and FIFOs are never replaced.",
    )(f)


def output_option(what: str, *, required: bool = False) -> Callable[[F], F]:
    """``-o FILE`` on a command that writes WHAT (``-`` is stdout, as everywhere);
    unless ``required``, WHAT is printed when no FILE is given."""
    return click.option(
        "-o",
        "--output",
        required=required,
        metavar="FILE",
        type=FilePath(output=True),
        help=f"The {what} to create." if required else f"Write {what} here instead of stdout.",
    )


new_game_option = output_option("game file", required=True)
"""``-o FILE``, the game file every ``game new`` creates (refused if it exists,
unless ``--force``)."""


def page_options(required: bool) -> Callable[[F], F]:
    """``-o FILE`` and ``--paper`` on every command that draws a printable page:
    a PDF when FILE ends in ``.pdf``, else an SVG; ``-`` is stdout."""

    def decorate(f: F) -> F:
        f = click.option(
            "--paper",
            type=click.Choice(["a4", "letter"], case_sensitive=False),
            default="a4",
            show_default=True,
            help="The page size.",
        )(f)
        return click.option(
            "-o",
            "--output",
            required=required,
            metavar="FILE",
            type=FilePath(output=True),
            help=("The file to write" if required else "Also write a printable page")
            + ": a PDF if its name ends in .pdf, else an SVG (- for stdout).",
        )(f)

    return decorate


def complete_dictionary(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """``--dictionary``: the dictionaries installed here (``provider:tag``), and file names."""
    from click.shell_completion import CompletionItem

    # bash's script empties its list at a "file" item: it comes first, and
    # file names are completed only when no dictionary name matches.
    items: list[Any] = [CompletionItem(incomplete, type="file")]
    with contextlib.suppress(Exception):  # completion must never fail
        from referee.core.dictionary import available_dictionaries

        for tag, provider in available_dictionaries():
            for name in (tag, f"{provider}:{tag}"):
                if name.startswith(incomplete) and name not in {i.value for i in items}:
                    items.append(CompletionItem(name))
    return items


def dictionary_options(f: F) -> F:
    f = click.option(
        "--allow",
        metavar="FILE",
        type=FilePath(),
        help="House words (one per line) accepted on top of the dictionary.",
    )(f)
    return click.option(
        "--dictionary",
        metavar="NAME",
        shell_complete=complete_dictionary,
        envvar="REFEREE_DICTIONARY",
        show_envvar=True,
        help="Enchant tag (en_US, en_GB), provider:tag (hunspell:en_US) or a word-list file. "
        "Default: en_US from aspell.",
    )(f)


# ------------------------------------------------------------------------- output


def use_color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def echo(text: str = "") -> None:
    click.echo(text, color=use_color())


MAX_BATCH_LINE = 1024 * 1024


def run_batch(handle: Callable[[dict[str, Any]], dict[str, Any] | str]) -> int:
    """``--batch``: one JSON object per stdin line in, one JSON result per line
    out, in order. Blank lines are skipped. A bad line gets
    ``{"line": N, "error": {"kind": KIND, "message": MESSAGE}}`` and the run
    goes on; the exit code is 2 at the end if any line failed, else 0.

    ``handle`` returns the result as a mapping, or as its JSON text already
    dumped (a handler that caches its answers). Input is read as it arrives,
    a chunk at a time, and the answers to a chunk are flushed before the next
    read waits: a program feeding one line at a time gets each answer at once,
    and a long batch is not slowed by one write per line.
    """
    import json

    failed = False
    out = sys.stdout
    loads, dumps = json.loads, json.dumps
    n = 0
    for lines in _line_chunks():
        for raw in lines:
            n += 1
            result: dict[str, Any] | str
            try:
                if raw is None:
                    raise InputError(f"line is over {MAX_BATCH_LINE} bytes")
                try:
                    text = raw.decode("utf-8").strip()
                except UnicodeDecodeError:
                    raise InputError("line is not UTF-8 text") from None
                if not text:
                    continue
                try:
                    obj = loads(text)
                except ValueError as exc:
                    raise InputError(f"not JSON: {exc}") from None
                except RecursionError:
                    raise InputError("not JSON: nested too deeply") from None
                if not isinstance(obj, dict):
                    raise InputError(f"expected a JSON object, got {type(obj).__name__}")
                result = handle(obj)
            except RefereeError as exc:
                failed = True
                message = " ".join(f"line {n}: {exc.message}".split())
                result = {"line": n, "error": {"kind": exc.kind, "message": message}}
            out.write(
                (result if isinstance(result, str) else dumps(result, ensure_ascii=False)) + "\n"
            )
        out.flush()
    return EXIT_INPUT if failed else EXIT_YES


def _line_chunks() -> Iterator[list[bytes | None]]:
    """Standard input's lines, a chunk at a time as they arrive (the last one
    may lack its newline); ``None`` stands for a line over MAX_BATCH_LINE,
    which is never kept whole. A read that fails is an input error."""
    if sys.stdin is None:  # started with stdin closed (`referee ... --batch <&-`)
        raise InputError("<stdin>: cannot read standard input (closed?)")
    source = sys.stdin.buffer
    read = getattr(source, "read1", source.read)
    pending = b""  # the start of a line whose end has not arrived
    too_long = False  # the line being read is already over MAX_BATCH_LINE
    while True:
        try:
            chunk = read(1 << 16)
        except OSError as exc:
            message = exc.strerror or str(exc)
            raise InputError(f"<stdin>: cannot read standard input: {message}") from None
        if not chunk:
            if too_long or pending:
                yield [None if too_long else pending]
            return
        *complete, pending = (pending + chunk).split(b"\n")
        lines: list[bytes | None] = [line + b"\n" for line in complete]
        if too_long and lines:
            lines[0], too_long = None, False
        if len(pending) > MAX_BATCH_LINE:
            pending, too_long = b"", True
        yield [None if line is not None and len(line) > MAX_BATCH_LINE else line for line in lines]


def no_stdin_files(fields: dict[str, Any], keys: tuple[str, ...]) -> None:
    """In --batch, stdin carries the lines: no file may be read from ``-``."""
    for key in keys:
        if fields.get(key) == "-":
            raise InputError(f"{key}: '-' (stdin) cannot be a file in --batch, which reads stdin")


def batch_field(obj: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    """A field of a batch line, of the given JSON type, or ``default``."""
    value = obj.get(key, default)
    if value is None or value is default:
        return value
    if kind is str and not isinstance(value, str):
        raise InputError(f"{key}: expected a string, got {show(value)}")
    if kind is bool and not isinstance(value, bool):
        raise InputError(f"{key}: expected true or false, got {show(value)}")
    return value


def emit_json(data: Any) -> None:
    import json

    click.echo(json.dumps(data, ensure_ascii=False))
