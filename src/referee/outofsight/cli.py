"""Out of Sight's one-shot commands: ``score-frame`` and ``take``, and the
options the game's commands (:mod:`referee.outofsight.game_cli`) share.

Thin: options become values (the frame file read by
:mod:`referee.outofsight.formats`), the service
(:mod:`referee.outofsight.service`) answers, and the report is printed as
JSON or by :mod:`referee.outofsight.render`. The service names fields
neutrally (``players``, ``roll``); :class:`referee.cli.Command` words them as
options. A one-shot command imports no game machinery (the engine, the
game's state).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from referee.cli import Command
from referee.cli.options import F, FilePath, force_option, json_option
from referee.cli.output import echo, emit_json
from referee.core.errors import InputError
from referee.outofsight import formats, render, service
from referee.outofsight.rules import FRAMES, parse_mode, parse_prefer

MODE_CHOICE = click.Choice(["basic", "advanced"], case_sensitive=False)


def prefer_option(f: F) -> F:
    return click.option(
        "--prefer",
        multiple=True,
        metavar="PLAYER=COLOUR,...",
        help="Among piles of equal size, these colours of PLAYER go higher (score before "
        "save, save before subtract), in the order given. Repeat for each player.",
    )(f)


def next_option(f: F) -> F:
    return click.option(
        "--next",
        "next_file",
        metavar="FILE",
        type=FilePath(output=True),
        help="Write the next frame's file, holding each player's saved cards "
        "(checked before anything is written; never onto the game file).",
    )(f)


def warn(warnings: Sequence[str]) -> None:
    for w in warnings:
        click.echo(f"Warning: {w}", err=True)


# ------------------------------------------------------------------- score-frame


@click.command("score-frame", cls=Command, no_args_is_help=True)
@click.argument("file", type=FilePath())
@click.option("--mode", type=MODE_CHOICE, help="basic or advanced (wins over the file's mode:).")
@click.option(
    "--frame",
    type=click.IntRange(1, 3),
    metavar="N",
    help="The frame: 1, 2 or 3 (3 is the final frame; wins over the file's frame:).",
)
@click.option("--final", is_flag=True, help="Score as the final frame (same as --frame 3).")
@prefer_option
@next_option
@force_option
@json_option
def score_frame(
    file: str,
    mode: str | None,
    frame: int | None,
    final: bool,
    prefer: Sequence[str],
    next_file: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Score a frame: points, saved and lost cards.

    FILE (YAML; - reads stdin) has a key players: that maps each player to
    the bank they hold when the frame ends, a list of cards (blue-7, or just
    blue) or a mapping colour: count. Optional keys: mode (basic, the
    default, or advanced) and frame (1, 2 or 3).

    \b
    A frame file:
      mode: advanced
      players:
        Ann: [red-1, red-5, blue-2, green]
        Bob: {green: 3, yellow: 1}

    Basic: 1 point a card. Advanced: the three largest colour
    piles score, the next three are saved for the next frame, the rest
    subtract; in the final frame everything after the first three subtracts.

    \b
    Example:
      referee score-frame examples/outofsight/example-three.yaml
      referee score-frame examples/outofsight/frame3.yaml --mode advanced --final --json
    """
    sheet = formats.load_frame_sheet(file)
    if final and frame not in (None, FRAMES):
        raise InputError(
            f"contradicts --frame {frame} (the final frame is {FRAMES})", place="--final"
        )
    report = service.score_frame(
        file=sheet,
        mode=parse_mode(mode) if mode else None,
        frame=frame,
        final=final,
        prefer=parse_prefer(prefer),
        next_file=next_file,
        force=force,
    )
    scored: service.Scored = report.detail
    warn(scored.score.warnings)
    if as_json:
        emit_json(report.doc)
    else:
        speaker(next_file)(render.frame_text(scored.score, next_file))
    return report.exit_code


def speaker(next_file: str | None) -> Callable[[str], None]:
    """Where the words go: stdout, or stderr when ``--next -`` has stdout for
    the next frame's file."""
    if next_file == "-":
        return lambda text: click.echo(text, err=True)
    return echo


# -------------------------------------------------------------------------- take


@click.command("take", cls=Command, no_args_is_help=True)
@click.option("--roll", required=True, metavar="ROLL", help="The three dice, like 5,4,2.")
@click.option("--cards", metavar="CARD,...", help="The cards taken (their numbers), like 9,2.")
@click.option("--row", metavar="N,...", help="The face-up card row, like 3,9,11,2,7.")
@click.option("--best", is_flag=True, help="Find the largest take from --row.")
@click.option(
    "--doubles",
    type=click.Choice(["flip", "wipe"], case_sensitive=False),
    help="Two dice of the same number activate the Doubles card and take no cards.",
)
@json_option
def take(
    roll: str,
    cards: str | None,
    row: str | None,
    best: bool,
    doubles: str | None,
    as_json: bool,
) -> int:
    """Is this dice take legal? Or: the best take.

    A card is taken by one die showing its number or by several dice adding
    up to it; no die serves two cards and a die is never split. With --row,
    the cards must be in the row. Exit 0 if legal (with --best: if anything
    can be taken), 1 if not.

    \b
    Example:
      referee take --roll 5,4,2 --cards 9,2
      referee take --roll 5,4,2 --row 3,9,11,2,7 --best
    """
    from referee.outofsight.takes import ROW_CARDS, Roll, parse_cards

    dice = Roll.from_text(roll)
    call: Any = doubles.lower() if doubles else None
    row_cards = parse_cards(row, "row", limit=ROW_CARDS) if row is not None else None
    if best:
        if cards is not None:
            raise InputError(
                "give either --cards (to check a take) or --best, not both", place="--best"
            )
        if row_cards is None:
            raise InputError("needs --row, the face-up cards to choose from", place="--best")
    elif cards is None:
        raise InputError("missing; give the cards taken, or --row with --best", place="--cards")
    report = service.take(
        roll=dice,
        cards=parse_cards(cards, "cards") if cards is not None else None,
        row=row_cards,
        best=best,
        doubles=call,
    )
    if as_json:
        emit_json(report.doc)
    else:
        echo(render.take_sentence(report.detail))
    return report.exit_code
