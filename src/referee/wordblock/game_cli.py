"""Word Block games: ``referee wordblock game new/place/claim/move-block/
end-turn/undo/show/...``, whole games turn by turn (or a free scorepad) on the
game engine (:mod:`referee.engine`, :mod:`referee.wordblock.game`).

Thin, like :mod:`referee.wordblock.cli`, whose option helpers it shares;
importing this module adds the ``game`` group to the ``wordblock`` group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from referee.cli import (
    CONTEXT_SETTINGS,
    FilePath,
    GamePath,
    dictionary_options,
    echo,
    emit_json,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
)
from referee.core.errors import InputError, show
from referee.core.schema import bounded_int
from referee.wordblock import formats, render
from referee.wordblock.board import VALUE_SCHEMES, Card, normalise_word, parse_path
from referee.wordblock.cli import (
    card_at,
    claim_options,
    exclusion_option,
    lexicon_for,
    load_board,
    options,
    space_at,
    wordblock,
)
from referee.wordblock.exclusions import exclusions
from referee.wordblock.rules import Claim

if TYPE_CHECKING:
    from referee import engine
    from referee.wordblock.actions import Setup
    from referee.wordblock.game import Game


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


def _draws(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in (t for t in text.split(",") if t.strip()):
        name, sep, drawn = item.partition("=")
        if not sep:
            raise InputError(f"{show(item)}: expected PLAYER=LETTER, like blue=k", place="--draw")
        pairs.append((name, drawn))
    return pairs


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
    force: bool,
    as_json: bool,
) -> int:
    """Start a whole game, turn by turn (or with --free a scorepad).

    A game for 2-4 players starts on the 4 cards dealt face up (--grid) or on
    a board file; the first player is --first, the closest to z of the letters
    drawn (--draw), or the first listed. Hands start at 2 and each turn begins
    with a draw while the draw pile lasts. --free keeps a scorepad for any
    number of players on a board file or an empty 6x6 area.

    \b
    Example:
      referee wordblock game new --players blue,red,green --draw blue=k,red=x,green=m \\
          --grid s,h,a,e --values asteroid -o wordblock-three.yaml
      referee wordblock game new --free --players blue,red,green \\
          --board examples/wordblock/rulebook.yaml -o wordblock-free.yaml
    """
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME, summary
    from referee.wordblock.turns import HAND

    names = [p for p in players.split(",") if p.strip()]
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
        board = load_board(board_file) if board_file else None
        with options():
            setup = play.free_setup(names, board)
    else:
        setup = _turns_setup(names, grid, board_file, first, draw, deck_size, values)
    created = engine.create(GAME, output, setup, force=force)
    if as_json:
        emit_json({"output": output, **summary(created)})
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


def _turns_setup(
    names: list[str],
    grid: str | None,
    board_file: str | None,
    first: str | None,
    draw: str | None,
    deck_size: str | None,
    values: str | None,
) -> Setup:
    from referee.wordblock import play

    with options():
        play.seat(names)
    if first is not None and draw is not None:
        raise InputError("--first and --draw both say who starts: give one")
    if (grid is None) == (board_file is None):
        raise InputError(
            "--grid: give the 4 cards dealt face up (--grid a-1,b-4,c-4,d-1) or a --board "
            "file (one of them)"
        )
    size = bounded_int(deck_size, 0, 999, "--deck-size") if deck_size is not None else None
    with options():
        if board_file is not None:
            board = load_board(board_file, values)
        else:
            assert grid is not None
            cards = [Card.parse(t, "grid", values) for t in grid.split(",") if t.strip()]
            board = play.grid_board(cards)
        starts = first
        if draw is not None:
            starts = play.first_by_draw([p.strip().lower() for p in names], _draws(draw))
        return play.turns_setup(names, board=board, deck_size=size, first=starts, values=values)


def _turn_json(current: Game) -> dict[str, Any]:
    """What a step adds to its JSON in a turn-by-turn game: the turn and phase now."""
    table = current.state.table
    if table is None:
        return {}
    return {"turn": table.turn(), "over": table.over}


def _recorded_json(acted: engine.Acted[Any, Any, Any, Any]) -> dict[str, Any]:
    """What every recorded step adds to its verdict: recorded, version, whose turn."""
    return {"recorded": acted.recorded, "version": acted.version, **_turn_json(acted.game)}


def _refused(refusal: engine.Refusal, acted: Any, as_json: bool) -> int:
    """A step the turn does not allow: exit 1, nothing recorded."""
    if as_json:
        emit_json(
            {
                "valid": False,
                "reason": refusal.reason,
                "explanation": refusal.detail,
                "recorded": False,
                "version": acted.version,
                **_turn_json(acted.game),
            }
        )
    else:
        echo(f"Refused: {refusal.reason}: {refusal.detail}.")
    return 1


def _status(current: Game) -> None:
    """After a step of a turn-by-turn game: what the rules allow next."""
    table = current.state.table
    if table is not None:
        echo(render.status_text(table))


@game.command("claim", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("word")
@lambda f: claim_options(f, player_required=False)
@dictionary_options
@exclusion_option
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
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    with options():
        the_word = normalise_word(word)
    lexicon = lexicon_for(dictionary, allow)

    def decide(current: Game) -> engine.Decision[Any, Claim | engine.Refusal]:
        board = current.state.board
        with options():
            path = parse_path(path_text, board) if path_text is not None else None
            action, verdict = play.claim(
                current.log.setup,
                current.state,
                the_word,
                player,
                lexicon,
                path=path,
                challenged_by=challenged_by,
                exclusions=frozenset() if no_exclusions else exclusions(),
                allowed=lexicon.extra,
            )
        return engine.Decision(action, verdict)

    acted = engine.act(GAME, game_file, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(verdict, acted, as_json)
    totals = acted.game.state.totals
    if as_json:
        emit_json(
            {
                **verdict.to_dict(),
                "dictionary": lexicon.describe(),
                "exclusions": not no_exclusions,
                "recorded": acted.recorded,
                "totals": dict(totals),
                "version": acted.version,
                **_turn_json(acted.game),
            }
        )
    else:
        echo(render.claim_text(verdict))
        echo(render.totals_text(totals) if acted.recorded else "Nothing recorded.")
        _status(acted.game)
    return 0 if verdict.valid else 1


@game.command("place", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("card")
@click.option("--at", "at_name", required=True, metavar="CELL", help="The space, e.g. B5.")
@click.option(
    "--player",
    metavar="NAME",
    help="Who plays the card: in a whole game, the player whose turn it is (the default).",
)
@expect_version_option
@json_option
def game_place(
    game_file: str,
    card: str,
    at_name: str,
    player: str | None,
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
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    at = space_at(at_name, "at")

    def decide(current: Game) -> engine.Decision[Any, Any]:
        setup = current.log.setup
        the_card = card_at(card, setup.turns.values if setup.turns else None)
        with options():
            action, verdict = play.place(setup, current.state, the_card, at, player)
        return engine.Decision(action, verdict)

    acted = engine.act(GAME, game_file, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(verdict, acted, as_json)
    if as_json:
        emit_json({**verdict.to_dict(), **_recorded_json(acted)})
    elif verdict.valid:
        extra = f" (discard {verdict.replaces})" if verdict.replaces else ""
        echo(f"{verdict.card} played on {at.name}{extra}.")
        _status(acted.game)
    else:
        echo(f"{verdict.card} cannot go on {at.name}: {verdict.reason}: {verdict.explanation}.")
    return 0 if verdict.valid else 1


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
@expect_version_option
@json_option
def game_move_block(
    game_file: str,
    player: str | None,
    from_name: str | None,
    to_name: str,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Put a block on a card of the game's board (the same check as 'wordblock move-block').

    In a whole game: once per turn, after the card is played (and any claim).

    \b
    Example:
      referee wordblock game move-block wordblock-scorepad.yaml --player blue --to B4
    """
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    def decide(current: Game) -> engine.Decision[Any, Any]:
        board = current.state.board
        with options():
            src = board.cell(from_name, "from") if from_name is not None else None
            to = board.cell(to_name, "to")
            action, verdict = play.move_block(current.log.setup, current.state, player, src, to)
        return engine.Decision(action, verdict)

    acted = engine.act(GAME, game_file, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(verdict, acted, as_json)
    if as_json:
        emit_json({**verdict.to_dict(), **_recorded_json(acted)})
    else:
        src, to = verdict.from_, verdict.to
        if verdict.valid:
            origin = f"from {src.name}" if src else "from reserve"
            echo(f"{verdict.player} moves a block {origin} to {to.name}.")
            _status(acted.game)
        else:
            echo(
                f"{verdict.player} cannot put a block on {to.name}: "
                f"{verdict.reason}: {verdict.explanation}."
            )
    return 0 if verdict.valid else 1


@game.command("end-turn", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option("--player", metavar="NAME", help="Whose turn ends (if given, it must be theirs).")
@expect_version_option
@json_option
def game_end_turn(
    game_file: str, player: str | None, expect_version: int | None, as_json: bool
) -> int:
    """End the turn (after the card is played): the next player draws and plays.

    The game is over when the turn in which the last card was played ends.

    \b
    Example:
      referee wordblock game end-turn wordblock-game.yaml
    """
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    def decide(current: Game) -> engine.Decision[Any, Any]:
        with options():
            action, result = play.end_turn(current.log.setup, current.state, player)
        return engine.Decision(action, result)

    acted = engine.act(GAME, game_file, decide, expect_version=expect_version)
    if isinstance(acted.result, engine.Refusal):
        return _refused(acted.result, acted, as_json)
    state = acted.game.state
    if as_json:
        emit_json(
            {
                "valid": True,
                "player": acted.result.player,
                "recorded": True,
                "version": acted.version,
                **_turn_json(acted.game),
                "winners": state.winners(),
                "totals": dict(state.totals),
            }
        )
    else:
        echo(f"{acted.result.player}'s turn ends.")
        _status(acted.game)
        if state.over:
            echo(render.winners_text(state.winners(), state.totals))
    return 0


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
    from referee import engine
    from referee.wordblock.game import GAME, entry_numbers, summary

    current = engine.load(GAME, game_file)
    if as_json:
        emit_json(summary(current))
        return 0
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
@expect_version_option
@json_option
def game_undo(game_file: str, expect_version: int | None, as_json: bool) -> int:
    """Take back the last action still in force (recorded as an 'undo' action).

    Exit 0 if an action was undone, 1 if there was nothing to undo.

    \b
    Example:
      referee wordblock game undo wordblock-game.yaml
    """
    from referee import engine
    from referee.wordblock.game import GAME

    acted = engine.undo(GAME, game_file, expect_version=expect_version)
    totals = acted.game.state.totals
    undone = acted.result
    if isinstance(undone, engine.Refusal):
        if as_json:
            emit_json(
                {
                    "valid": False,
                    "undone": None,
                    "reason": undone.reason,
                    "explanation": undone.detail,
                    "totals": dict(totals),
                    "version": acted.version,
                    **_turn_json(acted.game),
                }
            )
        else:
            echo("Nothing to undo.")
        return 1
    if as_json:
        emit_json(
            {
                "valid": True,
                "undone": formats.write_action(undone),
                "reason": None,
                "explanation": None,
                "totals": dict(totals),
                "version": acted.version,
                **_turn_json(acted.game),
            }
        )
    else:
        echo(f"Undone: {render.describe(undone)}.")
        echo(render.totals_text(totals))
        _status(acted.game)
    return 0
