"""The options shared by the referee's commands, and their value types: one
name, one kind of value everywhere (``docs/conventions.md``)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from referee.core.errors import InputError

F = TypeVar("F", bound=Callable[..., Any])


def _json_errors(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        from referee.cli import _output

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
