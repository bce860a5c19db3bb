"""Word Block commands: ``score-claim`` and the ``wordblock`` group.

Thin: parse the options, call the rules (:mod:`referee.wordblock.rules`) or
the game on the engine (:mod:`referee.wordblock.game`), print the answer. The
rules name places neutrally ("player", "at"); :func:`options` maps them to
this command line's options. Errors become exit 2 in one place
(:func:`referee.cli.run_mapped`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

from referee.cli import (
    CONTEXT_SETTINGS,
    F,
    FilePath,
    GamePath,
    batch_field,
    complete_dictionary,
    dictionary_options,
    echo,
    emit_json,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
    no_stdin_files,
    run_batch,
)
from referee.core.cells import Cell
from referee.core.dictionary import (
    Dictionary,
    is_path_spec,
    is_scowl_spec,
    open_dictionary,
    open_scowl,
    read_word_list,
)
from referee.core.errors import InputError, show
from referee.core.files import display_name, load_mapping, reading, write_text
from referee.core.schema import Value, bounded_int
from referee.wordblock import formats, render
from referee.wordblock.board import VALUE_SCHEMES, Board, Card, normalise_word, parse_path
from referee.wordblock.exclusions import exclusions
from referee.wordblock.rules import Claim, check_move, check_place, judge_claim

if TYPE_CHECKING:
    from referee import engine
    from referee.wordblock.actions import Setup
    from referee.wordblock.game import Game

# The games (engine, turns) and hint's index are imported by the commands that
# use them: score-claim, one process per claim, loads only what it needs.

OPTION_NAMES = {
    "player": "--player",
    "players": "--players",
    "first": "--first",
    "draw": "--draw",
    "grid": "--grid",
    "deck_size": "--deck-size",
    "challenged_by": "--challenged-by",
    "path": "--path",
    "at": "--at",
    "from": "--from",
    "to": "--to",
    "board": "--board",
    "card": "CARD",
    "word": "WORD",
}
"""The rules' neutral places and the options that give them."""


@contextlib.contextmanager
def options() -> Iterator[None]:
    """Errors of the rules raised inside name this command line's options."""
    try:
        yield
    except InputError as exc:
        raise exc.renamed(OPTION_NAMES) from None


# ----------------------------------------------------------------------- loading


def load_board(path: str, values: str | None = None) -> Board:
    data = load_mapping(path, "board file")
    with reading(path):
        return formats.read_board(Value(data), values)


def _exclusion_option(f: F) -> F:
    return click.option(
        "--no-exclusions",
        is_flag=True,
        help="Accept the abbreviations on the shipped exclusion list (etc, adj, avg, ...).",
    )(f)


def _claim_options(f: F, player_required: bool = True) -> F:
    f = click.option(
        "--challenged-by",
        metavar="NAME",
        help="A player challenges the word: whoever the dictionary proves wrong loses 5.",
    )(f)
    f = click.option(
        "--path",
        "path_text",
        metavar="CELLS",
        help="Score exactly this walk (A4,B4,B3,...) instead of the best one.",
    )(f)
    return click.option(
        "--player", required=player_required, metavar="NAME", help="The player claiming the word."
    )(f)


def _parties(
    require: Callable[[str, str], str], player: str, challenged_by: str | None
) -> tuple[str, str | None]:
    """The claimer and the challenger (``require`` checks a name and its place)."""
    claimer = require(player, "player")
    if challenged_by is None:
        return claimer, None
    challenger = require(challenged_by, "challenged_by")
    if challenger == claimer:
        raise InputError(
            f"{challenged_by!r} is the claimer; a player cannot challenge their own word",
            place="challenged_by",
        )
    return claimer, challenger


def _lexicon(
    dictionary: str | None,
    allow: str | None,
    cache: dict[tuple[str | None, str | None], Dictionary] | None = None,
) -> Dictionary:
    """The dictionary to judge with; ``cache`` keeps opened ones (batch mode)."""
    cache = cache if cache is not None else {}
    key = (dictionary, allow)
    if key not in cache:
        cache[key] = open_dictionary(dictionary, allow)
    return cache[key]


def _judge(
    board: Board,
    word: str,
    player: str,
    path_text: str | None,
    challenged_by: str | None,
    lexicon: Dictionary,
    no_exclusions: bool,
) -> Claim:
    """Judge one claim on a board file's board."""
    with options():
        word = normalise_word(word)
        claimer, challenger = _parties(board.require_player, player, challenged_by)
        path = parse_path(path_text, board) if path_text is not None else None
    return judge_claim(
        board,
        word,
        claimer,
        lexicon,
        path=path,
        challenged_by=challenger,
        exclusions=frozenset() if no_exclusions else exclusions(),
        allowed=lexicon.extra,
    )


