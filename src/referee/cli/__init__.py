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
from collections.abc import Callable, Sequence
from typing import Any

import click

from referee import __version__
from referee.core.errors import InputError, RefereeError

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
        "After the game",
        [
            (
                "review",
                "referee.review_cli:review",
                "What each player did beside the best the rules allowed.",
            ),
            (
                "stats",
                "referee.review_cli:stats",
                "Games played and won per player across a folder of game files.",
            ),
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
            (
                "site",
                "referee.site.cli:site",
                "The table pages as an offline web app, for one phone.",
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
