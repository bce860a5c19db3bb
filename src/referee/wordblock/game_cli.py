"""Word Block games: ``referee wordblock game new/place/claim/move-block/
end-turn/undo/show/...``, whole games turn by turn (or a free scorepad) on the
game engine (:mod:`referee.engine`, :mod:`referee.wordblock.game`).

Thin, like :mod:`referee.wordblock.cli`, whose option helpers it shares:
options become values (board files read by :mod:`referee.wordblock.formats`),
the game's service (:mod:`referee.wordblock.service`) takes the step under the
engine's lock, and the report is printed as JSON or as a few lines. Importing
this module adds the ``game`` group to the ``wordblock`` group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from referee.cli import CONTEXT_SETTINGS
from referee.cli.options import (
    FilePath,
    GamePath,
    dictionary_options,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
)
from referee.cli.output import echo, emit_json
from referee.core.dictionary import read_word_list
from referee.core.errors import InputError
from referee.core.schema import bounded_int
from referee.service import Report
from referee.wordblock import render, service
from referee.wordblock.board import VALUE_SCHEMES
from referee.wordblock.cli import (
    claim_options,
    exclusion_option,
    lexicon_for,
    load_board,
    wordblock,
)
from referee.wordblock.rules import JUDGING

if TYPE_CHECKING:
    from referee.wordblock.game import Game

by_option = click.option(
    "--by", metavar="NAME", help="Who entered this step (a player's name; kept in the history)."
)


@wordblock.group("game", context_settings=CONTEXT_SETTINGS)
def game() -> None:
    """A whole game turn by turn, or a free scorepad, on the game engine.

    The referee knows whose turn it is and which phase of it (play a card,
    claim a word, move a block, end the turn), counts the cards in the hands
    and the draw pile, refuses what the rules refuse and knows when the game
    is over. The game file keeps every action (undo included); every change
    happens under a lock and is written atomically, and --expect-version N
    refuses a change to a game that moved on.

    \b
    Example:
      referee wordblock game new --players blue,red --draw blue=k,red=x \\
          --grid s,h,a,e --values asteroid -o wordblock-game.yaml
      referee wordblock game place wordblock-game.yaml t --at B2
      referee wordblock game show wordblock-game.yaml
    """


@game.command("new", no_args_is_help=True)
@click.option(
    "--players", required=True, metavar="NAME,...", help="Comma-separated, in seating order."
)
@new_game_option
@click.option(
    "--grid",
    metavar="CARDS",
    help="The 4 cards dealt face up, row by row (a-1,b-4,c-4,d-1): they go in the middle "
    "of a 6x6 area.",
)
@click.option(
    "--board",
    "board_file",
    metavar="FILE",
    type=FilePath(),
    help="Start on this board file instead (its cards are part of the deck).",
)
@click.option("--first", metavar="NAME", help="Who plays first (default: the first listed).")
@click.option(
    "--draw",
    metavar="DRAWS",
    help="Each player's drawn letter (blue=k,red=x): closest to z plays first.",
)
@click.option(
    "--deck-size",
    metavar="N",
    help="28 or 40 cards (default: 28 for 2 players, 40 for 3-4).",
)
@click.option(
    "--values",
    type=click.Choice(VALUE_SCHEMES),
    help="Cards without values: write bare letters (q), valued by the rulebook's scheme.",
)
@click.option(
    "--free",
    is_flag=True,
    help="A free scorepad instead: no turns, no end, any number of players.",
)
@click.option(
    "--judging",
    type=click.Choice(JUDGING),
    help="challenge: only a challenge looks a word up, an unchallenged word stands (a whole "
    "game's default); strict: the referee refuses words its dictionary does not know (a "
    "free scorepad's default).",
)
@click.option(
    "--series",
    "series_files",
    multiple=True,
    metavar="FILE",
    type=FilePath(),
    help="An earlier game of the series (repeat the option, in order): its claimed words "
    "cannot be claimed again.",
)
@dictionary_options
@force_option
@json_option
def game_new(
    players: str,
    output: str,
    grid: str | None,
    board_file: str | None,
    first: str | None,
    draw: str | None,
    deck_size: str | None,
    values: str | None,
    free: bool,
    judging: str | None,
    series_files: tuple[str, ...],
    dictionary: str | None,
    allow: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Start a whole game, turn by turn (or with --free a scorepad).

    A game for 2-4 players starts on the 4 cards dealt face up (--grid) or on
    a board file; the first player is --first, the closest to z of the letters
    drawn (--draw), or the first listed. Hands start at 2 and each turn begins
    with a draw while the draw pile lasts. --free keeps a scorepad for any
    number of players on a board file or an empty 6x6 area.

    Claims are judged by challenge (--judging challenge, a whole game's
    default): an unchallenged word stands and scores; only a challenge looks
    it up, in the game's --dictionary and --allow house words if given (then
    a claim cannot name its own). --judging strict refuses any word the
    dictionary does not know. --series names the earlier games of a series,
    in order: their words cannot be claimed again.

    \b
    Example:
      referee wordblock game new --players blue,red,green --draw blue=k,red=x,green=m \\
          --grid s,h,a,e --values asteroid -o wordblock-three.yaml
      referee wordblock game new --free --players blue,red,green \\
          --board examples/wordblock/rulebook.yaml -o wordblock-free.yaml
    """
    from referee.wordblock.turns import HAND

    names = [p for p in players.split(",") if p.strip()]
    kept: dict[str, Any] = {
        "judging": judging,
        "dictionary": lexicon_for(dictionary, None) if _given("dictionary") else None,
        "allow": read_word_list(allow, "allow list") if allow else None,
        "series": [service.series_game(f) for f in series_files],
    }
    if free:
        given = [
            option
            for option, value in (
                ("--grid", grid),
                ("--first", first),
                ("--draw", draw),
                ("--deck-size", deck_size),
                ("--values", values),
            )
            if value is not None
        ]
        if given:
            raise InputError(f"{given[0]}: a free scorepad has no turns, deck or draw")
        report = service.new(
            output,
            players=names,
            board=load_board(board_file) if board_file else None,
            free=True,
            force=force,
            **kept,
        )
    else:
        service.seat(names)  # the players first, then how the game starts
        if first is not None and draw is not None:
            raise InputError("--first and --draw both say who starts: give one")
        if (grid is None) == (board_file is None):
            raise InputError(
                "--grid: give the 4 cards dealt face up (--grid a-1,b-4,c-4,d-1) or a --board "
                "file (one of them)"
            )
        report = service.new(
            output,
            players=names,
            grid=grid,
            board=load_board(board_file, values) if board_file is not None else None,
            first=first,
            draw=draw,
            deck_size=bounded_int(deck_size, 0, 999, "deck_size")
            if deck_size is not None
            else None,
            values=values,
            force=force,
            **kept,
        )
    created: Game = report.game
    setup = created.log.setup
    if as_json:
        emit_json(report.doc)
    elif output != "-":  # to stdout, the game file is all that is printed
        echo(f"New Word Block game for {', '.join(setup.players)} in {output}.")
        if created.state.table is not None:
            assert setup.turns is not None
            table = created.state.table
            dealt = len(setup.board.cards) + HAND * len(setup.players)
            echo(
                f"{setup.turns.first} plays first. A deck of {setup.turns.deck_size}: "
                f"{len(setup.board.cards)} cards on the board, {HAND} in each hand, "
                f"{setup.turns.deck_size - dealt} in the draw pile."
            )
            echo(render.status_text(table))
    return 0


