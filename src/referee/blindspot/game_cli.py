"""Blind Spot games: ``referee blindspot game new/play/bonus/skip-bonus/timeout/
undo/show/hint``, the game file first.

Thin: options become values (files read by :mod:`referee.blindspot.formats`),
the game's service (:mod:`referee.blindspot.service`) does the step, and the
report is printed as JSON or as the board and a few lines. Every command that
changes a game runs under the engine's lock (:mod:`referee.engine`).
"""

from __future__ import annotations

from typing import Any

import click

from referee.blindspot import service
from referee.blindspot.cli import catalog_option, cell_at
from referee.blindspot.formats import load_layout
from referee.blindspot.render import format_plays, game_summary, outcome_lines, render_board, status
from referee.cli import CONTEXT_SETTINGS, Group
from referee.cli.options import (
    BoundedInt,
    FilePath,
    GamePath,
    dictionary_options,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
)
from referee.cli.output import echo, emit_json
from referee.core.dictionary import open_lexicon, read_word_list
from referee.service import Report


@click.group("blindspot", cls=Group, context_settings=CONTEXT_SETTINGS)
def blindspot() -> None:
    """Blind Spot games: a live game file the referee advances move by move.

    \b
    Example:
      referee blindspot game new --layout setups/sample.yaml --players red,blue \\
          -o blindspot-game.yaml
      referee blindspot game play blindspot-game.yaml pet --at G1
      referee blindspot game show blindspot-game.yaml
    """


@blindspot.group("game", context_settings=CONTEXT_SETTINGS)
def game() -> None:
    """Start, advance, show and undo a Blind Spot game kept in a file.

    Every action is added to the file under a lock and written atomically; the
    state is replayed from the actions, so nothing is ever lost and undo is an
    action. Each recorded action adds one to the game's version.

    \b
    Example:
      referee blindspot game play blindspot-game.yaml tale --at E4
      referee blindspot game play blindspot-game.yaml planet --at E8   # earns the bonus
    """


# ------------------------------------------------------------------ output


def _print(path: str, report: Report, as_json: bool, headline: str | None = None) -> int:
    """What every game command prints: the report's JSON, or the board and a
    few lines."""
    if as_json:
        emit_json(report.doc)
        return report.exit_code
    stepped: service.Stepped = report.detail
    current, action, outcome = stepped.game, stepped.action, stepped.outcome
    setup, state = current.log.setup, current.state
    verdict = outcome.verdict if outcome is not None else None
    new = action.at if action is not None and action.kind in ("play", "bonus") else None
    marks = verdict.play.cells if verdict is not None and verdict.play else ()
    echo(render_board(setup.board, state.covered(), new=new, word_cells=marks, style=click.style))
    echo()
    if headline:
        echo(headline)
    if action is not None and outcome is not None:
        for line in outcome_lines(action.describe(setup.name_of(action.player)), outcome):
            echo(line)
    echo(status(setup, state, path))
    return report.exit_code


_player_option = click.option(
    "--player",
    metavar="NAME",
    help="The player acting, by name or colour (default: whoever's turn it is).",
)

_by_option = click.option(
    "--by",
    metavar="NAME",
    help="Who entered this step (a player's name; kept in the history).",
)


def _words(dictionary: str | None, allow: str | None) -> dict[str, Any]:
    """``--dictionary`` and ``--allow`` as the service's values (opened only if given)."""
    return {
        "dictionary": open_lexicon(dictionary) if dictionary else None,
        "allow": read_word_list(allow, "allow list") if allow else None,
    }


# ---------------------------------------------------------------- commands