# ------------------------------------------------------------------- score-claim


_board_option = click.option(
    "--board",
    "board_file",
    required=True,
    metavar="FILE",
    type=FilePath(),
    help="Board file (YAML).",
)
"""--board FILE on the commands that judge one board file (place, move-block, hint)."""


@click.command("score-claim", no_args_is_help=True, context_settings=CONTEXT_SETTINGS)
@click.argument("word", required=False)
@click.option("--board", "board_file", metavar="FILE", type=FilePath(), help="Board file (YAML).")
@lambda f: _claim_options(f, player_required=False)
@dictionary_options
@_exclusion_option
@click.option(
    "--batch",
    is_flag=True,
    help="Read one JSON object per line on stdin (word, board, player, path, challenged_by, "
    "dictionary, allow, no_exclusions; options give defaults), write one JSON result per line.",
)
@json_option
def score_claim(
    word: str | None,
    board_file: str | None,
    player: str | None,
    path_text: str | None,
    challenged_by: str | None,
    dictionary: str | None,
    allow: str | None,
    no_exclusions: bool,
    batch: bool,
    as_json: bool,
) -> int:
    """Score a Word Block claim: who gets what, and which cards are discarded.

    The word must start on one of the player's blocks and step to neighbouring
    cards (diagonals too, cards may repeat, a step may stay on a card to read a
    double letter, a q card reads q or qu). Of all the walks that spell it, the
    one best for the claimer is scored. Exit 0 if the claim scores, 1 if it is
    refused. With --batch, score many claims in one process (exit 2 at the end
    if any line failed).

    \b
    Example:
      referee score-claim quash --board examples/wordblock/rulebook.yaml --player red
      referee score-claim sheer --board examples/wordblock/rulebook.yaml --player blue \\
          --challenged-by green --json
      echo '{"word": "quash", "player": "red"}' | \\
          referee score-claim --batch --board examples/wordblock/rulebook.yaml
    """
    defaults: dict[str, Any] = {
        "board": board_file,
        "player": player,
        "path": path_text,
        "challenged_by": challenged_by,
        "dictionary": dictionary,
        "allow": allow,
        "no_exclusions": no_exclusions,
    }
    if batch:
        if word is not None:
            raise click.UsageError("--batch reads the claims from stdin; give no WORD")
        no_stdin_files(defaults, ("board", "dictionary", "allow"))
        return run_batch(_Scorer(defaults).line)
    if word is None:
        raise click.UsageError("Missing argument 'WORD'.")
    for option, value in (("--board", board_file), ("--player", player)):
        if value is None:
            raise click.UsageError(f"Missing option '{option}'.")
    assert board_file is not None and player is not None
    board = load_board(board_file)
    lexicon = _lexicon(dictionary, allow)
    verdict = _judge(board, word, player, path_text, challenged_by, lexicon, no_exclusions)
    if as_json:
        emit_json(
            {**verdict.to_dict(), "dictionary": lexicon.describe(), "exclusions": not no_exclusions}
        )
    else:
        echo(render.board_text(board, verdict.walk.path if verdict.walk else ()))
        echo()
        echo(render.claim_text(verdict))
    return 0 if verdict.valid else 1


