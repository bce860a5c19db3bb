"""Blind Spot commands: ``check-word`` and ``words``."""

from __future__ import annotations

from collections.abc import Collection, Container, Mapping

import click

from referee.blindspot import (
    COLOURS,
    Play,
    Position,
    legal_plays,
    three_letter_words,
)
from referee.board import LetterGrid
from referee.cells import Cell
from referee.cli import F, dictionary_options, echo, emit_json, json_option
from referee.dictionary import Dictionary, open_dictionary

COLOUR_STYLE = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}


def _layout_options(f: F) -> F:
    f = click.option(
        "--glasses",
        is_flag=True,
        help="The player has one spot on the glasses tile: diagonals allowed "
        "(overrides the position file).",
    )(f)
    f = click.option(
        "--position", metavar="FILE", help="Position file (YAML): spots, glasses, teams."
    )(f)
    f = click.option(
        "--player",
        type=click.Choice(COLOURS, case_sensitive=False),
        default="red",
        show_default=True,
        help="The colour playing.",
    )(f)
    f = click.option(
        "--catalog",
        metavar="FILE",
        envvar="REFEREE_CATALOG",
        help="Tile catalog for 'tiles:' layouts.",
    )(f)
    return click.option(
        "--layout", required=True, metavar="FILE", help="Layout or setup file (YAML); - for stdin."
    )(f)


def _load(
    layout: str, catalog: str | None, position_file: str | None, glasses: bool
) -> tuple[LetterGrid, Position, bool | None]:
    from referee.setups import load_layout, load_position

    board = load_layout(layout, catalog)
    position = load_position(position_file) if position_file else Position.empty()
    return board, position, (True if glasses else None)


def _three_letter(dictionary: Dictionary) -> Container[str]:
    return three_letter_words() | dictionary.extra if dictionary.extra else three_letter_words()


@click.command("check-word", no_args_is_help=True)
@click.argument("word")
@_layout_options
@click.option(
    "--at", "at_name", required=True, metavar="CELL", help="The cell the new spot covers, e.g. D1."
)
@dictionary_options
@json_option
def check_word(
    word: str,
    layout: str,
    catalog: str | None,
    player: str,
    position: str | None,
    glasses: bool,
    at_name: str,
    dictionary: str | None,
    allow: str | None,
    as_json: bool,
) -> int:
    """Is WORD legal with a new spot on the cell --at?

    Exit 0 if legal, 1 if not (the reason is printed), 2 if the input is unusable.

    \b
    Example:
      referee check-word seas --layout setups/sample.yaml --at D1
      referee check-word tale --layout setups/sample.yaml --at E4 \\
          --player blue --position examples/blindspot/sample-position.yaml
    """
    from referee.blindspot import check_word as judge
    from referee.blindspot import normalise_word

    player = player.lower()
    word = normalise_word(word)
    board, pos, override = _load(layout, catalog, position, glasses)
    at = board.cell(at_name, "--at")
    lexicon = open_dictionary(dictionary, allow)
    verdict = judge(
        board,
        word,
        at,
        lexicon,
        player=player,
        position=pos,
        glasses=override,
        three_letter=_three_letter(lexicon),
    )
    if as_json:
        emit_json({**verdict.to_dict(), "player": player, "dictionary": lexicon.describe()})
    else:
        marks = verdict.play.cells if verdict.play else ()
        echo(render_board(board, pos.covered(), new=at, word_cells=marks))
        echo()
        echo(verdict.sentence())
    return 0 if verdict.valid else 1


@click.command("words", no_args_is_help=True)
@_layout_options
@click.option("--at", "at_name", metavar="CELL", help="Only plays with the new spot on this cell.")
@click.option(
    "--min-length",
    type=click.IntRange(min=3),
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
    player = player.lower()
    board, pos, override = _load(layout, catalog, position, glasses)
    at = board.cell(at_name, "--at") if at_name else None
    lexicon = open_dictionary(dictionary, allow)
    plays = legal_plays(
        board,
        lexicon,
        player=player,
        position=pos,
        glasses=override,
        at=at,
        min_length=min_length,
        three_letter=_three_letter(lexicon),
    )
    if as_json:
        emit_json(
            {
                "player": player,
                "count": len(plays),
                "plays": [p.to_dict() for p in plays],
                "dictionary": lexicon.describe(),
            }
        )
    else:
        echo(format_plays(plays, player, at))
    return 0 if plays else 1


def format_plays(plays: list[Play], player: str, at: Cell | None) -> str:
    where = f" at {at.name}" if at else ""
    if not plays:
        return f"No legal play for {player}{where}."
    width = max(len(p.word) for p in plays)
    lines = [
        f"{p.at.name:<3} {p.word.upper():<{width}}  {p.direction.name:<2}  "
        f"{' '.join(c.name for c in p.cells)}"
        for p in plays
    ]
    noun = "play" if len(plays) == 1 else "plays"
    lines.append(f"{len(plays)} legal {noun} for {player}{where}.")
    return "\n".join(lines)


def render_board(
    board: LetterGrid,
    covered: Mapping[Cell, str],
    *,
    new: Cell | None = None,
    word_cells: Collection[Cell] = (),
) -> str:
    """The grid with column letters and row numbers.

    ``[E]`` a letter of the word, ``(r)`` a spot of that colour (its initial),
    ``(*)`` the new spot. Coloured when the output is a terminal.
    """
    header = "    " + "".join(f" {chr(ord('A') + c)} " for c in range(board.width))
    lines = [header.rstrip()]
    for r in range(board.height):
        parts = [f"{r + 1:>2}  "]
        for c in range(board.width):
            cell = Cell(row=r, col=c)
            if cell == new:
                parts.append(click.style("(*)", bold=True, reverse=True))
            elif cell in covered:
                colour = covered[cell]
                parts.append(click.style(f"({colour[0]})", fg=COLOUR_STYLE.get(colour), bold=True))
            elif cell in word_cells:
                parts.append(click.style(f"[{board[cell].upper()}]", fg="green", bold=True))
            else:
                parts.append(f" {board[cell].upper()} ")
        lines.append("".join(parts).rstrip())
    return "\n".join(lines)
