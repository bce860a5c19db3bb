"""Blind Spot commands: ``check-word`` and ``words``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Mapping
from typing import Any

import click

from referee.blindspot.board import LetterGrid
from referee.blindspot.formats import load_layout, load_position
from referee.blindspot.rules import (
    COLOURS,
    Play,
    Position,
    legal_plays,
    three_letter_words,
)
from referee.blindspot.rules import check_word as rules_check_word
from referee.cli import (
    CONTEXT_SETTINGS,
    F,
    dictionary_options,
    echo,
    emit_json,
    json_option,
    no_stdin_files,
)
from referee.core.cells import Cell
from referee.core.errors import InputError, show
from referee.dictionary import Dictionary, open_dictionary

COLOUR_STYLE = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}


def _layout_options(required: bool = True) -> Callable[[F], F]:
    return lambda f: _add_layout_options(f, required)


def _add_layout_options(f: F, required: bool) -> F:
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
        "--layout",
        required=required,
        metavar="FILE",
        help="Layout or setup file (YAML); - for stdin.",
    )(f)


def _load(
    layout: str, catalog: str | None, position_file: str | None, glasses: bool
) -> tuple[LetterGrid, Position, bool | None]:
    from referee.blindspot.formats import load_layout, load_position

    board = load_layout(layout, catalog)
    position = load_position(position_file) if position_file else Position.empty()
    return board, position, (True if glasses else None)


def _three_letter(dictionary: Dictionary) -> Container[str]:
    return three_letter_words() | dictionary.extra if dictionary.extra else three_letter_words()


@click.command("check-word", no_args_is_help=True)
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
      referee check-word tale --layout setups/sample.yaml --at E4 \\
          --player blue --position examples/blindspot/sample-position.yaml
      echo '{"word": "seas", "at": "D1"}' | referee check-word --batch --layout setups/sample.yaml
    """
    from referee.cli import run_batch

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
        no_stdin_files(defaults, BATCH_FILES)
        return run_batch(lambda obj: judge.line(obj, defaults))
    if word is None:
        raise click.UsageError("Missing argument 'WORD'.")
    for option, value in (("--layout", layout), ("--at", at_name)):
        if value is None:
            raise click.UsageError(f"Missing option '{option}'.")
    verdict, board, pos, lexicon = judge.judge({"word": word, **defaults})
    if as_json:
        emit_json(
            {
                **verdict.to_dict(),
                "player": verdict_player(defaults),
                "dictionary": lexicon.describe(),
            }
        )
    else:
        marks = verdict.play.cells if verdict.play else ()
        echo(render_board(board, pos.covered(), new=verdict.at, word_cells=marks))
        echo()
        echo(verdict.sentence())
    return 0 if verdict.valid else 1


def verdict_player(fields: Mapping[str, Any]) -> str:
    return str(fields["player"]).lower()


BATCH_FILES = ("layout", "catalog", "position", "dictionary", "allow")