@game.command("new")
@click.option(
    "--layout", required=True, metavar="FILE", type=FilePath(), help="Layout or setup file (YAML)."
)
@click.option(
    "--players",
    metavar="NAME,...",
    default="",
    help="Players in turn order, each NAME:COLOUR (ana:red,ben:blue) or a colour "
    "(red,blue: named by their colour); the first listed starts; in a team game the "
    "teams sit alternately.",
)
@click.option("--teams", is_flag=True, help="Four players: red+yellow against blue+green.")
@click.option("--solo", is_flag=True, help="Solo play: blue and red alternate, blue first.")
@catalog_option
@new_game_option
@force_option
@dictionary_options
@json_option
def game_new(
    layout: str,
    players: str,
    teams: bool,
    solo: bool,
    catalog: str | None,
    output: str,
    force: bool,
    dictionary: str | None,
    allow: str | None,
    as_json: bool,
) -> int:
    """Start a game on a layout (version 0); the dictionary options are kept
    for the game. Without --force an existing file is never replaced.

    \b
    Example:
      referee blindspot game new --layout setups/seed-2024.yaml \\
          --players Ana:red,Ben:blue,Cleo:yellow -o blindspot-three.yaml
      referee blindspot game new --layout setups/sample.yaml --players red,blue,yellow,green \\
          --teams -o blindspot-teams.yaml
      referee blindspot game new --layout setups/seed-2024.yaml --solo -o blindspot-solo.yaml
    """
    if solo and teams:
        raise click.UsageError("--solo and --teams cannot be combined")
    seats = [p for p in players.split(",") if p.strip()]
    if not seats and not solo:
        raise click.UsageError("give --players (e.g. red,blue) or --solo")
    report = service.new(
        output,
        layout=load_layout(layout, catalog),
        players=seats,
        teams=teams,
        solo=solo,
        force=force,
        **_words(dictionary, allow),
    )
    if output == "-":
        return 0  # the game file went to stdout, and nothing else may
    mode = report.detail.game.log.setup.mode
    return _print(output, report, as_json, headline=f"New {mode} game in {output}.")


