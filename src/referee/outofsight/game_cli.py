"""Out of Sight's whole game: the ``outofsight game`` score pad (new, turn,
frame, undo, show).

Thin, like :mod:`referee.outofsight.cli` (whose shared options it uses):
options become values, the game's service (:mod:`referee.outofsight.service`)
does the step under the game log's lock, and the report is printed as JSON or
by :mod:`referee.outofsight.render`. A step the rules refuse is exit 1 with
its reason; nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from referee.cli import Group
from referee.cli.options import (
    FilePath,
    GamePath,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
)
from referee.cli.output import echo, emit_json
from referee.core.errors import InputError
from referee.outofsight import formats, render, service
from referee.outofsight.cli import MODE_CHOICE, next_option, prefer_option, speaker, warn
from referee.outofsight.game import TurnAction
from referee.outofsight.rules import parse_mode, parse_prefer
from referee.outofsight.service import VARIANT_NAMES
from referee.service import Report

by_option = click.option(
    "--by", metavar="NAME", help="Who entered this step (a player's name; kept in the history)."
)

# --------------------------------------------------------------------- the game


def _refused(game_file: str, report: Report, as_json: bool) -> int:
    """A step the rules refuse: its doc, or its reason in a sentence; nothing was written."""
    if as_json:
        emit_json(report.doc)
    else:
        echo(f"Refused ({report.reason}): {report.explanation}.")
        echo(f"Nothing recorded: {game_file} is at version {report.version}.")
    return report.exit_code


@click.group("outofsight", cls=Group, no_args_is_help=True)
def outofsight() -> None:
    """A whole game: game new, turn, frame, undo, show.

    Scoring one frame or judging one dice take needs no game: see
    'referee score-frame' and 'referee take'.

    \b
    Example:
      referee outofsight game new --players Brian,Jessica --mode advanced -o outofsight-game.yaml
      referee outofsight game turn outofsight-game.yaml --cards red-3,blue-5 --stop
      referee outofsight game show outofsight-game.yaml
    """


@outofsight.group("game", no_args_is_help=True)
def game() -> None:
    """Keep a whole game: new, turn, frame, undo, show.

    Record it turn by turn (turn: each frame closes and is scored after every
    player's third turn), or a frame at a time from frame files (frame). The
    game file keeps every action (its history): each turn or frame, and
    undos. The scores are worked out again from them each time. Every change
    is made under a lock and counted: the game's version (show --json) grows by
    one with each recorded action, and --expect-version N refuses a change to
    a game that is no longer at version N.

    \b
    Example:
      referee outofsight game turn outofsight-game.yaml --cards green-7 --time
      referee outofsight game undo outofsight-game.yaml
      referee outofsight game show outofsight-game.yaml
    """


@game.command("new", no_args_is_help=True)
@click.option("--players", required=True, metavar="NAME,...", help="The players, in order.")
@click.option(
    "--mode", type=MODE_CHOICE, default="basic", show_default=True, help="basic or advanced."
)
@click.option("--first", metavar="NAME", help="Who starts each frame (default: the first listed).")
@click.option(
    "--colours",
    metavar="COLOUR,...",
    help="The deck's colours (default: blue, yellow, green, purple, silver, red, orange, "
    "pink, brown); a card of another colour is refused.",
)
@click.option(
    "--roll",
    "rolls",
    multiple=True,
    metavar="ROLL",
    help="The roll-off for the first player (ann=5,bob=3,cy=5): the highest goes first; "
    "give --roll again for the re-roll of a tie (ann=6,cy=4).",
)
@click.option(
    "--variant",
    type=click.Choice(VARIANT_NAMES),
    help="younger: the younger players' game (no Doubles card, the timer uncovered, every "
    "turn keeps its cards).",
)
@new_game_option
@force_option
@json_option
def game_new(
    players: str,
    mode: str,
    first: str | None,
    colours: str | None,
    rolls: tuple[str, ...],
    variant: str | None,
    output: str,
    force: bool,
    as_json: bool,
) -> int:
    """Start a game file for these players (version 0).

    The players sit in the order given, clockwise; the turn passes clockwise.
    Each player's Time Keeper is the player across the table: seat i of n has
    seat (i + n//2) mod n (with 2 players, each keeps time for the other).

    Without --force an existing FILE is never replaced, even by another
    `game new` running at the same moment.

    --roll records the roll-off ("The player with the highest number goes
    first (re-roll any ties)"): every player's number, then --roll again
    among the tied. --variant younger plays the "Tips for Younger Players":
    no Doubles card, the timer uncovered, and every turn keeps its cards,
    whether it ended by Stop or by Time.

    \b
    Example:
      referee outofsight game new --players Ann,Bob,Cy -o outofsight-basic.yaml
      referee outofsight game new --players ann,bob,cy --roll ann=5,bob=3,cy=5 \\
          --roll ann=6,cy=4 -o outofsight-rolled.yaml
    """
    report = service.new(
        output,
        players=[p.strip() for p in players.split(",")],
        mode=parse_mode(mode),
        first=first.strip() if first is not None else None,
        colours=[c for c in colours.split(",") if c.strip()] if colours is not None else None,
        roll=list(rolls),
        variant=variant,
        force=force,
    )
    if as_json:
        emit_json(report.doc)
    elif output != "-":  # to stdout, the game file is all that is printed
        setup = report.game.log.setup
        echo(f"New {setup.mode} game for {', '.join(setup.players)}: wrote {output}.")
        if setup.roll_off:
            echo(f"{setup.first} rolled highest: {setup.first} starts every frame.")
        if setup.younger:
            echo(
                "The younger players' game: no Doubles card, the timer uncovered, and every "
                "turn keeps its cards."
            )
    return 0


@game.command("frame", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("frame_file", metavar="FRAME_FILE", type=FilePath())
@prefer_option
@click.option(
    "--dry-run", is_flag=True, help="Check and score the frame, but leave GAME unchanged."
)
@next_option
@force_option
@by_option
@expect_version_option
@json_option
def game_frame(
    game_file: str,
    frame_file: str,
    prefer: Sequence[str],
    dry_run: bool,
    next_file: str | None,
    force: bool,
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Record and score the next frame.

    FRAME_FILE is read as score-frame reads it (- for stdin).

    Every player needs a bank, and each bank must hold the cards that player
    saved at the end of the previous frame. The game file is updated in place
    (atomically, under a lock). After the third frame, the winner is announced.

    \b
    Example:
      referee outofsight game new --players Brian,Jessica --mode advanced \\
          -o outofsight-frames.yaml
      referee outofsight game frame outofsight-frames.yaml examples/outofsight/example-three.yaml
      referee outofsight game frame outofsight-frames.yaml examples/outofsight/frame2.yaml \\
          --expect-version 1 --next outofsight-frame3.yaml
    """
    report = service.frame(
        game_file,
        frame_file=formats.load_frame_sheet(frame_file),
        prefer=parse_prefer(prefer),
        dry_run=dry_run,
        next_file=next_file,
        force=force,
        by=by,
        expect_version=expect_version,
    )
    if not report.valid:
        return _refused(game_file, report, as_json)
    stepped: service.Stepped = report.detail
    setup, after, score = stepped.game.log.setup, stepped.state, stepped.score
    assert after is not None and score is not None
    warn(after.warnings())
    if as_json:
        emit_json(report.doc)
        return 0
    say = speaker(next_file)
    say(render.frame_text(score, next_file))
    say(render.totals_line(setup, after))
    result = after.result(setup)
    if result is not None:
        say(render.result_sentence(result))
    if stepped.recorded:
        say(f"Recorded in {game_file}: version {report.version}.")
    else:
        say(f"Dry run: {game_file} is unchanged (version {report.version}).")
    return 0


@game.command("turn", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option(
    "--cards",
    default="",
    metavar="CARD,...",
    help="The cards collected this turn, like red-3,blue-5 (none: leave it out).",
)
@click.option("--stop", is_flag=True, help="The player called Stop first: the cards are banked.")
@click.option(
    "--time", "time_up", is_flag=True, help="The Time Keeper called Time first: the cards are lost."
)
@click.option(
    "--doubles",
    multiple=True,
    type=click.Choice(["flip", "wipe"], case_sensitive=False),
    help="The Doubles card was used: a Flip or a Wipe (once a turn).",
)
@click.option("--player", metavar="NAME", help="Whose turn this is (checked: the current player).")
@click.option(
    "--rolls",
    metavar="ROLLS",
    help="The dice behind the turn: each roll's three dice, then what it took (card numbers; "
    'flip or wipe when its pair used the Doubles card), like "5,4,2:9,2 6,6,1:wipe,1".',
)
@prefer_option
@by_option
@expect_version_option
@json_option
def game_turn(
    game_file: str,
    cards: str,
    stop: bool,
    time_up: bool,
    doubles: Sequence[str],
    player: str | None,
    rolls: str | None,
    prefer: Sequence[str],
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Record the current player's turn.

    --stop: the player called Stop before the Time Keeper called Time, and
    the cards go to their bank. --time: Time was called first, and the cards
    are lost to the discard pile. After every player's third turn the frame
    closes and is scored as score-frame scores those banks (advanced: the
    saved piles start the next frame's banks). --prefer is read on the turn
    that closes a frame; without it, piles of equal size keep the order of
    the bank (saved cards first, then the cards in the order banked) and the
    tie is reported, as score-frame does. After the third frame the game is
    over.

    --rolls gives the dice behind the turn: each take is checked as `take`
    checks it (no die split or used twice, a Doubles use spends its pair, one
    Flip or Wipe a turn) and the cards must be what the rolls took. In the
    younger players' game (--variant younger) --time keeps the cards too.

    A turn the rules refuse (after the game is over, a player not in the
    game, not their turn, rolls that do not take its cards) is exit 1 with
    its reason and records nothing; a card without a number is exit 2.

    \b
    Example:
      referee outofsight game turn outofsight-game.yaml --cards yellow-2,blue-9 --stop
      referee outofsight game turn outofsight-game.yaml --cards green-7 --time --doubles wipe
    """
    if stop == time_up:
        raise InputError("give exactly one of --stop and --time", place="--stop")
    if len(doubles) > 1:
        raise InputError("the Doubles card is used once a turn", place="--doubles")
    collected = service.parse_turn_cards(cards)
    chosen = parse_prefer(prefer)
    used: Any = doubles[0].lower() if doubles else None
    report = service.turn(
        game_file,
        cards=collected,
        stop=stop,
        time=time_up,
        doubles=used,
        player=player,
        prefer=chosen,
        rolls=rolls,
        by=by,
        expect_version=expect_version,
    )
    if not report.valid:
        return _refused(game_file, report, as_json)
    stepped: service.Stepped = report.detail
    setup, state, score = stepped.game.log.setup, stepped.game.state, stepped.score
    action = stepped.action
    assert isinstance(action, TurnAction)
    if score is not None:
        warn(score.warnings)
    if as_json:
        emit_json(report.doc)
        return 0
    echo(render.turn_sentence(action, setup.younger))
    if score is not None:
        echo(render.frame_text(score))
        echo(render.totals_line(setup, state))
    result = state.result(setup)
    echo(render.result_sentence(result) if result else render.next_turn_line(setup, state))
    echo(f"Recorded in {game_file}: version {report.version}.")
    return 0


@game.command("undo", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@by_option
@expect_version_option
@json_option
def game_undo(game_file: str, by: str | None, expect_version: int | None, as_json: bool) -> int:
    """Take back the latest action (recorded as an undo: nothing is lost).

    The undone frame may be recorded again (corrected). Exit 1 with reason
    nothing-to-undo when no action is left to take back.

    \b
    Example:
      referee outofsight game undo outofsight-game.yaml
    """
    report = service.undo(game_file, by=by, expect_version=expect_version)
    return _took(game_file, report, as_json, "undo")


@game.command("redo", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@by_option
@expect_version_option
@json_option
def game_redo(game_file: str, by: str | None, expect_version: int | None, as_json: bool) -> int:
    """Right after undo: put back the action the latest undo took back
    (recorded as a redo).

    Exit 1 with reason nothing-to-redo when the latest action is not an undo
    (or a redo with more to put back).

    \b
    Example:
      referee outofsight game undo outofsight-game.yaml
      referee outofsight game redo outofsight-game.yaml
    """
    report = service.redo(game_file, by=by, expect_version=expect_version)
    return _took(game_file, report, as_json, "redo")


def _took(game_file: str, report: Report, as_json: bool, kind: str) -> int:
    """What undo and redo print: the action taken back or put back, and the standing."""
    stepped: service.Stepped = report.detail
    setup, state, undone = stepped.game.log.setup, stepped.game.state, stepped.undone
    done = "Undone" if kind == "undo" else "Redone"
    if as_json:
        emit_json(report.doc)
    elif undone is None:
        echo(f"Nothing to {kind} ({game_file} is at version {report.version}).")
    else:
        echo(f"{done}: {render.describe(undone)}; {game_file} is at version {report.version}.")
        if isinstance(undone, TurnAction):
            if state.frames:
                echo(render.totals_line(setup, state))
            echo(render.next_turn_line(setup, state))
        else:
            echo(render.totals_line(setup, state))
    return report.exit_code


@game.command("show", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """Print the score pad: points per frame and in total, and the winner.

    \b
    Example:
      referee outofsight game show outofsight-game.yaml
    """
    report = service.show(game_file)
    current = report.game
    setup, state = current.log.setup, current.state
    warn(state.warnings())
    if as_json:
        emit_json(report.doc)
    else:
        echo(render.pad_text(setup, state, current.version))
    return 0