def _status(current: Game) -> None:
    """After a step of a turn-by-turn game: what the rules allow next."""
    table = current.state.table
    if table is not None:
        echo(render.status_text(table))


def _refused(report: Report, as_json: bool) -> int | None:
    """A step the turn does not allow (exit 1, nothing recorded): printed,
    and its exit code; ``None`` for any other report."""
    from referee.engine import Refusal

    stepped: service.Stepped = report.detail
    refusal = stepped.result
    if not isinstance(refusal, Refusal):
        return None
    if as_json:
        emit_json(report.doc)
    else:
        echo(f"Refused: {refusal.reason}: {refusal.detail}.")
    return report.exit_code


def _given(name: str) -> bool:
    """Was option ``name`` given on the command line (not by its environment
    variable, which names the default dictionary)?"""
    from click.core import ParameterSource

    ctx = click.get_current_context()
    source = ctx.get_parameter_source(name)
    return ctx.params.get(name) is not None and source is not ParameterSource.ENVIRONMENT


@game.command("claim", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("word")
@lambda f: claim_options(f, player_required=False)
@dictionary_options
@exclusion_option
@by_option
@expect_version_option
@json_option
def game_claim(
    game_file: str,
    word: str,
    player: str | None,
    path_text: str | None,
    challenged_by: str | None,
    dictionary: str | None,
    allow: str | None,
    no_exclusions: bool,
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Claim a word: score it, discard the blocked cards, record the word.

    In a whole game the claimer is whoever's turn it is (--player, if given,
    must be them), after their card is played; a scorepad needs --player. A
    refused claim records nothing, except a lost challenge (the claimer loses
    5) and, in a whole game, a repeated word: either ends the player's claiming
    this turn. Exit 0 if the claim scores, 1 if it is refused.

    \b
    Example:
      referee wordblock game new --free --players blue,red,green \\
          --board examples/wordblock/rulebook.yaml -o wordblock-scorepad.yaml
      referee wordblock game claim wordblock-scorepad.yaml shash --player blue \\
          --challenged-by red   # no: exit 1
      referee wordblock game claim wordblock-scorepad.yaml quash --player red
    """
    report = service.claim(
        game_file,
        word=word,
        player=player,
        walk=path_text,
        challenged_by=challenged_by,
        dictionary=lexicon_for(dictionary, None) if _given("dictionary") else None,
        allow=read_word_list(allow, "allow list") if allow else None,
        no_exclusions=no_exclusions,
        by=by,
        expect_version=expect_version,
    )
    refused = _refused(report, as_json)
    if refused is not None:
        return refused
    stepped: service.Stepped = report.detail
    if as_json:
        emit_json(report.doc)
    else:
        echo(render.claim_text(stepped.result))
        totals = stepped.game.state.totals
        echo(render.totals_text(totals) if stepped.recorded else "Nothing recorded.")
        _status(stepped.game)
    return report.exit_code


@game.command("place", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("card")
@click.option("--at", "at_name", required=True, metavar="CELL", help="The space, e.g. B5.")
@click.option(
    "--player",
    metavar="NAME",
    help="Who plays the card: in a whole game, the player whose turn it is (the default).",
)
@by_option
@expect_version_option
@json_option
def game_place(
    game_file: str,
    card: str,
    at_name: str,
    player: str | None,
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Play a card on the game's board (the same check as 'wordblock place').

    In a whole game this is the turn's first step (after the draw, which the
    referee counts), once per turn while the player holds cards.

    \b
    Example:
      referee wordblock game place wordblock-scorepad.yaml t-1 --at B5 --player green
    """
    report = service.place(
        game_file, card=card, at=at_name, player=player, by=by, expect_version=expect_version
    )
    refused = _refused(report, as_json)
    if refused is not None:
        return refused
    stepped: service.Stepped = report.detail
    verdict = stepped.result
    if as_json:
        emit_json(report.doc)
    elif verdict.valid:
        extra = f" (discard {verdict.replaces})" if verdict.replaces else ""
        echo(f"{verdict.card} played on {verdict.at.name}{extra}.")
        _status(stepped.game)
    else:
        echo(
            f"{verdict.card} cannot go on {verdict.at.name}: "
            f"{verdict.reason}: {verdict.explanation}."
        )
    return report.exit_code


@game.command("move-block", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option(
    "--player",
    metavar="NAME",
    help="Whose block: in a whole game, the player whose turn it is (the default).",
)
@click.option(
    "--from", "from_name", metavar="CELL", help="The block to move (default: one from reserve)."
)
@click.option("--to", "to_name", required=True, metavar="CELL", help="The card to put it on.")
@by_option
@expect_version_option
@json_option
def game_move_block(
    game_file: str,
    player: str | None,
    from_name: str | None,
    to_name: str,
    by: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Put a block on a card of the game's board (the same check as 'wordblock move-block').

    In a whole game: once per turn, after the card is played (and any claim).

    \b
    Example:
      referee wordblock game move-block wordblock-scorepad.yaml --player blue --to B4
    """
    report = service.move_block(
        game_file,
        player=player,
        from_=from_name,
        to=to_name,
        by=by,
        expect_version=expect_version,
    )
    refused = _refused(report, as_json)
    if refused is not None:
        return refused
    stepped: service.Stepped = report.detail
    verdict = stepped.result
    if as_json:
        emit_json(report.doc)
    else:
        src, to = verdict.from_, verdict.to
        if verdict.valid:
            origin = f"from {src.name}" if src else "from reserve"
            echo(f"{verdict.player} moves a block {origin} to {to.name}.")
            _status(stepped.game)
        else:
            echo(
                f"{verdict.player} cannot put a block on {to.name}: "
                f"{verdict.reason}: {verdict.explanation}."
            )
    return report.exit_code


@game.command("end-turn", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option("--player", metavar="NAME", help="Whose turn ends (if given, it must be theirs).")
@by_option
@expect_version_option
@json_option
def game_end_turn(
    game_file: str, player: str | None, by: str | None, expect_version: int | None, as_json: bool
) -> int:
    """End the turn (after the card is played): the next player draws and plays.

    The game is over when the turn in which the last card was played ends.

    \b
    Example:
      referee wordblock game end-turn wordblock-game.yaml
    """
    report = service.end_turn(game_file, player=player, by=by, expect_version=expect_version)
    refused = _refused(report, as_json)
    if refused is not None:
        return refused
    stepped: service.Stepped = report.detail
    state = stepped.game.state
    if as_json:
        emit_json(report.doc)
    else:
        echo(f"{stepped.result.player}'s turn ends.")
        _status(stepped.game)
        if state.over:
            echo(render.winners_text(state.winners(), state.totals))
    return report.exit_code


@game.command("show", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """Print the scorepad (words and running totals), the board and whose turn it is.

    \b
    Example:
      referee wordblock game show wordblock-game.yaml
      referee wordblock game show wordblock-scorepad.yaml
    """
    from referee.wordblock.game import entry_numbers

    report = service.show(game_file)
    if as_json:
        emit_json(report.doc)
        return 0
    current: Game = report.detail
    state = current.state
    lines = [
        (n, line.action, line.totals)
        for n, line in zip(entry_numbers(current), state.lines, strict=True)
    ]
    echo(render.scorepad_text(current.log.setup.players, state.totals, lines, state.over))
    echo()
    echo(render.board_text(state.board))
    if state.table is not None:
        echo()
        echo(render.table_text(state.table))
        if state.over:
            echo(render.winners_text(state.winners(), state.totals))
    return 0


@game.command("undo", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@by_option
@expect_version_option
@json_option
def game_undo(game_file: str, by: str | None, expect_version: int | None, as_json: bool) -> int:
    """Take back the last action still in force (recorded as an 'undo' action).

    Exit 0 if an action was undone, 1 if there was nothing to undo.

    \b
    Example:
      referee wordblock game undo wordblock-game.yaml
    """
    report = service.undo(game_file, by=by, expect_version=expect_version)
    stepped: service.Stepped = report.detail
    if as_json:
        emit_json(report.doc)
    elif not report.valid:
        echo("Nothing to undo.")
    else:
        echo(f"Undone: {render.describe(stepped.result)}.")
        echo(render.totals_text(stepped.game.state.totals))
        _status(stepped.game)
    return report.exit_code


@game.command("redo", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@by_option
@expect_version_option
@json_option
def game_redo(game_file: str, by: str | None, expect_version: int | None, as_json: bool) -> int:
    """Right after undo: put back the action the latest undo took back
    (recorded as a 'redo' action).

    Exit 0 if an action was put back, 1 if there was nothing to redo (the
    latest action is not an undo, or a redo with more to put back).

    \b
    Example:
      referee wordblock game undo wordblock-game.yaml
      referee wordblock game redo wordblock-game.yaml
    """
    report = service.redo(game_file, by=by, expect_version=expect_version)
    stepped: service.Stepped = report.detail
    if as_json:
        emit_json(report.doc)
    elif not report.valid:
        echo("Nothing to redo.")
    else:
        echo(f"Redone: {render.describe(stepped.result)}.")
        echo(render.totals_text(stepped.game.state.totals))
        _status(stepped.game)
    return report.exit_code