class _Scorer:
    """``score-claim --batch``: boards and dictionaries are opened once. Errors
    name the line's fields (``player``), not options."""

    def __init__(self, defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        self.boards: dict[str, Board] = {}
        self.lexicons: dict[tuple[str | None, str | None], Dictionary] = {}
        self.answers: dict[tuple[Any, ...], str] = {}

    def line(self, obj: dict[str, Any]) -> str:
        unknown = sorted(set(obj) - {"word", *self.defaults})
        if unknown:
            raise InputError(f"unknown field {show(unknown[0])}")
        fields = {**self.defaults, "word": None}
        for key in obj:
            kind = bool if key == "no_exclusions" else str
            fields[key] = batch_field(obj, key, kind, self.defaults.get(key))
        for key in ("word", "board", "player"):
            if fields[key] is None:
                raise InputError(f"{key}: none given")
        identity = tuple(fields.values())
        answer = self.answers.get(identity)
        if answer is None:
            answer = self.answers[identity] = self._answer(fields)
        return answer

    def _answer(self, fields: dict[str, Any]) -> str:
        """The JSON text of one claim's verdict (files are read once per batch,
        so the same fields always get the same answer)."""
        import json

        no_stdin_files(fields, ("board", "dictionary", "allow"))
        board = self.boards.get(fields["board"])
        if board is None:
            board = self.boards[fields["board"]] = load_board(fields["board"])
        lexicon = _lexicon(fields["dictionary"], fields["allow"], self.lexicons)
        verdict = _judge(
            board,
            fields["word"],
            fields["player"],
            fields["path"],
            fields["challenged_by"],
            lexicon,
            bool(fields["no_exclusions"]),
        )
        result = {
            **verdict.to_dict(),
            "dictionary": lexicon.describe(),
            "exclusions": not fields["no_exclusions"],
        }
        return json.dumps(result, ensure_ascii=False)


# --------------------------------------------------------------------- the group


@click.group("wordblock", context_settings=CONTEXT_SETTINGS)
def wordblock() -> None:
    """Word Block: legal card placements and block moves, claim hints, a scorepad.

    Claims are scored by 'referee score-claim'.

    \b
    Example:
      referee wordblock place t-1 --board examples/wordblock/rulebook.yaml --at B5
      referee wordblock hint --board examples/wordblock/rulebook.yaml --player blue \\
          --dictionary examples/wordblock/words.txt
    """


def _card(text: str, values: str | None = None) -> Card:
    with options():
        return Card.parse(text, values=values)


def _space(name: str, place: str) -> Cell:
    """A cell named on the command line, not yet checked against a board."""
    with options():
        try:
            return Cell.from_name(name)
        except InputError as exc:
            raise InputError(exc.detail, place=place) from None


@wordblock.command("place", no_args_is_help=True)
@click.argument("card")
@_board_option
@click.option("--at", "at_name", required=True, metavar="CELL", help="The space, e.g. B5.")
@click.option("--write", is_flag=True, help="Update the board file (atomically) if legal.")
@json_option
def place(card: str, board_file: str, at_name: str, write: bool, as_json: bool) -> int:
    """Can CARD (letter-points, e.g. t-1) be played on the space --at?

    A card goes on an empty space next to another card (diagonals count) inside
    the playing area; only when there is no such space left may it replace a
    card without a block (that card is discarded). Exit 0 if legal, 1 if not.

    \b
    Example:
      referee wordblock place t-1 --board examples/wordblock/rulebook.yaml --at B5
    """
    board = load_board(board_file)
    the_card = _card(card)
    at = _space(at_name, "at")
    verdict = check_place(board, the_card, at)
    written: str | None = None
    if verdict.valid and write:
        text = formats.board_text(board.with_card(at, the_card))
        write_text(board_file, text, force=True, what="board")
        written = board_file
    if as_json:
        emit_json({**verdict.to_dict(), "output": written})
    else:
        if verdict.valid and verdict.replaces:
            echo(
                f"{the_card} may replace {verdict.replaces} on {at.name} (discard {verdict.replaces})."
            )
        elif verdict.valid:
            echo(f"{the_card} may go on {at.name}.")
        else:
            echo(f"{the_card} cannot go on {at.name}: {verdict.reason}: {verdict.explanation}.")
        if written:
            echo(f"Updated {board_file}.")
    return 0 if verdict.valid else 1


@wordblock.command("move-block", no_args_is_help=True)
@_board_option
@click.option("--player", required=True, metavar="NAME", help="Whose block.")
@click.option(
    "--from", "from_name", metavar="CELL", help="The block to move (default: one from reserve)."
)
@click.option("--to", "to_name", required=True, metavar="CELL", help="The card to put it on.")
@click.option("--write", is_flag=True, help="Update the board file (atomically) if legal.")
@json_option
def move_block(
    board_file: str,
    player: str,
    from_name: str | None,
    to_name: str,
    write: bool,
    as_json: bool,
) -> int:
    """Can the player put a block on the card --to?

    A block goes on any card without a block, from the player's reserve or
    moved from another card (--from); a player has 3 blocks. Exit 0 if legal,
    1 if not.

    \b
    Example:
      referee wordblock move-block --board examples/wordblock/rulebook.yaml \\
          --player blue --to B4
    """
    board = load_board(board_file)
    with options():
        who = board.require_player(player)
        src = board.cell(from_name, "from") if from_name is not None else None
        to = board.cell(to_name, "to")
    verdict = check_move(board, who, src, to)
    written: str | None = None
    if verdict.valid and write:
        text = formats.board_text(board.with_block(who, src, to))
        write_text(board_file, text, force=True, what="board")
        written = board_file
    if as_json:
        emit_json({**verdict.to_dict(), "output": written})
    else:
        origin = f"from {src.name}" if src else "from reserve"
        if verdict.valid:
            echo(f"{who} may move a block {origin} to {to.name}.")
        else:
            echo(
                f"{who} cannot move a block {origin} to {to.name}: "
                f"{verdict.reason}: {verdict.explanation}."
            )
        if written:
            echo(f"Updated {board_file}.")
    return 0 if verdict.valid else 1


@wordblock.command("hint", no_args_is_help=True)
@_board_option
@click.option("--player", required=True, metavar="NAME", help="Who is looking for a claim.")
@click.option(
    "--top",
    type=click.IntRange(min=1),
    metavar="N",
    default=10,
    show_default=True,
    help="How many claims.",
)
@click.option(
    "--dictionary",
    default="scowl",
    show_default=True,
    metavar="NAME",
    shell_complete=complete_dictionary,
    help="The word list to search the board against: a SCOWL list (scowl, scowl:70, "
    "scowl:british:70) or a word-list file (one word per line).",
)
@click.option("--allow", metavar="FILE", type=FilePath(), help="House words added to the list.")
@_exclusion_option
@json_option
def hint(
    board_file: str,
    player: str,
    top: int,
    dictionary: str,
    allow: str | None,
    no_exclusions: bool,
    as_json: bool,
) -> int:
    """The best claims open to a player, by the same measure as score-claim.

    Lists the --top words best for the player: highest net (their points minus
    everyone else's), then their points. Words already claimed and excluded
    words (abbreviations, capitalized words) are skipped. The words come from
    SCOWL (American, size 60) unless --dictionary says otherwise. Exit 0 if
    there is a claim, 1 if none.

    \b
    Example:
      referee wordblock hint --board examples/wordblock/rulebook.yaml --player blue --top 5
      referee wordblock hint --board examples/wordblock/rulebook.yaml --player blue \\
          --dictionary examples/wordblock/words.txt
    """
    from referee.wordblock.hints import WordIndex, hints

    board = load_board(board_file)
    with options():
        who = board.require_player(player)
    extra = read_word_list(allow, what="allow list") if allow else frozenset()
    if is_scowl_spec(dictionary):
        from referee.core.scowl import WordSet

        opened = open_scowl(dictionary)
        assert isinstance(opened.lexicon, WordSet)
        listed = opened.lexicon.words()  # sorted, lowercase a-z: an index as it is
        index = WordIndex.from_words([*listed, *extra]) if extra else WordIndex(tuple(listed))
        name, provider = opened.name, opened.provider
    elif os.path.exists(dictionary) or is_path_spec(dictionary):
        index = WordIndex.from_words(read_word_list(dictionary) | extra)
        name, provider = display_name(dictionary), "word-list"
    else:
        raise InputError(
            f"--dictionary: {dictionary!r} names an enchant dictionary; hint needs a SCOWL "
            "list (scowl, scowl:70, ...) or a word-list file (one word per line), since "
            "enchant cannot list its words"
        )
    found = hints(
        board,
        who,
        index,
        top=top,
        exclusions=frozenset() if no_exclusions else exclusions(),
        allowed=extra,
    )
    if as_json:
        emit_json(
            {
                "player": who,
                "count": len(found),
                "hints": [h.to_dict(who) for h in found],
                "dictionary": {"name": name, "provider": provider, "words": len(index.words)},
            }
        )
    else:
        echo(render.hints_text(found, who))
    return 0 if found else 1


# --------------------------------------------------------------------- the games


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
@lambda f: _claim_options(f, player_required=False)
@dictionary_options
@_exclusion_option
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
    lexicon = _lexicon(dictionary, allow)

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

    at = _space(at_name, "at")

    def decide(current: Game) -> engine.Decision[Any, Any]:
        setup = current.log.setup
        the_card = _card(card, setup.turns.values if setup.turns else None)
        with options():
            action, verdict = play.place(setup, current.state, the_card, at, player)
        return engine.Decision(action, verdict)

    acted = engine.act(GAME, game_file, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(verdict, acted, as_json)
    if as_json:
        emit_json(
            {
                **verdict.to_dict(),
                "recorded": acted.recorded,
                "version": acted.version,
                **_turn_json(acted.game),
            }
        )
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
        emit_json(
            {
                **verdict.to_dict(),
                "recorded": acted.recorded,
                "version": acted.version,
                **_turn_json(acted.game),
            }
        )
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