class _Judge:
    """Judges plays, keeping layouts, positions and dictionaries it has opened."""

    def __init__(self) -> None:
        self.layouts: dict[tuple[str, str | None], LetterGrid] = {}
        self.positions: dict[str, Position] = {}
        self.dictionaries: dict[tuple[str | None, str | None], Dictionary] = {}

    def judge(self, fields: Mapping[str, Any]) -> tuple[Any, LetterGrid, Position, Dictionary]:
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
        pos = Position.empty()
        if fields["position"]:
            found = self.positions.get(fields["position"])
            if found is None:
                found = self.positions[fields["position"]] = load_position(fields["position"])
            pos = found
        at = board.cell(fields["at"], "--at")
        key = (fields["dictionary"], fields["allow"])
        lexicon = self.dictionaries.get(key)
        if lexicon is None:
            lexicon = self.dictionaries[key] = open_dictionary(*key)
        verdict = rules_check_word(
            board,
            word,
            at,
            lexicon,
            player=player,
            position=pos,
            glasses=True if fields["glasses"] else None,
            three_letter=_three_letter(lexicon),
        )
        return verdict, board, pos, lexicon

    def line(self, obj: dict[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
        from referee.cli import batch_field

        unknown = sorted(set(obj) - {"word", *defaults})
        if unknown:
            raise InputError(f"unknown field {show(unknown[0])}")
        fields = {**defaults, "word": None}
        for key in obj:
            fields[key] = batch_field(
                obj, key, bool if key == "glasses" else str, defaults.get(key)
            )
        if fields["word"] is None:
            raise InputError("word: no word given")
        no_stdin_files(fields, BATCH_FILES)
        verdict, _, _, lexicon = self.judge(fields)
        return {
            **verdict.to_dict(),
            "player": verdict_player(fields),
            "dictionary": lexicon.describe(),
        }


@click.command("words", no_args_is_help=True)
@_layout_options()
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


# ===================================================================== games


@click.group("blindspot", context_settings=CONTEXT_SETTINGS)
def blindspot() -> None:
    """Blind Spot games: a live game file the referee advances move by move.

    \b
    Example:
      referee blindspot game new --layout setups/sample.yaml --players red,blue -o game.yaml
      referee blindspot game play game.yaml G1 pet
      referee blindspot game show game.yaml
    """


@blindspot.group("game", context_settings=CONTEXT_SETTINGS)
def game() -> None:
    """Start, advance, show and undo a Blind Spot game kept in a file.

    Every action is appended to the file (written atomically); the state is
    replayed from the actions, so nothing is ever lost and undo is an action.

    \b
    Example:
      referee blindspot game new --layout setups/sample.yaml --players red,blue -o game.yaml
      referee blindspot game play game.yaml G1 pet
    """


@game.command("new")
@click.option("--layout", required=True, metavar="FILE", help="Layout or setup file (YAML).")
@click.option(
    "--players",
    metavar="COLOURS",
    default="",
    help="Seats in turn order, e.g. red,blue or red,blue,yellow,green (first listed starts).",
)
@click.option("--teams", is_flag=True, help="Four players: red+yellow against blue+green.")
@click.option("--solo", is_flag=True, help="Solo play: blue and red alternate, blue first.")
@click.option("--catalog", metavar="FILE", envvar="REFEREE_CATALOG", help="Tile catalog.")
@click.option("-o", "--output", required=True, metavar="FILE", help="The game file to create.")
@click.option("--force", is_flag=True, help="Overwrite the game file if it exists.")
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
    """Start a game on a layout; the dictionary options are kept for the game.

    \b
    Example:
      referee blindspot game new --layout setups/sample.yaml --players red,blue -o game.yaml
      referee blindspot game new --layout setups/seed-2024.yaml --solo -o solo.yaml
    """
    from referee.blindspot.formats import GameFile, load_layout_and_code
    from referee.blindspot.rules import GameSetup, replay
    from referee.core.files import write_text

    board, code = load_layout_and_code(layout, catalog)
    seats = [p.strip().lower() for p in players.split(",") if p.strip()]
    if not seats and not solo:
        raise click.UsageError("give --players (e.g. red,blue) or --solo")
    setup = GameSetup.create(board, seats, teams=teams, solo=solo)
    gf = GameFile(setup, (), layout, code, dictionary, allow)
    write_text(output, gf.text(), force=force, what="game")
    state = replay(setup, ())
    return _report(gf, state, output, as_json, headline=f"New {setup.mode} game in {output}.")


def _open_lexicon(gf: Any, dictionary: str | None, allow: str | None, path: str) -> tuple[Any, Any]:
    """The options' dictionary and house words, else those the game file names
    (an error then names the game file and its key)."""
    from dataclasses import replace

    from referee.core.errors import RefereeError
    from referee.core.files import display_name
    from referee.dictionary import read_word_list

    def named(key: str, given: str | None, fallback: str | None, open_: Callable[[], Any]) -> Any:
        try:
            return open_()
        except RefereeError as exc:
            if not given and fallback:
                exc.message = f"{display_name(path)}: {key}: {exc.message}"
            raise

    spec = dictionary or gf.dictionary
    lexicon = named("dictionary", dictionary, gf.dictionary, lambda: open_dictionary(spec))
    extra_file = allow or gf.allow
    if extra_file:
        extra = named("allow", allow, gf.allow, lambda: read_word_list(extra_file, "allow list"))
        lexicon = replace(lexicon, extra=extra)
    return lexicon, _three_letter(lexicon)


def _act(
    path: str,
    make: Callable[[Any], Any],
    *,
    needs_dictionary: Callable[[Any], bool] = lambda gf: False,
    dictionary: str | None = None,
    allow: str | None = None,
    as_json: bool = False,
) -> int:
    """Load the game, apply one action, write it if accepted, report."""
    from referee.blindspot.formats import load_game
    from referee.blindspot.rules import step
    from referee.core.files import display_name, write_text

    gf = load_game(path)
    state = _replay(gf, path)
    action = make(state)
    lexicon = three = None
    if needs_dictionary(gf):
        lexicon, three = _open_lexicon(gf, dictionary, allow, path)
    if action.kind == "undo":
        ok = bool(state.actions)
        outcome_reason = None if ok else "nothing-to-undo"
        if ok:
            gf = gf.with_action(action)
            write_text(path, gf.text(), force=True, what="game")
            state = _replay(gf, path)
        return _report(gf, state, path, as_json, action=action, ok=ok, reason=outcome_reason)
    try:
        outcome, _ = step(gf.setup, state, action, lexicon, three)
    except InputError as exc:  # name the game file in the one-line error
        raise InputError(f"{display_name(path)}: {exc.message}") from None
    if outcome.ok:
        gf = gf.with_action(action)
        write_text(path, gf.text(), force=True, what="game")
        state = _replay(gf, path)  # the state as the file now says it is
    return _report(
        gf,
        state,
        path,
        as_json,
        action=action,
        ok=outcome.ok,
        reason=outcome.reason,
        outcome=outcome,
    )


def _replay(gf: Any, path: str) -> Any:
    from referee.blindspot.rules import replay
    from referee.core.files import display_name

    return replay(gf.setup, gf.actions, display_name(path))


def _status(gf: Any, state: Any, path: str) -> str:
    from referee.blindspot.rules import solo_band

    setup = gf.setup
    if state.over:
        if setup.mode == "solo":
            score = state.solo_score(setup)
            return f"Game over. Solo score: {score} ({solo_band(score)})."
        if isinstance(state.winner, tuple):
            return f"Game over: {' and '.join(state.winner)} win."
        return f"Game over: {state.winner} wins."
    if state.bonus_owed:
        return (
            f"{state.bonus_owed} earned the farsighted bonus: place it with "
            f"'referee blindspot game bonus {path} CELL' or skip it with "
            f"'referee blindspot game skip-bonus {path}'."
        )
    return f"Turn: {state.turn}."


def _report(
    gf: Any,
    state: Any,
    path: str,
    as_json: bool,
    *,
    headline: str | None = None,
    action: Any = None,
    ok: bool = True,
    reason: str | None = None,
    outcome: Any = None,
) -> int:
    from referee.blindspot.rules import GAME_EXPLANATIONS, describe

    verdict = outcome.verdict if outcome is not None else None
    proof = outcome.proof if outcome is not None else None
    if as_json:
        doc: dict[str, Any] = {"valid": ok, "reason": reason}
        if action is not None:
            doc["action"] = action.to_mapping()
        if verdict is not None:
            doc.update({k: v for k, v in verdict.to_dict().items() if k not in ("valid", "reason")})
        if proof is not None:
            doc["proof"] = proof.to_dict()
        doc["state"] = state.to_dict(gf.setup)
        emit_json(doc)
        return 0 if ok else 1
    new = action.at if action is not None and action.kind in ("play", "bonus") else None
    marks = verdict.play.cells if verdict is not None and verdict.play else ()
    echo(render_board(gf.setup.board, state.covered(), new=new, word_cells=marks))
    echo()
    if headline:
        echo(headline)
    if verdict is not None:
        echo(verdict.sentence())
    elif action is not None:
        what = action.describe()
        if ok:
            echo(f"Done: {what}.")
        else:
            explanation = (
                outcome.explanation if outcome is not None else GAME_EXPLANATIONS.get(reason or "")
            )
            echo(f"Not accepted: {what}: {reason}: {explanation}.")
    if proof is not None:
        echo(f"For example: {proof.word.upper()} at {proof.at.name}, {describe(proof)}.")
    echo(_status(gf, state, path))
    return 0 if ok else 1


_player_option = click.option(
    "--player",
    type=click.Choice(COLOURS, case_sensitive=False),
    help="The seat acting (default: whoever's turn it is).",
)


@game.command("play")
@click.argument("game_file", metavar="GAME")
@click.argument("cell")
@click.argument("word")
@_player_option
@dictionary_options
@json_option
def game_play(
    game_file: str,
    cell: str,
    word: str,
    player: str | None,
    dictionary: str | None,
    allow: str | None,
    as_json: bool,
) -> int:
    """Judge a play exactly as check-word does; if legal, place the spot.

    Exit 0 if the play is accepted, 1 if not (with check-word's reason, or
    not-your-turn, game-over, bonus-owed, no-spots-left).

    \b
    Example:
      referee blindspot game play game.yaml G1 pet
    """
    from referee.blindspot.rules import SIZE, Action, normalise_word

    w = normalise_word(word)
    at = Cell.from_name(cell, SIZE, SIZE)
    return _act(
        game_file,
        lambda state: Action("play", _seat(player, state), at, w),
        needs_dictionary=lambda gf: True,
        dictionary=dictionary,
        allow=allow,
        as_json=as_json,
    )


def _seat(player: str | None, state: Any) -> str:
    return player.lower() if player else (state.turn or "red")


@game.command("bonus")
@click.argument("game_file", metavar="GAME")
@click.argument("cell")
@json_option
def game_bonus(game_file: str, cell: str, as_json: bool) -> int:
    """Place the farsighted bonus spot on any vacant cell (it need form no word).

    \b
    Example:
      referee blindspot game bonus game.yaml A5
    """
    from referee.blindspot.rules import SIZE, Action

    at = Cell.from_name(cell, SIZE, SIZE)
    return _act(game_file, lambda state: Action("bonus", state.bonus_owed, at), as_json=as_json)


@game.command("skip-bonus")
@click.argument("game_file", metavar="GAME")
@json_option
def game_skip_bonus(game_file: str, as_json: bool) -> int:
    """Decline the farsighted bonus spot.

    \b
    Example:
      referee blindspot game skip-bonus game.yaml
    """
    from referee.blindspot.rules import Action

    return _act(game_file, lambda state: Action("skip-bonus", state.bonus_owed), as_json=as_json)


@game.command("timeout")
@click.argument("game_file", metavar="GAME")
@_player_option
@click.option(
    "--force", is_flag=True, help="Solo play: accept the timeout even though a word exists."
)
@dictionary_options
@json_option
def game_timeout(
    game_file: str,
    player: str | None,
    force: bool,
    dictionary: str | None,
    allow: str | None,
    as_json: bool,
) -> int:
    """The player failed to spot a word: a spot goes on the glasses tile.

    The first unlocks diagonals (for the whole team in a team game); the second
    eliminates the player (in a team game the team loses). In solo play it is
    refused while the colour still has a legal play (one is shown), unless
    --force.

    \b
    Example:
      referee blindspot game timeout game.yaml
    """
    from referee.blindspot.rules import Action

    return _act(
        game_file,
        lambda state: Action("timeout", _seat(player, state), forced=force),
        needs_dictionary=lambda gf: gf.setup.mode == "solo" and not force,
        dictionary=dictionary,
        allow=allow,
        as_json=as_json,
    )


@game.command("undo")
@click.argument("game_file", metavar="GAME")
@json_option
def game_undo(game_file: str, as_json: bool) -> int:
    """Take back the last action (recorded as an undo: nothing is lost).

    \b
    Example:
      referee blindspot game undo game.yaml
    """
    from referee.blindspot.rules import Action

    return _act(game_file, lambda state: Action("undo"), as_json=as_json)


@game.command("show")
@click.argument("game_file", metavar="GAME")
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """The board with every spot, the glasses tile, whose turn, who is out, the winner.

    A file edited by hand into an impossible state is reported with the first
    impossible action and its index (exit 2).

    \b
    Example:
      referee blindspot game show game.yaml
    """
    from referee.blindspot.formats import load_game
    from referee.blindspot.rules import solo_band

    gf = load_game(game_file)
    state = _replay(gf, game_file)
    if as_json:
        emit_json(state.to_dict(gf.setup))
        return 0
    setup = gf.setup
    echo(render_board(setup.board, state.covered()))
    echo()
    glasses = ", ".join(f"{p} {state.glasses.get(p, 0)}" for p in setup.players)
    left = ", ".join(f"{p} {setup.supply - state.used.get(p, 0)}" for p in setup.players)
    echo(f"Players: {', '.join(setup.players)} ({setup.mode})")
    echo(f"Glasses tile: {glasses}")
    echo(f"Spots left: {left}")
    if state.eliminated:
        echo(f"Out: {', '.join(state.eliminated)}")
    score = state.solo_score(setup)
    if score is not None:
        echo(f"Solo score: {score} ({solo_band(score)})")
    echo(f"Actions: {len(state.actions)}")
    echo(_status(gf, state, game_file))
    return 0


@game.command("hint")
@click.argument("game_file", metavar="GAME")
@click.option(
    "--min-length", type=click.IntRange(min=3), default=3, show_default=True, help="Shortest word."
)
@dictionary_options
@json_option
def game_hint(
    game_file: str, min_length: int, dictionary: str | None, allow: str | None, as_json: bool
) -> int:
    """Every legal play for the player whose turn it is (as `referee words`).

    \b
    Example:
      referee blindspot game hint game.yaml
    """
    from referee.blindspot.formats import load_game

    gf = load_game(game_file)
    state = _replay(gf, game_file)
    if state.turn is None:
        if as_json:
            emit_json({"player": None, "count": 0, "plays": [], "reason": "game-over"})
        else:
            echo("The game is over.")
        return 1
    lexicon, three = _open_lexicon(gf, dictionary, allow, game_file)
    plays = legal_plays(
        gf.setup.board,
        lexicon,
        player=state.turn,
        position=state.position(gf.setup),
        min_length=min_length,
        three_letter=three,
    )
    if as_json:
        emit_json(
            {
                "player": state.turn,
                "count": len(plays),
                "plays": [p.to_dict() for p in plays],
                "dictionary": lexicon.describe(),
            }
        )
    else:
        echo(format_plays(plays, state.turn, None))
    return 0 if plays else 1
