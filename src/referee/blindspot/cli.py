"""Blind Spot commands that judge one position: ``check-word`` and ``words``.

Thin: the files are read by :mod:`referee.blindspot.formats`, plays judged by
:mod:`referee.blindspot.rules`, and the text made by :mod:`referee.blindspot.render`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import click

from referee.blindspot import service
from referee.blindspot.formats import LayoutFile, load_layout, load_position
from referee.blindspot.render import format_plays, render_board, sentence
from referee.blindspot.rules import COLOURS, SIZE, Position
from referee.cli import Command
from referee.cli.options import BoundedInt, F, FilePath, dictionary_options, json_option
from referee.cli.output import echo, emit_json
from referee.core.cells import Cell
from referee.core.dictionary import Dictionary, open_dictionary
from referee.core.errors import InputError, show
from referee.service import Report

if TYPE_CHECKING:
    from referee.core.lru import LRU


def _layout_options(required: bool = True) -> Callable[[F], F]:
    return lambda f: _add_layout_options(f, required)


catalog_option = click.option(
    "--catalog",
    metavar="FILE",
    type=FilePath(),
    envvar="REFEREE_CATALOG",
    show_envvar=True,
    help="Tile catalog for 'tiles:' layouts.",
)
"""--catalog FILE wherever a layout is read (a game's too)."""


def _add_layout_options(f: F, required: bool) -> F:
    f = click.option(
        "--glasses",
        is_flag=True,
        help="The player has one spot on the glasses tile: diagonals allowed "
        "(overrides the position file).",
    )(f)
    f = click.option(
        "--position",
        metavar="FILE",
        type=FilePath(),
        help="Position file (YAML): spots, glasses, teams.",
    )(f)
    f = click.option(
        "--player",
        type=click.Choice(COLOURS, case_sensitive=False),
        metavar="NAME",
        default="red",
        show_default=True,
        help="The colour playing: red, yellow, blue or green.",
    )(f)
    f = catalog_option(f)
    return click.option(
        "--layout",
        required=required,
        metavar="FILE",
        type=FilePath(),
        help="Layout or setup file (YAML); - for stdin.",
    )(f)


def cell_at(name: str, option: str = "--at") -> Cell:
    """A cell of the board typed on the command line; an error names the option."""
    try:
        return Cell.from_name(name, SIZE, SIZE)
    except InputError as exc:
        raise exc.at(option) from None


@click.command("check-word", cls=Command, no_args_is_help=True)
@click.argument("word", required=False)
@_layout_options(required=False)
@click.option("--at", "at_name", metavar="CELL", help="The cell the new spot covers, e.g. D1.")
@dictionary_options
@click.option(
    "--batch",
    is_flag=True,
    help="Read one JSON object per line on stdin (word, at, layout, player, position, glasses, "
    "catalog, dictionary, allow; options give defaults), write one JSON result per line.",
)
@json_option
def check_word(
    word: str | None,
    layout: str | None,
    catalog: str | None,
    player: str,
    position: str | None,
    glasses: bool,
    at_name: str | None,
    dictionary: str | None,
    allow: str | None,
    batch: bool,
    as_json: bool,
) -> int:
    """Is WORD legal with a new spot on the cell --at?

    Exit 0 if legal, 1 if not (the reason is printed), 2 if the input is unusable.
    With --batch, judge many plays in one process (exit 2 at the end if any
    line failed).

    \b
    Example:
      referee check-word seas --layout setups/sample.yaml --at D1
      referee check-word welt --layout setups/sample.yaml --at C4 \\
          --position examples/blindspot/sample-position.yaml   # no: exit 1
      echo '{"word": "seas", "at": "D1"}' | referee check-word --batch --layout setups/sample.yaml
    """
    judge = _Judge()
    defaults = {
        "layout": layout,
        "catalog": catalog,
        "player": player,
        "position": position,
        "glasses": glasses,
        "at": at_name,
        "dictionary": dictionary,
        "allow": allow,
    }
    if batch:
        if word is not None:
            raise click.UsageError("--batch reads the words from stdin; give no WORD")
        from referee.cli.batch import no_stdin_files, run_batch

        no_stdin_files(defaults, BATCH_FILES)
        return run_batch(lambda obj: judge.line(obj, defaults))
    if word is None:
        raise click.UsageError("Missing argument 'WORD'.")
    for option, value in (("--layout", layout), ("--at", at_name)):
        if value is None:
            raise click.UsageError(f"Missing option '{option}'.")
    report = judge.judge({"word": word, **defaults})
    if as_json:
        emit_json(report.doc)
    else:
        verdict, board, pos = report.detail
        marks = verdict.play.cells if verdict.play else ()
        echo(
            render_board(board, pos.covered(), new=verdict.at, word_cells=marks, style=click.style)
        )
        echo()
        echo(sentence(verdict))
    return report.exit_code


BATCH_FILES = ("layout", "catalog", "position", "dictionary", "allow")


FILES_KEPT = 64
"""Layouts, positions and dictionaries a batch keeps open (the most recently used)."""

ANSWERS_KEPT = 16_384
"""Answers a batch keeps by their line's fields (the most recently used):
memory stays flat however many distinct lines come (a repeated pool of up to
this many lines is answered from memory)."""


class _Judge:
    """Judges plays through the service, keeping the layouts, positions and
    dictionaries it has opened (and, in a batch, its answers)."""

    def __init__(self) -> None:
        from referee.core.lru import LRU

        self.layouts: LRU[tuple[str, str | None], LayoutFile] = LRU(FILES_KEPT)
        self.positions: LRU[str, Position] = LRU(FILES_KEPT)
        self.dictionaries: LRU[tuple[str | None, str | None], Dictionary] = LRU(FILES_KEPT)
        self.answers: LRU[tuple[Any, ...], str] = LRU(ANSWERS_KEPT)

    def judge(self, fields: Mapping[str, Any]) -> Report:
        word = fields["word"]
        layout, catalog = fields["layout"], fields["catalog"]
        if layout is None:
            raise InputError("layout: no layout given")
        if not isinstance(word, str):
            raise InputError("word: no word given")
        if fields["at"] is None:
            raise InputError("at: no cell given")
        player = str(fields["player"]).lower()
        if player not in COLOURS:
            raise InputError(
                f"player: unknown colour {show(player)} (colours are {', '.join(COLOURS)})"
            )
        board = self.layouts.get((layout, catalog))
        if board is None:
            board = self.layouts[(layout, catalog)] = load_layout(layout, catalog)
        pos = None
        if fields["position"]:
            pos = self.positions.get(fields["position"])
            if pos is None:
                pos = self.positions[fields["position"]] = load_position(fields["position"])
        at = cell_at(fields["at"])
        key = (fields["dictionary"], fields["allow"])
        lexicon = self.dictionaries.get(key)
        if lexicon is None:
            lexicon = self.dictionaries[key] = open_dictionary(*key)
        return service.check_word(
            word=word,
            layout=board,
            at=at,
            player=player,
            position=pos,
            glasses=bool(fields["glasses"]),
            dictionary=lexicon,
        )

    def line(self, obj: dict[str, Any], defaults: Mapping[str, Any]) -> str:
        """One batch line's answer as JSON text. Answers are kept by the
        line's fields: files are read once per batch, so the same fields
        always get the same answer."""
        unknown = sorted(set(obj) - {"word", *defaults})
        if unknown:
            raise InputError(f"unknown field {show(unknown[0])}")
        fields = {**defaults, "word": None}
        for key in obj:
            from referee.cli.batch import batch_field

            fields[key] = batch_field(
                obj, key, bool if key == "glasses" else str, defaults.get(key)
            )
        if fields["word"] is None:
            raise InputError("word: no word given")
        identity = tuple(fields.values())
        answer = self.answers.get(identity)
        if answer is None:
            from referee.cli.batch import no_stdin_files

            no_stdin_files(fields, BATCH_FILES)
            answer = self.answers[identity] = self.judge(fields).json()
        return answer


@click.command("words", cls=Command, no_args_is_help=True)
@_layout_options()
@click.option("--at", "at_name", metavar="CELL", help="Only plays with the new spot on this cell.")
@click.option(
    "--min-length",
    type=BoundedInt(3, 99),
    metavar="N",
    default=3,
    show_default=True,
    help="Shortest word to list.",
)
@dictionary_options
@json_option
def words(
    layout: str,
    catalog: str | None,
    player: str,
    position: str | None,
    glasses: bool,
    at_name: str | None,
    min_length: int,
    dictionary: str | None,
    allow: str | None,
    as_json: bool,
) -> int:
    """List every legal play for a player, longest words first.

    Settles "was there any word?" and the solo rule "you must play a word if you
    can". Exit 0 if at least one play exists, 1 if none.

    \b
    Example:
      referee words --layout setups/sample.yaml --at D1
      referee words --layout setups/sample.yaml --player red \\
          --position examples/blindspot/sample-position.yaml --min-length 5
    """
    report = service.words(
        layout=load_layout(layout, catalog),
        player=player.lower(),
        position=load_position(position) if position else None,
        glasses=glasses,
        at=cell_at(at_name) if at_name else None,
        min_length=min_length,
        dictionary=open_dictionary(dictionary, allow),
    )
    if as_json:
        emit_json(report.doc)
    else:
        plays, player, at = report.detail
        echo(format_plays(plays, player, at))
    return report.exit_code