@game.command("play")
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("word")
@click.option(
    "--at", "at_name", required=True, metavar="CELL", help="The cell the new spot covers."
)
@_player_option
@dictionary_options
@_by_option
@expect_version_option
@json_option
def game_play(
    game_file: str,
    word: str,
    at_name: str,
    player: str | None,
    dictionary: str | None,
    allow: str | None,
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Judge a play exactly as check-word does; if legal, place the spot.

    Exit 0 if the play is accepted, 1 if not (with check-word's reason, or
    not-your-turn, game-over, bonus-owed, no-spots-left).

    \b
    Example:
      referee blindspot game play blindspot-game.yaml seas --at D1
      referee blindspot game play blindspot-game.yaml cat --at H5   # no: exit 1
      referee blindspot game play blindspot-game.yaml tact --at H6
    """
    report = service.play(
        game_file,
        word=word,
        at=cell_at(at_name),
        player=player,
        by=by,
        expect_version=expect_version,
        **_words(dictionary, allow),
    )
    return _print(game_file, report, as_json)


@game.command("bonus")
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option("--at", "at_name", required=True, metavar="CELL", help="Any vacant cell.")
@_by_option
@expect_version_option
@json_option
def game_bonus(
    game_file: str, at_name: str, by: str | None, expect_version: int | None, as_json: bool
) -> int:
    """Place the farsighted bonus spot on any vacant cell (it need form no word).

    \b
    Example:
      referee blindspot game bonus blindspot-game.yaml --at A5
    """
    report = service.bonus(game_file, at=cell_at(at_name), by=by, expect_version=expect_version)
    return _print(game_file, report, as_json)


@game.command("skip-bonus")
@click.argument("game_file", metavar="GAME", type=GamePath())
@_by_option
@expect_version_option
@json_option
def game_skip_bonus(
    game_file: str, by: str | None, expect_version: int | None, as_json: bool
) -> int:
    """Decline the farsighted bonus spot.

    \b
    Example:
      referee blindspot game play blindspot-game.yaml action --at D6   # earns the bonus
      referee blindspot game skip-bonus blindspot-game.yaml
    """
    report = service.skip_bonus(game_file, by=by, expect_version=expect_version)
    return _print(game_file, report, as_json)


@game.command("timeout")
@click.argument("game_file", metavar="GAME", type=GamePath())
@_player_option
@click.option(
    "--anyway",
    is_flag=True,
    help="Solo play: take the glasses spot although a word exists (recorded as forced).",
)
@dictionary_options
@_by_option
@expect_version_option
@json_option
def game_timeout(
    game_file: str,
    player: str | None,
    anyway: bool,
    dictionary: str | None,
    allow: str | None,
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """The player failed to spot a word: a spot goes on the glasses tile.

    The first unlocks diagonals (for the whole team in a team game); the second
    eliminates the player (in a team game the team loses). In solo play it is
    refused while the colour still has a legal play (one is shown), unless
    --anyway.

    \b
    Example:
      referee blindspot game timeout blindspot-game.yaml
    """
    report = service.timeout(
        game_file,
        player=player,
        anyway=anyway,
        by=by,
        expect_version=expect_version,
        **_words(dictionary, allow),
    )
    return _print(game_file, report, as_json)


@game.command("undo")
@click.argument("game_file", metavar="GAME", type=GamePath())
@_by_option
@expect_version_option
@json_option
def game_undo(game_file: str, by: str | None, expect_version: int | None, as_json: bool) -> int:
    """Take back the last action in force (recorded as an undo: nothing is lost).

    Exit 1 with nothing-to-undo when no action is left to take back.

    \b
    Example:
      referee blindspot game undo blindspot-game.yaml
    """
    report = service.undo(game_file, by=by, expect_version=expect_version)
    undone = report.detail.undone
    setup = report.detail.game.log.setup
    headline = f"Took back: {service.brief_action(setup, undone)}." if undone is not None else None
    return _print(game_file, report, as_json, headline=headline)


@game.command("redo")
@click.argument("game_file", metavar="GAME", type=GamePath())
@_by_option
@expect_version_option
@json_option
def game_redo(game_file: str, by: str | None, expect_version: int | None, as_json: bool) -> int:
    """Right after undo: put back the action the latest undo took back
    (recorded as a redo).

    Exit 1 with nothing-to-redo when the latest action is not an undo (or a
    redo with more to put back).

    \b
    Example:
      referee blindspot game undo blindspot-game.yaml
      referee blindspot game redo blindspot-game.yaml
    """
    report = service.redo(game_file, by=by, expect_version=expect_version)
    redone = report.detail.redone
    setup = report.detail.game.log.setup
    headline = f"Put back: {service.brief_action(setup, redone)}." if redone is not None else None
    return _print(game_file, report, as_json, headline=headline)


@game.command("show")
@click.argument("game_file", metavar="GAME", type=GamePath())
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """The board with every spot, the glasses tile, whose turn, who is out, the winner.

    A file edited by hand into an impossible state is reported with the first
    impossible action and its index (exit 2).

    \b
    Example:
      referee blindspot game show blindspot-game.yaml
    """
    report = service.show(game_file)
    if as_json:
        emit_json(report.doc)
        return 0
    current = report.detail
    setup, state = current.log.setup, current.state
    echo(render_board(setup.board, state.covered(), style=click.style))
    echo()
    for line in game_summary(setup, state, current.version):
        echo(line)
    echo(status(setup, state, game_file))
    return 0


@game.command("hint")
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option(
    "--min-length",
    type=BoundedInt(3, 99),
    metavar="N",
    default=3,
    show_default=True,
    help="Shortest word.",
)
@dictionary_options
@json_option
def game_hint(
    game_file: str, min_length: int, dictionary: str | None, allow: str | None, as_json: bool
) -> int:
    """Every legal play for the player whose turn it is (as `referee words`).

    \b
    Example:
      referee blindspot game hint blindspot-game.yaml
    """
    report = service.hint(game_file, min_length=min_length, **_words(dictionary, allow))
    if as_json:
        emit_json(report.doc)
    elif report.reason == "game-over":
        echo("The game is over.")
    else:
        _, player, plays = report.detail
        echo(format_plays(plays, player, None))
    return report.exit_code
